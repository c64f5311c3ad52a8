//! Values of cuprum-ndimage against SciPy 1.17.1 (each expected vector is the output of the
//! SciPy call named beside it, on `x` below), on every device.

mod ascent;
#[path = "../../examples/ascent.rs"]
#[allow(dead_code)]
mod ascent_example;
mod edt_indices;
mod grey_structure;
mod morphology_mask;

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, DType, Device};
use cuprum_ndimage as nd;

/// `np.arange(20.).reshape(4, 5) ** 1.5 % 7`
const X: [f64; 20] = [
    0.0,
    1.0,
    2.8284271247461903,
    5.196152422706632,
    1.0,
    4.180339887498949,
    0.6969384566990691,
    4.520259177452132,
    1.6274169979695223,
    6.0,
    3.6227766016837926,
    1.4828726939093997,
    6.569219381653056,
    4.872166581031863,
    3.3832034148351795,
    2.0947501931112527,
    1.0,
    0.09279563550022374,
    6.367532368147138,
    5.819079927272796,
];

/// `b = [[0,1,1,0,0],[1,1,0,0,1],[0,0,0,1,1],[1,0,1,0,0]]` (bool)
const B: [bool; 20] = [
    false, true, true, false, false, true, true, false, false, true, false, false, false, true,
    true, true, false, true, false, false,
];

/// The variant and argument name of a structured argument error (`BadArgument`,
/// `OutOfDomain`, `BadShape`); panics on a result or any other error.
fn arg_err<T>(r: cuprum_core::Result<T>) -> (&'static str, &'static str) {
    use cuprum_core::Error as E;
    match r {
        Err(E::BadArgument { arg, .. }) => ("BadArgument", arg),
        Err(E::OutOfDomain { arg, .. }) => ("OutOfDomain", arg),
        Err(E::BadShape { arg, .. }) => ("BadShape", arg),
        Err(e) => panic!("not a structured argument error: {e}"),
        Ok(_) => panic!("expected an error"),
    }
}

fn x_on(d: Device) -> Array {
    Array::from_vec_on(X.to_vec(), &[4, 5], d).unwrap()
}

fn b_on(d: Device) -> Array {
    Array::from_vec_on(B.to_vec(), &[4, 5], d).unwrap()
}

fn close(got: &Array, want: &[f64], tol: f64) {
    let g = got.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap();
    assert_eq!(g.len(), want.len(), "length");
    for (i, (a, b)) in g.iter().zip(want).enumerate() {
        assert!(
            (a - b).abs() <= tol * (1.0 + b.abs()),
            "element {i}: got {a}, want {b}"
        );
    }
}

mod filters {
    use super::*;

    #[test]
    fn gaussian_filter_sigma1() {
        // scipy.ndimage.gaussian_filter(x, 1.0)
        let want = [
            1.4383919984998144,
            1.9009607354885587,
            2.876030387432295,
            3.3595123396524595,
            3.125391757049428,
            2.2823735780131367,
            2.44693351064461,
            3.229646096395367,
            3.7550066985485993,
            3.8464746256715077,
            2.566262113795921,
            2.587856662714302,
            3.392795483275483,
            4.223456183068552,
            4.52894725461562,
            2.1969170919344627,
            2.1209754661218545,
            3.0010215168351237,
            4.4064991469812735,
            5.068478217478831,
        ];
        for d in all_devices() {
            close(
                &nd::gaussian_filter(&x_on(d), &[1.0], &nd::GaussianOptions::default()).unwrap(),
                &want,
                1e-12,
            );
        }
    }

    #[test]
    fn correlate_wrap_even_weights() {
        // scipy.ndimage.correlate(x, [[1, 2], [3, -1.]], mode='wrap')
        let want = [
            13.008580313495301,
            3.0947501931112527,
            1.3571641462542572,
            16.11698932332644,
            32.594149490812626,
            14.819660112501051,
            13.844081205797778,
            4.2274104421374545,
            25.15409250454633,
            6.078403416615199,
            20.887513417819644,
            14.959673912039065,
            7.616855511678477,
            22.610584737318483,
            24.86071332622993,
            25.9912462069099,
            11.87277256883635,
            17.52851582171529,
            10.224407082070314,
            24.92209058787084,
        ];
        for d in all_devices() {
            let w = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, -1.0], &[2, 2], d).unwrap();
            let o = nd::FilterOptions::with_mode(nd::Mode::Wrap);
            close(&nd::correlate(&x_on(d), &w, &o).unwrap(), &want, 1e-12);
        }
    }

    #[test]
    fn uniform_filter_nearest() {
        // scipy.ndimage.uniform_filter(x, size=[2, 3], mode='nearest')
        let want = [
            0.3333333333333333,
            1.2761423749153968,
            3.008193182484274,
            3.008193182484274,
            2.398717474235544,
            1.676269705282828,
            2.2043274410660567,
            2.644865696595591,
            3.528709287145746,
            3.4705949034460253,
            2.9643406881623253,
            3.5120676998160665,
            3.2948122147858405,
            4.4953775921569585,
            4.21099840144529,
            2.3196543805832484,
            2.477069084309621,
            3.39743111004028,
            4.517332884740043,
            4.940710938899159,
        ];
        for d in all_devices() {
            let o = nd::FilterOptions::with_mode(nd::Mode::Nearest);
            close(
                &nd::uniform_filter(&x_on(d), &[2, 3], &o).unwrap(),
                &want,
                1e-12,
            );
        }
    }

    #[test]
    fn gaussian_laplace_constant() {
        // scipy.ndimage.gaussian_laplace(x, 1.2, mode='constant')
        let want = [
            0.13776064312586933,
            0.002314123397963809,
            -0.551766076965034,
            -0.865017150755493,
            -0.38944497348866003,
            -0.48873792217953693,
            -0.6406464077050043,
            -1.2246001489050387,
            -1.6262246076101212,
            -1.0473498210989562,
            -0.6586041922807688,
            -0.7397704425235572,
            -1.3650787775840691,
            -2.0513771745640708,
            -1.4626865051673485,
            -0.17561348050519324,
            -0.010466298855548034,
            -0.48689887760595085,
            -1.4613524791802563,
            -1.220699556042243,
        ];
        for d in all_devices() {
            let o = nd::GaussianOptions {
                mode: nd::Mode::Constant,
                ..Default::default()
            };
            close(
                &nd::gaussian_laplace(&x_on(d), &[1.2], &o).unwrap(),
                &want,
                1e-12,
            );
        }
    }

    #[test]
    fn bad_input_is_an_error() {
        let x = x_on(Device::Cpu);
        assert_eq!(
            arg_err(nd::Mode::parse("ndimage.convolve", "bogus")),
            ("BadArgument", "mode")
        );
        assert_eq!(
            arg_err(nd::gaussian_filter1d(
                &x,
                -1.0,
                -1,
                &nd::GaussianOptions::default()
            )),
            ("OutOfDomain", "sigma")
        );
        let w3 = Array::from_vec_on(vec![1.0f64; 3], &[3], Device::Cpu).unwrap();
        assert_eq!(
            arg_err(nd::correlate(&x, &w3, &nd::FilterOptions::default())),
            ("BadShape", "weights")
        );
        let o = nd::FilterOptions {
            origin: vec![2],
            ..Default::default()
        };
        assert_eq!(
            arg_err(nd::correlate1d(&x, &w3, 0, &o)),
            ("BadArgument", "origin")
        );
        assert!(nd::sobel(&x, 2, &nd::FilterOptions::default()).is_err());
        let empty = Array::from_vec_on(Vec::<f64>::new(), &[0, 3], Device::Cpu).unwrap();
        assert_eq!(
            nd::gaussian_filter(&empty, &[1.0], &nd::GaussianOptions::default())
                .unwrap()
                .shape(),
            &[0, 3]
        );
    }
}

