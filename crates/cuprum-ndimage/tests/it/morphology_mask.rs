//! The `mask` of binary erosion, dilation, opening and closing against SciPy 1.17.1.

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Device};
use cuprum_ndimage as nd;

fn bools(v: &[u8], d: Device) -> Array {
    let b: Vec<bool> = v.iter().map(|&x| x == 1).collect();
    Array::from_vec_on(b, &[6, 7], d).unwrap()
}

// x = rng.random((6, 7)) > 0.45, m = rng.random((6, 7)) > 0.3 (numpy default_rng(3))
const X: [u8; 42] = [
    0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1, 1, 1, 0, 1, 0, 0,
    1, 1, 0, 1, 0, 1, 1, 0, 1, 1,
];
const M: [u8; 42] = [
    1, 1, 1, 1, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1,
    0, 1, 0, 0, 0, 1, 0, 0, 1, 1,
];

type Op = fn(&Array, &nd::MorphOptions) -> cuprum_core::Result<Array>;

#[test]
fn masked_binary_morphology() {
    // scipy.ndimage.<op>(x, iterations=it, mask=m)
    let cases: [(Op, i64, [u8; 42]); 5] = [
        (
            nd::binary_erosion,
            2,
            [
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0,
                0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0,
            ],
        ),
        (
            nd::binary_dilation,
            -1,
            [
                1, 1, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1,
                1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 1, 0, 1, 1,
            ],
        ),
        (
            nd::binary_dilation,
            1,
            [
                0, 1, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1,
                1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 1, 0, 1, 1,
            ],
        ),
        (
            nd::binary_opening,
            1,
            [
                0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0,
                1, 0, 0, 1, 1, 1, 0, 1, 0, 1, 1, 0, 0, 0,
            ],
        ),
        (
            nd::binary_closing,
            2,
            [
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0,
                0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0,
            ],
        ),
    ];
    for d in all_devices() {
        let x = bools(&X, d);
        for (k, (op, iterations, want)) in cases.iter().enumerate() {
            let o = nd::MorphOptions {
                iterations: *iterations,
                mask: Some(bools(&M, d)),
                ..Default::default()
            };
            let got = op(&x, &o).unwrap().to_vec::<bool>().unwrap();
            let want: Vec<bool> = want.iter().map(|&v| v == 1).collect();
            assert_eq!(got, want, "case {k} on {d:?}");
        }
        // a mask of another shape, and a mask given to binary_propagation's options
        let bad = nd::MorphOptions {
            mask: Some(Array::from_vec_on(vec![true; 6], &[6], d).unwrap()),
            ..Default::default()
        };
        assert!(nd::binary_erosion(&x, &bad).is_err());
        let e = nd::binary_propagation(&x, None, &bad).unwrap_err();
        assert!(e.to_string().contains("binary_propagation"), "{e}");
    }
}
