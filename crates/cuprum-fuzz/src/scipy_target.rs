//! The `scipy` target: the SciPy crates' functions with hostile arguments.
//!
//! An input is a program, decoded totally (any bytes mean something): an operation of
//! `cuprum-signal`, `cuprum-ndimage`, `cuprum-special`, `cuprum-interpolate` or
//! `cuprum-spatial`, its arrays (0 to 12 elements, 1-D or 2-D, float64, float32 or int64, values
//! from a table of edge values: 0, ±1, NaN, ±inf, 1e±300, subnormals, ...) and its scalar
//! arguments (orders, lengths, cutoffs, sigmas, modes, knots, points), each drawn mostly small
//! and sometimes far out of range (0, 2^36, 2^62, `usize::MAX`, negative, NaN, inf). Errors are
//! fine; a panic is a crash, and work that no argument bounds is a hang. Invariant checked on
//! success: the result's size matches its shape.
//!
//! Sizes that would need more memory than the machine has must be errors, not attempts: the
//! table's large values (2^36 and up) exceed any host, so an operation that accepts one
//! and starts allocating has missed a size check.

use crate::{Rng, Target};
use cuprum_core::{Array, DType, Device};

/// The scipy-arguments target.
pub struct ScipyTarget;

/// Reads bytes of the input in order; 0 once they run out.
pub(crate) struct Cursor<'a> {
    b: &'a [u8],
    i: usize,
}

/// Float edge values both argument tables hold.
const EDGE_FLOATS: [f64; 6] = [
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    1e300,
    -1e300,
    5e-324,
];

/// `N` floats: `head`, [`EDGE_FLOATS`], then `tail` (a compile error unless the lengths add
/// up to `N`).
pub(crate) const fn with_edge_floats<const N: usize>(head: &[f64], tail: &[f64]) -> [f64; N] {
    let mut out = [0.0; N];
    let mut i = 0;
    while i < N {
        out[i] = if i < head.len() {
            head[i]
        } else if i < head.len() + EDGE_FLOATS.len() {
            EDGE_FLOATS[i - head.len()]
        } else {
            tail[i - head.len() - EDGE_FLOATS.len()]
        };
        i += 1;
    }
    assert!(head.len() + EDGE_FLOATS.len() + tail.len() == N);
    out
}

const FLOATS: [f64; 24] = with_edge_floats(
    &[0.0, 1.0, -1.0, 0.5, 2.0, 0.25, 0.99, 1e-10, 3.0, -0.5],
    &[
        1e-300,
        100.0,
        0.1,
        7.5,
        -3.0,
        1.5,
        f64::MAX,
        f64::MIN_POSITIVE,
    ],
);

const SIZES: [usize; 16] = [
    0,
    1,
    2,
    3,
    4,
    5,
    7,
    8,
    11,
    16,
    64,
    1 << 36,
    1 << 40,
    1 << 62,
    usize::MAX,
    usize::MAX / 2 + 1,
];