mod rank {
    use super::*;

    #[test]
    fn median_mirror() {
        // scipy.ndimage.median_filter(x, size=3, mode='mirror')
        let want = [
            0.6969384566990691,
            2.8284271247461903,
            1.6274169979695223,
            4.520259177452132,
            1.6274169979695223,
            1.0,
            2.8284271247461903,
            2.8284271247461903,
            4.520259177452132,
            4.872166581031863,
            1.4828726939093997,
            2.0947501931112527,
            1.6274169979695223,
            4.872166581031863,
            4.872166581031863,
            1.4828726939093997,
            2.0947501931112527,
            4.872166581031863,
            4.872166581031863,
            4.872166581031863,
        ];
        for d in all_devices() {
            let o = nd::FilterOptions::with_mode(nd::Mode::Mirror);
            close(
                &nd::median_filter(&x_on(d), &nd::Window::size(3), &o).unwrap(),
                &want,
                0.0,
            );
        }
    }

    #[test]
    fn rank_footprint() {
        // scipy.ndimage.rank_filter(x, -2, footprint=[[1, 0, 1], [0, 1, 0]])
        let want = [
            0.0,
            1.0,
            2.8284271247461903,
            2.8284271247461903,
            1.0,
            1.0,
            0.6969384566990691,
            4.520259177452132,
            1.6274169979695223,
            5.196152422706632,
            3.6227766016837926,
            4.180339887498949,
            1.6274169979695223,
            4.872166581031863,
            3.3832034148351795,
            2.0947501931112527,
            3.6227766016837926,
            1.4828726939093997,
            6.367532368147138,
            4.872166581031863,
        ];
        for d in all_devices() {
            let fp = Array::from_vec_on(vec![true, false, true, false, true, false], &[2, 3], d)
                .unwrap();
            let y = nd::rank_filter(
                &x_on(d),
                -2,
                &nd::Window::Footprint(fp),
                &nd::FilterOptions::default(),
            )
            .unwrap();
            close(&y, &want, 0.0);
        }
    }
}

mod interpolation {
    use super::*;

    #[test]
    fn zoom_cubic_reflect() {
        // scipy.ndimage.zoom(x, 1.5, order=3, mode='reflect')[0] (first row of the (6, 8) result)
        let want = [
            -3.1378881579732477e-05,
            0.5047668670007843,
            1.1700473465566086,
            2.0748897710059473,
            3.8283710924996255,
            5.247386352422825,
            3.772990492683546,
            0.9999514610386823,
        ];
        for d in all_devices() {
            let o = nd::InterpOptions {
                mode: nd::Mode::Reflect,
                ..Default::default()
            };
            let y = nd::zoom(&x_on(d), &[1.5], &o).unwrap();
            assert_eq!(y.shape(), &[6, 8]);
            let v = y.to_vec::<f64>().unwrap();
            let row = Array::from_vec_on(v[..8].to_vec(), &[8], Device::Cpu).unwrap();
            close(&row, &want, 1e-10);
        }
    }

    #[test]
    fn map_coordinates_grid_modes() {
        for d in all_devices() {
            // scipy.ndimage.map_coordinates(x, [[0.5, 2.2, -0.3], [1.7, 3.9, 4.5]], order=2,
            //                               mode='grid-constant', cval=1.5)
            let c = Array::from_vec_on(vec![0.5f64, 2.2, -0.3, 1.7, 3.9, 4.5], &[2, 3], d).unwrap();
            let o = nd::InterpOptions {
                order: 2,
                mode: nd::Mode::GridConstant,
                cval: 1.5,
                ..Default::default()
            };
            close(
                &nd::map_coordinates(&x_on(d), &c, &o).unwrap(),
                &[2.77300454413875, 3.7935600048694256, 0.6475311506730334],
                1e-10,
            );
            // scipy.ndimage.map_coordinates(x, [[0.5, -2.2], [4.7, 1.1]], order=3, mode='grid-wrap')
            let c = Array::from_vec_on(vec![0.5f64, -2.2, 4.7, 1.1], &[2, 2], d).unwrap();
            let o = nd::InterpOptions {
                mode: nd::Mode::GridWrap,
                ..Default::default()
            };
            close(
                &nd::map_coordinates(&x_on(d), &c, &o).unwrap(),
                &[2.5664703038117667, 1.701732165480783],
                1e-10,
            );
        }
    }

    #[test]
    fn shift_quintic_nearest() {
        // scipy.ndimage.shift(x, [0.3, -1.2], order=5, mode='nearest')
        let want = [
            1.2544826398672615,
            3.7340929329973727,
            5.069394294315639,
            -0.3909597676134945,
            0.47337875925182227,
            1.0326918536440552,
            3.5294191456327297,
            2.4741307205685032,
            5.454975045968326,
            4.928033130740144,
            2.141630842499546,
            6.982843968859046,
            3.0609868175994555,
            4.494079541177539,
            4.074376139020436,
            0.9513826937957321,
            2.8733396928087473,
            6.465168552745413,
            4.495480791901596,
            4.90526972486137,
        ];
        for d in all_devices() {
            let o = nd::InterpOptions {
                order: 5,
                mode: nd::Mode::Nearest,
                ..Default::default()
            };
            close(
                &nd::shift(&x_on(d), &[0.3, -1.2], &o).unwrap(),
                &want,
                1e-10,
            );
        }
    }

    #[test]
    fn order_above_5_is_an_error() {
        let o = nd::InterpOptions {
            order: 6,
            ..Default::default()
        };
        assert_eq!(
            arg_err(nd::zoom(&x_on(Device::Cpu), &[2.0], &o)),
            ("BadArgument", "order")
        );
    }
}

mod labels {
    use super::*;

    #[test]
    fn label_and_objects() {
        for d in all_devices() {
            // scipy.ndimage.label(b)
            let (l, n) = nd::label(&b_on(d), None).unwrap();
            assert_eq!(n, 4);
            assert_eq!(
                l.to_vec::<i32>().unwrap(),
                vec![0, 1, 1, 0, 0, 1, 1, 0, 0, 2, 0, 0, 0, 2, 2, 3, 0, 4, 0, 0]
            );
            // scipy.ndimage.label(b, structure=np.ones((3, 3)))
            let s = Array::from_vec_on(vec![true; 9], &[3, 3], d).unwrap();
            let (l8, n8) = nd::label(&b_on(d), Some(&s)).unwrap();
            assert_eq!(n8, 3);
            assert_eq!(
                l8.to_vec::<i32>().unwrap(),
                vec![0, 1, 1, 0, 0, 1, 1, 0, 0, 2, 0, 0, 0, 2, 2, 3, 0, 2, 0, 0]
            );
            // scipy.ndimage.find_objects(label(b)[0])
            let o = nd::find_objects(&l, 0).unwrap();
            assert_eq!(
                o,
                vec![
                    Some(vec![(0, 2), (0, 3)]),
                    Some(vec![(1, 3), (3, 5)]),
                    Some(vec![(3, 4), (0, 1)]),
                    Some(vec![(3, 4), (2, 3)])
                ]
            );
            // scipy.ndimage.center_of_mass(x, l, [1, 2, 3])
            let c = nd::center_of_mass(&x_on(d), Some(&l), Some(&[1, 2, 3])).unwrap();
            close(
                &c,
                &[
                    0.5602393007202797,
                    0.8447095680441492,
                    1.5791059788879884,
                    3.6582223693636564,
                    3.0,
                    0.0,
                ],
                1e-12,
            );
            // scipy.ndimage.standard_deviation(x, l, [1, 3]), minimum(x, l, [1, 2, 9]), maximum(x, l, [2])
            close(
                &nd::standard_deviation(&x_on(d), Some(&l), Some(&[1, 3])).unwrap(),
                &[1.4154184769388463, 0.0],
                1e-12,
            );
            close(
                &nd::minimum(&x_on(d), Some(&l), Some(&[1, 2, 9])).unwrap(),
                &[0.6969384566990691, 3.3832034148351795, 0.0],
                0.0,
            );
            close(
                &nd::maximum(&x_on(d), Some(&l), Some(&[2])).unwrap(),
                &[6.0],
                0.0,
            );
        }
    }

