//! Peaks: `find_peaks` (every criterion), `peak_prominences`, `peak_widths`,
//! `argrelextrema`/`argrelmax`/`argrelmin`.
//!
//! The scans over the data (local maxima with plateaus, prominence bases, width crossings)
//! run on the data's device: Rust loops on the CPU, `kernels/signal/peaks.cu` on CUDA (a
//! thread per sample, then a thread per peak). The per-peak selection steps (`distance`'s
//! priority order in particular, which is sequential) work on the peaks' O(#peaks) property
//! vectors on the host, as SciPy's.

use crate::filter::dptr;
use crate::util::{bad_argument_if, bad_shape_if, check_1d, out_of_domain_if};
use cuprum_core::ext::{self, nvrtc};
use cuprum_core::{Array, DType, Device, Error, IndexMode, Result};
use std::ffi::c_void;
use std::sync::OnceLock;

/// An interval condition of [`find_peaks`]: a property must lie in `[min, max]` (either end
/// open when `None`). SciPy's number `v` is `Bounds::min(v)`, its pair `(a, b)` is
/// `Bounds { min: Some(a), max: Some(b) }`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bounds {
    /// the lower bound
    pub min: Option<f64>,
    /// the upper bound
    pub max: Option<f64>,
}

impl Bounds {
    /// `[v, ∞)`.
    pub fn min(v: f64) -> Bounds {
        Bounds {
            min: Some(v),
            max: None,
        }
    }

    fn keep(&self, v: f64) -> bool {
        self.min.is_none_or(|m| m <= v) && self.max.is_none_or(|m| v <= m)
    }
}

/// Options of [`find_peaks`] (SciPy's keyword arguments; `None`: no condition).
#[derive(Clone, Copy, Debug)]
pub struct FindPeaksOptions {
    /// peak height
    pub height: Option<Bounds>,
    /// vertical distance to both neighbours (the smaller must be `>= min`, the larger `<= max`)
    pub threshold: Option<Bounds>,
    /// minimal horizontal distance (`>= 1`) between peaks; lower peaks are removed first
    pub distance: Option<f64>,
    /// peak prominence
    pub prominence: Option<Bounds>,
    /// peak width (at `rel_height` of the prominence)
    pub width: Option<Bounds>,
    /// the window of the prominence search (`None`: the whole signal)
    pub wlen: Option<f64>,
    /// the relative height of the width measurement (default 0.5)
    pub rel_height: f64,
    /// the flat top's size in samples
    pub plateau_size: Option<Bounds>,
}

impl Default for FindPeaksOptions {
    fn default() -> Self {
        FindPeaksOptions {
            height: None,
            threshold: None,
            distance: None,
            prominence: None,
            width: None,
            wlen: None,
            rel_height: 0.5,
            plateau_size: None,
        }
    }
}

/// The result of [`find_peaks`]: the peak indices and the properties its conditions computed
/// (SciPy's `properties` dict), each a 1-D array over the kept peaks, on the data's device.
#[derive(Clone, Debug)]
pub struct Peaks {
    /// peak indices (int64)
    pub peaks: Array,
    /// `plateau_size`: sizes and edges of the flat tops
    pub plateau_sizes: Option<Array>,
    /// left edges of the flat tops
    pub left_edges: Option<Array>,
    /// right edges of the flat tops
    pub right_edges: Option<Array>,
    /// `height`: the heights
    pub peak_heights: Option<Array>,
    /// `threshold`: the drops to the left neighbours
    pub left_thresholds: Option<Array>,
    /// `threshold`: the drops to the right neighbours
    pub right_thresholds: Option<Array>,
    /// `prominence` or `width`: the prominences
    pub prominences: Option<Array>,
    /// their left bases
    pub left_bases: Option<Array>,
    /// their right bases
    pub right_bases: Option<Array>,
    /// `width`: the widths
    pub widths: Option<Array>,
    /// the heights of the width measurement
    pub width_heights: Option<Array>,
    /// the interpolated left crossings
    pub left_ips: Option<Array>,
    /// the interpolated right crossings
    pub right_ips: Option<Array>,
}

