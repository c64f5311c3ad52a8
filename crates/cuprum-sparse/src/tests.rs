//! Unit tests of the format types, on every device (`all_devices()`): answers computed by hand
//! from SciPy's semantics.

use crate::*;
use cuprum_core::ext::test_util::{all_devices, cuda_devices};
use cuprum_core::{Array, DType, Device, IndexItem, SliceItem};

fn arr<T: cuprum_core::Element>(v: Vec<T>, shape: &[usize], d: Device) -> Array {
    Array::from_vec_on(v, shape, d).unwrap()
}

/// The three 1-D parts `(data, indices, indptr)` of a compressed matrix, on `d`.
fn csr3<T: cuprum_core::Element, I: cuprum_core::Element>(
    data: &[T],
    ind: &[I],
    ptr: &[I],
    d: Device,
) -> [Array; 3] {
    let one_d = |n: usize| [n];
    [
        arr(data.to_vec(), &one_d(data.len()), d),
        arr(ind.to_vec(), &one_d(ind.len()), d),
        arr(ptr.to_vec(), &one_d(ptr.len()), d),
    ]
}

fn f64s(a: &Array) -> Vec<f64> {
    a.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap()
}

fn i64s(a: &Array) -> Vec<i64> {
    a.astype(DType::Int64).unwrap().to_vec::<i64>().unwrap()
}

/// [[1, 0, 2, 0], [0, 0, 3, 0], [4, 5, 0, -6]]
const A: [f64; 12] = [1.0, 0.0, 2.0, 0.0, 0.0, 0.0, 3.0, 0.0, 4.0, 5.0, 0.0, -6.0];
/// [[0, 1, -2, 0], [0, 0, 3, 7], [0, 0, 0, 0]]
const B: [f64; 12] = [0.0, 1.0, -2.0, 0.0, 0.0, 0.0, 3.0, 7.0, 0.0, 0.0, 0.0, 0.0];

fn a_on(d: Device) -> Sparse {
    csr_array(&arr(A.to_vec(), &[3, 4], d), None).unwrap()
}

fn b_on(d: Device) -> Sparse {
    csr_array(&arr(B.to_vec(), &[3, 4], d), None).unwrap()
}

fn full(i: IndexItem) -> [IndexItem; 2] {
    [
        SliceItem::Slice {
            start: None,
            stop: None,
            step: 1,
        }
        .into(),
        i,
    ]
}

#[test]
fn from_dense_parts_and_index_dtypes() {
    for d in all_devices() {
        let a = a_on(d);
        assert_eq!(a.shape(), vec![3, 4]);
        assert_eq!(a.nnz(), 6);
        assert_eq!(a.index_dtype(), DType::Int32);
        assert!(a.has_canonical_format());
        assert_eq!(f64s(a.data()), vec![1.0, 2.0, 3.0, 4.0, 5.0, -6.0]);
        assert_eq!(i64s(a.indices().unwrap()), vec![0, 2, 2, 0, 1, 3]);
        assert_eq!(i64s(a.indptr().unwrap()), vec![0, 2, 3, 6]);
        assert_eq!(f64s(&a.toarray().unwrap()), A.to_vec());
        // int64 indices are kept
        let [data, ind, ptr] = csr3(&[1.0f32, 2.0], &[3i64, 0], &[0i64, 1, 2], d);
        let m = csr_matrix((&data, &ind, &ptr), Some((2, 4))).unwrap();
        assert_eq!(m.index_dtype(), DType::Int64);
        assert_eq!(m.dtype(), DType::Float32);
        assert_eq!(
            f64s(&m.toarray().unwrap()),
            vec![0.0, 0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 0.0]
        );
        // uint8 indices become int32
        let ind8 = arr(vec![3u8, 0], &[2], d);
        let ptr8 = arr(vec![0u8, 1, 2], &[3], d);
        let m8 = csr_matrix((&data, &ind8, &ptr8), None).unwrap();
        assert_eq!(m8.index_dtype(), DType::Int32);
        assert_eq!(m8.shape2(), (2, 4));
    }
}

#[test]
fn every_dtype_round_trips_through_every_format() {
    for d in all_devices() {
        for dt in crate::kernels::tests::dtypes() {
            let dense = arr(A.to_vec(), &[3, 4], d).astype(dt).unwrap();
            let want = f64s(
                &cuprum_core::abs(&dense)
                    .unwrap()
                    .astype(DType::Float64)
                    .unwrap(),
            );
            for f in [Format::Csr, Format::Csc, Format::Coo, Format::Dia] {
                let s = csr_matrix(&dense, None).unwrap().asformat(f).unwrap();
                assert_eq!(s.format(), f);
                assert_eq!(s.dtype(), dt, "{dt} {f:?}");
                let back = s.toarray().unwrap();
                assert_eq!(back.dtype(), dt);
                let got = f64s(
                    &cuprum_core::abs(&back)
                        .unwrap()
                        .astype(DType::Float64)
                        .unwrap(),
                );
                assert_eq!(got, want, "{dt} via {f:?} on {d}");
                // and back to CSR canonical
                let c = s.tocsr().unwrap().sum_duplicates().unwrap();
                // the row counts of the dense matrix after the cast (-6.0 saturates to 0 in the
                // unsigned dtypes, as CUDA's and now the CPU's one cast table do)
                let mut indptr = vec![0i64];
                for row in want.chunks(4) {
                    let nz = row.iter().filter(|v| **v != 0.0).count() as i64;
                    indptr.push(indptr.last().unwrap() + nz);
                }
                assert_eq!(i64s(c.indptr().unwrap()), indptr, "{dt} {f:?}");
            }
        }
    }
}

