"""Generates crates/cuprum-core/src/routines/tests.rs: NumPy's answers for the routines module,
embedded as literals (run: python3 gen_routines_tests.py > ../src/routines/tests.rs); each case is one
`np_test!` of src/routines/test_support.rs, which also holds `arr` and `chk`.

Each case: its inputs (NumPy arrays, passed to Rust as a0, a1, ...), the Rust expression (with
`d` the device), the NumPy expression, and the kind of the Rust result: 'one' (an Array),
'many' (a Vec<Array>), 'pair' (a tuple of two), 'inplace' (a statement that changes a0, which
is then checked)."""
import numpy as np

nan, inf = np.nan, np.inf
CASES = []


def case(name, inputs, rust, py, kind="one", tol=None, group=None):
    """`group`: the cases of one group (kind 'one' or 'inplace') are checked in one test named after
    the group, an input being built again only where it differs from what the test holds."""
    CASES.append((name, inputs, rust, py, kind, tol, group))


A = np.array
f8 = lambda *v: A(v, dtype=np.float64)
i8 = lambda *v: A(v, dtype=np.int64)

# ---- sets
case("isin_basic", [A([[1, 5], [3, 7]], dtype=np.int64), i8(3, 1, 9)], "isin(&a0, &a1, false)", "np.isin(a0, a1)")
case("isin_invert_float_nan", [f8(1.0, nan, 2.5, 3.0), A([2.5, nan], dtype=np.float32)], "isin(&a0, &a1, true)", "np.isin(a0, a1, invert=True)")
case("isin_empty_test", [i8(1, 2), A([], dtype=np.int64)], "isin(&a0, &a1, false)", "np.isin(a0, a1)")
case("in1d", [A([[0, 1], [2, 3]], dtype=np.int32), A([1, 3], dtype=np.int32)], "in1d(&a0, &a1, false)", "np.isin(a0.ravel(), a1)")
case("intersect1d", [i8(1, 3, 4, 3, 7), A([3, 1, 2, 1], dtype=np.int32)], "intersect1d(&a0, &a1)", "np.intersect1d(a0, a1)")
case("intersect1d_float", [f8(1.5, 3.0, -2.0, 3.0), f8(3.0, -2.0, 8.0)], "intersect1d(&a0, &a1)", "np.intersect1d(a0, a1)")
case("union1d", [A([[-1, 0], [1, 5]], dtype=np.int64), i8(-2, 0, 2)], "union1d(&a0, &a1)", "np.union1d(a0, a1)")
case("setdiff1d", [i8(1, 2, 3, 2, 4, 1), i8(3, 4, 5, 6)], "setdiff1d(&a0, &a1)", "np.setdiff1d(a0, a1)")
case("setxor1d", [i8(1, 2, 3, 2, 4), i8(2, 3, 5, 7, 5)], "setxor1d(&a0, &a1)", "np.setxor1d(a0, a1)")
case("setxor1d_float", [f8(0.5, 1.5), f8(1.5, 2.5, 0.25)], "setxor1d(&a0, &a1)", "np.setxor1d(a0, a1)")

# ---- math
case("nan_to_num_f64", [f8(nan, inf, -inf, -1.5)], "nan_to_num(&a0, 0.0, None, None)", "np.nan_to_num(a0)")
case("nan_to_num_f32_custom", [A([nan, inf, -inf, 2.0], dtype=np.float32)], "nan_to_num(&a0, 9.0, Some(1e3), Some(-7.0))", "np.nan_to_num(a0, nan=9.0, posinf=1e3, neginf=-7.0)")
case("nan_to_num_c128", [A([complex(nan, inf), complex(1, -inf)])], "nan_to_num(&a0, 0.0, None, None)", "np.nan_to_num(a0)")
case("nan_to_num_int", [i8(1, 2)], "nan_to_num(&a0, 0.0, None, None)", "np.nan_to_num(a0)")
case("isposinf", [f8(inf, -inf, nan, 1.0)], "isposinf(&a0)", "np.isposinf(a0)")
case("isneginf", [A([inf, -inf, nan, 1.0], dtype=np.float32)], "isneginf(&a0)", "np.isneginf(a0)")
case("isreal", [A([1 + 0j, 1 + 1j, 0j])], "isreal(&a0)", "np.isreal(a0)")
case("iscomplex", [A([1 + 0j, 1 + 1j, 0j])], "iscomplex(&a0)", "np.iscomplex(a0)")
case("isreal_float", [f8(1.0, 2.0)], "isreal(&a0)", "np.isreal(a0)")
case("fix", [f8(2.1, -2.9, 0.5, -0.0, 3.0)], "fix(&a0)", "np.fix(a0)")
case("sinc", [f8(0.0, 0.5, 1.0, -1.5, 2.25)], "sinc(&a0)", "np.sinc(a0)")
case("sinc_int", [i8(0, 1, 2)], "sinc(&a0)", "np.sinc(a0)", tol=1e-15)
case("sinc_f32", [A([0.0, 0.3, -2.5], dtype=np.float32)], "sinc(&a0)", "np.sinc(a0)")
case("i0", [f8(0.0, 1.0, -2.5, 7.9, 8.0, 8.5, 20.0, 100.0)], "i0(&a0)", "np.i0(a0)")
case("i0_int", [i8(0, 3, 12)], "i0(&a0)", "np.i0(a0)")
case("cross_3", [A([[1.0, 2, 3], [4, 5, 6]]), f8(7.0, 8.0, 9.0)], "cross(&a0, &a1, -1)", "np.cross(a0, a1)")
case("cross_2", [f8(1.0, 2.0), f8(3.0, 4.0)], "cross(&a0, &a1, -1)", "np.cross(a0, a1)")
case("cross_2_3", [i8(1, 2), i8(3, 4, 5)], "cross(&a0, &a1, -1)", "np.cross(a0, a1)")
case("cross_3_2", [i8(3, 4, 5), i8(1, 2)], "cross(&a0, &a1, -1)", "np.cross(a0, a1)")
case("cross_axis0", [A([[1.0, 4], [2, 5], [3, 6]]), A([[7.0, 1], [8, 0], [9, 2]])], "cross(&a0, &a1, 0)", "np.cross(a0, a1, axis=0)")
case("interp", [f8(-1.0, 0.0, 0.5, 1.0, 1.7, 3.0, 3.5, nan), f8(0.0, 1.0, 3.0), f8(10.0, 20.0, -5.0)], "interp(&a0, &a1, &a2, None, None)", "np.interp(a0, a1, a2)")
case("interp_lr", [A([[-1.0, 0.25], [2.0, 9.0]]), f8(0.0, 1.0, 3.0), i8(1, 2, 4)], "interp(&a0, &a1, &a2, Some(-100.0), Some(100.0))", "np.interp(a0, a1, a2, left=-100.0, right=100.0)")
case("interp_one_point", [f8(-1.0, 2.0, 5.0), f8(2.0), f8(7.0)], "interp(&a0, &a1, &a2, None, None)", "np.interp(a0, a1, a2)")
for fam, fn, inputs in [
    ("convolve", "convolve", [f8(1.0, 2.0, 3.0, -1.0, 0.5), f8(0.0, 1.0, 0.5)]),
    ("correlate", "correlate", [f8(1.0, 2.0, 3.0, -1.0, 0.5), f8(0.0, 1.0, 0.5)]),
    ("convolve_short_first", "convolve", [i8(1, 2), A([3, 4, 5, 6], dtype=np.int32)]),
    ("correlate_complex", "correlate", [A([1 + 1j, 2, 3j]), A([1j, 2 - 1j])]),
    ("correlate_short_first", "correlate", [f8(1.0, 2.0), f8(3.0, 4.0, 5.0, 6.5)]),
    ("correlate_complex_short", "correlate", [A([1j, 2 - 1j]), A([1 + 1j, 2, 3j])]),
]:
    for mode in ["full", "same", "valid"]:
        case(f"{fam}_{mode}", inputs, f'{fn}(&a0, &a1, ConvolveMode::parse("{mode}").unwrap())', f"np.{fn}(a0, a1, mode='{mode}')", group="convolve_correlate")
