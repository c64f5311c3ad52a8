//! Bit generators (`random/bitgen.rs`): known answers of the XORWOW and MRG32k3a recurrences
//! against textbook implementations written here (and L'Ecuyer's published MRG32k3a outputs),
//! the documented block layout and seeding against an independent model, Philox through
//! `from_bit_generator` bit-identical with `Generator::new`, statistical sanity of every
//! generator, every distribution on every generator, errors, and CPU == CUDA for XORWOW and
//! MRG32k3a over every distribution (`cuda_bit_generators_*`, skipped without a GPU; a failure
//! with `CUPRUM_REQUIRE_CUDA=1`).

use super::bitgen::{self, BitGeneratorKind as K};
use super::*;
use crate::test_util::cuda_devices;

/// Marsaglia's `xorwow()` ("Xorshift RNGs", 2003, section 3.1), written as in the paper.
struct Marsaglia {
    x: u32,
    y: u32,
    z: u32,
    w: u32,
    v: u32,
    d: u32,
}

impl Marsaglia {
    fn paper() -> Marsaglia {
        Marsaglia {
            x: 123456789,
            y: 362436069,
            z: 521288629,
            w: 88675123,
            v: 5783321,
            d: 6615241,
        }
    }
    fn next(&mut self) -> u32 {
        let t = self.x ^ (self.x >> 2);
        self.x = self.y;
        self.y = self.z;
        self.z = self.w;
        self.w = self.v;
        self.v = (self.v ^ (self.v << 4)) ^ (t ^ (t << 1));
        self.d = self.d.wrapping_add(362437);
        self.d.wrapping_add(self.v)
    }
}

/// L'Ecuyer's floating-point MRG32k3a (the 1999 paper's C code): returns `u` in `(0, 1)`.
struct LEcuyer {
    s1: [f64; 3],
    s2: [f64; 3],
}

impl LEcuyer {
    const NORM: f64 = 2.328306549295728e-10;
    const M1: f64 = 4294967087.0;
    const M2: f64 = 4294944443.0;
    fn next(&mut self) -> f64 {
        let mut p1 = 1403580.0 * self.s1[1] - 810728.0 * self.s1[0];
        p1 -= (p1 / Self::M1).floor() * Self::M1;
        if p1 < 0.0 {
            p1 += Self::M1;
        }
        self.s1 = [self.s1[1], self.s1[2], p1];
        let mut p2 = 527612.0 * self.s2[2] - 1370589.0 * self.s2[0];
        p2 -= (p2 / Self::M2).floor() * Self::M2;
        if p2 < 0.0 {
            p2 += Self::M2;
        }
        self.s2 = [self.s2[1], self.s2[2], p2];
        if p1 <= p2 {
            (p1 - p2 + Self::M1) * Self::NORM
        } else {
            (p1 - p2) * Self::NORM
        }
    }
}

#[test]
fn xorwow_matches_marsaglias_xorwow() {
    let mut r = Marsaglia::paper();
    let mut st = bitgen::checked_state(
        K::XORWOW,
        [123456789, 362436069, 521288629, 88675123, 5783321, 6615241],
    )
    .unwrap();
    for i in 0..10_000 {
        assert_eq!(bitgen::xorwow_next(&mut st), r.next(), "output {i}");
    }
}

#[test]
fn mrg32k3a_matches_lecuyers_published_outputs() {
    // RngStreams / L'Ecuyer's default seed: all six components 12345; the first five uniforms
    // as published (e.g. by RngStreams' test output and its ports).
    let published = [
        0.12701112204657714,
        0.3185275653967945,
        0.3091860155832701,
        0.8258468629271136,
        0.2216299157820229,
    ];
    let mut st = bitgen::checked_state(K::MRG32k3a, [12345; 6]).unwrap();
    let mut r = LEcuyer {
        s1: [12345.0; 3],
        s2: [12345.0; 3],
    };
    for (i, &u) in published.iter().enumerate() {
        let z = bitgen::mrg_next(&mut st);
        assert_eq!(z as f64 * LEcuyer::NORM, u, "published output {i}");
        assert_eq!(r.next(), u, "reference output {i}");
    }
    // and 10 000 more against the floating-point reference, from a state near the moduli
    let mut st = bitgen::checked_state(K::MRG32k3a, [4294967086, 1, 77, 4294944442, 0, 5]).unwrap();
    let mut r = LEcuyer {
        s1: [4294967086.0, 1.0, 77.0],
        s2: [4294944442.0, 0.0, 5.0],
    };
    for i in 0..10_000 {
        let z = bitgen::mrg_next(&mut st);
        assert!((1..=4294967087).contains(&z), "z = {z}");
        assert_eq!(z as f64 * LEcuyer::NORM, r.next(), "output {i}");
    }
}