#[test]
fn non_canonical_input_gives_scipy_answers_and_is_not_mutated() {
    for d in all_devices() {
        // row 0: cols 2, 0, 2 (duplicate 2); row 1: col 1
        let [data, ind, ptr] = csr3(&[1.0f64, 2.0, 3.0, 4.0], &[2i32, 0, 2, 1], &[0i32, 3, 4], d);
        let a = csr_array((&data, &ind, &ptr), Some((2, 3))).unwrap();
        assert!(!a.has_canonical_format());
        assert_eq!(
            f64s(&a.toarray().unwrap()),
            vec![2.0, 0.0, 4.0, 0.0, 4.0, 0.0]
        );
        let s = a.sum_duplicates().unwrap();
        assert!(s.has_canonical_format());
        assert_eq!(f64s(s.data()), vec![2.0, 4.0, 4.0]);
        assert_eq!(i64s(s.indices().unwrap()), vec![0, 2, 1]);
        let x = arr(vec![1.0f64, 10.0, 100.0], &[3], d);
        assert_eq!(f64s(&a.matmul_dense(&x).unwrap()), vec![402.0, 40.0]);
        let sorted = a.sort_indices().unwrap();
        assert_eq!(i64s(sorted.indices().unwrap()), vec![0, 2, 2, 1]);
        assert_eq!(f64s(sorted.data()), vec![2.0, 1.0, 3.0, 4.0]);
        let p = a.matmul_sparse(&a.transpose().unwrap()).unwrap();
        assert_eq!(f64s(&p.toarray().unwrap()), vec![20.0, 0.0, 0.0, 16.0]);
        // operands untouched
        assert_eq!(f64s(&data), vec![1.0, 2.0, 3.0, 4.0]);
        assert_eq!(i64s(&ind), vec![2, 0, 2, 1]);
        assert_eq!(f64s(a.data()), vec![1.0, 2.0, 3.0, 4.0]);
        assert!(!a.has_canonical_format());
    }
}

#[test]
fn coo_with_duplicates_and_bounds() {
    for d in all_devices() {
        let data = arr(vec![1.0f64, 2.0, 5.0], &[3], d);
        let r = arr(vec![0i64, 1, 0], &[3], d);
        let c = arr(vec![1i64, 1, 1], &[3], d);
        let a = coo_matrix((&data, (&r, &c)), None).unwrap();
        assert_eq!(a.shape2(), (2, 2));
        assert_eq!(a.nnz(), 3);
        assert_eq!(f64s(&a.toarray().unwrap()), vec![0.0, 6.0, 0.0, 2.0]);
        assert_eq!(a.tocsr().unwrap().nnz(), 2);
        let bad = arr(vec![0i64, 5, 0], &[3], d);
        let e = coo_matrix((&data, (&bad, &c)), Some((3, 3))).unwrap_err();
        assert_eq!(e.conformance_class(), "index_out_of_bounds");
        assert!(e.to_string().contains("index 5"), "{e}");
    }
}

#[test]
fn elementwise_binary_ops() {
    for d in all_devices() {
        let (a, b) = (a_on(d), b_on(d));
        let sum: Vec<f64> = A.iter().zip(B).map(|(x, y)| x + y).collect();
        let add = a.add(&b).unwrap();
        assert_eq!(f64s(&add.toarray().unwrap()), sum);
        // the explicit zero of 2 + (-2) is dropped
        assert_eq!(add.nnz(), sum.iter().filter(|v| **v != 0.0).count());
        let diff: Vec<f64> = A.iter().zip(B).map(|(x, y)| x - y).collect();
        assert_eq!(f64s(&(&a - &b).toarray().unwrap()), diff);
        let prod: Vec<f64> = A.iter().zip(B).map(|(x, y)| x * y).collect();
        assert_eq!(f64s(&a.multiply(&b).unwrap().toarray().unwrap()), prod);
        assert_eq!(f64s(&(&a * &b).toarray().unwrap()), prod); // array flavour: elementwise
        let mx: Vec<f64> = A.iter().zip(B).map(|(x, y)| x.max(y)).collect();
        assert_eq!(f64s(&a.maximum(&b).unwrap().toarray().unwrap()), mx);
        let mn: Vec<f64> = A.iter().zip(B).map(|(x, y)| x.min(y)).collect();
        assert_eq!(f64s(&a.minimum(&b).unwrap().toarray().unwrap()), mn);
        let ne: Vec<f64> = A
            .iter()
            .zip(B)
            .map(|(x, y)| f64::from(u8::from(x != &y)))
            .collect();
        let nes = a.ne(&b).unwrap();
        assert_eq!(nes.dtype(), DType::Bool);
        assert_eq!(f64s(&nes.toarray().unwrap()), ne);
        let eq: Vec<f64> = A
            .iter()
            .zip(B)
            .map(|(x, y)| f64::from(u8::from(x == &y)))
            .collect();
        assert_eq!(
            f64s(&a.binop(&b, SparseBinOp::Eq).unwrap().toarray().unwrap()),
            eq
        );
        let lt: Vec<f64> = A
            .iter()
            .zip(B)
            .map(|(x, y)| f64::from(u8::from(x < &y)))
            .collect();
        assert_eq!(
            f64s(&a.binop(&b, SparseBinOp::Lt).unwrap().toarray().unwrap()),
            lt
        );
        let gt0: Vec<f64> = A.iter().map(|x| f64::from(u8::from(*x > 0.0))).collect();
        assert_eq!(
            f64s(
                &a.cmp_scalar(SparseBinOp::Gt, 0.0f64)
                    .unwrap()
                    .toarray()
                    .unwrap()
            ),
            gt0
        );
        // shape mismatch
        let c = csr_array((4, 3), None).unwrap();
        let e = a.add(&c).unwrap_err();
        assert_eq!(e.conformance_class(), "shape_mismatch");
        // sparse * dense (broadcast row vector)
        let v = arr(vec![1.0f64, 2.0, 3.0, 4.0], &[4], d);
        let mv: Vec<f64> = A
            .iter()
            .enumerate()
            .map(|(i, x)| x * [1.0, 2.0, 3.0, 4.0][i % 4])
            .collect();
        assert_eq!(f64s(&a.multiply(&v).unwrap().toarray().unwrap()), mv);
        let col = arr(vec![1.0f64, 2.0, 3.0], &[3, 1], d);
        let mc: Vec<f64> = A
            .iter()
            .enumerate()
            .map(|(i, x)| x * [1.0, 2.0, 3.0][i / 4])
            .collect();
        assert_eq!(f64s(&a.multiply(&col).unwrap().toarray().unwrap()), mc);
        let dd = a.add_dense(&arr(vec![1.0f64; 12], &[3, 4], d)).unwrap();
        assert_eq!(f64s(&dd), A.iter().map(|x| x + 1.0).collect::<Vec<_>>());
    }
}