    #[test]
    fn distance_transform() {
        for d in all_devices() {
            // scipy.ndimage.distance_transform_edt(b)
            let want = [
                0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0,
                0.0, 1.0, 0.0, 0.0,
            ];
            close(
                &nd::distance_transform_edt(&b_on(d), &[]).unwrap(),
                &want,
                1e-15,
            );
            // scipy.ndimage.distance_transform_edt(b, sampling=[2, 0.5])
            let want = [
                0.0, 0.5, 0.5, 0.0, 0.0, 1.0, 0.5, 0.0, 0.0, 0.5, 0.0, 0.0, 0.0, 0.5, 1.0, 0.5,
                0.0, 0.5, 0.0, 0.0,
            ];
            close(
                &nd::distance_transform_edt(&b_on(d), &[2.0, 0.5]).unwrap(),
                &want,
                1e-15,
            );
        }
    }

    #[test]
    fn morphology() {
        for d in all_devices() {
            let s = nd::generate_binary_structure(2, 2)
                .unwrap()
                .to_device(d)
                .unwrap();
            let o = nd::MorphOptions {
                structure: Some(s),
                border_value: true,
                ..Default::default()
            };
            // scipy.ndimage.binary_erosion(b, structure=np.ones((3, 3)), border_value=1)
            let e = nd::binary_erosion(&b_on(d), &o).unwrap();
            assert_eq!(e.to_vec::<bool>().unwrap(), vec![false; 20]);
            // scipy.ndimage.binary_dilation(b) (the cross)
            let dil = nd::binary_dilation(&b_on(d), &nd::MorphOptions::default()).unwrap();
            let want: Vec<bool> = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
                .iter()
                .map(|&v| v == 1)
                .collect();
            assert_eq!(dil.to_vec::<bool>().unwrap(), want);
        }
    }
}

mod more {
    use super::*;

    #[test]
    fn gaussian_uint8_rounds_between_passes() {
        for d in all_devices() {
            let x = Array::from_vec_on(vec![1u8, 9, 3, 4, 0, 8], &[2, 3], d).unwrap();
            let y = nd::gaussian_filter(&x, &[1.0], &nd::GaussianOptions::default()).unwrap();
            // scipy.ndimage.gaussian_filter(np.array([[1, 9, 3], [4, 0, 8]], np.uint8), 1.0)
            assert_eq!(y.to_vec::<u8>().unwrap(), vec![3, 3, 4, 2, 3, 4]);
        }
    }

