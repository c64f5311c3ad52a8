//! `max_len_seq`: maximum length sequences from a linear feedback shift register, generated in
//! parallel chunks (each chunk's start state found by GF(2) matrix powers on the host), by a
//! CUDA kernel on CUDA devices and by rayon on the CPU.

use crate::filter::dptr;
use crate::util::{bad_argument_if, check_len, out_of_domain_if};
use cuprum_core::ext::{nvrtc, try_vec_filled, try_vec_with_capacity};
use cuprum_core::{Array, DType, Device, Error, Result, current_device};
use rayon::prelude::*;
use std::sync::OnceLock;

/// SciPy's default taps for `nbits` 2..=32 (the first option of each length in the
/// newwaveinstruments table SciPy cites).
fn default_taps(nbits: usize) -> Option<&'static [usize]> {
    // TAPS[nbits - 2]: the taps for nbits 2..=32.
    const TAPS: [&[usize]; 31] = [
        &[1],
        &[2],
        &[3],
        &[3],
        &[5],
        &[6],
        &[7, 6, 1],
        &[5],
        &[7],
        &[9],
        &[11, 10, 4],
        &[12, 11, 8],
        &[13, 12, 2],
        &[14],
        &[15, 13, 4],
        &[14],
        &[11],
        &[18, 17, 14],
        &[17],
        &[19],
        &[21],
        &[18],
        &[23, 22, 17],
        &[22],
        &[25, 24, 20],
        &[26, 25, 22],
        &[25],
        &[27],
        &[29, 28, 7],
        &[28],
        &[31, 30, 10],
    ];
    TAPS.get(nbits.checked_sub(2)?).copied()
}

/// One register step: output bit 0, feed back the parity of `s & mask` at bit `nbits − 1`.
#[inline]
fn step(s: u64, mask: u64, nbits: usize) -> u64 {
    let f = u64::from((s & mask).count_ones() & 1);
    (s >> 1) | (f << (nbits - 1))
}

/// A linear map on GF(2)^nbits by the images of the unit vectors.
#[derive(Clone)]
struct Map(Vec<u64>);

impl Map {
    fn apply(&self, v: u64) -> u64 {
        let mut out = 0;
        let mut v = v;
        while v != 0 {
            let j = v.trailing_zeros() as usize;
            out ^= self.0[j];
            v &= v - 1;
        }
        out
    }

    fn then(&self, next: &Map) -> Map {
        Map(self.0.iter().map(|&c| next.apply(c)).collect())
    }

    /// The register advanced `k` steps.
    fn power(step1: &Map, mut k: u64) -> Map {
        let n = step1.0.len();
        let mut acc = Map((0..n).map(|j| 1u64 << j).collect());
        let mut base = step1.clone();
        while k > 0 {
            if k & 1 == 1 {
                acc = acc.then(&base);
            }
            base = base.then(&base);
            k >>= 1;
        }
        acc
    }
}

fn source() -> &'static str {
    static SRC: OnceLock<&'static str> = OnceLock::new();
    crate::util::cuda_source(&SRC, include_str!("../../../kernels/signal/mls.cu"))
}

