//! The short-time Fourier transform object of SciPy 1.12+ (`scipy.signal.ShortTimeFFT`):
//! `stft`, `spectrogram`, `istft` and the time/frequency bookkeeping of its slices.

use crate::util::{axis_of, check_1d_nonempty, full_slices, upload};
use crate::util::{bad_argument_if, bad_shape_if, out_of_domain_if};
use cuprum_core::ext::try_vec_filled;
use cuprum_core::manip::PadMode;
use cuprum_core::{Array, Error, IndexMode, Result, Scalar, SliceItem};
use cuprum_fft::Norm;

/// The spectrum layout of a [`ShortTimeFFT`] (SciPy's `fft_mode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FftMode {
    /// non-negative frequencies of real input (`'onesided'`, the default)
    #[default]
    Onesided,
    /// as `Onesided` with the non-paired bins doubled (magnitude) or multiplied by √2 (psd)
    /// (`'onesided2X'`; needs a scaling)
    Onesided2X,
    /// all `mfft` frequencies in FFT order (`'twosided'`)
    Twosided,
    /// all frequencies, zero in the middle (`'centered'`)
    Centered,
}

/// The scaling of a [`ShortTimeFFT`]'s window (SciPy's `scale_to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StftScaling {
    /// `|S|` of a unit sinusoid is its amplitude (`'magnitude'`)
    Magnitude,
    /// `|S|²` sums to the power spectral density (`'psd'`)
    Psd,
}

/// The extension of the signal beyond its ends (SciPy's `padding`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StftPadding {
    /// zeros (`'zeros'`, the default)
    #[default]
    Zeros,
    /// the edge values (`'edge'`)
    Edge,
    /// mirrored about the edge sample (`'even'`)
    Even,
    /// mirrored and negated about the edge value (`'odd'`)
    Odd,
}

/// A short-time Fourier transform: a real window slid over the signal in steps of `hop`
/// samples (`scipy.signal.ShortTimeFFT`).
///
/// Slice `p` covers samples `p·hop − m_num/2 … p·hop − m_num/2 + m_num − 1`; `p_min() ≤ p <
/// p_max(n)` are the slices that touch a signal of `n` samples. The window lives on the host
/// (its design is O(window)); transforms run on the signal's device.
#[derive(Clone, Debug)]
pub struct ShortTimeFFT {
    win: Vec<f64>,
    dual: Option<Vec<f64>>,
    hop: usize,
    fs: f64,
    mfft: usize,
    mode: FftMode,
    scaling: Option<StftScaling>,
    phase_shift: Option<i64>,
}

const OP: &str = "ShortTimeFFT";

fn floor_div(a: i64, b: i64) -> i64 {
    a.div_euclid(b)
}

/// `all(w2[a:] == 0)` with Python's slice of a possibly negative start.
fn zero_from(w2: &[f64], a: i64) -> bool {
    let n = w2.len() as i64;
    let s = if a < 0 { (n + a).max(0) } else { a.min(n) } as usize;
    w2[s..].iter().all(|&v| v == 0.0)
}

/// `all(w2[:b] == 0)` with Python's slice of a possibly negative stop.
fn zero_to(w2: &[f64], b: i64) -> bool {
    let n = w2.len() as i64;
    let e = if b < 0 { (n + b).max(0) } else { b.min(n) } as usize;
    w2[..e].iter().all(|&v| v == 0.0)
}

impl ShortTimeFFT {
    /// A transform with window `win`, step `hop` and sampling frequency `fs` (SciPy's
    /// constructor with `fft_mode='onesided'`, `mfft=len(win)`, no scaling, `phase_shift=0`;
    /// change them with the `with_*` methods).
    ///
    /// # Errors
    /// [`Error::BadShape`] naming `ShortTimeFFT` and `win` for an empty or non-1-D window;
    /// [`Error::OutOfDomain`] for a non-finite window or a non-positive `fs`;
    /// [`Error::BadArgument`] for `hop` 0; [`Error::Unsupported`] for a complex window.
    ///
    /// ```
    /// use cuprum_signal::{ShortTimeFFT, windows};
    /// let s = ShortTimeFFT::new(&windows::hann(8, false).unwrap(), 4, 100.0).unwrap();
    /// assert_eq!((s.m_num(), s.f_pts(), s.delta_t()), (8, 5, 0.04));
    /// ```
    pub fn new(win: &Array, hop: usize, fs: f64) -> Result<ShortTimeFFT> {
        check_1d_nonempty(OP, "win", win)?;
        if win.dtype().is_complex() {
            return Err(Error::unsupported(OP, "complex-valued windows"));
        }
        let w = crate::util::host_f64(OP, win)?;
        out_of_domain_if(
            w.iter().any(|v| !v.is_finite()),
            OP,
            "win",
            "a window with non-finite entries",
            "finite values",
        )?;
        bad_argument_if(hop == 0, OP, "hop", 0, "an integer >= 1")?;
        out_of_domain_if(!(fs.is_finite() && fs > 0.0), OP, "fs", fs, "(0, inf)")?;
        Ok(ShortTimeFFT {
            mfft: w.len(),
            win: w,
            dual: None,
            hop,
            fs,
            mode: FftMode::Onesided,
            scaling: None,
            phase_shift: Some(0),
        })
    }

