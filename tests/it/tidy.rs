//! Tidy: the layering rules of `docs/ARCHITECTURE.md`, checked by reading the sources.
//!
//! - **The extension surface.** A feature crate (`cuprum-linalg`, `-fft`, `-sparse`, `-kernel`,
//!   `-memory`, `-distributed`) names nothing of `cuprum_core` but its user API and
//!   `cuprum_core::ext`: no `cuprum_core::backend`, `storage`, `layout`, `cuda::nvrtc`,
//!   `ops::kinds`, `test_util`, ... paths, in its sources, tests, benches and examples; and those
//!   modules are not `pub` in core's `lib.rs`.
//! - **No sibling dependencies.** A feature crate's `Cargo.toml` names no other cuprum crate but
//!   `cuprum-core`; `cuprum-core` names only `cuprum-cuda`, the CUDA layer under it, which names
//!   no cuprum crate.
//! - **The CUDA layer knows nothing of arrays.** `cuprum-cuda`'s code names no `cuprum_core`,
//!   `Array`, `DType`, `Layout` or `Storage`.
//! - **Vendor libraries belong to one crate each.** cuBLAS: core (`products/cuda.rs`); cuSOLVER:
//!   linalg and sparse; cuFFT: fft; cuSPARSE: sparse; NCCL: distributed — both as `cudarc::LIB`
//!   paths in Rust sources and as cudarc features in `Cargo.toml` files. The workspace's
//!   `cudarc` entry enables the common features only.
//! - `kernels/` is at the top level: no `.cu`/`.cuh` file in a crate's `src/`.
//! - **One answer per NumPy rule.** The errors decided above the backend interface (all-NaN
//!   slices, negative integer powers, boolean subtract) and the one dtype → CUDA C type table are
//!   written in one file each ([`ONE_PLACE`]); no other source (tests aside) spells them.
//! - **The kernel crate uses core's rules** (`ext`): no axis merging, C cast table or dtype → C
//!   type table of its own ([`KERNEL_COPIES`]); the read-only-output check is core's
//!   (`ext::check_out`, in [`ONE_PLACE`]).
//! - **One list of all dtypes**: `DType::ALL` in `dtype.rs`; no other source, tests included,
//!   writes out a list naming (nearly) every dtype.
//! - **The facade holds the library only.** `crates/cuprum`'s `[dependencies]` are cuprum's
//!   crates (the bench binary is its own unpublished crate, `crates/cuprum-bench`; the examples'
//!   crates are dev-dependencies).
//! - **The repository holds the product.** No file under `crates/`, `kernels/`, `xtask/`,
//!   `tests/` (but `tests/data`), `tools/` or `docs/` cites a working period (`session` and a
//!   number): comments and docs state the fact and its figure and point to a record in
//!   `docs/benchmarks/`. No source file or module is numbered (`foo2.rs`, `random2.cu`): it is
//!   named for what it holds.
//! - **One rule for fallible sizes.** In the non-test sources of `cuprum-fft`, `-linalg`,
//!   `-memory` and `-distributed`, a host buffer whose size can come from the user is allocated
//!   through core's checked path (`ext::try_vec_with_capacity`, `ext::try_vec_filled`, after
//!   `ext::layout::checked_size`): no `Vec::with_capacity(` and no `vec![x; n]` with a length
//!   that is not a literal, but the ones on [`SIZED_ALLOWED`], each with the reason its size is
//!   bounded (issue 46).
//!
//! Each failure lists `file:line` and the rule broken.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

const FEATURE_CRATES: &[&str] = &[
    "cuprum-linalg",
    "cuprum-fft",
    "cuprum-sparse",
    "cuprum-kernel",
    "cuprum-memory",
    "cuprum-distributed",
    "cuprum-signal",
    "cuprum-ndimage",
    "cuprum-special",
    "cuprum-interpolate",
    "cuprum-spatial",
];

/// The cuprum crates a feature crate may depend on besides cuprum-core: the SciPy crates build
/// on the NumPy-level ones (`scipy.signal` and `scipy.ndimage`'s Fourier filters on the FFTs,
/// `scipy.interpolate`'s fits on the dense and sparse solvers), never the other way round.
const FEATURE_DEPS: &[(&str, &[&str])] = &[
    ("cuprum-signal", &["cuprum-fft"]),
    ("cuprum-ndimage", &["cuprum-fft"]),
    (
        "cuprum-interpolate",
        &["cuprum-linalg", "cuprum-sparse", "cuprum-spatial"],
    ),
    // `#[jit::kernel]`: the proc-macro half of the kernel crate
    ("cuprum-kernel", &["cuprum-kernel-macros"]),
];

/// Paths under `cuprum_core::` that are core's machinery, not its user API: a feature crate
/// reaches what it needs of them through `cuprum_core::ext`.
const INTERNAL: &[&str] = &[
    "backend",
    "storage",
    "layout",
    "test_util",
    "cuda::nvrtc",
    "cuda::ops",
    "cuda::codegen",
    "cuda::memory",
    "cuda::driver",
    "cuda::stream",
    "cuda::context",
    "cuda::current_stream",
    "cuda::from_host",
    "cuda::to_host",
    "cuda::to_host_into",
    "cuda::copy_peer",
    "ops::kinds",
    "ops::engine",
    "ops::promote",
    "reduce::cpu",
    "reduce::cuda",
    "reduce::engine",
    "reduce::elem",
    "reduce::kinds",
    "sort::cpu",
    "sort::cuda",
    "sort::key",
    "random::cpu",
    "random::cuda",
    "random::dist",
    "random::philox",
    "products::cpu",
    "products::cuda",
    "indexing::cuda",
    "indexing::prim",
];

/// Core modules (relative to `crates/cuprum-core/src`, with the module name) that must not be
/// declared `pub`.
const PRIVATE_MODULES: &[(&str, &str)] = &[
    ("lib.rs", "backend"),
    ("lib.rs", "storage"),
    ("lib.rs", "layout"),
    ("lib.rs", "test_util"),
    ("cuda/mod.rs", "nvrtc"),
    ("cuda/mod.rs", "ops"),
    ("cuda/mod.rs", "codegen"),
    ("cuda/mod.rs", "memory"),
    ("cuda/mod.rs", "driver"),
    ("cuda/mod.rs", "stream"),
    ("ops/mod.rs", "kinds"),
    ("random/mod.rs", "cpu"),
    ("random/mod.rs", "cuda"),
    ("products/mod.rs", "cpu"),
    ("products/mod.rs", "cuda"),
    ("indexing/mod.rs", "cuda"),
    ("indexing/mod.rs", "prim"),
];

/// (cudarc module / feature, the crates that may use it). Core's cuBLAS is further limited to
/// `products/cuda.rs`.
const VENDOR: &[(&str, &[&str])] = &[
    ("cublas", &["cuprum-core"]),
    ("cublaslt", &[]),
    ("cusolver", &["cuprum-linalg", "cuprum-sparse"]),
    ("cufft", &["cuprum-fft"]),
    ("cusparse", &["cuprum-sparse"]),
    ("nccl", &["cuprum-distributed"]),
    ("curand", &[]),
];

