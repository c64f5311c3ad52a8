//! Bit generators: the source of random bits under a [`Generator`](super::Generator)
//! (`cupy.random.BitGenerator`, `XORWOW`, `MRG32k3a`, `Philox4x3210`).
//!
//! See [`BitGenerator`] for how each generator maps onto the block stream.

use crate::{Error, Result};

/// Blocks per lane subsequence of an ordinary draw (256 words).
pub const LANE_BLOCKS: u64 = 64;
/// Lanes (independent subsequences) per group.
pub const LANES: u64 = 32;
/// Blocks per group: [`LANES`] × [`LANE_BLOCKS`].
pub const GROUP_BLOCKS: u64 = LANES * LANE_BLOCKS;

/// Which bit generator a [`Generator`](super::Generator) draws from.
///
/// # Example
/// ```
/// use cuprum_core::random::BitGeneratorKind;
/// let k: BitGeneratorKind = "XORWOW".parse().unwrap();
/// assert_eq!(k, BitGeneratorKind::XORWOW);
/// assert_eq!(k.name(), "XORWOW");
/// assert!("mt19937".parse::<BitGeneratorKind>().is_err());
/// ```
#[allow(clippy::upper_case_acronyms)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum BitGeneratorKind {
    /// Philox4x32-10 (Salmon et al. 2011), counter-based; the default.
    #[default]
    Philox4x3210,
    /// Marsaglia's xorshift with a Weyl sequence ("xorwow", 2003), cuRAND's default generator.
    XORWOW,
    /// L'Ecuyer's combined multiple recursive generator MRG32k3a (1999).
    MRG32k3a,
}

impl BitGeneratorKind {
    /// The name as CuPy spells the class (`"Philox4x3210"`, `"XORWOW"`, `"MRG32k3a"`).
    pub fn name(self) -> &'static str {
        match self {
            BitGeneratorKind::Philox4x3210 => "Philox4x3210",
            BitGeneratorKind::XORWOW => "XORWOW",
            BitGeneratorKind::MRG32k3a => "MRG32k3a",
        }
    }

    /// The `-DBITGEN=` value of the CUDA kernels (0 is Philox, the default, passed as no option).
    pub(crate) fn cuda_id(self) -> u32 {
        match self {
            BitGeneratorKind::Philox4x3210 => 0,
            BitGeneratorKind::XORWOW => 1,
            BitGeneratorKind::MRG32k3a => 2,
        }
    }
}

impl std::fmt::Display for BitGeneratorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for BitGeneratorKind {
    type Err = Error;

    /// Parses a CuPy class name, case-insensitively (`"philox4x3210"`, `"xorwow"`,
    /// `"mrg32k3a"`; also `"philox"`).
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming the unknown name.
    fn from_str(s: &str) -> Result<Self> {
        match s.to_ascii_lowercase().as_str() {
            "philox4x3210" | "philox4x32_10" | "philox" => Ok(BitGeneratorKind::Philox4x3210),
            "xorwow" => Ok(BitGeneratorKind::XORWOW),
            "mrg32k3a" => Ok(BitGeneratorKind::MRG32k3a),
            _ => Err(Error::bad_argument(
                "BitGenerator",
                "name",
                format!("{s:?}"),
                "Philox4x3210, XORWOW or MRG32k3a",
            )),
        }
    }
}