case("gradient_1d", [f8(1.0, 2.0, 4.0, 7.0, 11.0, 16.0)], "gradient(&a0, &[], None, 1)", "[np.gradient(a0)]", kind="many")
case("gradient_1d_h_e2", [f8(1.0, 2.0, 4.0, 7.0, 11.0, 16.0)], "gradient(&a0, &[2.0], None, 2)", "[np.gradient(a0, 2.0, edge_order=2)]", kind="many")
case("gradient_2d", [A([[1, 2, 6], [3, 4, 5]], dtype=np.int64)], "gradient(&a0, &[], None, 1)", "np.gradient(a0)", kind="many")
case("gradient_2d_axis", [A([[1.0, 2, 6, 1], [3, 4, 5, 0], [0, 1, 1, 1]])], "gradient(&a0, &[0.5], Some(&[-1]), 2)", "[np.gradient(a0, 0.5, axis=-1, edge_order=2)]", kind="many")
case("trapezoid", [f8(1.0, 2.0, 3.0, 5.0)], "trapezoid(&a0, None, 1.0, -1)", "np.trapezoid(a0)")
case("trapezoid_x", [f8(1.0, 2.0, 3.0, 5.0), f8(0.0, 0.5, 2.0, 2.5)], "trapezoid(&a0, Some(&a1), 1.0, -1)", "np.trapezoid(a0, x=a1)")
case("trapezoid_2d_axis0_dx", [A([[1, 2, 3], [4, 5, 6]], dtype=np.int64)], "trapezoid(&a0, None, 0.5, 0)", "np.trapezoid(a0, dx=0.5, axis=0)")
case("nancumsum", [A([[1.0, nan], [nan, 4.0]])], "nancumsum(&a0, None)", "np.nancumsum(a0)")
case("nancumsum_axis", [A([[1.0, nan], [nan, 4.0]], dtype=np.float32)], "nancumsum(&a0, Some(0))", "np.nancumsum(a0, axis=0)")
case("nancumprod", [f8(2.0, nan, 3.0, nan)], "nancumprod(&a0, None)", "np.nancumprod(a0)")
case("ediff1d", [A([[1, 2], [4, 7]], dtype=np.int64)], "ediff1d(&a0, None, None)", "np.ediff1d(a0)")
case("ediff1d_ends", [f8(1.0, 2.0, 4.0), f8(88.0, 99.0), f8(-5.0)], "ediff1d(&a0, Some(&a1), Some(&a2))", "np.ediff1d(a0, to_end=a1, to_begin=a2)")
case("unwrap", [f8(0.0, 3.0, 6.5, 0.2, -3.3, 9.0)], "unwrap(&a0, None, -1, 2.0 * std::f64::consts::PI)", "np.unwrap(a0)")
case("unwrap_period", [A([[1, 2, 8, 9], [0, 3, 4, 11]], dtype=np.int64)], "unwrap(&a0, None, 1, 4.0)", "np.unwrap(a0, period=4)")
case("unwrap_axis0_discont", [A([[0.0, 1.0], [4.0, 2.0], [0.5, 9.0]])], "unwrap(&a0, Some(4.0), 0, 2.0 * std::f64::consts::PI)", "np.unwrap(a0, discont=4.0, axis=0)")

