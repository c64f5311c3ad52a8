//! # cuprum-sparse
//!
//! cuprum's sparse matrices (CSR/CSC/COO/DIA) on cuSPARSE and the CPU (`cupyx.scipy.sparse`,
//! `scipy.sparse`).
//!
//! Depends only on `cuprum-core` (its user API and `cuprum_core::ext`) and outside libraries;
//! re-exported by the `cuprum` facade.
#![warn(missing_docs)]

/// `From` impls for an input enum `$e`, one a line: `$t => |$x| $body`.
macro_rules! from_impls {
    ($e:ty { $($t:ty => |$x:ident| $body:expr),* $(,)? }) => {$(
        impl<'a> From<$t> for $e {
            fn from($x: $t) -> Self {
                $body
            }
        }
    )*};
}

pub mod error;
pub mod io;
pub(crate) mod kernels;
pub mod linalg;
pub mod parts;

mod compat;
mod construct;
mod display;
mod index;
mod operators;
mod ops;
mod sparse;
mod sputils;
mod util;

pub use compat::{
    block_array, csgraph, get_index_dtype, isspmatrix, isspmatrix_coo, isspmatrix_csc,
    isspmatrix_csr, isspmatrix_dia, matrix_transpose, permute_dims, random_array, swapaxes,
};
pub use construct::{
    block_diag, bmat, diags, diags_array, eye, eye_array, eye_on, find, hstack, identity, kron,
    kronsum, rand, random, random_on, spdiags, tril, triu, vstack,
};
pub use error::{Result, SparseError};
pub use index::{Indexed, SparseIndex};
pub use ops::{Other, Product, SparseBinOp};
pub use sparse::{
    Flavour, Format, Input, Sparse, coo_array, coo_matrix, csc_array, csc_matrix, csr_array,
    csr_matrix, dia_array, dia_matrix, issparse,
};
pub use sputils::{IndexArrays, safely_cast_index_arrays};

#[cfg(test)]
mod tests;
