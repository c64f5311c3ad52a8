//! The 1-d correlation pass along one axis, which every separable filter runs (on CUDA the
//! tiled kernel `nd_correlate_tiled`, staged through shared memory, and the stencil kernel
//! where the weights are too long for a tile): SciPy's values, a direct sum over every mode,
//! axis, weight length, origin and tile edge, and the filters on every dtype against the CPU.

use super::*;

const MODES: [nd::Mode; 8] = [
    nd::Mode::Reflect,
    nd::Mode::Constant,
    nd::Mode::Nearest,
    nd::Mode::Mirror,
    nd::Mode::Wrap,
    nd::Mode::GridMirror,
    nd::Mode::GridConstant,
    nd::Mode::GridWrap,
];

/// The index a filter reads for position `i` of an axis of `n` (`None`: `cval`), written out
/// from SciPy's description of each mode.
fn mapped(i: i64, n: i64, mode: nd::Mode) -> Option<i64> {
    use nd::Mode as M;
    if (0..n).contains(&i) {
        return Some(i);
    }
    Some(match mode {
        M::Constant | M::GridConstant => return None,
        M::Nearest => i.clamp(0, n - 1),
        M::Wrap | M::GridWrap => i.rem_euclid(n),
        M::Mirror if n == 1 => 0,
        M::Mirror => {
            let k = i.rem_euclid(2 * n - 2);
            if k >= n { 2 * n - 2 - k } else { k }
        }
        M::Reflect | M::GridMirror => {
            let k = i.rem_euclid(2 * n);
            if k >= n { 2 * n - 1 - k } else { k }
        }
    })
}

/// `scipy.ndimage.correlate1d` as a direct sum: output `i` along `axis` is
/// `sum_k w[k] * x[i + k - (len(w) // 2 + origin)]`, the input extended by `mode`.
fn direct(
    x: &[f64],
    shape: &[usize],
    axis: usize,
    w: &[f64],
    origin: i64,
    mode: nd::Mode,
    cval: f64,
) -> Vec<f64> {
    let len = shape[axis];
    let inner: usize = shape[axis + 1..].iter().product();
    let c = (w.len() / 2) as i64 + origin;
    let mut y = vec![0.0; x.len()];
    for (e, v) in y.iter_mut().enumerate() {
        let (o, i, col) = (e / (len * inner), (e / inner) % len, e % inner);
        let mut acc = 0.0;
        for (k, &wk) in w.iter().enumerate() {
            let xv = match mapped(i as i64 + k as i64 - c, len as i64, mode) {
                Some(j) => x[o * len * inner + j as usize * inner + col],
                None => cval,
            };
            acc += wk * xv;
        }
        *v = acc;
    }
    y
}

/// `n` values in `[-50, 50)` from a linear congruential generator seeded with `seed`.
fn values(n: usize, seed: u64) -> Vec<f64> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 11) as f64 / (1u64 << 53) as f64) * 100.0 - 50.0
        })
        .collect()
}

/// A 1-d `f64` array on the CPU (weights are read on the host on every device).
fn arr(v: &[f64]) -> Array {
    Array::from_vec_on(v.to_vec(), &[v.len()], Device::Cpu).unwrap()
}

fn opts(mode: nd::Mode, cval: f64, origin: i64) -> nd::FilterOptions {
    nd::FilterOptions {
        mode,
        cval,
        origin: vec![origin as isize],
        ..Default::default()
    }
}

fn assert_close(got: &[f64], want: &[f64], tol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (a, b)) in got.iter().zip(want).enumerate() {
        assert!(
            (a - b).abs() <= tol * (1.0 + b.abs()),
            "{what}: element {i}: got {a}, want {b}"
        );
    }
}