# ---- ufuncs
case("logaddexp", [f8(0.0, 1000.0, -inf, 3.0, nan, inf), f8(0.0, 999.0, -inf, -2.0, 1.0, inf)], "logaddexp(&a0, &a1)", "np.logaddexp(a0, a1)")
case("logaddexp_f32_int", [A([1.0, -3.5], dtype=np.float32), A([2, 2], dtype=np.int8)], "logaddexp(&a0, &a1)", "np.logaddexp(a0, a1)")
case("logaddexp2", [f8(3.0, 1000.0, -inf, 0.5), f8(3.0, 998.0, 1.0, -2.0)], "logaddexp2(&a0, &a1)", "np.logaddexp2(a0, a1)")
case("gcd", [i8(12, -20, 0, 7, 0, 2**40), i8(18, 15, 5, 13, 0, 2**20 * 3)], "gcd(&a0, &a1)", "np.gcd(a0, a1)")
case("gcd_broadcast_i32", [A([[4], [9]], dtype=np.int32), A([6, 27, 0], dtype=np.int16)], "gcd(&a0, &a1)", "np.gcd(a0, a1)")
case("lcm", [i8(4, -6, 0, 7), i8(6, 4, 5, -3)], "lcm(&a0, &a1)", "np.lcm(a0, a1)")
case("float_power", [A([2, 3, 4], dtype=np.int32), A([-1, 2, 0], dtype=np.int32)], "float_power(&a0, &a1)", "np.float_power(a0, a1)")
case("float_power_f32", [A([2.0, 9.0], dtype=np.float32), A([0.5, 0.5], dtype=np.float32)], "float_power(&a0, &a1)", "np.float_power(a0, a1)")
case("heaviside", [f8(-1.5, 0.0, 2.0, nan, -0.0), f8(0.5)], "heaviside(&a0, &a1)", "np.heaviside(a0, a1)")
case("modf", [f8(3.5, -2.25, inf, -inf, 0.0, -7.0)], "{ let (x, y) = modf(&a0)?; vec![x, y] }", "list(np.modf(a0))", kind="many")
case("modf_f32", [A([1.75, -0.5], dtype=np.float32)], "{ let (x, y) = modf(&a0)?; vec![x, y] }", "list(np.modf(a0))", kind="many")
case("frexp", [f8(8.0, -0.75, 0.0, 1.0, 3.0, 1e-310, 1e300, -5e-324, 0.1, inf)], "{ let (x, y) = frexp(&a0)?; vec![x, y] }", "list(np.frexp(a0))", kind="many")
case("frexp_f32", [A([6.0, 0.3, -1e-40, 1.0000001], dtype=np.float32)], "{ let (x, y) = frexp(&a0)?; vec![x, y] }", "list(np.frexp(a0))", kind="many")
case("ldexp", [f8(0.5, 3.0, 1e-300, 1.0, 0.75), A([3, -1, 1100, -1074, 0], dtype=np.int32)], "ldexp(&a0, &a1)", "np.ldexp(a0, a1)")
case("ldexp_f32", [A([0.5, 3.0], dtype=np.float32), A([3, -1], dtype=np.int64)], "ldexp(&a0, &a1)", "np.ldexp(a0, a1)")
# ufunc methods
case("reduce_subtract", [A([[8, 2, 1], [3, 4, 5]], dtype=np.int32)], "ufunc_reduce(BinaryOp::Subtract, &a0, Some(1), false)", "np.subtract.reduce(a0, axis=1)")
case("reduce_add_none", [A([[8, 2, 1], [3, 4, 5]], dtype=np.int32)], "ufunc_reduce(BinaryOp::Add, &a0, None, false)", "np.add.reduce(a0, axis=None)")
case("reduce_maximum_keepdims", [A([[8.0, 2, 1], [3, 4, 5]])], "ufunc_reduce(BinaryOp::Maximum, &a0, Some(0), true)", "np.maximum.reduce(a0, axis=0, keepdims=True)")
case("reduce_logaddexp", [f8(0.0, 1.0, 2.0)], "ufunc_reduce(Ufunc::LogAddExp, &a0, Some(0), false)", "np.logaddexp.reduce(a0)")
case("reduce_gcd", [i8(12, 18, 30)], "ufunc_reduce(Ufunc::Gcd, &a0, Some(0), false)", "np.gcd.reduce(a0)")
case("reduce_bitwise_or_empty", [A([], dtype=np.int32).reshape(0, 2)], "ufunc_reduce(BinaryOp::BitwiseOr, &a0, Some(0), false)", "np.bitwise_or.reduce(a0, axis=0)")
case("reduce_hypot", [f8(3.0, 4.0, 12.0)], "ufunc_reduce(BinaryOp::Hypot, &a0, Some(0), false)", "np.hypot.reduce(a0)")
case("accumulate_add_i32", [A([[1, 2, 3], [4, 5, 6]], dtype=np.int32)], "ufunc_accumulate(BinaryOp::Add, &a0, 1)", "np.add.accumulate(a0, axis=1)")
case("accumulate_maximum", [i8(3, 1, 4, 1, 5, 9, 2, 6)], "ufunc_accumulate(BinaryOp::Maximum, &a0, 0)", "np.maximum.accumulate(a0)")
case("accumulate_subtract_axis0", [A([[1.0, 2], [4, 5], [7, 9]])], "ufunc_accumulate(BinaryOp::Subtract, &a0, 0)", "np.subtract.accumulate(a0, axis=0)")
case("accumulate_multiply_u8", [A([3, 5, 7, 11], dtype=np.uint8)], "ufunc_accumulate(BinaryOp::Multiply, &a0, 0)", "np.multiply.accumulate(a0)")
case("reduceat_add", [np.arange(8, dtype=np.int64), i8(0, 4, 1, 5, 6)], "ufunc_reduceat(BinaryOp::Add, &a0, &a1, 0)", "np.add.reduceat(a0, a1)")
case("reduceat_maximum_2d", [A([[1.0, 5, 2, 8], [9, 3, 7, 0]]), i8(0, 2, 3)], "ufunc_reduceat(BinaryOp::Maximum, &a0, &a1, 1)", "np.maximum.reduceat(a0, a1, axis=1)")
case("reduceat_multiply_i32", [A([1, 2, 3, 4, 5], dtype=np.int32), i8(0, 3, 2)], "ufunc_reduceat(BinaryOp::Multiply, &a0, &a1, 0)", "np.multiply.reduceat(a0, a1)")
case("outer_subtract", [i8(1, 2), A([[10, 20, 30]], dtype=np.int32)], "ufunc_outer(BinaryOp::Subtract, &a0, &a1)", "np.subtract.outer(a0, a1)")
case("outer_logaddexp", [f8(0.0, 1.0), f8(2.0, 3.0)], "ufunc_outer(Ufunc::LogAddExp, &a0, &a1)", "np.logaddexp.outer(a0, a1)")
case("at_maximum", [i8(1, 2, 3, 4), i8(0, 1, 0, -1), i8(5, 6, 7, 8)], "ufunc_at(BinaryOp::Maximum, &a0, &a1, &a2)", "np.maximum.at(a0, a1, a2)", kind="inplace")
case("at_multiply_2d", [A([[1.0, 2], [3, 4]]), i8(1, 1), f8(2.0, 3.0)], "ufunc_at(BinaryOp::Multiply, &a0, &a1, &a2)", "np.multiply.at(a0, a1, a2)", kind="inplace")
case("at_add", [f8(0.0, 0.0, 0.0), i8(0, 2, 0), f8(1.5, 2.0, 3.0)], "ufunc_at(BinaryOp::Add, &a0, &a1, &a2)", "np.add.at(a0, a1, a2)", kind="inplace", group="at_add_scatter")
case("scatter_max", [f8(0.0, 0.0, 0.0), i8(0, 2, 0), f8(1.5, -2.0, 3.0)], "scatter_max(&a0, &a1, &a2)", "np.maximum.at(a0, a1, a2)", kind="inplace", group="at_add_scatter")
case("scatter_min", [f8(0.0, 0.0, 0.0), i8(0, 2, 0), f8(1.5, -2.0, 3.0)], "scatter_min(&a0, &a1, &a2)", "np.minimum.at(a0, a1, a2)", kind="inplace", group="at_add_scatter")

