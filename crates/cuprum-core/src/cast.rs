//! [`Array::astype`]: dtype conversion with NumPy's C-cast semantics.

use crate::{Array, DType, Result, backend};

impl Array {
    /// A C-contiguous copy converted to `dtype`, NumPy's `a.astype(dtype)` (always a copy,
    /// on the same device).
    ///
    /// **Semantics** (NumPy's `casting="unsafe"` C casts, identical on every backend):
    /// integer → integer wraps (two's complement); float → integer truncates toward zero and
    /// saturates at the target's limits, NaN giving 0 (C leaves these undefined and NumPy's
    /// answers vary by platform; cuprum gives the same bits on every device); complex → real
    /// drops the imaginary part; anything → bool is `value != 0` (for complex: either part
    /// nonzero; NaN is true); bool → number is 0/1; to float16/bfloat16 rounds once to nearest
    /// even.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`](crate::Error::OutOfMemory) and other backend errors.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, DType, Device};
    /// let a = Array::from_vec_on(vec![-2.7f64, 0.5, 300.0], &[3], Device::Cpu).unwrap();
    /// assert_eq!(a.astype(DType::Int32).unwrap().to_vec::<i32>().unwrap(), vec![-2, 0, 300]);
    /// assert_eq!(a.astype(DType::UInt8).unwrap().to_vec::<u8>().unwrap(), vec![0, 0, 255]);
    /// assert_eq!(a.astype(DType::Bool).unwrap().to_vec::<bool>().unwrap(), vec![true; 3]);
    /// ```
    pub fn astype(&self, dtype: DType) -> Result<Array> {
        let out = Array::empty_for_overwrite(self.shape(), dtype, self.device())?;
        if self.size() > 0 {
            backend::copy(self.view(), out.view())?;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Array, Complex32, Complex64, DType, Device, Layout, f16};

    #[test]
    fn astype_is_a_contiguous_copy_with_c_casts() {
        let a = Array::from_vec_on(vec![1.5f32, -2.5, 3.0, 4.0, 5.0, 6.0], &[2, 3], Device::Cpu)
            .unwrap();
        let t = a.with_layout(Layout {
            shape: vec![3, 2],
            strides: vec![1, 3],
            offset: 0,
        });
        let b = t.astype(DType::Int64).unwrap();
        assert!(b.is_c_contiguous());
        assert_eq!(b.shape(), &[3, 2]);
        assert_eq!(b.to_vec::<i64>().unwrap(), vec![1, 4, -2, 5, 3, 6]);
        let c = a.astype(DType::Float32).unwrap();
        assert!(!c.shares_storage(&a));
        let h = a.astype(DType::Float16).unwrap();
        assert_eq!(h.to_vec::<f16>().unwrap()[1], f16::from_f32(-2.5));
        let z = a.astype(DType::Complex64).unwrap();
        assert_eq!(
            z.to_vec::<Complex32>().unwrap()[0],
            Complex32::new(1.5, 0.0)
        );
        let w = Array::from_vec_on(vec![Complex64::new(2.9, 7.0)], &[1], Device::Cpu).unwrap();
        assert_eq!(
            w.astype(DType::Int8).unwrap().to_vec::<i8>().unwrap(),
            vec![2]
        );
        let e = Array::empty_on(&[0, 4], DType::Float64, Device::Cpu).unwrap();
        assert_eq!(e.astype(DType::Bool).unwrap().shape(), &[0, 4]);
    }
}

/// The cast table against an independent model of it, for every pair of dtypes on every
/// device, bit for bit (NaN payloads aside: a NaN must give a NaN, whatever its bits).
#[cfg(test)]
mod table_tests {
    use crate::test_util::all_devices;
    use crate::{Array, DType, Device, bf16, f16};
    use proptest::prelude::*;

    /// A source value as the model sees it.
    #[derive(Clone, Copy, Debug)]
    enum V {
        B(bool),
        I(i128),
        F(f64),
        C(f64, f64),
    }

    fn word(b: &[u8], off: usize, n: usize) -> u128 {
        let mut w = [0u8; 16];
        w[..n].copy_from_slice(&b[off..off + n]);
        u128::from_le_bytes(w)
    }

    /// Decodes element `i` of `bytes` (dtype `d`).
    fn decode(d: DType, bytes: &[u8], i: usize) -> V {
        let n = d.itemsize();
        let w = word(bytes, i * n, n);
        match d {
            DType::Bool => V::B(w != 0),
            DType::Int8 => V::I(w as u8 as i8 as i128),
            DType::Int16 => V::I(w as u16 as i16 as i128),
            DType::Int32 => V::I(w as u32 as i32 as i128),
            DType::Int64 => V::I(w as u64 as i64 as i128),
            DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => V::I(w as i128),
            DType::Float16 => V::F(f16::from_bits(w as u16).to_f64()),
            DType::BFloat16 => V::F(bf16::from_bits(w as u16).to_f64()),
            DType::Float32 => V::F(f32::from_bits(w as u32) as f64),
            DType::Float64 => V::F(f64::from_bits(w as u64)),
            DType::Complex64 => V::C(
                f32::from_bits(w as u32) as f64,
                f32::from_bits((w >> 32) as u32) as f64,
            ),
            DType::Complex128 => V::C(f64::from_bits(w as u64), f64::from_bits((w >> 64) as u64)),
        }
    }

