//! Helpers of the grid tests: reference values embedded as whitespace-separated text (Python's
//! `repr` of SciPy's float64 results, `nan` and `inf` included) or read from the tables of
//! `tests/data`, and a check of functions with several outputs on every device.

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex32, Complex64, DType, Device, Result};

/// The numbers of `s` (whitespace-separated; Rust's float syntax, which reads Python's `repr`).
pub fn parse(s: &str) -> Vec<f64> {
    s.split_whitespace()
        .map(|t| t.parse::<f64>().unwrap())
        .collect()
}

/// Whether `got` is within `rtol * |want| + atol` of `want`; NaN matches NaN and infinities
/// match exactly.
pub fn near(got: f64, want: f64, rtol: f64, atol: f64) -> bool {
    if want.is_nan() {
        return got.is_nan();
    }
    if want.is_infinite() {
        return got == want;
    }
    (got - want).abs() <= rtol * want.abs() + atol
}

/// A relative bound on each device: the CPU's, and a CUDA device's where CUDA's libm (its
/// `exp`, `log`, `pow`, `sin`, `cos` within 1 to 2 ulp, not correctly rounded) moves a result by
/// more, in regions where the function amplifies its steps' rounding. The CUDA bounds are the
/// table "On a CUDA device" of the crate docs: the worst element of an H100 run, rounded up.
#[derive(Clone, Copy, Debug)]
pub struct Rtol {
    /// The bound on the CPU.
    pub cpu: f64,
    /// The bound on a CUDA device.
    pub cuda: f64,
}

impl From<f64> for Rtol {
    fn from(r: f64) -> Self {
        Rtol { cpu: r, cuda: r }
    }
}

impl Rtol {
    /// `cpu` on the CPU and `cuda` on a CUDA device.
    pub fn cuda(cpu: f64, cuda: f64) -> Self {
        Rtol { cpu, cuda }
    }

    /// The bound on `dev`.
    pub fn on(self, dev: Device) -> f64 {
        match dev {
            Device::Cuda(_) => self.cuda,
            _ => self.cpu,
        }
    }
}

/// Runs `f` on the columns `xs` as arrays of dtype `dt` on every device and compares output `k`
/// (of dtype `dt`, on the device) with `want[k]` by [`near`].
pub fn check_outs(
    xs: &[&[f64]],
    want: &[&[f64]],
    dt: DType,
    rtol: impl Into<Rtol>,
    atol: f64,
    f: impl Fn(&[&Array]) -> Result<Vec<Array>>,
) {
    let bound = rtol.into();
    for dev in all_devices() {
        let rtol = bound.on(dev);
        let arrs: Vec<Array> = xs
            .iter()
            .map(|c| {
                Array::from_vec_on(c.to_vec(), &[c.len()], dev)
                    .unwrap()
                    .astype(dt)
                    .unwrap()
            })
            .collect();
        let refs: Vec<&Array> = arrs.iter().collect();
        let outs = f(&refs).unwrap();
        assert_eq!(outs.len(), want.len());
        for (k, (r, w)) in outs.iter().zip(want).enumerate() {
            assert_eq!(r.dtype(), dt, "{dev} output {k}");
            assert_eq!(r.device(), dev);
            let got = r.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap();
            assert_eq!(got.len(), w.len());
            let bad: Vec<usize> = (0..got.len())
                .filter(|&i| !near(got[i], w[i], rtol, atol))
                .collect();
            if let Some(&i) = worst(&bad, |i| excess(got[i], w[i], rtol, atol)) {
                panic!(
                    "{dev} {dt} output {k}: {} of {} elements outside rtol {rtol:e}, atol \
                     {atol:e}; the worst, element {i} (inputs {:?}): got {:e}, SciPy {:e}",
                    bad.len(),
                    got.len(),
                    xs.iter().map(|c| c[i]).collect::<Vec<_>>(),
                    got[i],
                    w[i]
                );
            }
        }
    }
}

/// [`check_outs`] of the one-output function `f`: against SciPy's float64 results `want` in
/// float64 within `rtol64` (atol 1e-300), and against its float32 results `want32` in float32
/// within `rtol32` (atol 1e-37).
pub fn check_f64_f32(
    xs: &[&[f64]],
    want: &[f64],
    want32: &[f64],
    rtol64: impl Into<Rtol>,
    rtol32: f64,
    f: impl Fn(&[&Array]) -> Result<Array>,
) {
    check_outs(xs, &[want], DType::Float64, rtol64, 1e-300, |a| {
        Ok(vec![f(a)?])
    });
    check_outs(xs, &[want32], DType::Float32, rtol32, 1e-37, |a| {
        Ok(vec![f(a)?])
    });
}

/// How far `got` is from `want` in units of the bound `rtol·|want| + atol` (infinite for a
/// NaN or infinity mismatch).
pub fn excess(got: f64, want: f64, rtol: f64, atol: f64) -> f64 {
    if want.is_nan() || want.is_infinite() || got.is_nan() {
        return f64::INFINITY;
    }
    (got - want).abs() / (rtol * want.abs() + atol)
}

