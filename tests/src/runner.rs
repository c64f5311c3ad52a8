//! Running cases on devices, checking results, counting and reporting.

use crate::classify::{CaseError, Classification, ErrorClass};
use crate::compare::{self, ElementRule, Tol};
use crate::cx::{CaseCx, Input};
use crate::manifest::{Case, Check, Manifest};
use crate::values::HostArray;
use cuprum::{Array, Device};
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

/// The README's areas, in report order.
pub const AREAS: [&str; 17] = [
    "creation",
    "elementwise",
    "broadcasting",
    "indexing",
    "reduction",
    "sort",
    "matmul",
    "linalg",
    "fft",
    "sparse",
    "random-stats",
    "io",
    "kernel",
    "signal",
    "ndimage",
    "special",
    "interpolate",
];

/// The areas in which every case that runs must pass (a failure there fails
/// `tests/it/conformance.rs`): every area of [`AREAS`].
pub const EXPECTED_TO_PASS: [&str; 17] = AREAS;

/// The reason of the one skip that is not a failure: the machine has no CUDA device.
pub const NO_CUDA: &str = "this machine has no CUDA device";

/// What happened to one case on one device.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// the result matched
    Pass,
    /// the result did not match, or the wrong error, or a panic; the reason
    Fail(String),
    /// not run: the machine has no CUDA device ([`NO_CUDA`]); any other skip in an area of
    /// [`EXPECTED_TO_PASS`] counts as a failure ([`Report::failures_in`])
    Skip(String),
}

/// One case on one device.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// case id
    pub id: String,
    /// case area
    pub area: String,
    /// device it ran on
    pub device: Device,
    /// outcome
    pub outcome: Outcome,
}

/// Pass/fail/skip counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// passed
    pub passed: usize,
    /// failed
    pub failed: usize,
    /// skipped
    pub skipped: usize,
}

impl Counts {
    fn add(&mut self, o: &Outcome) {
        match o {
            Outcome::Pass => self.passed += 1,
            Outcome::Fail(_) => self.failed += 1,
            Outcome::Skip(_) => self.skipped += 1,
        }
    }
}

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// corpus directory ([`crate::manifest::default_dir`] by default)
    pub dir: PathBuf,
    /// devices to run every case on
    pub devices: Vec<Device>,
    /// only cases whose id contains this
    pub filter: Option<String>,
    /// when this machine has no CUDA device, count every case once more as skipped on
    /// `cuda:0` (DESIGN.md: "without a GPU, CUDA cases are skipped and counted as skipped")
    pub count_missing_cuda: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            dir: crate::manifest::default_dir(),
            devices: cuprum::devices(),
            filter: None,
            count_missing_cuda: true,
        }
    }
}

/// Parses a device filter: `cpu`, `cuda:N` (or `cuda` = `cuda:0`), or `all` (every device on
/// this machine).
///
/// # Errors
/// A message when the text is none of these, or names a CUDA device this machine lacks.
pub fn parse_devices(s: &str) -> Result<Vec<Device>, String> {
    if s.eq_ignore_ascii_case("all") {
        return Ok(cuprum::devices());
    }
    let d = s.parse::<Device>().map_err(|e| e.to_string())?;
    d.check_available("conformance")
        .map_err(|e| e.to_string())?;
    Ok(vec![d])
}

/// The results of a run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// the manifest's generator line
    pub generator: String,
    /// one entry per (case, device)
    pub results: Vec<CaseResult>,
}

impl Report {
    /// Counts per area, in [`AREAS`] order (areas not in the README come last).
    pub fn by_area(&self) -> Vec<(String, Counts)> {
        let mut m: BTreeMap<(usize, String), Counts> = BTreeMap::new();
        for r in &self.results {
            let rank = AREAS
                .iter()
                .position(|a| *a == r.area)
                .unwrap_or(AREAS.len());
            m.entry((rank, r.area.clone())).or_default().add(&r.outcome);
        }
        m.into_iter().map(|((_, a), c)| (a, c)).collect()
    }

    /// Total counts.
    pub fn total(&self) -> Counts {
        let mut c = Counts::default();
        for r in &self.results {
            c.add(&r.outcome);
        }
        c
    }

    /// The summary lines: `conformance <area>: N passed, N failed, N skipped` per area, then
    /// `conformance total: ...`.
    pub fn summary_lines(&self) -> Vec<String> {
        let line = |name: &str, c: Counts| {
            format!(
                "conformance {name}: {} passed, {} failed, {} skipped",
                c.passed, c.failed, c.skipped
            )
        };
        let mut v: Vec<String> = self
            .by_area()
            .into_iter()
            .map(|(a, c)| line(&a, c))
            .collect();
        v.push(line("total", self.total()));
        v
    }