# ---- manipulation
case("atleast_1d", [A(5.0)], "atleast_1d(&a0)", "np.atleast_1d(a0)")
case("atleast_2d", [f8(1.0, 2.0)], "atleast_2d(&a0)", "np.atleast_2d(a0)")
case("atleast_3d_1d", [f8(1.0, 2.0)], "atleast_3d(&a0)", "np.atleast_3d(a0)")
case("atleast_3d_2d", [A([[1, 2, 3], [4, 5, 6]], dtype=np.int64)], "atleast_3d(&a0)", "np.atleast_3d(a0)")
case("column_stack", [i8(1, 2, 3), A([[4, 5], [6, 7], [8, 9]], dtype=np.int64)], "column_stack(&[&a0, &a1])", "np.column_stack([a0, a1])")
case("dstack", [A([[1, 2]], dtype=np.int64), A([[3, 4]], dtype=np.int64)], "dstack(&[&a0, &a1])", "np.dstack([a0, a1])")
case("hsplit", [np.arange(12.0).reshape(3, 4)], "hsplit(&a0, 2)", "np.hsplit(a0, 2)", kind="many")
case("vsplit", [np.arange(12.0).reshape(4, 3)], "vsplit(&a0, vec![1isize, 3])", "np.vsplit(a0, [1, 3])", kind="many")
case("dsplit", [np.arange(16.0).reshape(2, 2, 4)], "dsplit(&a0, 2)", "np.dsplit(a0, 2)", kind="many")
case("append_none", [i8(1, 2), A([[3, 4], [5, 6]], dtype=np.int64)], "append(&a0, &a1, None)", "np.append(a0, a1)")
case("append_axis", [A([[1, 2]], dtype=np.int64), A([[3, 4], [5, 6]], dtype=np.int64)], "append(&a0, &a1, Some(0))", "np.append(a0, a1, axis=0)")
case("delete_flat", [np.arange(6, dtype=np.int64)], "delete(&a0, &[1, -1, 1], None)", "np.delete(a0, [1, -1, 1])")
case("delete_axis1", [np.arange(12.0).reshape(3, 4)], "delete(&a0, &[0, 2], Some(1))", "np.delete(a0, [0, 2], axis=1)")
case("insert_multi", [i8(1, 2, 3), i8(9, 8)], "insert(&a0, &[1, 3], &a1, None)", "np.insert(a0, [1, 3], a1)")
case("insert_multi_unsorted", [i8(1, 2, 3), i8(7, 8, 9)], "insert(&a0, &[2, 0, 2], &a1, None)", "np.insert(a0, [2, 0, 2], a1)")
case("insert_one_block", [A([[1, 1], [2, 2], [3, 3]], dtype=np.int64), i8(5, 6)], "insert(&a0, &[1], &a1, Some(1))", "np.insert(a0, [1], a1[:, None] if False else a1, axis=1)")
case("insert_scalar_value", [A([[1, 1], [2, 2]], dtype=np.float32), A(7.5)], "insert(&a0, &[0, 2], &a1, Some(0))", "np.insert(a0, [0, 2], a1, axis=0)")
case("resize", [A([[0, 1], [2, 3]], dtype=np.int64)], "resize(&a0, &[2, 3])", "np.resize(a0, (2, 3))")
case("resize_grow", [f8(1.0, 2.0, 3.0)], "resize(&a0, &[7])", "np.resize(a0, 7)")
case("fliplr", [np.arange(6).reshape(2, 3)], "fliplr(&a0)", "np.fliplr(a0)")
case("flipud", [np.arange(6).reshape(2, 3)], "flipud(&a0)", "np.flipud(a0)")
for k in [1, 2, 3, -1, 4]:
    case(f"rot90_k{k}".replace("-", "m"), [np.arange(6).reshape(2, 3)], f"rot90(&a0, {k}, [0, 1])", f"np.rot90(a0, {k})", group="rot90")
case("rot90_3d_axes", [np.arange(24).reshape(2, 3, 4)], "rot90(&a0, 1, [2, 0])", "np.rot90(a0, 1, axes=(2, 0))")
case("trim_zeros", [i8(0, 0, 1, 2, 0, 3, 0)], 'trim_zeros(&a0, "fb")', "np.trim_zeros(a0)")
case("trim_zeros_f", [f8(0.0, 0.0, 1.0, 0.0)], 'trim_zeros(&a0, "f")', "np.trim_zeros(a0, 'f')")
case("trim_zeros_all", [i8(0, 0)], 'trim_zeros(&a0, "fb")', "np.trim_zeros(a0)")
case("matrix_transpose", [np.arange(6).reshape(1, 2, 3)], "matrix_transpose(&a0)", "np.matrix_transpose(a0)")
case("rollaxis", [np.zeros((3, 4, 5, 6))], "rollaxis(&a0, 3, 1)", "np.rollaxis(a0, 3, 1)")
case("rollaxis_2", [np.arange(24.0).reshape(2, 3, 4)], "rollaxis(&a0, 0, 3)", "np.rollaxis(a0, 0, 3)")
case("asfortranarray", [np.arange(6).reshape(2, 3)], "asfortranarray(&a0)", "np.asfortranarray(a0)")