    /// Correct rounding (nearest, ties to even) of `x` to a 16-bit float format whose values
    /// are `to_f64(bits)`, decided exactly against the midpoint of the two neighbours
    /// (both neighbours and their midpoint are exact in float64).
    fn round16(x: f64, to_f64: fn(u16) -> f64, inf: u16) -> u16 {
        if x.is_nan() {
            return inf | 0x7fff; // some NaN
        }
        let sign = if x.is_sign_negative() { 0x8000u16 } else { 0 };
        let a = x.abs();
        // largest magnitude bits with value <= a (binary search over the ordered positives)
        let (mut lo, mut hi) = (0u16, inf); // value(lo) <= a, value(hi) > a or hi == inf
        if to_f64(inf) <= a {
            return sign | inf;
        }
        while hi - lo > 1 {
            let m = lo + (hi - lo) / 2;
            if to_f64(m) <= a {
                lo = m;
            } else {
                hi = m;
            }
        }
        let (vl, vh) = (to_f64(lo), to_f64(hi));
        let mid = if hi == inf {
            // the midpoint between the largest finite value and the next power step
            vl + (vl - to_f64(lo - 1)) / 2.0
        } else {
            (vl + vh) / 2.0
        };
        let up = a > mid || (a == mid && lo & 1 == 1);
        sign | if up { hi } else { lo }
    }
    fn h16(x: f64) -> u16 {
        round16(x, |b| f16::from_bits(b).to_f64(), 0x7c00)
    }
    fn b16(x: f64) -> u16 {
        round16(x, |b| bf16::from_bits(b).to_f64(), 0x7f80)
    }