/// SplitMix64 as Vigna's `splitmix64.c`, for the seeding model.
fn splitmix_next(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9e3779b97f4a7c15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
    z ^ (z >> 31)
}

/// The documented seeding of subsequence `index` with `tag`, built on the textbook generators:
/// a closure giving the subsequence's successive 32-bit words.
fn model_subsequence(kind: K, seed: u64, tag: u64, index: u64) -> Box<dyn FnMut() -> u32> {
    const G: u64 = 0x9e3779b97f4a7c15;
    // mix64(seed + (2 tag + 1) G) is SplitMix64's first output from seed + 2 tag G
    let mut t = seed.wrapping_add((2 * tag).wrapping_mul(G));
    let mut x = splitmix_next(&mut t) ^ index.wrapping_mul(G);
    let w: Vec<u64> = (0..3).map(|_| splitmix_next(&mut x)).collect();
    match kind {
        K::XORWOW => {
            let mut m = Marsaglia {
                x: w[0] as u32,
                y: (w[0] >> 32) as u32,
                z: w[1] as u32,
                w: (w[1] >> 32) as u32,
                v: w[2] as u32,
                d: (w[2] >> 32) as u32,
            };
            Box::new(move || m.next())
        }
        _ => {
            let mut r = LEcuyer {
                s1: std::array::from_fn(|k| ((w[k] >> 32) % 4294967087) as f64),
                s2: std::array::from_fn(|k| ((w[k] & 0xffff_ffff) % 4294944443) as f64),
            };
            Box::new(move || (r.next() / LEcuyer::NORM).round() as u32)
        }
    }
}

/// The raw words of blocks `lo..hi` of the documented layout: block `b` is read by lane
/// `b % 32` of group `b / 2048` at position `(b % 2048) / 32`.
fn model_raw(kind: K, seed: u64, lo: u64, hi: u64) -> Vec<u32> {
    let mut out = Vec::new();
    for b in lo..hi {
        let (g, r) = (b / 2048, b % 2048);
        let mut next = model_subsequence(kind, seed, 0, g * 32 + r % 32);
        for _ in 0..4 * (r / 32) {
            next();
        }
        out.extend((0..4).map(|_| next()));
    }
    out
}

#[test]
fn raw_words_follow_the_documented_layout_and_seeding() {
    for kind in [K::XORWOW, K::MRG32k3a] {
        for seed in [0u64, 12345, u64::MAX] {
            let mut g = match kind {
                K::XORWOW => Generator::from_bit_generator(XORWOW::new(seed)),
                _ => Generator::from_bit_generator(MRG32k3a::new(seed)),
            };
            // 3001 words: blocks 0..751 (the last one part used)
            let a = g.random_raw_on(&[3001], Device::Cpu).unwrap();
            assert_eq!(a.dtype(), DType::UInt32);
            assert_eq!(g.counter(), 751);
            // blocks 751..3001: mid-group start, across the group boundary at 2048
            let b = g.random_raw_on(&[9000], Device::Cpu).unwrap();
            assert_eq!(g.counter(), 3001);
            let want = model_raw(kind, seed, 0, 751);
            assert_eq!(
                a.to_vec::<u32>().unwrap(),
                want[..3001],
                "{kind} seed {seed}"
            );
            let want = model_raw(kind, seed, 751, 3001);
            assert_eq!(b.to_vec::<u32>().unwrap(), want, "{kind} seed {seed}");
        }
    }
}

#[test]
fn element_substreams_follow_the_documented_seeding() {
    for kind in [K::XORWOW, K::MRG32k3a] {
        for blk in [0u64, 5, 1 << 40] {
            let mut s = dist::SubStream::with_kind(kind, 99, blk);
            let mut next = model_subsequence(kind, 99, 1, blk);
            for i in 0..50 {
                let (hi, lo) = (next(), next());
                assert_eq!(s.u(), dist::u53(hi, lo), "{kind} block {blk} uniform {i}");
            }
        }
    }
}