/// The element of `bad` with the largest `score` (a failure message names the worst element,
/// and how many failed, rather than the first).
pub fn worst(bad: &[usize], score: impl Fn(usize) -> f64) -> Option<&usize> {
    bad.iter().max_by(|&&a, &&b| score(a).total_cmp(&score(b)))
}

/// One group of a reference table: the words of its header before the column count, the
/// argument columns and SciPy's values.
pub struct Group {
    pub labels: Vec<String>,
    pub cols: Vec<Vec<f64>>,
    pub want: Vec<f64>,
}

/// The groups of a reference table (`tests/data/*.txt`): `#` comment lines; a header line of
/// labels and the number of argument columns; indented lines of `;`-separated rows, each the
/// arguments and SciPy's value.
pub fn table(text: &str) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if !line.starts_with(' ') {
            let mut labels: Vec<String> = line.split_whitespace().map(String::from).collect();
            let ncols: usize = labels.pop().unwrap().parse().unwrap();
            out.push(Group {
                labels,
                cols: vec![Vec::new(); ncols],
                want: Vec::new(),
            });
            continue;
        }
        let g = out.last_mut().unwrap();
        for row in line.split(';') {
            let v = parse(row);
            let k = g.cols.len();
            assert_eq!(v.len(), k + 1, "row {row}");
            for (col, &x) in g.cols.iter_mut().zip(&v) {
                col.push(x);
            }
            g.want.push(v[k]);
        }
    }
    out
}

/// `f` on the columns `cols` as float64 arrays on `dev`, column `j` cast to `cast(j)` where
/// that is given.
pub fn run(
    cols: &[Vec<f64>],
    dev: Device,
    cast: impl Fn(usize) -> Option<DType>,
    f: impl Fn(&[&Array]) -> Result<Array>,
) -> Array {
    let arrs: Vec<Array> = cols
        .iter()
        .enumerate()
        .map(|(j, c)| {
            let a = Array::from_vec_on(c.clone(), &[c.len()], dev).unwrap();
            match cast(j) {
                Some(dt) => a.astype(dt).unwrap(),
                None => a,
            }
        })
        .collect();
    let refs: Vec<&Array> = arrs.iter().collect();
    f(&refs).unwrap()
}

/// The text of section `[name]` of a data file: the lines after the header up to the next
/// header or comment.
pub fn section<'a>(text: &'a str, name: &str) -> &'a str {
    let head = format!("[{name}]\n");
    let start = text.find(&head).map(|i| i + head.len());
    let start = start.unwrap_or_else(|| panic!("no section [{name}]"));
    let rest = &text[start..];
    let end = [rest.find("\n["), rest.find("\n#")]
        .into_iter()
        .flatten()
        .min()
        .map_or(rest.len(), |i| i + 1);
    &rest[..end]
}

