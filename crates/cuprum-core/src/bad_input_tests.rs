//! Issue 22 item 9: a table of bad calls across core's public API. Each row asserts the error
//! variant and that the message names the operation and the offending values; every row runs
//! on every device. No row may panic, abort or allocate what it was asked for.

use crate::index::SliceItem;
use crate::indexing::{IndexItem, IndexMode};
use crate::manip::{self, PadMode};
use crate::random::Generator;
use crate::reduce::Axes;
use crate::test_util::all_devices;
use crate::{Array, DType, Device, Error, Result, ops};

/// The variant's name, for the table.
fn variant(e: &Error) -> &'static str {
    #[allow(unreachable_patterns)]
    match e {
        Error::ShapeMismatch { .. } => "ShapeMismatch",
        Error::Broadcast { .. } => "Broadcast",
        Error::DType { .. } => "DType",
        Error::DTypeMismatch { .. } => "DTypeMismatch",
        Error::DeviceMismatch { .. } => "DeviceMismatch",
        Error::AxisOutOfBounds { .. } => "AxisOutOfBounds",
        Error::IndexOutOfBounds { .. } => "IndexOutOfBounds",
        Error::InvalidIndex { .. } => "InvalidIndex",
        Error::InvalidValue { .. } => "InvalidValue",
        Error::BadArgument { .. } => "BadArgument",
        Error::OutOfDomain { .. } => "OutOfDomain",
        Error::BadShape { .. } => "BadShape",
        Error::Overflow { .. } => "Overflow",
        Error::OutOfMemory { .. } => "OutOfMemory",
        Error::TooBig { .. } => "TooBig",
        Error::Npy { .. } => "Npy",
        Error::Io { .. } => "Io",
        Error::Unsupported { .. } => "Unsupported",
        _ => "other",
    }
}

type Call = Box<dyn Fn(Device) -> Result<()>>;

struct Row {
    call: &'static str,
    variant: &'static str,
    needles: &'static [&'static str],
    run: Call,
}

macro_rules! row {
    ($call:expr, $variant:expr, [$($n:expr),* $(,)?], |$d:ident| $body:expr) => {
        Row {
            call: $call,
            variant: $variant,
            needles: &[$($n),*],
            run: Box::new(move |$d: Device| -> Result<()> {
                #[allow(clippy::let_unit_value)]
                let _ = $body?;
                Ok(())
            }),
        }
    };
}

/// A `[2^33, 1]` and a `[2^33]` broadcast view of one float64 element on `d`, whose broadcast
/// together (`[2^33, 2^33]`) is too big.
fn huge_column_and_row(d: Device) -> (Array, Array) {
    let a = f64s(&[1], d)
        .reshape(&[1, 1])
        .unwrap()
        .broadcast_to(&[1usize << 33, 1])
        .unwrap();
    let b = f64s(&[1], d).broadcast_to(&[1usize << 33]).unwrap();
    (a, b)
}

fn f64s(shape: &[usize], d: Device) -> Array {
    let n: usize = shape.iter().product();
    Array::from_vec_on((0..n).map(|i| i as f64).collect::<Vec<_>>(), shape, d).unwrap()
}

fn i64s(v: &[i64], d: Device) -> Array {
    Array::from_slice_on(v, &[v.len()], d).unwrap()
}