/// `scipy.ndimage.correlate1d(x, [1.5, -2.0, 0.5, 3.0], axis=0, mode=m, cval=2.5, origin=-1)` for m in
/// ['reflect', 'constant', 'nearest', 'mirror', 'wrap'] (each grid-* mode gives its plain mode's values)
const AXIS0: [[f64; 20]; 5] = [
    [
        12.958499748800852,
        4.297087310077734,
        20.55357417131214,
        12.832132030727033,
        12.649610244505539,
        -0.2650408948222438,
        3.8475594335565617,
        -1.2348810704577797,
        26.07807503307825,
        8.648841489235977,
        6.356582303770223,
        1.5796622972298042,
        -6.033265272877131,
        14.983155623405544,
        22.600372915784426,
        13.16036941791019,
        5.172927122592299,
        29.422293764188417,
        12.373451062422674,
        6.495795475849114,
    ],
    [
        16.708499748800854,
        6.547087310077734,
        20.060933484192855,
        8.787903396667085,
        14.899610244505539,
        -0.2650408948222438,
        3.8475594335565617,
        -1.2348810704577797,
        26.07807503307825,
        8.648841489235977,
        7.572331724436465,
        6.079662297229804,
        1.188347820622198,
        3.3805585189641274,
        12.643133133966039,
        9.994664516303184,
        8.9743090408641,
        18.418237801479137,
        3.3231851352535173,
        2.1866452677071777,
    ],
    [
        12.958499748800852,
        4.297087310077734,
        20.55357417131214,
        12.832132030727033,
        12.649610244505539,
        -0.2650408948222438,
        3.8475594335565617,
        -1.2348810704577797,
        26.07807503307825,
        8.648841489235977,
        6.356582303770223,
        1.5796622972298042,
        -6.033265272877131,
        14.983155623405544,
        22.600372915784426,
        8.576290192192568,
        3.7243090408640995,
        9.99302252572992,
        16.8595484237685,
        13.803425013161963,
    ],
    [
        19.229009580049272,
        3.842494995126337,
        23.091322250371054,
        7.47902889362137,
        20.14961024450554,
        -0.2650408948222438,
        3.8475594335565617,
        -1.2348810704577797,
        26.07807503307825,
        8.648841489235977,
        10.94066152948784,
        3.0282803789580033,
        13.396005965581367,
        10.497058262059717,
        15.292743378471577,
        15.597072479641929,
        3.0565607579160066,
        26.513625024662062,
        1.8915194196780156,
        13.128246975124767,
    ],
    [
        16.100625038467733,
        4.297087310077734,
        16.45012693744319,
        14.589201948887792,
        19.878230135414732,
        -0.2650408948222438,
        3.8475594335565617,
        -1.2348810704577797,
        26.07807503307825,
        8.648841489235977,
        0.07233172443646474,
        1.5796622972298042,
        2.1736291948607693,
        11.469015787084025,
        8.143133133966039,
        13.785684178800032,
        2.8151244109613067,
        24.64322889620863,
        2.0535123405154003,
        11.936645267707178,
    ],
];
/// `scipy.ndimage.correlate1d(x, [0.25, 0.5, 1.0], axis=1, mode=m, cval=2.5, origin=1)` for m in
/// ['reflect', 'constant', 'nearest', 'mirror', 'wrap'] (each grid-* mode gives its plain mode's values)
const AXIS1: [[f64; 20]; 5] = [
    [
        0.25,
        1.0,
        3.3284271247461903,
        6.860365985079727,
        4.305182992539864,
        6.444744445423191,
        3.832193372323281,
        5.913813377676404,
        4.061781200870356,
        7.943773293347794,
        5.804883076003039,
        4.199955145172244,
        8.216349879028705,
        8.52749444533574,
        7.461591550764375,
        3.392125289666879,
        2.5710626448334395,
        1.116483183778037,
        6.66393018589725,
        9.02604502022142,
    ],
    [
        1.875,
        1.625,
        3.3284271247461903,
        6.860365985079727,
        4.305182992539864,
        6.055339887498949,
        3.4121084004485436,
        5.913813377676404,
        4.061781200870356,
        7.943773293347794,
        5.497776601683793,
        3.919260994751296,
        8.216349879028705,
        8.52749444533574,
        7.461591550764375,
        3.9697501931112527,
        2.6723750965556263,
        1.116483183778037,
        6.66393018589725,
        9.02604502022142,
    ],
    [
        0.0,
        1.0,
        3.3284271247461903,
        6.860365985079727,
        4.305182992539864,
        7.315594803123161,
        3.832193372323281,
        5.913813377676404,
        4.061781200870356,
        7.943773293347794,
        6.339859052946637,
        4.199955145172244,
        8.216349879028705,
        8.52749444533574,
        7.461591550764375,
        3.665812837944692,
        2.5710626448334395,
        1.116483183778037,
        6.66393018589725,
        9.02604502022142,
    ],
    [
        1.2071067811865475,
        1.25,
        3.3284271247461903,
        6.860365985079727,
        4.305182992539864,
        5.658873910211517,
        2.961343014623311,
        5.913813377676404,
        4.061781200870356,
        7.943773293347794,
        6.0065177940517565,
        3.664979168228646,
        8.216349879028705,
        8.52749444533574,
        7.461591550764375,
        2.6179491019863086,
        2.2973750965556263,
        1.116483183778037,
        6.66393018589725,
        9.02604502022142,
    ],
    [
        1.799038105676658,
        1.25,
        3.3284271247461903,
        6.860365985079727,
        4.305182992539864,
        7.58719413699133,
        4.287108400448544,
        5.913813377676404,
        4.061781200870356,
        7.943773293347794,
        6.532419954359348,
        4.140061848460091,
        8.216349879028705,
        8.52749444533574,
        7.461591550764375,
        6.596173248784435,
        3.5021450783738253,
        1.116483183778037,
        6.66393018589725,
        9.02604502022142,
    ],
];

