//! Unit tests of the sparse linear algebra.
