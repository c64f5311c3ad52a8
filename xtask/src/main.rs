//! `cargo xtask bench | info | conformance`.
fn main() {
    eprintln!("usage: cargo xtask bench|info|conformance");
}