#[test]
fn scalar_arithmetic_and_unary_functions() {
    for d in all_devices() {
        let a = a_on(d).astype(DType::Float32).unwrap();
        let m = &a * 2.5;
        assert_eq!(m.dtype(), DType::Float32);
        assert_eq!(
            f64s(&m.toarray().unwrap()),
            A.iter().map(|x| x * 2.5).collect::<Vec<_>>()
        );
        let q = a.div_scalar(-2.0f64).unwrap();
        assert_eq!(
            f64s(&q.toarray().unwrap()),
            A.iter().map(|x| x / -2.0).collect::<Vec<_>>()
        );
        assert_eq!(
            f64s(&(-&a).toarray().unwrap()),
            A.iter().map(|x| -x).collect::<Vec<_>>()
        );
        assert_eq!(
            f64s(&a.abs().unwrap().toarray().unwrap()),
            A.iter().map(|x| x.abs()).collect::<Vec<_>>()
        );
        assert_eq!(
            f64s(&a.power(2i64).unwrap().toarray().unwrap()),
            A.iter().map(|x| x * x).collect::<Vec<_>>()
        );
        let s = a.abs().unwrap().sqrt().unwrap();
        let want: Vec<f64> = A.iter().map(|x| (x.abs() as f32).sqrt() as f64).collect();
        assert_eq!(f64s(&s.toarray().unwrap()), want);
        let i = a.astype(DType::Int32).unwrap();
        assert_eq!(i.dtype(), DType::Int32);
        assert_eq!(i.div_scalar(2i64).unwrap().dtype(), DType::Float64);
        // complex abs gives the magnitude as float
        let z = arr(
            vec![
                cuprum_core::Complex64::new(3.0, 4.0),
                cuprum_core::Complex64::new(0.0, 0.0),
            ],
            &[1, 2],
            d,
        );
        let zs = csr_array(&z, None).unwrap();
        let za = zs.abs().unwrap();
        assert_eq!(za.dtype(), DType::Float64);
        assert_eq!(f64s(&za.toarray().unwrap()), vec![5.0, 0.0]);
        let zc = zs
            .conj()
            .unwrap()
            .toarray()
            .unwrap()
            .to_vec::<cuprum_core::Complex64>()
            .unwrap();
        assert_eq!(zc[0], cuprum_core::Complex64::new(3.0, -4.0));
        // explicit zeros: eliminate_zeros and count_nonzero
        let z0 = a.mul_scalar(0.0f64).unwrap();
        assert_eq!(z0.nnz(), 6);
        assert_eq!(z0.count_nonzero().unwrap(), 0);
        assert_eq!(z0.eliminate_zeros().unwrap().nnz(), 0);
        assert_eq!(a.count_nonzero().unwrap(), 6);
    }
}

#[test]
fn products_spmv_spmm_spgemm() {
    for d in all_devices() {
        let a = a_on(d);
        let x = arr(vec![1.0f64, 2.0, 3.0, 4.0], &[4], d);
        assert_eq!(f64s(&a.matmul_dense(&x).unwrap()), vec![7.0, 9.0, -10.0]);
        let y = arr(vec![1.0f64, 2.0, 3.0], &[3], d);
        assert_eq!(
            f64s(&a.rmatmul_dense(&y).unwrap()),
            vec![13.0, 15.0, 8.0, -18.0]
        );
        let xm = arr(vec![1.0f64, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0], &[4, 2], d);
        assert_eq!(
            f64s(&a.matmul_dense(&xm).unwrap()),
            vec![3.0, 0.0, 3.0, 0.0, 4.0, -1.0]
        );
        // through CSC too
        let c = a.tocsc().unwrap();
        assert_eq!(f64s(&c.matmul_dense(&x).unwrap()), vec![7.0, 9.0, -10.0]);
        assert_eq!(
            f64s(&c.rmatmul_dense(&y).unwrap()),
            vec![13.0, 15.0, 8.0, -18.0]
        );
        // A @ A.T
        let p = a.matmul_sparse(&a.transpose().unwrap()).unwrap();
        assert_eq!(
            f64s(&p.toarray().unwrap()),
            vec![5.0, 6.0, 4.0, 6.0, 9.0, 0.0, 4.0, 0.0, 77.0]
        );
        let e = a.matmul_sparse(&a).unwrap_err();
        assert_eq!(e.conformance_class(), "shape_mismatch");
        let e = a.matmul_dense(&y).unwrap_err();
        assert_eq!(e.conformance_class(), "shape_mismatch");
        // matrix flavour: * is the matrix product
        let m = a.with_flavour(Flavour::Matrix);
        let mm = &m * &m.transpose().unwrap();
        assert_eq!(mm.shape2(), (3, 3));
        // int and bool products
        let ai = a.astype(DType::Int64).unwrap();
        let xi = arr(vec![1i64, 2, 3, 4], &[4], d);
        let yi = ai.matmul_dense(&xi).unwrap();
        assert_eq!(yi.dtype(), DType::Int64);
        assert_eq!(i64s(&yi), vec![7, 9, -10]);
    }
}