    /// With FFT length `mfft` (at least the window length).
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `mfft` when `mfft < m_num`.
    pub fn with_mfft(mut self, mfft: usize) -> Result<ShortTimeFFT> {
        bad_argument_if(
            mfft < self.win.len(),
            OP,
            "mfft",
            mfft,
            format!("at least the window length m_num = {}", self.win.len()),
        )?;
        self.mfft = mfft;
        Ok(self)
    }

    /// With the spectrum layout `mode`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `fft_mode` for [`FftMode::Onesided2X`] without a scaling.
    pub fn with_fft_mode(mut self, mode: FftMode) -> Result<ShortTimeFFT> {
        bad_argument_if(
            mode == FftMode::Onesided2X && self.scaling.is_none(),
            OP,
            "fft_mode",
            "'onesided2X'",
            "another mode while scaling is None (scale_to('psd') or scale_to('magnitude') first)",
        )?;
        self.mode = mode;
        Ok(self)
    }

    /// With the phase shift `phase_shift` (`None`: the slices are not rolled so that their
    /// middle is at time zero; SciPy's default is 0).
    pub fn with_phase_shift(mut self, phase_shift: Option<i64>) -> ShortTimeFFT {
        self.phase_shift = phase_shift;
        self
    }

    /// With an explicit dual window for [`istft`](Self::istft).
    ///
    /// # Errors
    /// [`Error::BadShape`] naming `dual_win` when its shape differs from the window's;
    /// [`Error::OutOfDomain`] when it is not finite.
    pub fn with_dual_win(mut self, dual: &Array) -> Result<ShortTimeFFT> {
        let d = crate::util::host_f64(OP, dual)?;
        bad_shape_if(
            d.len() != self.win.len() || dual.ndim() != 1,
            OP,
            "dual_win",
            dual.shape(),
            format!("({},), the window's shape", self.win.len()),
        )?;
        out_of_domain_if(
            d.iter().any(|v| !v.is_finite()),
            OP,
            "dual_win",
            "a window with non-finite entries",
            "finite values",
        )?;
        self.dual = Some(d);
        Ok(self)
    }

    /// Scales the window (and the dual window) so that the spectrum has `scaling`
    /// (`ShortTimeFFT.scale_to`).
    pub fn scale_to(mut self, scaling: StftScaling) -> ShortTimeFFT {
        if self.scaling == Some(scaling) {
            return self;
        }
        let fac = match scaling {
            StftScaling::Psd => self.fac_psd(),
            StftScaling::Magnitude => self.fac_magnitude(),
        };
        self.win.iter_mut().for_each(|w| *w *= fac);
        if let Some(d) = self.dual.as_mut() {
            d.iter_mut().for_each(|w| *w /= fac);
        }
        self.scaling = Some(scaling);
        self
    }

    /// The factor that scales the window to magnitude scaling (`1/|Σ win|`; 1 when scaled so).
    pub fn fac_magnitude(&self) -> f64 {
        if self.scaling == Some(StftScaling::Magnitude) {
            1.0
        } else {
            1.0 / self.win.iter().sum::<f64>().abs()
        }
    }

    /// The factor that scales the window to psd scaling (`1/sqrt(Σ win²·fs)`; 1 when scaled
    /// so).
    pub fn fac_psd(&self) -> f64 {
        if self.scaling == Some(StftScaling::Psd) {
            1.0
        } else {
            1.0 / (self.win.iter().map(|w| w * w).sum::<f64>() * self.fs).sqrt()
        }
    }

