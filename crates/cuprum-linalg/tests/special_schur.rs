//! `scipy.linalg`'s special matrices and `schur` against SciPy's answers, on every device.
//! Expected values were computed with scipy 1.17 / numpy 2.4 in python3 (the call is given
//! next to each).

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex64, ConvolveMode, DType, Device, DeviceGuard};
use cuprum_linalg::scipy::{self, DftScale, SchurOutput};

fn v<T: cuprum_core::Element>(d: Vec<T>, shape: &[usize], dev: Device) -> Array {
    Array::from_vec_on(d, shape, dev).unwrap()
}

fn f64s(a: &Array) -> Vec<f64> {
    a.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap()
}

fn on(dev: Device) -> DeviceGuard {
    dev.use_device().unwrap()
}

#[test]
fn matrices_from_arrays() {
    for dev in all_devices() {
        // scipy.linalg.companion(np.array([2, -4, 6])) = [[2, -3], [1, 0]]
        let c = scipy::companion(&v(vec![2i64, -4, 6], &[3], dev)).unwrap();
        assert_eq!((c.dtype(), c.device()), (DType::Float64, dev));
        assert_eq!(f64s(&c), vec![2.0, -3.0, 1.0, 0.0]);
        // ... float32 input gives float32
        let c = scipy::companion(&v(vec![1.0f32, 2.0, 3.0], &[3], dev)).unwrap();
        assert_eq!(c.dtype(), DType::Float32);
        assert!(scipy::companion(&v(vec![0.0f64, 1.0], &[2], dev)).is_err());
        assert!(scipy::companion(&v(vec![1.0f64], &[1], dev)).is_err());
        // scipy.linalg.convolution_matrix([1, 2, 3], 4, 'full' | 'same')
        let a = v(vec![1i64, 2, 3], &[3], dev);
        let full = scipy::convolution_matrix(&a, 4, ConvolveMode::Full).unwrap();
        assert_eq!(full.shape(), &[6, 4]);
        assert_eq!(
            full.to_vec::<i64>().unwrap(),
            vec![
                1, 0, 0, 0, 2, 1, 0, 0, 3, 2, 1, 0, 0, 3, 2, 1, 0, 0, 3, 2, 0, 0, 0, 3
            ]
        );
        let same = scipy::convolution_matrix(&a, 4, ConvolveMode::Same).unwrap();
        assert_eq!(
            same.to_vec::<i64>().unwrap(),
            vec![2, 1, 0, 0, 3, 2, 1, 0, 0, 3, 2, 1, 0, 0, 3, 2]
        );
        // convolution_matrix([1, 2, 3, 4, 5], 2, 'same' | 'valid')
        let b = v(vec![1i64, 2, 3, 4, 5], &[5], dev);
        let same = scipy::convolution_matrix(&b, 2, ConvolveMode::Same).unwrap();
        assert_eq!(
            same.to_vec::<i64>().unwrap(),
            vec![1, 0, 2, 1, 3, 2, 4, 3, 5, 4]
        );
        let valid = scipy::convolution_matrix(&b, 2, ConvolveMode::Valid).unwrap();
        assert_eq!(valid.to_vec::<i64>().unwrap(), vec![2, 1, 3, 2, 4, 3, 5, 4]);
        // scipy.linalg.fiedler_companion([1., 2, 3, 4, 5, 6])
        let f =
            scipy::fiedler_companion(&v(vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], &[6], dev)).unwrap();
        assert_eq!(
            f64s(&f),
            vec![
                -2.0, -3.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, -4.0, 0.0, -5.0, 1.0, 0.0,
                1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -6.0, 0.0
            ]
        );
        // fiedler_companion([2., -4]) = [[2.0]]
        assert_eq!(
            f64s(&scipy::fiedler_companion(&v(vec![2.0f64, -4.0], &[2], dev)).unwrap()),
            vec![2.0]
        );
        // bandwidth([[1,0,0],[0,2,0],[7,0,3.]]) = (2, 0)
        let m = v(
            vec![1.0f64, 0.0, 0.0, 0.0, 2.0, 0.0, 7.0, 0.0, 3.0],
            &[3, 3],
            dev,
        );
        assert_eq!(scipy::bandwidth(&m).unwrap(), (2, 0));
        assert_eq!(
            scipy::bandwidth(&v(vec![0.0f64; 4], &[2, 2], dev)).unwrap(),
            (0, 0)
        );
        // leslie([1, 2, 3], [4.5, 5]) = [[1, 2, 3], [4.5, 0, 0], [0, 5, 0]]
        let l = scipy::leslie(
            &v(vec![1i64, 2, 3], &[3], dev),
            &v(vec![4.5f64, 5.0], &[2], dev),
        )
        .unwrap();
        assert_eq!(l.dtype(), DType::Float64);
        assert_eq!(f64s(&l), vec![1.0, 2.0, 3.0, 4.5, 0.0, 0.0, 0.0, 5.0, 0.0]);
        assert!(
            scipy::leslie(
                &v(vec![1.0f64, 2.0], &[2], dev),
                &v(vec![1.0f64, 2.0], &[2], dev)
            )
            .is_err()
        );
        // khatri_rao column-count mismatch
        assert!(
            scipy::khatri_rao(
                &v(vec![1.0f64; 4], &[2, 2], dev),
                &v(vec![1.0f64; 3], &[1, 3], dev)
            )
            .is_err()
        );
        // fiedler([1, 4, 12]) keeps int64
        let fi = scipy::fiedler(&v(vec![1i64, 4, 12], &[3], dev)).unwrap();
        assert_eq!(
            fi.to_vec::<i64>().unwrap(),
            vec![0, 3, 11, 3, 0, 8, 11, 8, 0]
        );
    }
}

