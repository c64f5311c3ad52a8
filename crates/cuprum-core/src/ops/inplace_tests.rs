//! In-place elementwise operations (`out` is an input, element for element) and temporary
//! elision (an operand passed by value lends its buffer to the result), on the CPU: against
//! the same operations into new arrays.

use super::kinds::{BinaryOp, UnaryOp};
use super::{binary_out, unary_out};
use crate::ops::errstate::{ErrState, FpMode, errstate};
use crate::{Array, DType, Device, Error, Layout};

fn ramp(n: usize, dt: DType, scale: f64) -> Array {
    let v: Vec<f64> = (0..n)
        .map(|i| ((i * 37 % 101) as f64 - 50.0) * scale)
        .collect();
    Array::from_vec_on(v, &[n], Device::Cpu)
        .unwrap()
        .astype(dt)
        .unwrap()
}

fn bytes(a: &Array) -> Vec<u8> {
    a.to_bytes().unwrap()
}

fn addr(a: &Array) -> usize {
    std::sync::Arc::as_ptr(&a.storage) as usize
}

/// `binary_out(op, a, b, out=a)` equals `op(a, b)` bit for bit, for lengths around the stack
/// block (1024 float32), both operand orders, scalars on either side, `a op a`, every element
/// width, on contiguous arrays and on a strided interior view.
/// `binary_out(op, ...)` with `out` the left operand (a copy of `a0`), the right operand (a copy
/// of `b`), or both operands and `out` one array equals the new result of `op`; the messages
/// start with `what`.
fn check_out_aliases(op: BinaryOp, a0: &Array, b: &Array, what: &str) {
    let want = super::engine::binary(op, a0.into(), b.into(), None).unwrap();
    // out = a (left)
    let a = a0.copy().unwrap();
    binary_out(op, &a, b, &a).unwrap();
    assert_eq!(bytes(&a), bytes(&want), "{what} out=a");
    // out = b (right)
    let bb = b.copy().unwrap();
    binary_out(op, a0, &bb, &bb).unwrap();
    assert_eq!(bytes(&bb), bytes(&want), "{what} out=b");
    // a op a into a
    let a = a0.copy().unwrap();
    let want = super::engine::binary(op, a0.into(), a0.into(), None).unwrap();
    binary_out(op, &a, &a, &a).unwrap();
    assert_eq!(bytes(&a), bytes(&want), "{what} a op a");
}

#[test]
fn binary_out_into_an_input_equals_a_new_result() {
    let dts = [
        DType::Float32,
        DType::Float64,
        DType::Float16,
        DType::Int8,
        DType::Int32,
        DType::Int64,
        DType::Complex128,
    ];
    for dt in dts {
        for n in [1usize, 7, 1023, 1024, 1025, 5000, 70_001] {
            let a0 = ramp(n, dt, 0.25);
            let b = ramp(n, dt, -0.5)
                .slice(crate::s![..;-1])
                .unwrap()
                .copy()
                .unwrap();
            for op in [BinaryOp::Add, BinaryOp::Subtract, BinaryOp::Multiply] {
                check_out_aliases(op, &a0, &b, &format!("{dt} n={n} {op:?}"));
                // scalar on either side
                for left in [false, true] {
                    let a = a0.copy().unwrap();
                    let (x, y): (super::Operand<'_>, super::Operand<'_>) = if left {
                        (3i64.into(), (&a).into())
                    } else {
                        ((&a).into(), 3i64.into())
                    };
                    let (wx, wy): (super::Operand<'_>, super::Operand<'_>) = if left {
                        (3i64.into(), (&a0).into())
                    } else {
                        ((&a0).into(), 3i64.into())
                    };
                    let want3 = super::engine::binary(op, wx, wy, None).unwrap();
                    binary_out(op, x, y, &a).unwrap();
                    assert_eq!(
                        bytes(&a),
                        bytes(&want3),
                        "{dt} n={n} {op:?} scalar left={left}"
                    );
                }
            }
        }
    }
}