/// (what, the one source file, relative to `crates/`, that may spell it in code): each rule is
/// decided once, above the backend interface, for every device.
const ONE_PLACE: &[(&str, &str)] = &[
    ("\"an all-NaN slice\"", "cuprum-core/src/reduce/mod.rs"),
    (
        "(integers to negative integer powers",
        "cuprum-core/src/ops/promote.rs",
    ),
    ("numpy boolean subtract", "cuprum-core/src/ops/promote.rs"),
    // the dtype -> CUDA C storage type table (`ext::c_type`)
    ("=> \"c128\"", "cuprum-core/src/cuda/codegen.rs"),
    // CuPy's dtype -> C type table of user kernels (`ext::codegen::cupy_c_type`)
    (
        "Complex128 => \"complex<double>\"",
        "cuprum-core/src/cuda/codegen.rs",
    ),
    // the one CUDA source generator of elementwise and reduction kernels, built-in and user
    // (`ext::codegen`): the geometry structs of the user layouts
    ("_CuprumGeom", "cuprum-core/src/cuda/codegen.rs"),
    ("_CuprumRGeom", "cuprum-core/src/cuda/codegen.rs"),
    // the output checks of `out=` (`ext::check_out`)
    (
        "is a broadcast view and is read-only",
        "cuprum-core/src/ops/engine.rs",
    ),
];

/// (what it is, a code fragment that writes it) for the rules `cuprum-kernel` takes from core
/// through `ext` and must not write again: axis merging (`ext::layout::merge_axes`), the C cast
/// table (`ext::cpu::Elem::cast`) and the dtype → C type table (`ext::codegen::cupy_c_type`).
/// The axis-merging test itself ("outer stride == inner stride × extent") is caught by
/// [`is_axis_merge_test`].
const KERNEL_COPIES: &[(&str, &str)] = &[
    ("a C cast table", "fn cast_to(self) -> $"),
    ("a C cast table", "fn cast_to(self) -> bool"),
    ("a C cast table", "fn cast_to(self) -> Complex"),
    ("a dtype -> C type table", "=> \"complex<"),
    ("a dtype -> C type table", "=> \"unsigned long long\""),
];

/// cudarc features the workspace entry may enable (the rest are per crate).
const COMMON_CUDARC: &[&str] = &["std", "dynamic-loading", "driver"];

/// The folders (relative to the root) whose text may not cite a working period, and the ones
/// under them that are exempt (copied data).
const NO_WORKING_PERIODS: &[&str] = &["crates", "kernels", "xtask", "tests", "tools", "docs"];
const NO_WORKING_PERIODS_EXEMPT: &[&str] = &["tests/data"];

/// Source extensions: a file with one of these is a source file (or module) for the naming rule.
const SOURCE_EXTENSIONS: &[&str] = &["rs", "cu", "cuh", "py"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// The `.rs` files of [`all_files`].
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut all = Vec::new();
    all_files(dir, &mut all);
    all.retain(|p| p.extension().is_some_and(|e| e == "rs"));
    all
}

/// Every file under `dir` (sorted, `target/` folders skipped), any extension.
fn all_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n == "target") {
                continue;
            }
            all_files(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn rel(p: &Path) -> String {
    p.strip_prefix(root())
        .unwrap_or(p)
        .to_string_lossy()
        .into_owned()
}

/// The code part of a line: empty for a plain `//` comment (doc comments are kept: their
/// examples are code), the text before a trailing `//` comment otherwise.
fn code_part(line: &str) -> &str {
    let t = line.trim_start();
    if t.starts_with("//") && !t.starts_with("///") && !t.starts_with("//!") {
        return "";
    }
    match line.find(" // ") {
        Some(i) if !t.starts_with("///") && !t.starts_with("//!") => &line[..i],
        _ => line,
    }
}

/// Every path named after `prefix` in `text` (`a::b`, and each member of a `{...}` group,
/// nested groups flattened), with the byte offset it starts at.
fn paths_after(text: &str, prefix: &str) -> Vec<(usize, String)> {
    let mut out = vec![];
    let mut from = 0;
    while let Some(i) = text[from..].find(prefix) {
        let start = from + i;
        // not the tail of a longer identifier (`my_cuprum_core::`)
        let before = text[..start].chars().next_back();
        from = start + prefix.len();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        collect(&text[from..], String::new(), start, &mut out);
    }
    out
}

fn collect(rest: &str, base: String, at: usize, out: &mut Vec<(usize, String)>) {
    let rest = rest.trim_start();
    if let Some(inner) = rest.strip_prefix('{') {
        // split the group at top-level commas
        let mut depth = 0;
        let mut item = String::new();
        for c in inner.chars() {
            match c {
                '{' => {
                    depth += 1;
                    item.push(c);
                }
                '}' if depth == 0 => {
                    push_item(&item, &base, at, out);
                    return;
                }
                '}' => {
                    depth -= 1;
                    item.push(c);
                }
                ',' if depth == 0 => {
                    push_item(&item, &base, at, out);
                    item.clear();
                }
                _ => item.push(c),
            }
        }
        return;
    }
    let seg: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
        .collect();
    let seg = seg.trim_end_matches(':');
    let path = if base.is_empty() {
        seg.to_string()
    } else {
        format!("{base}::{seg}")
    };
    let after = &rest[seg.len()..];
    if let Some(a) = after.strip_prefix("::")
        && a.trim_start().starts_with('{')
    {
        collect(a, path, at, out);
        return;
    }
    out.push((at, path));
}

fn push_item(item: &str, base: &str, at: usize, out: &mut Vec<(usize, String)>) {
    let item = item.trim();
    if item.is_empty() {
        return;
    }
    if item == "self" {
        out.push((at, base.to_string()));
        return;
    }
    let item = item.split(" as ").next().unwrap_or(item).trim();
    if let Some((head, tail)) = item.split_once("::{") {
        let b = if base.is_empty() {
            head.to_string()
        } else {
            format!("{base}::{head}")
        };
        collect(&format!("{{{tail}"), b, at, out);
    } else {
        out.push((
            at,
            if base.is_empty() {
                item.to_string()
            } else {
                format!("{base}::{item}")
            },
        ));
    }
}

fn is_internal(path: &str) -> Option<&'static str> {
    INTERNAL
        .iter()
        .copied()
        .find(|p| path == *p || path.starts_with(&format!("{p}::")))
}

#[test]
fn paths_are_parsed() {
    let t = "use cuprum_core::{Array, ext::{self, prim}, backend::View as V};";
    let got: Vec<String> = paths_after(t, "cuprum_core::")
        .into_iter()
        .map(|p| p.1)
        .collect();
    assert_eq!(got, ["Array", "ext", "ext::prim", "backend::View"]);
    let got: Vec<String> = paths_after(
        "x = my_cuprum_core::backend; cuprum_core::layout::c_strides(&s)",
        "cuprum_core::",
    )
    .into_iter()
    .map(|p| p.1)
    .collect();
    assert_eq!(got, ["layout::c_strides"]);
    assert_eq!(is_internal("cuda::nvrtc::launch"), Some("cuda::nvrtc"));
    assert_eq!(is_internal("cuda::Stream"), None);
    assert_eq!(is_internal("ext::cuda::context"), None);
}

/// Line number (1-based) of byte offset `at` in `text`.
fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