#[test]
fn philox_bit_generator_is_the_default_stream() {
    for seed in [0u64, 42, u64::MAX] {
        let mut a = Generator::new(seed);
        let mut b = Generator::from_bit_generator(Philox4x3210::new(seed));
        assert_eq!(b.bit_generator(), K::Philox4x3210);
        for (name, draw, _, _) in super::gpu_tests::cases() {
            let x = draw(&mut a, Device::Cpu).unwrap();
            let y = draw(&mut b, Device::Cpu).unwrap();
            assert_eq!(x.to_bytes().unwrap(), y.to_bytes().unwrap(), "{name}");
        }
        // raw words: Philox block b's four words
        let w = b
            .random_raw_on(&[6], Device::Cpu)
            .unwrap()
            .to_vec::<u32>()
            .unwrap();
        let c = a.counter();
        assert_eq!(w[..4], philox::block(seed, c));
        assert_eq!(w[4..], philox::block(seed, c + 1)[..2]);
    }
}

fn generators(seed: u64) -> Vec<Generator> {
    vec![
        Generator::from_bit_generator(Philox4x3210::new(seed)),
        Generator::from_bit_generator(XORWOW::new(seed)),
        Generator::from_bit_generator(MRG32k3a::new(seed)),
    ]
}

fn mean_var(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let m = v.iter().sum::<f64>() / n;
    (m, v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / n)
}

#[test]
fn every_generator_has_uniform_moments() {
    let n = 1usize << 18;
    for mut g in generators(2024) {
        let kind = g.bit_generator();
        for dt in [DType::Float64, DType::Float32] {
            let v = g
                .random_on(&[n], dt, Device::Cpu)
                .unwrap()
                .astype(DType::Float64)
                .unwrap()
                .to_vec::<f64>()
                .unwrap();
            assert!(v.iter().all(|u| (0.0..1.0).contains(u)), "{kind} {dt}");
            let (m, var) = mean_var(&v);
            // mean: sd sqrt(1/12n); variance: sd sqrt(1/180n)
            assert!(
                (m - 0.5).abs() < 5.0 * (1.0 / 12.0 / n as f64).sqrt(),
                "{kind} {dt} mean {m}"
            );
            assert!(
                (var - 1.0 / 12.0).abs() < 5.0 * (1.0 / 180.0 / n as f64).sqrt(),
                "{kind} {dt} var {var}"
            );
        }
        // raw words: every bit set half the time, lag-1 products uncorrelated
        let w = g
            .random_raw_on(&[n], Device::Cpu)
            .unwrap()
            .to_vec::<u32>()
            .unwrap();
        let lim = 5.0 * (n as f64 / 4.0).sqrt();
        for bit in 0..32 {
            let ones = w.iter().filter(|&&x| x >> bit & 1 == 1).count() as f64;
            assert!(
                (ones - n as f64 / 2.0).abs() < lim,
                "{kind} bit {bit}: {ones}"
            );
        }
        let u: Vec<f64> = w.iter().map(|&x| x as f64 / 4294967296.0 - 0.5).collect();
        let c = u.windows(2).map(|p| p[0] * p[1]).sum::<f64>() / (n - 1) as f64;
        assert!(c.abs() < 5.0 / 12.0 / (n as f64).sqrt(), "{kind} lag-1 {c}");
        // normal and integers
        let z = g
            .standard_normal_on(&[n], DType::Float64, Device::Cpu)
            .unwrap();
        let (m, var) = mean_var(&z.to_vec::<f64>().unwrap());
        assert!(m.abs() < 5.0 / (n as f64).sqrt(), "{kind} normal mean {m}");
        assert!(
            (var - 1.0).abs() < 5.0 * (2.0 / n as f64).sqrt(),
            "{kind} normal var {var}"
        );
        let k = g
            .integers_on(0, 10, &[n], DType::Int64, Device::Cpu)
            .unwrap();
        let k = k.to_vec::<i64>().unwrap();
        for d in 0..10 {
            let c = k.iter().filter(|&&x| x == d).count() as f64;
            assert!(
                (c - n as f64 / 10.0).abs() < 5.0 * (n as f64 * 0.09).sqrt(),
                "{kind} {d}: {c}"
            );
        }
    }
}