/// The stencil's case: the interior of a 2-D array (strided rows, a contiguous last axis),
/// updated in place from itself and from shifted views of the same buffer, which overlap it
/// without being it (those are read from a snapshot: the result is NumPy's).
#[test]
fn strided_interior_in_place_and_overlapping_views() {
    let m = 67usize;
    let u0 = ramp(m * m, DType::Float32, 0.125).reshape(&[m, m]).unwrap();
    let lay = |dr: usize, dc: usize| Layout {
        shape: vec![m - 2, m - 2],
        strides: vec![m as isize, 1],
        offset: dr * m + dc,
    };
    // c += up + down, in place, where up/down overlap c's buffer but not its elements
    let u = add_interior_in_place(&u0, lay, "strided interior");
    // the border is untouched
    let (got, orig) = (u.to_vec::<f32>().unwrap(), u0.to_vec::<f32>().unwrap());
    for j in 0..m {
        assert_eq!(got[j], orig[j]);
        assert_eq!(got[(m - 1) * m + j], orig[(m - 1) * m + j]);
    }
    // out overlapping an input by one row (not element for element): NumPy's result, as if
    // the input had been copied first
    check_one_row_overlap(&u0, lay, "overlap");
}

/// On a copy `u` of `u0` (returned): `c += up + down` in place, `c = lay(1, 1)`, `up = lay(0, 1)`
/// and `down = lay(2, 1)` overlapping `c`'s buffer but not its elements; `c` must equal the
/// same sum computed from `u0`.
fn add_interior_in_place(u0: &Array, lay: impl Fn(usize, usize) -> Layout, what: &str) -> Array {
    let want = {
        let s = super::add(&u0.with_layout(lay(0, 1)), &u0.with_layout(lay(2, 1))).unwrap();
        super::add(&u0.with_layout(lay(1, 1)), &s).unwrap()
    };
    let u = u0.copy().unwrap();
    let c = u.with_layout(lay(1, 1));
    let s = super::add(&u.with_layout(lay(0, 1)), &u.with_layout(lay(2, 1))).unwrap();
    binary_out(BinaryOp::Add, &c, &s, &c).unwrap();
    assert_eq!(bytes(&c), bytes(&want), "{what}");
    u
}

/// `binary_out(multiply, rows 0.., 2, out=rows 1..)` of a copy of `u0` (views `lay(0, 1)` and
/// `lay(1, 1)`, which overlap by all but one row) equals NumPy's result, `2 · rows 0..` of `u0`.
fn check_one_row_overlap(u0: &Array, lay: impl Fn(usize, usize) -> Layout, what: &str) {
    let u = u0.copy().unwrap();
    let want = super::multiply(&u0.with_layout(lay(0, 1)), 2.0).unwrap();
    binary_out(
        BinaryOp::Multiply,
        &u.with_layout(lay(0, 1)),
        2.0,
        &u.with_layout(lay(1, 1)),
    )
    .unwrap();
    assert_eq!(bytes(&u.with_layout(lay(1, 1))), bytes(&want), "{what}");
}

/// `unary_out(op, a, out=a)` equals `op(a)`; the operators `+=` and `*=` agree too.
#[test]
fn unary_out_and_assign_operators_in_place() {
    for n in [5usize, 1024, 3000] {
        let a0 = ramp(n, DType::Float64, 0.01);
        for op in [UnaryOp::Negative, UnaryOp::Abs, UnaryOp::Sin] {
            let want = super::engine::unary(op, &a0, None).unwrap();
            let a = a0.copy().unwrap();
            unary_out(op, &a, &a).unwrap();
            assert_eq!(bytes(&a), bytes(&want), "n={n} {op:?}");
        }
        let mut a = a0.copy().unwrap();
        let b = ramp(n, DType::Float64, 3.0);
        a += &b;
        a *= 0.5;
        let want = super::multiply(&super::add(&a0, &b).unwrap(), 0.5).unwrap();
        assert_eq!(bytes(&a), bytes(&want), "n={n} += then *=");
    }
}