    /// One line per failure: `FAIL <id> on <device>: <reason>`.
    pub fn failure_lines(&self) -> Vec<String> {
        self.results
            .iter()
            .filter_map(|r| match &r.outcome {
                Outcome::Fail(m) => Some(format!("FAIL {} on {}: {m}", r.id, r.device)),
                _ => None,
            })
            .collect()
    }

    /// The failures in the given areas.
    pub fn failures_in<'a>(&'a self, areas: &'a [&str]) -> impl Iterator<Item = &'a CaseResult> {
        self.results.iter().filter(move |r| {
            // A case cuprum cannot dispatch in an area that is expected to pass is a failure too;
            // only a CUDA device missing from the machine is a real skip.
            let counts = match &r.outcome {
                Outcome::Fail(_) => true,
                Outcome::Skip(m) => m != NO_CUDA,
                Outcome::Pass => false,
            };
            counts && areas.contains(&r.area.as_str())
        })
    }
}

/// Runs every selected case on every selected device.
///
/// # Errors
/// A message when the manifest cannot be read.
pub fn run(opts: &Options) -> Result<Report, String> {
    let manifest = Manifest::load(&opts.dir)?;
    let mut report = Report {
        generator: manifest.generator.clone(),
        results: Vec::new(),
    };
    for case in &manifest.cases {
        if let Some(f) = &opts.filter
            && !case.id.contains(f.as_str())
        {
            continue;
        }
        for &device in &opts.devices {
            let outcome = run_case(case, &manifest.dir, device);
            report.results.push(CaseResult {
                id: case.id.clone(),
                area: case.area.clone(),
                device,
                outcome,
            });
        }
        if opts.count_missing_cuda && !opts.devices.iter().any(|d| d.is_cuda()) {
            report.results.push(CaseResult {
                id: case.id.clone(),
                area: case.area.clone(),
                device: Device::Cuda(0),
                outcome: Outcome::Skip(NO_CUDA.to_string()),
            });
        }
    }
    Ok(report)
}

/// Runs one case on one device and judges it. A panic inside cuprum is a failure.
pub fn run_case(case: &Case, dir: &Path, device: Device) -> Outcome {
    match catch_unwind(AssertUnwindSafe(|| run_case_inner(case, dir, device))) {
        Ok(o) => o,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a non-string panic payload".to_string());
            Outcome::Fail(format!("panicked: {msg}"))
        }
    }
}

fn from_error(e: CaseError, stage: &str) -> Outcome {
    match e {
        CaseError::Op {
            class: Classification::Unsupported,
            message,
        } => Outcome::Skip(format!("{stage}: {message}")),
        other => Outcome::Fail(format!("{stage}: {other}")),
    }
}

fn run_case_inner(case: &Case, dir: &Path, device: Device) -> Outcome {
    let _guard = match device.use_device() {
        Ok(g) => g,
        Err(e) => return Outcome::Fail(format!("device {device}: {e}")),
    };
    let inputs = match load_inputs(case, dir, device) {
        Ok(i) => i,
        Err(e) => return from_error(e, "loading inputs"),
    };
    let cx = CaseCx {
        case,
        dir,
        device,
        inputs,
    };
    let Some(result) = crate::ops::dispatch(&case.op, &cx) else {
        return Outcome::Skip(format!("op {:?} is not in the dispatch table", case.op));
    };
    judge(case, dir, &cx, result)
}

fn judge(case: &Case, dir: &Path, cx: &CaseCx<'_>, result: crate::ops::OpResult) -> Outcome {
    if let Some(want) = &case.error {
        let Some(want_class) = ErrorClass::from_name(want) else {
            return Outcome::Fail(format!("manifest: unknown error class {want:?}"));
        };
        return match result {
            Ok(out) => Outcome::Fail(format!(
                "expected an error of class {want}, got {} result(s){}",
                out.len(),
                out.first()
                    .map(|a| format!(" (first: shape {:?}, dtype {})", a.shape(), a.dtype()))
                    .unwrap_or_default()
            )),
            Err(CaseError::Op {
                class: Classification::Class(c),
                message,
            }) => {
                if c == want_class {
                    Outcome::Pass
                } else {
                    Outcome::Fail(format!(
                        "expected an error of class {want}, got [{c}]: {message}"
                    ))
                }
            }
            Err(e) => from_error(e, &format!("expected an error of class {want}, got")),
        };
    }
    let outputs = match result {
        Ok(o) => o,
        Err(e) => return from_error(e, "op"),
    };
    if case.check == Check::Recompose {
        return match crate::recompose::check(case, dir, cx, &outputs) {
            Ok(()) => Outcome::Pass,
            Err(m) => Outcome::Fail(m),
        };
    }
    if outputs.len() != case.expected.len() {
        return Outcome::Fail(format!(
            "{} output(s), expected {}",
            outputs.len(),
            case.expected.len()
        ));
    }
    for (j, (out, file)) in outputs.iter().zip(&case.expected).enumerate() {
        let expected = match load_expected(dir, file) {
            Ok(e) => e,
            Err(m) => return Outcome::Fail(m),
        };
        if let Err(m) = check_output(case, out, &expected) {
            let which = if outputs.len() > 1 {
                format!("output {j}: ")
            } else {
                String::new()
            };
            return Outcome::Fail(format!("{which}{m}"));
        }
    }
    Outcome::Pass
}