/// A 1-D float64 signal on its device, with a host copy on the CPU.
struct Sig {
    x: Array,
    host: Option<Vec<f64>>,
}

impl Sig {
    fn new(op: &'static str, x: &Array) -> Result<Sig> {
        bad_shape_if(x.ndim() != 1, op, "x", x.shape(), "a 1-D array")?;
        crate::util::real_only(op, x, ": `x` must be real")?;
        let x = ext::as_c_contiguous(&x.astype(DType::Float64)?)?;
        let host = if x.device() == Device::Cpu {
            Some(x.to_vec::<f64>()?)
        } else {
            None
        };
        Ok(Sig { x, host })
    }

    fn n(&self) -> usize {
        self.x.size()
    }

    fn dev(&self) -> Device {
        self.x.device()
    }

    fn ordinal(&self) -> usize {
        if let Device::Cuda(o) = self.dev() {
            o
        } else {
            0
        }
    }
}

fn source() -> &'static str {
    static SRC: OnceLock<&'static str> = OnceLock::new();
    crate::util::cuda_source(&SRC, include_str!("../../../kernels/signal/peaks.cu"))
}

enum Arg {
    P(u64),
    N(i64),
    F(f64),
}

fn launch(o: usize, name: &str, n: usize, args: &mut [Arg]) -> Result<()> {
    let f = nvrtc::static_function(o, source(), name, &[])?;
    let cfg = nvrtc::LaunchConfig::for_num_elems(n.max(1) as u64, 256);
    let mut ptrs: Vec<*mut c_void> = args
        .iter_mut()
        .map(|a| match a {
            Arg::P(p) => p as *mut u64 as *mut c_void,
            Arg::N(v) => v as *mut i64 as *mut c_void,
            Arg::F(v) => v as *mut f64 as *mut c_void,
        })
        .collect();
    // SAFETY: each kernel of peaks.cu takes exactly the arguments its caller below passes, in
    // order: device addresses (u64) of live C-contiguous buffers of the documented types
    // (double signal, long long indices, double/long long outputs of np elements), 64-bit
    // lengths that bound every access, and doubles; the callers' arrays outlive the
    // stream-ordered launch; grid-stride loops make any grid size safe.
    unsafe { nvrtc::launch(&f, cfg, None, &mut ptrs)? };
    Ok(())
}

fn i64_dev(v: &[i64], dev: Device) -> Result<Array> {
    Array::from_vec_on(v.to_vec(), &[v.len()], dev)
}

fn local_maxima(s: &Sig) -> Result<(Vec<i64>, Vec<i64>, Vec<i64>)> {
    let n = s.n();
    if let Some(x) = &s.host {
        let (mut p, mut l, mut r) = (vec![], vec![], vec![]);
        let mut i = 1;
        while i + 1 < n {
            if x[i - 1] < x[i] {
                let mut a = i + 1;
                while a + 1 < n && x[a] == x[i] {
                    a += 1;
                }
                if x[a] < x[i] {
                    l.push(i as i64);
                    r.push(a as i64 - 1);
                    p.push(((i + a - 1) / 2) as i64);
                    i = a;
                }
            }
            i += 1;
        }
        return Ok((p, l, r));
    }
    if n < 3 {
        return Ok((vec![], vec![], vec![]));
    }
    let o = s.ordinal();
    let flag = cuprum_core::zeros_on(&[n], DType::Int8, s.dev())?;
    launch(
        o,
        "sig_local_max",
        n,
        &mut [Arg::P(dptr(&s.x)?), Arg::N(n as i64), Arg::P(dptr(&flag)?)],
    )?;
    let peaks = cuprum_core::nonzero(&flag)?
        .remove(0)
        .astype(DType::Int64)?;
    let peaks = ext::as_c_contiguous(&peaks)?;
    let np = peaks.size();
    let left = cuprum_core::zeros_on(&[np], DType::Int64, s.dev())?;
    let right = cuprum_core::zeros_on(&[np], DType::Int64, s.dev())?;
    if np > 0 {
        launch(
            o,
            "sig_plateau",
            np,
            &mut [
                Arg::P(dptr(&s.x)?),
                Arg::N(n as i64),
                Arg::P(dptr(&peaks)?),
                Arg::N(np as i64),
                Arg::P(dptr(&left)?),
                Arg::P(dptr(&right)?),
            ],
        )?;
    }
    let h = |a: &Array| a.to_device(Device::Cpu)?.to_vec::<i64>();
    Ok((h(&peaks)?, h(&left)?, h(&right)?))
}

