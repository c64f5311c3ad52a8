//! `fft.*`: NumPy's discrete Fourier transforms through [`crate::fft`].

use super::{Args, Entry, Value, e, one};
use crate::fft::{self, Norm};
use crate::{Array, Result};

type One = fn(&Array, Option<usize>, isize, Norm) -> Result<Array>;
type Many = fn(&Array, Option<&[usize]>, Option<&[isize]>, Norm) -> Result<Array>;

macro_rules! t1 {
    ($name:literal, $f:path) => {
        e!(concat!($name, "(a, n=None, axis=-1, norm=None)"), |a| {
            run_1d(a, $f)
        })
    };
}
macro_rules! tn {
    ($name:literal, $axes:literal, $f:path) => {
        e!(
            concat!($name, "(a, s=None, axes=", $axes, ", norm=None)"),
            |a| { run_nd(a, $f) }
        )
    };
}

pub(super) static ENTRIES: &[Entry] = &[
    t1!("fft.fft", fft::fft),
    t1!("fft.ifft", fft::ifft),
    t1!("fft.rfft", fft::rfft),
    t1!("fft.irfft", fft::irfft),
    t1!("fft.hfft", fft::hfft),
    t1!("fft.ihfft", fft::ihfft),
    tn!("fft.fft2", "(-2, -1)", fft::fft2),
    tn!("fft.ifft2", "(-2, -1)", fft::ifft2),
    tn!("fft.rfft2", "(-2, -1)", fft::rfft2),
    tn!("fft.irfft2", "(-2, -1)", fft::irfft2),
    tn!("fft.fftn", "None", fft::fftn),
    tn!("fft.ifftn", "None", fft::ifftn),
    tn!("fft.rfftn", "None", fft::rfftn),
    tn!("fft.irfftn", "None", fft::irfftn),
    e!("fft.fftfreq(n, d=1.0)", |a| one(fft::fftfreq(
        a.usize("n")?,
        a.float("d")?
    ))),
    e!("fft.rfftfreq(n, d=1.0)", |a| one(fft::rfftfreq(
        a.usize("n")?,
        a.float("d")?
    ))),
    e!("fft.fftshift(x, axes=None)", |a| one(fft::fftshift(
        &a.array("x")?,
        a.opt_axes("axes")?.as_deref()
    ))),
    e!("fft.ifftshift(x, axes=None)", |a| one(fft::ifftshift(
        &a.array("x")?,
        a.opt_axes("axes")?.as_deref()
    ))),
];

fn norm(a: &Args<'_>) -> Result<Norm> {
    Norm::try_from(a.opt_str("norm")?)
}

fn run_1d(a: &Args<'_>, f: One) -> Result<Vec<Value>> {
    one(f(
        &a.array("a")?,
        a.opt_usize("n")?,
        a.isize("axis")?,
        norm(a)?,
    ))
}

fn run_nd(a: &Args<'_>, f: Many) -> Result<Vec<Value>> {
    let axes = a.opt_axes("axes")?;
    let s = a.opt_shape("s")?;
    one(f(&a.array("a")?, s.as_deref(), axes.as_deref(), norm(a)?))
}