/// Reads an expected `.npy` file into host values.
///
/// # Errors
/// A message naming the file.
pub fn load_expected(dir: &Path, file: &str) -> Result<HostArray, String> {
    let a = cuprum::npy::load_on(dir.join(file), Device::Cpu)
        .map_err(|e| format!("cannot read expected output: {e}"))?;
    HostArray::from_array(&a)
}

/// Whether the case's note relaxes the dtype rule for integer outputs.
fn any_int_dtype(case: &Case) -> bool {
    case.note.contains("any integer dtype is accepted")
}

/// Checks one output against its expected values with the case's check kind.
///
/// # Errors
/// A message saying what differs (dtype, shape, the first differing element).
pub fn check_output(case: &Case, out: &Array, expected: &HostArray) -> Result<(), String> {
    let actual = HostArray::from_array(out)?;
    let dtypes_ok = actual.dtype == expected.dtype
        || (any_int_dtype(case) && actual.dtype.is_integer() && expected.dtype.is_integer());
    if !dtypes_ok {
        return Err(format!(
            "dtype {}, expected {} (shape {:?}, expected {:?})",
            actual.dtype, expected.dtype, actual.shape, expected.shape
        ));
    }
    let tol = Tol {
        rtol: case.rtol,
        atol: case.atol,
    };
    match case.check {
        Check::AllClose => compare::compare_elements(&actual, expected, ElementRule::AllClose, tol),
        Check::Exact => compare::compare_elements(&actual, expected, ElementRule::Exact, tol),
        Check::Bitwise => compare::compare_elements(&actual, expected, ElementRule::Bitwise, tol),
        Check::Sorted => compare::check_sorted(&actual, expected, tol),
        Check::Partition => {
            let kth = match case.kwargs.get("kth") {
                Some(serde_json::Value::Array(v)) => v.iter().filter_map(|x| x.as_i64()).collect(),
                Some(v) => v.as_i64().into_iter().collect(),
                None => Vec::new(),
            };
            let axis = case
                .kwargs
                .get("axis")
                .and_then(|v| v.as_i64())
                .unwrap_or(-1) as isize;
            compare::check_partition(&actual, expected, &kth, axis)
        }
        Check::Recompose => Err("recompose is checked separately".to_string()),
    }
}

/// Loads the inputs on `device`, applies the `pre` views and turns 0-d inputs of a
/// `scalar_weak` case into weak scalars.
fn load_inputs(case: &Case, dir: &Path, device: Device) -> Result<Vec<Input>, CaseError> {
    let weak = case
        .kwargs
        .get("scalar_weak")
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    let pre: Vec<Option<String>> = match case.kwargs.get("pre") {
        Some(serde_json::Value::Array(v)) => {
            v.iter().map(|x| x.as_str().map(str::to_string)).collect()
        }
        _ => Vec::new(),
    };
    let mut inputs = Vec::with_capacity(case.inputs.len());
    for (i, file) in case.inputs.iter().enumerate() {
        let path = dir.join(file);
        let mut a = cuprum::npy::load_on(&path, device)?;
        if let Some(Some(view)) = pre.get(i) {
            a = apply_view(&a, view)?;
        }
        if weak && a.ndim() == 0 {
            inputs.push(Input::Weak(a.item()?));
        } else {
            inputs.push(Input::Array(a));
        }
    }
    Ok(inputs)
}

/// Applies a README view string: steps `.T` and bracketed basic index expressions, left to
/// right (`"[:, ::-1, :].T"`).
///
/// # Errors
/// A harness error for a malformed view string; cuprum's error for an invalid index.
pub fn apply_view(a: &Array, view: &str) -> Result<Array, CaseError> {
    let mut out = a.clone();
    let mut rest = view.trim();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix(".T") {
            out = out.transpose()?;
            rest = r.trim_start();
        } else if rest.starts_with('[') {
            let end = rest
                .find(']')
                .ok_or_else(|| CaseError::harness(format!("unclosed '[' in view {view:?}")))?;
            let items = cuprum::index::SliceItem::parse_expr(&rest[..=end])?;
            out = out.slice(&items)?;
            rest = rest[end + 1..].trim_start();
        } else {
            return Err(CaseError::harness(format!(
                "view {view:?}: expected '.T' or '[' at {rest:?}"
            )));
        }
    }
    Ok(out)
}