    /// The window (scaled, if scaled), on the current device.
    ///
    /// # Errors
    /// Allocation errors.
    pub fn win(&self) -> Result<Array> {
        upload(self.win.clone(), cuprum_core::current_device())
    }

    /// The step between slices in samples.
    pub fn hop(&self) -> usize {
        self.hop
    }

    /// The sampling frequency.
    pub fn fs(&self) -> f64 {
        self.fs
    }

    /// The sampling interval `1/fs`.
    pub fn t_step(&self) -> f64 {
        1.0 / self.fs
    }

    /// The FFT length.
    pub fn mfft(&self) -> usize {
        self.mfft
    }

    /// The spectrum layout.
    pub fn fft_mode(&self) -> FftMode {
        self.mode
    }

    /// The scaling, if any.
    pub fn scaling(&self) -> Option<StftScaling> {
        self.scaling
    }

    /// The window length.
    pub fn m_num(&self) -> usize {
        self.win.len()
    }

    /// The window's middle index `m_num / 2`.
    pub fn m_num_mid(&self) -> usize {
        self.win.len() / 2
    }

    /// The time between slices `hop / fs`.
    pub fn delta_t(&self) -> f64 {
        self.hop as f64 / self.fs
    }

    /// The frequency step `fs / mfft`.
    pub fn delta_f(&self) -> f64 {
        self.fs / self.mfft as f64
    }

    /// Whether the spectrum is one-sided.
    pub fn onesided_fft(&self) -> bool {
        matches!(self.mode, FftMode::Onesided | FftMode::Onesided2X)
    }

    /// The number of frequencies of a slice.
    pub fn f_pts(&self) -> usize {
        if self.onesided_fft() {
            self.mfft / 2 + 1
        } else {
            self.mfft
        }
    }

    /// The frequencies of the spectrum's rows, on the current device.
    ///
    /// # Errors
    /// Allocation errors.
    pub fn f(&self) -> Result<Array> {
        let n = self.mfft as i64;
        let df = self.delta_f();
        let v: Vec<f64> = match self.mode {
            FftMode::Onesided | FftMode::Onesided2X => (0..=n / 2).map(|k| k as f64 * df).collect(),
            FftMode::Twosided => (0..n)
                .map(|k| if k < (n + 1) / 2 { k } else { k - n } as f64 * df)
                .collect(),
            FftMode::Centered => (0..n).map(|k| (k - n / 2) as f64 * df).collect(),
        };
        upload(v, cuprum_core::current_device())
    }

    fn w2(&self) -> Vec<f64> {
        self.win.iter().map(|w| w * w).collect()
    }

    /// `(k_min, p_min)` (SciPy's `_pre_padding`).
    fn pre_padding(&self) -> (i64, i64) {
        let w2 = self.w2();
        let (m, mid, hop) = (
            self.m_num() as i64,
            self.m_num_mid() as i64,
            self.hop as i64,
        );
        let mut n_ = -mid;
        let mut p = 0i64;
        while n_ >= -mid - m {
            let next = n_ - hop;
            if next + m <= 0 || zero_from(&w2, next) {
                return (n_, -p);
            }
            n_ -= hop;
            p += 1;
        }
        (n_ + hop, -(p - 1))
    }

    /// The first slice index, ≤ 0 (slices before 0 overlap the signal's start).
    pub fn p_min(&self) -> i64 {
        self.pre_padding().1
    }

    /// The first sample touched by slice `p_min`.
    pub fn k_min(&self) -> i64 {
        self.pre_padding().0
    }

    fn check_n(&self, n: usize) -> Result<()> {
        let m2p = self.m_num() - self.m_num_mid();
        bad_argument_if(n < m2p, OP, "n", n, format!(">= ceil(m_num/2) = {m2p}"))?;
        Ok(())
    }

    /// `(k_max, p_max)` for a signal of `n` samples (SciPy's `_post_padding`).
    fn post_padding(&self, n: usize) -> Result<(i64, i64)> {
        self.check_n(n)?;
        let w2 = self.w2();
        let (m, mid, hop, n) = (
            self.m_num() as i64,
            self.m_num_mid() as i64,
            self.hop as i64,
            n as i64,
        );
        let q1 = n / hop;
        let mut k = q1 * hop - mid;
        let mut q = q1;
        while k < n + m {
            let next = k + hop;
            if next >= n || zero_to(&w2, n - next) {
                return Ok((k + m, q + 1));
            }
            k += hop;
            q += 1;
        }
        Err(Error::invalid_value(OP, format!("no last slice for n={n}")))
    }