    #[test]
    fn tophat_and_fill_holes() {
        for d in all_devices() {
            // scipy.ndimage.white_tophat(x, size=(2, 3))
            let want = [
                0.0,
                0.0,
                1.8284271247461903,
                4.196152422706632,
                0.0,
                3.48340143079988,
                0.0,
                2.89284217948261,
                0.0,
                4.372583002030478,
                2.6227766016837926,
                0.4828726939093997,
                4.941802383683534,
                1.4889631661966831,
                0.0,
                1.0947501931112527,
                0.0,
                0.0,
                2.984328953311959,
                2.4358765124376163,
            ];
            close(
                &nd::white_tophat(
                    &x_on(d),
                    &nd::Window::Size(vec![2, 3]),
                    &nd::FilterOptions::default(),
                )
                .unwrap(),
                &want,
                1e-12,
            );
            // scipy.ndimage.binary_fill_holes([[1,1,1,1],[1,0,0,1],[1,1,1,1],[0,1,0,1]])
            let f: Vec<bool> = [1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 0, 1, 0, 1]
                .iter()
                .map(|&v| v == 1)
                .collect();
            let g =
                nd::binary_fill_holes(&Array::from_vec_on(f, &[4, 4], d).unwrap(), None).unwrap();
            let want: Vec<bool> = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1]
                .iter()
                .map(|&v| v == 1)
                .collect();
            assert_eq!(g.to_vec::<bool>().unwrap(), want);
            // scipy.ndimage.binary_hit_or_miss(b)
            assert_eq!(
                nd::binary_hit_or_miss(&b_on(d), None, None, &nd::HitOrMissOptions::default())
                    .unwrap()
                    .to_vec::<bool>()
                    .unwrap(),
                vec![false; 20]
            );
            hit_or_miss_origins_and_axes(d);
        }
    }

    /// `binary_hit_or_miss` with SciPy's `origin1`, `origin2` and `axes` on `d`.
    fn hit_or_miss_origins_and_axes(d: Device) {
        // a = numpy.random.default_rng(7).random((6, 7)) < 0.6
        let a: Vec<bool> = [
            0, 0, 0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 0,
            1, 1, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 0,
        ]
        .iter()
        .map(|&v| v == 1)
        .collect();
        let a = Array::from_vec_on(a, &[6, 7], d).unwrap();
        let bools = |v: &[u8], shape: &[usize]| {
            let v: Vec<bool> = v.iter().map(|&x| x == 1).collect();
            Array::from_vec_on(v, shape, d).unwrap()
        };
        let s1 = bools(&[0, 1, 0, 0, 1, 1, 0, 0, 0], &[3, 3]);
        let s2 = bools(&[0, 0, 0, 1, 0, 0, 0, 1, 0], &[3, 3]);
        let nonzero = |r: Array| -> Vec<usize> {
            let v = r.to_vec::<bool>().unwrap();
            (0..v.len()).filter(|&i| v[i]).collect()
        };
        let o =
            |origin1: &[isize], origin2: Option<&[isize]>, axes: &[isize]| nd::HitOrMissOptions {
                origin1: origin1.to_vec(),
                origin2: origin2.map(|o| o.to_vec()),
                axes: axes.to_vec(),
            };
        // scipy.ndimage.binary_hit_or_miss(a, s1, s2, **kw): flatnonzero of the result
        for (opts, want) in [
            (o(&[], None, &[]), vec![39]),
            (o(&[1], None, &[]), vec![]),
            (o(&[0, -1], None, &[]), vec![38]),
            (o(&[1, 0], Some(&[-1, 1]), &[]), vec![37, 38, 39]),
        ] {
            let r = nd::binary_hit_or_miss(&a, Some(&s1), Some(&s2), &opts).unwrap();
            assert_eq!(nonzero(r), want, "{d} {opts:?}");
        }
        // axes=[1] with structure1 [1, 1, 0] (structure2 its complement), origin1 0 and 1;
        // axes=[0] with the default structures
        let h1 = bools(&[1, 1, 0], &[3]);
        for (s, opts, want) in [
            (
                Some(&h1),
                o(&[], None, &[1]),
                vec![4, 13, 15, 26, 33, 37, 40],
            ),
            (Some(&h1), o(&[1], None, &[1]), vec![5, 16, 27, 34, 38, 41]),
            (None, o(&[], None, &[0]), vec![13, 30, 32, 33]),
        ] {
            let r = nd::binary_hit_or_miss(&a, s, None, &opts).unwrap();
            assert_eq!(nonzero(r), want, "{d} {opts:?}");
        }
        // SciPy: IndexError for origin1=2 with a 3x3 structure; a structure of the wrong rank
        let e = nd::binary_hit_or_miss(&a, Some(&s1), Some(&s2), &o(&[2], None, &[]));
        let m = e.unwrap_err().to_string();
        assert!(m.contains("binary_hit_or_miss"), "{m}");
        let e = nd::binary_hit_or_miss(&a, Some(&h1), None, &o(&[], None, &[]));
        assert!(e.unwrap_err().to_string().contains("structure1"));
    }

    #[test]
    fn positions_median_histogram() {
        for d in all_devices() {
            let (l, _) = nd::label(&b_on(d), None).unwrap();
            let x = x_on(d);
            // scipy.ndimage.minimum_position(x, l, [1, 2, 3]), maximum_position(x, l, [1, 2])
            let p = nd::minimum_position(&x, Some(&l), Some(&[1, 2, 3])).unwrap();
            assert_eq!(p.device(), d);
            assert_eq!(p.to_vec::<i64>().unwrap(), vec![1, 1, 2, 4, 3, 0]);
            let p = nd::maximum_position(&x, Some(&l), Some(&[1, 2])).unwrap();
            assert_eq!(p.to_vec::<i64>().unwrap(), vec![1, 0, 1, 4]);
            // minimum_position(x) -> (0, 0); maximum_position(x, l) -> (1, 4)
            let p = nd::minimum_position(&x, None, None).unwrap();
            assert_eq!(
                (p.shape().to_vec(), p.to_vec::<i64>().unwrap()),
                (vec![2], vec![0, 0])
            );
            let p = nd::maximum_position(&x, Some(&l), None).unwrap();
            assert_eq!(p.to_vec::<i64>().unwrap(), vec![1, 4]);
            // minimum_position(x, l, [4, 2, 4]): a repeated index entry
            let p = nd::minimum_position(&x, Some(&l), Some(&[4, 2, 4])).unwrap();
            assert_eq!(p.to_vec::<i64>().unwrap(), vec![3, 2, 2, 4, 3, 2]);
            // scipy.ndimage.median(x, l, [1, 2, 7]); median(x); median(x, l)
            let m = nd::median(&x, Some(&l), Some(&[1, 2, 7])).unwrap();
            assert_eq!(m.device(), d);
            close(&m, &[1.914213562373095, 4.872166581031863, 0.0], 1e-12);
            let m = nd::median(&x, None, None).unwrap();
            assert_eq!(m.ndim(), 0);
            close(&m, &[3.1058152697906847], 1e-12);
            close(
                &nd::median(&x, Some(&l), None).unwrap(),
                &[2.8284271247461903],
                1e-12,
            );
            // scipy.ndimage.histogram(x, 0, 7, 4, l, [1, 2]); histogram(x, 0, 7, 5);
            // histogram(x, 0, 7, 3, l)
            let h = nd::histogram(&x, 0.0, 7.0, 4, Some(&l), Some(&[1, 2])).unwrap();
            assert_eq!(h.to_vec::<i64>().unwrap(), vec![2, 1, 1, 0, 0, 1, 1, 1]);
            let h = nd::histogram(&x, 0.0, 7.0, 5, None, None).unwrap();
            assert_eq!(h.shape(), &[5]);
            assert_eq!(h.to_vec::<i64>().unwrap(), vec![6, 3, 4, 3, 4]);
            let h = nd::histogram(&x, 0.0, 7.0, 3, Some(&l), None).unwrap();
            assert_eq!(h.to_vec::<i64>().unwrap(), vec![4, 3, 2]);
            // scipy.ndimage.extrema(x, l, [2, 4])
            let (mn, mx, pmn, pmx) = nd::extrema(&x, Some(&l), Some(&[2, 4])).unwrap();
            close(&mn, &[3.3832034148351795, 0.09279563550022374], 1e-12);
            close(&mx, &[6.0, 0.09279563550022374], 1e-12);
            assert_eq!(pmn.to_vec::<i64>().unwrap(), vec![2, 4, 3, 2]);
            assert_eq!(pmx.to_vec::<i64>().unwrap(), vec![1, 4, 3, 2]);
        }
    }

    #[test]
    fn grouped_measurements_of_empty_input() {
        for d in all_devices() {
            let x = Array::from_vec_on(Vec::<f64>::new(), &[0, 3], d).unwrap();
            let l = Array::from_vec_on(Vec::<i32>::new(), &[0, 3], d).unwrap();
            let p = nd::minimum_position(&x, Some(&l), Some(&[1, 2])).unwrap();
            assert_eq!(p.to_vec::<i64>().unwrap(), vec![0; 4]);
            close(&nd::median(&x, Some(&l), Some(&[1])).unwrap(), &[0.0], 0.0);
            let h = nd::histogram(&x, 0.0, 1.0, 2, Some(&l), Some(&[1])).unwrap();
            assert_eq!(h.to_vec::<i64>().unwrap(), vec![0, 0]);
            let bad = Array::from_vec_on(vec![1i32; 3], &[3], d).unwrap();
            assert!(nd::median(&x, Some(&bad), None).is_err());
        }
    }
}

mod distance_and_generic {
    use super::*;

    #[test]
    fn cdt_metrics() {
        for d in all_devices() {
            let x =
                Array::from_vec_on(vec![0u8, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], &[3, 4], d).unwrap();
            // scipy.ndimage.distance_transform_cdt(x), and with metric='taxicab'
            let c = nd::distance_transform_cdt(&x, "chessboard").unwrap();
            assert_eq!(
                c.to_vec::<i32>().unwrap(),
                vec![0, 1, 2, 3, 1, 1, 2, 3, 2, 2, 2, 3]
            );
            let t = nd::distance_transform_cdt(&x, "taxicab").unwrap();
            assert_eq!(
                t.to_vec::<i32>().unwrap(),
                vec![0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5]
            );
            let ones = Array::from_vec_on(vec![1u8; 4], &[2, 2], d).unwrap();
            assert_eq!(
                nd::distance_transform_cdt(&ones, "chessboard")
                    .unwrap()
                    .to_vec::<i32>()
                    .unwrap(),
                vec![-1; 4]
            );
            assert_eq!(
                arg_err(nd::distance_transform_cdt(&ones, "bogus")),
                ("BadArgument", "metric")
            );
        }
    }

    #[test]
    fn generic_filter_matches_uniform() {
        let x = x_on(Device::Cpu);
        let f = |w: &[f64]| w.iter().sum::<f64>() / w.len() as f64;
        let o = nd::FilterOptions::with_mode(nd::Mode::Nearest);
        let g = nd::generic_filter(&x, &f, &nd::Window::Size(vec![2, 3]), &o).unwrap();
        let u = nd::uniform_filter(&x, &[2, 3], &o).unwrap();
        close(&g, &u.to_vec::<f64>().unwrap(), 1e-12);
    }
}