#[test]
fn correlate1d_every_mode_matches_scipy() {
    for d in all_devices() {
        let x = x_on(d);
        // the row of SciPy's values for each of MODES
        for (&mode, m) in MODES.iter().zip([0, 1, 2, 3, 4, 0, 1, 4]) {
            let (w0, w1) = ([1.5, -2.0, 0.5, 3.0], [0.25, 0.5, 1.0]);
            let y0 = nd::correlate1d(&x, &arr(&w0), 0, &opts(mode, 2.5, -1));
            let y1 = nd::correlate1d(&x, &arr(&w1), 1, &opts(mode, 2.5, 1));
            close(&y0.unwrap(), &AXIS0[m], 1e-13);
            close(&y1.unwrap(), &AXIS1[m], 1e-13);
            // the direct sum the other tests compare against gives SciPy's values too
            let shape = [4, 5];
            let r0 = direct(&X, &shape, 0, &w0, -1, mode, 2.5);
            let r1 = direct(&X, &shape, 1, &w1, 1, mode, 2.5);
            assert_close(&r0, &AXIS0[m], 1e-13, "direct axis 0");
            assert_close(&r1, &AXIS1[m], 1e-13, "direct axis 1");
        }
    }
}

/// Shapes and axes that put tile edges everywhere: a single element, a line longer than one
/// tile of the last axis (4096), axes with fewer and more columns than a block's 32 (partial
/// column tiles), lines longer than one tile of 128 rows, a 4-d array.
const CASES: [(&[usize], usize); 11] = [
    (&[1], 0),
    (&[5000], 0),
    (&[3, 7, 37], 0),
    (&[3, 7, 37], 1),
    (&[3, 7, 37], 2),
    (&[300, 33], 0),
    (&[300, 33], 1),
    (&[2, 130, 5], 1),
    (&[2, 3, 2, 3], 2),
    (&[2, 3, 2, 3], 3),
    (&[1, 1, 4], 0),
];

#[test]
fn correlate1d_tiles_match_a_direct_sum() {
    for d in all_devices() {
        for (case, &(shape, axis)) in CASES.iter().enumerate() {
            let n: usize = shape.iter().product();
            let xs = values(n, case as u64 + 1);
            let x = Array::from_vec_on(xs.clone(), shape, d).unwrap();
            for nw in [1usize, 2, 3, 4, 7, 16] {
                let w = values(nw, 100 + nw as u64);
                let wa = arr(&w);
                let (omin, omax) = (-((nw / 2) as i64), (nw as i64 - 1) / 2);
                for origin in [omin, 0, omax] {
                    for &mode in &MODES {
                        let y = nd::correlate1d(&x, &wa, axis as isize, &opts(mode, 1.25, origin))
                            .unwrap();
                        let want = direct(&xs, shape, axis, &w, origin, mode, 1.25);
                        let what =
                            format!("{d} {shape:?} axis {axis} nw {nw} origin {origin} {mode:?}");
                        assert_close(&y.to_vec::<f64>().unwrap(), &want, 1e-12, &what);
                    }
                }
            }
        }
    }
}