#[test]
fn reductions_along_axes() {
    for d in all_devices() {
        let a = a_on(d);
        assert_eq!(f64s(&a.sum(None).unwrap()), vec![9.0]);
        assert_eq!(f64s(&a.sum(Some(0)).unwrap()), vec![5.0, 5.0, 5.0, -6.0]);
        assert_eq!(f64s(&a.sum(Some(1)).unwrap()), vec![3.0, 3.0, 3.0]);
        assert_eq!(f64s(&a.mean(Some(1)).unwrap()), vec![0.75, 0.75, 0.75]);
        let ai = a.astype(DType::Int32).unwrap();
        assert_eq!(ai.sum(None).unwrap().dtype(), DType::Int64);
        assert_eq!(ai.mean(Some(0)).unwrap().dtype(), DType::Float64);
        assert_eq!(
            f64s(&ai.mean(Some(0)).unwrap()),
            vec![5.0 / 3.0, 5.0 / 3.0, 5.0 / 3.0, -2.0]
        );
        assert_eq!(f64s(&a.max(Some(1)).unwrap()), vec![2.0, 3.0, 5.0]);
        assert_eq!(f64s(&a.min(Some(1)).unwrap()), vec![0.0, 0.0, -6.0]);
        assert_eq!(f64s(&a.max(Some(0)).unwrap()), vec![4.0, 5.0, 3.0, 0.0]);
        assert_eq!(f64s(&a.min(Some(0)).unwrap()), vec![0.0, 0.0, 0.0, -6.0]);
        assert_eq!(f64s(&a.max(None).unwrap()), vec![5.0]);
        assert_eq!(f64s(&a.min(None).unwrap()), vec![-6.0]);
        assert_eq!(i64s(&a.argmax(Some(1)).unwrap()), vec![2, 2, 1]);
        assert_eq!(i64s(&a.argmin(Some(1)).unwrap()), vec![1, 0, 3]);
        assert_eq!(i64s(&a.argmax(Some(0)).unwrap()), vec![2, 2, 1, 0]);
        assert_eq!(i64s(&a.argmax(None).unwrap()), vec![9]);
        assert_eq!(i64s(&a.argmin(None).unwrap()), vec![11]);
        // matrix flavour gives 2-D reductions
        let m = a.with_flavour(Flavour::Matrix);
        assert_eq!(m.sum(Some(0)).unwrap().shape(), &[1, 4]);
        assert_eq!(m.sum(Some(1)).unwrap().shape(), &[3, 1]);
        let e = a.sum(Some(2)).unwrap_err();
        assert_eq!(e.conformance_class(), "axis_out_of_bounds");
    }
}

#[test]
fn structure_diagonal_triangles_rows_cols() {
    for d in all_devices() {
        let a = a_on(d);
        assert_eq!(f64s(&a.diagonal(0).unwrap()), vec![1.0, 0.0, 0.0]);
        assert_eq!(f64s(&a.diagonal(1).unwrap()), vec![0.0, 3.0, -6.0]);
        assert_eq!(f64s(&a.diagonal(-2).unwrap()), vec![4.0]);
        let v = arr(vec![9.0f64, 8.0], &[2], d);
        let s = a.setdiag(&v, 0).unwrap();
        let mut want = A.to_vec();
        want[0] = 9.0;
        want[5] = 8.0;
        assert_eq!(f64s(&s.toarray().unwrap()), want);
        assert_eq!(f64s(a.data()), vec![1.0, 2.0, 3.0, 4.0, 5.0, -6.0]); // not mutated
        let lower: Vec<f64> = A
            .iter()
            .enumerate()
            .map(|(i, x)| if i % 4 <= i / 4 { *x } else { 0.0 })
            .collect();
        assert_eq!(f64s(&a.tril(0).unwrap().toarray().unwrap()), lower);
        let upper: Vec<f64> = A
            .iter()
            .enumerate()
            .map(|(i, x)| if i % 4 > i / 4 { *x } else { 0.0 })
            .collect();
        assert_eq!(f64s(&triu(&a, 1).unwrap().toarray().unwrap()), upper);
        let r = a.getrow(2).unwrap();
        assert_eq!(r.shape2(), (1, 4));
        assert_eq!(f64s(&r.toarray().unwrap()), vec![4.0, 5.0, 0.0, -6.0]);
        let c = a.getcol(-2).unwrap();
        assert_eq!(c.shape2(), (3, 1));
        assert_eq!(f64s(&c.toarray().unwrap()), vec![2.0, 3.0, 0.0]);
        assert_eq!(
            a.getrow(3).unwrap_err().conformance_class(),
            "index_out_of_bounds"
        );
        let t = a.transpose().unwrap();
        assert_eq!(t.format(), Format::Csc);
        assert_eq!(t.shape2(), (4, 3));
        assert_eq!(
            f64s(&t.toarray().unwrap()),
            vec![1.0, 0.0, 4.0, 0.0, 0.0, 5.0, 2.0, 3.0, 0.0, 0.0, 0.0, -6.0]
        );
        let (r, c, v) = find(&a).unwrap();
        assert_eq!(i64s(&r), vec![0, 0, 1, 2, 2, 2]);
        assert_eq!(i64s(&c), vec![0, 2, 2, 0, 1, 3]);
        assert_eq!(f64s(&v), vec![1.0, 2.0, 3.0, 4.0, 5.0, -6.0]);
    }
}