fn values_at(s: &Sig, idx: &[i64]) -> Result<Vec<f64>> {
    if let Some(x) = &s.host {
        return Ok(idx.iter().map(|&i| x[i as usize]).collect());
    }
    let ia = i64_dev(idx, s.dev())?;
    cuprum_core::take(&s.x, &ia, None, IndexMode::Raise)?
        .to_device(Device::Cpu)?
        .to_vec::<f64>()
}

type Prom = (Vec<f64>, Vec<i64>, Vec<i64>);

fn prominences_of(s: &Sig, peaks: &[i64], wlen: i64) -> Result<Prom> {
    let n = s.n();
    if let Some(x) = &s.host {
        let mut out = (
            cuprum_core::ext::try_vec_with_capacity(peaks.len())?,
            cuprum_core::ext::try_vec_with_capacity(peaks.len())?,
            cuprum_core::ext::try_vec_with_capacity(peaks.len())?,
        );
        for &p in peaks {
            let p = p as usize;
            let (mut imin, mut imax) = (0usize, n - 1);
            if wlen >= 2 {
                imin = imin.max(p.saturating_sub(wlen as usize / 2));
                imax = imax.min(p + wlen as usize / 2);
            }
            let xp = x[p];
            let (mut lb, mut lmin) = (p, xp);
            let mut i = p as i64;
            while imin as i64 <= i && x[i as usize] <= xp {
                if x[i as usize] < lmin {
                    lmin = x[i as usize];
                    lb = i as usize;
                }
                i -= 1;
            }
            let (mut rb, mut rmin) = (p, xp);
            let mut i = p;
            while i <= imax && x[i] <= xp {
                if x[i] < rmin {
                    rmin = x[i];
                    rb = i;
                }
                i += 1;
            }
            out.0.push(xp - lmin.max(rmin));
            out.1.push(lb as i64);
            out.2.push(rb as i64);
        }
        return Ok(out);
    }
    let np = peaks.len();
    let pa = i64_dev(peaks, s.dev())?;
    let prom = cuprum_core::zeros_on(&[np], DType::Float64, s.dev())?;
    let lb = cuprum_core::zeros_on(&[np], DType::Int64, s.dev())?;
    let rb = cuprum_core::zeros_on(&[np], DType::Int64, s.dev())?;
    if np > 0 {
        launch(
            s.ordinal(),
            "sig_prominences",
            np,
            &mut [
                Arg::P(dptr(&s.x)?),
                Arg::N(n as i64),
                Arg::P(dptr(&pa)?),
                Arg::N(np as i64),
                Arg::N(wlen),
                Arg::P(dptr(&prom)?),
                Arg::P(dptr(&lb)?),
                Arg::P(dptr(&rb)?),
            ],
        )?;
    }
    let hi = |a: &Array| a.to_device(Device::Cpu)?.to_vec::<i64>();
    Ok((
        prom.to_device(Device::Cpu)?.to_vec::<f64>()?,
        hi(&lb)?,
        hi(&rb)?,
    ))
}

type Widths = (Vec<f64>, Vec<f64>, Vec<f64>, Vec<f64>);