impl<'a> Cursor<'a> {
    pub(crate) fn new(b: &'a [u8]) -> Self {
        Cursor { b, i: 0 }
    }
    pub(crate) fn u8(&mut self) -> u8 {
        let v = self.b.get(self.i).copied().unwrap_or(0);
        self.i += 1;
        v
    }
    /// A float: mostly small integers and fractions, sometimes an edge value.
    pub(crate) fn f64(&mut self) -> f64 {
        let v = self.u8();
        if v < 128 {
            FLOATS[(v as usize) % FLOATS.len()]
        } else {
            (v as f64 - 192.0) / 8.0
        }
    }
    /// A size: mostly small, sometimes beyond any memory.
    pub(crate) fn size(&mut self) -> usize {
        let v = self.u8();
        if v < 200 {
            (v % 24) as usize
        } else {
            SIZES[(v as usize) % SIZES.len()]
        }
    }
    /// A signed axis or offset: mostly -2..=2, sometimes far out.
    pub(crate) fn axis(&mut self) -> isize {
        match self.u8() % 8 {
            0 => -1,
            1 => 0,
            2 => 1,
            3 => -2,
            4 => 2,
            5 => isize::MAX,
            6 => isize::MIN,
            _ => 5,
        }
    }
    pub(crate) fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[(self.u8() as usize) % xs.len()]
    }
    /// An array: 0 to 12 elements, 1-D (or 2-D when `two_d` and the byte says so).
    pub(crate) fn array(&mut self, two_d: bool) -> Array {
        let n = (self.u8() % 13) as usize;
        let vals: Vec<f64> = (0..n).map(|_| self.f64()).collect();
        let shape: Vec<usize> = if two_d && n >= 2 && self.u8().is_multiple_of(3) {
            let r = if n.is_multiple_of(2) { 2 } else { 1 };
            vec![r, n / r]
        } else {
            vec![n]
        };
        let a = Array::from_vec_on(vals, &shape, Device::Cpu).expect("a small array");
        match self.u8() % 4 {
            0 => a.astype(DType::Float32).expect("cast"),
            1 => a.astype(DType::Int64).unwrap_or_else(|_| {
                Array::from_vec_on(vec![0i64; n], &shape, Device::Cpu).expect("zeros")
            }),
            _ => a,
        }
    }
    /// `None` when the next byte is even, else `Some` of what `f` reads next.
    pub(crate) fn maybe<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> Option<T> {
        if self.u8().is_multiple_of(2) {
            None
        } else {
            Some(f(self))
        }
    }
    /// 0 to 2 sizes.
    pub(crate) fn sizes(&mut self) -> Vec<usize> {
        (0..self.u8() % 3).map(|_| self.size()).collect()
    }
    /// 0 to 4 floats.
    pub(crate) fn floats(&mut self) -> Vec<f64> {
        let n = (self.u8() % 5) as usize;
        (0..n).map(|_| self.f64()).collect()
    }
}

/// Checks what every accepted result must satisfy.
pub(crate) fn check(a: &Array) {
    let n: usize = a.shape().iter().product();
    assert_eq!(a.size(), n, "size {} of shape {:?}", a.size(), a.shape());
}

mod signal_ops {
    use super::{Cursor, check};
    use cuprum_core::{ConvolveMode, Result};
    use cuprum_signal as s;

    const WINDOWS: [&str; 10] = [
        "hann",
        "hamming",
        "boxcar",
        "kaiser",
        "tukey",
        "gaussian",
        "chebwin",
        "nosuch",
        "",
        "exponential",
    ];

    fn window(c: &mut Cursor<'_>) -> s::Window {
        let name = c.pick(&WINDOWS).to_string();
        match c.u8() % 4 {
            0 => s::Window::Name(name),
            1 => s::Window::Param(name, c.f64()),
            2 => s::Window::Param2(name, c.f64(), c.f64()),
            _ => s::Window::Values(c.floats()),
        }
    }

    fn iir(c: &mut Cursor<'_>) -> s::IirOptions {
        s::IirOptions {
            btype: c.pick(&[
                s::BType::Lowpass,
                s::BType::Highpass,
                s::BType::Bandpass,
                s::BType::Bandstop,
            ]),
            analog: c.u8().is_multiple_of(5),
            output: c.pick(&[
                s::FilterOutput::Ba,
                s::FilterOutput::Zpk,
                s::FilterOutput::Sos,
            ]),
            fs: c.maybe(|c| c.f64()),
        }
    }

    /// Whether `resample_poly(x, up, down)` designs a filter long enough to take seconds yet
    /// small enough to fit in memory (SciPy's `20 * max(up, down) / gcd + 1` taps): real work
    /// that its arguments ask for, not a hang, so the target skips it.
    fn designs_a_long_filter(up: usize, down: usize) -> bool {
        if up == 0 || down == 0 {
            return false;
        }
        let (mut a, mut b) = (up, down);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let r = up.max(down) / a;
        r > 1 << 20 && r.checked_mul(20).is_some_and(|t| t < 1 << 33)
    }

