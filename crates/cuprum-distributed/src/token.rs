//! Job tokens: generation and constant-time comparison.

use crate::{Error, Result};

/// Environment variable holding the job token every rank presents to the store and its peers.
pub const TOKEN_ENV: &str = "CUPRUM_JOB_TOKEN";

/// A fresh random job token: 32 bytes from the operating system's generator, as 64 hex digits.
///
/// `cuprum-run` generates one per job and hands it to its ranks in `CUPRUM_JOB_TOKEN`.
///
/// # Errors
/// [`Error::Unsupported`] when the operating system has no random source.
///
/// ```
/// let t = cuprum_distributed::generate_token().unwrap();
/// assert_eq!(t.len(), 64);
/// assert_ne!(t, cuprum_distributed::generate_token().unwrap());
/// ```
pub fn generate_token() -> Result<String> {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).map_err(|e| {
        Error::unsupported(
            "generate_token",
            format!("the operating system's random source failed: {e}"),
        )
    })?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// True when `a == b`, in time that depends only on the lengths (not on where they differ).
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut diff = 0u8;
    for (x, y) in a.iter().zip(b) {
        diff |= x ^ y;
    }
    std::hint::black_box(diff) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compare() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"abcd"));
        assert!(constant_time_eq(b"", b""));
    }
}