#[test]
fn indexing_and_assignment() {
    for d in all_devices() {
        let a = a_on(d);
        let rows = a
            .getitem(&[SliceItem::Slice {
                start: Some(1),
                stop: Some(3),
                step: 1,
            }
            .into()])
            .unwrap();
        assert_eq!(f64s(&rows.toarray().unwrap()), A[4..].to_vec());
        // A[:, 2] is 1-D for arrays, (m, 1) for matrices
        let col = a.getitem(&full(SliceItem::Index(2).into())).unwrap();
        let Indexed::Sparse(cs) = &col else {
            panic!("sparse expected")
        };
        assert_eq!(cs.shape(), vec![3]);
        assert_eq!(f64s(&col.toarray().unwrap()), vec![2.0, 3.0, 0.0]);
        let colm = a
            .with_flavour(Flavour::Matrix)
            .getitem(&full(SliceItem::Index(2).into()))
            .unwrap();
        assert_eq!(colm.toarray().unwrap().shape(), &[3, 1]);
        // fancy rows with repeats and negative indices
        let idx = arr(vec![2i64, 0, -1], &[3], d);
        let f = a.getitem(&[IndexItem::Array(idx)]).unwrap();
        let mut want = A[8..].to_vec();
        want.extend_from_slice(&A[..4]);
        want.extend_from_slice(&A[8..]);
        assert_eq!(f64s(&f.toarray().unwrap()), want);
        // column mask
        let mask = arr(vec![true, false, false, true], &[4], d);
        let m = a.getitem(&full(IndexItem::Array(mask))).unwrap();
        assert_eq!(
            f64s(&m.toarray().unwrap()),
            vec![1.0, 0.0, 0.0, 0.0, 4.0, -6.0]
        );
        // column slice with a step
        let st = a
            .getitem(&full(
                SliceItem::Slice {
                    start: None,
                    stop: None,
                    step: -2,
                }
                .into(),
            ))
            .unwrap();
        assert_eq!(
            f64s(&st.toarray().unwrap()),
            vec![0.0, 0.0, 0.0, 0.0, -6.0, 5.0]
        );
        // one element, and pointwise pairs
        let e = a
            .getitem(&[SliceItem::Index(2).into(), SliceItem::Index(-1).into()])
            .unwrap();
        assert!(matches!(e, Indexed::Scalar(_)));
        assert_eq!(f64s(&e.toarray().unwrap()), vec![-6.0]);
        let ri = arr(vec![0i64, 2, 1], &[3], d);
        let ci = arr(vec![2i64, 1, 0], &[3], d);
        let p = a
            .getitem(&[IndexItem::Array(ri), IndexItem::Array(ci)])
            .unwrap();
        assert_eq!(f64s(&p.toarray().unwrap()), vec![2.0, 5.0, 0.0]);
        let oob = a.getitem(&[SliceItem::Index(3).into()]).unwrap_err();
        assert_eq!(oob.conformance_class(), "index_out_of_bounds");
        // assignment
        let v = arr(vec![7.0f64], &[], d);
        let s = a
            .setitem(
                &[SliceItem::Index(1).into(), SliceItem::Index(0).into()],
                &v,
            )
            .unwrap();
        let mut w = A.to_vec();
        w[4] = 7.0;
        assert_eq!(f64s(&s.toarray().unwrap()), w);
        let row = arr(vec![1.0f64, 1.0, 1.0, 1.0], &[4], d);
        let s = a.setitem(&[SliceItem::Index(0).into()], &row).unwrap();
        let mut w = A.to_vec();
        w[..4].copy_from_slice(&[1.0; 4]);
        assert_eq!(f64s(&s.toarray().unwrap()), w);
        assert_eq!(f64s(&a.toarray().unwrap()), A.to_vec()); // not mutated
    }
}

#[test]
fn construction_functions() {
    for d in all_devices() {
        let e = eye_on(3, 4, 1, DType::Float32, Flavour::Matrix, d).unwrap();
        assert_eq!(e.format(), Format::Dia);
        assert_eq!(
            f64s(&e.toarray().unwrap()),
            vec![0., 1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1.]
        );
        assert_eq!(e.nnz(), 3);
        let e2 = eye_on(4, 3, -2, DType::Int64, Flavour::Array, d).unwrap();
        assert_eq!(e2.nnz(), 2);
        assert_eq!(
            f64s(&e2.toarray().unwrap()),
            vec![0., 0., 0., 0., 0., 0., 1., 0., 0., 0., 1., 0.]
        );
        let d0 = arr(vec![1.0f64, 2.0, 3.0, 4.0], &[4], d);
        let d1 = arr(vec![5.0f64, 6.0, 7.0], &[3], d);
        let dm = arr(vec![8.0f64, 9.0], &[2], d);
        let t = diags(&[&d0, &d1, &dm], &[0, 1, -2], Some((4, 4)), None).unwrap();
        assert_eq!(
            f64s(&t.toarray().unwrap()),
            vec![
                1., 5., 0., 0., 0., 2., 6., 0., 8., 0., 3., 7., 0., 9., 0., 4.
            ]
        );
        assert_eq!(
            f64s(&t.tocsr().unwrap().todia().unwrap().toarray().unwrap()),
            f64s(&t.toarray().unwrap())
        );
        let bad = diags(&[&d1], &[0], Some((4, 4)), None).unwrap_err();
        assert_eq!(bad.conformance_class(), "invalid_value");
        assert!(
            matches!(
                bad,
                SparseError::Core(cuprum_core::Error::BadShape { arg: "diagonals", ref shape, .. })
                    if shape == &[3]
            ),
            "{bad}"
        );
        let dup = diags(&[&d0, &d0], &[0, 0], Some((4, 4)), None).unwrap_err();
        assert!(
            matches!(
                dup,
                SparseError::Core(cuprum_core::Error::BadArgument { arg: "offsets", .. })
            ),
            "{dup}"
        );
        let sd = arr(vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3], d);
        let s = spdiags(&sd, &[0, -1], 3, 3).unwrap();
        assert_eq!(
            f64s(&s.toarray().unwrap()),
            vec![1., 0., 0., 4., 2., 0., 0., 5., 3.]
        );
        let i2 = eye_on(2, 2, 0, DType::Float64, Flavour::Array, d).unwrap();
        let small = csr_array(&arr(vec![1.0f64, 2.0, 0.0, 3.0], &[2, 2], d), None).unwrap();
        let k = kron(&i2, &small).unwrap();
        assert_eq!(
            f64s(&k.toarray().unwrap()),
            vec![
                1., 2., 0., 0., 0., 3., 0., 0., 0., 0., 1., 2., 0., 0., 0., 3.
            ]
        );
        let ks = kronsum(&small, &i2).unwrap();
        // kron(I2, small) + kron(I2, I2)
        assert_eq!(
            f64s(&ks.toarray().unwrap()),
            vec![
                2., 2., 0., 0., 0., 4., 0., 0., 0., 0., 2., 2., 0., 0., 0., 4.
            ]
        );
        let h = hstack(&[&small, &i2]).unwrap();
        assert_eq!(
            f64s(&h.toarray().unwrap()),
            vec![1., 2., 1., 0., 0., 3., 0., 1.]
        );
        let v = vstack(&[
            &small.astype(DType::Int32).unwrap(),
            &i2.astype(DType::Float32).unwrap(),
        ])
        .unwrap();
        assert_eq!(v.dtype(), DType::Float64);
        assert_eq!(
            f64s(&v.toarray().unwrap()),
            vec![1., 2., 0., 3., 1., 0., 0., 1.]
        );
        let b = bmat(&[vec![Some(&small), None], vec![None, Some(&i2)]]).unwrap();
        assert_eq!(
            f64s(&b.toarray().unwrap()),
            f64s(&block_diag(&[&small, &i2]).unwrap().toarray().unwrap())
        );
        let r1 = eye_on(1, 3, 0, DType::Float64, Flavour::Array, d).unwrap();
        let bd = block_diag(&[&r1, &small]).unwrap();
        assert_eq!(bd.shape2(), (3, 5));
        assert_eq!(
            f64s(&bd.toarray().unwrap()),
            vec![1., 0., 0., 0., 0., 0., 0., 0., 1., 2., 0., 0., 0., 0., 3.]
        );
        assert_eq!(
            bmat(&[vec![Some(&small), Some(&r1)]])
                .unwrap_err()
                .conformance_class(),
            "shape_mismatch"
        );
        // random: seeded, the same on every device, distinct positions
        let seeded = |dev| {
            random_on(
                20,
                30,
                0.1,
                Format::Csr,
                DType::Float64,
                42,
                Flavour::Matrix,
                dev,
            )
            .unwrap()
        };
        let r = seeded(d);
        assert_eq!(r.nnz(), 60);
        assert_eq!(r.tocsr().unwrap().sum_duplicates().unwrap().nnz(), 60);
        let rc = seeded(Device::Cpu);
        assert_eq!(f64s(&r.toarray().unwrap()), f64s(&rc.toarray().unwrap()));
        assert!(f64s(r.data()).iter().all(|x| (0.0..1.0).contains(x)));
        assert!(issparse(&r));
    }
}