#[test]
fn every_distribution_runs_on_every_generator() {
    for mut g in generators(31) {
        let kind = g.bit_generator();
        let mut h = g.clone();
        for (name, draw, _, _) in super::gpu_tests::cases() {
            let a = draw(&mut g, Device::Cpu).unwrap();
            let b = draw(&mut h, Device::Cpu).unwrap();
            assert_eq!(
                a.to_bytes().unwrap(),
                b.to_bytes().unwrap(),
                "{kind} {name}: reproducible"
            );
            let v = a.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap();
            assert!(v.iter().all(|x| x.is_finite()), "{kind} {name}");
        }
        for (name, draw) in super::gpu_tests::float_cases() {
            let a = draw(&mut g, Device::Cpu, DType::Float64).unwrap();
            assert_eq!(
                a.size(),
                draw(&mut h, Device::Cpu, DType::Float64).unwrap().size()
            );
            assert!(
                a.to_vec::<f64>().unwrap().iter().all(|x| !x.is_nan()),
                "{kind} {name}"
            );
        }
        for (name, draw) in super::gpu_tests::int_cases() {
            let a = draw(&mut g, Device::Cpu, DType::Int64).unwrap();
            let b = draw(&mut h, Device::Cpu, DType::Int64).unwrap();
            assert_eq!(
                a.to_vec::<i64>().unwrap(),
                b.to_vec::<i64>().unwrap(),
                "{kind} {name}"
            );
        }
        let m = g
            .multinomial_on(20, &[0.2, 0.3, 0.5], &[100], Device::Cpu)
            .unwrap();
        let m = m.to_vec::<i64>().unwrap();
        assert!(
            m.chunks(3).all(|r| r.iter().sum::<i64>() == 20),
            "{kind} multinomial"
        );
        let d = g.dirichlet_on(&[1.0, 2.0], &[100], Device::Cpu).unwrap();
        let d = d.to_vec::<f64>().unwrap();
        assert!(
            d.chunks(2).all(|r| (r[0] + r[1] - 1.0).abs() < 1e-12),
            "{kind} dirichlet"
        );
        let mv = g
            .multivariate_normal_on(&[1.0, 2.0], &[2.0, 0.5, 0.5, 1.0], &[50], Device::Cpu)
            .unwrap();
        assert_eq!(mv.shape(), &[50, 2]);
        let mut p = g
            .permutation_on(500, Device::Cpu)
            .unwrap()
            .to_vec::<i64>()
            .unwrap();
        assert_ne!(p, (0..500).collect::<Vec<_>>(), "{kind} permutation");
        p.sort();
        assert_eq!(p, (0..500).collect::<Vec<_>>());
        // rejection samplers: moments
        let n = 1usize << 17;
        let x = g
            .gamma_on(2.5, 2.0, &[n], DType::Float64, Device::Cpu)
            .unwrap();
        let (m, _) = mean_var(&x.to_vec::<f64>().unwrap());
        assert!(
            (m - 5.0).abs() < 5.0 * (10.0 / n as f64).sqrt(),
            "{kind} gamma mean {m}"
        );
        let x = g.poisson_on(30.0, &[n], DType::Int64, Device::Cpu).unwrap();
        let x: Vec<f64> = x
            .to_vec::<i64>()
            .unwrap()
            .iter()
            .map(|&k| k as f64)
            .collect();
        let (m, var) = mean_var(&x);
        assert!(
            (m - 30.0).abs() < 5.0 * (30.0 / n as f64).sqrt(),
            "{kind} poisson mean {m}"
        );
        assert!(
            (var - 30.0).abs() < 5.0 * 30.0 * (2.0 / n as f64).sqrt(),
            "{kind} poisson var {var}"
        );
        let x = g
            .wald_on(1.0, 3.0, &[n], DType::Float64, Device::Cpu)
            .unwrap();
        let (m, _) = mean_var(&x.to_vec::<f64>().unwrap());
        assert!(
            (m - 1.0).abs() < 5.0 * (1.0 / 3.0 / n as f64).sqrt(),
            "{kind} wald mean {m}"
        );
    }
}