    /// Runs one signal operation; `Ok(true)` when it accepted the arguments.
    pub(super) fn run(op: u8, c: &mut Cursor<'_>) -> Result<bool> {
        match op % 18 {
            0 => {
                let (n, wn, o) = (c.size(), c.floats(), iir(c));
                let _ = s::butter(n, &wn, &o)?;
            }
            1 => {
                let (n, rp, wn, o) = (c.size(), c.f64(), c.floats(), iir(c));
                let _ = s::cheby1(n, rp, &wn, &o)?;
            }
            2 => {
                let (n, cut) = (c.size(), c.floats());
                let o = s::FirwinOptions {
                    window: window(c),
                    pass_zero: c.u8().is_multiple_of(2),
                    ..Default::default()
                };
                check(&s::firwin(n, &cut, &o)?);
            }
            3 => {
                let (b, a, x) = (c.array(false), c.array(false), c.array(true));
                check(&s::lfilter(&b, &a, &x, c.axis())?);
            }
            4 => {
                let (sos, x) = (c.array(true), c.array(true));
                check(&s::sosfilt(&sos, &x, c.axis())?);
            }
            5 => {
                let (b, a, x) = (c.array(false), c.array(false), c.array(true));
                let o = s::FiltfiltOptions::default();
                check(&s::filtfilt(&b, &a, &x, c.axis(), &o)?);
            }
            6 => {
                let (w, n) = (window(c), c.size());
                check(&s::get_window(&w, n, c.u8().is_multiple_of(2))?);
            }
            7 => {
                let (x, wl, po) = (c.array(true), c.size(), c.size());
                let o = s::SavgolOptions {
                    deriv: c.size(),
                    mode: c.pick(&[
                        s::SavgolMode::Interp,
                        s::SavgolMode::Mirror,
                        s::SavgolMode::Constant,
                        s::SavgolMode::Nearest,
                        s::SavgolMode::Wrap,
                    ]),
                    ..Default::default()
                };
                check(&s::savgol_filter(&x, wl, po, &o)?);
            }
            8 => {
                let (x, up, down) = (c.array(true), c.size(), c.size());
                if designs_a_long_filter(up, down) {
                    return Ok(false);
                }
                check(&s::resample_poly(&x, up, down, c.axis(), None)?);
            }
            9 => {
                let (h, x, up, down) = (c.array(false), c.array(true), c.size(), c.size());
                check(&s::upfirdn(&h, &x, up, down, c.axis())?);
            }
            10 => {
                let (x, q) = (c.array(true), c.size());
                let ft = c.pick(&[s::DecimateFilter::Iir, s::DecimateFilter::Fir]);
                let n = c.maybe(|c| c.size());
                check(&s::decimate(
                    &x,
                    q,
                    n,
                    ft,
                    c.axis(),
                    c.u8().is_multiple_of(2),
                )?);
            }
            11 => {
                let x = c.array(true);
                let k = c.sizes();
                check(&s::medfilt(&x, if k.is_empty() { None } else { Some(&k) })?);
            }
            12 => {
                let x = c.array(true);
                let o = s::SpectralOptions {
                    fs: c.f64(),
                    window: Some(window(c)),
                    nperseg: Some(c.size()),
                    noverlap: c.maybe(|c| c.size()),
                    nfft: c.maybe(|c| c.size()),
                    axis: c.axis(),
                    ..Default::default()
                };
                let (f, p) = s::welch(&x, &o)?;
                check(&f);
                check(&p);
            }
            13 => {
                let x = c.array(false);
                let o = s::FindPeaksOptions {
                    distance: c.maybe(|c| c.f64()),
                    prominence: c.maybe(|c| s::Bounds::min(c.f64())),
                    wlen: c.maybe(|c| c.f64()),
                    ..Default::default()
                };
                let _ = s::find_peaks(&x, &o)?;
            }
            14 => {
                let (a, b) = (c.array(true), c.array(true));
                let mode = c.pick(&[ConvolveMode::Full, ConvolveMode::Same, ConvolveMode::Valid]);
                let m = c.pick(&[
                    s::ConvMethod::Auto,
                    s::ConvMethod::Direct,
                    s::ConvMethod::Fft,
                ]);
                check(&s::convolve(&a, &b, mode, m)?);
            }
            15 => {
                let x = c.array(true);
                let n = c.maybe(|c| c.size());
                check(&s::hilbert(&x, n, c.axis())?);
            }
            16 => {
                let x = c.array(true);
                let k = c.sizes();
                let noise = c.maybe(|c| c.f64());
                check(&s::wiener(
                    &x,
                    if k.is_empty() { None } else { Some(&k) },
                    noise,
                )?);
            }
            _ => {
                let x = c.array(true);
                let kind = c.pick(&[s::Detrend::None, s::Detrend::Constant, s::Detrend::Linear]);
                check(&s::detrend(&x, c.axis(), kind)?);
            }
        }
        Ok(true)
    }
}

