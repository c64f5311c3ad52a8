//! Grey morphology with a non-flat structure (`Window::Structure`, SciPy's `structure=`)
//! against SciPy 1.17.1 on every device.

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, DType, Device};
use cuprum_ndimage as nd;
use nd::{FilterOptions, Mode, Window};

// x = numpy.random.default_rng(5).integers(0, 50, (5, 6)).astype(float)
const X: [f64; 30] = [
    33.0, 40.0, 1.0, 40.0, 23.0, 25.0, 31.0, 14.0, 48.0, 2.0, 13.0, 19.0, 28.0, 20.0, 6.0, 2.0,
    0.0, 2.0, 7.0, 49.0, 9.0, 32.0, 37.0, 11.0, 14.0, 21.0, 13.0, 48.0, 8.0, 44.0,
];
// s = [[0.5, 1, 0], [2, 0, 1.5], [0, 0.25, 3]]
const S: [f64; 9] = [0.5, 1.0, 0.0, 2.0, 0.0, 1.5, 0.0, 0.25, 3.0];

type Op = fn(&Array, &Window, &FilterOptions) -> cuprum_core::Result<Array>;

fn arr(v: &[f64], shape: &[usize], d: Device) -> Array {
    Array::from_vec_on(v.to_vec(), shape, d).unwrap()
}

fn values(r: &Array) -> Vec<f64> {
    r.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap()
}

#[test]
fn non_flat_structure_matches_scipy() {
    // scipy.ndimage.<name>(x, structure=s)
    let cases: [(&str, Op, [f64; 30]); 6] = [
        (
            "grey_erosion",
            nd::grey_erosion,
            [
                11.0, -0.5, -1.0, -1.0, 2.0, 13.0, 12.5, 1.0, -1.0, -3.0, -1.0, -1.0, 6.75, 4.5,
                0.5, -1.5, 0.0, -2.0, 5.0, 5.0, 2.0, 0.0, -1.0, -0.5, 6.0, 6.5, 8.0, 5.0, 7.75,
                6.0,
            ],
        ),
        (
            "grey_dilation",
            nd::grey_dilation,
            [
                42.0, 48.5, 49.0, 48.0, 43.0, 27.0, 40.0, 50.0, 48.0, 49.5, 43.0, 26.0, 49.5, 50.0,
                49.0, 51.0, 38.0, 37.0, 51.0, 49.0, 50.5, 49.0, 48.0, 45.0, 49.0, 49.25, 52.0,
                49.0, 49.5, 46.0,
            ],
        ),
        (
            "grey_opening",
            nd::grey_opening,
            [
                14.0, 14.0, 2.5, 4.0, 15.0, 15.0, 14.0, 14.0, 4.5, 2.0, 13.0, 13.25, 15.5, 15.5,
                6.0, 2.0, 0.0, 2.0, 9.75, 9.75, 9.0, 8.25, 8.75, 7.75, 8.5, 10.0, 9.0, 9.75, 8.75,
                9.25,
            ],
        ),
        (
            "grey_closing",
            nd::grey_closing,
            [
                39.75, 40.0, 46.5, 40.0, 23.0, 23.0, 38.0, 38.0, 48.0, 35.0, 24.5, 24.5, 39.0,
                39.5, 46.0, 36.5, 26.0, 25.0, 46.25, 49.0, 46.0, 38.0, 37.0, 36.0, 46.25, 47.0,
                46.0, 46.5, 43.0, 43.0,
            ],
        ),
        (
            "morphological_gradient",
            nd::morphological_gradient,
            [
                31.0, 49.0, 50.0, 49.0, 41.0, 14.0, 27.5, 49.0, 49.0, 52.5, 44.0, 27.0, 42.75,
                45.5, 48.5, 52.5, 38.0, 39.0, 46.0, 44.0, 48.5, 49.0, 49.0, 45.5, 43.0, 42.75,
                44.0, 44.0, 41.75, 40.0,
            ],
        ),
        (
            "white_tophat",
            nd::white_tophat,
            [
                19.0, 26.0, -1.5, 36.0, 8.0, 10.0, 17.0, 0.0, 43.5, 0.0, 0.0, 5.75, 12.5, 4.5, 0.0,
                0.0, 0.0, 0.0, -2.75, 39.25, 0.0, 23.75, 28.25, 3.25, 5.5, 11.0, 4.0, 38.25, -0.75,
                34.75,
            ],
        ),
    ];
    for d in all_devices() {
        let x = arr(&X, &[5, 6], d);
        let w = Window::Structure(arr(&S, &[3, 3], d));
        for (name, f, want) in &cases {
            let r = f(&x, &w, &FilterOptions::default()).unwrap();
            assert_eq!((r.dtype(), r.device()), (DType::Float64, d), "{name}");
            assert_eq!(values(&r), want.to_vec(), "{name} on {d}");
        }
    }
}