fn widths_of(s: &Sig, peaks: &[i64], rel: f64, pr: &Prom) -> Result<Widths> {
    if let Some(x) = &s.host {
        let mut o = (vec![], vec![], vec![], vec![]);
        for (k, &p) in peaks.iter().enumerate() {
            let (imin, imax, p) = (pr.1[k] as usize, pr.2[k] as usize, p as usize);
            let h = x[p] - pr.0[k] * rel;
            let mut i = p;
            while imin < i && h < x[i] {
                i -= 1;
            }
            let mut l = i as f64;
            if x[i] < h {
                l += (h - x[i]) / (x[i + 1] - x[i]);
            }
            let mut i = p;
            while i < imax && h < x[i] {
                i += 1;
            }
            let mut r = i as f64;
            if x[i] < h {
                r -= (h - x[i]) / (x[i - 1] - x[i]);
            }
            o.0.push(r - l);
            o.1.push(h);
            o.2.push(l);
            o.3.push(r);
        }
        return Ok(o);
    }
    let np = peaks.len();
    let dev = s.dev();
    let pa = i64_dev(peaks, dev)?;
    let prom = Array::from_vec_on(pr.0.clone(), &[np], dev)?;
    let (lb, rb) = (i64_dev(&pr.1, dev)?, i64_dev(&pr.2, dev)?);
    let outs: Vec<Array> = (0..4)
        .map(|_| cuprum_core::zeros_on(&[np], DType::Float64, dev))
        .collect::<Result<_>>()?;
    if np > 0 {
        launch(
            s.ordinal(),
            "sig_widths",
            np,
            &mut [
                Arg::P(dptr(&s.x)?),
                Arg::P(dptr(&pa)?),
                Arg::N(np as i64),
                Arg::F(rel),
                Arg::P(dptr(&prom)?),
                Arg::P(dptr(&lb)?),
                Arg::P(dptr(&rb)?),
                Arg::P(dptr(&outs[0])?),
                Arg::P(dptr(&outs[1])?),
                Arg::P(dptr(&outs[2])?),
                Arg::P(dptr(&outs[3])?),
            ],
        )?;
    }
    let h = |a: &Array| a.to_device(Device::Cpu)?.to_vec::<f64>();
    Ok((h(&outs[0])?, h(&outs[1])?, h(&outs[2])?, h(&outs[3])?))
}

fn wlen_arg(op: &'static str, wlen: Option<f64>) -> Result<i64> {
    match wlen {
        None => Ok(-1),
        Some(w) if w > 1.0 => Ok(w.ceil() as i64),
        Some(w) => Err(Error::out_of_domain(op, "wlen", w, "(1, inf)")),
    }
}

fn check_peaks(op: &'static str, peaks: &Array, n: usize) -> Result<Vec<i64>> {
    bad_shape_if(peaks.ndim() != 1, op, "peaks", peaks.shape(), "a 1-D array")?;
    if !(peaks.dtype().is_integer()) && peaks.size() > 0 {
        return Err(Error::DType {
            op,
            dtype: peaks.dtype(),
            detail: ": `peaks` cannot be safely cast to an index dtype".into(),
        });
    }
    let v = peaks
        .astype(DType::Int64)?
        .to_device(Device::Cpu)?
        .to_vec::<i64>()?;
    if let Some(&p) = v.iter().find(|&&p| p < 0 || p as usize >= n) {
        return Err(Error::bad_argument(
            op,
            "peaks",
            p,
            format!("indices into `x` of length {n}"),
        ));
    }
    Ok(v)
}

/// The prominence of each peak and its bases (`scipy.signal.peak_prominences`).
///
/// **Shapes**: 1-D `x`, 1-D integer `peaks` → `prominences` float64, `left_bases`,
/// `right_bases` int64, each `(len(peaks),)`, on `x`'s device.
///
/// # Errors
/// [`Error::BadShape`] naming `peak_prominences` for non-1-D `x` or `peaks`; [`Error::DType`]
/// for complex `x`; [`Error::BadArgument`] for an index outside `x`; [`Error::OutOfDomain`]
/// for `wlen <= 1`.
///
/// **Algorithm**: SciPy's: from each peak, the lowest point on each side before a higher
/// sample (within `wlen`); Rust on the CPU, a thread per peak on CUDA.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.0f64, 2.0, 1.0, 3.0, 0.0], &[5], Device::Cpu).unwrap();
/// let p = Array::from_vec_on(vec![1i64, 3], &[2], Device::Cpu).unwrap();
/// let (prom, _, _) = cuprum_signal::peak_prominences(&x, &p, None).unwrap();
/// assert_eq!(prom.to_vec::<f64>().unwrap(), vec![1.0, 3.0]);
/// ```
pub fn peak_prominences(
    x: &Array,
    peaks: &Array,
    wlen: Option<f64>,
) -> Result<(Array, Array, Array)> {
    const OP: &str = "peak_prominences";
    let s = Sig::new(OP, x)?;
    let p = check_peaks(OP, peaks, s.n())?;
    let pr = prominences_of(&s, &p, wlen_arg(OP, wlen)?)?;
    let dev = s.dev();
    let n = p.len();
    Ok((
        Array::from_vec_on(pr.0, &[n], dev)?,
        i64_dev(&pr.1, dev)?,
        i64_dev(&pr.2, dev)?,
    ))
}