mod closures {
    use super::*;

    #[test]
    fn geometric_transform_matches_shift() {
        for d in all_devices() {
            let o = nd::InterpOptions {
                order: 3,
                mode: nd::Mode::Nearest,
                ..Default::default()
            };
            let g = nd::geometric_transform(
                &x_on(d),
                &|p: &[usize]| vec![p[0] as f64 - 0.3, p[1] as f64 + 1.2],
                &o,
            )
            .unwrap();
            let s = nd::shift(&x_on(d), &[0.3, -1.2], &o).unwrap();
            close(&g, &s.to_vec::<f64>().unwrap(), 1e-12);
        }
    }

    #[test]
    fn value_indices_of_labels() {
        for d in all_devices() {
            let (l, _) = nd::label(&b_on(d), None).unwrap();
            // scipy.ndimage.value_indices(label(b)[0], ignore_value=0)
            let v = nd::value_indices(&l, Some(0)).unwrap();
            assert_eq!(v.iter().map(|e| e.0).collect::<Vec<_>>(), vec![1, 2, 3, 4]);
            let got = |j: usize, a: usize| v[j].1[a].to_vec::<i64>().unwrap();
            assert_eq!((got(0, 0), got(0, 1)), (vec![0, 0, 1, 1], vec![1, 2, 0, 1]));
            assert_eq!((got(1, 0), got(1, 1)), (vec![1, 2, 2], vec![4, 3, 4]));
            assert_eq!((got(2, 0), got(2, 1)), (vec![3], vec![0]));
            assert_eq!((got(3, 0), got(3, 1)), (vec![3], vec![2]));
            assert_eq!(v[3].1[0].device(), d);
            // value_indices(label(b)[0])[0]: the background, in C order
            let v = nd::value_indices(&l, None).unwrap();
            assert_eq!(v[0].0, 0);
            assert_eq!(
                v[0].1[1].to_vec::<i64>().unwrap(),
                vec![0, 3, 4, 2, 3, 0, 1, 2, 1, 3, 4]
            );
        }
    }
}

mod fourier {
    use super::*;
    use cuprum_core::Complex64;

    #[test]
    fn shift_by_one_sample_is_a_roll() {
        for d in all_devices() {
            let x = Array::from_vec_on(
                vec![Complex64::new(1.0, 0.0), Complex64::new(2.0, 0.0)],
                &[2],
                d,
            )
            .unwrap();
            let y = nd::fourier_shift(&x, &[1.0], &nd::FourierOptions::default()).unwrap();
            let v = y.to_vec::<Complex64>().unwrap();
            assert!(
                (v[0].re - 1.0).abs() < 1e-15
                    && (v[1].re + 2.0).abs() < 1e-15
                    && v[1].im.abs() < 1e-15
            );
        }
    }

    #[test]
    fn ellipsoid_matches_scipy() {
        for d in all_devices() {
            let o = nd::FourierOptions::default();
            let x = Array::from_vec_on(vec![1.0f64; 12], &[3, 4], d).unwrap();
            // scipy.ndimage.fourier_ellipsoid(np.ones((3, 4)), [2.0, 3.0])
            let y = nd::fourier_ellipsoid(&x, &[2.0, 3.0], &o).unwrap();
            let r0 = [
                1.0,
                0.4492331516945622,
                -0.11953932916952317,
                0.4492331516945622,
            ];
            let r1 = [
                0.5432298454793573,
                0.17783329526688924,
                -0.13224980781327508,
                0.17783329526688924,
            ];
            let want: Vec<f64> = r0.iter().chain(&r1).chain(&r1).copied().collect();
            close(&y, &want, 1e-13);
            // fourier_ellipsoid(np.ones((3, 4)), [0.0, 3.0]): a zero size is a factor of 1
            let y = nd::fourier_ellipsoid(&x, &[0.0, 3.0], &o).unwrap();
            let want: Vec<f64> = r0.iter().chain(&r0).chain(&r0).copied().collect();
            close(&y, &want, 1e-13);
            // fourier_ellipsoid(np.ones((2, 3, 2)), [1.5, 2.0, 2.5])
            let x3 = Array::from_vec_on(vec![1.0f64; 12], &[2, 3, 2], d).unwrap();
            let y = nd::fourier_ellipsoid(&x3, &[1.5, 2.0, 2.5], &o).unwrap();
            let want = [
                1.0,
                0.10252929229485142,
                0.6247568071109556,
                0.00632870797465271,
                0.6247568071109556,
                0.00632870797465271,
                0.5442769829325881,
                -0.01202360577166658,
                0.3008066512195686,
                -0.05987079725613431,
                0.3008066512195686,
                -0.05987079725613431,
            ];
            close(&y, &want, 1e-13);
            // fourier_ellipsoid(np.ones(5), [2.0]) == fourier_uniform
            let x1 = Array::from_vec_on(vec![1.0f64; 5], &[5], d).unwrap();
            let y = nd::fourier_ellipsoid(&x1, &[2.0], &o).unwrap();
            let want = [
                1.0,
                0.756826728640657,
                0.23387232094715982,
                0.23387232094715982,
                0.756826728640657,
            ];
            close(&y, &want, 1e-13);
            // fourier_ellipsoid(np.ones((3, 3), np.float32), 2.0, n=4, axis=1): float32
            let xf = Array::from_vec_on(vec![1.0f32; 9], &[3, 3], d).unwrap();
            let ro = nd::FourierOptions { n: 4, axis: 1 };
            let y = nd::fourier_ellipsoid(&xf, &[2.0], &ro).unwrap();
            assert_eq!(y.dtype(), DType::Float32);
            let a = [1.0, 0.7217028449034383, 0.18119175498741524];
            let b = [0.5432298454793573, 0.3558225079691352, 0.012025434586051025];
            let want: Vec<f64> = a.iter().chain(&b).chain(&b).copied().collect();
            close(&y, &want, 1e-6);
            let x4 = Array::from_vec_on(vec![1.0f64; 16], &[2, 2, 2, 2], d).unwrap();
            assert!(nd::fourier_ellipsoid(&x4, &[1.0], &o).is_err());
        }
    }
}

mod segmentation {
    use super::*;