    /// One past the last slice index for a signal of `n` samples.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `n` when `n < ceil(m_num/2)`.
    pub fn p_max(&self, n: usize) -> Result<i64> {
        Ok(self.post_padding(n)?.1)
    }

    /// One past the last sample touched by slice `p_max(n) − 1`.
    ///
    /// # Errors
    /// As [`p_max`](Self::p_max).
    pub fn k_max(&self, n: usize) -> Result<i64> {
        Ok(self.post_padding(n)?.0)
    }

    /// The number of slices `p_max(n) − p_min`.
    ///
    /// # Errors
    /// As [`p_max`](Self::p_max).
    pub fn p_num(&self, n: usize) -> Result<usize> {
        Ok((self.p_max(n)? - self.p_min()) as usize)
    }

    /// The slice range `(p0, p1)` with SciPy's defaults and checks.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `p0` or `p1` unless `p_min ≤ p0 < p1 ≤ p_max(n)`.
    pub fn p_range(&self, n: usize, p0: Option<i64>, p1: Option<i64>) -> Result<(i64, i64)> {
        let pmax = self.p_max(n)?;
        let (a, b) = (p0.unwrap_or(self.p_min()), p1.unwrap_or(pmax));
        let p_min = self.p_min();
        check_range(["p0", "p1"], p_min, a, b, pmax, || {
            format!(
                "p_min = {p_min} <= p0 < p1 <= p_max = {pmax} for signal length n = {n} \
                 (p0 = {a}, p1 = {b})"
            )
        })?;
        Ok((a, b))
    }

    /// The times of the slices `p0..p1` of a signal of `n` samples (offset by `k_offset`
    /// samples), on the current device.
    ///
    /// # Errors
    /// As [`p_range`](Self::p_range); `n` 0.
    pub fn t(&self, n: usize, p0: Option<i64>, p1: Option<i64>, k_offset: i64) -> Result<Array> {
        bad_argument_if(n == 0, OP, "n", 0, "a positive integer")?;
        let (a, b) = self.p_range(n, p0, p1)?;
        let v: Vec<f64> = (a..b)
            .map(|p| p as f64 * self.delta_t() + k_offset as f64 / self.fs)
            .collect();
        upload(v, cuprum_core::current_device())
    }

    /// The canonical dual window (`ShortTimeFFT.dual_win`): `win / Σ_k win²(· − k·hop)`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `hop` when the transform is not invertible (`hop > m_num`
    /// or a zero of the overlapped squares).
    pub fn dual_win(&self) -> Result<Vec<f64>> {
        if let Some(d) = &self.dual {
            return Ok(d.clone());
        }
        let m = self.m_num();
        bad_argument_if(
            self.hop > m,
            OP,
            "hop",
            self.hop,
            format!("at most the window length {m} (otherwise the STFT is not invertible)"),
        )?;
        let w2 = self.w2();
        let mut dd = w2.clone();
        let mut k = self.hop;
        while k < m {
            for i in k..m {
                dd[i] += w2[i - k];
            }
            for i in 0..m - k {
                dd[i] += w2[i + k];
            }
            k += self.hop;
        }
        let mx = dd.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        // NumPy's float64 resolution
        bad_argument_if(
            dd.iter().any(|&v| v < 1e-15 * mx),
            OP,
            "hop",
            self.hop,
            "a hop whose overlapped squared windows have no zero (the STFT is not invertible)",
        )?;
        Ok(self.win.iter().zip(&dd).map(|(w, d)| w / d).collect())
    }

    /// The index permutation `(i + p_s) mod mfft` of the phase shift (`None`: identity).
    fn roll_index(&self, sign: i64) -> Option<Vec<i64>> {
        let ps = self.phase_shift?;
        let (m, mid) = (self.m_num() as i64, self.m_num_mid() as i64);
        let p_s = (ps + mid).rem_euclid(m);
        let n = self.mfft as i64;
        Some((0..n).map(|i| (i + sign * p_s).rem_euclid(n)).collect())
    }

    fn onesided2x_fac(&self) -> f64 {
        if self.scaling == Some(StftScaling::Psd) {
            std::f64::consts::SQRT_2
        } else {
            2.0
        }
    }