/// The width of each peak at `rel_height` of its prominence (`scipy.signal.peak_widths`,
/// prominences computed with `wlen`).
///
/// **Shapes**: 1-D `x`, `peaks` → `widths`, `width_heights`, `left_ips`, `right_ips`, float64
/// `(len(peaks),)` on `x`'s device.
///
/// # Errors
/// As [`peak_prominences`], naming `peak_widths`; a negative `rel_height`.
///
/// **Algorithm**: SciPy's: walks from the peak to the first sample below the evaluation
/// height on each side (within the bases), interpolating the crossing linearly.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.0f64, 1.0, 2.0, 1.0, 0.0], &[5], Device::Cpu).unwrap();
/// let p = Array::from_vec_on(vec![2i64], &[1], Device::Cpu).unwrap();
/// let (w, ..) = cuprum_signal::peak_widths(&x, &p, 0.5, None).unwrap();
/// assert_eq!(w.to_vec::<f64>().unwrap(), vec![2.0]);
/// ```
pub fn peak_widths(
    x: &Array,
    peaks: &Array,
    rel_height: f64,
    wlen: Option<f64>,
) -> Result<(Array, Array, Array, Array)> {
    const OP: &str = "peak_widths";
    out_of_domain_if(
        rel_height.is_nan() || rel_height < 0.0,
        OP,
        "rel_height",
        rel_height,
        "[0, inf)",
    )?;
    let s = Sig::new(OP, x)?;
    let p = check_peaks(OP, peaks, s.n())?;
    let pr = prominences_of(&s, &p, wlen_arg(OP, wlen)?)?;
    let w = widths_of(&s, &p, rel_height, &pr)?;
    let dev = s.dev();
    let n = p.len();
    let up = |v: Vec<f64>| Array::from_vec_on(v, &[n], dev);
    Ok((up(w.0)?, up(w.1)?, up(w.2)?, up(w.3)?))
}

fn select<T: Copy>(v: &[T], keep: &[bool]) -> Vec<T> {
    v.iter()
        .zip(keep)
        .filter(|(_, k)| **k)
        .map(|(x, _)| *x)
        .collect()
}