#[test]
fn display_is_scipy_coordinate_form() {
    let d = Device::Cpu;
    let [data, ind, ptr] = csr3(&[1.0f32, 2.0, 3.0, 4.0], &[0i32, 2, 1, 3], &[0i32, 2, 4], d);
    let a = csr_matrix((&data, &ind, &ptr), Some((2, 4))).unwrap();
    assert_eq!(
        a.to_string(),
        "<Compressed Sparse Row sparse matrix of dtype 'float32'\n\twith 4 stored elements and shape (2, 4)>\n  Coords\tValues\n  (0, 0)\t1.0\n  (0, 2)\t2.0\n  (1, 1)\t3.0\n  (1, 3)\t4.0"
    );
    let c = a.tocoo().unwrap().with_flavour(Flavour::Array);
    assert!(
        c.to_string()
            .starts_with("<COOrdinate sparse array of dtype 'float32'\n")
    );
    let e = csr_array((2, 2), None).unwrap();
    assert_eq!(
        e.to_string(),
        "<Compressed Sparse Row sparse array of dtype 'float64'\n\twith 0 stored elements and shape (2, 2)>"
    );
    let b = a.astype(DType::Bool).unwrap();
    assert!(b.to_string().ends_with("  (1, 3)\tTrue"));
    let i = a.astype(DType::Int64).unwrap().mul_scalar(1000i64).unwrap();
    assert!(i.to_string().ends_with("  (1, 3)\t4000"));
    let big = eye_on(60, 60, 0, DType::Float64, Flavour::Matrix, d)
        .unwrap()
        .tocsr()
        .unwrap();
    let s = big.to_string();
    assert!(
        s.contains("  (24, 24)\t1.0\n  :\t:\n  (35, 35)\t1.0"),
        "{s}"
    );
}

#[test]
fn tutorial_program_six_one() {
    for d in all_devices() {
        let [data, ind, ptr] = csr3(&[1.0f32, 2.0, 3.0, 4.0], &[0i32, 2, 1, 3], &[0i32, 2, 4], d);
        let a = csr_matrix((&data, &ind, &ptr), Some((2, 4))).unwrap();
        let m = &a * 2.0;
        assert_eq!(f64s(m.data()), vec![2.0, 4.0, 6.0, 8.0]);
        let p = a.dot(&a.t().unwrap()).unwrap().sparse().unwrap();
        assert_eq!(f64s(&p.toarray().unwrap()), vec![5.0, 0.0, 0.0, 25.0]);
        assert_eq!(p.to_string().lines().count(), 5);
        let c = a.tocoo().unwrap();
        assert_eq!(i64s(c.row().unwrap()), vec![0, 0, 1, 1]);
        assert_eq!(i64s(c.col().unwrap()), vec![0, 2, 1, 3]);
    }
}

#[test]
fn one_d_sparse_arrays() {
    for d in all_devices() {
        let v = arr(vec![0.0f64, 3.0, 0.0, 4.0], &[4], d);
        let s = csr_array(&v, None).unwrap();
        assert_eq!(s.shape(), vec![4]);
        assert_eq!(s.nnz(), 2);
        assert_eq!(f64s(&s.toarray().unwrap()), vec![0.0, 3.0, 0.0, 4.0]);
        assert_eq!(s.toarray().unwrap().shape(), &[4]);
        let e = s.getitem(&[SliceItem::Index(3).into()]).unwrap();
        assert_eq!(f64s(&e.toarray().unwrap()), vec![4.0]);
        assert_eq!(f64s(&s.sum(None).unwrap()), vec![7.0]);
        assert!(s.to_string().ends_with("  (1,)\t3.0\n  (3,)\t4.0"));
        let m = csr_matrix(&v, None).unwrap();
        assert_eq!(m.shape(), vec![1, 4]);
    }
}

