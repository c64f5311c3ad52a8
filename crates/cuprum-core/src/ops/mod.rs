//! Elementwise operations: NumPy broadcasting, NumPy 2 type promotion, weak scalars,
//! operator overloads.

pub mod kinds;