# ---- indexing
case("indices", [], "indices(&[2, 3], d)", "np.indices((2, 3))")
case("ix_", [i8(0, 1), A([False, True, True])], "ix_(&[&a0, &a1])", "list(np.ix_(a0, a1))", kind="many")
case("unravel_index", [i8(22, 41, 37)], "unravel_index(&a0, &[7, 6])", "list(np.unravel_index(a0, (7, 6)))", kind="many")
case("unravel_index_3d", [A([[0, 23], [5, 17]], dtype=np.int32)], "unravel_index(&a0, &[2, 3, 4])", "list(np.unravel_index(a0, (2, 3, 4)))", kind="many")
case("ravel_multi_index", [i8(3, 6, 6), i8(4, 5, 1)], "ravel_multi_index(&[&a0, &a1], &[7, 6])", "np.ravel_multi_index((a0, a1), (7, 6))")
case("tril_indices", [], "tril_indices(4, -1, Some(3), d)", "list(np.tril_indices(4, -1, 3))", kind="many")
case("triu_indices", [], "triu_indices(3, 1, None, d)", "list(np.triu_indices(3, 1))", kind="many")
case("tril_indices_from", [np.zeros((3, 5))], "tril_indices_from(&a0, 1)", "list(np.tril_indices_from(a0, 1))", kind="many")
case("triu_indices_from", [np.zeros((3, 2))], "triu_indices_from(&a0, 0)", "list(np.triu_indices_from(a0, 0))", kind="many")
case("diag_indices", [], "diag_indices(3, 3, d)", "list(np.diag_indices(3, 3))", kind="many")
case("diag_indices_from", [np.zeros((2, 2))], "diag_indices_from(&a0)", "list(np.diag_indices_from(a0))", kind="many")
case("put_along_axis", [A([[10, 30, 20], [60, 40, 50]], dtype=np.int64), i8(1, 0).reshape(2, 1), i8(99)], "put_along_axis(&a0, &a1, &a2, 1)", "np.put_along_axis(a0, a1, a2, 1)", kind="inplace")
case("put_along_axis_axis0", [np.arange(6.0).reshape(2, 3), A([[1, 0, 1]], dtype=np.int64), f8(-1.0, -2.0, -3.0)], "put_along_axis(&a0, &a1, &a2, 0)", "np.put_along_axis(a0, a1, a2, 0)", kind="inplace")
case("putmask", [np.arange(6, dtype=np.int64).reshape(2, 3), A([[False, True, False], [True, True, False]]), i8(-1, -2)], "putmask(&a0, &a1, &a2)", "np.putmask(a0, a1, a2)", kind="inplace", group="putmask_place")
case("place", [np.arange(6, dtype=np.int64).reshape(2, 3), A([[False, True, False], [True, True, False]]), i8(-1, -2)], "place(&a0, &a1, &a2)", "np.place(a0, a1, a2)", kind="inplace", group="putmask_place")
case("fill_diagonal", [np.zeros((3, 3), dtype=np.int64), i8(5)], "fill_diagonal(&a0, &a1, false)", "np.fill_diagonal(a0, a1)", kind="inplace")
case("fill_diagonal_tall_wrap", [np.zeros((7, 3)), f8(1.0, 2.0)], "fill_diagonal(&a0, &a1, true)", "np.fill_diagonal(a0, a1, wrap=True)", kind="inplace")
case("fill_diagonal_tall", [np.zeros((7, 3)), f8(4.0)], "fill_diagonal(&a0, &a1, false)", "np.fill_diagonal(a0, a1)", kind="inplace")
case("fill_diagonal_wide", [np.zeros((2, 5)), f8(4.0)], "fill_diagonal(&a0, &a1, false)", "np.fill_diagonal(a0, a1)", kind="inplace")
case("fill_diagonal_3d", [np.zeros((2, 2, 2)), f8(4.0)], "fill_diagonal(&a0, &a1, false)", "np.fill_diagonal(a0, a1)", kind="inplace")
case("choose", [A([[1, 0, 1], [0, 1, 0]], dtype=np.int64), f8(0.0, 1.0, 2.0), A([[10, 11, 12], [13, 14, 15]], dtype=np.int32)], "choose(&a0, &[&a1, &a2], IndexMode::Raise)", "np.choose(a0, [a1, a2])")
case("choose_wrap", [i8(0, 3, -1, 2), i8(1, 2, 3, 4), i8(5, 6, 7, 8), i8(9, 10, 11, 12)], "choose(&a0, &[&a1, &a2, &a3], IndexMode::Wrap)", "np.choose(a0, [a1, a2, a3], mode='wrap')", group="choose_wrap_clip")
case("choose_clip", [i8(0, 3, -1, 2), i8(1, 2, 3, 4), i8(5, 6, 7, 8), i8(9, 10, 11, 12)], "choose(&a0, &[&a1, &a2, &a3], IndexMode::Clip)", "np.choose(a0, [a1, a2, a3], mode='clip')", group="choose_wrap_clip")
case("select", [np.arange(6, dtype=np.int64)], "{ let c0 = crate::ops::less(&a0, 3i64)?; let c1 = crate::ops::greater(&a0, 3i64)?; let v1 = crate::ops::multiply(&a0, &a0)?; select(&[&c0, &c1], &[&a0, &v1], 42i64) }", "np.select([a0 < 3, a0 > 3], [a0, a0 * a0], 42)")
case("select_float_default", [f8(-1.0, 0.5, 2.0)], "{ let c0 = crate::ops::less(&a0, 0.0)?; select(&[&c0], &[&a0], 0.25) }", "np.select([a0 < 0], [a0], 0.25)")
case("extract", [np.arange(12, dtype=np.int64).reshape(3, 4)], "{ let c = crate::ops::equal(&crate::ops::remainder(&a0, 3i64)?, 0i64)?; extract(&c, &a0) }", "np.extract(np.mod(a0, 3) == 0, a0)")
case("lexsort", [i8(1, 5, 1, 4, 3, 4, 4), i8(9, 4, 0, 4, 0, 2, 1)], "lexsort(&[&a0, &a1])", "np.lexsort((a0, a1))")
case("lexsort_float", [f8(0.5, 0.5, 0.25, 0.5), A([1, 1, 0, 0], dtype=np.int32)], "lexsort(&[&a0, &a1])", "np.lexsort((a0, a1))")
case("packbits", [A([1, 0, 1, 0, 0, 0, 0, 1, 1, 1], dtype=np.uint8)], "packbits(&a0, None, false)", "np.packbits(a0)")
case("packbits_axis_little", [A([[1, 0, 1], [0, 1, 1]], dtype=np.bool_)], "packbits(&a0, Some(1), true)", "np.packbits(a0, axis=1, bitorder='little')")
case("packbits_axis0", [A([[2, 0], [0, 1], [1, 1]], dtype=np.int32)], "packbits(&a0, Some(0), false)", "np.packbits(a0, axis=0)")
case("unpackbits", [A([161, 7], dtype=np.uint8)], "unpackbits(&a0, None, None, false)", "np.unpackbits(a0)")
case("unpackbits_axis_count_little", [A([[161], [7]], dtype=np.uint8)], "unpackbits(&a0, Some(1), Some(5), true)", "np.unpackbits(a0, axis=1, count=5, bitorder='little')")
case("apply_along_axis", [np.arange(12.0).reshape(3, 4)], "apply_along_axis(|v| crate::reduce::sum(v, 0, false), 1, &a0)", "np.apply_along_axis(np.sum, 1, a0)")
case("apply_along_axis_vec", [np.arange(12.0).reshape(3, 4)], "apply_along_axis(|v| crate::manip::diff(v, 1, 0), 0, &a0)", "np.apply_along_axis(np.diff, 0, a0)")
case("apply_along_axis_matrix", [np.arange(6.0).reshape(2, 3)], "apply_along_axis(|v| crate::manip::diag(v, 0), 1, &a0)", "np.apply_along_axis(np.diag, 1, a0)")
case("sliding_window_view", [np.arange(6, dtype=np.int64)], "sliding_window_view(&a0, &[3], None)", "np.lib.stride_tricks.sliding_window_view(a0, 3)")
case("sliding_window_view_2d", [np.arange(12, dtype=np.int64).reshape(3, 4)], "sliding_window_view(&a0, &[2, 2], None)", "np.lib.stride_tricks.sliding_window_view(a0, (2, 2))")
case("sliding_window_view_axis", [np.arange(12, dtype=np.int64).reshape(3, 4)], "sliding_window_view(&a0, &[2], Some(&[0]))", "np.lib.stride_tricks.sliding_window_view(a0, 2, axis=0)")
case("as_strided", [np.arange(6, dtype=np.int32)], "as_strided(&a0, &[4, 3], &[4, 4])", "np.lib.stride_tricks.as_strided(a0, (4, 3), (4, 4))")
case("as_strided_zero", [np.arange(6, dtype=np.int64)], "as_strided(&a0, &[2, 3], &[0, 16])", "np.lib.stride_tricks.as_strided(a0, (2, 3), (0, 16))")

