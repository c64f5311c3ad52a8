//! `distance_transform_edt_indices` (SciPy's `return_indices=True`) against SciPy 1.17.1: the
//! cases of `tests/data/edt_indices.txt`, written by `tests/data/edt_indices.py` (random 2-D and
//! 3-D masks, a sampling, zeros at equal distances, no zero at all).

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, DType};
use cuprum_ndimage as nd;

/// One case of the data file.
struct Case {
    name: String,
    shape: Vec<usize>,
    sampling: Vec<f64>,
    input: Vec<u8>,
    indices: Vec<i32>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../data/edt_indices.txt");
    let lines: Vec<&str> = text.lines().collect();
    let field = |l: &str, key: &str| -> Vec<String> {
        let mut w = l.split_whitespace();
        assert_eq!(w.next(), Some(key), "edt_indices.txt: {l}");
        w.map(str::to_string).collect()
    };
    lines
        .chunks(5)
        .map(|c| {
            let samp = field(c[2], "sampling");
            Case {
                name: field(c[0], "case").join(" "),
                shape: field(c[1], "shape")
                    .iter()
                    .map(|v| v.parse().unwrap())
                    .collect(),
                sampling: if samp == ["-"] {
                    Vec::new()
                } else {
                    samp.iter().map(|v| v.parse().unwrap()).collect()
                },
                input: field(c[3], "input")
                    .iter()
                    .map(|v| v.parse().unwrap())
                    .collect(),
                indices: field(c[4], "indices")
                    .iter()
                    .map(|v| v.parse().unwrap())
                    .collect(),
            }
        })
        .collect()
}

#[test]
fn indices_match_scipy() {
    let cases = cases();
    assert_eq!(cases.len(), 6);
    for c in &cases {
        for dev in all_devices() {
            let x = Array::from_vec_on(c.input.clone(), c.shape.clone(), dev).unwrap();
            let (d, i) = nd::distance_transform_edt_indices(&x, &c.sampling).unwrap();
            let mut ishape = vec![c.shape.len()];
            ishape.extend_from_slice(&c.shape);
            assert_eq!(
                (i.shape(), i.dtype(), i.device()),
                (&ishape[..], DType::Int32, dev)
            );
            assert_eq!(i.to_vec::<i32>().unwrap(), c.indices, "{} on {dev}", c.name);
            // the distances are those of distance_transform_edt
            let want = nd::distance_transform_edt(&x, &c.sampling).unwrap();
            assert_eq!(d.to_vec::<f64>().unwrap(), want.to_vec::<f64>().unwrap());
        }
    }
}

#[test]
fn indices_give_the_distances() {
    // each element's distance is its distance to the zero its indices name
    for c in cases().iter().filter(|c| c.name != "no_zero") {
        let x =
            Array::from_vec_on(c.input.clone(), c.shape.clone(), cuprum_core::Device::Cpu).unwrap();
        let (d, i) = nd::distance_transform_edt_indices(&x, &c.sampling).unwrap();
        let (d, i) = (d.to_vec::<f64>().unwrap(), i.to_vec::<i32>().unwrap());
        let nd_ = c.shape.len();
        let n = d.len();
        let samp = if c.sampling.is_empty() {
            vec![1.0; nd_]
        } else {
            c.sampling.clone()
        };
        for e in 0..n {
            let mut rem = e;
            let mut sq = 0.0;
            let mut flat = 0;
            for k in (0..nd_).rev() {
                let coord = (rem % c.shape[k]) as f64;
                rem /= c.shape[k];
                let f = i[k * n + e];
                sq += ((f64::from(f) - coord) * samp[k]).powi(2);
                let stride: usize = c.shape[k + 1..].iter().product();
                flat += f as usize * stride;
            }
            assert_eq!(
                c.input[flat], 0,
                "{}: element {e} names a non-zero element",
                c.name
            );
            assert!(
                (sq.sqrt() - d[e]).abs() <= 1e-12 * d[e].max(1.0),
                "{} element {e}",
                c.name
            );
        }
    }
}

#[test]
fn complex_input_is_an_error() {
    let x = Array::from_vec_on(vec![0.0f64, 1.0], &[2], cuprum_core::Device::Cpu)
        .unwrap()
        .astype(DType::Complex128)
        .unwrap();
    let e = nd::distance_transform_edt_indices(&x, &[]).unwrap_err();
    assert!(e.to_string().contains("distance_transform_edt"), "{e}");
}
