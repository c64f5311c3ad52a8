//! Tests of the kernels against naive dense references, on every device (`all_devices()`: the
//! CPU, then each CUDA device), for every dtype and both index widths, with unsorted and
//! duplicate entries.
//!
//! Values are small integers (complex: small Gaussian integers), so every dtype computes them
//! exactly — float16 included — and results are compared exactly: the reference is computed in
//! int64 (or complex128) and cast to the result dtype with NumPy's C cast, which for integer
//! types is the same wrapping arithmetic the kernels use.

use super::*;
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Complex64, DType, Device};

/// Every dtype but bfloat16 (`DType::ALL` filtered).
pub(crate) fn dtypes() -> impl Iterator<Item = DType> {
    DType::ALL.into_iter().filter(|&d| d != DType::BFloat16)
}
const INDEX: [DType; 2] = [DType::Int32, DType::Int64];

/// A small deterministic generator (SplitMix64).
pub(crate) struct Rng(u64);
impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    /// a value for `dtype`: 0/1 for bool, else in -3..=3 (complex: both parts)
    fn value(&mut self, dtype: DType) -> Complex64 {
        if dtype == DType::Bool {
            return Complex64::new(self.below(2) as f64, 0.0);
        }
        if dtype.is_unsigned_integer() {
            // no wrap-around of the inputs: their exact products stay within f64's integers
            return Complex64::new(self.below(4) as f64, 0.0);
        }
        let re = self.below(7) as f64 - 3.0;
        let im = if dtype.is_complex() {
            self.below(7) as f64 - 3.0
        } else {
            0.0
        };
        Complex64::new(re, im)
    }
}

/// Values as an array of `dtype` on `dev` (through int64 or complex128 and a C cast).
fn values(v: &[Complex64], shape: &[usize], dtype: DType, dev: Device) -> Array {
    let a = if dtype.is_complex() {
        Array::from_vec_on(v.to_vec(), shape, dev).unwrap()
    } else {
        let r: Vec<i64> = v.iter().map(|c| c.re as i64).collect();
        Array::from_vec_on(r, shape, dev).unwrap()
    };
    a.astype(dtype).unwrap()
}

fn index_array(v: &[i64], dtype: DType, dev: Device) -> Array {
    Array::from_vec_on(v.to_vec(), &[v.len()], dev)
        .unwrap()
        .astype(dtype)
        .unwrap()
}

/// Random triplets with duplicates, in random order.
#[derive(Clone)]
pub(crate) struct Triplets {
    pub(crate) m: usize,
    pub(crate) n: usize,
    pub(crate) row: Vec<i64>,
    pub(crate) col: Vec<i64>,
    pub(crate) val: Vec<Complex64>,
}

fn triplets(rng: &mut Rng, m: usize, n: usize, nnz: usize, dtype: DType) -> Triplets {
    let mut t = Triplets {
        m,
        n,
        row: vec![],
        col: vec![],
        val: vec![],
    };
    if m == 0 || n == 0 {
        return t;
    }
    for _ in 0..nnz {
        let (r, c) = (rng.below(m) as i64, rng.below(n) as i64);
        t.row.push(r);
        t.col.push(c);
        t.val.push(rng.value(dtype));
        // a duplicate now and then
        if rng.below(6) == 0 {
            t.row.push(r);
            t.col.push(c);
            t.val.push(rng.value(dtype));
        }
    }
    t
}

impl Triplets {
    fn dense(&self) -> Vec<Complex64> {
        let mut d = vec![Complex64::new(0.0, 0.0); self.m * self.n];
        for ((&r, &c), &v) in self.row.iter().zip(&self.col).zip(&self.val) {
            d[r as usize * self.n + c as usize] += v;
        }
        d
    }
    fn coo(&self, dtype: DType, idx: DType, dev: Device) -> Coo {
        Coo {
            data: values(&self.val, &[self.val.len()], dtype, dev),
            row: index_array(&self.row, idx, dev),
            col: index_array(&self.col, idx, dev),
            shape: (self.m, self.n),
            canonical: false,
        }
    }
    /// A non-canonical CSR: rows in order, entries within a row in the triplets' order
    /// (unsorted, duplicates kept).
    fn csr(&self, dtype: DType, idx: DType, dev: Device) -> Compressed {
        let mut order: Vec<usize> = (0..self.row.len()).collect();
        order.sort_by_key(|&k| self.row[k]);
        let mut indptr = vec![0i64; self.m + 1];
        for &r in &self.row {
            indptr[r as usize + 1] += 1;
        }
        for i in 0..self.m {
            indptr[i + 1] += indptr[i];
        }
        let col: Vec<i64> = order.iter().map(|&k| self.col[k]).collect();
        let val: Vec<Complex64> = order.iter().map(|&k| self.val[k]).collect();
        Compressed {
            data: values(&val, &[val.len()], dtype, dev),
            indices: index_array(&col, idx, dev),
            indptr: index_array(&indptr, idx, dev),
            shape: (self.m, self.n),
            canonical: false,
        }
    }
}

/// `reference` (exact, in complex128) cast to `dtype` as NumPy would, read back as complex128.
fn cast_ref(reference: &[Complex64], shape: &[usize], dtype: DType) -> Vec<Complex64> {
    values(reference, shape, dtype, Device::Cpu)
        .astype(DType::Complex128)
        .unwrap()
        .to_vec::<Complex64>()
        .unwrap()
}

fn read(a: &Array) -> Vec<Complex64> {
    a.astype(DType::Complex128)
        .unwrap()
        .to_device(Device::Cpu)
        .unwrap()
        .to_vec::<Complex64>()
        .unwrap()
}

fn read_i64(a: &Array) -> Vec<i64> {
    a.astype(DType::Int64)
        .unwrap()
        .to_device(Device::Cpu)
        .unwrap()
        .to_vec::<i64>()
        .unwrap()
}

/// The dense matrix of a compressed one (duplicates added, in complex128) after checking its
/// structure; `canonical` asks for sorted, duplicate-free slices.
pub(crate) fn densify(c: &Compressed, what: &str) -> Vec<Complex64> {
    let (m, n) = c.shape;
    let indptr = read_i64(&c.indptr);
    let idx = read_i64(&c.indices);
    let val = read(&c.data);
    assert_eq!(indptr.len(), m + 1, "{what}: indptr length");
    assert_eq!(indptr[0], 0, "{what}: indptr[0]");
    assert_eq!(indptr[m] as usize, idx.len(), "{what}: indptr[-1] vs nnz");
    assert_eq!(idx.len(), val.len(), "{what}: indices vs data");
    let mut d = vec![Complex64::new(0.0, 0.0); m * n];
    for i in 0..m {
        let (s, e) = (indptr[i] as usize, indptr[i + 1] as usize);
        assert!(s <= e, "{what}: indptr decreases at {i}");
        if c.canonical {
            for k in s + 1..e {
                assert!(
                    idx[k - 1] < idx[k],
                    "{what}: marked canonical but slice {i} has indices {:?}",
                    &idx[s..e]
                );
            }
        }
        for k in s..e {
            assert!(
                idx[k] >= 0 && (idx[k] as usize) < n,
                "{what}: index {} out of 0..{n}",
                idx[k]
            );
            // NaN-free small values: plain addition is exact
            d[i * n + idx[k] as usize] += val[k];
        }
    }
    d
}