/// An operand passed by value that nothing else sees lends its buffer: the chain
/// `&a + &b + &c - 4.0 * &d` keeps one temporary, with the same values as the named
/// functions; an operand something else still views is left alone.
#[test]
fn owned_operands_lend_their_buffer() {
    let n = 4099;
    let (a, b, c, d) = (
        ramp(n, DType::Float32, 0.5),
        ramp(n, DType::Float32, -0.25),
        ramp(n, DType::Float32, 2.0),
        ramp(n, DType::Float32, 1.5),
    );
    let t = &a + &b;
    let at = addr(&t);
    let t = t + &c;
    assert_eq!(addr(&t), at, "Array + &Array writes over the left operand");
    let f = 4.0 * &d;
    let af = addr(&f);
    let r = t - f;
    assert_eq!(addr(&r), at, "Array - Array writes over the left operand");
    let r = 0.1 * r;
    assert_eq!(addr(&r), at, "scalar * Array writes over the array");
    let r = &a + r;
    assert_eq!(addr(&r), at, "&Array + Array writes over the right operand");
    let _ = af;
    let want = {
        let s = super::add(&super::add(&a, &b).unwrap(), &c).unwrap();
        let s = super::subtract(&s, &super::multiply(4.0, &d).unwrap()).unwrap();
        super::add(&a, &super::multiply(0.1, &s).unwrap()).unwrap()
    };
    assert_eq!(bytes(&r), bytes(&want));

    // a clone (another array on the buffer) keeps it from being written
    let t = &a + &b;
    let keep = t.clone();
    let before = bytes(&keep);
    let r = t + &c;
    assert_eq!(bytes(&keep), before, "a shared buffer is not written over");
    assert_ne!(addr(&r), addr(&keep));
    // a view of another array's buffer (a slice) is not either
    let big = &a + &b;
    let before = bytes(&big);
    let r = big.slice(crate::s![1..]).unwrap() * 2.0;
    assert_eq!(bytes(&big), before);
    assert_eq!(r.to_vec::<f32>().unwrap().len(), n - 1);
    // a result of another dtype or shape takes a new buffer, with NumPy's values
    let t = &a + &b;
    let r = t + &a.astype(DType::Float64).unwrap();
    assert_eq!(r.dtype(), DType::Float64);
    let t = &a + &b;
    let row = (&a + &b).reshape(&[1, n]).unwrap();
    let r = t + &crate::concatenate(&[&row, &row], 0).unwrap();
    assert_eq!(r.shape(), &[2, n]);
}

/// With `errstate(invalid="raise")`, `a += b` is judged against `a` as it was: inf + -inf is
/// an invalid operation even though `a` itself is the output (the check used to read the
/// overwritten `a`, which then held a NaN and excused it).
#[test]
fn errstate_checks_in_place_operations_against_the_old_operands() {
    let raise = ErrState {
        invalid: FpMode::Raise,
        ..ErrState::IGNORE
    };
    let a = Array::from_vec_on(vec![f64::INFINITY, 1.0], &[2], Device::Cpu).unwrap();
    let b = Array::from_vec_on(vec![f64::NEG_INFINITY, 1.0], &[2], Device::Cpu).unwrap();
    let r = errstate(raise, || binary_out(BinaryOp::Add, &a, &b, &a));
    assert!(
        matches!(r, Err(Error::FloatingPoint { op: "add", .. })),
        "{r:?}"
    );
    let a = Array::from_vec_on(vec![-1.0f64, 4.0], &[2], Device::Cpu).unwrap();
    let r = errstate(raise, || unary_out(UnaryOp::Sqrt, &a, &a));
    assert!(
        matches!(r, Err(Error::FloatingPoint { op: "sqrt", .. })),
        "{r:?}"
    );
    // without an error the in-place result is written
    let a = Array::from_vec_on(vec![1.0f64, 4.0], &[2], Device::Cpu).unwrap();
    errstate(raise, || unary_out(UnaryOp::Sqrt, &a, &a)).unwrap();
    assert_eq!(a.to_vec::<f64>().unwrap(), vec![1.0, 2.0]);
}