#[test]
fn modes_origins_axes_and_dtypes() {
    for d in all_devices() {
        let x = arr(&X, &[5, 6], d);
        let s = arr(&S, &[3, 3], d);
        // grey_erosion(x, structure=s, mode='constant', cval=7, origin=[1, 0])
        let o = FilterOptions {
            mode: Mode::Constant,
            cval: 7.0,
            origin: vec![1, 0],
            ..FilterOptions::default()
        };
        let r = nd::grey_erosion(&x, &Window::Structure(s.clone()), &o).unwrap();
        let want = [
            5.0, -2.0, 0.75, 1.0, 5.0, 4.0, 5.0, -0.5, -1.0, -1.0, 2.0, 4.0, 5.0, 1.0, -1.0, -3.0,
            -1.0, 0.0, 5.0, 4.5, 0.5, -1.5, 0.0, -2.0, 5.0, 5.0, 2.0, 0.0, -1.0, -0.5,
        ];
        assert_eq!(values(&r), want.to_vec(), "constant, origin [1, 0] on {d}");
        // grey_dilation(x, structure=s[:, :2], mode='wrap', origin=[0, -1])
        let s2 = arr(&[0.5, 1.0, 2.0, 0.0, 0.0, 0.25], &[3, 2], d);
        let o = FilterOptions {
            mode: Mode::Wrap,
            origin: vec![0, -1],
            ..FilterOptions::default()
        };
        let r = nd::grey_dilation(&x, &Window::Structure(s2), &o).unwrap();
        let want = [
            44.25, 42.0, 48.5, 49.0, 48.25, 44.0, 33.0, 40.0, 50.0, 48.0, 40.25, 25.0, 31.0, 49.5,
            50.0, 48.25, 37.5, 38.0, 45.0, 51.0, 49.0, 48.5, 49.0, 44.5, 44.0, 49.0, 49.25, 50.0,
            48.0, 46.0,
        ];
        assert_eq!(values(&r), want.to_vec(), "wrap, origin [0, -1] on {d}");
        // grey_erosion(x, structure=[1, 0, 2], axes=[1])
        let o = FilterOptions {
            axes: vec![1],
            ..FilterOptions::default()
        };
        let r = nd::grey_erosion(&x, &Window::Structure(arr(&[1.0, 0.0, 2.0], &[3], d)), &o);
        let want = [
            32.0, -1.0, 1.0, 0.0, 23.0, 22.0, 12.0, 14.0, 0.0, 2.0, 1.0, 12.0, 18.0, 4.0, 0.0,
            -2.0, 0.0, -1.0, 6.0, 6.0, 9.0, 8.0, 9.0, 9.0, 13.0, 11.0, 13.0, 6.0, 8.0, 7.0,
        ];
        assert_eq!(values(&r.unwrap()), want.to_vec(), "axes [1] on {d}");
        // integers, with an integral structure (SciPy's C loop mixes the input's type and
        // float64 in `x + s`; with integral values every reading agrees):
        // grey_dilation(x.astype(uint8), structure=s * 4)
        let xu = x.astype(DType::UInt8).unwrap();
        let s4: Vec<f64> = S.iter().map(|v| v * 4.0).collect();
        let r = nd::grey_dilation(
            &xu,
            &Window::Structure(arr(&s4, &[3, 3], d)),
            &FilterOptions::default(),
        )
        .unwrap();
        assert_eq!(r.dtype(), DType::UInt8);
        let want = [
            48, 50, 52, 48, 52, 35, 45, 56, 52, 54, 52, 35, 51, 53, 49, 60, 41, 37, 57, 49, 55, 52,
            48, 48, 49, 50, 61, 52, 54, 52,
        ];
        assert_eq!(
            r.to_vec::<u8>().unwrap(),
            want.to_vec(),
            "uint8 dilation on {d}"
        );
        // grey_erosion(int16 [5, 1, 5, 5, 9, 0], structure=[1, 2, 1])
        let xi = Array::from_vec_on(vec![5i16, 1, 5, 5, 9, 0], &[6], d).unwrap();
        let r = nd::grey_erosion(
            &xi,
            &Window::Structure(arr(&[1.0, 2.0, 1.0], &[3], d)),
            &FilterOptions::default(),
        )
        .unwrap();
        assert_eq!(
            r.to_vec::<i16>().unwrap(),
            vec![0, -1, 0, 3, -1, -2],
            "int16 on {d}"
        );
        // float32 stays float32
        let x32 = x.astype(DType::Float32).unwrap();
        let r = nd::grey_erosion(
            &x32,
            &Window::Structure(s.clone()),
            &FilterOptions::default(),
        );
        assert_eq!(r.unwrap().dtype(), DType::Float32);
    }
}