fn rows() -> Vec<Row> {
    use DType::*;
    const BIG: usize = 1 << 40;
    vec![
        // ---- item 2: sizes that overflow are "array is too big"
        row!(
            "zeros([2^40, 2^40], f64)",
            "TooBig",
            [
                "zeros",
                "array is too big",
                "[1099511627776, 1099511627776]",
                "8-byte"
            ],
            |d| crate::zeros_on(&[BIG, BIG], Float64, d)
        ),
        row!(
            "empty([2^40, 2^40], f64)",
            "TooBig",
            ["empty", "[1099511627776, 1099511627776]"],
            |d| crate::empty_on(&[BIG, BIG], Float64, d)
        ),
        row!(
            "ones([2^62, 4], i8)",
            "TooBig",
            ["ones", "array is too big"],
            |d| crate::ones_on(&[1usize << 62, 4], Int8, d)
        ),
        row!(
            "full([2^40, 2^40, 0] ...)",
            "TooBig",
            ["full", "[1099511627776, 1099511627776, 0]"],
            |d| crate::full_on(&[BIG, BIG, 0], 1.0, None, d)
        ),
        row!(
            "Generator::random([2^40, 2^40])",
            "TooBig",
            ["random", "array is too big"],
            |d| Generator::new(1).random_on(&[BIG, BIG], Float64, d)
        ),
        row!(
            "Generator::normal([2^63, 2])",
            "TooBig",
            ["normal", "[9223372036854775808, 2]"],
            |d| Generator::new(1).normal_on(0.0, 1.0, &[1usize << 63, 2], Float32, d)
        ),
        row!(
            "broadcast_to([2^32, 2^32, 2])",
            "TooBig",
            ["broadcast_to", "[4294967296, 4294967296, 2]"],
            |d| f64s(&[2], d).broadcast_to(&[1usize << 32, 1usize << 32, 2])
        ),
        row!(
            "broadcast_arrays",
            "TooBig",
            ["broadcast_arrays", "array is too big"],
            |d| {
                let (a, b) = huge_column_and_row(d);
                crate::broadcast_arrays(&[&a, &b])
            }
        ),
        row!(
            "add(broadcast [2^33,1] + [2^33])",
            "TooBig",
            ["add", "array is too big"],
            |d| {
                let (a, b) = huge_column_and_row(d);
                ops::add(&a, &b)
            }
        ),
        row!(
            "reshape(0-size, [0, 2^40, 2^40])",
            "TooBig",
            ["reshape", "[0, 1099511627776, 1099511627776]"],
            |d| f64s(&[0], d).reshape(&[0usize, 1 << 40, 1 << 40])
        ),
        row!(
            "tile([2], [2^62, 4])",
            "TooBig",
            ["broadcast_to", "array is too big"],
            |d| manip::tile(&f64s(&[2], d), &[1usize << 62, 4])
        ),
        row!(
            "repeat([3], [2^62])",
            "TooBig",
            ["repeat", "array is too big"],
            |d| manip::repeat(&f64s(&[3], d), &[1 << 62], None)
        ),
        row!(
            "pad([2], usize::MAX)",
            "TooBig",
            ["pad", "array is too big"],
            |d| manip::pad(&f64s(&[2], d), &[(usize::MAX, 0)], PadMode::Edge)
        ),
        row!(
            "eye(2^40)",
            "TooBig",
            ["eye", "[1099511627776, 1099511627776]"],
            |d| crate::eye_on(BIG, None, 0, Float64, d)
        ),
        row!("tri(2^40)", "TooBig", ["tri", "array is too big"], |d| {
            crate::tri_on(BIG, None, 0, Float64, d)
        }),
        row!(
            "from_vec(empty, [2^32, 2^32])",
            "TooBig",
            ["from_vec", "array is too big"],
            |d| Array::from_vec_on(Vec::<f64>::new(), &[1usize << 32, 1 << 32], d)
        ),
        row!(
            "from_bytes(empty, [2^62, 4])",
            "TooBig",
            ["from_bytes", "array is too big"],
            |d| Array::from_bytes_on(&[], &[1usize << 62, 4], Int32, d)
        ),
        // ---- item 3: no capacity-overflow panics, no allocation aborts
        row!(
            "zeros([usize::MAX])",
            "TooBig",
            ["zeros", "18446744073709551615"],
            |d| crate::zeros_on(&[usize::MAX], Float64, d)
        ),
        row!(
            "arange(0, i64::MAX, 1)",
            "TooBig",
            ["arange", "[9223372036854775807]"],
            |d| crate::arange_on(0, i64::MAX, 1, None, d)
        ),
        row!(
            "arange(0.0, 1e300, 1.0)",
            "OutOfDomain",
            ["arange", "(start, stop, step) = (0, 1000", "isize::MAX"],
            |d| crate::arange_on(0.0, 1e300, 1.0, None, d)
        ),
        row!(
            "linspace(0, 1, usize::MAX)",
            "TooBig",
            ["linspace", "[18446744073709551615]"],
            |d| crate::linspace_on(0.0, 1.0, usize::MAX, true, None, d)
        ),
        row!(
            "permutation(2^62)",
            "TooBig",
            ["permutation", "[4611686018427387904]"],
            |d| Generator::new(0).permutation_on(1 << 62, d)
        ),
        row!(
            "choice(2^62, replace=false)",
            "TooBig",
            ["choice", "array is too big"],
            |d| Generator::new(0).choice_on(1 << 62, &[2], false, d)
        ),
        row!(
            "histogram(bins=2^60)",
            "TooBig",
            ["histogram", "[1152921504606846977]"],
            |d| crate::histogram(&f64s(&[4], d), 1 << 60, None, None, false)
        ),
        row!(
            "bincount(max = i64::MAX)",
            "TooBig",
            ["bincount", "array is too big"],
            |d| crate::bincount(&i64s(&[i64::MAX], d), None, 0)
        ),
        row!(
            "zeros([2^20, 2^20], f64): 8 TiB",
            "OutOfMemory",
            ["out of memory", "8796093022208 bytes requested"],
            |d| crate::zeros_on(&[1 << 20, 1 << 20], Float64, d)
        ),
        row!(
            "linspace(0, 1, 2^50)",
            "OutOfMemory",
            ["out of memory", "9007199254740992 bytes requested"],
            |d| crate::linspace_on(0.0, 1.0, 1 << 50, true, None, d)
        ),
        row!(
            "array_split(a, 2^62)",
            "TooBig",
            ["array_split", "array is too big"],
            |d| manip::array_split(&f64s(&[3], d), 1usize << 62, 0)
        ),
        // ---- creation
        row!(
            "full(300, int8)",
            "Overflow",
            ["full", "300", "int8"],
            |d| crate::full_on(&[2], 300, Some(Int8), d)
        ),
        row!(
            "arange(step 0)",
            "BadArgument",
            ["arange", "step = 0"],
            |d| crate::arange_on(0, 5, 0, None, d)
        ),
        row!(
            "arange(bool, len 5)",
            "DType",
            ["arange", "bool", "5"],
            |d| crate::arange_on(0, 5, 1, Some(Bool), d)
        ),
        row!(
            "from_vec(3 values, [2, 2])",
            "ShapeMismatch",
            ["from_vec", "[3]", "[2, 2]"],
            |d| Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[2, 2], d)
        ),
        row!(
            "to_vec::<f32> of f64",
            "DTypeMismatch",
            ["to_vec", "float64", "float32"],
            |d| f64s(&[2], d).to_vec::<f32>()
        ),
        row!("item of size 3", "BadShape", ["item", "[3]"], |d| f64s(
            &[3],
            d
        )
        .item()),
        // ---- ufuncs
        row!("add([3], [4])", "Broadcast", ["add", "[3]", "[4]"], |d| {
            ops::add(&f64s(&[3], d), &f64s(&[4], d))
        }),
        row!(
            "bitwise_and(f64)",
            "DType",
            ["bitwise_and", "float64"],
            |d| ops::bitwise_and(&f64s(&[3], d), &f64s(&[3], d))
        ),
        row!(
            "power(int, -1)",
            "OutOfDomain",
            ["power", "x2 = a negative integer"],
            |d| ops::power(&i64s(&[2, 3], d), -1i64)
        ),
        row!("add_out(int32 out, 1.5)", "DType", ["add", "int32"], |d| {
            let o = crate::zeros_on(&[2], Int32, d).unwrap();
            ops::add_out(&o, 1.5, &o)
        }),
        row!("add_out(out [3], [4])", "Broadcast", ["add", "[4]"], |d| {
            let o = crate::zeros_on(&[3], Float64, d).unwrap();
            ops::add_out(&f64s(&[4], d), 1.0, &o)
        }),
        row!("add(int8, 300)", "Overflow", ["add", "300", "int8"], |d| {
            ops::add(&crate::zeros_on(&[2], Int8, d).unwrap(), 300i64)
        }),
        // ---- reductions
        row!(
            "sum(axis 2) of 2-d",
            "AxisOutOfBounds",
            ["sum", "axis 2", "dimension 2"],
            |d| f64s(&[2, 3], d).sum(2isize, false)
        ),
        row!(
            "max of empty",
            "BadShape",
            ["max", "a has shape [0]", "zero-size array"],
            |d| f64s(&[0], d).max(Axes::All, false)
        ),
        row!(
            "argmin of empty",
            "BadShape",
            ["argmin", "a has shape [0]", "empty"],
            |d| f64s(&[0], d).argmin(Axes::All, false)
        ),
        row!(
            "sum(axes [0, 0])",
            "BadArgument",
            ["sum", "axis = [0, 0]"],
            |d| f64s(&[2, 3], d).sum(Axes::Many(vec![0, 0]), false)
        ),
        row!(
            "cumsum(axis -3)",
            "AxisOutOfBounds",
            ["cumsum", "-3"],
            |d| f64s(&[2, 3], d).cumsum(Some(-3))
        ),
        // ---- indexing
        row!(
            "get([5]) of [3]",
            "IndexOutOfBounds",
            ["5", "size 3"],
            |d| f64s(&[3], d).get(&[5])
        ),
        row!("slice step 0", "InvalidIndex", ["step"], |d| f64s(&[3], d)
            .slice(&[SliceItem::Slice {
                start: None,
                stop: None,
                step: 0
            }])),
        row!(
            "too many indices",
            "InvalidIndex",
            ["too many indices"],
            |d| f64s(&[3], d).slice(&[SliceItem::Index(0), SliceItem::Index(0)])
        ),
        row!(
            "parse_expr(\"[1:2\")",
            "InvalidIndex",
            ["parse_expr", "[1:2"],
            |_d| SliceItem::parse_expr("[1:2")
        ),
        row!(
            "take(index 7) of [3]",
            "IndexOutOfBounds",
            ["take", "7", "size 3"],
            |d| crate::take(&f64s(&[3], d), &i64s(&[7], d), None, IndexMode::Raise)
        ),
        row!("take(axis 3)", "AxisOutOfBounds", ["take", "axis 3"], |d| {
            crate::take(&f64s(&[3], d), &i64s(&[0], d), Some(3), IndexMode::Raise)
        }),
        row!(
            "getitem bool mask [2] of [5]",
            "ShapeMismatch",
            ["getitem", "[2]", "[5]"],
            |d| f64s(&[5], d).getitem(&[IndexItem::Array(
                Array::from_vec_on(vec![true, false], &[2], d).unwrap()
            )])
        ),
        row!(
            "put(index -9) of [3]",
            "IndexOutOfBounds",
            ["put", "-9"],
            |d| crate::put(
                &f64s(&[3], d),
                &i64s(&[-9], d),
                &f64s(&[1], d),
                IndexMode::Raise
            )
        ),
        row!(
            "add_at(index 4) of [3]",
            "IndexOutOfBounds",
            ["add.at", "4"],
            |d| crate::add_at(
                &f64s(&[3], d),
                &[IndexItem::Array(i64s(&[4], d))],
                &f64s(&[1], d)
            )
        ),
        row!(
            "take_along_axis ndim",
            "ShapeMismatch",
            ["take_along_axis", "1 dimensions", "[2, 3]"],
            |d| crate::take_along_axis(&f64s(&[2, 3], d), &i64s(&[0], d), 0)
        ),
        // ---- manipulation
        row!(
            "reshape([6] -> [4, -1])",
            "ShapeMismatch",
            ["reshape", "size 6", "[4, -1]"],
            |d| f64s(&[6], d).reshape(&[4, -1])
        ),
        row!(
            "reshape(two -1)",
            "BadArgument",
            ["reshape", "shape = [-1, -1]"],
            |d| { f64s(&[6], d).reshape(&[-1, -1]) }
        ),
        row!(
            "reshape(negative)",
            "BadArgument",
            ["reshape", "shape = [-2, 3]"],
            |d| f64s(&[6], d).reshape(&[-2, 3])
        ),
        row!(
            "concatenate([2,3],[2,4], axis 0)",
            "ShapeMismatch",
            ["concatenate"],
            |d| manip::concatenate(&[&f64s(&[2, 3], d), &f64s(&[2, 4], d)], 0)
        ),
        row!(
            "concatenate([])",
            "BadArgument",
            ["concatenate", "arrays = an empty sequence"],
            |_d| { manip::concatenate(&[], 0) }
        ),
        row!(
            "stack([2],[3])",
            "ShapeMismatch",
            ["stack", "[2]", "[3]"],
            |d| manip::stack(&[&f64s(&[2], d), &f64s(&[3], d)], 0)
        ),
        row!(
            "split(5 into 2)",
            "ShapeMismatch",
            ["split", "5 into 2"],
            |d| manip::split(&f64s(&[5], d), 2usize, 0)
        ),
        row!(
            "permute_dims([0, 0])",
            "BadArgument",
            ["axes = [0, 0]", "axis 0 is repeated"],
            |d| f64s(&[2, 3], d).permute_dims(&[0, 0])
        ),
        row!("swapaxes(0, 5)", "AxisOutOfBounds", ["5"], |d| f64s(
            &[2, 3],
            d
        )
        .swapaxes(0, 5)),
        row!(
            "squeeze(axis of length 3)",
            "BadArgument",
            ["squeeze", "axis = 1"],
            |d| f64s(&[2, 3], d).squeeze(Some(&[1]))
        ),
        row!(
            "pad(3 pairs for 2-d)",
            "BadArgument",
            ["pad", "pad_width = 3 ", "dimension 2"],
            |d| manip::pad(&f64s(&[2, 2], d), &[(1, 1); 3], PadMode::Edge)
        ),
        row!(
            "repeat(negative)",
            "BadArgument",
            ["repeat", "repeats = [-1]"],
            |d| { manip::repeat(&f64s(&[3], d), &[-1], None) }
        ),
        row!("diff(axis 4)", "AxisOutOfBounds", ["diff", "4"], |d| {
            manip::diff(&f64s(&[3], d), 1, 4)
        }),
        row!(
            "matmul([3,4],[5,2])",
            "ShapeMismatch",
            ["matmul", "[3, 4]", "[5, 2]"],
            |d| crate::matmul(&f64s(&[3, 4], d), &f64s(&[5, 2], d))
        ),
        row!(
            "einsum bad label count",
            "BadArgument",
            ["einsum", "subscripts = \"ij,jk->ik\""],
            |d| { crate::einsum("ij,jk->ik", &[&f64s(&[3, 4], d)]) }
        ),
        // ---- sort
        row!("sort(axis 2)", "AxisOutOfBounds", ["sort", "2"], |d| {
            crate::sort(&f64s(&[3], d), Some(2))
        }),
        row!(
            "partition(kth 5) of [3]",
            "OutOfDomain",
            ["partition", "kth = 5"],
            |d| crate::partition(&f64s(&[3], d), &[5], None)
        ),
        row!(
            "searchsorted(2-d a)",
            "BadShape",
            ["searchsorted", "a has shape [2, 2]"],
            |d| crate::searchsorted(&f64s(&[2, 2], d), &f64s(&[1], d), crate::Side::Left, None)
        ),
        // ---- random
        row!("random(int64)", "DType", ["random", "int64"], |d| {
            Generator::new(0).random_on(&[3], Int64, d)
        }),
        row!(
            "integers(5, 5)",
            "BadArgument",
            ["integers", "high = 5", "low = 5"],
            |d| { Generator::new(0).integers_on(5, 5, &[3], Int64, d) }
        ),
        row!(
            "normal(scale -1)",
            "OutOfDomain",
            ["normal", "scale = -1"],
            |d| { Generator::new(0).normal_on(0.0, -1.0, &[3], Float64, d) }
        ),
        row!(
            "poisson(lam -1)",
            "OutOfDomain",
            ["poisson", "lam = -1"],
            |d| { Generator::new(0).poisson_on(-1.0, &[3], Int64, d) }
        ),
        row!(
            "choice(3, size 5, no replace)",
            "BadArgument",
            ["choice", "size = [5]", "at most 3"],
            |d| Generator::new(0).choice_on(3, &[5], false, d)
        ),
        row!(
            "shuffle(0-d)",
            "BadShape",
            ["shuffle", "x has shape []"],
            |d| { Generator::new(0).shuffle(&Array::scalar_on(1.0f64, d).unwrap()) }
        ),
        // ---- stats
        row!(
            "quantile(q 1.5)",
            "OutOfDomain",
            ["quantile", "q = 1.5"],
            |d| crate::quantile(
                &f64s(&[4], d),
                1.5,
                None,
                false,
                crate::QuantileMethod::Linear
            )
        ),
        row!(
            "histogram(bins 0)",
            "BadArgument",
            ["histogram", "bins = 0"],
            |d| crate::histogram(&f64s(&[4], d), 0, None, None, false)
        ),
        row!(
            "histogram(range (2, 1))",
            "BadArgument",
            ["histogram", "range = (2, 1)"],
            |d| crate::histogram(&f64s(&[4], d), 3, Some((2.0, 1.0)), None, false)
        ),
        row!(
            "bincount(negative)",
            "OutOfDomain",
            ["bincount", "x = -1"],
            |d| crate::bincount(&i64s(&[1, -1], d), None, 0)
        ),
        row!("bincount(float)", "DType", ["bincount", "float64"], |d| {
            crate::bincount(&f64s(&[2], d), None, 0)
        }),
        row!(
            "cov(3-d)",
            "BadShape",
            ["cov", "m has shape [2, 2, 2]"],
            |d| crate::cov(&f64s(&[2, 2, 2], d), true, false, None)
        ),
        // ---- io
        row!(
            "from_npy_bytes(garbage)",
            "Npy",
            ["<bytes>", "bad magic"],
            |d| crate::npy::from_npy_bytes_on(b"PK\x03\x04", d)
        ),
        row!(
            "from_npy_bytes(i64::MAX dim)",
            "Npy",
            ["array is too big", "9223372036854775807"],
            |d| {
                crate::npy::from_npy_bytes_on(&npy(b"{'descr': '<f8', 'fortran_order': False, 'shape': (0, 9223372036854775807), }\n"), d)
            }
        ),
        row!(
            "from_npy_bytes(deep nesting)",
            "Npy",
            ["max_header_size"],
            |d| crate::npy::from_npy_bytes_on(
                &npy(format!("{{'shape': {}{}}}", "(".repeat(9000), ")".repeat(9000)).as_bytes()),
                d
            )
        ),
        row!(
            "load(missing file)",
            "Io",
            ["load", "cuprum_missing_dir"],
            |d| crate::npy::load_on("/nonexistent/cuprum_missing_dir/x.npy", d)
        ),
    ]
}