/// On every CUDA device (a failure without one under `CUPRUM_REQUIRE_CUDA=1`): `out=` an input
/// (the kernels built without `__restrict__`) equals the same operation into a new array, bit
/// for bit — both operand orders, `a op a`, scalars on either side, a unary operation,
/// vector-aligned and misaligned contiguous arrays, a strided interior with overlapping
/// neighbours, and a copy onto itself; the operators `+=`/`*=` too.
#[test]
fn cuda_in_place_operations_equal_new_results() {
    for dev in crate::test_util::cuda_devices() {
        let on = |a: &Array| a.to_device(dev).unwrap();
        for dt in [
            DType::Float32,
            DType::Float64,
            DType::Float16,
            DType::Int8,
            DType::Int64,
            DType::Complex128,
        ] {
            for n in [1usize, 7, 1025, 70_001] {
                let a0 = on(&ramp(n + 1, dt, 0.25));
                let b0 = on(&ramp(n + 1, dt, -0.5).slice(crate::s![..;-1]).unwrap());
                for (a0, b0) in [
                    // offset 0 (vector-aligned) and offset 1 (element loads)
                    (
                        a0.slice(crate::s![..n]).unwrap(),
                        b0.slice(crate::s![..n]).unwrap(),
                    ),
                    (
                        a0.slice(crate::s![1..]).unwrap(),
                        b0.slice(crate::s![1..]).unwrap(),
                    ),
                ] {
                    let b = b0.copy().unwrap();
                    for op in [BinaryOp::Add, BinaryOp::Subtract, BinaryOp::Multiply] {
                        check_out_aliases(op, &a0, &b, &format!("{dev:?} {dt} n={n} {op:?}"));
                        for left in [false, true] {
                            let (x, y): (super::Operand<'_>, super::Operand<'_>) = if left {
                                (3.into(), (&a0).into())
                            } else {
                                ((&a0).into(), 3.into())
                            };
                            let want = super::engine::binary(op, x, y, None).unwrap();
                            let a = a0.copy().unwrap();
                            let (x, y): (super::Operand<'_>, super::Operand<'_>) = if left {
                                (3.into(), (&a).into())
                            } else {
                                ((&a).into(), 3.into())
                            };
                            binary_out(op, x, y, &a).unwrap();
                            assert_eq!(bytes(&a), bytes(&want), "{dev:?} {dt} n={n} {op:?} scalar");
                        }
                    }
                    let want = super::engine::unary(UnaryOp::Negative, &a0, None).unwrap();
                    let a = a0.copy().unwrap();
                    unary_out(UnaryOp::Negative, &a, &a).unwrap();
                    assert_eq!(bytes(&a), bytes(&want), "{dev:?} {dt} n={n} negative");
                    // a copy onto itself leaves it as it was
                    let a = a0.copy().unwrap();
                    a.assign(&a).unwrap();
                    assert_eq!(bytes(&a), bytes(&a0), "{dev:?} {dt} n={n} assign self");
                    crate::backend::copy(a.view(), a.view()).unwrap();
                    assert_eq!(bytes(&a), bytes(&a0), "{dev:?} {dt} n={n} copy self");
                    // a copy between disjoint halves of one buffer is done, not skipped
                    if n >= 2 {
                        let h = n / 2;
                        let a = a0.copy().unwrap();
                        let (lo, hi) = (
                            a.slice(crate::s![..h]).unwrap(),
                            a.slice(crate::s![n - h..]).unwrap(),
                        );
                        crate::backend::copy(hi.view(), lo.view()).unwrap();
                        assert_eq!(
                            bytes(&lo),
                            bytes(&a0.slice(crate::s![n - h..]).unwrap()),
                            "{dev:?} {dt} n={n} copy between halves"
                        );
                    }
                }
            }
        }
        // a strided interior in place, its neighbours overlapping its buffer
        let m = 67usize;
        let u0 = on(&ramp(m * m, DType::Float32, 0.125).reshape(&[m, m]).unwrap());
        let lay = |dr: usize, dc: usize| Layout {
            shape: vec![m - 2, m - 2],
            strides: vec![m as isize, 1],
            offset: dr * m + dc,
        };
        let u = add_interior_in_place(&u0, lay, &format!("{dev:?} strided interior"));
        assert_eq!(
            bytes(&u.slice(crate::s![0]).unwrap()),
            bytes(&u0.slice(crate::s![0]).unwrap()),
            "{dev:?} border row"
        );
        // out overlapping an input by one row: a temporary, NumPy's result
        check_one_row_overlap(&u0, lay, &format!("{dev:?} overlap"));
        // the operators
        let mut a = on(&ramp(3000, DType::Float64, 0.01));
        let a0 = a.copy().unwrap();
        let b = on(&ramp(3000, DType::Float64, 3.0));
        a += &b;
        a *= 0.5;
        let want = super::multiply(&super::add(&a0, &b).unwrap(), 0.5).unwrap();
        assert_eq!(bytes(&a), bytes(&want), "{dev:?} += then *=");
    }
}