fn shapes() -> Vec<(usize, usize, usize)> {
    vec![
        (0, 0, 0),
        (0, 3, 0),
        (4, 0, 0),
        (1, 1, 1),
        (5, 7, 12),
        (17, 9, 40),
        (33, 65, 300),
        (200, 150, 1500),
    ]
}

#[test]
fn spmv_every_dtype_and_index_width_against_dense() {
    for dev in all_devices() {
        let mut rng = Rng::new(1);
        for dt in dtypes() {
            for &it in &INDEX {
                for (m, n, nnz) in shapes() {
                    let t = triplets(&mut rng, m, n, nnz, dt);
                    let a = t.csr(dt, it, dev);
                    let xv: Vec<Complex64> = (0..n).map(|_| rng.value(dt)).collect();
                    let x = values(&xv, &[n], dt, dev);
                    let y = spmv(&a, &x, false).unwrap_or_else(|e| {
                        panic!("spmv {dt}/{it} {m}x{n} nnz {nnz} on {dev}: {e}")
                    });
                    assert_eq!(y.dtype(), dt);
                    assert_eq!(y.shape(), &[m]);
                    assert_eq!(y.device(), dev);
                    let d = t.dense();
                    let mut r = vec![Complex64::new(0.0, 0.0); m];
                    for i in 0..m {
                        for j in 0..n {
                            r[i] += d[i * n + j] * xv[j];
                        }
                    }
                    // bool: OR of AND is (sum of products) != 0 for 0/1 values
                    assert_eq!(
                        read(&y),
                        cast_ref(&r, &[m], dt),
                        "spmv {dt}/{it} {m}x{n} nnz {nnz} on {dev}"
                    );
                    // the canonical form of the same matrix (cuSPARSE's path on CUDA for
                    // float32/float64/complex64/complex128)
                    let ac = coo_to_compressed(&t.coo(dt, it, dev), true).unwrap();
                    assert!(ac.canonical);
                    let yc = spmv(&ac, &x, false).unwrap_or_else(|e| {
                        panic!("canonical spmv {dt}/{it} {m}x{n} nnz {nnz} on {dev}: {e}")
                    });
                    assert_eq!(
                        read(&yc),
                        cast_ref(&r, &[m], dt),
                        "canonical spmv {dt}/{it} {m}x{n} nnz {nnz} on {dev}"
                    );
                    // transposed
                    let xt: Vec<Complex64> = (0..m).map(|_| rng.value(dt)).collect();
                    let x = values(&xt, &[m], dt, dev);
                    let y = spmv(&a, &x, true).unwrap();
                    let mut r = vec![Complex64::new(0.0, 0.0); n];
                    for i in 0..m {
                        for j in 0..n {
                            r[j] += d[i * n + j] * xt[i];
                        }
                    }
                    assert_eq!(
                        read(&y),
                        cast_ref(&r, &[n], dt),
                        "spmv^T {dt}/{it} {m}x{n} nnz {nnz} on {dev}"
                    );
                }
            }
        }
    }
}

/// The CUDA SpMV takes rows in blocks of 256 staged through shared memory, and a block whose
/// entries overflow its 2048 slots a warp per row: short, empty and long rows across several
/// blocks (the last one partial), canonical and not, give the dense product exactly (small
/// integer values: every order of summation is exact).
#[test]
fn spmv_row_blocks_short_long_and_empty_rows() {
    let (m, n) = (1000usize, 3000usize);
    let mut t = Triplets {
        m,
        n,
        row: vec![],
        col: vec![],
        val: vec![],
    };
    for i in 0..m {
        // rows 260..264 hold 800 entries each: their block (rows 256..512) overflows
        let len = if (260..264).contains(&i) {
            800
        } else if i == m - 1 {
            0
        } else {
            i % 7
        };
        for k in 0..len {
            t.row.push(i as i64);
            t.col.push(((i * 13 + k * 3) % n) as i64);
            t.val
                .push(Complex64::new(((i + k) % 5) as f64 - 2.0, (k % 3) as f64));
        }
    }
    let xv: Vec<Complex64> = (0..n)
        .map(|j| Complex64::new((j % 9) as f64 - 4.0, (j % 2) as f64))
        .collect();
    for dev in all_devices() {
        for dt in [
            DType::Float32,
            DType::Float64,
            DType::Complex128,
            DType::Int32,
        ] {
            // real parts only for the real dtypes
            let (mut tr, mut xs) = (t.clone(), xv.clone());
            if !dt.is_complex() {
                tr.val.iter_mut().for_each(|v| v.im = 0.0);
                xs.iter_mut().for_each(|v| v.im = 0.0);
            }
            let dr = tr.dense();
            let mut r = vec![Complex64::new(0.0, 0.0); m];
            for i in 0..m {
                for j in 0..n {
                    r[i] += dr[i * n + j] * xs[j];
                }
            }
            let want = cast_ref(&r, &[m], dt);
            let x = values(&xs, &[n], dt, dev);
            for it in INDEX {
                let what = format!("spmv row blocks {dt}/{it} on {dev}");
                let a = tr.csr(dt, it, dev);
                assert_eq!(read(&spmv(&a, &x, false).unwrap()), want, "{what}");
                let ac = coo_to_compressed(&tr.coo(dt, it, dev), true).unwrap();
                assert_eq!(
                    read(&spmv(&ac, &x, false).unwrap()),
                    want,
                    "canonical {what}"
                );
            }
        }
    }
}

#[test]
fn spmv_promotes_like_numpy() {
    let cases = [
        (DType::Int8, DType::Float32, DType::Float32),
        (DType::Bool, DType::Int16, DType::Int16),
        (DType::Float32, DType::Float64, DType::Float64),
        (DType::Float16, DType::Complex64, DType::Complex64),
        (DType::Int64, DType::Float32, DType::Float64),
        (DType::UInt8, DType::Int8, DType::Int16),
        (DType::Float32, DType::Complex128, DType::Complex128),
    ];
    for dev in all_devices() {
        let mut rng = Rng::new(2);
        for (ad, xd, want) in cases {
            let t = triplets(&mut rng, 20, 11, 50, DType::Int8);
            let a = t.csr(ad, DType::Int32, dev);
            let xv: Vec<Complex64> = (0..11).map(|_| rng.value(DType::Int8)).collect();
            let x = values(&xv, &[11], xd, dev);
            let y = spmv(&a, &x, false).unwrap();
            assert_eq!(y.dtype(), want, "{ad} x {xd} on {dev}");
            // the reference: values as stored in each dtype, product in the result dtype
            let dv = t.dense_cast(ad);
            let xv = cast_ref(&xv, &[11], xd);
            let mut r = vec![Complex64::new(0.0, 0.0); 20];
            for i in 0..20 {
                for j in 0..11 {
                    r[i] += dv[i * 11 + j] * xv[j];
                }
            }
            assert_eq!(read(&y), cast_ref(&r, &[20], want), "{ad} x {xd} on {dev}");
        }
    }
}