    #[test]
    fn watershed_ift_matches_scipy() {
        for d in all_devices() {
            // rng = np.random.default_rng(7); x = rng.integers(0, 12, (5, 6)).astype(np.uint8)
            let x: Vec<u8> = vec![
                11, 7, 8, 10, 6, 9, 10, 2, 0, 3, 3, 10, 10, 0, 5, 9, 1, 9, 1, 5, 9, 3, 4, 3, 8, 3,
                11, 5, 5, 6,
            ];
            let mut m = vec![0i32; 30];
            (m[0], m[29], m[15], m[5]) = (1, 2, -1, 3);
            let x = Array::from_vec_on(x, &[5, 6], d).unwrap();
            let m = Array::from_vec_on(m, &[5, 6], d).unwrap();
            // scipy.ndimage.watershed_ift(x, m)
            let l = nd::watershed_ift(&x, &m, None).unwrap();
            assert_eq!((l.dtype(), l.device()), (DType::Int32, d));
            assert_eq!(
                l.to_vec::<i32>().unwrap(),
                vec![
                    1, 1, 3, 3, 3, 3, 3, 2, 2, 2, 2, 3, 3, 2, -1, -1, 2, 3, -1, -1, -1, 2, 2, 2, 2,
                    -1, -1, 2, 2, 2
                ]
            );
            // watershed_ift(x, m, structure=np.ones((3, 3), bool))
            let s = Array::from_vec_on(vec![true; 9], &[3, 3], d).unwrap();
            let l = nd::watershed_ift(&x, &m, Some(&s)).unwrap();
            assert_eq!(
                l.to_vec::<i32>().unwrap(),
                vec![
                    1, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 3, 3, 2, 2, -1, 2, 3, 2, 2, -1, 2, 2, 2, 3, 2,
                    -1, 2, 2, 2
                ]
            );
            // x3 = rng.integers(0, 300, (2, 3, 4)).astype(np.uint16), int16 markers
            let x3: Vec<u16> = vec![
                174, 166, 152, 298, 242, 237, 210, 186, 102, 296, 139, 64, 253, 48, 257, 183, 34,
                13, 133, 10, 42, 154, 291, 139,
            ];
            let mut m3 = vec![0i16; 24];
            (m3[0], m3[23]) = (4, -2);
            let x3 = Array::from_vec_on(x3, &[2, 3, 4], d).unwrap();
            let m3 = Array::from_vec_on(m3, &[2, 3, 4], d).unwrap();
            let l = nd::watershed_ift(&x3, &m3, None).unwrap();
            assert_eq!(l.dtype(), DType::Int16);
            let mut want = vec![4i16; 24];
            (want[11], want[23]) = (-2, -2);
            assert_eq!(l.to_vec::<i16>().unwrap(), want);
            // bad input: float image, unsigned markers, another shape, a 2x2 structure
            let xf = x.astype(DType::Float32).unwrap();
            assert!(nd::watershed_ift(&xf, &m, None).is_err());
            let mu = m.astype(DType::UInt8).unwrap();
            assert!(nd::watershed_ift(&x, &mu, None).is_err());
            assert!(nd::watershed_ift(&x, &m3, None).is_err());
            let s2 = Array::from_vec_on(vec![true; 4], &[2, 2], d).unwrap();
            assert_eq!(
                arg_err(nd::watershed_ift(&x, &m, Some(&s2))),
                ("BadShape", "structure")
            );
        }
    }
}

mod vectorized {
    use super::*;

    #[test]
    fn vectorized_filter_matches_scipy() {
        let mean = |w: &Array| w.mean(-1isize, false);
        let max = |w: &Array| w.max(-1isize, false);
        let sum = |w: &Array| w.sum(-1isize, false);
        let min = |w: &Array| w.min(-1isize, false);
        for d in all_devices() {
            let x = x_on(d);
            // scipy.ndimage.vectorized_filter(x, np.mean, size=3)
            let o = nd::FilterOptions::default();
            let y = nd::vectorized_filter(&x, &mean, &nd::Window::size(3), &o, None).unwrap();
            assert_eq!(y.device(), d);
            // the same windows as uniform_filter's
            let u = nd::uniform_filter(&x, &[3], &o).unwrap();
            close(&y, &u.to_vec::<f64>().unwrap(), 1e-12);
            close(
                &y,
                &[
                    1.2286242479663296,
                    1.8949324190158368,
                    2.765974858558485,
                    3.3552039189252554,
                    3.113302427042532,
                    2.0873382365526614,
                    2.7667592581825096,
                    3.1992725373519852,
                    3.999649455599397,
                    3.6069047590420413,
                    2.552838279466273,
                    2.695550225278653,
                    3.0254668102624893,
                    4.361297053762434,
                    4.807964736818274,
                    2.1230474077468884,
                    2.0055511482743555,
                    3.0938794070987825,
                    4.375933915484491,
                    5.29443976178752,
                ],
                1e-12,
            );
            // vectorized_filter(x, np.max, size=(2, 3), mode='wrap', origin=(-1, 1))
            let o = nd::FilterOptions {
                mode: nd::Mode::Wrap,
                origin: vec![-1, 1],
                ..Default::default()
            };
            let w = nd::Window::Size(vec![2, 3]);
            let y = nd::vectorized_filter(&x, &max, &w, &o, None).unwrap();
            let (a, b, c, e) = (6.569219381653056, 6.367532368147138, 5.819079927272796, 6.0);
            close(
                &y,
                &[
                    e,
                    e,
                    4.520259177452132,
                    5.196152422706632,
                    e,
                    e,
                    e,
                    a,
                    a,
                    a,
                    b,
                    c,
                    a,
                    a,
                    a,
                    b,
                    c,
                    2.8284271247461903,
                    b,
                    b,
                ],
                1e-12,
            );
            // vectorized_filter(x, np.sum, footprint=[[1,0,1],[0,1,0]], mode='constant', cval=-1)
            let fp = Array::from_vec_on(vec![true, false, true, false, true, false], &[2, 3], d)
                .unwrap();
            let o = nd::FilterOptions {
                mode: nd::Mode::Constant,
                cval: -1.0,
                ..Default::default()
            };
            let y = nd::vectorized_filter(&x, &sum, &nd::Window::Footprint(fp), &o, None).unwrap();
            close(
                &y,
                &[
                    -2.0,
                    -1.0,
                    0.8284271247461903,
                    3.196152422706632,
                    -1.0,
                    4.180339887498949,
                    3.5253655814452594,
                    10.716411600158764,
                    5.455844122715712,
                    10.196152422706632,
                    3.3197150583828616,
                    10.183471758860481,
                    8.893574836321648,
                    15.392425758483995,
                    4.010620412804702,
                    2.5776228870206523,
                    11.191995983336849,
                    6.447834910441486,
                    16.319955164635374,
                    9.691246508304658,
                ],
                1e-12,
            );
            // vectorized_filter(x, np.min, size=3, axes=(1,), mode='grid-mirror')
            let o = nd::FilterOptions::with_mode(nd::Mode::GridMirror);
            let y = nd::vectorized_filter(&x, &min, &nd::Window::size(3), &o, Some(&[1])).unwrap();
            let (p, q, r, s) = (
                0.6969384566990691,
                1.6274169979695223,
                1.4828726939093997,
                0.09279563550022374,
            );
            close(
                &y,
                &[
                    0.0,
                    0.0,
                    1.0,
                    1.0,
                    1.0,
                    p,
                    p,
                    p,
                    q,
                    q,
                    r,
                    r,
                    r,
                    3.3832034148351795,
                    3.3832034148351795,
                    1.0,
                    s,
                    s,
                    s,
                    5.819079927272796,
                ],
                1e-12,
            );
            // vectorized_filter(x, np.min, size=3, axes=(0,), mode='nearest')
            let o = nd::FilterOptions::with_mode(nd::Mode::Nearest);
            let y = nd::vectorized_filter(&x, &min, &nd::Window::size(3), &o, Some(&[0])).unwrap();
            let (t, u) = (2.0947501931112527, 3.3832034148351795);
            close(
                &y,
                &[
                    0.0,
                    p,
                    2.8284271247461903,
                    q,
                    1.0,
                    0.0,
                    p,
                    2.8284271247461903,
                    q,
                    1.0,
                    t,
                    p,
                    s,
                    q,
                    u,
                    t,
                    1.0,
                    s,
                    4.872166581031863,
                    u,
                ],
                1e-12,
            );
            // a function that does not reduce the window axis; a bad origin; repeated axes
            let id = |w: &Array| Ok(w.clone());
            let o = nd::FilterOptions::default();
            assert!(matches!(
                nd::vectorized_filter(&x, &id, &nd::Window::size(3), &o, None),
                Err(cuprum_core::Error::ShapeMismatch { .. })
            ));
            let bad = nd::FilterOptions {
                origin: vec![2],
                ..Default::default()
            };
            assert_eq!(
                arg_err(nd::vectorized_filter(
                    &x,
                    &mean,
                    &nd::Window::size(3),
                    &bad,
                    None
                )),
                ("BadArgument", "origin")
            );
            assert_eq!(
                arg_err(nd::vectorized_filter(
                    &x,
                    &mean,
                    &nd::Window::size(3),
                    &o,
                    Some(&[1, -1])
                )),
                ("BadArgument", "axes")
            );
        }
    }
}

