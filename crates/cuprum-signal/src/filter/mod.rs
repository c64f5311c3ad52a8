//! Filtering along an axis: the recursive filters (`lfilter`, `sosfilt` and their zero-phase
//! forms) over one engine, with SciPy's state layouts.

mod engine;
pub mod lfilter;
pub mod pad;
pub mod sos;

pub(crate) use engine::{combine, dptr};
pub(crate) use sos::sos_host;