/// A seeded bit generator (`cupy.random.BitGenerator`): what a
/// [`Generator`](super::Generator) is built on with
/// [`Generator::from_bit_generator`](super::Generator::from_bit_generator).
///
/// Implemented by [`Philox4x3210`], [`XORWOW`] and [`MRG32k3a`]; sealed (the CPU and CUDA code
/// must know every generator).
///
/// Every distribution of [`Generator`](super::Generator) reads its random bits as *blocks* of
/// four 32-bit words: element `i` of an ordinary draw reads block `counter + i / per_block`, and
/// the rejection samplers give element `i` its own *sub-stream* of words.
/// A bit generator decides what those words are:
///
/// - [`Philox4x3210`] (the default) is counter-based: block `b` is Philox4x32-10 of the counter
///   `(b, 0, 0)` under the key `seed`, and element sub-streams are the blocks `(b, c2, 1)`.
/// - [`XORWOW`] and [`MRG32k3a`] are sequential recurrences (as in cuRAND), so parallel work needs
///   independent *subsequences*. cuprum gives each its own subsequence **by seeding** (not by
///   cuRAND's skip-ahead): a subsequence's initial state is made of three outputs of SplitMix64
///   started at `mix64(seed + (2·tag + 1)·φ) ^ (number · φ)` (`φ = 0x9E3779B97F4A7C15`,
///   `mix64` SplitMix64's finalizer). Ordinary draws cut the block stream into *groups* of 2048
///   blocks; block `b` is read by lane
///   `b % 32` of group `b / 2048` at position `(b % 2048) / 32`, and each `(group, lane)` pair
///   is one subsequence (tag 0, number `group · 32 + lane`) whose 256 consecutive outputs are
///   the words of its 64 blocks, in order. So 32 neighbouring threads write neighbouring blocks
///   on a GPU, a draw that starts mid-group skips the words before it, and a block's words do
///   not depend on the device or on how a draw was split. The rejection samplers' element
///   sub-stream of block `b` is the subsequence (tag 1, number `b`), read word after word.
///
/// The CPU (`random/cpu.rs`) and CUDA (`kernels/random.cu`) implement the same recurrences and
/// the same seeding, so the same bit generator and seed give the same words on every device.
/// The recurrences are cuRAND's (same constants, same update order), but the seeding and the
/// 32-bit output of MRG32k3a are cuprum's own: the values are **not** bit-identical with cuRAND's
/// `curand_init`/`curand` (nor with CuPy's) for the same seed.
///
/// # Example
/// ```
/// use cuprum_core::random::{BitGenerator, Generator, MRG32k3a};
/// let b = MRG32k3a::new(12345);
/// assert_eq!((b.seed(), b.name()), (12345, "MRG32k3a"));
/// let mut g = Generator::from_bit_generator(b);
/// let x = g.random_on(&[3], cuprum_core::DType::Float64, cuprum_core::Device::Cpu).unwrap();
/// assert_eq!(x.shape(), &[3]);
/// ```
pub trait BitGenerator: Clone + std::fmt::Debug + Send + Sync + sealed::Sealed {
    /// The seed.
    fn seed(&self) -> u64;
    /// Which generator this is.
    fn kind(&self) -> BitGeneratorKind;
    /// The name as CuPy spells the class.
    fn name(&self) -> &'static str {
        self.kind().name()
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Philox4x3210 {}
    impl Sealed for super::XORWOW {}
    impl Sealed for super::MRG32k3a {}
}