#[test]
fn long_weights_beyond_a_tile_match_a_direct_sum() {
    // 200 weights across 40 columns and 3001 along the last axis exceed a tile's 48 KiB of
    // shared memory (the stencil kernel runs on CUDA); 150 across 40 columns still fit
    for d in all_devices() {
        for (shape, axis, nw) in [
            (&[250usize, 40][..], 0usize, 200usize),
            (&[250, 40], 0, 150),
            (&[3100], 0, 3001),
            (&[2, 2900], 1, 2900),
        ] {
            let n: usize = shape.iter().product();
            let xs = values(n, 7);
            let x = Array::from_vec_on(xs.clone(), shape, d).unwrap();
            let w = values(nw, 8);
            for mode in [nd::Mode::Reflect, nd::Mode::Constant, nd::Mode::Wrap] {
                let y = nd::correlate1d(&x, &arr(&w), axis as isize, &opts(mode, -3.0, 1)).unwrap();
                let want = direct(&xs, shape, axis, &w, 1, mode, -3.0);
                let what = format!("{d} {shape:?} nw {nw} {mode:?}");
                assert_close(&y.to_vec::<f64>().unwrap(), &want, 1e-11, &what);
            }
        }
    }
}

/// `np.round(R * 10).astype(np.int16)` of `large_windows::R`, (6, 7)
const XI: [i16; 42] = [
    204, -256, 42, -57, -45, -22, -202, -23, -87, 332, 23, -35, -28, -67, -106, -39, 48, -24, 96,
    -20, 2, 155, 55, -51, -18, 54, 194, -27, -24, 100, -89, -29, 88, 58, 9, 67, -283, 102, -96,
    -167, 28, 70,
];

#[test]
fn integer_passes_match_scipy() {
    for d in all_devices() {
        let x = Array::from_vec_on(XI.to_vec(), &[6, 7], d).unwrap();
        // scipy.ndimage.gaussian_filter(xi, 1.5, mode='nearest'): each pass stored in int16
        let o = nd::GaussianOptions {
            mode: nd::Mode::Nearest,
            ..Default::default()
        };
        let y = nd::gaussian_filter(&x, &[1.5], &o).unwrap();
        assert_eq!(y.dtype(), DType::Int16);
        assert_eq!(
            y.to_vec::<i16>().unwrap(),
            vec![
                45, 11, -5, -15, -32, -62, -96, 24, 11, 7, 2, -10, -32, -58, 14, 10, 10, 11, 8, -2,
                -19, 13, 5, 3, 6, 12, 14, 7, 9, -6, -14, -11, 1, 14, 21, 0, -23, -34, -32, -18, 5,
                26
            ]
        );
        // uniform_filter(xi.astype(np.int32), 4, mode='wrap', origin=-1)
        let xi32 = x.astype(DType::Int32).unwrap();
        let o = nd::FilterOptions {
            mode: nd::Mode::Wrap,
            origin: vec![-1],
            ..Default::default()
        };
        let y = nd::uniform_filter(&xi32, &[4], &o).unwrap();
        assert_eq!(
            y.to_vec::<i32>().unwrap(),
            vec![
                -12, -9, -27, 11, -33, -15, -47, -1, 12, 2, 30, -11, 8, -16, 11, 13, 26, 37, 17,
                20, 9, 0, -14, -15, 10, 13, 29, 15, -8, -11, -40, 0, -10, 27, 7, -6, -4, -28, 6,
                -29, -5, -28
            ]
        );
        // sobel(xi, axis=0, mode='mirror')
        let y = nd::sobel(&x, 0, &nd::FilterOptions::with_mode(nd::Mode::Mirror)).unwrap();
        assert_eq!(
            y.to_vec::<i16>().unwrap(),
            vec![
                0, 0, 0, 0, 0, 0, 0, -186, 130, 262, 213, 317, 349, 412, 640, 79, -665, -376, 359,
                573, 524, 442, 223, -140, -155, 57, 155, 170, -852, -611, -110, -224, -686, -456,
                -138, 0, 0, 0, 0, 0, 0, 0
            ]
        );
    }
}

