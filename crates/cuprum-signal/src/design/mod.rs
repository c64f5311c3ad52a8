//! Filter design on the host (O(order) work in float64, as SciPy and CuPy do it), returning
//! arrays on the current device: IIR design, FIR design, frequency responses and the
//! zeros-poles-gain algebra.

pub mod band_stop;
pub mod bessel;
pub mod convert;
mod dense;
mod elliptic;
pub mod findfreqs;
pub mod fir;
pub mod freq;
pub mod iir;
pub mod normalize;
pub mod notch;
pub mod order;
pub mod partial;
pub mod place_poles;
mod pole_update;
pub mod prototype;
pub mod remez;
pub mod ss;
mod svd;
pub(crate) mod zpk;
