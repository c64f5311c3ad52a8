//! CPU tests of the kernels against naive dense references.
