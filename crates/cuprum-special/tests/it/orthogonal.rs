//! The orthogonal polynomials `eval_*` against SciPy 1.17.1 (`tests/data/orthogonal.txt`) on every
//! device: both of SciPy's loops (integer degree as an int64 array, real degree as float64), a grid
//! of degrees and points including negative degrees, `x = 0`, points within 1e-5 of 0 (the power
//! series), the ends of the interval, points outside it and NaN; the float32 loop; the dtype rules.

use super::grid::{check_table, near};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, DType, Result};
use cuprum_special as sp;

/// `name(cols...)` with the columns as arrays (the degree first).
fn call(name: &str, c: &[&Array]) -> Result<Array> {
    match name {
        "eval_legendre" => sp::eval_legendre(c[0], c[1]),
        "eval_chebyt" => sp::eval_chebyt(c[0], c[1]),
        "eval_chebyu" => sp::eval_chebyu(c[0], c[1]),
        "eval_chebyc" => sp::eval_chebyc(c[0], c[1]),
        "eval_chebys" => sp::eval_chebys(c[0], c[1]),
        "eval_sh_legendre" => sp::eval_sh_legendre(c[0], c[1]),
        "eval_sh_chebyt" => sp::eval_sh_chebyt(c[0], c[1]),
        "eval_sh_chebyu" => sp::eval_sh_chebyu(c[0], c[1]),
        "eval_laguerre" => sp::eval_laguerre(c[0], c[1]),
        "eval_hermite" => sp::eval_hermite(c[0], c[1]),
        "eval_hermitenorm" => sp::eval_hermitenorm(c[0], c[1]),
        "eval_jacobi" => sp::eval_jacobi(c[0], c[1], c[2], c[3]),
        "eval_sh_jacobi" => sp::eval_sh_jacobi(c[0], c[1], c[2], c[3]),
        "eval_gegenbauer" => sp::eval_gegenbauer(c[0], c[1], c[2]),
        "eval_genlaguerre" => sp::eval_genlaguerre(c[0], c[1], c[2]),
        other => panic!("no function {other}"),
    }
}

#[test]
fn eval_polynomials_match_scipy_on_every_device() {
    // a header `name loop columns` (loop `l`: the degree as an int64 array, `d`: float64); CUDA
    // contracts multiply-adds: a few ulp of the terms where the value cancels
    let int = |l: &[String], j: usize| (j == 0 && l[1] == "l").then_some(DType::Int64);
    let text = include_str!("../data/orthogonal.txt");
    let (groups, checked) = check_table(text, int, |_| (1e-12, 1e-13), |l, c| call(&l[0], c));
    assert_eq!(groups, 28);
    assert!(checked >= 3780);
}

/// Real degree in float32 runs SciPy's `'ff..->f'` loop (float32 result); an integer degree
/// array runs the `'l'` loop (float64 result whatever `x`'s dtype); a Python int degree too.
#[test]
fn eval_loops_and_dtypes_follow_scipy() {
    // np.float32 columns n = [0.5, 2, 3.7, 7], x = [0.3, -0.6, 0.9, 2.5]
    let n = [0.5, 2.0, 3.7, 7.0];
    let x = [0.3, -0.6, 0.9, 2.5];
    // scipy.special.<name>(n.astype(np.float32), x.astype(np.float32)) (float32 results)
    let f32_cases: [(&str, [f64; 4]); 4] = [
        (
            "eval_legendre",
            [
                0.7009385228157043,
                0.04000004380941391,
                0.287364661693573,
                12437.4638671875,
            ],
        ),
        (
            "eval_chebyt",
            [
                0.8062257766723633,
                -0.2799999415874481,
                -0.09784629940986633,
                28982.5,
            ],
        ),
        (
            "eval_chebyu",
            [
                0.9922778606414795,
                0.44000011682510376,
                1.9569873809814453,
                60605.0,
            ],
        ),
        (
            "eval_sh_legendre",
            [
                0.259726881980896,
                6.760000228881836,
                -0.1517123430967331,
                396195.25,
            ],
        ),
    ];
    for dev in all_devices() {
        let na = Array::from_vec_on(n.to_vec(), &[4], dev)
            .unwrap()
            .astype(DType::Float32)
            .unwrap();
        let xa = Array::from_vec_on(x.to_vec(), &[4], dev)
            .unwrap()
            .astype(DType::Float32)
            .unwrap();
        let check = |r: Array, want: &[f64], dt: DType, rtol: f64, what: &str| {
            assert_eq!(r.dtype(), dt, "{dev} {what}");
            assert_eq!(r.device(), dev);
            let got = r.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap();
            for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
                assert!(
                    near(g, w, rtol, 0.0),
                    "{dev} {what} element {i}: got {g:e}, SciPy {w:e}"
                );
            }
        };
        for (name, want) in &f32_cases {
            check(
                call(name, &[&na, &xa]).unwrap(),
                want,
                DType::Float32,
                2e-6,
                name,
            );
        }
        let a = Array::scalar_on(0.75f32, dev).unwrap();
        let b = Array::scalar_on(1.5f32, dev).unwrap();
        let h = Array::scalar_on(0.5f32, dev).unwrap();
        // scipy.special.eval_gegenbauer(n32, np.float32(0.75), x32)
        let want = [
            0.8629570603370667,
            0.1950000822544098,
            0.8688126802444458,
            29711.509765625,
        ];
        check(
            sp::eval_gegenbauer(&na, &a, &xa).unwrap(),
            &want,
            DType::Float32,
            2e-6,
            "gegenbauer",
        );
        // scipy.special.eval_jacobi(n32, np.float32(0.5), np.float32(1.5), x32)
        let want = [
            0.6381827592849731,
            1.4750001430511475,
            0.7946760654449463,
            35765.625,
        ];
        check(
            sp::eval_jacobi(&na, &h, &b, &xa).unwrap(),
            &want,
            DType::Float32,
            2e-6,
            "jacobi",
        );
        // scipy.special.eval_legendre(np.array([0, 2, 3, 7], np.int32), x32): float64
        let ni = Array::from_vec_on(vec![0i32, 2, 3, 7], &[4], dev).unwrap();
        let want = [
            1.0,
            0.04000004291534509,
            0.4724998909235039,
            12437.46337890625,
        ];
        check(
            sp::eval_legendre(&ni, &xa).unwrap(),
            &want,
            DType::Float64,
            1e-13,
            "int32 degree",
        );
        // scipy.special.eval_hermite(5, x32): float64
        let want = [
            31.757760930976854,
            -39.928319235534545,
            10.255683905868406,
            925.0000000000006,
        ];
        check(
            sp::eval_hermite(5, &xa).unwrap(),
            &want,
            DType::Float64,
            1e-13,
            "hermite",
        );
        // scipy.special.eval_hermitenorm(np.int8(5), x32): float64
        let n8 = Array::scalar_on(5i8, dev).unwrap();
        let want = [
            4.232430147110222,
            -6.917760115585318,
            6.800490143516052,
            -21.09375,
        ];
        check(
            sp::eval_hermitenorm(&n8, &xa).unwrap(),
            &want,
            DType::Float64,
            1e-13,
            "hermitenorm",
        );
        // a real degree of the Hermite polynomials has no loop (SciPy's TypeError)
        assert!(sp::eval_hermite(2.5, &xa).is_err());
        assert!(sp::eval_hermitenorm(&na, &xa).is_err());
    }
}