/// A version-2.0 `.npy` file with `header` and no data.
fn npy(header: &[u8]) -> Vec<u8> {
    let mut v = b"\x93NUMPY\x02\x00".to_vec();
    v.extend_from_slice(&(header.len() as u32).to_le_bytes());
    v.extend_from_slice(header);
    v
}

#[test]
fn bad_calls_give_named_errors_on_every_device() {
    let rows = rows();
    assert!(rows.len() >= 60, "{} rows", rows.len());
    let mut failures = Vec::new();
    for dev in all_devices() {
        for r in &rows {
            let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (r.run)(dev)));
            match out {
                Err(_) => failures.push(format!("{} on {dev}: panicked", r.call)),
                Ok(Ok(())) => failures.push(format!("{} on {dev}: succeeded", r.call)),
                Ok(Err(e)) => {
                    let (v, msg) = (variant(&e), e.to_string());
                    if v != r.variant {
                        failures.push(format!(
                            "{} on {dev}: {v} instead of {}: {msg}",
                            r.call, r.variant
                        ));
                    }
                    for n in r.needles {
                        if !msg.contains(n) {
                            failures.push(format!("{} on {dev}: {msg:?} lacks {n:?}", r.call));
                        }
                    }
                    assert!(
                        msg.len() < 1000,
                        "{}: {} bytes of message",
                        r.call,
                        msg.len()
                    );
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
