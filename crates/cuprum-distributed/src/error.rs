//! [`Error`]: cuprum-distributed's one structured error type.

use std::time::Duration;

/// Result alias used across cuprum-distributed.
pub type Result<T, E = Error> = std::result::Result<T, E>;

cuprum_core::feature_error_impls!(
    /// `?` on a distributed result inside a function returning `cuprum::Result` (cuprum-core's):
    /// [`Error::Core`] unwraps to the core error it holds, every other variant travels as
    /// [`cuprum_core::Error::Feature`] (get it back with `e.feature::<cuprum_distributed::Error>()`).
    ///
    /// # Example
    /// ```
    /// fn rank() -> cuprum_core::Result<usize> {
    ///     Ok(cuprum_distributed::get_rank()?) // no process group: a distributed error
    /// }
    /// let e = rank().unwrap_err();
    /// assert!(e.feature::<cuprum_distributed::Error>().is_some() || !e.to_string().is_empty());
    /// ```
    Error
);

/// Everything that can go wrong in a collective, the rendezvous or the launcher. Each variant
/// names the operation and the ranks, addresses or values involved.
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An error from cuprum-core (array allocation, device availability, dtype checks, ...).
    #[error(transparent)]
    Core(#[from] cuprum_core::Error),
    /// Some ranks did not take part within the timeout.
    #[error(
        "{op}: timed out after {:.1} s waiting for rank(s) {missing:?} (set CUPRUM_DIST_TIMEOUT_S to wait longer)",
        waited.as_secs_f64()
    )]
    Timeout {
        /// the operation that waited
        op: &'static str,
        /// how long it waited
        waited: Duration,
        /// the ranks that never answered
        missing: Vec<usize>,
    },
    /// A peer closed its connection or reset it: that rank has exited or crashed.
    #[error("{op}: rank {rank} is gone ({reason})")]
    RankFailed {
        /// the operation that noticed
        op: &'static str,
        /// the rank that failed
        rank: usize,
        /// what the socket said
        reason: String,
    },
    /// The rendezvous store or a peer refused this process's job token.
    #[error(
        "{op}: {peer} refused the job token; every rank must run with the same CUPRUM_JOB_TOKEN"
    )]
    TokenRefused {
        /// the operation
        op: &'static str,
        /// who refused (address or rank)
        peer: String,
    },
    /// The rendezvous failed because of another process: a rank presented a different job
    /// token and was refused, or ranks were started with different world sizes. Reported to
    /// every rank waiting in the rendezvous at once, instead of after the timeout.
    #[error("{op}: {fault}")]
    RendezvousFault {
        /// the operation
        op: &'static str,
        /// what happened, naming the rank(s) and values (e.g. both world sizes)
        fault: String,
    },
    /// The rendezvous store could not be reached within the timeout.
    #[error("{op}: could not reach the rendezvous store at {addr} within {:.1} s: {source}", waited.as_secs_f64())]
    StoreUnreachable {
        /// the operation
        op: &'static str,
        /// the store's address
        addr: String,
        /// how long it tried
        waited: Duration,
        /// the last connection error
        #[source]
        source: std::io::Error,
    },
    /// A socket error other than a closed peer.
    #[error("{op}: I/O error with {peer}: {source}")]
    Io {
        /// the operation
        op: &'static str,
        /// the other side (rank or address)
        peer: String,
        /// the underlying error
        #[source]
        source: std::io::Error,
    },
    /// Ranks disagree about the call (a different collective, count or dtype), or a peer sent
    /// bytes that are not cuprum's protocol.
    #[error("{op}: mismatch with rank {rank}: {reason}")]
    Mismatch {
        /// the operation
        op: &'static str,
        /// the peer that disagrees
        rank: usize,
        /// what differs
        reason: String,
    },
    /// NCCL returned a failure status (or reported one asynchronously).
    #[error("{op}: NCCL returned {status}{detail}")]
    Nccl {
        /// the NCCL call or collective
        op: &'static str,
        /// NCCL's status name, e.g. `ncclUnhandledCudaError`
        status: String,
        /// NCCL's last-error text, starting with ": ", or empty
        detail: String,
    },
    /// An argument the operation rejects (a rank out of range, a wrong element count, ...).
    #[error("{op}: invalid argument: {reason}")]
    InvalidArgument {
        /// the operation
        op: &'static str,
        /// what is wrong
        reason: String,
    },
    /// An environment variable is missing or malformed.
    #[error("{op}: environment variable {var}: {reason}")]
    Env {
        /// the operation
        op: &'static str,
        /// the variable
        var: &'static str,
        /// what is wrong
        reason: String,
    },
    /// A process-group function was called before `init_process_group` (or after
    /// `destroy_process_group`).
    #[error("{op}: the default process group is not initialized; call init_process_group first")]
    NotInitialized {
        /// the operation
        op: &'static str,
    },
    /// The operation is not available for this backend, dtype or reduction.
    #[error("{op}: not supported: {reason}")]
    Unsupported {
        /// the operation
        op: &'static str,
        /// what is unsupported
        reason: String,
    },
}

impl Error {
    /// Shorthand for [`Error::InvalidArgument`].
    pub(crate) fn invalid(op: &'static str, reason: impl Into<String>) -> Self {
        Error::InvalidArgument {
            op,
            reason: reason.into(),
        }
    }
    /// Shorthand for [`Error::Unsupported`].
    pub(crate) fn unsupported(op: &'static str, reason: impl Into<String>) -> Self {
        Error::Unsupported {
            op,
            reason: reason.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `?` into cuprum-core's error: core errors unwrap, the others keep their text and type.
    #[test]
    fn converts_into_the_core_error() {
        let t = Error::Timeout {
            op: "barrier",
            waited: Duration::from_secs(2),
            missing: vec![1, 3],
        };
        let text = t.to_string();
        let c: cuprum_core::Error = t.into();
        assert_eq!(c.to_string(), text);
        assert!(matches!(
            c.feature::<Error>(),
            Some(Error::Timeout { missing, .. }) if missing == &vec![1, 3]
        ));
        let inner = cuprum_core::Error::unsupported("all_reduce", "complex Max");
        let c: cuprum_core::Error = Error::Core(inner).into();
        assert!(matches!(
            c,
            cuprum_core::Error::Unsupported {
                op: "all_reduce",
                ..
            }
        ));
    }
}