#[test]
fn errors_name_the_operation_and_values() {
    let d = Device::Cpu;
    let [data, ind, ptr] = csr3(&[1.0f64], &[0i32], &[0i32, 1], d);
    let e = csr_matrix((&data, &ind, &ptr), Some((3, 3))).unwrap_err();
    assert!(
        e.to_string()
            .contains("index pointer size (2) should be (4)"),
        "{e}"
    );
    let bad_ind = arr(vec![5i32], &[1], d);
    let e = csr_matrix((&data, &bad_ind, &ptr), Some((1, 3))).unwrap_err();
    assert_eq!(e.conformance_class(), "index_out_of_bounds");
    let ce: cuprum_core::Error = e.into();
    assert!(ce.feature::<SparseError>().is_some());
    let e = Format::parse("bsr").unwrap_err();
    assert!(e.to_string().contains("bsr"));
    let e = random(3, 3, 1.5, Format::Csr, DType::Float64, 0).unwrap_err();
    assert_eq!(e.conformance_class(), "invalid_value");
    assert!(
        matches!(
            e,
            SparseError::Core(cuprum_core::Error::OutOfDomain { arg: "density", ref value, .. })
                if value == "1.5"
        ),
        "{e}"
    );
    let e = Format::parse("bsr").unwrap_err();
    assert!(
        matches!(
            e,
            SparseError::Core(cuprum_core::Error::BadArgument { arg: "format", .. })
        ),
        "{e}"
    );
}

mod cuda_vs_cpu {
    //! CUDA results against CPU results on random matrices of every format, dtype and index
    //! width (runs only where a CUDA device exists).
    use super::*;
    use proptest::prelude::*;