    /// Weights of the one-sided bins of `onesided2X` (`fac` on the paired bins).
    fn weights_2x(&self, inverse: bool) -> Vec<f64> {
        let fp = self.mfft / 2 + 1;
        let fac = self.onesided2x_fac();
        let last = if self.mfft.is_multiple_of(2) {
            fp - 1
        } else {
            fp
        };
        (0..fp)
            .map(|k| {
                if k >= 1 && k < last {
                    if inverse { 1.0 / fac } else { fac }
                } else {
                    1.0
                }
            })
            .collect()
    }

    /// The short-time Fourier transform of `x` along `axis` (`ShortTimeFFT.stft`).
    ///
    /// **Shapes**: `x` n-d with `n ≥ ceil(m_num/2)` samples along `axis` → `x`'s shape with that
    /// axis replaced by `f_pts` and `p1 − p0` slices appended as the last axis, complex128 (complex64 for float32/complex64 `x`),
    /// on `x`'s device. Slices `p0..p1` default to `p_min()..p_max(n)`.
    ///
    /// # Errors
    /// As [`p_range`](Self::p_range); [`Error::DType`] for complex `x` with a one-sided mode;
    /// [`Error::BadShape`] for 0-d `x`; [`Error::BadArgument`] for too short a signal; [`Error::Unsupported`] for odd padding wider than the signal.
    ///
    /// **Algorithm**: the padded signal viewed as strided frames (one view), multiplied by the
    /// window, rolled by the phase shift (a gather) and transformed by one batched FFT along
    /// the frames — on `x`'s device.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_signal::{ShortTimeFFT, windows};
    /// let s = ShortTimeFFT::new(&windows::hann(8, false).unwrap(), 2, 1.0).unwrap();
    /// let x = Array::from_vec_on(vec![1.0f64; 20], &[20], Device::Cpu).unwrap();
    /// let sx = s.stft(&x, None, None, 0, Default::default(), -1).unwrap();
    /// assert_eq!(sx.shape(), &[5, s.p_num(20).unwrap()]);
    /// ```
    pub fn stft(
        &self,
        x: &Array,
        p0: Option<i64>,
        p1: Option<i64>,
        k_offset: i64,
        padding: StftPadding,
        axis: isize,
    ) -> Result<Array> {
        if self.onesided_fft() && x.dtype().is_complex() {
            return Err(Error::DType {
                op: OP,
                dtype: x.dtype(),
                detail: ": complex `x` needs fft_mode 'twosided' or 'centered'".into(),
            });
        }
        bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
        let ax = axis_of(OP, axis, x.ndim())?;
        let n = x.shape()[ax];
        self.check_n(n)?;
        let (p0, p1) = self.p_range(n, p0, p1)?;
        let dt = crate::util::inexact(x.dtype());
        let xl = x.astype(dt)?.moveaxis(&[ax as isize], &[-1])?;
        let nd = xl.ndim();
        let (hop, m, mid) = (
            self.hop as i64,
            self.m_num() as i64,
            self.m_num_mid() as i64,
        );
        let nn = n as i64;
        let n1 = (p1 - p0) * hop;
        let k0 = p0 * hop - mid + k_offset;
        let k1 = k0 + n1 + m;
        let (i0, i1) = (k0.max(0), k1.min(nn));
        let mut items = full_slices(nd)?;
        let core = if i0 < i1 {
            items[nd - 1] = SliceItem::Slice {
                start: Some(i0 as isize),
                stop: Some(i1 as isize),
                step: 1,
            };
            xl.slice(&items)?
        } else {
            let mut s = xl.shape().to_vec();
            s[nd - 1] = 0;
            cuprum_core::zeros_on(&s[..], dt, x.device())?
        };
        let (pl, pr) = ((-k0.min(0)) as usize, (k1 - nn).max(0) as usize);
        let mut pw = try_vec_filled(nd, (0usize, 0usize))?;
        pw[nd - 1] = (pl, pr);
        let x1 = if pl == 0 && pr == 0 {
            core
        } else {
            let len = core.shape()[nd - 1];
            match padding {
                StftPadding::Zeros => {
                    cuprum_core::pad(&core, &pw, PadMode::Constant(Scalar::Int(0)))?
                }
                StftPadding::Edge => cuprum_core::pad(&core, &pw, PadMode::Edge)?,
                StftPadding::Even => cuprum_core::pad(&core, &pw, PadMode::Reflect)?,
                StftPadding::Odd => {
                    if pl >= len || pr >= len {
                        return Err(Error::unsupported(
                            OP,
                            format!("odd padding of {pl}, {pr} samples around {len}"),
                        ));
                    }
                    let e = cuprum_core::pad(&core, &pw, PadMode::Edge)?;
                    let r = cuprum_core::pad(&core, &pw, PadMode::Reflect)?;
                    cuprum_core::subtract(&cuprum_core::multiply(&e, 2.0)?, &r)?
                }
            }
        };
        // frames (..., p, m) as a strided view, then the window
        let frames = cuprum_core::sliding_window_view(&x1, &[m as usize], Some(&[-1]))?;
        let nf = (p1 - p0) as usize;
        let mut fi = full_slices(nd + 1)?;
        fi[nd - 1] = SliceItem::Slice {
            start: Some(0),
            stop: Some((nf as i64 * hop) as isize),
            step: hop as isize,
        };
        let frames = frames.slice(&fi)?;
        let w = upload(self.win.clone(), x.device())?.astype(crate::util::real_of(dt))?;
        let mut fr = cuprum_core::multiply(&frames, &w)?;
        if (m as usize) < self.mfft {
            let mut pw = try_vec_filled(nd + 1, (0usize, 0usize))?;
            pw[nd] = (0, self.mfft - m as usize);
            fr = cuprum_core::pad(&fr, &pw, PadMode::Constant(Scalar::Int(0)))?;
        }
        if let Some(idx) = self.roll_index(1) {
            let k = idx.len();
            let idx = Array::from_vec_on(idx, &[k], x.device())?;
            fr = cuprum_core::take(&fr, &idx, Some(-1), IndexMode::Raise)?;
        }
        let spec = match self.mode {
            FftMode::Twosided => cuprum_fft::fft(&fr, Some(self.mfft), -1, Norm::Backward)?,
            FftMode::Centered => cuprum_fft::fftshift(
                &cuprum_fft::fft(&fr, Some(self.mfft), -1, Norm::Backward)?,
                Some(&[-1]),
            )?,
            FftMode::Onesided => cuprum_fft::rfft(&fr, Some(self.mfft), -1, Norm::Backward)?,
            FftMode::Onesided2X => {
                let s = cuprum_fft::rfft(&fr, Some(self.mfft), -1, Norm::Backward)?;
                let wv = self.weights_2x(false);
                let k = wv.len();
                let wa = Array::from_vec_on(wv, &[k], x.device())?
                    .astype(crate::util::real_of(s.dtype()))?;
                cuprum_core::multiply(&s, &wa)?
            }
        };
        // (..., p, f) → (..., f, p) → the signal's axis
        let s = spec.swapaxes(-1, -2)?;
        if x.ndim() > 1 {
            // SciPy's layout: the frequencies replace `axis`, the slices come last
            s.moveaxis(&[-2], &[ax as isize])
        } else {
            Ok(s)
        }
    }