mod axes {
    use super::*;

    #[test]
    fn filters_over_some_axes_match_scipy() {
        for d in all_devices() {
            let x = x_on(d);
            let on = |axes: &[isize]| nd::FilterOptions {
                axes: axes.to_vec(),
                ..Default::default()
            };
            // uniform_filter(x, 3, axes=[0]) == uniform_filter1d(x, 3, axis=0)
            let a = nd::uniform_filter(&x, &[3], &on(&[0])).unwrap();
            let b = nd::uniform_filter1d(&x, 3, 0, &nd::FilterOptions::default()).unwrap();
            close(&a, &b.to_vec::<f64>().unwrap(), 1e-12);
            // correlate(x, [[1, 2, 3]] along axes=[1]) == correlate1d(x, [1, 2, 3], axis=1)
            let w = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], d).unwrap();
            let a = nd::correlate(&x, &w, &on(&[1])).unwrap();
            let b = nd::correlate1d(&x, &w, 1, &nd::FilterOptions::default()).unwrap();
            close(&a, &b.to_vec::<f64>().unwrap(), 1e-12);
            // scipy.ndimage.median_filter(x, 3, axes=[1])
            let m = nd::median_filter(&x, &nd::Window::size(3), &on(&[1])).unwrap();
            close(
                &m,
                &[
                    0.0,
                    1.0,
                    2.8284271247461903,
                    2.8284271247461903,
                    1.0,
                    4.180339887498949,
                    4.180339887498949,
                    1.6274169979695223,
                    4.520259177452132,
                    6.0,
                    3.6227766016837926,
                    3.6227766016837926,
                    4.872166581031863,
                    4.872166581031863,
                    3.3832034148351795,
                    2.0947501931112527,
                    1.0,
                    1.0,
                    5.819079927272796,
                    5.819079927272796,
                ],
                1e-12,
            );
            // maximum_filter(x, footprint=[1, 0, 1], axes=[0], mode='constant', cval=-1)
            let fp = Array::from_vec_on(vec![true, false, true], &[3], d).unwrap();
            let o = nd::FilterOptions {
                mode: nd::Mode::Constant,
                cval: -1.0,
                axes: vec![0],
                ..Default::default()
            };
            let m = nd::maximum_filter(&x, &nd::Window::Footprint(fp), &o).unwrap();
            let (a1, a2, a3, a4, a5) = (
                4.180339887498949,
                0.6969384566990691,
                4.520259177452132,
                1.6274169979695223,
                3.6227766016837926,
            );
            let (b1, b2, b3) = (1.4828726939093997, 6.569219381653056, 3.3832034148351795);
            close(
                &m,
                &[
                    a1,
                    a2,
                    a3,
                    a4,
                    6.0,
                    a5,
                    b1,
                    b2,
                    5.196152422706632,
                    b3,
                    a1,
                    1.0,
                    a3,
                    6.367532368147138,
                    6.0,
                    a5,
                    b1,
                    b2,
                    4.872166581031863,
                    b3,
                ],
                1e-12,
            );
            // scipy.ndimage.gaussian_laplace(x, 1.0, axes=[0])
            let g = nd::GaussianOptions {
                axes: vec![0],
                ..Default::default()
            };
            let l = nd::gaussian_laplace(&x, &[1.0], &g).unwrap();
            close(
                &l,
                &[
                    1.4750217222476933,
                    0.04617281973555243,
                    0.9043914160428795,
                    -0.5961440910604421,
                    1.4705148281229987,
                    -1.0913977232468133,
                    0.11202610338891408,
                    -1.1402373012179872,
                    1.5267831806297787,
                    -0.8565238759042455,
                    -0.960760410826407,
                    -0.1768074757315845,
                    -1.7962458160229897,
                    0.29279521743746195,
                    -0.06570194778904637,
                    0.5764237637127755,
                    0.018307605481464317,
                    2.0310829282802496,
                    -1.2247348654530872,
                    -0.5494555716321798,
                ],
                1e-12,
            );
            // gaussian_filter(np.arange(24.).reshape(2, 3, 4) % 5, [1.0, 0.5], axes=(2, 0))
            let x3: Vec<f64> = (0..24).map(|v| f64::from(v % 5)).collect();
            let x3 = Array::from_vec_on(x3, &[2, 3, 4], d).unwrap();
            let g = nd::GaussianOptions {
                axes: vec![2, 0],
                ..Default::default()
            };
            let y = nd::gaussian_filter(&x3, &[1.0, 0.5], &g).unwrap();
            close(
                &y,
                &[
                    0.6383503844580821,
                    1.2458294968978039,
                    1.992526328582966,
                    2.4442292964783467,
                    2.5026181110749564,
                    1.5985842177894842,
                    1.4116994182814897,
                    1.8080337592712685,
                    2.824122812676311,
                    2.399698429131748,
                    1.4933230687291859,
                    1.068898685184622,
                    2.1919662407287315,
                    2.5883005817185105,
                    2.4014157822105155,
                    1.4973818889250436,
                    1.5557707035216533,
                    2.007473671417034,
                    2.7541705031021966,
                    3.3616496155419178,
                    0.7140788673068235,
                    1.223236114955416,
                    1.8837423871836503,
                    2.3928996348322427,
                ],
                1e-12,
            );
            // laplace(x, axes=[1]) == correlate1d(x, [1, -2, 1], axis=1)
            let w = Array::from_vec_on(vec![1.0f64, -2.0, 1.0], &[3], d).unwrap();
            let a = nd::laplace(&x, &on(&[1])).unwrap();
            let b = nd::correlate1d(&x, &w, 1, &nd::FilterOptions::default()).unwrap();
            close(&a, &b.to_vec::<f64>().unwrap(), 1e-12);
            // scipy.ndimage.binary_dilation(b, axes=[1]);
            // binary_erosion(b, structure=[1, 1], axes=[0], border_value=1)
            let mo = nd::MorphOptions {
                axes: vec![1],
                ..Default::default()
            };
            let y = nd::binary_dilation(&b_on(d), &mo).unwrap();
            let want = [1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0];
            assert_eq!(
                y.to_vec::<bool>().unwrap(),
                want.iter().map(|&v| v == 1).collect::<Vec<_>>()
            );
            let mo = nd::MorphOptions {
                structure: Some(Array::from_vec_on(vec![true, true], &[2], d).unwrap()),
                border_value: true,
                axes: vec![0],
                ..Default::default()
            };
            let y = nd::binary_erosion(&b_on(d), &mo).unwrap();
            let want = [0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
            assert_eq!(
                y.to_vec::<bool>().unwrap(),
                want.iter().map(|&v| v == 1).collect::<Vec<_>>()
            );
            // repeated or out-of-range axes, a footprint of another rank than the axes
            assert_eq!(
                arg_err(nd::uniform_filter(&x, &[3], &on(&[1, -1]))),
                ("BadArgument", "axes")
            );
            assert!(nd::uniform_filter(&x, &[3], &on(&[2])).is_err());
            let fp2 = Array::from_vec_on(vec![true; 4], &[2, 2], d).unwrap();
            assert_eq!(
                arg_err(nd::minimum_filter(
                    &x,
                    &nd::Window::Footprint(fp2),
                    &on(&[0])
                )),
                ("BadShape", "footprint")
            );
        }
    }
}