    fn dtypes() -> Vec<DType> {
        vec![
            DType::Bool,
            DType::Int8,
            DType::Int32,
            DType::Int64,
            DType::UInt16,
            DType::Float16,
            DType::Float32,
            DType::Float64,
            DType::Complex64,
            DType::Complex128,
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
        #[test]
        fn cuda_matches_cpu(
            m in 1usize..12, n in 1usize..12, density in 0.0f64..1.0, seed in 0u64..1000,
            dt_i in 0usize..10, fmt_i in 0usize..4, wide in any::<bool>(),
        ) {
            let gpus = cuda_devices();
            if gpus.is_empty() {
                return Ok(());
            }
            let dt = dtypes()[dt_i];
            let fmt = [Format::Csr, Format::Csc, Format::Coo, Format::Dia][fmt_i];
            let base = random_on(m, n, density, Format::Coo, DType::Float64, seed, Flavour::Array, Device::Cpu).unwrap();
            let scaled = base.mul_scalar(10.0f64).unwrap().floor().unwrap().astype(dt).unwrap();
            let cpu = if wide {
                let c = scaled.tocsr().unwrap();
                let (dd, ii, pp) = (c.data().clone(), c.indices().unwrap().astype(DType::Int64).unwrap(), c.indptr().unwrap().astype(DType::Int64).unwrap());
                csr_array((&dd, &ii, &pp), Some((m, n))).unwrap().asformat(fmt).unwrap()
            } else {
                scaled.asformat(fmt).unwrap()
            };
            let x = cuprum_core::arange_on(0i64, n as i64, 1i64, Some(DType::Float64), Device::Cpu).unwrap().astype(dt).unwrap();
            for g in gpus {
                let gpu = cpu.to_device(g).unwrap();
                let same = |a: Array, b: Array| {
                    let a = a.astype(DType::Complex128).unwrap().to_vec::<cuprum_core::Complex64>().unwrap();
                    let b = b.to_device(Device::Cpu).unwrap().astype(DType::Complex128).unwrap().to_vec::<cuprum_core::Complex64>().unwrap();
                    assert_eq!(a.len(), b.len());
                    for (p, q) in a.iter().zip(&b) {
                        assert!((p - q).norm() <= 1e-3 * (1.0 + p.norm()), "{p} vs {q} ({dt} {fmt:?})");
                    }
                };
                same(cpu.toarray().unwrap(), gpu.toarray().unwrap());
                same(cpu.tocsr().unwrap().toarray().unwrap(), gpu.tocsr().unwrap().toarray().unwrap());
                same(cpu.transpose().unwrap().toarray().unwrap(), gpu.transpose().unwrap().toarray().unwrap());
                same(cpu.matmul_dense(&x).unwrap(), gpu.matmul_dense(&x.to_device(g).unwrap()).unwrap());
                same(cpu.sum(Some(0)).unwrap(), gpu.sum(Some(0)).unwrap());
                if dt != DType::Bool {
                    same(cpu.add(&cpu).unwrap().toarray().unwrap(), gpu.add(&gpu).unwrap().toarray().unwrap());
                }
                let ct = cpu.transpose().unwrap();
                let gt = gpu.transpose().unwrap();
                same(cpu.matmul_sparse(&ct).unwrap().toarray().unwrap(), gpu.matmul_sparse(&gt).unwrap().toarray().unwrap());
                same(cpu.diagonal(0).unwrap(), gpu.diagonal(0).unwrap());
                let idx = IndexItem::Array(Array::from_vec_on(vec![(m - 1) as i64, 0], &[2], Device::Cpu).unwrap());
                let gidx = IndexItem::Array(Array::from_vec_on(vec![(m - 1) as i64, 0], &[2], g).unwrap());
                same(cpu.getitem(&[idx]).unwrap().toarray().unwrap(), gpu.getitem(&[gidx]).unwrap().toarray().unwrap());
            }
        }
    }
}

/// SciPy 1.17: `A / B` (sparse / sparse) is dense float64 (`A` cast first), NaN for 0/0, inf
/// for x/0; `A / d` is `A.multiply(1/d)` (sparse); `d / A` is dense.
#[test]
fn true_division_sparse_dense_scalar() {
    let same = |x: f64, y: f64| (x.is_nan() && y.is_nan()) || x == y;
    for d in all_devices() {
        let a = a_on(d);
        let b = b_on(d);
        // sparse / sparse
        let q = a.divide(&b).unwrap().dense().unwrap();
        assert_eq!(q.dtype(), DType::Float64);
        assert_eq!(q.shape(), &[3, 4]);
        let want: Vec<f64> = A.iter().zip(B.iter()).map(|(x, y)| x / y).collect();
        let got = f64s(&q);
        assert!(
            got.iter().zip(&want).all(|(g, w)| same(*g, *w)),
            "{got:?} vs {want:?}"
        );
        // scipy: [[inf, 0, -1, nan], [nan, nan, 1, 0], [inf, inf, nan, -inf]]
        assert_eq!(got[0], f64::INFINITY);
        assert_eq!(got[2], -1.0);
        assert!(got[3].is_nan());
        assert_eq!(got[7], 0.0);
        assert_eq!(got[11], f64::NEG_INFINITY);
        // float32 and int operands also give float64; the operator form agrees
        let a32 = a.astype(DType::Float32).unwrap();
        let bi = b.astype(DType::Int32).unwrap();
        let q2 = &a32 / &bi;
        assert_eq!(q2.dtype(), DType::Float64);
        assert!(f64s(&q2).iter().zip(&want).all(|(g, w)| same(*g, *w)));
        // complex numerator keeps its dtype
        let ac = a.astype(DType::Complex64).unwrap();
        assert_eq!(
            ac.divide(&b).unwrap().dense().unwrap().dtype(),
            DType::Complex64
        );
        // a shape mismatch is an error naming the operation
        let e = a.divide(&a.transpose().unwrap()).unwrap_err().to_string();
        assert!(e.contains("__truediv__"), "{e}");
        // sparse / dense row vector: sparse, only stored entries divided
        let v = arr(vec![2.0f64, 0.0, 4.0, -3.0], &[4], d);
        let s = a.divide(&v).unwrap().sparse().unwrap();
        assert_eq!(s.format(), Format::Csr);
        assert_eq!(
            f64s(&s.toarray().unwrap()),
            vec![
                0.5,
                0.0,
                0.5,
                0.0,
                0.0,
                0.0,
                0.75,
                0.0,
                2.0,
                f64::INFINITY,
                0.0,
                2.0
            ]
        );
        let s2 = &a / &v;
        assert_eq!(s2.nnz(), 6);
        // sparse / dense matrix of the same shape
        let full2 = arr(vec![2.0f64; 12], &[3, 4], d);
        let s3 = a.divide(&full2).unwrap().sparse().unwrap();
        let half: Vec<f64> = A.iter().map(|x| x / 2.0).collect();
        assert_eq!(f64s(&s3.toarray().unwrap()), half);
        // dense / sparse: dense
        let r = &full2 / &a;
        let want_r: Vec<f64> = A.iter().map(|x| 2.0 / x).collect();
        assert_eq!(f64s(&r), want_r);
        // scalar
        let s4 = a.divide(4.0f64).unwrap().sparse().unwrap();
        let quarter: Vec<f64> = A.iter().map(|x| x / 4.0).collect();
        assert_eq!(f64s(&s4.toarray().unwrap()), quarter);
    }
}

/// core's `s![..]` indexes sparse matrices as NumPy's bracket syntax does (SciPy's answers).
#[test]
fn s_macro_indexing_and_assignment() {
    use cuprum_core::s;
    for d in all_devices() {
        let a = a_on(d); // csr_array
        // A[1:, ::2] -> [[0, 3], [4, 0]]
        let r = a.getitem(s![1.., ..;2]).unwrap();
        assert_eq!(f64s(&r.toarray().unwrap()), vec![0.0, 3.0, 4.0, 0.0]);
        // A[-1] (array flavour: 1-D)
        let r = a.getitem(s![-1]).unwrap();
        assert_eq!(f64s(&r.toarray().unwrap()), vec![4.0, 5.0, 0.0, -6.0]);
        // A[..2, 2] -> [2, 3]
        let r = a.getitem(s![..2, 2]).unwrap();
        assert_eq!(f64s(&r.toarray().unwrap()), vec![2.0, 3.0]);
        // A[2, 3] is a scalar
        match a.getitem(s![2, 3]).unwrap() {
            Indexed::Scalar(x) => assert_eq!(f64s(&x), vec![-6.0]),
            other => panic!("{other:?}"),
        }
        // reversed rows: A[::-1, 0] -> [4, 0, 1]
        let r = a.getitem(s![..;-1, 0]).unwrap();
        assert_eq!(f64s(&r.toarray().unwrap()), vec![4.0, 0.0, 1.0]);
        // the matrix flavour keeps 2-D
        let m = a.with_flavour(Flavour::Matrix);
        let r = m.getitem(s![.., 1]).unwrap();
        assert_eq!(r.toarray().unwrap().shape(), &[3, 1]);
        // A[0, 1..3] = 9
        let v = arr(vec![9.0f64], &[], d);
        let b = a.setitem(s![0, 1..3], &v).unwrap();
        let mut want = A.to_vec();
        want[1] = 9.0;
        want[2] = 9.0;
        assert_eq!(f64s(&b.toarray().unwrap()), want);
        // out of range is an error naming the operation
        let e = a.getitem(s![5]).unwrap_err().to_string();
        assert!(e.contains("__getitem__"), "{e}");
        // the Vec forms
        let items: Vec<SliceItem> = vec![SliceItem::Index(1)];
        assert_eq!(
            f64s(&a.getitem(&items).unwrap().toarray().unwrap()),
            vec![0.0, 0.0, 3.0, 0.0]
        );
    }
}
