//! `cupy.cuda.nccl`'s module functions: [`get_build_version`], [`get_version`],
//! [`get_unique_id`]. NCCL is loaded at run time; where it is not installed, the functions
//! that need it return a core `LibraryNotFound` error (never a panic).

use crate::Result;
use crate::backend::nccl;

/// The version of the NCCL headers cuprum was built against, as NCCL's version code
/// (`major * 10000 + minor * 100 + patch`): cudarc's `nccl` feature binds NCCL 2.30's API
/// (`nccl-02030`), so this is 23000 (the bindings do not record a patch level).
pub const NCCL_BUILD_VERSION: i32 = 23000;

/// The NCCL version cuprum was built against (`cupy.cuda.nccl.get_build_version()`): the
/// version code of the bindings' headers, [`NCCL_BUILD_VERSION`]. Compare with
/// [`get_version`], the library actually loaded at run time.
///
/// **Shapes:** none.
///
/// # Errors
/// None: known at build time, NCCL need not be installed.
///
/// # Example
/// ```
/// let v = cuprum_distributed::nccl::get_build_version();
/// assert_eq!((v / 10000, v / 100 % 100), (2, 30));
/// ```
pub fn get_build_version() -> i32 {
    NCCL_BUILD_VERSION
}

/// The version code of the NCCL library loaded at run time (`cupy.cuda.nccl.get_version()`,
/// `ncclGetVersion`), e.g. 22803 for 2.28.3; the same as
/// [`nccl_version`](crate::nccl_version).
///
/// # Errors
/// A core `LibraryNotFound` error (`libnccl`) when NCCL is not installed.
///
/// # Example
/// ```
/// match cuprum_distributed::nccl::get_version() {
///     Ok(v) => assert!(v >= 20000),
///     Err(e) => assert!(e.to_string().contains("libnccl")),
/// }
/// ```
pub fn get_version() -> Result<i32> {
    nccl::version()
}

/// A new NCCL unique id (`cupy.cuda.nccl.get_unique_id()`, `ncclGetUniqueId`): the 128 bytes
/// that rank 0 creates and sends to every rank (through a store, MPI, a file) so that all of
/// them can join one communicator. CuPy returns them as a tuple of 128 signed chars; here
/// they are bytes.
///
/// **Shapes:** none; 128 bytes (`NCCL_UNIQUE_ID_BYTES`).
///
/// Each call asks NCCL for a fresh id (it contains the address NCCL's bootstrap listens on,
/// and a random magic number), so two calls differ.
///
/// # Errors
/// A core `LibraryNotFound` error (`libnccl`) when NCCL is not installed;
/// [`Error::Nccl`](crate::Error::Nccl) with NCCL's status when `ncclGetUniqueId` fails (no
/// usable network interface, for example).
///
/// # Example
/// ```
/// match cuprum_distributed::nccl::get_unique_id() {
///     Ok(id) => assert_eq!(id.len(), 128),
///     Err(e) => assert!(e.to_string().contains("libnccl")),
/// }
/// ```
pub fn get_unique_id() -> Result<[u8; 128]> {
    nccl::unique_id_for("get_unique_id")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn build_version_is_the_bindings_version() {
        // NCCL_VERSION(2, 30, 0) as nccl.h defines it: 2 * 10000 + 30 * 100 + 0
        assert_eq!(get_build_version(), 23000);
    }

    #[test]
    fn unique_id_or_a_clear_error() {
        if crate::is_nccl_available() {
            let a = get_unique_id().unwrap();
            let b = get_unique_id().unwrap();
            assert_eq!(a.len(), 128);
            assert_ne!(a, b, "two ids share their magic number");
            assert!(a.iter().any(|&x| x != 0));
            let v = get_version().unwrap();
            assert!(v >= 20000 && v == crate::nccl_version().unwrap());
        } else {
            let e = get_unique_id().unwrap_err();
            match &e {
                crate::Error::Core(cuprum_core::Error::LibraryNotFound { library, detail }) => {
                    assert_eq!(*library, "libnccl");
                    assert!(detail.starts_with("get_unique_id:"), "{detail}");
                }
                other => panic!("expected LibraryNotFound, got {other:?}"),
            }
            assert!(get_version().is_err());
        }
    }
}