    /// Float → integer of `bits` width: truncate, saturate, NaN → 0; as a two's-complement word.
    fn f2i(x: f64, signed: bool, bits: u32) -> u128 {
        if x.is_nan() {
            return 0;
        }
        let (lo, hi): (i128, i128) = if signed {
            (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
        } else {
            (0, (1i128 << bits) - 1)
        };
        let t = x.trunc();
        let v = if t <= lo as f64 {
            lo
        } else if t >= hi as f64 {
            hi
        } else {
            t as i128
        };
        (v as u128) & mask(bits)
    }
    fn mask(bits: u32) -> u128 {
        if bits == 128 {
            u128::MAX
        } else {
            (1u128 << bits) - 1
        }
    }

    /// The model: the bits of `v` cast to `d` (the first itemsize bytes of the word).
    fn model(v: V, d: DType) -> u128 {
        let bits = 8 * d.itemsize() as u32;
        let (re, im, int): (f64, f64, Option<i128>) = match v {
            V::B(b) => (b as u8 as f64, 0.0, Some(b as i128)),
            V::I(i) => (i as f64, 0.0, Some(i)),
            V::F(x) => (x, 0.0, None),
            V::C(r, i) => (r, i, None),
        };
        let f32_of = |f64v: f64| -> f32 {
            match int {
                Some(i) => i as f32, // integer → float32 rounds once
                None => f64v as f32,
            }
        };
        match d {
            DType::Bool => (re != 0.0 || im != 0.0 || int.is_some_and(|i| i != 0)) as u128,
            DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => match int {
                Some(i) => (i as u128) & mask(bits),
                None => f2i(re, true, bits),
            },
            DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => match int {
                Some(i) => (i as u128) & mask(bits),
                None => f2i(re, false, bits),
            },
            DType::Float16 => h16(re) as u128,
            DType::BFloat16 => b16(re) as u128,
            DType::Float32 => f32_of(re).to_bits() as u128,
            DType::Float64 => re.to_bits() as u128,
            DType::Complex64 => {
                (f32_of(re).to_bits() as u128) | ((im as f32).to_bits() as u128) << 32
            }
            DType::Complex128 => (re.to_bits() as u128) | (im.to_bits() as u128) << 64,
        }
    }

    /// Whether the `n`-byte word `w` of dtype `d` holds a NaN in part `k` (0 = real, 1 = imag).
    fn nan_part(d: DType, w: u128, k: u32) -> bool {
        match d {
            DType::Float16 => k == 0 && f16::from_bits(w as u16).is_nan(),
            DType::BFloat16 => k == 0 && bf16::from_bits(w as u16).is_nan(),
            DType::Float32 => k == 0 && f32::from_bits(w as u32).is_nan(),
            DType::Float64 => k == 0 && f64::from_bits(w as u64).is_nan(),
            DType::Complex64 => f32::from_bits((w >> (32 * k)) as u32).is_nan(),
            DType::Complex128 => f64::from_bits((w >> (64 * k)) as u64).is_nan(),
            _ => false,
        }
    }

    fn same(d: DType, got: u128, want: u128) -> bool {
        if got == want {
            return true;
        }
        let n = if d.is_complex() { 2 } else { 1 };
        let half = 4 * d.itemsize() as u32;
        (0..n).all(|k| {
            let part = |w: u128| {
                if d.is_complex() {
                    (w >> (half * k)) & mask(half)
                } else {
                    w
                }
            };
            nan_part(d, got, k) && nan_part(d, want, k) || part(got) == part(want)
        })
    }

    /// Interesting values of every dtype: zeros, ±1, limits, just past the limits of narrower
    /// integers, ±inf, NaN, halfway cases of float16/bfloat16/float32, huge and tiny magnitudes.
    fn specials(d: DType) -> Vec<u8> {
        let floats: Vec<f64> = vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            -0.5,
            1.5,
            -2.5,
            2.7,
            -2.7,
            127.5,
            128.0,
            -128.5,
            -129.0,
            255.9,
            256.0,
            300.0,
            -300.0,
            32767.9,
            32768.0,
            -32769.0,
            65504.0,
            65519.0,
            65520.0,
            65535.5,
            65536.0,
            2147483647.5,
            2147483648.0,
            -2147483649.0,
            4294967296.0,
            9.223372036854775e18,
            9.3e18,
            -9.3e18,
            1.8446744073709552e19,
            2e19,
            1e20,
            -1e20,
            1e300,
            -1e300,
            3.4028235e38,
            3.5e38,
            1e-6,
            1e-8,
            1e-40,
            5e-324,
            1.0 + 2f64.powi(-11),
            1.0 + 2f64.powi(-11) + 2f64.powi(-40),
            1.0 + 2f64.powi(-8) + 2f64.powi(-45),
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            -f64::NAN,
            f64::MAX,
            f64::MIN_POSITIVE,
        ];
        let ints: Vec<i128> = vec![
            0,
            1,
            -1,
            127,
            128,
            -128,
            -129,
            255,
            256,
            32767,
            32768,
            -32769,
            65504,
            65520,
            65535,
            65536,
            2147483647,
            2147483648,
            -2147483649,
            4294967295,
            4294967296,
            9007199254740993,
            i64::MAX as i128,
            i64::MIN as i128,
            u64::MAX as i128,
            (1i128 << 60) + (1 << 52) + 1,
            (1i128 << 24) + 1,
            16777217,
            -16777217,
        ];
        let mut out = Vec::new();
        let mut push = |w: u128| out.extend_from_slice(&w.to_le_bytes()[..d.itemsize()]);
        match d {
            DType::Bool => {
                push(0);
                push(1);
            }
            d if d.is_integer() => ints.iter().for_each(|&i| push(i as u128)),
            DType::Float16 => floats.iter().for_each(|&x| push(h16(x) as u128)),
            DType::BFloat16 => floats.iter().for_each(|&x| push(b16(x) as u128)),
            DType::Float32 => floats
                .iter()
                .for_each(|&x| push((x as f32).to_bits() as u128)),
            DType::Float64 => floats.iter().for_each(|&x| push(x.to_bits() as u128)),
            DType::Complex64 => floats.iter().zip(floats.iter().rev()).for_each(|(&x, &y)| {
                push((x as f32).to_bits() as u128 | ((y as f32).to_bits() as u128) << 32)
            }),
            _ => floats
                .iter()
                .zip(floats.iter().rev())
                .for_each(|(&x, &y)| push(x.to_bits() as u128 | (y.to_bits() as u128) << 64)),
        }
        out
    }

    /// Random bit patterns of dtype `d` (every pattern valid; bool as 0/1).
    fn random(d: DType, words: &[u64]) -> Vec<u8> {
        let mut out = Vec::new();
        for (k, &w) in words.iter().enumerate() {
            let w2 = words[(k + 1) % words.len()].rotate_left(17);
            let x = (w as u128) | (w2 as u128) << 64;
            let x = if d == DType::Bool { x & 1 } else { x };
            out.extend_from_slice(&x.to_le_bytes()[..d.itemsize()]);
        }
        out
    }

    fn check_pairs(src_of: impl Fn(DType) -> Vec<u8>, devices: &[Device]) {
        for &s in DType::ALL.iter() {
            let bytes = src_of(s);
            let n = bytes.len() / s.itemsize();
            for &dev in devices {
                let a = Array::from_bytes_on(&bytes, &[n], s, dev).unwrap();
                for &d in DType::ALL.iter() {
                    let got = a.astype(d).unwrap().to_bytes().unwrap();
                    for i in 0..n {
                        let v = decode(s, &bytes, i);
                        let want = model(v, d) & mask(8 * d.itemsize() as u32);
                        let g = word(&got, i * d.itemsize(), d.itemsize());
                        assert!(
                            same(d, g, want),
                            "{dev:?}: {s} -> {d} of {v:?}: got {g:#x}, the table says {want:#x}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn every_pair_on_special_values() {
        check_pairs(specials, &all_devices());
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
        #[test]
        fn every_pair_on_random_bits(words in proptest::collection::vec(any::<u64>(), 64)) {
            check_pairs(|d| random(d, &words), &all_devices());
        }
    }
}
