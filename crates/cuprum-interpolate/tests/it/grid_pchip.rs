//! RegularGridInterpolator method="pchip" against SciPy 1.17.1 (`rng =
//! np.random.default_rng(5)`, `V = np.round(rng.random((6, 5, 2)) * 4 - 2, 3)` with
//! `V[2, 1, 0] = V[2, 2, 0]`, `W = np.round(rng.random((6, 5, 4)) * 2, 3)`).

use crate::{arr, check};
use cuprum_core::ext::test_util::all_devices;
use cuprum_interpolate::*;

/// the grid along x
const PX: &[f64] = &[0.0, 0.4, 1.0, 1.7, 2.0, 3.1];
/// the grid along y
const PY: &[f64] = &[-1.0, 0.0, 0.5, 2.0, 2.2];
/// the grid along z
const PZ: &[f64] = &[0.0, 1.0, 1.5, 2.5];
/// `V`, two values a point
const PV: &[f64] = &[
    1.22, 1.232, 0.061, -0.857, -1.784, -0.467, -0.366, -1.819, -1.805, 1.997, 0.609, -1.062,
    -0.26, 1.897, 1.591, 1.377, -0.43, -0.028, 0.707, -1.757, 0.222, -0.914, 0.717, -1.743, 0.717,
    1.48, -1.091, 1.582, 1.489, -1.926, 0.83, -1.995, 0.013, -0.253, -1.187, -0.7, 1.225, -0.734,
    -1.404, 0.794, -0.206, 1.196, -1.058, -0.721, 1.2, 0.028, 0.026, -1.055, -1.942, 1.733, -1.657,
    1.38, -0.528, 1.804, -0.402, 1.746, 0.225, -1.039, 0.966, 0.698,
];
/// query points in 2-d
const PQ: &[f64] = &[
    0.1, -0.9, 0.4, 0.0, 1.2, 0.7, 2.9, 2.1, 3.1, 2.2, 1.9, 1.3, 0.7, -0.2,
];
/// `RegularGridInterpolator((PX, PY), V, method='pchip')(PQ)`
const PCH: &[f64] = &[
    0.9180980257689633,
    0.4183455495082045,
    -0.26,
    1.897,
    0.10913094204069125,
    1.069264939894393,
    -0.04788742500893861,
    -0.26127718970383035,
    0.9660000000000002,
    0.6979999999999997,
    0.7435708348083047,
    -0.635135085340389,
    0.2194359999999998,
    0.01644800000000035,
];
/// points outside the grid
const PQ2: &[f64] = &[-0.5, 0.0, 3.5, 1.0];
/// `RegularGridInterpolator((PX, PY), V, method='pchip', bounds_error=False, fill_value=None)(PQ2)`
const PCHX: &[f64] = &[
    1.7949531250000004,
    -7.731031250000002,
    -2.3941726146034235,
    1.219814648779479,
];
/// `W`
const PW: &[f64] = &[
    1.368, 0.928, 0.444, 1.282, 0.214, 1.384, 1.271, 0.753, 1.597, 0.388, 0.781, 1.596, 0.761,
    1.427, 1.225, 1.882, 1.983, 1.447, 1.618, 0.306, 1.426, 1.695, 0.802, 1.107, 0.959, 1.917,
    0.635, 0.804, 0.002, 0.84, 1.263, 1.87, 1.847, 0.655, 1.978, 0.375, 1.647, 0.315, 0.81, 0.147,
    1.716, 1.658, 0.28, 1.054, 0.516, 0.984, 1.106, 0.213, 1.729, 0.557, 0.894, 0.115, 0.005, 0.39,
    0.683, 1.856, 1.779, 0.961, 0.91, 1.334, 1.718, 0.675, 1.587, 0.798, 1.188, 1.475, 1.003,
    1.382, 1.395, 0.011, 0.078, 0.298, 0.427, 0.406, 0.098, 0.434, 1.202, 1.772, 0.699, 0.733,
    0.833, 1.361, 1.571, 1.882, 0.751, 1.414, 0.683, 1.648, 0.461, 1.742, 1.01, 1.451, 1.07, 0.632,
    0.989, 0.101, 0.086, 1.06, 0.954, 1.666, 0.04, 1.114, 0.981, 1.196, 1.459, 1.049, 1.126, 0.984,
    1.23, 0.496, 1.105, 1.345, 0.382, 1.981, 1.493, 1.911, 0.588, 0.887, 0.523, 0.093,
];
/// query points in 3-d
const PQ3: &[f64] = &[0.3, 0.1, 0.2, 2.5, 1.9, 2.4, 1.0, 0.5, 1.5];
/// `RegularGridInterpolator((PX, PY, PZ), W, method='pchip')(PQ3)`
const PCH3: &[f64] = &[1.2292800688751182, 0.6297481760573028, 0.894];

#[test]
fn grid_pchip_matches_scipy() {
    for dev in all_devices() {
        let (x, y, z) = (arr(PX, &[6], dev), arr(PY, &[5], dev), arr(PZ, &[4], dev));
        let opts = GridOptions {
            method: GridMethod::from_name("pchip").unwrap(),
            ..Default::default()
        };
        let g = RegularGridInterpolator::new(&[&x, &y], &arr(PV, &[6, 5, 2], dev), opts).unwrap();
        let r = g.call(&arr(PQ, &[7, 2], dev)).unwrap();
        assert_eq!(r.shape(), &[7, 2]);
        check(&r, PCH, 1e-12);
        let ext = GridOptions {
            bounds_error: false,
            fill_value: None,
            ..opts
        };
        let g = RegularGridInterpolator::new(&[&x, &y], &arr(PV, &[6, 5, 2], dev), ext).unwrap();
        check(&g.call(&arr(PQ2, &[2, 2], dev)).unwrap(), PCHX, 1e-12);
        check(
            &interpn(
                &[&x, &y, &z],
                &arr(PW, &[6, 5, 4], dev),
                &arr(PQ3, &[3, 3], dev),
                opts,
            )
            .unwrap(),
            PCH3,
            1e-12,
        );
        // at least 4 points a dimension
        let y3 = arr(&PY[..3], &[3], dev);
        assert!(
            RegularGridInterpolator::new(&[&x, &y3], &arr(&[0.0; 18], &[6, 3], dev), opts).is_err()
        );
    }
}