/// The separable filters on `(5, 19, 37)` data of every input dtype, on each device against
/// the CPU: exact where every weight is an integer (uniform on integers, sobel, prewitt), within
/// rounding otherwise (one unit of an integer output, where a sum lands on an integer).
#[test]
fn separable_filters_match_the_cpu_on_every_dtype() {
    let shape = [5usize, 19, 37];
    let n: usize = shape.iter().product();
    let base: Vec<f64> = values(n, 11).iter().map(|v| (v + 50.0) * 2.5).collect();
    let cpu = Array::from_vec_on(base, &shape[..], Device::Cpu).unwrap();
    let fo = |mode| nd::FilterOptions::with_mode(mode);
    let go = |mode| nd::GaussianOptions {
        mode,
        ..Default::default()
    };
    type Filter = Box<dyn Fn(&Array) -> Array>;
    // (name, exact on integers, negative values in some pass: not run on uint8, whose cast of
    // a negative value is no part of the pass)
    let filters: Vec<(&str, bool, bool, Filter)> = vec![
        (
            "gaussian",
            false,
            false,
            Box::new(move |x| {
                nd::gaussian_filter(x, &[1.5, 8.0, 0.7], &go(nd::Mode::Reflect)).unwrap()
            }),
        ),
        (
            "gaussian wide",
            false,
            false,
            Box::new(move |x| nd::gaussian_filter(x, &[40.0], &go(nd::Mode::Mirror)).unwrap()),
        ),
        (
            "gaussian1d order 1",
            false,
            true,
            Box::new(move |x| {
                let o = nd::GaussianOptions {
                    order: vec![1],
                    ..go(nd::Mode::Nearest)
                };
                nd::gaussian_filter1d(x, 2.0, 1, &o).unwrap()
            }),
        ),
        (
            "gaussian_laplace",
            false,
            true,
            Box::new(move |x| nd::gaussian_laplace(x, &[1.0], &go(nd::Mode::Wrap)).unwrap()),
        ),
        (
            "gaussian_gradient_magnitude",
            false,
            true,
            Box::new(move |x| {
                nd::gaussian_gradient_magnitude(x, &[1.2], &go(nd::Mode::Constant)).unwrap()
            }),
        ),
        (
            "uniform",
            true,
            false,
            Box::new(move |x| nd::uniform_filter(x, &[2, 5, 4], &fo(nd::Mode::Reflect)).unwrap()),
        ),
        (
            "uniform1d",
            true,
            false,
            Box::new(move |x| nd::uniform_filter1d(x, 6, 0, &fo(nd::Mode::GridWrap)).unwrap()),
        ),
        (
            "sobel",
            true,
            true,
            Box::new(move |x| nd::sobel(x, 2, &fo(nd::Mode::Mirror)).unwrap()),
        ),
        (
            "prewitt",
            true,
            true,
            Box::new(move |x| nd::prewitt(x, 0, &fo(nd::Mode::Nearest)).unwrap()),
        ),
        (
            "laplace",
            true,
            true,
            Box::new(move |x| nd::laplace(x, &fo(nd::Mode::Reflect)).unwrap()),
        ),
        (
            "convolve1d",
            false,
            true,
            Box::new(move |x| {
                let w = arr(&[0.5, -1.25, 2.0, 0.75]);
                let o = nd::FilterOptions {
                    origin: vec![1],
                    ..fo(nd::Mode::Constant)
                };
                nd::convolve1d(x, &w, 1, &o).unwrap()
            }),
        ),
        (
            "correlate (1, 5, 1)",
            false,
            true,
            Box::new(move |x| {
                let w =
                    Array::from_vec_on(vec![1.0, -0.5, 0.25, 2.0, 1.5], &[1, 5, 1], Device::Cpu)
                        .unwrap();
                nd::correlate(x, &w, &fo(nd::Mode::Wrap)).unwrap()
            }),
        ),
    ];
    for d in all_devices() {
        for dtype in [
            DType::UInt8,
            DType::Int16,
            DType::Int32,
            DType::Float32,
            DType::Float64,
        ] {
            let xc = cpu.astype(dtype).unwrap();
            let xd = xc.to_device(d).unwrap();
            for (name, exact, signed, f) in &filters {
                if *signed && dtype == DType::UInt8 {
                    continue;
                }
                let (want, got) = (f(&xc), f(&xd));
                assert_eq!(got.dtype(), dtype, "{name} {dtype:?}");
                assert_eq!(got.device(), d, "{name} {dtype:?}");
                let w = want
                    .astype(DType::Float64)
                    .unwrap()
                    .to_vec::<f64>()
                    .unwrap();
                let g = got.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap();
                let what = format!("{name} {dtype:?} on {d}");
                if dtype.is_float() {
                    let tol = if dtype == DType::Float32 { 1e-6 } else { 1e-12 };
                    assert_close(&g, &w, tol, &what);
                } else if *exact {
                    assert_eq!(g, w, "{what}");
                } else {
                    let off = g.iter().zip(&w).filter(|(a, b)| a != b).count();
                    assert!(
                        g.iter().zip(&w).all(|(a, b)| (a - b).abs() <= 1.0),
                        "{what}"
                    );
                    assert!(off * 100 <= g.len(), "{what}: {off} values differ");
                }
            }
        }
    }
}