# ---- ndarray
case("view_dtype_f32_u32", [A([1.0, -2.0], dtype=np.float32)], "a0.view_dtype(DType::UInt32)", "a0.view(np.uint32)")
case("view_dtype_u8_i32", [A([[1, 0, 0, 0, 255, 255, 255, 255]], dtype=np.uint8)], "a0.view_dtype(DType::Int32)", "a0.view(np.int32)")
case("view_dtype_c128_f64", [A([1 + 2j, 3 - 4j])], "a0.view_dtype(DType::Float64)", "a0.view(np.float64)")
case("byteswap_u16", [A([1, 0x1234], dtype=np.uint16)], "a0.byteswap()", "a0.byteswap()")
case("byteswap_f64", [f8(1.0, -2.5)], "a0.byteswap()", "a0.byteswap()")
case("byteswap_c64", [A([1 + 2j], dtype=np.complex64)], "a0.byteswap()", "a0.byteswap()")
case("mt", [np.arange(6).reshape(2, 3)], "a0.mt()", "a0.mT")


# ---- statistics
case("average_weights", [f8(1.0, 2.0, 3.0, 4.0), f8(4.0, 3.0, 2.0, 1.0)], "average(&a0, None, Some(&a1))", "np.average(a0, weights=a1)")
case("average_axis_1d_weights", [np.arange(6, dtype=np.int64).reshape(3, 2), f8(0.25, 0.75)], "average(&a0, Some(1), Some(&a1))", "np.average(a0, axis=1, weights=a1)")
case("average_plain_int", [np.arange(6, dtype=np.int32).reshape(3, 2)], "average(&a0, Some(0), None)", "np.average(a0, axis=0)")
case("average_returned", [A([[1.0, 2.0], [3.0, 5.0]], dtype=np.float32), A([[1.0, 2.0], [3.0, 5.0]], dtype=np.float32)], "{ let (x, y) = average_returned(&a0, Some(0), Some(&a1))?; vec![x, y] }", "list(np.average(a0, axis=0, weights=a1, returned=True))", kind="many")
case("nanmedian", [f8(10.0, nan, 4.0, 7.0, 1.0)], "nanmedian(&a0, None, false)", "np.nanmedian(a0)")
case("nanmedian_axis", [A([[10.0, nan, 4.0], [nan, nan, nan], [3.0, 1.0, 2.0]])], "nanmedian(&a0, Some(1), true)", "np.nanmedian(a0, axis=1, keepdims=True)")
case("nanquantile_methods", [A([[1.0, nan, 4.0, 2.0], [5.0, 6.0, nan, 0.5]], dtype=np.float32)], "nanquantiles(&a0, &[0.0, 0.3, 0.75, 1.0], Some(1), false, QuantileMethod::Linear)", "np.nanquantile(a0, [0.0, 0.3, 0.75, 1.0], axis=1)")
for m in ["lower", "higher", "nearest", "midpoint"]:
    case(f"nanquantile_{m}", [A([[1.0, nan, 4.0, 2.0, 9.0], [5.0, 6.0, nan, 0.5, nan]])], f"nanquantile(&a0, 0.4, Some(-1), false, QuantileMethod::{m.capitalize()})", f"np.nanquantile(a0, 0.4, axis=-1, method='{m}')", group="nanquantile_by_method")