    /// `|stft(x)|²` (`ShortTimeFFT.spectrogram` without detrending or `y`).
    ///
    /// **Shapes**: as [`stft`](Self::stft), real.
    ///
    /// # Errors
    /// As [`stft`](Self::stft).
    ///
    /// **Algorithm**: [`stft`](Self::stft), then `re² + im²` on the device.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_signal::{ShortTimeFFT, windows};
    /// let s = ShortTimeFFT::new(&windows::hann(8, false).unwrap(), 4, 1.0).unwrap();
    /// let x = Array::from_vec_on(vec![0.5f64; 16], &[16], Device::Cpu).unwrap();
    /// let p = s.spectrogram(&x, None, None, 0, Default::default(), -1).unwrap();
    /// assert_eq!(p.dtype(), cuprum_core::DType::Float64);
    /// ```
    pub fn spectrogram(
        &self,
        x: &Array,
        p0: Option<i64>,
        p1: Option<i64>,
        k_offset: i64,
        padding: StftPadding,
        axis: isize,
    ) -> Result<Array> {
        let s = self.stft(x, p0, p1, k_offset, padding, axis)?;
        let (re, im) = (cuprum_core::real(&s)?, cuprum_core::imag(&s)?);
        cuprum_core::add(
            &cuprum_core::multiply(&re, &re)?,
            &cuprum_core::multiply(&im, &im)?,
        )
    }