mod special_ops {
    use super::{Cursor, check};
    use cuprum_core::{Array, Result};
    use cuprum_special as sp;

    type Unary = fn(&Array) -> Result<Array>;
    type Binary = for<'a> fn(&'a Array, &'a Array) -> Result<Array>;

    const UNARY: [Unary; 14] = [
        sp::erf,
        sp::erfinv,
        sp::gamma,
        sp::gammaln,
        sp::digamma,
        sp::expit,
        sp::logit,
        sp::i0e,
        sp::k1,
        sp::j1,
        sp::y0,
        sp::ellipk,
        sp::expi,
        sp::ndtri,
    ];

    /// `[|a, b| sp::f(a, b), ..., last]` for the functions `f` named.
    macro_rules! binary {
        ($($f:ident),*; $last:expr) => {
            [$(|a, b| sp::$f(a, b),)* $last]
        };
    }

    const BINARY: [Binary; 14] = binary![
        jv, yv, iv, kv, gammainc, gammaincc, polygamma, expn, ellipkinc, binom, stdtr, xlogy, beta;
        |x, q| sp::zeta(x, Some(q.into()))
    ];

    /// Runs one special-function operation; `Ok(true)` when it accepted the arguments.
    pub(super) fn run(op: u8, c: &mut Cursor<'_>) -> Result<bool> {
        match op % 5 {
            0 => {
                let f = c.pick(&UNARY);
                check(&f(&c.array(true))?);
            }
            1 => {
                let f = c.pick(&BINARY);
                let (a, b) = (c.array(true), c.array(true));
                check(&f(&a, &b)?);
            }
            2 => {
                let (a, b, x) = (c.array(false), c.array(false), c.array(false));
                check(&sp::betainc(&a, &b, &x)?);
            }
            3 => {
                let a = c.array(true);
                let b = c.maybe(|c| c.array(true));
                check(&sp::logsumexp(
                    &a,
                    c.axis(),
                    b.as_ref(),
                    c.u8().is_multiple_of(2),
                )?);
            }
            _ => {
                let a = c.array(true);
                check(&sp::softmax(&a, c.axis())?);
            }
        }
        Ok(true)
    }
}

mod ndimage_ops {
    use super::{Cursor, check};
    use cuprum_core::{DType, Result};
    use cuprum_ndimage as nd;

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

    fn interp(c: &mut Cursor<'_>) -> nd::InterpOptions {
        nd::InterpOptions {
            order: c.size(),
            mode: c.pick(&MODES),
            cval: c.f64(),
            prefilter: c.u8().is_multiple_of(2),
            grid_mode: c.u8().is_multiple_of(3),
            ..Default::default()
        }
    }