/// Finds the local maxima of a 1-D signal and keeps those meeting the conditions
/// (`scipy.signal.find_peaks`).
///
/// **Shapes**: 1-D real `x` → [`Peaks`]: int64 indices and the properties the conditions
/// computed, on `x`'s device.
///
/// A peak is a sample (or the middle of a flat run, rounded down) higher than both
/// neighbours; the conditions apply in SciPy's order: `plateau_size`, `height`, `threshold`,
/// `distance` (the highest peaks are kept first, neighbours closer than `distance` removed),
/// `prominence`, `width`.
///
/// # Errors
/// [`Error::BadShape`] naming `find_peaks` for non-1-D `x`; [`Error::DType`] for complex `x`;
/// [`Error::OutOfDomain`] for `distance < 1`, `wlen <= 1`, a negative `rel_height`.
///
/// **Algorithm**: SciPy's; the scans over the data on its device (Rust on the CPU, a thread
/// per sample then per peak on CUDA), the selections on the O(#peaks) property vectors.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{FindPeaksOptions, find_peaks, peaks::Bounds};
/// let x = Array::from_vec_on(vec![0.0f64, 2.0, 0.0, 1.0, 0.0, 3.0, 0.0], &[7], Device::Cpu).unwrap();
/// let o = FindPeaksOptions { height: Some(Bounds::min(1.5)), ..Default::default() };
/// assert_eq!(find_peaks(&x, &o).unwrap().peaks.to_vec::<i64>().unwrap(), vec![1, 5]);
/// ```
pub fn find_peaks(x: &Array, opts: &FindPeaksOptions) -> Result<Peaks> {
    const OP: &str = "find_peaks";
    if let Some(d) = opts.distance
        && (d.is_nan() || d < 1.0)
    {
        return Err(Error::out_of_domain(OP, "distance", d, "[1, inf)"));
    }
    out_of_domain_if(
        opts.rel_height.is_nan() || opts.rel_height < 0.0,
        OP,
        "rel_height",
        opts.rel_height,
        "[0, inf)",
    )?;
    let wlen = wlen_arg(OP, opts.wlen)?;
    let s = Sig::new(OP, x)?;
    let dev = s.dev();
    let (mut p, mut le, mut re) = local_maxima(&s)?;
    let mut props: Vec<(&'static str, Vec<f64>)> = vec![];
    let mut iprops: Vec<(&'static str, Vec<i64>)> = vec![];
    macro_rules! apply {
        ($keep:expr) => {{
            let keep: Vec<bool> = $keep;
            p = select(&p, &keep);
            le = select(&le, &keep);
            re = select(&re, &keep);
            for (_, v) in props.iter_mut() {
                *v = select(v, &keep);
            }
            for (_, v) in iprops.iter_mut() {
                *v = select(v, &keep);
            }
        }};
    }
    if let Some(b) = opts.plateau_size {
        let sizes: Vec<i64> = le.iter().zip(&re).map(|(l, r)| r - l + 1).collect();
        let keep = sizes.iter().map(|&v| b.keep(v as f64)).collect();
        iprops.push(("plateau_sizes", sizes));
        iprops.push(("left_edges", le.clone()));
        iprops.push(("right_edges", re.clone()));
        apply!(keep);
    }
    if let Some(b) = opts.height {
        let h = values_at(&s, &p)?;
        let keep = h.iter().map(|&v| b.keep(v)).collect();
        props.push(("peak_heights", h));
        apply!(keep);
    }
    if let Some(b) = opts.threshold {
        let xp = values_at(&s, &p)?;
        let l: Vec<i64> = p.iter().map(|v| v - 1).collect();
        let r: Vec<i64> = p.iter().map(|v| v + 1).collect();
        let lt: Vec<f64> = xp
            .iter()
            .zip(values_at(&s, &l)?)
            .map(|(a, b)| a - b)
            .collect();
        let rt: Vec<f64> = xp
            .iter()
            .zip(values_at(&s, &r)?)
            .map(|(a, b)| a - b)
            .collect();
        let keep = lt
            .iter()
            .zip(&rt)
            .map(|(&a, &c)| {
                b.min.is_none_or(|m| m <= a.min(c)) && b.max.is_none_or(|m| a.max(c) <= m)
            })
            .collect();
        props.push(("left_thresholds", lt));
        props.push(("right_thresholds", rt));
        apply!(keep);
    }
    if let Some(d) = opts.distance {
        let pri = values_at(&s, &p)?;
        let dist = d.ceil() as i64;
        let mut order: Vec<usize> = (0..p.len()).collect();
        order.sort_by(|&a, &b| pri[a].total_cmp(&pri[b]));
        let mut keep = cuprum_core::ext::try_vec_filled(p.len(), true)?;
        for &j in order.iter().rev() {
            if !keep[j] {
                continue;
            }
            let mut k = j;
            while k > 0 && p[j] - p[k - 1] < dist {
                keep[k - 1] = false;
                k -= 1;
            }
            let mut k = j + 1;
            while k < p.len() && p[k] - p[j] < dist {
                keep[k] = false;
                k += 1;
            }
        }
        apply!(keep);
    }
    if opts.prominence.is_some() || opts.width.is_some() {
        let pr = prominences_of(&s, &p, wlen)?;
        let keep = match opts.prominence {
            Some(b) => pr.0.iter().map(|&v| b.keep(v)).collect(),
            None => cuprum_core::ext::try_vec_filled(p.len(), true)?,
        };
        props.push(("prominences", pr.0));
        iprops.push(("left_bases", pr.1));
        iprops.push(("right_bases", pr.2));
        apply!(keep);
    }
    if let Some(b) = opts.width {
        let get = |n: &str| {
            iprops
                .iter()
                .find(|(k, _)| *k == n)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        };
        let prom = props
            .iter()
            .find(|(k, _)| *k == "prominences")
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
        let pr = (prom, get("left_bases"), get("right_bases"));
        let w = widths_of(&s, &p, opts.rel_height, &pr)?;
        let keep = w.0.iter().map(|&v| b.keep(v)).collect();
        props.push(("widths", w.0));
        props.push(("width_heights", w.1));
        props.push(("left_ips", w.2));
        props.push(("right_ips", w.3));
        apply!(keep);
    }
    let _ = (&le, &re);
    let n = p.len();
    let f = |name: &str| -> Result<Option<Array>> {
        props
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| Array::from_vec_on(v.clone(), &[n], dev))
            .transpose()
    };
    let g = |name: &str| -> Result<Option<Array>> {
        iprops
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| i64_dev(v, dev))
            .transpose()
    };
    Ok(Peaks {
        peaks: i64_dev(&p, dev)?,
        plateau_sizes: g("plateau_sizes")?,
        left_edges: g("left_edges")?,
        right_edges: g("right_edges")?,
        peak_heights: f("peak_heights")?,
        left_thresholds: f("left_thresholds")?,
        right_thresholds: f("right_thresholds")?,
        prominences: f("prominences")?,
        left_bases: g("left_bases")?,
        right_bases: g("right_bases")?,
        widths: f("widths")?,
        width_heights: f("width_heights")?,
        left_ips: f("left_ips")?,
        right_ips: f("right_ips")?,
    })
}