case("nanpercentile", [f8(3.0, nan, 1.0, 2.0, 10.0)], "nanpercentile(&a0, 90.0, None, false, QuantileMethod::Linear)", "np.nanpercentile(a0, 90.0)")
case("nanpercentiles_int", [np.arange(10, dtype=np.int64).reshape(2, 5)], "nanpercentiles(&a0, &[25.0, 50.0], Some(0), true, QuantileMethod::Linear)", "np.nanpercentile(a0, [25.0, 50.0], axis=0, keepdims=True)")
case("digitize", [f8(0.2, 6.4, 3.0, 1.6, -1.0, 10.0), f8(0.0, 1.0, 2.5, 4.0, 10.0)], "digitize(&a0, &a1, false)", "np.digitize(a0, a1)")
case("digitize_right", [f8(0.2, 6.4, 3.0, 1.0, -1.0, 10.0), f8(0.0, 1.0, 2.5, 4.0, 10.0)], "digitize(&a0, &a1, true)", "np.digitize(a0, a1, right=True)")
case("digitize_decreasing", [A([[1, 5], [7, 2]], dtype=np.int64), i8(6, 4, 2, 0)], "digitize(&a0, &a1, false)", "np.digitize(a0, a1)")
case("digitize_decreasing_right", [i8(1, 4, 6, 2), i8(6, 4, 2, 0)], "digitize(&a0, &a1, true)", "np.digitize(a0, a1, right=True)")
case("histogram2d", [f8(0.0, 0.5, 1.0, 0.2, 0.9, 0.3), f8(1.0, 2.0, 3.0, 1.5, 2.9, 2.0)], "{ let (h, x, y) = histogram2d(&a0, &a1, Bins::Count(3, None), Bins::Count(2, None), None, false)?; vec![h, x, y] }", "list(np.histogram2d(a0, a1, bins=(3, 2)))", kind="many")
case("histogram2d_density_range", [f8(0.0, 0.5, 1.0, 0.2, 0.9, 5.0), f8(1.0, 2.0, 3.0, 1.5, 2.9, 2.0)], "{ let (h, x, y) = histogram2d(&a0, &a1, Bins::Count(2, Some((0.0, 1.0))), Bins::Count(2, Some((1.0, 3.0))), None, true)?; vec![h, x, y] }", "list(np.histogram2d(a0, a1, bins=2, range=[[0, 1], [1, 3]], density=True))", kind="many")
case("histogramdd_weights", [A([[0.0, 0.0, 1.0], [1.0, 1.0, 0.5], [1.0, 0.0, 0.0], [0.5, 0.5, 0.5]]), f8(1.0, 2.0, 0.5, 4.0)], "{ let (h, e) = histogramdd(&a0, &[Bins::Count(2, None), Bins::Count(2, None), Bins::Count(1, None)], Some(&a1), false)?; let mut v = vec![h]; v.extend(e); v }", "(lambda r: [r[0]] + list(r[1]))(np.histogramdd(a0, bins=(2, 2, 1), weights=a1))", kind="many")
case("histogramdd_edges", [A([[0.0, 0.0], [1.0, 1.0], [1.0, 0.0], [0.5, 3.0]]), f8(0.0, 0.5, 2.0), f8(-1.0, 1.0)], "{ let (h, e) = histogramdd(&a0, &[Bins::Edges(a1.clone()), Bins::Edges(a2.clone())], None, false)?; let mut v = vec![h]; v.extend(e); v }", "(lambda r: [r[0]] + list(r[1]))(np.histogramdd(a0, bins=(a1, a2)))", kind="many")

# ---- creation
case("logspace", [], "logspace(0.0, 3.0, 4, true, 10.0, None, d)", "np.logspace(0.0, 3.0, 4)")
case("logspace_base2_noend", [], "logspace(1.0, 4.0, 5, false, 2.0, Some(DType::Float32), d)", "np.logspace(1.0, 4.0, 5, endpoint=False, base=2.0, dtype=np.float32)")
case("geomspace", [], "geomspace(1.0, 1000.0, 4, true, None, d)", "np.geomspace(1.0, 1000.0, 4)")
case("geomspace_neg", [], "geomspace(-1000.0, -1.0, 7, false, None, d)", "np.geomspace(-1000.0, -1.0, 7, endpoint=False)")
case("geomspace_odd", [], "geomspace(2.0, 7.0, 6, true, None, d)", "np.geomspace(2.0, 7.0, 6)")
case("mgrid_int", [], "mgrid(&[GridRange::Step(0.0, 3.0, 1.0), GridRange::Step(1.0, 5.0, 2.0)], d)", "np.mgrid[0:3, 1:5:2]")
case("mgrid_num", [], "mgrid(&[GridRange::Num(-1.0, 1.0, 3), GridRange::Step(0.0, 1.0, 0.5)], d)", "np.mgrid[-1:1:3j, 0:1:0.5]")
case("ogrid", [], "ogrid(&[GridRange::Step(0.0, 3.0, 1.0), GridRange::Num(0.0, 1.0, 5)], d)", "list(np.ogrid[0:3, 0:1:5j])", kind="many")
case("diagflat", [A([[1, 2], [3, 4]], dtype=np.int64)], "diagflat(&a0, -1)", "np.diagflat(a0, -1)")
case("vander", [i8(1, 2, 3, 5)], "vander(&a0, None, false)", "np.vander(a0)")
case("vander_inc_n", [f8(1.5, -2.0)], "vander(&a0, Some(4), true)", "np.vander(a0, 4, increasing=True)")
case("vander_i32", [A([2, 3], dtype=np.int32)], "vander(&a0, Some(3), false)", "np.vander(a0, 3)")
case("fromfunction", [], "fromfunction(|g| crate::ops::add(&crate::ops::multiply(&g[0], 10.0)?, &g[1]), &[2, 3], d)", "np.fromfunction(lambda i, j: i * 10.0 + j, (2, 3))")

# ---- windows
for m in [0, 1, 5, 8]:
    for w in ["hanning", "hamming", "blackman", "bartlett"]:
        case(f"{w}_{m}", [], f"{w}({m}, d)", f"np.{w}({m})", tol=1e-14, group="windows")
for m, b in [(1, 2.0), (6, 0.0), (7, 5.0), (12, 14.0)]:
    case(f"kaiser_{m}_{int(b)}", [], f"kaiser({m}, {b}, d)", f"np.kaiser({m}, {b})", tol=1e-12, group="windows")

# ---- polynomials
case("polyval", [i8(3, 0, 1), A([[5, 1], [0, -2]], dtype=np.int64)], "polyval(&a0, &a1)", "np.polyval(a0, a1)")
case("polyval_float", [f8(1.5, -2.0, 0.25), f8(0.5, 2.0)], "polyval(&a0, &a1)", "np.polyval(a0, a1)")
case("polyadd", [i8(1, 2), i8(9, 5, 4)], "polyadd(&a0, &a1)", "np.polyadd(a0, a1)")
case("polysub", [f8(2.0, 10.0, -2.0), i8(3, 10, -4, 1)], "polysub(&a0, &a1)", "np.polysub(a0, a1)")
case("polymul", [i8(1, 2, 3), i8(9, 5, 1)], "polymul(&a0, &a1)", "np.polymul(a0, a1)")
case("polydiv", [f8(3.0, 5.0, 2.0), f8(2.0, 1.0)], "{ let (q, r) = polydiv(&a0, &a1)?; vec![q, r] }", "list(np.polydiv(a0, a1))", kind="many")
case("polydiv_exact", [f8(1.0, -3.0, 2.0), f8(1.0, -1.0)], "{ let (q, r) = polydiv(&a0, &a1)?; vec![q, r] }", "list(np.polydiv(a0, a1))", kind="many")
case("polydiv_short", [f8(1.0, 2.0), f8(1.0, 1.0, 1.0)], "{ let (q, r) = polydiv(&a0, &a1)?; vec![q, r] }", "list(np.polydiv(a0, a1))", kind="many")
case("polyder", [i8(1, 1, 1, 1)], "polyder(&a0, 2)", "np.polyder(a0, 2)")
case("polyder_float", [f8(0.5, -1.0, 3.0)], "polyder(&a0, 1)", "np.polyder(a0)")
case("polyint", [f8(3.0, 2.0, 1.0)], "polyint(&a0, 1, &[])", "np.polyint(a0)")
case("polyint_m2_k", [i8(6, 2)], "polyint(&a0, 2, &[1.0, 2.0])", "np.polyint(a0, 2, k=[1.0, 2.0])")
case("poly", [f8(1.0, 2.0, -3.0)], "poly(&a0)", "np.poly(a0)")
case("poly_conj", [A([1 + 1j, 1 - 1j, 2])], "poly(&a0)", "np.poly(a0)")
case("poly_complex", [A([1j, 2])], "poly(&a0)", "np.poly(a0)")
case("polyfit_line", [f8(0.0, 1.0, 2.0, 3.0, 4.0), f8(1.1, 2.9, 5.2, 7.1, 8.8)], "polyfit(&a0, &a1, 1, None)", "np.polyfit(a0, a1, 1)", tol=1e-10)
case("polyfit_cubic", [np.linspace(-2, 3, 9), np.sin(np.linspace(-2, 3, 9))], "polyfit(&a0, &a1, 3, None)", "np.polyfit(a0, a1, 3)", tol=1e-9)
case("polyfit_2d_w", [f8(0.0, 1.0, 2.0, 3.0), A([[1.0, 0.0], [2.5, 1.0], [5.0, 4.0], [10.0, 9.5]]), f8(1.0, 2.0, 1.0, 0.5)], "polyfit(&a0, &a1, 2, Some(&a2))", "np.polyfit(a0, a1, 2, w=a2)", tol=1e-10)