/// The text of `tests/data/<file>.txt`.
pub fn data_file(file: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(format!("{file}.txt"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A one-output function's grid of `tests/data/<file>.txt`: the group, the argument columns
/// `[group.<arg>]`, the float64 tolerance (rtol, atol) against `[group.want]`, the float32 one
/// against `[group.want32]` (the arguments cast to float32), the function.
pub type Grid<'a> = (
    &'a str,
    &'a [&'a str],
    (f64, f64),
    (f64, f64),
    fn(&[&Array]) -> Result<Array>,
);

/// Runs the grids `gs` of `tests/data/<file>.txt` (see [`Grid`]) on every device.
pub fn check_grids(file: &str, gs: &[Grid<'_>]) {
    let text = data_file(file);
    for &(group, args, tol64, tol32, f) in gs {
        let col = |n: &str| parse(section(&text, &format!("{group}.{n}")));
        let xs: Vec<Vec<f64>> = args.iter().map(|n| col(n)).collect();
        let xr: Vec<&[f64]> = xs.iter().map(|c| c.as_slice()).collect();
        let (want, want32) = (col("want"), col("want32"));
        let g = |a: &[&Array]| Ok(vec![f(a)?]);
        check_outs(&xr, &[&want], DType::Float64, tol64.0, tol64.1, g);
        check_outs(&xr, &[&want32], DType::Float32, tol32.0, tol32.1, g);
    }
}

/// The values of a complex64 or complex128 array as complex128.
pub fn complex_values(r: &Array) -> Vec<Complex64> {
    if r.dtype() == DType::Complex64 {
        let v = r.to_vec::<Complex32>().unwrap();
        v.iter()
            .map(|c| Complex64::new(f64::from(c.re), f64::from(c.im)))
            .collect()
    } else {
        r.to_vec::<Complex64>().unwrap()
    }
}

/// The complex array (`re`, `im`) of dtype `dt` (complex64 or complex128) on `dev`.
pub fn complex_array(re: &[f64], im: &[f64], dt: DType, dev: Device) -> Array {
    let z: Vec<Complex64> = re
        .iter()
        .zip(im)
        .map(|(&a, &b)| Complex64::new(a, b))
        .collect();
    let a = Array::from_vec_on(z, &[re.len()], dev).unwrap();
    a.astype(dt).unwrap()
}

/// Each part of the complex `got` within `rtol |w| + atol` of (`wr`, `wi`) (NaN and infinities
/// exactly); `what(i)` names element `i` in the message.
pub fn check_complex(
    got: &[Complex64],
    (wr, wi): (&[f64], &[f64]),
    (rtol, atol): (f64, f64),
    what: impl Fn(usize) -> String,
) {
    assert_eq!(got.len(), wr.len());
    let tol = |i: usize| {
        let scale = wr[i].hypot(wi[i]);
        if scale.is_finite() {
            rtol * scale + atol
        } else {
            0.0
        }
    };
    let bad: Vec<usize> = (0..got.len())
        .filter(|&i| !(near(got[i].re, wr[i], 0.0, tol(i)) && near(got[i].im, wi[i], 0.0, tol(i))))
        .collect();
    let score =
        |i: usize| excess(got[i].re, wr[i], 0.0, tol(i)).max(excess(got[i].im, wi[i], 0.0, tol(i)));
    if let Some(&i) = worst(&bad, score) {
        panic!(
            "{} element {i} (the worst of {} of {} outside rtol {rtol:e}, atol {atol:e}): got \
             {}, SciPy {}{:+}j",
            what(i),
            bad.len(),
            got.len(),
            got[i],
            wr[i],
            wi[i]
        );
    }
}

/// Runs every group of a reference table (see [`table`]) on every device: `f(labels, arguments)`
/// must give a float64 result on the arguments' device within `tol(labels)` = (rtol, atol) of
/// the group's values, argument column `j` cast to `cast(labels, j)` where that is given.
/// Returns the numbers of groups and of values checked.
pub fn check_table(
    text: &str,
    cast: impl Fn(&[String], usize) -> Option<DType>,
    tol: impl Fn(&[String]) -> (f64, f64),
    f: impl Fn(&[String], &[&Array]) -> Result<Array>,
) -> (usize, usize) {
    let gs = table(text);
    let mut checked = 0;
    for dev in all_devices() {
        for g in &gs {
            let l = g.labels.as_slice();
            let r = run(&g.cols, dev, |j| cast(l, j), |c| f(l, c));
            assert_eq!((r.dtype(), r.device()), (DType::Float64, dev), "{l:?}");
            let (rtol, atol) = tol(l);
            let got = r.to_vec::<f64>().unwrap();
            for (i, (&gv, &w)) in got.iter().zip(&g.want).enumerate() {
                assert!(
                    near(gv, w, rtol, atol),
                    "{dev} {l:?} row {i} (inputs {:?}): got {gv:e}, SciPy {w:e}",
                    g.cols.iter().map(|c| c[i]).collect::<Vec<_>>()
                );
                checked += 1;
            }
        }
    }
    (gs.len(), checked)
}

/// The numbers of every section `[group.*]` of `tests/data/<file>.txt`, in the file's order
/// (`N` of them).
pub fn group<const N: usize>(file: &str, group: &str) -> [Vec<f64>; N] {
    let text = data_file(file);
    let prefix = format!("[{group}.");
    let names: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix(&prefix)?.strip_suffix(']'))
        .collect();
    assert_eq!(names.len(), N, "sections of {group} in {file}.txt");
    std::array::from_fn(|i| parse(section(&text, &format!("{group}.{}", names[i]))))
}

/// A function of a reference table: its group in the table, its number of arguments, the float64
/// rtol, the function.
pub type Case = (&'static str, usize, f64, fn(&[&Array]) -> Result<Array>);

/// Each function of `cases` on its columns `[f.x0]`, ... of `tests/data/<file>.txt` against
/// `[f.want]` ([`check_n`](super::check_n)) and on the columns as float32 against `[f.want32]`
/// ([`check_f32`](super::check_f32)).
pub fn check_cases(file: &str, cases: &[Case]) {
    let text = data_file(file);
    for &(f, nargs, rtol, func) in cases {
        eprintln!("{f}");
        let col = |n: &str| parse(section(&text, &format!("{f}.{n}")));
        let xs: Vec<Vec<f64>> = (0..nargs).map(|k| col(&format!("x{k}"))).collect();
        let (want, want32) = (col("want"), col("want32"));
        for x in &xs {
            assert_eq!(x.len(), want.len(), "{f}");
            assert_eq!(x.len(), want32.len(), "{f}");
        }
        let xr: Vec<&[f64]> = xs.iter().map(Vec::as_slice).collect();
        super::check_n(&xr, &want, rtol, func);
        super::check_f32(&xr, &want32, func);
    }
}