/// The comparison of [`argrelextrema`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparator {
    /// `>` (relative maxima)
    Greater,
    /// `>=`
    GreaterEqual,
    /// `<` (relative minima)
    Less,
    /// `<=`
    LessEqual,
}

/// Indices of relative extrema along `axis`: elements that compare true against every
/// neighbour within `order` (`scipy.signal.argrelextrema`; `wrap` selects `mode='wrap'`,
/// else `'clip'`).
///
/// **Shapes**: `data` n-d → one int64 index array per axis (as `nonzero`), on `data`'s device.
///
/// # Errors
/// [`Error::BadArgument`] naming `argrelextrema` for `order < 1`; [`Error::BadShape`] for 0-d
/// `data`; [`Error::AxisOutOfBounds`].
///
/// **Algorithm**: `order` pairs of shifted gathers (`take` with clip or wrap) compared with
/// the data, and-ed, then `nonzero`; on `data`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{argrelextrema, peaks::Comparator};
/// let x = Array::from_vec_on(vec![2.0f64, 1.0, 2.0, 3.0, 2.0, 0.0, 1.0, 0.0], &[8], Device::Cpu).unwrap();
/// let r = argrelextrema(&x, Comparator::Greater, 0, 1, false).unwrap();
/// assert_eq!(r[0].to_vec::<i64>().unwrap(), vec![3, 6]);
/// ```
pub fn argrelextrema(
    data: &Array,
    comparator: Comparator,
    axis: isize,
    order: usize,
    wrap: bool,
) -> Result<Vec<Array>> {
    const OP: &str = "argrelextrema";
    bad_argument_if(order < 1, OP, "order", order, "an integer >= 1")?;
    bad_shape_if(
        data.ndim() == 0,
        OP,
        "data",
        data.shape(),
        "at least 1 dimension",
    )?;
    let ax = crate::util::axis_of(OP, axis, data.ndim())?;
    let n = data.shape()[ax] as i64;
    let mode = if wrap {
        IndexMode::Wrap
    } else {
        IndexMode::Clip
    };
    let locs = cuprum_core::arange_on(0i64, n, 1i64, None, data.device())?;
    let cmp = |a: &Array, b: &Array| -> Result<Array> {
        match comparator {
            Comparator::Greater => cuprum_core::greater(a, b),
            Comparator::GreaterEqual => cuprum_core::greater_equal(a, b),
            Comparator::Less => cuprum_core::less(a, b),
            Comparator::LessEqual => cuprum_core::less_equal(a, b),
        }
    };
    let mut res = cuprum_core::ones_on(data.shape(), DType::Bool, data.device())?;
    for shift in 1..=order as i64 {
        let plus = cuprum_core::take(
            data,
            &cuprum_core::add(&locs, shift)?,
            Some(ax as isize),
            mode,
        )?;
        let minus = cuprum_core::take(
            data,
            &cuprum_core::subtract(&locs, shift)?,
            Some(ax as isize),
            mode,
        )?;
        res = cuprum_core::logical_and(&res, &cmp(data, &plus)?)?;
        res = cuprum_core::logical_and(&res, &cmp(data, &minus)?)?;
    }
    cuprum_core::nonzero(&res)
}