macro_rules! bit_generator {
    ($(#[$m:meta])* $name:ident, $kind:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[allow(clippy::upper_case_acronyms)]
        pub struct $name {
            seed: u64,
        }

        impl $name {
            /// The generator with this seed (every `u64` is a valid seed).
            pub fn new(seed: u64) -> $name {
                $name { seed }
            }
        }

        impl BitGenerator for $name {
            fn seed(&self) -> u64 {
                self.seed
            }
            fn kind(&self) -> BitGeneratorKind {
                BitGeneratorKind::$kind
            }
        }
    };
}

bit_generator!(
    /// Philox4x32-10 (`cupy.random.Philox4x3210`): the counter-based generator of Salmon et al.,
    /// "Parallel random numbers: as easy as 1, 2, 3" (SC'11), with Random123's constants; the
    /// default of [`Generator`](super::Generator) (`Generator::new(seed)` is
    /// `Generator::from_bit_generator(Philox4x3210::new(seed))`).
    ///
    /// **Stream**: block `b` of an ordinary draw is Philox4x32-10 of counter `(b, 0, 0)` under
    /// key `(seed mod 2^32, seed >> 32)`. Not cuRAND's `curand_init(seed, subsequence, offset)`
    /// stream (cuRAND keys and counts differently), so values differ from CuPy's.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::random::{Generator, Philox4x3210};
    /// use cuprum_core::{DType, Device};
    /// let a = Generator::from_bit_generator(Philox4x3210::new(7))
    ///     .random_on(&[4], DType::Float32, Device::Cpu).unwrap();
    /// let b = Generator::new(7).random_on(&[4], DType::Float32, Device::Cpu).unwrap();
    /// assert_eq!(a.to_vec::<f32>().unwrap(), b.to_vec::<f32>().unwrap());
    /// ```
    Philox4x3210,
    Philox4x3210
);

bit_generator!(
    /// XORWOW (`cupy.random.XORWOW`): Marsaglia's xorshift generator with a Weyl sequence
    /// ("Xorshift RNGs", J. Stat. Softw. 8(14), 2003), period `2^192 - 2^32`, cuRAND's default.
    ///
    /// **Recurrence** (as cuRAND's `curand()`): state `x, y, z, w, v, d`;
    /// `t = x ^ (x >> 2)`, `x = y`, `y = z`, `z = w`, `w = v`, `v = (v ^ (v << 4)) ^ (t ^ (t << 1))`,
    /// `d += 362437`, output `v + d` (mod 2^32).
    ///
    /// **Subsequences by seeding**: each parallel subsequence's `x, y, z, w, v, d` are six 32-bit
    /// halves of three SplitMix64 outputs keyed by the seed and the subsequence number (see [`BitGenerator`]); cuRAND instead scrambles the seed with fixed constants and
    /// skips `2^67` steps per subsequence. Values are therefore not cuRAND's for the same seed.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::random::{Generator, XORWOW};
    /// use cuprum_core::{DType, Device};
    /// let mut g = Generator::from_bit_generator(XORWOW::new(42));
    /// let x = g.normal_on(0.0, 1.0, &[2, 3], DType::Float64, Device::Cpu).unwrap();
    /// assert_eq!(x.shape(), &[2, 3]);
    /// ```
    XORWOW,
    XORWOW
);

bit_generator!(
    /// MRG32k3a (`cupy.random.MRG32k3a`): L'Ecuyer's combined multiple recursive generator
    /// ("Good parameters and implementations for combined multiple recursive random number
    /// generators", Oper. Res. 47(1), 1999), period about `2^191`.
    ///
    /// **Recurrence** (cuRAND's and L'Ecuyer's constants): `m1 = 4294967087`,
    /// `m2 = 4294944443`; `p1 = (1403580·s1[1] − 810728·s1[0]) mod m1`,
    /// `p2 = (527612·s2[2] − 1370589·s2[0]) mod m2`, both state triples shift in the new value;
    /// the output is `z = p1 − p2` if `p1 > p2`, else `p1 − p2 + m1`, in `[1, m1]`, used as the
    /// 32-bit word directly (cuRAND's `curand()` instead returns `⌊z/(m1+1) · (2^32−1)⌋`; so
    /// words are within 209 of uniform 32-bit and differ from cuRAND's).
    ///
    /// **Subsequences by seeding**: `s1` and `s2` of each parallel subsequence come from three
    /// SplitMix64 outputs keyed by the seed and the subsequence number, reduced mod `m1` and
    /// `m2` (see [`BitGenerator`]); cuRAND skips `2^76` steps per subsequence instead.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::random::{Generator, MRG32k3a};
    /// use cuprum_core::{DType, Device};
    /// let mut g = Generator::from_bit_generator(MRG32k3a::new(12345));
    /// let k = g.integers_on(0, 6, &[100], DType::Int64, Device::Cpu).unwrap();
    /// assert!(k.to_vec::<i64>().unwrap().iter().all(|v| (0..6).contains(v)));
    /// ```
    MRG32k3a,
    MRG32k3a
);

/// MRG32k3a's first modulus `2^32 − 209`.
pub(crate) const MRG_M1: i64 = 4_294_967_087;
/// MRG32k3a's second modulus `2^32 − 22853`.
pub(crate) const MRG_M2: i64 = 4_294_944_443;

/// The sequential state of XORWOW (`[x, y, z, w, v, d]`) or MRG32k3a (`[s1[0..3], s2[0..3]]`).
pub(crate) type State = [u32; 6];

/// One step of XORWOW: the next 32-bit output.
#[inline(always)]
pub(crate) fn xorwow_next(s: &mut State) -> u32 {
    let t = s[0] ^ (s[0] >> 2);
    s[0] = s[1];
    s[1] = s[2];
    s[2] = s[3];
    s[3] = s[4];
    s[4] = (s[4] ^ (s[4] << 4)) ^ (t ^ (t << 1));
    s[5] = s[5].wrapping_add(362_437);
    s[4].wrapping_add(s[5])
}

/// One step of an MRG32k3a component whose state `c` is its last three values, oldest first:
/// the new value `(a · c[i] - b · c[0]) mod m` (in `[0, m)`), shifted into `c` and returned.
#[inline(always)]
fn mrg_component(c: &mut [u32], a: i64, i: usize, b: i64, m: i64) -> i64 {
    let mut p = (a * c[i] as i64 - b * c[0] as i64) % m;
    if p < 0 {
        p += m;
    }
    c[0] = c[1];
    c[1] = c[2];
    c[2] = p as u32;
    p
}

/// One step of MRG32k3a: the next output `z` in `[1, m1]`.
#[inline(always)]
pub(crate) fn mrg_next(s: &mut State) -> u32 {
    let p1 = mrg_component(&mut s[0..3], 1_403_580, 1, 810_728, MRG_M1);
    let p2 = mrg_component(&mut s[3..6], 527_612, 2, 1_370_589, MRG_M2);
    if p1 > p2 {
        (p1 - p2) as u32
    } else {
        (p1 - p2 + MRG_M1) as u32
    }
}

/// The next word of a sequential generator (`kind` is XORWOW or MRG32k3a).
#[inline(always)]
pub(crate) fn next(kind: BitGeneratorKind, s: &mut State) -> u32 {
    match kind {
        BitGeneratorKind::MRG32k3a => mrg_next(s),
        _ => xorwow_next(s),
    }
}

/// SplitMix64's output function (Steele, Lea and Flood 2014; Vigna's constants).
#[inline(always)]
fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;
/// The tags of the two kinds of subsequence: ordinary-draw lanes and element sub-streams.
pub(crate) const TAG_LANE: u64 = 0;
/// See [`TAG_LANE`].
pub(crate) const TAG_ELEMENT: u64 = 1;

/// The initial state of subsequence `index` (with `tag`) of the stream of `seed`: SplitMix64
/// started at `mix64(seed + (2·tag + 1)·GOLDEN) ^ (index · GOLDEN)`; its three next outputs
/// `a, b, c` give XORWOW `x, y, z, w, v, d` = the low and high halves of `a, b, c` (an all-zero
/// `x..v`, which xorshift cannot leave, becomes Marsaglia's `x = 123456789`) and MRG32k3a
/// `s1[k] = hi(word k) mod m1`, `s2[k] = lo(word k) mod m2` (an all-zero triple becomes 12345s).
/// `kernels/random.cu` has the same function (`bg_init`).
pub(crate) fn subsequence_state(kind: BitGeneratorKind, seed: u64, tag: u64, index: u64) -> State {
    let mut s =
        mix64(seed.wrapping_add((2 * tag + 1).wrapping_mul(GOLDEN))) ^ index.wrapping_mul(GOLDEN);
    let mut w = [0u64; 3];
    for x in &mut w {
        s = s.wrapping_add(GOLDEN);
        *x = mix64(s);
    }
    match kind {
        BitGeneratorKind::MRG32k3a => {
            let mut st = [0u32; 6];
            for (k, &wk) in w.iter().enumerate() {
                st[k] = ((wk >> 32) % MRG_M1 as u64) as u32;
                st[3 + k] = ((wk & 0xFFFF_FFFF) % MRG_M2 as u64) as u32;
            }
            if st[0] == 0 && st[1] == 0 && st[2] == 0 {
                st[..3].fill(12345);
            }
            if st[3] == 0 && st[4] == 0 && st[5] == 0 {
                st[3..].fill(12345);
            }
            st
        }
        _ => {
            let mut st = [
                w[0] as u32,
                (w[0] >> 32) as u32,
                w[1] as u32,
                (w[1] >> 32) as u32,
                w[2] as u32,
                (w[2] >> 32) as u32,
            ];
            if st[..5].iter().all(|&x| x == 0) {
                st[0] = 123_456_789;
            }
            st
        }
    }
}

/// A sequential generator at an explicit state, checked: XORWOW needs `x..v` not all zero;
/// MRG32k3a needs `s1[k] < m1`, `s2[k] < m2`, neither triple all zero (L'Ecuyer's `SetSeed`
/// conditions).
///
/// # Errors
/// [`Error::BadArgument`] naming the generator and the offending state.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn checked_state(kind: BitGeneratorKind, st: State) -> Result<State> {
    let bad = |expected: &str| {
        Err(Error::bad_argument(
            kind.name(),
            "state",
            format!("{st:?}"),
            expected,
        ))
    };
    match kind {
        BitGeneratorKind::XORWOW => {
            if st[..5].iter().all(|&x| x == 0) {
                return bad("x, y, z, w, v not all zero");
            }
        }
        BitGeneratorKind::MRG32k3a => {
            if st[..3].iter().any(|&x| x as i64 >= MRG_M1) {
                return bad("every component of s1 below m1 = 4294967087");
            }
            if st[3..].iter().any(|&x| x as i64 >= MRG_M2) {
                return bad("every component of s2 below m2 = 4294944443");
            }
            if st[..3].iter().all(|&x| x == 0) || st[3..].iter().all(|&x| x == 0) {
                return bad("s1 and s2 each not all zero");
            }
        }
        BitGeneratorKind::Philox4x3210 => {
            return bad("no state (Philox4x32-10 is counter-based)");
        }
    }
    Ok(st)
}