#[test]
fn masked_structure_matches_scipy() {
    // fp = [[1, 0, 1], [0, 1, 1], [1, 1, 0]]; scipy.ndimage.grey_<op>(x, structure=s, footprint=fp)
    let fp = [1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 0.0];
    let dil = [
        40.0, 48.5, 41.5, 48.0, 41.5, 25.25, 40.0, 40.25, 48.0, 49.5, 25.0, 25.25, 49.5, 48.0,
        49.0, 37.5, 32.0, 37.0, 28.25, 49.0, 50.5, 32.0, 48.0, 44.5, 49.0, 49.25, 48.5, 48.0, 49.5,
        44.5,
    ];
    let ero = [
        30.75, -0.5, 1.0, 0.5, 2.0, 13.0, 12.5, 1.0, 0.5, 0.5, -0.25, 0.0, 6.75, 4.5, 0.5, -1.5,
        0.0, 0.5, 7.0, 6.0, 2.0, 0.0, 1.5, -0.5, 6.5, 6.5, 12.75, 6.5, 7.75, 8.0,
    ];
    for d in all_devices() {
        let x = arr(&X, &[5, 6], d);
        let w = Window::MaskedStructure {
            structure: arr(&S, &[3, 3], d),
            footprint: arr(&fp, &[3, 3], d),
        };
        let o = FilterOptions::default();
        assert_eq!(
            values(&nd::grey_dilation(&x, &w, &o).unwrap()),
            dil.to_vec(),
            "{d}"
        );
        assert_eq!(
            values(&nd::grey_erosion(&x, &w, &o).unwrap()),
            ero.to_vec(),
            "{d}"
        );
    }
    // a footprint of another shape, and one with no true element
    let x = arr(&X, &[5, 6], Device::Cpu);
    let w = Window::MaskedStructure {
        structure: arr(&S, &[3, 3], Device::Cpu),
        footprint: arr(&[1.0, 1.0], &[1, 2], Device::Cpu),
    };
    let e = nd::grey_erosion(&x, &w, &FilterOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("footprint"), "{e}");
    let w = Window::MaskedStructure {
        structure: arr(&S, &[3, 3], Device::Cpu),
        footprint: arr(&[0.0; 9], &[3, 3], Device::Cpu),
    };
    let e = nd::grey_dilation(&x, &w, &FilterOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("at least one element"), "{e}");
}

#[test]
fn bad_structures_are_errors() {
    let x = arr(&X, &[5, 6], Device::Cpu);
    let msg = |r: cuprum_core::Result<Array>| r.unwrap_err().to_string();
    // wrong rank, an origin outside the structure, no element
    let e = msg(nd::grey_erosion(
        &x,
        &Window::Structure(arr(&[1.0, 2.0], &[2], Device::Cpu)),
        &FilterOptions::default(),
    ));
    assert!(e.contains("grey_erosion") && e.contains("structure"), "{e}");
    let o = FilterOptions {
        origin: vec![2, 0],
        ..FilterOptions::default()
    };
    let e = msg(nd::grey_dilation(
        &x,
        &Window::Structure(arr(&S, &[3, 3], Device::Cpu)),
        &o,
    ));
    assert!(e.contains("grey_dilation") && e.contains("origin"), "{e}");
    let empty = Array::from_vec_on(Vec::<f64>::new(), &[0, 3], Device::Cpu).unwrap();
    let e = msg(nd::grey_erosion(
        &x,
        &Window::Structure(empty),
        &FilterOptions::default(),
    ));
    assert!(e.contains("at least one element"), "{e}");
    // the rank filters refuse a structure
    let s = Window::Structure(arr(&S, &[3, 3], Device::Cpu));
    let e = msg(nd::median_filter(&x, &s, &FilterOptions::default()));
    assert!(
        e.contains("median_filter") && e.contains("grey morphology"),
        "{e}"
    );
}