/// A maximum length sequence (`scipy.signal.max_len_seq`): `length` (default `2^nbits − 1`)
/// bits of the Fibonacci shift register of `nbits` bits with feedback `taps` (SciPy's table
/// for `nbits` 2..=32 by default), from `state` (default all ones).
///
/// **Shapes**: → `seq` int8 `(length,)` of 0s and 1s and the final register state int8
/// `(nbits,)`, on the current device.
///
/// Each step outputs register element 0, XORs it with the elements at the (deduplicated) taps
/// (taken modulo `nbits`, as SciPy's circular buffer does), shifts the register by one and
/// puts the result last. With SciPy's default taps the sequence has period `2^nbits − 1`.
///
/// # Errors
/// [`Error::BadArgument`] naming `signal.max_len_seq` for an `nbits` without default taps
/// (when `taps` is `None`) or above 64, empty taps or a tap above `nbits`, a `length` above
/// 2^48; [`Error::BadShape`] for a `state` not of `nbits` elements; [`Error::OutOfDomain`] for
/// an all-zero `state`.
///
/// **Algorithm**: the register in one 64-bit word; the output split into chunks whose start
/// states are the initial state times powers of the step's GF(2) matrix (host, O(nbits²) per
/// chunk); the chunks generated in parallel (a CUDA kernel, rayon on the CPU).
///
/// # Example
/// ```
/// // scipy.signal.max_len_seq(3) -> seq [1, 1, 1, 0, 1, 0, 0], state [1, 1, 1]
/// let (seq, state) = cuprum_signal::max_len_seq(3, None, None, None).unwrap();
/// assert_eq!(seq.to_vec::<i8>().unwrap(), vec![1, 1, 1, 0, 1, 0, 0]);
/// assert_eq!(state.to_vec::<i8>().unwrap(), vec![1, 1, 1]);
/// ```
pub fn max_len_seq(
    nbits: usize,
    state: Option<&[bool]>,
    length: Option<usize>,
    taps: Option<&[usize]>,
) -> Result<(Array, Array)> {
    const OP: &str = "signal.max_len_seq";
    bad_argument_if(nbits == 0 || nbits > 64, OP, "nbits", nbits, "1 to 64")?;
    let taps: Vec<usize> = match taps {
        None => default_taps(nbits)
            .ok_or_else(|| Error::bad_argument(OP, "nbits", nbits, "2 to 32 when taps is None"))?
            .to_vec(),
        Some(t) => {
            let mut t = t.to_vec();
            t.sort_unstable();
            t.dedup();
            bad_argument_if(
                t.is_empty() || t.iter().any(|&x| x > nbits),
                OP,
                "taps",
                format!("{t:?}"),
                format!("a non-empty list of values between 0 and nbits = {nbits}"),
            )?;
            t
        }
    };
    let full = if nbits >= 64 {
        u64::MAX
    } else {
        (1u64 << nbits) - 1
    };
    let length = length.unwrap_or(full as usize) as u64;
    bad_argument_if(
        length > 1 << 48,
        OP,
        "length",
        length,
        "at most 2**48 samples",
    )?;
    let s0: u64 = match state {
        None => full,
        Some(s) => {
            check_len(OP, "state", s.len(), nbits, "one per bit (nbits)")?;
            s.iter()
                .enumerate()
                .fold(0u64, |acc, (j, &b)| acc | (u64::from(b) << j))
        }
    };
    out_of_domain_if(
        s0 == 0,
        OP,
        "state",
        "all zeros",
        "a nonzero register state",
    )?;
    let mut mask = 1u64;
    for &t in &taps {
        mask ^= 1u64 << (t % nbits);
    }
    let step1 = Map((0..nbits).map(|j| step(1u64 << j, mask, nbits)).collect());
    let end = Map::power(&step1, length).apply(s0);
    let dev = current_device();
    let bits: Vec<i8> = (0..nbits).map(|j| ((end >> j) & 1) as i8).collect();
    let state_out = Array::from_vec_on(bits, &[nbits], dev)?;
    let n = length as usize;
    // chunks: at least 4096 samples each, at most 2^16 chunks
    let chunk = n.div_ceil(1 << 16).max(4096);
    let nchunks = n.div_ceil(chunk);
    let jump = Map::power(&step1, chunk as u64);
    let mut starts = try_vec_with_capacity::<u64>(nchunks)?;
    let mut s = s0;
    for _ in 0..nchunks {
        starts.push(s);
        s = jump.apply(s);
    }
    let seq = match dev {
        Device::Cpu => {
            let mut out = try_vec_filled(n, 0i8)?;
            out.par_chunks_mut(chunk)
                .zip(starts.par_iter())
                .for_each(|(c, &st)| {
                    let mut s = st;
                    for v in c {
                        *v = (s & 1) as i8;
                        s = step(s, mask, nbits);
                    }
                });
            Array::from_vec_on(out, &[n], dev)?
        }
        Device::Cuda(o) => {
            let out = cuprum_core::zeros_on(&[n][..], DType::Int8, dev)?;
            if n > 0 {
                let st = Array::from_vec_on(
                    starts.iter().map(|&v| v as i64).collect::<Vec<i64>>(),
                    &[nchunks],
                    dev,
                )?;
                let f = nvrtc::static_function(o, source(), "sig_mls", &[])?;
                let cfg = nvrtc::LaunchConfig::for_num_elems(nchunks as u64, 128);
                let (mut p_st, mut p_out) = (dptr(&st)?, dptr(&out)?);
                let (mut nc, mut ch, mut len) = (nchunks as i64, chunk as i64, n as i64);
                let mut nb = nbits as i32;
                let mut mk = mask;
                let mut args = crate::util::kernel_args![p_st, nc, ch, len, nb, mk, p_out];
                // SAFETY: sig_mls takes (const unsigned long long* start, long long nchunks,
                // long long chunk, long long length, int nbits, unsigned long long mask,
                // signed char* seq), matched in order and width by `args`; `st` holds nchunks
                // 64-bit words and `out` n int8 elements, both fresh C-contiguous arrays on this
                // device that outlive the stream-ordered launch; every write index is below
                // length = n; the grid-stride loop makes any grid size safe.
                unsafe { nvrtc::launch(&f, cfg, None, &mut args)? };
            }
            out
        }
        other => {
            return Err(Error::unsupported(
                OP,
                format!("generating on device {other:?}"),
            ));
        }
    };
    Ok((seq, state_out))
}
