//! Reading `manifest.json` (format 1; see `tests/data/conformance/README.md`).

use serde_json::{Map, Value};
use std::path::{Path, PathBuf};

/// The check kind of a case.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// `allclose` (the default)
    AllClose,
    /// `exact`
    Exact,
    /// `bitwise`
    Bitwise,
    /// `sorted`
    Sorted,
    /// `partition`
    Partition,
    /// `recompose`
    Recompose,
}

impl Check {
    fn parse(s: &str) -> Option<Check> {
        Some(match s {
            "allclose" => Check::AllClose,
            "exact" => Check::Exact,
            "bitwise" => Check::Bitwise,
            "sorted" => Check::Sorted,
            "partition" => Check::Partition,
            "recompose" => Check::Recompose,
            _ => return None,
        })
    }
}

/// One case of the manifest.
#[derive(Clone, Debug)]
pub struct Case {
    /// unique id
    pub id: String,
    /// area (`creation`, `elementwise`, ...)
    pub area: String,
    /// operation name (`add`, `linalg.svd`, `getitem`, ...)
    pub op: String,
    /// input `.npy` file names (relative to the corpus directory)
    pub inputs: Vec<String>,
    /// keyword arguments
    pub kwargs: Map<String, Value>,
    /// expected output file names (empty for error cases)
    pub expected: Vec<String>,
    /// the README's error class, for error cases
    pub error: Option<String>,
    /// relative tolerance
    pub rtol: f64,
    /// absolute tolerance
    pub atol: f64,
    /// the check kind
    pub check: Check,
    /// the one-line note
    pub note: String,
}

/// The whole corpus: its directory and its cases.
#[derive(Clone, Debug)]
pub struct Manifest {
    /// directory holding `manifest.json` and the `.npy` files
    pub dir: PathBuf,
    /// the `generator` field
    pub generator: String,
    /// the cases, in file order
    pub cases: Vec<Case>,
}

/// The corpus directory: `$CUPRUM_CONFORMANCE_DIR` when set, else the in-repo copy
/// `tests/data/conformance`.
pub fn default_dir() -> PathBuf {
    match std::env::var_os("CUPRUM_CONFORMANCE_DIR") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("data/conformance"),
    }
}

impl Manifest {
    /// Reads `dir/manifest.json`.
    ///
    /// # Errors
    /// A message naming the file and what is wrong (unreadable, not JSON, wrong format number,
    /// a case missing a field).
    pub fn load(dir: &Path) -> Result<Manifest, String> {
        let path = dir.join("manifest.json");
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let v: Value = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not valid JSON: {e}", path.display()))?;
        let format = v.get("format").and_then(Value::as_i64);
        if format != Some(1) {
            return Err(format!(
                "{}: unsupported manifest format {format:?} (the harness reads format 1)",
                path.display()
            ));
        }
        let generator = v
            .get("generator")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let cases = v
            .get("cases")
            .and_then(Value::as_array)
            .ok_or_else(|| format!("{}: no \"cases\" list", path.display()))?;
        let cases = cases
            .iter()
            .enumerate()
            .map(|(i, c)| parse_case(c).map_err(|m| format!("{} case #{i}: {m}", path.display())))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Manifest {
            dir: dir.to_path_buf(),
            generator,
            cases,
        })
    }
}

fn parse_case(c: &Value) -> Result<Case, String> {
    let s = |k: &str| -> Result<String, String> {
        c.get(k)
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("missing string field {k:?}"))
    };
    let list = |k: &str| -> Result<Vec<String>, String> {
        match c.get(k) {
            None => Ok(Vec::new()),
            Some(Value::Array(a)) => a
                .iter()
                .map(|x| {
                    x.as_str()
                        .map(str::to_string)
                        .ok_or_else(|| format!("{k:?} holds a non-string"))
                })
                .collect(),
            Some(_) => Err(format!("{k:?} is not a list")),
        }
    };
    let id = s("id")?;
    let check_name = c.get("check").and_then(Value::as_str).unwrap_or("allclose");
    let check = Check::parse(check_name)
        .ok_or_else(|| format!("case {id}: unknown check {check_name:?}"))?;
    Ok(Case {
        area: s("area")?,
        op: s("op")?,
        inputs: list("inputs")?,
        kwargs: c
            .get("kwargs")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default(),
        expected: list("expected")?,
        error: c.get("error").and_then(Value::as_str).map(str::to_string),
        rtol: c.get("rtol").and_then(Value::as_f64).unwrap_or(0.0),
        atol: c.get("atol").and_then(Value::as_f64).unwrap_or(0.0),
        check,
        note: c
            .get("note")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string(),
        id,
    })
}