mod integers {
    use super::*;

    #[test]
    fn uniform_filter_on_integers_matches_scipy() {
        // cupy#8401: integer inputs of uniform_filter1d
        let o = nd::FilterOptions::default();
        for d in all_devices() {
            // scipy.ndimage.uniform_filter1d(np.array([0, 0, 1, 5, 7, 250, 255, 3], np.uint8), 3)
            let x = Array::from_vec_on(vec![0u8, 0, 1, 5, 7, 250, 255, 3], &[8], d).unwrap();
            let y = nd::uniform_filter1d(&x, 3, -1, &o).unwrap();
            assert_eq!(y.dtype(), DType::UInt8);
            assert_eq!(
                y.to_vec::<u8>().unwrap(),
                vec![0, 0, 2, 4, 87, 170, 169, 87]
            );
            // uniform_filter1d(np.array([-7, 3, -2, 9, -11, 4], np.int16), 2): truncation
            let x = Array::from_vec_on(vec![-7i16, 3, -2, 9, -11, 4], &[6], d).unwrap();
            let y = nd::uniform_filter1d(&x, 2, -1, &o).unwrap();
            assert_eq!(y.to_vec::<i16>().unwrap(), vec![-7, -2, 0, 3, -1, -3]);
            // uniform_filter(y.reshape(2, 3), 3): each pass stored in int16
            let y = nd::uniform_filter(&x.reshape(&[2usize, 3][..]).unwrap(), &[3], &o).unwrap();
            assert_eq!(y.to_vec::<i16>().unwrap(), vec![-1, 0, 0, 0, 0, 0]);
            // cupy#8401's case: uniform_filter1d(np.repeat([0, 1, 0], [9, 9, 9]), 6)
            let r: Vec<i64> = (0..27).map(|i| i64::from((9..18).contains(&i))).collect();
            let x = Array::from_vec_on(r, &[27], d).unwrap();
            let y = nd::uniform_filter1d(&x, 6, -1, &o).unwrap();
            let want: Vec<i64> = (0..27).map(|i| i64::from((12..16).contains(&i))).collect();
            assert_eq!(y.to_vec::<i64>().unwrap(), want);
            // uniform_filter1d(np.array([2**31 - 1] * 3 + [5], np.int32), 3): no overflow
            let m = i32::MAX;
            let x = Array::from_vec_on(vec![m, m, m, 5], &[4], d).unwrap();
            let y = nd::uniform_filter1d(&x, 3, -1, &o).unwrap();
            assert_eq!(
                y.to_vec::<i32>().unwrap(),
                vec![m, m, 1431655766, 715827885]
            );
        }
    }
}

mod large_windows {
    use super::*;

    /// `np.round(np.random.default_rng(3).standard_normal((6, 7)) * 10, 3)`
    const R: [f64; 42] = [
        20.409, -25.557, 4.181, -5.678, -4.526, -2.156, -20.2, -2.319, -8.652, 33.23, 2.258,
        -3.526, -2.813, -6.68, -10.552, -3.908, 4.819, -2.386, 9.578, -1.998, 0.243, 15.458, 5.451,
        -5.052, -1.828, 5.405, 19.351, -2.696, -2.436, 10.023, -8.865, -2.917, 8.825, 5.804, 0.915,
        6.701, -28.282, 10.213, -9.596, -16.686, 2.764, 7.005,
    ];

    #[test]
    fn rank_filters_small_and_large_windows() {
        for d in all_devices() {
            let x = Array::from_vec_on(R.to_vec(), &[6, 7], d).unwrap();
            // scipy.ndimage.median_filter(x, 9): 81 taps (the radix selection on CUDA)
            let y =
                nd::median_filter(&x, &nd::Window::size(9), &nd::FilterOptions::default()).unwrap();
            let (a, b, c, e, f) = (-2.319, -2.156, -2.386, -1.998, -1.828);
            close(
                &y,
                &[
                    a, b, a, a, b, b, b, c, a, a, a, b, b, b, a, b, a, a, b, c, b, -2.436, b, b, e,
                    e, e, b, a, f, f, 0.243, 0.243, 0.243, f, c, f, f, 0.243, 0.243, 0.915, 0.243,
                ],
                0.0,
            );
            // rank_filter(x, 17, size=(9, 9), mode='wrap')
            let o = nd::FilterOptions::with_mode(nd::Mode::Wrap);
            let y = nd::rank_filter(&x, 17, &nd::Window::Size(vec![9, 9]), &o).unwrap();
            let (p, q, r, s, t, u) = (-4.526, -3.908, -5.052, -5.678, -6.68, -8.652);
            close(
                &y,
                &[
                    p, q, q, r, r, r, r, s, r, r, r, t, u, s, u, s, t, t, -8.865, -8.865, u, u, t,
                    t, t, u, u, t, s, r, t, t, u, u, s, r, p, r, s, t, s, r,
                ],
                0.0,
            );
            // percentile_filter(x, 30, size=(3, 5), mode='constant', cval=-1.5): 15 taps
            let o = nd::FilterOptions {
                mode: nd::Mode::Constant,
                cval: -1.5,
                ..Default::default()
            };
            let y = nd::percentile_filter(&x, 30.0, &nd::Window::Size(vec![3, 5]), &o).unwrap();
            let (g, h, i, j, k, l, m) = (-1.5, -3.526, -2.813, -2.319, -3.908, -2.386, -2.917);
            close(
                &y,
                &[
                    g, g, h, h, h, h, i, j, k, -4.526, k, h, h, i, j, l, h, i, -2.696, l, e,
                    -2.436, m, m, l, l, f, g, g, m, r, r, m, f, g, g, -2.436, m, m, g, g, g,
                ],
                0.0,
            );
        }
    }
}

mod output_arrays {
    use super::*;
    use cuprum_core::s;

    #[test]
    fn results_written_into_an_output_array() {
        for d in all_devices() {
            let x = Array::from_vec_on(vec![0u8, 0, 1, 5, 7, 250, 255, 3], &[8], d).unwrap();
            // out = np.zeros((2, 8), np.int16); uniform_filter1d(x, 3, output=out[1])
            let out = Array::from_vec_on(vec![0i16; 16], &[2, 8], d).unwrap();
            let row = out.slice(s![1, ..]).unwrap();
            let o = nd::FilterOptions {
                output: Some(row.dtype()),
                ..Default::default()
            };
            let y = nd::uniform_filter1d(&x, 3, -1, &o).unwrap();
            nd::write_output(&row, &y).unwrap();
            let mut want = vec![0i16; 8];
            want.extend([0i16, 0, 2, 4, 87, 170, 169, 87]);
            assert_eq!(out.to_vec::<i16>().unwrap(), want);
            // another shape is an error
            assert!(nd::write_output(&out, &y).is_err());
        }
    }
}

mod tiled;