#[test]
fn spmm_every_dtype_layouts_against_dense() {
    for dev in all_devices() {
        let mut rng = Rng::new(3);
        for dt in dtypes() {
            for &it in &INDEX {
                for (m, n, nnz) in shapes() {
                    // 19: more than 16 right-hand sides take cuSPARSE's SpMM on CUDA
                    for k in [1usize, 3, 8, 19] {
                        let t = triplets(&mut rng, m, n, nnz, dt);
                        let a = t.csr(dt, it, dev);
                        let xv: Vec<Complex64> = (0..n * k).map(|_| rng.value(dt)).collect();
                        let xc = values(&xv, &[n, k], dt, dev);
                        // the same matrix Fortran-ordered: the transpose of a (k, n) C array
                        let mut xt = vec![Complex64::new(0.0, 0.0); n * k];
                        for i in 0..n {
                            for j in 0..k {
                                xt[j * n + i] = xv[i * k + j];
                            }
                        }
                        let xf = values(&xt, &[k, n], dt, dev).transpose().unwrap();
                        let d = t.dense();
                        let mut r = vec![Complex64::new(0.0, 0.0); m * k];
                        for i in 0..m {
                            for l in 0..n {
                                for j in 0..k {
                                    r[i * k + j] += d[i * n + l] * xv[l * k + j];
                                }
                            }
                        }
                        let want = cast_ref(&r, &[m * k], dt);
                        let ac = coo_to_compressed(&t.coo(dt, it, dev), true).unwrap();
                        for (name, x) in [("C", &xc), ("F", &xf)] {
                            for (form, a) in [("as stored", &a), ("canonical", &ac)] {
                                let y = spmm(a, x, false).unwrap_or_else(|e| {
                                    panic!("spmm {dt}/{it} {m}x{n}x{k} {name} {form} on {dev}: {e}")
                                });
                                assert_eq!(y.shape(), &[m, k]);
                                assert_eq!(y.dtype(), dt);
                                assert_eq!(
                                    read(&y),
                                    want,
                                    "spmm {dt}/{it} {m}x{n} nnz {nnz} k {k} {name}-order, {form}, on {dev}"
                                );
                            }
                        }
                        // transposed: Aᵀ (m, k) → (n, k)
                        let xv2: Vec<Complex64> = (0..m * k).map(|_| rng.value(dt)).collect();
                        let x2 = values(&xv2, &[m, k], dt, dev);
                        let y = spmm(&a, &x2, true).unwrap();
                        let mut r = vec![Complex64::new(0.0, 0.0); n * k];
                        for i in 0..m {
                            for l in 0..n {
                                for j in 0..k {
                                    r[l * k + j] += d[i * n + l] * xv2[i * k + j];
                                }
                            }
                        }
                        assert_eq!(
                            read(&y),
                            cast_ref(&r, &[n * k], dt),
                            "spmm^T {dt}/{it} {m}x{n} k {k} on {dev}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn spgemm_every_dtype_against_dense_canonical_no_zeros() {
    for dev in all_devices() {
        let mut rng = Rng::new(4);
        for dt in dtypes() {
            for (ia, ib) in [
                (DType::Int32, DType::Int32),
                (DType::Int64, DType::Int64),
                (DType::Int32, DType::Int64),
            ] {
                for (m, k, nnz) in shapes() {
                    let n = (m + k) / 2 + 1;
                    let ta = triplets(&mut rng, m, k, nnz, dt);
                    let tb = triplets(&mut rng, k, n, nnz, dt);
                    let (a, b) = if rng.below(2) == 0 {
                        (ta.csr(dt, ia, dev), tb.csr(dt, ib, dev))
                    } else {
                        // canonical operands (cuSPARSE's SpGEMM on CUDA for float/complex
                        // with int32 indices)
                        (
                            coo_to_compressed(&ta.coo(dt, ia, dev), true).unwrap(),
                            coo_to_compressed(&tb.coo(dt, ib, dev), true).unwrap(),
                        )
                    };
                    let what = format!(
                        "spgemm {dt}/{ia}x{ib} ({m}x{k})@({k}x{n}) canonical {} on {dev}",
                        a.canonical
                    );
                    let c = spgemm(&a, &b).unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_eq!(c.shape, (m, n), "{what}");
                    assert_eq!(c.data.dtype(), dt, "{what}");
                    assert!(c.canonical, "{what}: not canonical");
                    let want_it = if ia == DType::Int64 || ib == DType::Int64 {
                        DType::Int64
                    } else {
                        DType::Int32
                    };
                    assert_eq!(c.indices.dtype(), want_it, "{what}");
                    let got = densify(&c, &what);
                    assert!(
                        read(&c.data).iter().all(|v| *v != Complex64::new(0.0, 0.0)),
                        "{what}: explicit zeros stored"
                    );
                    let (da, db) = (
                        cast_ref(&ta.dense(), &[m * k], dt),
                        cast_ref(&tb.dense(), &[k * n], dt),
                    );
                    let mut r = vec![Complex64::new(0.0, 0.0); m * n];
                    for i in 0..m {
                        for l in 0..k {
                            for j in 0..n {
                                r[i * n + j] += da[i * k + l] * db[l * n + j];
                            }
                        }
                    }
                    assert_eq!(got, cast_ref(&r, &[m * n], dt), "{what}");
                    // the operands are untouched
                    if !a.canonical {
                        assert_eq!(
                            densify(&a, "a after"),
                            ta.dense_cast(dt),
                            "{what}: a changed"
                        );
                    }
                }
            }
        }
    }
}

impl Triplets {
    fn dense_cast(&self, dt: DType) -> Vec<Complex64> {
        // the stored values cast one by one, then added (as densify does)
        let vals = cast_ref(&self.val, &[self.val.len()], dt);
        let mut d = vec![Complex64::new(0.0, 0.0); self.m * self.n];
        for ((&r, &c), &v) in self.row.iter().zip(&self.col).zip(&vals) {
            d[r as usize * self.n + c as usize] += v;
        }
        d
    }
}

#[test]
fn spgemm_drops_cancellations_like_scipy() {
    // [[1, 1]] @ [[1], [-1]] = [[0]]: SciPy stores nothing
    for dev in all_devices() {
        for dt in [DType::Float32, DType::Int64, DType::Complex128] {
            let (a, b) = cancelling_pair();
            let c = spgemm(&a.csr(dt, DType::Int32, dev), &b.csr(dt, DType::Int32, dev)).unwrap();
            assert_eq!(c.data.size(), 0, "{dt} on {dev}");
            assert_eq!(read_i64(&c.indptr), vec![0, 0], "{dt} on {dev}");
        }
    }
}

#[test]
fn transpose_every_dtype_against_dense() {
    for dev in all_devices() {
        let mut rng = Rng::new(5);
        for dt in dtypes() {
            for &it in &INDEX {
                for (m, n, nnz) in shapes() {
                    let t = triplets(&mut rng, m, n, nnz, dt);
                    let a = t.csr(dt, it, dev);
                    let what = format!("transpose {dt}/{it} {m}x{n} nnz {nnz} on {dev}");
                    let at = transpose(&a).unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_eq!(at.shape, (n, m), "{what}");
                    assert_eq!(at.data.dtype(), dt, "{what}");
                    assert_eq!(at.indices.dtype(), it, "{what}");
                    assert_eq!(at.data.size(), a.data.size(), "{what}: duplicates kept");
                    // sorted within every slice (duplicates allowed)
                    let (p, ix) = (read_i64(&at.indptr), read_i64(&at.indices));
                    for j in 0..n {
                        let s = &ix[p[j] as usize..p[j + 1] as usize];
                        assert!(
                            s.windows(2).all(|w| w[0] <= w[1]),
                            "{what}: slice {j} {s:?}"
                        );
                    }
                    let d = t.dense_cast(dt);
                    let mut r = vec![Complex64::new(0.0, 0.0); n * m];
                    for i in 0..m {
                        for j in 0..n {
                            r[j * m + i] = d[i * n + j];
                        }
                    }
                    assert_eq!(densify(&at, &what), r, "{what}");
                }
            }
        }
    }
}

#[test]
fn coo_to_compressed_every_dtype_sorted_and_summed() {
    for dev in all_devices() {
        let mut rng = Rng::new(6);
        for dt in dtypes() {
            for &it in &INDEX {
                for (m, n, nnz) in shapes() {
                    let t = triplets(&mut rng, m, n, nnz, dt);
                    let c = t.coo(dt, it, dev);
                    for sum in [false, true] {
                        let what =
                            format!("coo->csr {dt}/{it} {m}x{n} nnz {nnz} sum {sum} on {dev}");
                        let a =
                            coo_to_compressed(&c, sum).unwrap_or_else(|e| panic!("{what}: {e}"));
                        assert_eq!(a.shape, (m, n), "{what}");
                        assert_eq!(a.indices.dtype(), it, "{what}");
                        let (p, ix, v) = (read_i64(&a.indptr), read_i64(&a.indices), read(&a.data));
                        let vals = cast_ref(&t.val, &[t.val.len()], dt);
                        if sum {
                            assert!(a.canonical, "{what}");
                            // reference: summed in the dtype, in input order
                            let mut seen = std::collections::BTreeMap::new();
                            for (k, &v) in vals.iter().enumerate() {
                                seen.entry((t.row[k], t.col[k]))
                                    .or_insert_with(Vec::new)
                                    .push(v);
                            }
                            let want_ix: Vec<i64> = seen.keys().map(|k| k.1).collect();
                            assert_eq!(ix, want_ix, "{what}");
                            let sums: Vec<Complex64> =
                                seen.values().map(|vs| vs.iter().sum()).collect();
                            assert_eq!(v, cast_ref(&sums, &[sums.len()], dt), "{what}");
                        } else {
                            // stable sort by (row, col): the expected order
                            let mut order: Vec<usize> = (0..t.row.len()).collect();
                            order.sort_by_key(|&k| (t.row[k], t.col[k]));
                            let want_ix: Vec<i64> = order.iter().map(|&k| t.col[k]).collect();
                            let want_v: Vec<Complex64> = order.iter().map(|&k| vals[k]).collect();
                            assert_eq!(ix, want_ix, "{what}");
                            assert_eq!(v, want_v, "{what}");
                            let has_dup = order
                                .windows(2)
                                .any(|w| (t.row[w[0]], t.col[w[0]]) == (t.row[w[1]], t.col[w[1]]));
                            assert_eq!(a.canonical, !has_dup, "{what}");
                        }
                        for i in 0..m {
                            let cnt = t.row.iter().filter(|&&r| r as usize == i).count();
                            if !sum {
                                assert_eq!((p[i + 1] - p[i]) as usize, cnt, "{what}: row {i}");
                            }
                        }
                    }
                }
            }
        }
    }
}

/// COO -> CSR on CUDA through both of its paths (rows of at most 64 entries: counted into row
/// buckets; a longer row: the radix sort) equals the CPU's, bit for bit: duplicates add in
/// their stored order (float32 `1e8 + 1 - 1e8` is 0 in that order, 1 in another).
#[test]
fn coo_to_compressed_row_buckets_and_long_rows_match_the_cpu() {
    use cuprum_core::ext::test_util::cuda_devices;
    for dev in cuda_devices() {
        for long in [false, true] {
            let mut rng = Rng::new(8);
            let mut t = triplets(&mut rng, 40, 300, 400, DType::Float32);
            for (k, v) in [1e8, 1.0, -1e8].into_iter().enumerate() {
                t.row.push(5);
                t.col.push(7);
                t.val.push(Complex64::new(v, 0.0));
                // entries of other rows between the duplicates
                t.row.push(k as i64 + 1);
                t.col.push(k as i64);
                t.val.push(Complex64::new(2.0, 0.0));
            }
            if long {
                for j in 0..150 {
                    t.row.push(9);
                    t.col.push((j * 7) % 120);
                    t.val.push(Complex64::new((j % 5) as f64 - 2.0, 0.0));
                }
            }
            for it in INDEX {
                let what = format!("coo->csr long {long} {it} on {dev}");
                let g = coo_to_compressed(&t.coo(DType::Float32, it, dev), true).unwrap();
                let c = coo_to_compressed(&t.coo(DType::Float32, it, Device::Cpu), true).unwrap();
                assert!(g.canonical, "{what}");
                assert_eq!(g.indices.dtype(), it, "{what}");
                assert_eq!(read_i64(&g.indptr), read_i64(&c.indptr), "{what}");
                assert_eq!(read_i64(&g.indices), read_i64(&c.indices), "{what}");
                let (gv, cv) = (read(&g.data), read(&c.data));
                assert_eq!(gv, cv, "{what}");
                // the (5, 7) entry: (1e8 + 1) - 1e8 in float32
                let p = read_i64(&g.indptr);
                let ix = read_i64(&g.indices);
                let k = (p[5]..p[6]).find(|&k| ix[k as usize] == 7).unwrap() as usize;
                assert_eq!(gv[k].re, 0.0, "{what}");
            }
        }
    }
}

#[test]
fn bad_operands_are_errors() {
    for dev in all_devices() {
        let t = Triplets {
            m: 2,
            n: 3,
            row: vec![0, 1],
            col: vec![1, 2],
            val: vec![Complex64::new(1.0, 0.0); 2],
        };
        let a = t.csr(DType::Float64, DType::Int32, dev);
        let x = Array::from_vec_on(vec![1.0f64; 4], &[4], dev).unwrap();
        let e = spmv(&a, &x, false).unwrap_err();
        assert!(
            matches!(e, SparseError::ShapeMismatch { op: "spmv", .. }),
            "{e}"
        );
        // a column index out of bounds
        let mut bad = a.clone();
        bad.indices = index_array(&[1, 7], DType::Int32, dev);
        let x = Array::from_vec_on(vec![1.0f64; 3], &[3], dev).unwrap();
        // the same column through SpGEMM, B marked canonical (the row merge on CUDA)
        let mut bcan = bad.clone();
        bcan.canonical = true;
        let sq = Triplets {
            m: 2,
            n: 2,
            row: vec![0, 1],
            col: vec![0, 1],
            val: vec![Complex64::new(1.0, 0.0); 2],
        }
        .csr(DType::Float64, DType::Int32, dev);
        let e = spgemm(&sq, &bcan).unwrap_err();
        assert!(
            matches!(
                e,
                SparseError::IndexOutOfBounds {
                    op: "spgemm",
                    index: 7,
                    ..
                }
            ),
            "{dev}: {e}"
        );
        let e = spmv(&bad, &x, false).unwrap_err();
        assert!(
            matches!(e, SparseError::IndexOutOfBounds { index: 7, .. }),
            "{dev}: {e}"
        );
        // COO with a negative row
        let mut c = t.coo(DType::Float64, DType::Int64, dev);
        c.row = index_array(&[0, -1], DType::Int64, dev);
        let e = coo_to_compressed(&c, true).unwrap_err();
        assert!(
            matches!(
                e,
                SparseError::IndexOutOfBounds {
                    index: -1,
                    axis: 0,
                    ..
                }
            ),
            "{dev}: {e}"
        );
        // index dtype
        let mut f = a.clone();
        f.indices = f.indices.astype(DType::Int16).unwrap();
        assert!(matches!(
            transpose(&f).unwrap_err(),
            SparseError::InvalidFormat { .. }
        ));
        // inner extents
        let e = spgemm(&a, &a).unwrap_err();
        assert!(
            matches!(e, SparseError::ShapeMismatch { op: "spgemm", .. }),
            "{e}"
        );
    }
}

/// One SpMV with more than 2^31 stored entries (int64 indices; cuSPARSE and CuPy fail there),
/// built on the GPU, checked against a host reference on a sample of rows. int8 data and x
/// (wrapping sums, so the check is exact) keep it at about 19.4 GB of device memory at rest
/// (int64 indices 17.2 GB) and about 37 GB at the peak of the construction (two int64 arrays
/// of 17.2 GB: the positions are scaled in place); it runs whenever the device has 40 GiB
/// free (an H200 has 139 GiB) and says so on stderr, else it prints why it was skipped.
#[test]
fn spmv_beyond_2_pow_31_entries_on_gpu() {
    use cuprum_core::ext::test_util::cuda_devices;
    const PER: usize = 513;
    const M: usize = 1 << 22;
    const N: usize = 1 << 20;
    const NEED: usize = 40 << 30;
    let nnz = PER * M; // 2,151,677,952 > 2^31
    assert!(nnz > 1usize << 31);
    for dev in cuda_devices() {
        let Device::Cuda(o) = dev else { continue };
        let (free, total) = cuprum_core::ext::cuda::mem_get_info(o).unwrap();
        if free < NEED {
            eprintln!(
                "skipped spmv_beyond_2_pow_31_entries_on_gpu on {dev}: {} GiB free of {} GiB, \
                 40 GiB needed",
                free >> 30,
                total >> 30
            );
            continue;
        }
        eprintln!(
            "spmv_beyond_2_pow_31_entries_on_gpu: running on {dev} ({} GiB free)",
            free >> 30
        );
        let a = {
            let k =
                cuprum_core::arange_on(0i64, nnz as i64, 1i64, Some(DType::Int64), dev).unwrap();
            // data = k % 5 - 2 as int8 (one int64 temporary, shifted in place)
            let r = cuprum_core::remainder(&k, 5i64).unwrap();
            cuprum_core::subtract_out(&r, 2i64, &r).unwrap();
            let data = r.astype(DType::Int8).unwrap();
            drop(r);
            // cols = k * 7919 % N (k scaled in place)
            cuprum_core::multiply_out(&k, 7919i64, &k).unwrap();
            let cols = cuprum_core::remainder(&k, N as i64).unwrap();
            drop(k);
            let indptr =
                cuprum_core::arange_on(0i64, nnz as i64 + 1, PER as i64, Some(DType::Int64), dev)
                    .unwrap();
            assert_eq!(indptr.size(), M + 1);
            Compressed {
                data,
                indices: cols,
                indptr,
                shape: (M, N),
                canonical: false,
            }
        };
        let xh: Vec<i8> = (0..N).map(|j| (j % 3) as i8 - 1).collect();
        let x = Array::from_vec_on(xh.clone(), &[N], dev).unwrap();
        let y =
            spmv(&a, &x, false).unwrap_or_else(|e| panic!("spmv with {nnz} entries on {dev}: {e}"));
        assert_eq!(y.dtype(), DType::Int8);
        let yh = y.to_device(Device::Cpu).unwrap().to_vec::<i8>().unwrap();
        let mut rng = Rng::new(7);
        let mut rows: Vec<usize> = (0..2000).map(|_| rng.below(M)).collect();
        rows.extend([0, 1, M / 2, M - 2, M - 1]);
        for i in rows {
            let mut acc = 0i8;
            for k in i * PER..(i + 1) * PER {
                let col = (k as u64 * 7919 % N as u64) as usize;
                let v = (k % 5) as i8 - 2;
                acc = acc.wrapping_add(v.wrapping_mul(xh[col]));
            }
            assert_eq!(yh[i], acc, "row {i} of the {nnz}-entry SpMV on {dev}");
        }
    }
}

/// A product whose intermediate (every `a[i, l] * b[l, j]`) is 36× larger than its result:
/// `A` (600 × 30) and `B` (30 × 600) fully populated, so each of the 360,000 output entries
/// sums 30 products (10.8 M in all). Small integers, so every path is exact.
fn dense_block_operands(dt: DType, dev: Device) -> (Compressed, Compressed, Vec<Complex64>) {
    const M: usize = 600;
    const K: usize = 30;
    let mut ta = Triplets {
        m: M,
        n: K,
        row: vec![],
        col: vec![],
        val: vec![],
    };
    let mut tb = Triplets {
        m: K,
        n: M,
        row: vec![],
        col: vec![],
        val: vec![],
    };
    for i in 0..M {
        for l in 0..K {
            ta.row.push(i as i64);
            ta.col.push(l as i64);
            ta.val
                .push(Complex64::new(((i * 7 + l * 3) % 5) as f64 - 2.0, 0.0));
            tb.row.push(l as i64);
            tb.col.push(i as i64);
            tb.val
                .push(Complex64::new(((i * 5 + l) % 7) as f64 - 3.0, 0.0));
        }
    }
    let (da, db) = (ta.dense(), tb.dense());
    let mut r = vec![Complex64::new(0.0, 0.0); M * M];
    for i in 0..M {
        for l in 0..K {
            let av = da[i * K + l];
            for j in 0..M {
                r[i * M + j] += av * db[l * M + j];
            }
        }
    }
    let a = coo_to_compressed(&ta.coo(dt, DType::Int32, dev), true).unwrap();
    let b = coo_to_compressed(&tb.coo(dt, DType::Int32, dev), true).unwrap();
    (a, b, r)
}

#[test]
fn spgemm_with_a_large_intermediate_against_dense() {
    for dev in all_devices() {
        for dt in [
            DType::Float64,
            DType::Float32,
            DType::Int64,
            DType::Complex128,
        ] {
            let (a, b, r) = dense_block_operands(dt, dev);
            let what = format!("spgemm 600x30 @ 30x600 {dt} on {dev}");
            let c = spgemm(&a, &b).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(c.canonical, "{what}");
            assert_eq!(c.shape, (600, 600), "{what}");
            let nz = r.iter().filter(|v| **v != Complex64::new(0.0, 0.0)).count();
            assert_eq!(c.data.size(), nz, "{what}: stored entries");
            assert_eq!(densify(&c, &what), cast_ref(&r, &[r.len()], dt), "{what}");
        }
    }
}

/// Every SpGEMM path on CUDA, each forced in turn: cuSPARSE ALG1, ALG2, ALG3 (memory-bounded,
/// chunked) and cuprum's own expand-sort-compress kernels; each gives the dense reference, and
/// the default choice (by memory) runs ALG1 when memory is plentiful.
#[test]
fn spgemm_every_cuda_algorithm_forced() {
    use super::cuda::{SpgemmAlg, force_spgemm, last_spgemm};
    use cuprum_core::ext::test_util::cuda_devices;
    for dev in cuda_devices() {
        for dt in [
            DType::Float32,
            DType::Float64,
            DType::Complex64,
            DType::Complex128,
        ] {
            let (a, b, r) = dense_block_operands(dt, dev);
            let want = cast_ref(&r, &[r.len()], dt);
            for path in [
                Some(SpgemmAlg::Alg1),
                Some(SpgemmAlg::Alg2),
                Some(SpgemmAlg::Alg3),
                None,
            ] {
                let what = format!("spgemm forced {path:?} {dt} on {dev}");
                force_spgemm(Some(path));
                let c = spgemm(&a, &b);
                let used = last_spgemm();
                force_spgemm(None);
                let c = c.unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(used, path, "{what}: ran {used:?}");
                assert!(c.canonical, "{what}");
                assert_eq!(densify(&c, &what), want, "{what}");
            }
            // chosen by memory: ALG1 fits easily here
            let c = spgemm(&a, &b).unwrap();
            assert_eq!(last_spgemm(), Some(SpgemmAlg::Alg1), "{dt} on {dev}");
            assert_eq!(densify(&c, "default"), want);
            // the cancellation case through each algorithm: nothing stored
            let (one, neg) = cancelling_pair();
            for alg in [SpgemmAlg::Alg1, SpgemmAlg::Alg2, SpgemmAlg::Alg3] {
                force_spgemm(Some(Some(alg)));
                let c = spgemm(
                    &coo_to_compressed(&one.coo(dt, DType::Int32, dev), true).unwrap(),
                    &coo_to_compressed(&neg.coo(dt, DType::Int32, dev), true).unwrap(),
                );
                force_spgemm(None);
                assert_eq!(c.unwrap().data.size(), 0, "{alg:?} {dt} on {dev}");
            }
        }
    }
}

/// `[[1, 1]]` and `[[1], [-1]]`, whose product `[[0]]` stores nothing.
fn cancelling_pair() -> (Triplets, Triplets) {
    let one = Triplets {
        m: 1,
        n: 2,
        row: vec![0, 0],
        col: vec![0, 1],
        val: vec![Complex64::new(1.0, 0.0); 2],
    };
    let neg = Triplets {
        m: 2,
        n: 1,
        row: vec![0, 1],
        col: vec![0, 0],
        val: vec![Complex64::new(1.0, 0.0), Complex64::new(-1.0, 0.0)],
    };
    (one, neg)
}

/// cuprum's row-merge SpGEMM on CUDA (canonical `B`, rows of `A` of at most 8 entries): taken
/// by default, for every dtype and index width, with a non-canonical `A` (unsorted, duplicates),
/// against the dense reference; cancellations store nothing; a row of `A` longer than 8
/// entries, or a non-canonical `B`, takes another path with the same answer.
#[test]
fn spgemm_row_merge_every_dtype_and_its_limits() {
    use super::cuda::{SpgemmAlg, last_spgemm};
    use cuprum_core::ext::test_util::cuda_devices;
    let matmul = |da: &[Complex64], db: &[Complex64], (m, k, n): (usize, usize, usize)| {
        let mut r = vec![Complex64::new(0.0, 0.0); m * n];
        for i in 0..m {
            for l in 0..k {
                for j in 0..n {
                    r[i * n + j] += da[i * k + l] * db[l * n + j];
                }
            }
        }
        r
    };
    for dev in cuda_devices() {
        let mut rng = Rng::new(31);
        for dt in dtypes() {
            for it in INDEX {
                let (m, k, n) = (57, 41, 66);
                // rows of at most 4 entries, each duplicated now and then (at most 8 stored),
                // in random column order: a non-canonical A
                let mut ta = Triplets {
                    m,
                    n: k,
                    row: vec![],
                    col: vec![],
                    val: vec![],
                };
                for i in 0..m {
                    for _ in 0..rng.below(5) {
                        let c = rng.below(k) as i64;
                        for _ in 0..1 + usize::from(rng.below(4) == 0) {
                            ta.row.push(i as i64);
                            ta.col.push(c);
                            ta.val.push(rng.value(dt));
                        }
                    }
                }
                let tb = triplets(&mut rng, k, n, 400, dt);
                let a = ta.csr(dt, it, dev);
                let b = coo_to_compressed(&tb.coo(dt, it, dev), true).unwrap();
                let what = format!("row-merge spgemm {dt}/{it} on {dev}");
                let c = spgemm(&a, &b).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(last_spgemm(), Some(SpgemmAlg::RowMerge), "{what}");
                assert!(c.canonical, "{what}");
                assert_eq!(c.indices.dtype(), it, "{what}");
                assert!(
                    read(&c.data).iter().all(|v| *v != Complex64::new(0.0, 0.0)),
                    "{what}: explicit zeros stored"
                );
                let r = matmul(
                    &cast_ref(&ta.dense(), &[m * k], dt),
                    &cast_ref(&tb.dense(), &[k * n], dt),
                    (m, k, n),
                );
                assert_eq!(densify(&c, &what), cast_ref(&r, &[m * n], dt), "{what}");
                assert_eq!(
                    densify(&a, "a after"),
                    ta.dense_cast(dt),
                    "{what}: a changed"
                );
            }
        }
        // [[1, 1]] @ [[1], [-1]]: nothing stored, through the merge
        let (one, neg) = cancelling_pair();
        for dt in [DType::Float32, DType::Int64, DType::Complex128] {
            let c = spgemm(
                &one.csr(dt, DType::Int32, dev),
                &coo_to_compressed(&neg.coo(dt, DType::Int32, dev), true).unwrap(),
            )
            .unwrap();
            assert_eq!(last_spgemm(), Some(SpgemmAlg::RowMerge), "{dt}");
            assert_eq!(c.data.size(), 0, "{dt} on {dev}");
            assert_eq!(read_i64(&c.indptr), vec![0, 0], "{dt} on {dev}");
        }
        // a row of A with 40 entries: not the merge, the same product (cuSPARSE here)
        let dt = DType::Float64;
        let mut ta = triplets(&mut rng, 20, 50, 60, dt);
        for j in 0..40 {
            ta.row.push(3);
            ta.col.push(j);
            ta.val.push(Complex64::new(1.0 + (j % 3) as f64, 0.0));
        }
        let tb = triplets(&mut rng, 50, 30, 200, dt);
        let a = coo_to_compressed(&ta.coo(dt, DType::Int32, dev), true).unwrap();
        let b = coo_to_compressed(&tb.coo(dt, DType::Int32, dev), true).unwrap();
        let c = spgemm(&a, &b).unwrap();
        assert_ne!(last_spgemm(), Some(SpgemmAlg::RowMerge), "a row of 40");
        let r = matmul(&ta.dense(), &tb.dense(), (20, 50, 30));
        assert_eq!(densify(&c, "row of 40"), cast_ref(&r, &[600], dt));
        // a non-canonical B: not the merge either
        let c = spgemm(&a, &tb.csr(dt, DType::Int32, dev)).unwrap();
        assert_ne!(last_spgemm(), Some(SpgemmAlg::RowMerge), "non-canonical b");
        assert_eq!(densify(&c, "non-canonical b"), cast_ref(&r, &[600], dt));
    }
}

/// Inputs large enough for the CPU kernels' multi-part paths (per-part histograms of the
/// counting sorts, several SpGEMM parts): exact integer values, checked against serial
/// references (entry order included).
#[test]
fn large_inputs_take_the_parallel_paths_exactly() {
    for dev in all_devices() {
        let mut rng = Rng::new(11);
        for &it in &[DType::Int32, DType::Int64] {
            let (m, n) = (300usize, 280usize);
            let t = triplets(&mut rng, m, n, 70_000, DType::Int64);
            let what = format!("{it} on {dev}");
            // COO -> CSR: stable by (row, col), duplicates summed in input order
            let c = coo_to_compressed(&t.coo(DType::Int64, it, dev), true).unwrap();
            let mut order: Vec<usize> = (0..t.row.len()).collect();
            order.sort_by_key(|&k| (t.row[k], t.col[k]));
            let (mut rr, mut rc, mut rv) = (vec![], vec![], vec![]);
            for &k in &order {
                if rr.last() == Some(&t.row[k]) && rc.last() == Some(&t.col[k]) {
                    *rv.last_mut().unwrap() += t.val[k].re as i64;
                } else {
                    rr.push(t.row[k]);
                    rc.push(t.col[k]);
                    rv.push(t.val[k].re as i64);
                }
            }
            assert_eq!(read_i64(&c.indices), rc, "coo {what}");
            assert_eq!(c.data.to_vec::<i64>().unwrap(), rv, "coo {what}");
            let mut ptr = vec![0i64; m + 1];
            for &r in &rr {
                ptr[r as usize + 1] += 1;
            }
            for i in 0..m {
                ptr[i + 1] += ptr[i];
            }
            assert_eq!(read_i64(&c.indptr), ptr, "coo {what}");
            // transpose of the non-canonical CSR: serial counting transpose
            let a = t.csr(DType::Int64, it, dev);
            let at = transpose(&a).unwrap();
            let (ap, ai) = (read_i64(&a.indptr), read_i64(&a.indices));
            let av = a.data.to_vec::<i64>().unwrap();
            let mut next = vec![0usize; n + 1];
            for &j in &ai {
                next[j as usize + 1] += 1;
            }
            for j in 0..n {
                next[j + 1] += next[j];
            }
            let tp: Vec<i64> = next.iter().map(|&v| v as i64).collect();
            let (mut ti, mut tv) = (vec![0i64; ai.len()], vec![0i64; ai.len()]);
            for i in 0..m {
                for k in ap[i] as usize..ap[i + 1] as usize {
                    let j = ai[k] as usize;
                    ti[next[j]] = i as i64;
                    tv[next[j]] = av[k];
                    next[j] += 1;
                }
            }
            assert_eq!(read_i64(&at.indptr), tp, "transpose {what}");
            assert_eq!(read_i64(&at.indices), ti, "transpose {what}");
            assert_eq!(at.data.to_vec::<i64>().unwrap(), tv, "transpose {what}");
            // SpGEMM A @ Aᵀ against the dense product (exact in int64)
            let p = spgemm(&c, &at).unwrap();
            let d = t.dense();
            let mut r = vec![Complex64::new(0.0, 0.0); m * m];
            for i in 0..m {
                for l in 0..n {
                    let x = d[i * n + l];
                    if x.re != 0.0 {
                        for j in 0..m {
                            r[i * m + j] += x * d[j * n + l];
                        }
                    }
                }
            }
            assert_eq!(densify(&p, &what), r, "spgemm {what}");
            assert!(p.canonical, "{what}");
        }
    }
}

/// A matrix with no entries but 10^15 rows (a shape a fuzzed Matrix Market header declared)
/// needs 10^15 + 1 row pointers: converting it is an out-of-memory error naming the bytes, not
/// an abort inside an allocation (the `mm` fuzz target found the abort on the H200).
#[test]
fn huge_row_count_without_entries_is_out_of_memory() {
    let none = |dt: DType| Array::empty_on([0usize], dt, Device::Cpu).unwrap();
    let c = Coo {
        data: none(DType::Float64),
        row: none(DType::Int64),
        col: none(DType::Int64),
        shape: (1_000_000_000_000_000, 0),
        canonical: false,
    };
    let e = coo_to_compressed(&c, true).unwrap_err();
    assert!(
        matches!(
            &e,
            SparseError::Core(cuprum_core::Error::OutOfMemory { requested, .. })
                if *requested >= 8_000_000_000_000_000
        ),
        "{e}"
    );
}

/// A float32 CSR matrix from rows of (column, value) pairs, int32 indices.
fn csr_rows_f32(rows: &[Vec<(i64, f32)>], n: usize, dev: Device) -> Compressed {
    let mut indptr = vec![0i64];
    let (mut col, mut val) = (vec![], vec![]);
    for r in rows {
        for &(c, v) in r {
            col.push(c);
            val.push(v);
        }
        indptr.push(col.len() as i64);
    }
    Compressed {
        data: Array::from_vec_on(val.clone(), &[val.len()], dev).unwrap(),
        indices: index_array(&col, DType::Int32, dev),
        indptr: index_array(&indptr, DType::Int32, dev),
        shape: (rows.len(), n),
        canonical: false,
    }
}

/// The CPU SpMV's parallel split (parts of about equal entries plus rows, each checking its own
/// rows): many empty rows, one row holding most entries, rows of one entry, and no rows at all;
/// float32 values that are not integers, compared bit for bit with a sequential sum in stored
/// order (`acc + a * x`, SciPy's `csr_matvec`), on every device the CPU's bits (cuSPARSE may
/// sum in another order: there the check is to 1e-5 relative).
#[test]
fn spmv_parallel_split_empty_rows_one_huge_row_exact() {
    let n = 3000usize;
    let mut rng = Rng::new(7);
    let mut rows: Vec<Vec<(i64, f32)>> = vec![Vec::new(); 70_000];
    // one huge row (60 000 entries, columns repeating), a band of one-entry rows, the rest empty
    for _ in 0..60_000 {
        rows[12_345].push((
            rng.below(n) as i64,
            (rng.below(2001) as f32 - 1000.0) * 1e-3,
        ));
    }
    for r in (40_000..70_000).step_by(3) {
        rows[r].push((((r * 7) % n) as i64, 0.1 + (r % 13) as f32 * 0.37));
    }
    rows[69_999].push((n as i64 - 1, -2.5));
    let xv: Vec<f32> = (0..n).map(|j| 1.0 / (j as f32 + 1.5)).collect();
    let reference: Vec<f32> = rows
        .iter()
        .map(|r| {
            r.iter()
                .fold(0.0f32, |acc, &(c, v)| acc + v * xv[c as usize])
        })
        .collect();
    for dev in all_devices() {
        let a = csr_rows_f32(&rows, n, dev);
        if dev == Device::Cpu {
            let ip = read_i64(&a.indptr);
            let parts = cpu::spmv_parts(&ip, 60_000 + 10_001);
            assert!(parts.len() > 1, "{parts:?}");
            assert_eq!(parts[0].0, 0);
            assert_eq!(parts.last().unwrap().1, rows.len());
            assert!(
                parts
                    .windows(2)
                    .all(|w| w[0].1 == w[1].0 && w[0].0 < w[0].1)
            );
        }
        let x = Array::from_vec_on(xv.clone(), &[n], dev).unwrap();
        let y = spmv(&a, &x, false).unwrap();
        let got = y.to_vec::<f32>().unwrap();
        assert_eq!(got.len(), rows.len());
        for (i, (&g, &r)) in got.iter().zip(&reference).enumerate() {
            if dev == Device::Cpu {
                assert_eq!(g.to_bits(), r.to_bits(), "row {i}: {g} vs {r}");
            } else {
                assert!((g - r).abs() <= 1e-5 * r.abs().max(1.0), "row {i} on {dev}");
            }
        }
        if dev == Device::Cpu {
            // the huge row in stored order; on CUDA the row-block kernel's warp sums it in
            // another order (checked to 1e-5 relative above)
            assert_eq!(got[12_345], reference[12_345]);
        }
        assert_eq!(got[0], 0.0);
        assert_eq!(got[69_999], -2.5 * xv[n - 1]);
        // no rows at all, and rows but no entries
        for m in [0usize, 100_000] {
            let a = csr_rows_f32(&vec![Vec::new(); m], n, dev);
            let y = spmv(&a, &x, false).unwrap();
            assert_eq!(y.shape(), &[m]);
            assert!(y.to_vec::<f32>().unwrap().iter().all(|&v| v == 0.0));
        }
    }
}

/// Malformed parts found by a later part of the parallel SpMV are errors (not panics, not
/// reads outside `x`): a column index past `n` near the end, a negative one, and a decreasing
/// `indptr` in the middle.
#[test]
fn spmv_parallel_split_reports_bad_parts() {
    let n = 50usize;
    let m = 80_000usize;
    let rows: Vec<Vec<(i64, f32)>> = (0..m).map(|r| vec![((r % n) as i64, 1.0)]).collect();
    let a = csr_rows_f32(&rows, n, Device::Cpu);
    let x = Array::from_vec_on(vec![2.0f32; n], &[n], Device::Cpu).unwrap();
    assert!(
        spmv(&a, &x, false)
            .unwrap()
            .to_vec::<f32>()
            .unwrap()
            .iter()
            .all(|&v| v == 2.0)
    );
    for (at, bad) in [(m - 3, n as i64), (m / 2, -1)] {
        let mut col: Vec<i64> = (0..m).map(|r| (r % n) as i64).collect();
        col[at] = bad;
        let mut b = a.clone();
        b.indices = index_array(&col, DType::Int32, Device::Cpu);
        let e = spmv(&b, &x, false).unwrap_err();
        assert!(
            matches!(e, SparseError::IndexOutOfBounds { index, axis: 1, .. } if index == bad),
            "{e}"
        );
    }
    let mut ip: Vec<i64> = (0..=m as i64).collect();
    ip[m / 2] = 5;
    let mut b = a.clone();
    b.indptr = index_array(&ip, DType::Int32, Device::Cpu);
    let e = spmv(&b, &x, false).unwrap_err();
    assert!(
        matches!(e, SparseError::InvalidFormat { op: "spmv", .. }),
        "{e}"
    );
}

/// cg's fused update on CUDA gives the unfused calls' bits (`x + (rho/pq)·p`,
/// `r + (-(rho/pq))·q` through core's divide, negative, multiply and add) and the new
/// residual's `r·r` (a sum in float64 per block: against the host's sum of the same values).
#[test]
fn cg_step_matches_the_unfused_updates() {
    use cuprum_core::ext::test_util::cuda_devices;
    for dev in cuda_devices() {
        for dt in [DType::Float32, DType::Float64] {
            for n in [1usize, 1000, 300_001] {
                let mk = |seed: u64| {
                    let mut g = Rng::new(seed);
                    let v: Vec<f64> = (0..n)
                        .map(|_| (g.next() % 2001) as f64 / 1000.0 - 1.0)
                        .collect();
                    Array::from_vec_on(v, &[n], dev)
                        .unwrap()
                        .astype(dt)
                        .unwrap()
                };
                let (p, q, x, r) = (mk(1), mk(2), mk(3), mk(4));
                let rho = cuprum_core::vdot(&r, &r).unwrap();
                let pq = cuprum_core::vdot(&p, &q).unwrap();
                let what = format!("cg_step {dt} n {n} on {dev}");
                let (x2, r2, rr) = super::cuda::cg_step(&rho, &pq, &p, &q, &x, &r, None, 0)
                    .unwrap()
                    .unwrap_or_else(|| panic!("{what}: not taken"));
                let a = cuprum_core::divide(&rho, &pq).unwrap();
                let xw = cuprum_core::add(&x, &cuprum_core::multiply(&a, &p).unwrap()).unwrap();
                let na = cuprum_core::negative(&a).unwrap();
                let rw = cuprum_core::add(&r, &cuprum_core::multiply(&na, &q).unwrap()).unwrap();
                let f = |v: &Array| {
                    v.astype(DType::Float64)
                        .unwrap()
                        .to_device(Device::Cpu)
                        .unwrap()
                        .to_vec::<f64>()
                        .unwrap()
                };
                assert_eq!(f(&x2), f(&xw), "{what}: x");
                let rv = f(&r2);
                assert_eq!(rv, f(&rw), "{what}: r");
                let want: f64 = rv.iter().map(|v| v * v).sum();
                let got = f(&rr)[0];
                let tol = if dt == DType::Float32 { 1e-6 } else { 1e-12 };
                assert!(
                    (got - want).abs() <= tol * want.abs(),
                    "{what}: r.r {got} against {want}"
                );
                assert_eq!(rr.ndim(), 0, "{what}");
                assert_eq!(rr.dtype(), dt, "{what}");
            }
        }
    }
}
