//! # cuprum-fft
//!
//! cuprum's FFTs with a plan cache: cuFFT on CUDA, rustfft/realfft on the CPU (numpy.fft).
//!
//! Depends only on `cuprum-core` and outside libraries; re-exported by the `cuprum` facade.
#![warn(missing_docs)]