    /// The inverse transform (`ShortTimeFFT.istft`): samples `k0..k1` (default `0..k_max`) of
    /// the signal whose transform is `s`.
    ///
    /// **Shapes**: `s` `(..., f_pts, q)` (frequency axis `-2`, slice axis `-1`) → `(..., k1 −
    /// k0)`, real for a one-sided mode, complex otherwise, on `s`'s device.
    ///
    /// # Errors
    /// [`Error::BadShape`] naming `ShortTimeFFT` and `S` for a frequency axis of another length
    /// than `f_pts` or too few slices; [`Error::BadArgument`] for `k0`/`k1` outside
    /// `k_min ≤ k0 < k1 ≤ k_max` or closer than half a window; the errors of [`dual_win`](Self::dual_win).
    ///
    /// **Algorithm**: one batched inverse FFT of all slices, the dual window, and the overlap
    /// and add of the `ceil(m_num/hop)` hop-sized chunks of each slice as shifted sums — on
    /// `s`'s device.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_signal::{ShortTimeFFT, windows};
    /// let s = ShortTimeFFT::new(&windows::hann(8, false).unwrap(), 2, 1.0).unwrap();
    /// let v: Vec<f64> = (0..20).map(|i| (i as f64 * 0.3).sin()).collect();
    /// let x = Array::from_vec_on(v.clone(), &[20], Device::Cpu).unwrap();
    /// let sx = s.stft(&x, None, None, 0, Default::default(), -1).unwrap();
    /// let y = s.istft(&sx, 0, Some(20)).unwrap().to_vec::<f64>().unwrap();
    /// assert!(y.iter().zip(&v).all(|(a, b)| (a - b).abs() < 1e-12));
    /// ```
    pub fn istft(&self, s: &Array, k0: i64, k1: Option<i64>) -> Result<Array> {
        bad_shape_if(
            s.ndim() < 2 || s.shape()[s.ndim() - 2] != self.f_pts(),
            OP,
            "S",
            s.shape(),
            format!(
                "at least 2 dimensions with S.shape[f_axis] = f_pts = {}",
                self.f_pts()
            ),
        )?;
        let nd = s.ndim();
        let (hop, m, mid) = (
            self.hop as i64,
            self.m_num() as i64,
            self.m_num_mid() as i64,
        );
        let n_min = (m - mid) as usize;
        let q_num = self.p_num(n_min)?;
        let qs = s.shape()[nd - 1];
        bad_shape_if(
            qs < q_num,
            OP,
            "S",
            s.shape(),
            format!("at least {q_num} slices along t_axis"),
        )?;
        let p_min = self.p_min();
        let q_max = qs as i64 + p_min;
        let k_max = (q_max - 1) * hop + m - mid;
        let k1 = k1.unwrap_or(k_max);
        let k_min = self.k_min();
        check_range(["k0", "k1"], k_min, k0, k1, k_max, || {
            format!("k_min = {k_min} <= k0 < k1 <= k_max = {k_max} (k0 = {k0}, k1 = {k1})")
        })?;
        bad_argument_if(
            k1 - k0 < n_min as i64,
            OP,
            "k1",
            k1,
            format!("k1 - k0 >= {n_min}, half the window length (k0 = {k0})"),
        )?;
        let q0 = if k0 >= 0 {
            floor_div(k0, hop) + p_min
        } else {
            floor_div(k0, hop)
        };
        let q1 = self.p_max(k1 as usize)?.min(q_max);
        let dual = self.dual_win()?;
        let dev = s.device();
        // the slices q0..q1 as (..., q, f)
        let mut it = full_slices(nd)?;
        it[nd - 1] = SliceItem::Slice {
            start: Some((q0 - p_min) as isize),
            stop: Some((q1 - p_min) as isize),
            step: 1,
        };
        let sq = s.slice(&it)?.swapaxes(-1, -2)?;
        let cdt = crate::util::complex_of(s.dtype());
        let sq = sq.astype(cdt)?;
        let mut xs = match self.mode {
            FftMode::Twosided => cuprum_fft::ifft(&sq, Some(self.mfft), -1, Norm::Backward)?,
            FftMode::Centered => cuprum_fft::ifft(
                &cuprum_fft::ifftshift(&sq, Some(&[-1]))?,
                Some(self.mfft),
                -1,
                Norm::Backward,
            )?,
            FftMode::Onesided => cuprum_fft::irfft(&sq, Some(self.mfft), -1, Norm::Backward)?,
            FftMode::Onesided2X => {
                let wv = self.weights_2x(true);
                let k = wv.len();
                let wa = Array::from_vec_on(wv, &[k], dev)?.astype(crate::util::real_of(cdt))?;
                cuprum_fft::irfft(
                    &cuprum_core::multiply(&sq, &wa)?,
                    Some(self.mfft),
                    -1,
                    Norm::Backward,
                )?
            }
        };
        if let Some(idx) = self.roll_index(-1) {
            let k = idx.len();
            let idx = Array::from_vec_on(idx, &[k], dev)?;
            xs = cuprum_core::take(&xs, &idx, Some(-1), IndexMode::Raise)?;
        }
        // the first m_num samples, times the dual window
        let mut ti = full_slices(nd)?;
        ti[nd - 1] = SliceItem::Slice {
            start: Some(0),
            stop: Some(m as isize),
            step: 1,
        };
        let dw = upload(dual, dev)?.astype(crate::util::real_of(xs.dtype()))?;
        let xs = cuprum_core::multiply(&xs.slice(&ti)?, &dw)?;
        // overlap and add: chunks of hop samples, chunk c of slice q lands in block q + c
        let nq = (q1 - q0) as usize;
        let r = (m as usize).div_ceil(self.hop);
        let mut pw = try_vec_filled(nd, (0usize, 0usize))?;
        pw[nd - 1] = (0, r * self.hop - m as usize);
        let xp = cuprum_core::pad(&xs, &pw, PadMode::Constant(Scalar::Int(0)))?;
        let mut shp = xp.shape()[..nd - 1].to_vec();
        shp.extend_from_slice(&[r, self.hop]);
        let xp = xp.reshape(&shp[..])?;
        let mut acc: Option<Array> = None;
        for c in 0..r {
            let mut ci = full_slices(nd + 1)?;
            ci[nd - 1] = SliceItem::Index(c as isize);
            let chunk = xp.slice(&ci)?; // (..., q, hop)
            let mut pw = try_vec_filled(nd, (0usize, 0usize))?;
            pw[nd - 2] = (c, r - 1 - c);
            let placed = cuprum_core::pad(&chunk, &pw, PadMode::Constant(Scalar::Int(0)))?;
            acc = Some(match acc {
                None => placed,
                Some(a) => cuprum_core::add(&a, &placed)?,
            });
        }
        let acc = acc.ok_or_else(|| Error::invalid_value(OP, "no slices"))?;
        let mut fl = acc.shape()[..nd - 2].to_vec();
        let total = (nq + r - 1) * self.hop;
        fl.push(total);
        let y = acc.reshape(&fl[..])?;
        // y covers absolute samples a .. a + total; take k0..k1, zeros outside
        let a = q0 * hop - mid;
        let (lo, hi) = (k0 - a, k1 - a);
        let (pl, pr) = ((-lo).max(0) as usize, (hi - total as i64).max(0) as usize);
        let mut pw = try_vec_filled(nd - 1, (0usize, 0usize))?;
        pw[nd - 2] = (pl, pr);
        let y = if pl > 0 || pr > 0 {
            cuprum_core::pad(&y, &pw, PadMode::Constant(Scalar::Int(0)))?
        } else {
            y
        };
        let mut yi = full_slices(nd - 1)?;
        yi[nd - 2] = SliceItem::Slice {
            start: Some((lo + pl as i64) as isize),
            stop: Some((hi + pl as i64) as isize),
            step: 1,
        };
        let out = y.slice(&yi)?;
        Ok(out)
    }
}

/// Checks `lo ≤ a < b ≤ hi` for the range `(a, b)` whose bounds are named `names`: the error
/// names `b` when `a` lies in `[lo, hi)`, otherwise `a`, expecting `expected()`.
fn check_range(
    names: [&'static str; 2],
    lo: i64,
    a: i64,
    b: i64,
    hi: i64,
    expected: impl FnOnce() -> String,
) -> Result<()> {
    if lo <= a && a < b && b <= hi {
        return Ok(());
    }
    let (arg, v) = if lo <= a && a < hi {
        (names[1], b)
    } else {
        (names[0], a)
    };
    Err(Error::bad_argument(OP, arg, v, expected()))
}
