//! [`MemoryReport`]: what the pools hold, per device.

use crate::arena::PoolStats;
use crate::pinned::PinnedStats;
use cuprum_core::Device;
use std::fmt;

/// One device's line of a [`MemoryReport`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DeviceMemory {
    /// The device.
    pub device: Device,
    /// The pool's statistics on it (in use, cached, held, limit, largest free block).
    pub stats: PoolStats,
    /// `(free, total)` bytes of the device (`cuMemGetInfo`), when it could be read.
    pub device_free_total: Option<(usize, usize)>,
}

/// What the device pools and the pinned pool hold: per device, bytes in use, cached, held,
/// the limit and the largest free block. Made by [`MemoryPool::report`](crate::MemoryPool::report)
/// and [`memory_report`](crate::memory_report); `Display` prints a small table.
///
/// # Example
/// ```
/// let r = cuprum_memory::memory_report();
/// let text = r.to_string();
/// assert!(text.contains("pinned host memory"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MemoryReport {
    /// One entry per CUDA device (none without a GPU).
    pub devices: Vec<DeviceMemory>,
    /// The default pinned pool.
    pub pinned: PinnedStats,
}

/// Bytes in a human unit (binary prefixes).
pub(crate) fn human(b: usize) -> String {
    const U: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = b as f64;
    let mut k = 0;
    while v >= 1024.0 && k + 1 < U.len() {
        v /= 1024.0;
        k += 1;
    }
    if k == 0 {
        format!("{b} B")
    } else {
        format!("{v:.1} {}", U[k])
    }
}

impl fmt::Display for MemoryReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "cuprum memory pool")?;
        if self.devices.is_empty() {
            writeln!(f, "  no CUDA device")?;
        }
        writeln!(
            f,
            "  {:<8} {:>11} {:>11} {:>11} {:>11} {:>13} {:>11} {:>7}",
            "device", "in use", "cached", "held", "limit", "largest free", "free blocks", "chunks"
        )?;
        for d in &self.devices {
            let s = &d.stats;
            let limit = if s.limit == usize::MAX {
                "none".to_string()
            } else {
                human(s.limit)
            };
            writeln!(
                f,
                "  {:<8} {:>11} {:>11} {:>11} {:>11} {:>13} {:>11} {:>7}",
                d.device.to_string(),
                human(s.used_bytes),
                human(s.free_bytes),
                human(s.total_bytes),
                limit,
                human(s.largest_free_block),
                s.n_free_blocks,
                s.n_chunks
            )?;
            if let Some((free, total)) = d.device_free_total {
                writeln!(
                    f,
                    "  {:<8} device: {} free of {}",
                    "",
                    human(free),
                    human(total)
                )?;
            }
        }
        write!(
            f,
            "pinned host memory: in use {}, cached {} in {} block(s), held {}",
            human(self.pinned.used_bytes),
            human(self.pinned.total_bytes - self.pinned.used_bytes),
            self.pinned.n_free_blocks,
            human(self.pinned.total_bytes)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_prints_every_column() {
        let r = MemoryReport {
            devices: vec![DeviceMemory {
                device: Device::Cuda(0),
                stats: PoolStats {
                    used_bytes: 3 << 20,
                    total_bytes: 4 << 20,
                    free_bytes: 1 << 20,
                    n_free_blocks: 2,
                    largest_free_block: 512 << 10,
                    n_chunks: 1,
                    limit: usize::MAX,
                },
                device_free_total: Some((1 << 30, 2 << 30)),
            }],
            pinned: PinnedStats {
                used_bytes: 512,
                total_bytes: 1024,
                n_free_blocks: 1,
            },
        };
        let t = r.to_string();
        for want in [
            "cuda:0",
            "3.0 MiB",
            "1.0 MiB",
            "4.0 MiB",
            "none",
            "512.0 KiB",
            "1.0 GiB free of 2.0 GiB",
            "pinned host memory: in use 512 B, cached 512 B in 1 block(s), held 1.0 KiB",
        ] {
            assert!(t.contains(want), "{want:?} missing from\n{t}");
        }
        assert_eq!(human(1023), "1023 B");
    }
}