    /// Runs one ndimage operation; `Ok(true)` when it accepted the arguments.
    pub(super) fn run(op: u8, c: &mut Cursor<'_>) -> Result<bool> {
        let x = c.array(true);
        match op % 12 {
            0 => {
                let sigma = c.floats();
                let o = nd::GaussianOptions {
                    order: c.sizes(),
                    mode: c.pick(&MODES),
                    truncate: c.f64(),
                    ..Default::default()
                };
                // a kernel of 10^6 to 10^15 taps fits in memory and takes seconds to build:
                // work the arguments ask for (SciPy's too), not a hang
                let radius = sigma.iter().fold(0.0f64, |m, s| m.max(s.abs())) * o.truncate.abs();
                if (1e6..1e15).contains(&radius) {
                    return Ok(false);
                }
                check(&nd::gaussian_filter(&x, &sigma, &o)?);
            }
            1 => {
                let o = nd::FilterOptions {
                    mode: c.pick(&MODES),
                    origin: (0..c.u8() % 3).map(|_| c.axis()).collect(),
                    ..Default::default()
                };
                check(&nd::uniform_filter(&x, &c.sizes(), &o)?);
            }
            2 => {
                let w = nd::Window::Size(c.sizes());
                let o = nd::FilterOptions::with_mode(c.pick(&MODES));
                check(&nd::median_filter(&x, &w, &o)?);
            }
            3 => check(&nd::zoom(&x, &c.floats(), &interp(c))?),
            4 => check(&nd::rotate(&x, c.f64(), &interp(c))?),
            5 => check(&nd::shift(&x, &c.floats(), &interp(c))?),
            6 => {
                let coords = c.array(true);
                check(&nd::map_coordinates(&x, &coords, &interp(c))?);
            }
            7 => {
                let s = c.maybe(|c| c.array(true));
                let (labels, _) = nd::label(&x, s.as_ref())?;
                check(&labels);
            }
            8 => {
                let o = nd::MorphOptions {
                    iterations: c.axis() as i64,
                    origin: (0..c.u8() % 3).map(|_| c.axis()).collect(),
                    ..Default::default()
                };
                check(&nd::binary_dilation(&x, &o)?);
            }
            9 => check(&nd::distance_transform_edt(&x, &c.floats())?),
            10 => {
                let o = nd::SplineOptions {
                    order: c.size(),
                    mode: c.pick(&MODES),
                    output: DType::Float64,
                };
                check(&nd::spline_filter(&x, &o)?);
            }
            _ => {
                let w = c.array(true);
                let o = nd::FilterOptions::with_mode(c.pick(&MODES));
                check(&nd::convolve(&x, &w, &o)?);
            }
        }
        Ok(true)
    }
}

mod interpolate_ops {
    use super::{Cursor, check};
    use cuprum_core::{Array, Result};
    use cuprum_interpolate as ip;
    use cuprum_spatial as sp;