#[test]
fn different_generators_and_seeds_give_different_streams() {
    let raw = |mut g: Generator| {
        g.random_raw_on(&[64], Device::Cpu)
            .unwrap()
            .to_vec::<u32>()
            .unwrap()
    };
    let a = raw(Generator::from_bit_generator(XORWOW::new(1)));
    let b = raw(Generator::from_bit_generator(XORWOW::new(2)));
    let c = raw(Generator::from_bit_generator(MRG32k3a::new(1)));
    let d = raw(Generator::new(1));
    assert!(a != b && a != c && a != d && c != d);
    // the 32 lanes of a group are different subsequences
    let w = raw(Generator::from_bit_generator(MRG32k3a::new(9)));
    assert_ne!(w[..4], w[4..8]);
}

#[test]
fn bit_generator_objects_and_errors() {
    let x = XORWOW::new(7);
    assert_eq!((x.seed(), x.kind(), x.name()), (7, K::XORWOW, "XORWOW"));
    let m = MRG32k3a::new(8);
    assert_eq!((m.seed(), m.name()), (8, "MRG32k3a"));
    let p = Philox4x3210::new(9);
    assert_eq!((p.seed(), p.name()), (9, "Philox4x3210"));
    assert_eq!(K::default(), K::Philox4x3210);
    assert_eq!(Generator::new(3).bit_generator(), K::Philox4x3210);
    for (s, k) in [
        ("XORWOW", K::XORWOW),
        ("mrg32k3a", K::MRG32k3a),
        ("Philox4x3210", K::Philox4x3210),
    ] {
        assert_eq!(s.parse::<K>().unwrap(), k);
        assert_eq!(k.to_string().parse::<K>().unwrap(), k);
    }
    let e = "MT19937".parse::<K>().unwrap_err();
    assert!(matches!(e, Error::BadArgument { arg: "name", .. }), "{e}");
    assert!(e.to_string().contains("MT19937"), "{e}");
    // bad states
    assert!(bitgen::checked_state(K::XORWOW, [0, 0, 0, 0, 0, 5]).is_err());
    assert!(bitgen::checked_state(K::MRG32k3a, [4294967087, 1, 1, 1, 1, 1]).is_err());
    assert!(bitgen::checked_state(K::MRG32k3a, [1, 1, 1, 4294944443, 1, 1]).is_err());
    assert!(bitgen::checked_state(K::MRG32k3a, [0, 0, 0, 1, 1, 1]).is_err());
    assert!(bitgen::checked_state(K::MRG32k3a, [1, 1, 1, 0, 0, 0]).is_err());
    assert!(bitgen::checked_state(K::Philox4x3210, [1; 6]).is_err());
    let e = bitgen::checked_state(K::MRG32k3a, [4294967087, 1, 1, 1, 1, 1]).unwrap_err();
    assert!(
        e.to_string().contains("MRG32k3a") && e.to_string().contains("m1"),
        "{e}"
    );
    // bad arguments are rejected the same way on every generator, consuming nothing
    for mut g in generators(1) {
        assert!(matches!(
            g.random_raw_on(&[-1i64], Device::Cpu),
            Err(Error::BadArgument { arg: "shape", .. })
        ));
        assert!(g.random_raw_on(&[usize::MAX, 4], Device::Cpu).is_err());
        assert!(matches!(
            g.random_on(&[2], DType::Int32, Device::Cpu),
            Err(Error::DType { .. })
        ));
        assert!(
            g.gamma_on(-1.0, 1.0, &[2], DType::Float64, Device::Cpu)
                .is_err()
        );
        assert!(g.zipf_on(0.5, &[2], DType::Int64, Device::Cpu).is_err());
        assert_eq!(g.counter(), 0);
        let e = g.random_raw_on(&[0], Device::Cpu).unwrap();
        assert_eq!((e.size(), g.counter()), (0, 0));
    }
}