# ---- Rust emission
RD = {np.float64: ("f64", "Float64"), np.float32: ("f32", "Float32"), np.int64: ("i64", "Int64"),
      np.int32: ("i32", "Int32"), np.int16: ("i16", "Int16"), np.int8: ("i8", "Int8"), np.uint8: ("u8", "UInt8"),
      np.uint16: ("u16", "UInt16"), np.uint32: ("u32", "UInt32"), np.uint64: ("u64", "UInt64"),
      np.bool_: ("bool", "Bool"), np.complex128: ("Complex64", "Complex128"), np.complex64: ("Complex32", "Complex64")}


def flit(x, t):
    if np.isnan(x):
        return f"{t}::NAN"
    if np.isinf(x):
        return f"{t}::INFINITY" if x > 0 else f"{t}::NEG_INFINITY"
    return repr(float(x))


def lit(v, t):
    """A literal of the Rust element type `t` (the slice it stands in is typed, so no suffix)."""
    if t == "bool":
        return "true" if v else "false"
    if t in ("f64", "f32"):
        return flit(v, t)
    if t in ("Complex64", "Complex32"):
        ft = "f64" if t == "Complex64" else "f32"
        return f"{t}::new({lit(v.real, ft)}, {lit(v.imag, ft)})"
    return str(int(v))


def rust_array(name, a):
    t, _ = RD[a.dtype.type]
    vals = ", ".join(lit(v, t) for v in a.ravel())
    shape = "()" if a.ndim == 0 else f"&{list(a.shape)}"
    return f"let {name} = arr::<{t}>(&[{vals}], {shape}, d)?;"


def want(a):
    """The arguments of chk after the result: values, imaginary parts, shape, dtype."""
    a = np.asarray(a)
    _, dn = RD[a.dtype.type]
    vals = lambda x: ", ".join(flit(v, "f64") for v in x.ravel().astype(np.float64))
    im = f"Some(&[{vals(a.imag)}])" if a.dtype.kind == "c" else "None"
    return f"&[{vals(a.real)}], {im}, &{list(a.shape)}, DType::{dn}"


out = ["""//! NumPy's answers for the routines (generated by `crates/cuprum-core/tests-gen/gen_routines_tests.py`
//! with numpy """ + np.__version__ + """; do not edit by hand), on every device.
#![allow(clippy::excessive_precision, clippy::approx_constant, clippy::unreadable_literal)]

use super::test_support::{arr, chk, np_test};
use crate::indexing::IndexMode;
use crate::ops::BinaryOp;
use crate::test_util::all_devices;
use crate::*;
"""]
groups = {}
for (name, inputs, rust, py, kind, tol, group) in CASES:
    env = {"np": np}
    ins = [np.array(a, copy=True) for a in inputs]
    for k, a in enumerate(ins):
        env[f"a{k}"] = np.array(a, copy=True)
    res = eval(py, env)
    body = [rust_array(f"a{k}", a) for k, a in enumerate(ins)]
    t = repr(float(tol)) if tol is not None else "0.0"
    if group is not None:
        if group not in groups:
            out.append(f'np_test! {{ np_{group}, "{group}", |d|\n}}\n')
            groups[group] = (len(out) - 1, [])
        at, held = groups[group]
        same = lambda a, b: a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")
        lines = [b for k, b in enumerate(body) if k >= len(held) or not same(ins[k], held[k])]
        if kind == "one":
            lines.append(f'chk("{name}", &{rust}?, {want(res)}, {t});')
        else:
            assert kind == "inplace"
            lines += [f"{rust}?;", f'chk("{name}", &a0, {want(env["a0"])}, {t});']
        held = [env["a0"] if kind == "inplace" and k == 0 else a for k, a in enumerate(ins)]
        groups[group] = (at, held)
        head, tail = out[at].rsplit("}", 1)
        out[at] = head + "".join(f"    {b}\n" for b in lines) + "}" + tail
        continue
    if kind == "one" and rust.startswith("{"):
        body.append(f"let r = {rust}?;")
        body.append(f'chk("{name}", &r, {want(res)}, {t});')
    elif kind == "one":
        body.append(f'chk("{name}", &{rust}?, {want(res)}, {t});')
    elif kind == "many":
        body.append(f"let r: Vec<Array> = {rust};" if rust.startswith("{") else f"let r: Vec<Array> = {rust}?;")
        body.append(f'assert_eq!(r.len(), {len(res)}, "{name}: count");')
        for j, x in enumerate(res):
            body.append(f'chk("{name}[{j}]", &r[{j}], {want(x)}, {t});')
    elif kind == "inplace":
        body.append(f"{rust}?;")
        body.append(f'chk("{name}", &a0, {want(env["a0"])}, {t});')
    out.append(f'np_test! {{ np_{name}, "{name}", |d|')
    out.extend("    " + b for b in body)
    out.append("}")
    out.append("")
print("\n".join(out))
