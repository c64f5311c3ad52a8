//! Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11), the
//! counter-based generator behind [`Generator`](super::Generator). The same function is written
//! in CUDA C in `kernels/random.cu`; the two must stay bit-identical.

const M0: u32 = 0xD251_1F53;
const M1: u32 = 0xCD9E_8D57;
const W0: u32 = 0x9E37_79B9;
const W1: u32 = 0xBB67_AE85;

#[inline(always)]
fn mulhilo(a: u32, b: u32) -> (u32, u32) {
    let p = a as u64 * b as u64;
    ((p >> 32) as u32, p as u32)
}

/// Ten rounds of Philox4x32 on `ctr` with key `key`: four independent 32-bit words.
#[inline]
pub fn philox4x32_10(mut ctr: [u32; 4], mut key: [u32; 2]) -> [u32; 4] {
    for r in 0..10 {
        if r > 0 {
            key[0] = key[0].wrapping_add(W0);
            key[1] = key[1].wrapping_add(W1);
        }
        let (hi0, lo0) = mulhilo(M0, ctr[0]);
        let (hi1, lo1) = mulhilo(M1, ctr[2]);
        ctr = [hi1 ^ ctr[1] ^ key[0], lo1, hi0 ^ ctr[3] ^ key[1], lo0];
    }
    ctr
}

/// The four words of block number `block` of the stream with this `seed`.
#[inline]
pub fn block(seed: u64, block: u64) -> [u32; 4] {
    block4(seed, block, 0, 0)
}

/// Block number `block` of the stream with this `seed`, with the upper counter words set: the
/// per-element sub-streams of the rejection samplers use `c2` as a sequence number and `c3 = 1`
/// (ordinary draws use `c2 = c3 = 0`).
#[inline]
pub fn block4(seed: u64, block: u64, c2: u32, c3: u32) -> [u32; 4] {
    philox4x32_10(
        [block as u32, (block >> 32) as u32, c2, c3],
        [seed as u32, (seed >> 32) as u32],
    )
}

/// Blocks `first, first + 1, ..., first + L - 1` of the stream with this `seed` (counter words
/// 2 and 3 zero), computed lane-wise so that the compiler vectorizes the ten rounds across the
/// blocks: the same words as [`block`] for each.
#[inline(always)]
#[allow(clippy::needless_range_loop)] // lane-wise loops over four arrays at once
pub fn block_lanes<const L: usize>(seed: u64, first: u64) -> [[u32; 4]; L] {
    let (mut c0, mut c1, mut c2, mut c3) = ([0u32; L], [0u32; L], [0u32; L], [0u32; L]);
    for l in 0..L {
        let b = first.wrapping_add(l as u64);
        c0[l] = b as u32;
        c1[l] = (b >> 32) as u32;
    }
    let (mut k0, mut k1) = (seed as u32, (seed >> 32) as u32);
    for r in 0..10 {
        if r > 0 {
            k0 = k0.wrapping_add(W0);
            k1 = k1.wrapping_add(W1);
        }
        for l in 0..L {
            let p0 = M0 as u64 * c0[l] as u64;
            let p1 = M1 as u64 * c2[l] as u64;
            let n0 = (p1 >> 32) as u32 ^ c1[l] ^ k0;
            let n2 = (p0 >> 32) as u32 ^ c3[l] ^ k1;
            c0[l] = n0;
            c1[l] = p1 as u32;
            c2[l] = n2;
            c3[l] = p0 as u32;
        }
    }
    let mut out = [[0u32; 4]; L];
    for l in 0..L {
        out[l] = [c0[l], c1[l], c2[l], c3[l]];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_match_single_blocks() {
        for (seed, first) in [(0u64, 0u64), (42, 7), (u64::MAX, u32::MAX as u64 - 3)] {
            let w = block_lanes::<8>(seed, first);
            for (l, w) in w.iter().enumerate() {
                assert_eq!(
                    *w,
                    block(seed, first + l as u64),
                    "seed {seed} block {first}+{l}"
                );
            }
        }
    }

    #[test]
    fn known_answer_vectors() {
        // Random123's kat_vectors for philox4x32_10.
        assert_eq!(
            philox4x32_10([0; 4], [0; 2]),
            [0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8]
        );
        assert_eq!(
            philox4x32_10([u32::MAX; 4], [u32::MAX; 2]),
            [0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd]
        );
        assert_eq!(
            philox4x32_10(
                [0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344],
                [0xa4093822, 0x299f31d0]
            ),
            [0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1]
        );
    }
}