#[test]
fn matrices_from_sizes() {
    for dev in all_devices() {
        let _g = on(dev);
        // scipy.linalg.hadamard(4)
        let h = scipy::hadamard(4, DType::Int64).unwrap();
        assert_eq!(h.device(), dev);
        assert_eq!(
            h.to_vec::<i64>().unwrap(),
            vec![1, 1, 1, 1, 1, -1, 1, -1, 1, 1, -1, -1, 1, -1, -1, 1]
        );
        assert!(scipy::hadamard(6, DType::Int64).is_err());
        // scipy.linalg.helmert(3)
        let he = scipy::helmert(3, false).unwrap();
        assert_eq!(he.shape(), &[2, 3]);
        let want = [
            0.7071067811865475,
            -0.7071067811865475,
            0.0,
            0.4082482904638631,
            0.4082482904638631,
            -0.8164965809277261,
        ];
        for (g, w) in f64s(&he).iter().zip(want) {
            assert!((g - w).abs() < 1e-15, "{g} vs {w}");
        }
        // scipy.linalg.hilbert(3)[2, 2] = 0.2
        assert_eq!(f64s(&scipy::hilbert(3).unwrap())[8], 0.2);
        // scipy.linalg.dft(3, 'sqrtn')
        let d = scipy::dft(3, DftScale::SqrtN)
            .unwrap()
            .to_vec::<Complex64>()
            .unwrap();
        let want = [
            (0.5773502691896258, 0.0),
            (-0.2886751345948128, -0.5000000000000001),
            (-0.2886751345948131, 0.4999999999999999),
        ];
        for (g, w) in d[3..6].iter().zip(want) {
            assert!((g.re - w.0).abs() < 1e-15 && (g.im - w.1).abs() < 1e-15);
        }
    }
}

fn recompose_ok(a: &Array, t: &Array, z: &Array) {
    let zh = cuprum_core::conj(&z.transpose().unwrap()).unwrap();
    let back = cuprum_core::matmul(&cuprum_core::matmul(z, t).unwrap(), &zh).unwrap();
    let a = a.astype(back.dtype()).unwrap();
    assert!(cuprum_core::allclose(&back, &a, 1e-10, 1e-10, false).unwrap());
    let n = z.shape()[0];
    let eye = cuprum_core::eye_on(n, None, 0, z.dtype(), z.device()).unwrap();
    let zz = cuprum_core::matmul(&zh, z).unwrap();
    assert!(cuprum_core::allclose(&zz, &eye, 1e-12, 1e-12, false).unwrap());
}

#[test]
fn schur_against_scipy() {
    for dev in all_devices() {
        // scipy.linalg.schur([[1,2,3],[4,5,6],[7,8,10]]): diag(T) = the real eigenvalues
        let a = v(
            vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0],
            &[3, 3],
            dev,
        );
        let (t, z) = scipy::schur(&a, SchurOutput::Real).unwrap();
        assert_eq!((t.dtype(), t.device()), (DType::Float64, dev));
        recompose_ok(&a, &t, &z);
        let tv = f64s(&t);
        assert!(tv[3].abs() < 1e-12 && tv[6].abs() < 1e-12 && tv[7].abs() < 1e-12);
        let mut d = [tv[0], tv[4], tv[8]];
        d.sort_by(f64::total_cmp);
        let want = [-0.9057401795217577, 0.1982468633970094, 16.707493316124747];
        for (g, w) in d.iter().zip(want) {
            assert!((g - w).abs() < 1e-12, "{g} vs {w}");
        }
        // [[0,-1,0],[1,0,0],[0,0,2]]: eigenvalues ±i, 2; a 2x2 block in the real form
        let b = v(
            vec![0.0f64, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 2.0],
            &[3, 3],
            dev,
        );
        let (t, z) = scipy::schur(&b, SchurOutput::Real).unwrap();
        recompose_ok(&b, &t, &z);
        let (t, z) = scipy::schur(&b, SchurOutput::Complex).unwrap();
        assert_eq!(t.dtype(), DType::Complex128);
        recompose_ok(&b, &t, &z);
        let tc = t.to_vec::<Complex64>().unwrap();
        // upper triangular; diagonal = {i, -i, 2}
        assert!(tc[3].norm() == 0.0 && tc[6].norm() == 0.0 && tc[7].norm() == 0.0);
        let mut ims: Vec<f64> = [tc[0], tc[4], tc[8]].iter().map(|x| x.im).collect();
        ims.sort_by(f64::total_cmp);
        assert!(
            (ims[0] + 1.0).abs() < 1e-12 && ims[1].abs() < 1e-12 && (ims[2] - 1.0).abs() < 1e-12
        );
        // float32 in, float32 out; errors
        let (t32, _) = scipy::schur(&b.astype(DType::Float32).unwrap(), SchurOutput::Real).unwrap();
        assert_eq!(t32.dtype(), DType::Float32);
        assert!(scipy::schur(&v(vec![1.0f64; 6], &[2, 3], dev), SchurOutput::Real).is_err());
        assert!(
            scipy::schur(
                &v(vec![f64::NAN, 0.0, 0.0, 1.0], &[2, 2], dev),
                SchurOutput::Real
            )
            .is_err()
        );
        let (t0, z0) =
            scipy::schur(&v(Vec::<f64>::new(), &[0, 0], dev), SchurOutput::Real).unwrap();
        assert_eq!(
            (t0.shape(), z0.shape()),
            (&[0usize, 0][..], &[0usize, 0][..])
        );
    }
}