/// `text` with plain `//` comments blanked (lines kept, so offsets map to the same lines).
fn code_only(text: &str) -> String {
    text.lines()
        .map(|l| {
            let c = code_part(l);
            format!("{c}{}", " ".repeat(l.len() - c.len()))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn feature_crates_use_only_the_user_api_and_ext() {
    let mut bad = String::new();
    for c in FEATURE_CRATES {
        let files = rust_files(&root().join("crates").join(c));
        for f in files {
            let text = code_only(&fs::read_to_string(&f).unwrap_or_default());
            for (at, path) in paths_after(&text, "cuprum_core::") {
                if let Some(p) = is_internal(&path) {
                    let _ = writeln!(
                        bad,
                        "  {}:{}: `cuprum_core::{path}` — `{p}` is core's machinery; use the user \
                         API or `cuprum_core::ext` (add what is missing to ext.rs)",
                        rel(&f),
                        line_of(&text, at)
                    );
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "feature crates reach into cuprum-core outside its user API and `ext` \
         (docs/ARCHITECTURE.md, \"The extension surface\"):\n{bad}"
    );
}

#[test]
fn core_internals_are_not_pub() {
    let src = root().join("crates/cuprum-core/src");
    let mut bad = String::new();
    for (file, module) in PRIVATE_MODULES {
        let text = fs::read_to_string(src.join(file)).unwrap_or_default();
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            if t == format!("pub mod {module};") || t.starts_with(&format!("pub mod {module} ")) {
                let _ = writeln!(
                    bad,
                    "  crates/cuprum-core/src/{file}:{}: `{t}` — make it `pub(crate)` and reach \
                     it through `ext`",
                    i + 1
                );
            }
        }
    }
    assert!(bad.is_empty(), "core internals declared `pub`:\n{bad}");
}

/// `(line number, dependency name)` for each dependency declared in a `Cargo.toml` (plain,
/// dev and build dependencies, target-specific ones included).
fn dependencies(toml: &str) -> Vec<(usize, String)> {
    dependency_tables(toml)
        .into_iter()
        .map(|(line, name, _)| (line, name))
        .collect()
}

/// `(line number, dependency name, table)` for each dependency declared in a `Cargo.toml`; the
/// table is `dependencies`, `dev-dependencies` or `build-dependencies` (a target-specific
/// table, `[target.'cfg(..)'.dependencies]`, gives its last part).
fn dependency_tables(toml: &str) -> Vec<(usize, String, String)> {
    let mut out = vec![];
    let mut table: Option<String> = None;
    for (i, line) in toml.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('[') {
            let h = t.trim_matches(|c| c == '[' || c == ']');
            let last = h.rsplit('.').next().unwrap_or(h);
            table = last.ends_with("dependencies").then(|| last.to_string());
            // `[dependencies.foo]`
            if let Some((a, name)) = h.rsplit_once('.')
                && a.ends_with("dependencies")
            {
                let kind = a.rsplit('.').next().unwrap_or(a).to_string();
                out.push((i + 1, name.to_string(), kind));
                table = None;
            }
            continue;
        }
        if let Some(kind) = &table
            && !t.starts_with('#')
            && let Some(name) = t.split(['=', '.', ' ']).next()
            && !name.is_empty()
        {
            out.push((i + 1, name.to_string(), kind.clone()));
        }
    }
    out
}

#[test]
fn dependency_tables_are_parsed() {
    let toml = "[package]\nname = \"x\"\n[dependencies]\na.workspace = true\n# c = 1\n\
                [dev-dependencies]\nb = \"1\"\n[target.'cfg(unix)'.dependencies]\nd = 1\n\
                [dependencies.e]\nversion = \"1\"\n";
    let got = dependency_tables(toml);
    let want = [
        (4, "a", "dependencies"),
        (7, "b", "dev-dependencies"),
        (9, "d", "dependencies"),
        (10, "e", "dependencies"),
    ];
    assert_eq!(got.len(), want.len(), "{got:?}");
    for ((l, n, k), (wl, wn, wk)) in got.iter().zip(want) {
        assert_eq!((*l, n.as_str(), k.as_str()), (wl, wn, wk));
    }
}

#[test]
fn the_facade_depends_on_cuprum_crates_only() {
    let p = root().join("crates/cuprum/Cargo.toml");
    let toml = fs::read_to_string(&p).unwrap_or_default();
    let deps = dependency_tables(&toml);
    assert!(
        deps.iter().any(|(_, n, _)| n == "cuprum-core"),
        "{}: no `cuprum-core` dependency found; update tests/it/tidy.rs",
        rel(&p)
    );
    let mut bad = String::new();
    for (line, dep, table) in deps {
        if table == "dependencies" && !dep.starts_with("cuprum-") {
            let _ = writeln!(
                bad,
                "  {}:{line}: the facade depends on `{dep}` — the library's `[dependencies]` are \
                 cuprum's crates; a tool's crate goes in its own crate (as `crates/cuprum-bench`), \
                 an example's in `[dev-dependencies]`",
                rel(&p)
            );
        }
    }
    assert!(
        bad.is_empty(),
        "the facade depends on more than cuprum:\n{bad}"
    );
}

/// Whether `line` cites a working period: `session` (or `sessions`) and a space and a digit,
/// any case.
fn cites_working_period(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    l.match_indices("session").any(|(at, w)| {
        let rest = &l[at + w.len()..];
        let rest = rest.strip_prefix('s').unwrap_or(rest);
        rest.strip_prefix(' ')
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    })
}

#[test]
fn working_periods_are_recognised() {
    // split so that this file does not cite one itself
    assert!(cites_working_period(concat!(
        "// measured in Session",
        " 15 (see ...)"
    )));
    assert!(cites_working_period(concat!("sessions", " 12 and 13")));
    assert!(!cites_working_period("a session of work"));
    assert!(!cites_working_period("sessions: none"));
}

#[test]
fn no_working_period_is_cited() {
    let mut bad = String::new();
    for dir in NO_WORKING_PERIODS {
        let mut files = vec![];
        all_files(&root().join(dir), &mut files);
        for f in files {
            let r = rel(&f);
            if NO_WORKING_PERIODS_EXEMPT
                .iter()
                .any(|e| r.starts_with(&format!("{e}/")))
            {
                continue;
            }
            // binary files (pictures, fuzz inputs) are not prose
            let Ok(text) = fs::read_to_string(&f) else {
                continue;
            };
            for (i, line) in text.lines().enumerate() {
                if cites_working_period(line) {
                    let _ = writeln!(bad, "  {r}:{}: {}", i + 1, line.trim());
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "text that cites a working period (state the fact and its figure, and point to a record \
         in docs/benchmarks/ or an issue):\n{bad}"
    );
}

/// Whether a file or module name ends in a digit before its extension (`gen2.rs`: `gen2`).
fn is_numbered(stem: &str) -> bool {
    stem.ends_with(|c: char| c.is_ascii_digit())
}

#[test]
fn no_source_is_numbered() {
    let mut bad = String::new();
    for dir in ["crates", "kernels", "xtask", "tests", "tools"] {
        let mut files = vec![];
        all_files(&root().join(dir), &mut files);
        for f in files {
            let r = rel(&f);
            if r.starts_with("tests/data/") {
                continue;
            }
            let (Some(stem), Some(ext)) = (
                f.file_stem().and_then(|s| s.to_str()),
                f.extension().and_then(|s| s.to_str()),
            ) else {
                continue;
            };
            if !SOURCE_EXTENSIONS.contains(&ext) {
                continue;
            }
            if is_numbered(stem) {
                let _ = writeln!(
                    bad,
                    "  {r}: a numbered source file — name it for what it holds"
                );
            }
            if ext != "rs" {
                continue;
            }
            // modules declared in the file (inline ones included)
            let text = code_only(&fs::read_to_string(&f).unwrap_or_default());
            for (i, line) in text.lines().enumerate() {
                let t = line.trim_start();
                let t = t
                    .strip_prefix("pub(crate) ")
                    .or_else(|| t.strip_prefix("pub(super) "))
                    .or_else(|| t.strip_prefix("pub "))
                    .unwrap_or(t);
                let Some(m) = t.strip_prefix("mod ") else {
                    continue;
                };
                let m: String = m
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if is_numbered(&m) {
                    let _ = writeln!(
                        bad,
                        "  {r}:{}: module `{m}` is numbered — name it for what it holds",
                        i + 1
                    );
                }
            }
        }
    }
    assert!(bad.is_empty(), "numbered sources:\n{bad}");
}

#[test]
fn no_feature_crate_depends_on_another() {
    let mut bad = String::new();
    for c in FEATURE_CRATES.iter().chain(&["cuprum-core", "cuprum-cuda"]) {
        let p = root().join("crates").join(c).join("Cargo.toml");
        let toml = fs::read_to_string(&p).unwrap_or_default();
        for (line, dep) in dependencies(&toml) {
            // core's one cuprum dependency is the CUDA layer under it; the CUDA layer has none
            let allowed = match *c {
                "cuprum-core" => dep == "cuprum-cuda",
                "cuprum-cuda" => false,
                c => {
                    dep == "cuprum-core"
                        || FEATURE_DEPS
                            .iter()
                            .any(|(k, deps)| *k == c && deps.contains(&dep.as_str()))
                }
            };
            let sibling = dep == "cuprum" || dep.starts_with("cuprum-");
            if sibling && !allowed {
                let _ = writeln!(
                    bad,
                    "  {}:{line}: {c} depends on `{dep}` — feature crates depend on cuprum-core, \
                     the crates FEATURE_DEPS names for them and outside crates only",
                    rel(&p)
                );
            }
        }
    }
    assert!(bad.is_empty(), "sibling dependencies:\n{bad}");
}

#[test]
fn the_cuda_layer_knows_nothing_of_arrays() {
    let files = rust_files(&root().join("crates/cuprum-cuda"));
    let mut bad = String::new();
    for f in files {
        let text = code_only(&fs::read_to_string(&f).unwrap_or_default());
        for word in ["cuprum_core", "Array", "DType", "Layout", "Storage::"] {
            for (at, _) in text.match_indices(word) {
                let before = text[..at].chars().next_back();
                let after = text[at + word.len()..].chars().next();
                let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                // whole identifiers only (`CudaArrayView`, `CUDAarray` are not arrays of cuprum)
                let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
                let comment = text[line_start..at].trim_start().starts_with("//");
                if !comment && !ident(before) && (word.ends_with("::") || !ident(after)) {
                    let _ = writeln!(bad, "  {}:{}: `{word}`", rel(&f), line_of(&text, at));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "cuprum-cuda names array concepts (it is the layer under the array; move the code to \
         cuprum-core's `cuda` module):\n{bad}"
    );
}

/// The cudarc features a `Cargo.toml` line enables (`cudarc = { ..., features = [..] }`).
fn cudarc_features(line: &str) -> Vec<String> {
    let t = line.trim();
    if !t.starts_with("cudarc") {
        return vec![];
    }
    let Some(i) = t.find("features") else {
        return vec![];
    };
    let rest = &t[i..];
    let (Some(a), Some(b)) = (rest.find('['), rest.find(']')) else {
        return vec![];
    };
    rest[a + 1..b]
        .split(',')
        .map(|s| s.trim().trim_matches('"').to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

#[test]
fn vendor_libraries_stay_in_their_crates() {
    let mut bad = String::new();
    // Rust sources: `cudarc::LIB` paths
    let mut crates: Vec<String> = FEATURE_CRATES.iter().map(|s| s.to_string()).collect();
    crates.push("cuprum-cuda".into());
    crates.push("cuprum-core".into());
    crates.push("cuprum".into());
    for c in &crates {
        let files = rust_files(&root().join("crates").join(c));
        for f in files {
            let text = code_only(&fs::read_to_string(&f).unwrap_or_default());
            for (at, path) in paths_after(&text, "cudarc::") {
                let lib = path.split("::").next().unwrap_or("");
                let Some((_, owners)) = VENDOR.iter().find(|(l, _)| *l == lib) else {
                    continue;
                };
                let core_outside_products = c == "cuprum-core"
                    && lib == "cublas"
                    && !rel(&f).ends_with("src/products/cuda.rs");
                if !owners.contains(&c.as_str()) || core_outside_products {
                    let _ = writeln!(
                        bad,
                        "  {}:{}: `cudarc::{path}` in {c} — {lib} belongs to {}",
                        rel(&f),
                        line_of(&text, at),
                        if owners.is_empty() {
                            "no crate".to_string()
                        } else {
                            owners.join(", ")
                        }
                    );
                }
            }
        }
    }
    // Cargo.toml: cudarc features per crate, common ones in the workspace
    for c in &crates {
        let p = root().join("crates").join(c).join("Cargo.toml");
        let toml = fs::read_to_string(&p).unwrap_or_default();
        for (i, line) in toml.lines().enumerate() {
            for feat in cudarc_features(line) {
                if let Some((_, owners)) = VENDOR.iter().find(|(l, _)| *l == feat)
                    && !owners.contains(&c.as_str())
                {
                    let _ = writeln!(
                        bad,
                        "  {}:{}: {c} enables cudarc's `{feat}` — it belongs to {}",
                        rel(&p),
                        i + 1,
                        owners.join(", ")
                    );
                }
            }
        }
    }
    let p = root().join("Cargo.toml");
    let toml = fs::read_to_string(&p).unwrap_or_default();
    for (i, line) in toml.lines().enumerate() {
        for feat in cudarc_features(line) {
            if !COMMON_CUDARC.contains(&feat.as_str()) && !feat.starts_with("cuda-") {
                let _ = writeln!(
                    bad,
                    "  Cargo.toml:{}: the workspace `cudarc` entry enables `{feat}` — keep common \
                     features there ({COMMON_CUDARC:?}, cuda-*) and enable libraries per crate",
                    i + 1
                );
            }
        }
    }
    assert!(
        bad.is_empty(),
        "vendor libraries outside their crates (docs/ARCHITECTURE.md, \"No vendor library in \
         cuprum-core\"):\n{bad}"
    );
}

#[test]
fn kernels_live_at_the_top_level_only() {
    assert!(
        root().join("kernels/common.cuh").is_file(),
        "kernels/common.cuh is missing: CUDA C sources live in the top-level kernels/"
    );
    let mut bad = String::new();
    for c in FEATURE_CRATES.iter().chain(&["cuprum-core", "cuprum"]) {
        let mut stack = vec![root().join("crates").join(c).join("src")];
        while let Some(d) = stack.pop() {
            let Ok(rd) = fs::read_dir(&d) else { continue };
            for e in rd.flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "cuh" || x == "cu") {
                    let _ = writeln!(bad, "  {}", rel(&p));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "CUDA C sources outside the top-level kernels/ (embed them from there):\n{bad}"
    );
}

/// A test-only source: a `tests.rs`/`*_tests.rs` file or a file under a `tests/` folder.
fn is_test_source(rel_path: &str) -> bool {
    rel_path.ends_with("tests.rs") || rel_path.contains("/tests/")
}

#[test]
fn each_rule_is_written_once() {
    let crates = root().join("crates");
    let files = rust_files(&crates);
    let mut bad = String::new();
    for (needle, home) in ONE_PLACE {
        let mut found_home = false;
        for f in &files {
            let r = rel(f);
            let in_crates = r.strip_prefix("crates/").unwrap_or(&r).to_string();
            if is_test_source(&r) {
                continue;
            }
            let text = code_only(&fs::read_to_string(f).unwrap_or_default());
            // doc comments and escaped quotes inside doc strings are prose, not the rule
            for (at, _) in text.match_indices(needle) {
                let line = text[..at].rsplit('\n').next().unwrap_or("");
                if line.trim_start().starts_with("///")
                    || line.trim_start().starts_with("//!")
                    || line.ends_with('\\')
                {
                    continue;
                }
                if in_crates == *home {
                    found_home = true;
                } else {
                    let _ = writeln!(
                        bad,
                        "  {r}:{}: `{needle}` — decided once, in crates/{home}; call it from there",
                        line_of(&text, at)
                    );
                }
            }
        }
        if !found_home {
            let _ = writeln!(
                bad,
                "  crates/{home}: `{needle}` is not there any more; update tests/it/tidy.rs"
            );
        }
    }
    assert!(
        bad.is_empty(),
        "a rule written twice (docs/ARCHITECTURE.md, \"One answer per NumPy rule\"):\n{bad}"
    );
}

/// The crates whose user-sized host buffers must be allocated through core's checked path.
const SIZED_CRATES: &[&str] = &[
    "cuprum-fft",
    "cuprum-linalg",
    "cuprum-memory",
    "cuprum-distributed",
    "cuprum-kernel",
    "cuprum-sparse",
    "cuprum-signal",
    "cuprum-ndimage",
    "cuprum-special",
    "cuprum-interpolate",
    "cuprum-spatial",
];

/// Infallible allocations allowed in [`SIZED_CRATES`]: (file, text on the line, why the size is
/// bounded). Every other `Vec::with_capacity(` or `vec![x; n]` with a non-literal `n` there is a
/// failure: use `cuprum_core::ext::try_vec_with_capacity` / `try_vec_filled`.
#[rustfmt::skip]
const SIZED_ALLOWED: &[(&str, &str, &str)] = &[
    // the number of axes: no larger than the shape vectors the caller holds
    ("crates/cuprum-fft/src/fftlog.rs", "vec![1usize; ndim]", "one entry per axis"),
    ("crates/cuprum-fft/src/fftlog.rs", "vec![1usize; nd]", "one entry per axis"),
    ("crates/cuprum-fft/src/freq.rs", "vec![0isize; nd]", "one entry per axis"),
    ("crates/cuprum-fft/src/freq.rs", "vec![0usize; nd]", "one entry per axis"),
    ("crates/cuprum-fft/src/freq.rs", "Vec::with_capacity(nd)", "one entry per axis"),
    ("crates/cuprum-fft/src/host.rs", "vec![0usize; nd - 1]", "one entry per axis"),
    ("crates/cuprum-fft/src/spec.rs", "Vec::with_capacity(k)", "one step per axis"),
    ("crates/cuprum-fft/src/spec.rs", "Vec::with_capacity(layout.ndim())", "one entry per axis"),
    ("crates/cuprum-fft/src/spec.rs", "vec![0isize; nd]", "one entry per axis"),
    ("crates/cuprum-fft/src/realtransforms.rs", "vec![1usize; ndim]", "one entry per axis"),
    ("crates/cuprum-fft/src/realtransforms.rs", "vec![SliceItem::FULL; ndim]", "one per axis"),
    ("crates/cuprum-linalg/src/host.rs", "let mut out = vec![0; n];", "batch axes"),
    ("crates/cuprum-linalg/src/norm.rs", "vec![1usize; nd]", "one entry per axis"),
    ("crates/cuprum-linalg/src/cuda/pack.rs", "vec![0isize; batch.len()]", "batch axes"),
    ("crates/cuprum-distributed/src/host.rs", "vec![0usize; nd]", "one entry per axis"),
    // as large as data the caller holds already
    ("crates/cuprum-linalg/src/lu.rs", "vec![false; fwd.len()]", "the pivots held"),
    ("crates/cuprum-linalg/src/lu.rs", "vec![zero; m * m]", "one matrix of the input"),
    ("crates/cuprum-linalg/src/lu.rs", "Vec::with_capacity(count * m * m)", "the input's size"),
    ("crates/cuprum-linalg/src/lu.rs", "Vec::with_capacity(k)", "a row of the matrix held"),
    ("crates/cuprum-linalg/src/scipy_ext.rs", "Vec::with_capacity(arrs.len())", "the slice given"),
    ("crates/cuprum-distributed/src/comm.rs", "Vec::with_capacity(devices.len())", "the slice given"),
    ("crates/cuprum-distributed/src/host.rs", "Vec::with_capacity(n)", "the array's elements"),
    ("crates/cuprum-distributed/src/host.rs", "Vec::with_capacity(a.nbytes())", "the array's bytes"),
    ("crates/cuprum-distributed/src/launcher.rs", "Vec::with_capacity(line.len() + 12)", "a line read"),
    ("crates/cuprum-distributed/src/store.rs", "Vec::with_capacity(9 + payload.len())", "a reply held"),
    ("crates/cuprum-distributed/src/store.rs", "Vec::with_capacity(21 + key.len()", "a request held"),
    ("crates/cuprum-distributed/src/backend/tcp.rs", "Vec::with_capacity(8 + token.len())", "the token"),
    ("crates/cuprum-distributed/src/backend/tcp.rs", "Vec::with_capacity(recv_results.len())", "results held"),
    ("crates/cuprum-distributed/src/backend/collectives.rs", "Vec::with_capacity(chunk * inputs.len())", "the inputs held"),
    ("crates/cuprum-distributed/src/backend/nccl.rs", "vec![std::ptr::null_mut(); n]", "one per device given"),
    // lengths read from the wire, checked against a bound first
    ("crates/cuprum-distributed/src/store.rs", "vec![0u8; n]", "MAX_KEY / MAX_VAL (64 MiB) checked"),
    ("crates/cuprum-distributed/src/backend/tcp.rs", "vec![0u8; len]", "4 KiB / MAX_CALL_TEXT / 64 MiB / the expected length, checked"),
    ("crates/cuprum-distributed/src/backend/tcp.rs", "vec![0u8; len.min(1 << 20)]", "1 MiB"),
    // a vendor library's workspace size, for a matrix held on the device
    ("crates/cuprum-linalg/src/cuda/svd.rs", "vec![0u8; host_bytes.max(1)]", "cuSOLVER's host workspace"),
    // benchmark and example programs: sizes are the program's own configuration
    ("crates/cuprum-distributed/src/bench.rs", "Vec::with_capacity(", "benchmark configuration"),
    ("crates/cuprum-distributed/src/bench.rs", "vec![0u8; count * 4]", "benchmark configuration"),
    ("crates/cuprum-distributed/src/jacobi.rs", "Vec::with_capacity(cfg.ny * cfg.nx)", "example grid"),
    ("crates/cuprum-distributed/src/jacobi.rs", "vec![0.0f64; (cfg.ny + 2) * w]", "example grid"),
    // still to convert: user-sized (the transform length), in a file being restructured
    // cuprum-kernel: counts of a kernel's parameters, axes, fused nodes and engine lanes
    ("crates/cuprum-kernel/src/common.rs", "vec![1usize; n]", "the broadcast's number of axes"),
    ("crates/cuprum-kernel/src/common.rs", "16 + 16 * a.ndim()", "a cache key: 16 bytes per axis"),
    ("crates/cuprum-kernel/src/reduction.rs", "vec![false; nd]", "one flag per axis"),
    ("crates/cuprum-kernel/src/fuse/graph.rs", "vec![false; nargs]", "one flag per fused argument"),
    ("crates/cuprum-kernel/src/fuse/cpu.rs", "vec![0usize; nd]", "one index per axis"),
    ("crates/cuprum-kernel/src/cpu/vm.rs", "vec![true; n]", "a lane mask: n <= LANES"),
    ("crates/cuprum-kernel/src/cpu/vm.rs", "vec![false; n]", "a lane mask: n <= LANES"),
    ("crates/cuprum-kernel/src/cpu/run.rs", "vec![T::default(); lanes]", "one register of LANES or CHUNK lanes"),
    ("crates/cuprum-kernel/src/cpu/run.rs", "Vec::with_capacity(n)", "one batch of at most CHUNK offsets"),
    ("crates/cuprum-kernel/src/cpu/run.rs", "vec![0usize; nd]", "one index per axis"),
    ("crates/cuprum-kernel/src/elementwise.rs", "Vec::with_capacity(self.nout())", "one per output parameter"),
    // cuprum-sparse: sizes bounded by the held matrix, the caller's blocks or a checked count
    ("crates/cuprum-sparse/src/compat.rs", "vec![Vec::new(); n]", "n + 1 = the square graph's indptr length, held"),
    ("crates/cuprum-sparse/src/compat.rs", "vec![-1i32; n]", "n + 1 = the square graph's indptr length, held"),
    ("crates/cuprum-sparse/src/compat.rs", "vec![usize::MAX; n]", "n + 1 = the square graph's indptr length, held"),
    ("crates/cuprum-sparse/src/compat.rs", "vec![0usize; n]", "n + 1 = the square graph's indptr length, held"),
    ("crates/cuprum-sparse/src/compat.rs", "vec![false; n]", "n + 1 = the square graph's indptr length, held"),
    ("crates/cuprum-sparse/src/construct.rs", "vec![None; br]", "the grid of blocks the caller passed"),
    ("crates/cuprum-sparse/src/construct.rs", "vec![None; bc]", "the grid of blocks the caller passed"),
    ("crates/cuprum-sparse/src/linalg/cuda.rs", "Vec::with_capacity(2 * k)", "2k Lanczos vectors, k < n checked at entry"),
    ("crates/cuprum-sparse/src/linalg/direct.rs", "Vec::with_capacity(m + 1)", "a dimension of the held host matrix (indptr, b) or n*k = b's length"),
    ("crates/cuprum-sparse/src/linalg/direct.rs", "vec![Complex64::new(0.0, 0.0); self.n_rows.min(self.n_cols)]", "a dimension of the held host matrix (indptr, b) or n*k = b's length"),
    ("crates/cuprum-sparse/src/linalg/direct.rs", "vec![Complex64::new(0.0, 0.0); n * k]", "a dimension of the held host matrix (indptr, b) or n*k = b's length"),
    ("crates/cuprum-sparse/src/linalg/direct.rs", "vec![usize::MAX; n]", "a dimension of the held host matrix (indptr, b) or n*k = b's length"),
    ("crates/cuprum-sparse/src/linalg/direct.rs", "Vec::with_capacity(n + 1)", "a dimension of the held host matrix (indptr, b) or n*k = b's length"),
    ("crates/cuprum-sparse/src/linalg/eigen.rs", "Vec::with_capacity(k)", "Krylov dimensions (ncv, k) checked against n at entry"),
    ("crates/cuprum-sparse/src/linalg/eigen.rs", "vec![c0(); (m + 1) * m]", "Krylov dimensions (ncv, k) checked against n at entry"),
    ("crates/cuprum-sparse/src/linalg/eigen.rs", "vec![c0(); m * m]", "Krylov dimensions (ncv, k) checked against n at entry"),
    ("crates/cuprum-sparse/src/linalg/eigen.rs", "Vec::with_capacity(cols)", "Krylov dimensions (ncv, k) checked against n at entry"),
    ("crates/cuprum-sparse/src/linalg/eigen.rs", "vec![0.0f64; k]", "Krylov dimensions (ncv, k) checked against n at entry"),
    ("crates/cuprum-sparse/src/linalg/funcs.rs", "Vec::with_capacity(c.data.size())", "the square matrix's n (indptr held) or the entries held"),
    ("crates/cuprum-sparse/src/linalg/funcs.rs", "vec![0.0f64; n]", "the square matrix's n (indptr held) or the entries held"),
    ("crates/cuprum-sparse/src/linalg/funcs.rs", "vec![0.0; n]", "the square matrix's n (indptr held) or the entries held"),
    ("crates/cuprum-sparse/src/linalg/funcs.rs", "vec![false; n]", "the square matrix's n (indptr held) or the entries held"),
    ("crates/cuprum-sparse/src/linalg/funcs.rs", "Vec::with_capacity(k)", "the square matrix's n (indptr held) or the entries held"),
    ("crates/cuprum-sparse/src/linalg/funcs.rs", "vec![Complex64::new(1.0, 0.0); n]", "the square matrix's n (indptr held) or the entries held"),
    ("crates/cuprum-sparse/src/linalg/funcs.rs", "vec![Complex64::new(0.0, 0.0); b.n_cols]", "the square matrix's n (indptr held) or the entries held"),
    ("crates/cuprum-sparse/src/linalg/funcs.rs", "vec![usize::MAX; b.n_cols]", "the square matrix's n (indptr held) or the entries held"),
    ("crates/cuprum-sparse/src/linalg/iterative.rs", "vec![Complex64::new(0.0, 0.0); k]", "the restart length and the held vector length"),
    ("crates/cuprum-sparse/src/linalg/iterative.rs", "Vec::with_capacity(j + 2)", "the restart length and the held vector length"),
    ("crates/cuprum-sparse/src/linalg/iterative.rs", "vec![Complex64::new(0.0, 0.0); total]", "the restart length and the held vector length"),
    ("crates/cuprum-sparse/src/linalg/operator.rs", "Vec::with_capacity(k)", "k columns checked against n; m + 1 of the held matrix"),
    ("crates/cuprum-sparse/src/linalg/operator.rs", "Vec::with_capacity(m + 1)", "k columns checked against n; m + 1 of the held matrix"),
    ("crates/cuprum-sparse/src/linalg/util.rs", "vec![T::ZERO; len]", "the held vector length and the basis size j"),
    ("crates/cuprum-sparse/src/linalg/util.rs", "vec![Acc::<T>::new(); j]", "the held vector length and the basis size j"),
    ("crates/cuprum-sparse/src/kernels/cpu.rs", "Vec::with_capacity(parts)", "parts per thread, row ranges of the held indptr, or m + 1 after the reservation check in coo_t"),
    ("crates/cuprum-sparse/src/kernels/cpu.rs", "Vec::with_capacity(est)", "parts per thread, row ranges of the held indptr, or m + 1 after the reservation check in coo_t"),
    ("crates/cuprum-sparse/src/kernels/cpu.rs", "Vec::with_capacity(r1 - r0)", "parts per thread, row ranges of the held indptr, or m + 1 after the reservation check in coo_t"),
    ("crates/cuprum-sparse/src/kernels/cpu.rs", "Vec::with_capacity(nk + 1)", "parts per thread, row ranges of the held indptr, or m + 1 after the reservation check in coo_t"),
    ("crates/cuprum-sparse/src/kernels/cpu.rs", "vec![0usize; m]", "parts per thread, row ranges of the held indptr, or m + 1 after the reservation check in coo_t"),
    ("crates/cuprum-sparse/src/kernels/cpu.rs", "Vec::with_capacity(m + 1)", "parts per thread, row ranges of the held indptr, or m + 1 after the reservation check in coo_t"),
    ("crates/cuprum-sparse/src/io/hb.rs", "Vec::with_capacity(need.min(1 << 20))", "capped at 2^20, or the written matrix's held indptr"),
    ("crates/cuprum-sparse/src/io/hb.rs", "vec![0usize; ncol + 1]", "capped at 2^20, or the written matrix's held indptr"),
    ("crates/cuprum-sparse/src/io/mm.rs", "Vec::with_capacity(info.entries.min(1 << 20))", "capped at 2^20 (the vectors grow as entries are read)"),
];

/// The source `text` without its inline test module (`#[cfg(test)]` then `mod name {`, which
/// runs to the end of the file in these crates).
fn without_test_module(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    for (i, l) in lines.iter().enumerate() {
        if l.trim() == "#[cfg(test)]"
            && let Some(next) = lines[i + 1..].iter().find(|n| !n.trim().is_empty())
            && next.trim_start().starts_with("mod ")
            && next.trim_end().ends_with('{')
        {
            return lines[..i].join("\n");
        }
    }
    text.to_string()
}

/// The length of the `vec![x; n]` whose body starts at `rest` (after `vec![`), when it is of
/// that form: the text after the top-level `;`.
fn vec_len(rest: &str) -> Option<&str> {
    let (mut depth, mut semi) = (0usize, None);
    for (k, ch) in rest.char_indices() {
        match ch {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => return semi.map(|s| rest[s + 1..k].trim()),
            ')' | ']' | '}' => depth -= 1,
            ';' if depth == 0 => semi = Some(k),
            _ => {}
        }
    }
    semi.map(|s| rest[s + 1..].trim())
}

/// A length taken from a collection the code already holds (`x.len()`, `x.len() + 1`,
/// `x.len() - j`): the allocation is proportional to memory that exists, not to a number the
/// user wrote.
fn is_held_len(len: &str) -> bool {
    let head = len.split([' ', '+', '-']).next().unwrap_or("");
    head.ends_with(".len()")
}

fn is_literal_len(len: &str) -> bool {
    let digits = ["usize", "u8", "u16", "u32", "u64", "isize", "i32", "i64"]
        .iter()
        .find_map(|s| len.strip_suffix(s))
        .unwrap_or(len);
    digits.starts_with(|c: char| c.is_ascii_digit())
        && digits.chars().all(|c| c.is_ascii_digit() || c == '_')
}

#[test]
fn sizes_parse() {
    assert_eq!(vec_len("0u8; len];"), Some("len"));
    assert_eq!(vec_len("Complex64::new(f, 0.0); n],"), Some("n"));
    assert_eq!(vec_len("a, b]"), None);
    assert_eq!(vec_len("[0; 3]; k]"), Some("k"));
    assert!(is_literal_len("16") && is_literal_len("1_024usize"));
    assert!(!is_literal_len("n") && !is_literal_len("n * 4") && !is_literal_len("2 * n"));
    assert!(is_held_len("args.len()") && is_held_len("user.len() + 1"));
    assert!(!is_held_len("n") && !is_held_len("n * args.len()"));
    assert!(without_test_module("a\n#[cfg(test)]\nmod tests {\nb\n}").ends_with('a'));
    assert!(without_test_module("a\n#[cfg(test)]\nmod tests;\nb").ends_with('b'));
}

#[test]
fn user_sized_buffers_are_allocated_fallibly() {
    let mut bad = String::new();
    for c in SIZED_CRATES {
        let files = rust_files(&root().join("crates").join(c).join("src"));
        for f in files {
            let r = rel(&f);
            if is_test_source(&r) {
                continue;
            }
            let text = without_test_module(&code_only(&fs::read_to_string(&f).unwrap_or_default()));
            for (i, line) in text.lines().enumerate() {
                let t = line.trim_start();
                if t.starts_with("///") || t.starts_with("//!") {
                    continue;
                }
                let mut hits = vec![];
                for (at, _) in line.match_indices("Vec::with_capacity(") {
                    let arg = &line[at + 19..];
                    let len = &arg[..arg.rfind(')').unwrap_or(arg.len())];
                    if !is_literal_len(len.trim()) && !is_held_len(len.trim()) {
                        hits.push("Vec::with_capacity(");
                    }
                }
                for (at, _) in line.match_indices("vec![") {
                    if vec_len(&line[at + 5..])
                        .is_some_and(|n| !is_literal_len(n) && !is_held_len(n))
                    {
                        hits.push("vec![x; n]");
                    }
                }
                let allowed = SIZED_ALLOWED
                    .iter()
                    .any(|(file, needle, _)| *file == r && line.contains(needle));
                for h in hits {
                    if !allowed {
                        let _ = writeln!(
                            bad,
                            "  {r}:{}: `{h}` — a size from the user goes through \
                             cuprum_core::ext::try_vec_with_capacity / try_vec_filled (or add \
                             the line to SIZED_ALLOWED with the reason it is bounded)",
                            i + 1
                        );
                    }
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "infallible allocations of user-sized host buffers (issue 46, \"One rule for fallible \
         sizes\"):\n{bad}"
    );
}

/// Whether a line of code compares a stride with another stride times an extent (`a == b * n as
/// isize`, `!=` too): the test that decides whether two axes merge.
fn is_axis_merge_test(line: &str) -> bool {
    (line.contains(" == ") || line.contains(" != "))
        && line.contains(" * ")
        && line.contains(" as isize")
}

#[test]
fn kernel_crate_uses_cores_rules() {
    assert!(is_axis_merge_test(
        "                .all(|(s, t)| t[t.len() - 1] == s[d] * shape[d] as isize);"
    ));
    assert!(is_axis_merge_test(
        "        if w[0].1 != w[1].1 * w[1].0 as isize {"
    ));
    let files = rust_files(&root().join("crates/cuprum-kernel/src"));
    let mut bad = String::new();
    for f in &files {
        let r = rel(f);
        if is_test_source(&r) {
            continue;
        }
        let text = code_only(&fs::read_to_string(f).unwrap_or_default());
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("///") || line.trim_start().starts_with("//!") {
                continue;
            }
            if is_axis_merge_test(line) {
                let _ = writeln!(
                    bad,
                    "  {r}:{}: axis merging — use `ext::layout::merge_axes`",
                    i + 1
                );
            }
            for (what, needle) in KERNEL_COPIES {
                if line.contains(needle) {
                    let _ = writeln!(
                        bad,
                        "  {r}:{}: {what} (`{needle}`) — use core's, through `ext`",
                        i + 1
                    );
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "cuprum-kernel writes a rule core exports (docs/ARCHITECTURE.md, \"The extension surface\"):\n{bad}"
    );
}

/// The variants of `DType`.
const DTYPE_NAMES: [&str; 15] = [
    "Bool",
    "Int8",
    "Int16",
    "Int32",
    "Int64",
    "UInt8",
    "UInt16",
    "UInt32",
    "UInt64",
    "Float16",
    "BFloat16",
    "Float32",
    "Float64",
    "Complex64",
    "Complex128",
];

/// The `[...]` lists of `text` that name at least 13 of the 15 dtypes as `DType::X` (or a
/// `D::X` alias), with their byte offsets; a `match` (`=>`) is not a list.
fn dtype_lists(text: &str) -> Vec<usize> {
    let mut out = vec![];
    for (at, _) in text.match_indices('[') {
        let Some(len) = text[at + 1..].find(']') else {
            continue;
        };
        let body = &text[at + 1..at + 1 + len];
        if body.contains("=>") {
            continue;
        }
        let named = DTYPE_NAMES
            .iter()
            .filter(|n| {
                ["DType::", "D::"].iter().any(|p| {
                    body.match_indices(&format!("{p}{n}")).any(|(i, m)| {
                        !body[i + m.len()..].starts_with(|c: char| c.is_alphanumeric())
                    })
                })
            })
            .count();
        if named >= 13 {
            out.push(at);
        }
    }
    out
}

#[test]
fn one_list_of_all_dtypes() {
    assert_eq!(
        dtype_lists("[DType::Bool, DType::Int8]"),
        Vec::<usize>::new()
    );
    let every = DTYPE_NAMES.map(|n| format!("DType::{n}")).join(", ");
    assert_eq!(dtype_lists(&format!("x = [{every}];")), vec![4]);
    let mut files = vec![];
    files.extend(rust_files(&root().join("crates")));
    files.extend(rust_files(&root().join("tests")));
    let mut bad = String::new();
    for f in &files {
        let r = rel(f);
        if r == "crates/cuprum-core/src/dtype.rs" || r == "tests/it/tidy.rs" {
            continue;
        }
        let text = code_only(&fs::read_to_string(f).unwrap_or_default());
        for at in dtype_lists(&text) {
            let _ = writeln!(bad, "  {r}:{}", line_of(&text, at));
        }
    }
    assert!(
        bad.is_empty(),
        "a hand-written list of all dtypes: use `DType::ALL` (filtered where some are left out):\n{bad}"
    );
}

/// NumPy's routines (`crates/cuprum-core/src/routines/`) are core's top layer: composed of
/// core's operations, imported by nothing below them (the crate root only re-exports them).
#[test]
fn nothing_below_the_routines_imports_them() {
    let files = rust_files(&root().join("crates/cuprum-core/src"));
    let mut bad = String::new();
    for f in files {
        let r = rel(&f);
        if r.contains("/src/routines/") || r.ends_with("/src/lib.rs") || is_test_source(&r) {
            continue;
        }
        let text = without_test_module(&code_only(&fs::read_to_string(&f).unwrap_or_default()));
        for (i, line) in text.lines().enumerate() {
            if line.contains("crate::routines") || line.contains("super::routines") {
                let _ = writeln!(bad, "  {r}:{}: imports the routines", i + 1);
            }
        }
    }
    assert!(
        bad.is_empty(),
        "modules below the routines import them (docs/ARCHITECTURE.md, cuprum-core):\n{bad}"
    );
}

/// The most free-text value errors (`Error::invalid_value(..)` / `..::InvalidValue { .. }`
/// constructions) each crate may build: the count may only go down. An argument the operation
/// refuses is `Error::BadArgument`, a number outside its domain `Error::OutOfDomain`, an array
/// of a shape it does not take `Error::BadShape` (issue 39 item 4); free text remains for what
/// no variant expresses (a file's content, a convergence failure, another library's message, an
/// internal invariant). Lower a ceiling when a crate's count falls.
const FREE_TEXT_CEILING: &[(&str, usize)] = &[
    ("crates/cuprum", 5),
    ("crates/cuprum-bench", 3),
    ("crates/cuprum-core", 15),
    ("crates/cuprum-cuda", 1),
    ("crates/cuprum-distributed", 0),
    ("crates/cuprum-fft", 1),
    ("crates/cuprum-fuzz", 0),
    ("crates/cuprum-interpolate", 0),
    ("crates/cuprum-kernel", 0),
    ("crates/cuprum-kernel-macros", 0),
    ("crates/cuprum-linalg", 0),
    ("crates/cuprum-memory", 0),
    ("crates/cuprum-ndimage", 0),
    ("crates/cuprum-signal", 8),
    ("crates/cuprum-sparse", 12),
    ("crates/cuprum-spatial", 0),
    ("crates/cuprum-special", 22),
    ("tests", 0),
    ("xtask", 0),
];

/// The free-text value-error constructions in `text` (plain comments already blanked): each
/// `invalid_value(` call (not its definition) and each path-qualified `InvalidValue { .. }`
/// literal (not a pattern: no `..` inside, no `=>` or `|` after). Returns their offsets.
fn free_text_errors(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices("invalid_value(") {
        if !text[..at].ends_with("fn ") {
            out.push(at);
        }
    }
    for (at, m) in text.match_indices("::InvalidValue {") {
        let open = at + m.len();
        let mut depth = 1;
        let mut end = open;
        for (i, c) in text[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = open + i;
                break;
            }
        }
        let inside = &text[open..end];
        let after = text[(end + 1).min(text.len())..].trim_start();
        if !inside.contains("..") && !after.starts_with("=>") && !after.starts_with('|') {
            out.push(at);
        }
    }
    out.sort_unstable();
    out
}

#[test]
fn free_text_errors_are_recognised() {
    let code = "fn invalid_value(op: &str) {}\n\
                let a = Error::invalid_value(\"op\", \"x\");\n\
                let b = E::InvalidValue { op, reason: r };\n\
                match e { E::InvalidValue { .. } => 1, C::InvalidValue { op, reason } => 2 }\n\
                matches!(e, E::InvalidValue { op, reason } | E::Unsupported { op, reason });\n";
    assert_eq!(free_text_errors(code).len(), 2);
}

#[test]
fn free_text_errors_stay_under_their_ceilings() {
    let root = root();
    let mut report = String::new();
    let mut dirs: Vec<String> = vec!["tests".into(), "xtask".into()];
    if let Ok(rd) = fs::read_dir(root.join("crates")) {
        let mut v: Vec<String> = rd
            .flatten()
            .filter(|e| e.path().is_dir())
            .map(|e| format!("crates/{}", e.file_name().to_string_lossy()))
            .collect();
        v.sort();
        dirs.extend(v);
    }
    for dir in &dirs {
        let mut files = Vec::new();
        files.extend(rust_files(&root.join(dir)));
        let mut count = 0;
        let mut sites = Vec::new();
        for f in &files {
            // this file spells the rule itself
            if rel(f) == "tests/it/tidy.rs" {
                continue;
            }
            let text = code_only(&fs::read_to_string(f).unwrap_or_default());
            for at in free_text_errors(&text) {
                count += 1;
                sites.push(format!("{}:{}", rel(f), line_of(&text, at)));
            }
        }
        match FREE_TEXT_CEILING.iter().find(|(d, _)| d == dir) {
            Some(&(_, ceiling)) if count <= ceiling => {}
            Some(&(_, ceiling)) => {
                let _ = writeln!(
                    report,
                    "{dir}: {count} free-text value errors, above its ceiling of {ceiling}; use \
                     Error::bad_argument / out_of_domain / bad_shape (or another structured \
                     variant) instead:\n  {}",
                    sites.join("\n  ")
                );
            }
            None => {
                let _ = writeln!(
                    report,
                    "{dir}: not in FREE_TEXT_CEILING ({count} free-text value errors): add it"
                );
            }
        }
    }
    assert!(report.is_empty(), "{report}");
}