/// Relative maxima (`scipy.signal.argrelmax`): [`argrelextrema`] with [`Comparator::Greater`].
///
/// # Errors
/// As [`argrelextrema`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.0f64, 1.0, 0.0], &[3], Device::Cpu).unwrap();
/// assert_eq!(cuprum_signal::argrelmax(&x, 0, 1, false).unwrap()[0].to_vec::<i64>().unwrap(), vec![1]);
/// ```
pub fn argrelmax(data: &Array, axis: isize, order: usize, wrap: bool) -> Result<Vec<Array>> {
    argrelextrema(data, Comparator::Greater, axis, order, wrap)
}

/// Relative minima (`scipy.signal.argrelmin`): [`argrelextrema`] with [`Comparator::Less`].
///
/// # Errors
/// As [`argrelextrema`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![1.0f64, 0.0, 1.0], &[3], Device::Cpu).unwrap();
/// assert_eq!(cuprum_signal::argrelmin(&x, 0, 1, false).unwrap()[0].to_vec::<i64>().unwrap(), vec![1]);
/// ```
pub fn argrelmin(data: &Array, axis: isize, order: usize, wrap: bool) -> Result<Vec<Array>> {
    argrelextrema(data, Comparator::Less, axis, order, wrap)
}

/// The vector strength (phase locking) of event times at each period
/// (`scipy.signal.vectorstrength`).
///
/// **Shapes**: 1-D `events` (n), 1-D `period` (m) → `strength`, `phase` float64 `(m,)` on
/// `events`' device.
///
/// # Errors
/// [`Error::BadShape`] naming `vectorstrength` for inputs that are not 1-D;
/// [`Error::OutOfDomain`] for a non-positive period.
///
/// **Algorithm**: the mean of `exp(2πi·t/period)` over events (an `(m, n)` table and a mean),
/// its magnitude and angle; on the device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let t = Array::from_vec_on(vec![0.0f64, 1.0, 2.0, 3.0], &[4], Device::Cpu).unwrap();
/// let p = Array::from_vec_on(vec![1.0f64, 2.0], &[2], Device::Cpu).unwrap();
/// let (s, _ph) = cuprum_signal::vectorstrength(&t, &p).unwrap();
/// let s = s.to_vec::<f64>().unwrap();
/// assert!((s[0] - 1.0).abs() < 1e-12 && s[1].abs() < 1e-12);
/// ```
pub fn vectorstrength(events: &Array, period: &Array) -> Result<(Array, Array)> {
    const OP: &str = "vectorstrength";
    check_1d(OP, "events", events)?;
    check_1d(OP, "period", period)?;
    crate::util::same_device(OP, events, period)?;
    let p = period.astype(DType::Float64)?;
    let pmin = if p.size() > 0 {
        p.min(None, false)?.item()?.as_f64()
    } else {
        1.0
    };
    out_of_domain_if(pmin.is_nan() || pmin <= 0.0, OP, "period", pmin, "(0, inf)")?;
    let t = events
        .astype(DType::Float64)?
        .reshape(&[1, events.size()][..])?;
    let ph = cuprum_core::multiply(
        &cuprum_core::divide(2.0 * std::f64::consts::PI, &p.reshape(&[p.size(), 1][..])?)?,
        &t,
    )?;
    let re = cuprum_core::cos(&ph)?.mean(1isize, false)?;
    let im = cuprum_core::sin(&ph)?.mean(1isize, false)?;
    Ok((
        cuprum_core::hypot(&re, &im)?,
        cuprum_core::arctan2(&im, &re)?,
    ))
}
