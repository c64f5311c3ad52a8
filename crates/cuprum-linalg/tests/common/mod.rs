//! Shared helpers of cuprum-linalg's tests: host views of arrays as complex matrices, products,
//! and the max-norm comparisons of the conformance README.
#![allow(dead_code)]

use cuprum_core::{Array, Complex64, DType};

/// `n` complex values decoded from an array of any numeric dtype (C order).
pub fn values(a: &Array) -> Vec<Complex64> {
    let b = a.to_bytes().unwrap();
    let isz = a.dtype().itemsize();
    b.chunks_exact(isz)
        .map(|c| match a.dtype() {
            DType::Bool => Complex64::new(f64::from(c[0]), 0.0),
            DType::Int32 => {
                Complex64::new(f64::from(i32::from_ne_bytes(c.try_into().unwrap())), 0.0)
            }
            DType::Int64 => Complex64::new(i64::from_ne_bytes(c.try_into().unwrap()) as f64, 0.0),
            DType::Float32 => {
                Complex64::new(f64::from(f32::from_ne_bytes(c.try_into().unwrap())), 0.0)
            }
            DType::Float64 => Complex64::new(f64::from_ne_bytes(c.try_into().unwrap()), 0.0),
            DType::Complex64 => Complex64::new(
                f64::from(f32::from_ne_bytes(c[..4].try_into().unwrap())),
                f64::from(f32::from_ne_bytes(c[4..].try_into().unwrap())),
            ),
            DType::Complex128 => Complex64::new(
                f64::from_ne_bytes(c[..8].try_into().unwrap()),
                f64::from_ne_bytes(c[8..].try_into().unwrap()),
            ),
            d => panic!("values: unsupported dtype {d}"),
        })
        .collect()
}

/// A dense complex matrix, row-major.
#[derive(Clone, Debug)]
pub struct M {
    pub r: usize,
    pub c: usize,
    pub d: Vec<Complex64>,
}

impl M {
    pub fn at(&self, i: usize, j: usize) -> Complex64 {
        self.d[i * self.c + j]
    }
    pub fn eye(n: usize) -> M {
        let mut d = vec![Complex64::new(0.0, 0.0); n * n];
        for i in 0..n {
            d[i * n + i] = Complex64::new(1.0, 0.0);
        }
        M { r: n, c: n, d }
    }
    pub fn mul(&self, o: &M) -> M {
        assert_eq!(self.c, o.r);
        let mut d = vec![Complex64::new(0.0, 0.0); self.r * o.c];
        for i in 0..self.r {
            for k in 0..self.c {
                let x = self.at(i, k);
                for j in 0..o.c {
                    d[i * o.c + j] += x * o.at(k, j);
                }
            }
        }
        M {
            r: self.r,
            c: o.c,
            d,
        }
    }
    pub fn h(&self) -> M {
        let mut d = Vec::with_capacity(self.d.len());
        for j in 0..self.c {
            for i in 0..self.r {
                d.push(self.at(i, j).conj());
            }
        }
        M {
            r: self.c,
            c: self.r,
            d,
        }
    }
    pub fn cols(&self, k: usize) -> M {
        let mut d = Vec::new();
        for i in 0..self.r {
            for j in 0..k {
                d.push(self.at(i, j));
            }
        }
        M { r: self.r, c: k, d }
    }
    pub fn rows(&self, k: usize) -> M {
        M {
            r: k,
            c: self.c,
            d: self.d[..k * self.c].to_vec(),
        }
    }
    /// `self * diag(w)` (scales column j by w[j]).
    pub fn scale_cols(&self, w: &[Complex64]) -> M {
        let mut o = self.clone();
        for row in o.d.chunks_mut(self.c.max(1)) {
            for (x, wj) in row.iter_mut().zip(w) {
                *x *= wj;
            }
        }
        o
    }
    pub fn maxabs(&self) -> f64 {
        self.d.iter().map(|z| z.norm()).fold(0.0, f64::max)
    }
    pub fn maxdiff(&self, o: &M) -> f64 {
        assert_eq!((self.r, self.c), (o.r, o.c));
        self.d
            .iter()
            .zip(&o.d)
            .map(|(a, b)| (a - b).norm())
            .fold(0.0, f64::max)
    }
}

/// Matrix `b` of a stacked array (last two axes).
pub fn mat(a: &Array, b: usize) -> M {
    let nd = a.ndim();
    let (r, c) = (a.shape()[nd - 2], a.shape()[nd - 1]);
    let v = values(a);
    M {
        r,
        c,
        d: v[b * r * c..(b + 1) * r * c].to_vec(),
    }
}

/// Vector `b` of a stacked array (last axis).
pub fn vecb(a: &Array, b: usize) -> Vec<Complex64> {
    let n = *a.shape().last().unwrap();
    values(a)[b * n..(b + 1) * n].to_vec()
}

/// Number of matrices in a stack.
pub fn batch_count(a: &Array) -> usize {
    a.shape()[..a.ndim() - 2].iter().product()
}

/// A deterministic pseudo-random generator (splitmix64) for test matrices.
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }
}