/// The four words of ordinary block `b` of a sequential generator's stream (the per-block model:
/// `O(LANE_BLOCKS)` steps; the fill loops generate whole lanes instead).
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn block_words(kind: BitGeneratorKind, seed: u64, b: u64) -> [u32; 4] {
    let (g, r) = (b / GROUP_BLOCKS, b % GROUP_BLOCKS);
    let (pos, lane) = (r / LANES, r % LANES);
    let mut st = subsequence_state(kind, seed, TAG_LANE, g * LANES + lane);
    for _ in 0..4 * pos {
        next(kind, &mut st);
    }
    std::array::from_fn(|_| next(kind, &mut st))
}

/// The words of blocks `lo..hi` (within one group) of a sequential generator's stream, into
/// `out[b - lo]`: each lane of the group generated once, skipping the blocks before `lo`.
pub(crate) fn group_words(
    kind: BitGeneratorKind,
    seed: u64,
    lo: u64,
    hi: u64,
    out: &mut [[u32; 4]],
) {
    let g = lo / GROUP_BLOCKS;
    let g0 = g * GROUP_BLOCKS;
    for lane in 0..LANES {
        let mut st = subsequence_state(kind, seed, TAG_LANE, g * LANES + lane);
        for pos in 0..LANE_BLOCKS {
            let b = g0 + pos * LANES + lane;
            if b >= hi {
                break;
            }
            let w: [u32; 4] = std::array::from_fn(|_| next(kind, &mut st));
            if b >= lo {
                out[(b - lo) as usize] = w;
            }
        }
    }
}
