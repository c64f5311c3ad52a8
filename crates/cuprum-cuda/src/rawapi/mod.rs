//! The raw-pointer part of `cupy.cuda.runtime`: allocation, copies, managed memory, pointer
//! attributes, raw streams and events, host callbacks, IPC handles, graph handles, limits and
//! memory pools. Re-exported from [`runtime`](crate::runtime); see its docs.
//!
//! These are thin wrappers over the driver API (the runtime function each mirrors is named in
//! its docs). Addresses are `u64` (`CUdeviceptr`, and host addresses as integers too), as CuPy
//! passes them as Python ints; handles are cudarc's raw `sys` types. Unlike CuPy, which acts on
//! the current device, every function takes the device ordinal whose primary context it binds.
//! Functions that read, write, free or hand out memory through an address or handle the caller
//! supplies are `unsafe`. Every function returns an error naming the driver call and the CUDA
//! error, never panics; without a driver the error is the one every `runtime` function gives
//! ([`Error::LibraryNotFound`] or [`Error::DeviceUnavailable`]).

use super::stream::Stream;
use crate::driver::{bind, drv, guard, runtime, unavailable};
use crate::{Device, Error, Result};
use cudarc::driver::{DriverError, sys};
use std::ffi::c_void;

/// Runs one driver call under the loader guard (a missing symbol of an old driver is
/// [`Error::LibraryNotFound`], not a panic) and names it in the error.
fn call(op: &'static str, f: impl FnOnce() -> sys::CUresult) -> Result<()> {
    guard("libcuda", || f().result().map_err(|e| drv(op, e)))
}

/// The error when no driver is loaded (for the functions that take no device).
fn need_driver(op: &'static str) -> Result<()> {
    match runtime() {
        Ok(_) => Ok(()),
        Err(_) => Err(unavailable(op, 0)),
    }
}

mod alloc;
mod array;
mod copy;
mod graph;
mod ipc;
mod limits;
mod managed;
mod stream;

pub use alloc::*;
pub use array::*;
pub use copy::*;
pub use graph::*;
pub use ipc::*;
pub use limits::*;
pub use managed::*;
pub use stream::*;