    /// Runs one interpolate or spatial operation; `Ok(true)` when it accepted the arguments.
    pub(super) fn run(op: u8, c: &mut Cursor<'_>) -> Result<bool> {
        let (x, y) = (c.array(false), c.array(true));
        match op % 12 {
            0 => {
                let bc = c.pick(&[
                    ip::BcType::NOT_A_KNOT,
                    ip::BcType::NATURAL,
                    ip::BcType::CLAMPED,
                ]);
                let o = ip::CubicSplineOptions {
                    axis: c.axis(),
                    bc_type: bc,
                    ..Default::default()
                };
                let cs = ip::CubicSpline::new(&x, &y, o)?;
                check(&cs.call(&c.array(true), c.size())?);
            }
            1 => {
                let (k, axis) = (c.size(), c.axis());
                let b = ip::make_interp_spline(&x, &y, k, ip::SplineBc::NotAKnot, axis)?;
                check(&b.call(&c.array(true), c.size())?);
            }
            2 => {
                let o = ip::SplrepOptions {
                    k: c.size(),
                    s: c.maybe(|c| c.f64()),
                };
                let t = ip::splrep(&x, &y, o)?;
                let ext = c.pick(&[
                    ip::SplevExt::Extrapolate,
                    ip::SplevExt::Zeros,
                    ip::SplevExt::Raise,
                    ip::SplevExt::Const,
                ]);
                check(&ip::splev(&c.array(true), &t, c.size(), ext)?);
            }
            3 => {
                let kind = c.pick(&[
                    ip::Interp1dKind::Linear,
                    ip::Interp1dKind::Nearest,
                    ip::Interp1dKind::Previous,
                    ip::Interp1dKind::Spline(3),
                    ip::Interp1dKind::Spline(2),
                ]);
                let o = ip::Interp1dOptions {
                    kind,
                    axis: c.axis(),
                    ..Default::default()
                };
                check(&ip::interp1d(&x, &y, o)?.call(&c.array(true))?);
            }
            4 => {
                let method = c.pick(&[
                    ip::GridMethod::Linear,
                    ip::GridMethod::Nearest,
                    ip::GridMethod::Slinear,
                    ip::GridMethod::Cubic,
                    ip::GridMethod::Quintic,
                ]);
                let o = ip::GridOptions {
                    method,
                    bounds_error: c.u8().is_multiple_of(2),
                    fill_value: c.maybe(|c| c.f64()),
                };
                check(&ip::interpn(&[&x], &y, &c.array(true), o)?);
            }
            5 | 6 => {
                type Interpolate = fn(&Array, &Array, &Array, usize, isize) -> Result<Array>;
                let f: Interpolate = if op % 12 == 5 {
                    ip::krogh_interpolate
                } else {
                    ip::pchip_interpolate
                };
                check(&f(&x, &y, &c.array(true), c.size(), c.axis())?);
            }
            7 => {
                let o = ip::RbfOptions {
                    smoothing: c.f64(),
                    epsilon: c.maybe(|c| c.f64()),
                    neighbors: c.maybe(|c| c.size()),
                    ..Default::default()
                };
                let r = ip::RBFInterpolator::new(&y, &x, o)?;
                check(&r.call(&c.array(true))?);
            }
            8 => {
                let p = c.f64();
                let m = c.pick(&[
                    sp::distance::Metric::Euclidean,
                    sp::distance::Metric::Cityblock,
                    sp::distance::Metric::Minkowski(p),
                    sp::distance::Metric::Canberra,
                ]);
                check(&sp::distance::cdist(&y, &c.array(true), m)?);
            }
            9 => {
                let t = sp::KDTree::new(&y)?;
                let o = sp::QueryOptions {
                    p: c.f64(),
                    distance_upper_bound: c.f64(),
                };
                let (d, i) = t.query(&c.array(true), c.size(), o)?;
                check(&d);
                check(&i);
            }
            10 => {
                let t = sp::KDTree::new(&y)?;
                let _ = t.query_ball_point(&c.array(true), c.f64(), c.f64())?;
            }
            _ => {
                let d = sp::Delaunay::new(&y)?;
                check(&d.find_simplex(&c.array(true))?);
            }
        }
        Ok(true)
    }
}

impl Target for ScipyTarget {
    fn name(&self) -> &'static str {
        "scipy"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        // one program per operation, with small well-formed arguments
        (0u8..=255)
            .map(|op| {
                let mut v = vec![op];
                v.extend((0..40u8).map(|k| k.wrapping_mul(37).wrapping_add(op) % 24));
                v
            })
            .collect()
    }

    fn mutate(&self, rng: &mut Rng, input: &mut Vec<u8>) -> bool {
        if input.is_empty() || rng.one_in(3) {
            return false;
        }
        // rewrite one argument byte with an edge value of the size or float tables
        let k = rng.below(input.len());
        input[k] = rng.edge_byte(2, 200, 128);
        true
    }

    fn run(&self, input: &[u8]) -> bool {
        let mut c = Cursor::new(input);
        let op = c.u8();
        let r = match op % 4 {
            0 => signal_ops::run(op / 4, &mut c),
            1 => special_ops::run(op / 4, &mut c),
            2 => ndimage_ops::run(op / 4, &mut c),
            _ => interpolate_ops::run(op / 4, &mut c),
        };
        r.is_ok_and(|accepted| accepted)
    }
}