/// CPU == CUDA for XORWOW and MRG32k3a: every distribution of `gpu_tests::cases` (uniform,
/// normal, exponential, integers, gamma, beta, Poisson, binomial) with the same tolerances as
/// the Philox test, raw words exactly, draws that start mid-group.
#[test]
fn cuda_bit_generators_match_cpu() {
    for dev in cuda_devices() {
        for kind in [K::XORWOW, K::MRG32k3a] {
            let make = |s| match kind {
                K::XORWOW => Generator::from_bit_generator(XORWOW::new(s)),
                _ => Generator::from_bit_generator(MRG32k3a::new(s)),
            };
            let (mut gc, mut gg) = (make(2026), make(2026));
            for n in [1usize, 4099, 3 * 8192 + 5] {
                let c = gc.random_raw_on(&[n], Device::Cpu).unwrap();
                let g = gg.random_raw_on(&[n], dev).unwrap();
                super::gpu_tests::assert_same(&format!("{kind} raw {n} on {dev}"), &g, &c, 0, 0.0);
            }
            for (name, draw, ulps, rel) in super::gpu_tests::cases() {
                for round in 0..2 {
                    let c = draw(&mut gc, Device::Cpu).unwrap();
                    let g = draw(&mut gg, dev).unwrap();
                    assert_eq!(g.device(), dev, "{name}");
                    let what = format!("{kind} {name} on {dev}, draw {round}");
                    super::gpu_tests::assert_same(&what, &g, &c, ulps, rel);
                    assert_eq!(gc.counter(), gg.counter(), "{what}: counter");
                }
            }
        }
    }
}

/// CPU == CUDA for XORWOW and MRG32k3a over the distributions of `random_dist.cu` (every one in
/// `gpu_tests`'s per-element cases), multinomial, dirichlet and multivariate_normal rows.
#[test]
fn cuda_bit_generators_per_element_dists_match_cpu() {
    for dev in cuda_devices() {
        for kind in [K::XORWOW, K::MRG32k3a] {
            let make = |s| match kind {
                K::XORWOW => Generator::from_bit_generator(XORWOW::new(s)),
                _ => Generator::from_bit_generator(MRG32k3a::new(s)),
            };
            let (mut gc, mut gg) = (make(2027), make(2027));
            for (name, draw) in super::gpu_tests::float_cases() {
                for (dt, ulps) in [(DType::Float64, 0), (DType::Float32, 1)] {
                    let c = draw(&mut gc, Device::Cpu, dt).unwrap();
                    let g = draw(&mut gg, dev, dt).unwrap();
                    super::gpu_tests::check(&format!("{kind} {name} {dt} on {dev}"), &g, &c, ulps);
                }
            }
            for (name, draw) in super::gpu_tests::int_cases() {
                let c = draw(&mut gc, Device::Cpu, DType::Int64).unwrap();
                let g = draw(&mut gg, dev, DType::Int64).unwrap();
                super::gpu_tests::check(&format!("{kind} {name} on {dev}"), &g, &c, 0);
            }
            let c = gc
                .multinomial_on(50, &[0.2, 0.3, 0.1, 0.4], &[7, 131], Device::Cpu)
                .unwrap();
            let g = gg
                .multinomial_on(50, &[0.2, 0.3, 0.1, 0.4], &[7, 131], dev)
                .unwrap();
            super::gpu_tests::assert_same(&format!("{kind} multinomial"), &g, &c, 0, 0.0);
            for alpha in [vec![1.0, 2.0, 3.0], vec![0.05, 0.02, 0.08]] {
                let c = gc.dirichlet_on(&alpha, &[917], Device::Cpu).unwrap();
                let g = gg.dirichlet_on(&alpha, &[917], dev).unwrap();
                super::gpu_tests::check(&format!("{kind} dirichlet({alpha:?})"), &g, &c, 0);
            }
            let (mean, cov) = ([1.0, 2.0], [2.0, 0.5, 0.5, 1.0]);
            let c = gc
                .multivariate_normal_on(&mean, &cov, &[333], Device::Cpu)
                .unwrap();
            let g = gg.multivariate_normal_on(&mean, &cov, &[333], dev).unwrap();
            super::gpu_tests::check(&format!("{kind} multivariate_normal"), &g, &c, 0);
            assert_eq!(gc.counter(), gg.counter(), "{kind}");
            // the GPU's own uniforms have the right mean
            let n = 1usize << 20;
            let u = gg
                .random_on(&[n], DType::Float64, dev)
                .unwrap()
                .to_vec::<f64>()
                .unwrap();
            let (m, _) = mean_var(&u);
            assert!(
                (m - 0.5).abs() < 5.0 * (1.0 / 12.0 / n as f64).sqrt(),
                "{kind} mean {m}"
            );
        }
    }
}
