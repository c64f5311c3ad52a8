//! The `signal` suite: cuprum-signal against CuPy (GPU) and SciPy (CPU), the rows of
//! issue 40's performance targets: `lfilter` (order-8 Butterworth, `ba`) on float64,
//! `sosfilt` (order 8) on float32, `resample_poly` up 3 down 2, `fftconvolve`, `welch` with
//! `nperseg` 4096, and `convolve2d` with a 7×7 kernel.

use crate::cases::{Body, Case, Work};
use cuprum::scipy::signal as sig;
use cuprum::{Array, ConvolveMode, DType, Device, Result, Scalar};

fn rand(shape: &[usize], dtype: DType, d: Device) -> Result<Array> {
    let mut g = cuprum::random::Generator::new(0);
    g.random_on(shape, dtype, d)
}

/// The order-8 low-pass Butterworth filter at 0.2 of Nyquist (`butter(8, 0.2, output=...)`).
fn butter8(output: sig::FilterOutput) -> Result<sig::Filter> {
    let o = sig::IirOptions {
        output,
        ..Default::default()
    };
    sig::butter(8, &[0.2], &o)
}

fn case(
    name: &str,
    shape: String,
    work: Work,
    repeat: usize,
    build: Box<dyn Fn(Device) -> Result<Body>>,
) -> Case {
    Case::new("signal", name, shape, work, build).repeat(repeat)
}

/// The sizes of one run: the with `full`, a few seconds of a 2-core CPU without.
struct Sz {
    iir: usize,
    resample: usize,
    fftconv: (usize, usize),
    welch: usize,
    conv2d: usize,
}

pub fn signal(full: bool) -> Vec<Case> {
    let s = if full {
        Sz {
            iir: 10_000_000,
            resample: 100_000_000,
            fftconv: (1 << 22, 1 << 12),
            welch: 100_000_000,
            conv2d: 4096,
        }
    } else {
        Sz {
            iir: 1_000_000,
            resample: 4_000_000,
            fftconv: (1 << 18, 1 << 10),
            welch: 4_000_000,
            conv2d: 1024,
        }
    };
    let rep = if full { 10 } else { 5 };
    let (n_iir, n_rs, (n1, n2), n_w, m) = (s.iir, s.resample, s.fftconv, s.welch, s.conv2d);
    vec![
        case(
            "lfilter butter order 8 (ba)",
            format!("{n_iir} float64"),
            Work::Bytes(16.0 * n_iir as f64),
            rep,
            Box::new(move |d| {
                let x = rand(&[n_iir], DType::Float64, d)?;
                let (b, a) = butter8(sig::FilterOutput::Ba)?.ba()?;
                let (b, a) = (b.to_device(d)?, a.to_device(d)?);
                Ok(Box::new(move || sig::lfilter(&b, &a, &x, -1).map(drop)))
            }),
        ),
        case(
            "sosfilt butter order 8",
            format!("{n_iir} float32"),
            // float32 in, float64 out (the float64 sections promote, as in SciPy)
            Work::Bytes(12.0 * n_iir as f64),
            rep,
            Box::new(move |d| {
                let x = rand(&[n_iir], DType::Float32, d)?;
                let sos = butter8(sig::FilterOutput::Sos)?.sos()?.to_device(d)?;
                Ok(Box::new(move || sig::sosfilt(&sos, &x, -1).map(drop)))
            }),
        ),
        case(
            "resample_poly up 3 down 2",
            format!("{n_rs} float32"),
            Work::Bytes(4.0 * n_rs as f64 * 2.5),
            rep,
            Box::new(move |d| {
                let x = rand(&[n_rs], DType::Float32, d)?;
                Ok(Box::new(move || {
                    sig::resample_poly(&x, 3, 2, -1, None).map(drop)
                }))
            }),
        ),
        case(
            "fftconvolve",
            format!("{n1} by {n2} float32"),
            Work::Bytes(4.0 * (2 * n1 + 2 * n2) as f64),
            rep,
            Box::new(move |d| {
                let a = rand(&[n1], DType::Float32, d)?;
                let k = rand(&[n2], DType::Float32, d)?;
                Ok(Box::new(move || {
                    sig::fftconvolve(&a, &k, ConvolveMode::Full, None).map(drop)
                }))
            }),
        ),
        case(
            "welch nperseg 4096",
            format!("{n_w} float32"),
            Work::Bytes(4.0 * n_w as f64),
            rep,
            Box::new(move |d| {
                let x = rand(&[n_w], DType::Float32, d)?;
                let o = sig::SpectralOptions {
                    nperseg: Some(4096),
                    ..Default::default()
                };
                Ok(Box::new(move || sig::welch(&x, &o).map(drop)))
            }),
        ),
        case(
            "convolve2d 7x7",
            format!("{m}x{m} float32"),
            Work::Flops(2.0 * 49.0 * ((m + 6) * (m + 6)) as f64),
            rep,
            Box::new(move |d| {
                let a = rand(&[m, m], DType::Float32, d)?;
                let k = rand(&[7, 7], DType::Float32, d)?;
                Ok(Box::new(move || {
                    sig::convolve2d(
                        &a,
                        &k,
                        ConvolveMode::Full,
                        sig::Boundary::Fill,
                        Scalar::Float(0.0),
                    )
                    .map(drop)
                }))
            }),
        ),
    ]
}
