//! Runs the tutorial's examples (`crates/cuprum/examples/`) as a test, on small sizes
//! (`CUPRUM_EXAMPLE_SMALL=1`) on the current device (the CPU here; the GPU on a GPU machine).
//! Every example asserts its own checks and exits non-zero when one fails.
//!
//! The examples are separate binaries that `cargo test` builds (it builds every example of the
//! package before running tests). They are found under `target/<profile>/examples/` beside
//! this test's `deps/` folder, or, for test binaries carried to a GPU machine by gpu-pack,
//! in `.gpu/bin/` beside `.gpu/tests/`.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The built example `name`, or a panic that says how to build it.
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("current_exe");
    let dir = exe.parent().expect("the test binary has a folder");
    let candidates = [
        dir.join("../examples").join(name), // target/<profile>/deps/ -> target/<profile>/examples/
        dir.join("../bin").join(name),      // .gpu/tests/ -> .gpu/bin/
        dir.join(name),
    ];
    candidates
        .iter()
        .find(|p| p.is_file())
        .cloned()
        .unwrap_or_else(|| {
            panic!(
                "example {name:?} is not built (looked at {candidates:?}); `cargo test -p cuprum` \
                 builds the examples, or run `cargo build --examples -p cuprum` first"
            )
        })
}

/// Runs an example with the small sizes, at most `limit`, and returns its output after
/// checking that it succeeded.
fn run(name: &str, args: &[&str], limit: Duration) -> String {
    let mut child = Command::new(example(name))
        .args(args)
        .env("CUPRUM_EXAMPLE_SMALL", "1")
        .env("CUPRUM_DIST_TIMEOUT_S", "60")
        .env_remove("RANK")
        .env_remove("WORLD_SIZE")
        .env_remove("LOCAL_RANK")
        .env_remove("OMPI_COMM_WORLD_RANK")
        .env_remove("CUPRUM_JOB_TOKEN")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("could not start example {name}: {e}"));
    let t0 = Instant::now();
    while t0.elapsed() < limit {
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let Output {
        status,
        stdout,
        stderr,
    } = child.wait_with_output().expect("wait for the example");
    let (out, err) = (
        String::from_utf8_lossy(&stdout).into_owned(),
        String::from_utf8_lossy(&stderr).into_owned(),
    );
    assert!(
        status.success(),
        "example {name} failed ({status}) after {:?}\nstdout:\n{out}\nstderr:\n{err}",
        t0.elapsed()
    );
    out
}

const LIMIT: Duration = Duration::from_secs(120);

#[test]
fn environment_check() {
    let out = run("environment", &[], LIMIT);
    assert!(out.contains("GPUs available: "), "{out}");
    assert!(out.contains("NCCL available: "), "{out}");
}

#[test]
fn basics() {
    let out = run("basics", &[], LIMIT);
    assert!(out.contains("broadcast add"), "{out}");
    assert!(out.contains("float32 dot on the CPU"), "{out}");
    // arrays print as NumPy prints them
    assert!(out.contains("cp_arr + 2:\n[[3. 4.]\n [5. 6.]]"), "{out}");
    assert!(
        out.contains("dot(cp_arr, cp_arr):\n[[ 7. 10.]\n [15. 22.]]"),
        "{out}"
    );
}

#[test]
fn linalg() {
    let out = run("linalg", &[], LIMIT);
    assert!(out.contains("all residuals below"), "{out}");
}

#[test]
fn kernels() {
    let out = run("kernels", &[], LIMIT);
    assert!(
        out.contains("add_mul_kernel(a, b) = [ 9. 12. 15.]"),
        "{out}"
    );
    assert!(out.contains("l2norm: 5.4772"), "{out}");
    assert!(out.contains("all kernel checks passed"), "{out}");
}

#[test]
fn fft() {
    let out = run("fft", &[], LIMIT);
    assert!(out.contains("max |ifft2(fft2(x)) - x|"), "{out}");
}

#[test]
fn sparse() {
    let out = run("sparse", &[], LIMIT);
    assert!(out.contains("sparse example on"), "{out}");
    assert!(out.contains("  (1, 1)\t25.0"), "{out}");
}

#[test]
fn sparse_info() {
    let out = run("sparse_info", &[], LIMIT);
    assert!(out.contains("shape:           147 x 147"), "{out}");
    assert!(out.contains("symmetry:        symmetric"), "{out}");
    // norms print as Python prints floats: with a decimal point even when integral
    let norms = out
        .lines()
        .find(|l| l.contains("norms:"))
        .expect("a norms line");
    for part in norms.split(", ") {
        let v = part.rsplit(' ').next().unwrap_or("");
        assert!(v.parse::<f64>().is_ok() && v.contains('.'), "{norms}");
    }
    let hb = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/matrices/utm300.rua"
    );
    let out = run("sparse_info", &[hb], LIMIT);
    assert!(
        out.contains("300 x 300") && out.contains("1 right-hand side"),
        "{out}"
    );
    // an integral norm keeps its ".0" (SciPy prints 1212.0)
    let rua = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/matrices/rua_32_ax.rua"
    );
    let out = run("sparse_info", &[rua], LIMIT);
    assert!(out.contains("inf-norm 1212.0\n"), "{out}");
}

#[test]
fn multi_gpu() {
    let out = run("multi_gpu", &[], LIMIT);
    assert!(out.contains("received 1000 elements"), "{out}");
}

#[test]
fn multi_process() {
    let out = run("multi_process", &[], LIMIT);
    assert!(out.contains("workers done"), "{out}");
}

#[test]
fn distributed_on_two_ranks() {
    // Without a launcher's environment the example starts its own 2 ranks.
    let out = run("distributed", &[], LIMIT);
    for r in 0..2 {
        let tag = format!("[Rank {r}] NCCLBackend-style calls: all checks passed");
        assert!(out.contains(&tag), "{out}");
    }
}

#[test]
fn jacobi_on_two_ranks_matches_one_process() {
    let out = run(
        "jacobi_mpi",
        &["--launch", "2", "48", "40", "60", "--check"],
        LIMIT,
    );
    assert!(
        out.contains("max |distributed - single process| = 0e0"),
        "{out}"
    );
}

#[test]
fn sparse_solve() {
    let m = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/matrices/");
    let pores = format!("{m}pores_1.mtx");
    let out = run("sparse_solve", &[&pores, "--json"], LIMIT);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    for key in [
        "relative_residual",
        "iterations",
        "seconds",
        "method",
        "device",
        "x_minus_one_inf",
    ] {
        assert!(v.get(key).is_some(), "{key} missing in {out}");
    }
    assert!(v["relative_residual"].as_f64().unwrap() < 1e-12, "{out}");
    assert!(v["x_minus_one_inf"].as_f64().unwrap() < 1e-9, "{out}");
    let lund = format!("{m}lund_a.mtx");
    let out = run(
        "sparse_solve",
        &[
            &lund,
            "--method",
            "cg",
            "--precond",
            "jacobi",
            "--rtol",
            "1e-10",
            "--json",
        ],
        LIMIT,
    );
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert!(v["relative_residual"].as_f64().unwrap() <= 1e-10, "{out}");
    assert!(v["iterations"].as_u64().unwrap() > 0, "{out}");
    // a Harwell-Boeing file with its own right-hand side: no x − 1
    let hb = format!("{m}rua_32_ax.rua");
    let out = run("sparse_solve", &[&hb, "--json"], LIMIT);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert!(v["x_minus_one_inf"].is_null(), "{out}");
}

/// The numbers of a `profiles.json` (u then v).
fn profile_values(dir: &std::path::Path) -> Vec<f64> {
    let text = std::fs::read_to_string(dir.join("profiles.json")).expect("profiles.json");
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let nums = |x: &serde_json::Value| -> Vec<f64> {
        x.as_array()
            .expect("an array")
            .iter()
            .map(|e| e.as_f64().expect("a number"))
            .collect()
    };
    assert_eq!(nums(&v["u"]["y"]).len(), nums(&v["u"]["u"]).len());
    assert_eq!(nums(&v["v"]["x"]).len(), nums(&v["v"]["v"]).len());
    let mut all = nums(&v["u"]["u"]);
    all.extend(nums(&v["v"]["v"]));
    all
}

#[test]
fn cavity_writes_its_outputs_and_two_ranks_match_one() {
    let base = std::env::temp_dir().join(format!("cuprum-cavity-test-{}", std::process::id()));
    let (one, two) = (base.join("one"), base.join("two"));
    let common = ["--re", "100", "--n", "33", "--tol", "1e-4", "--quiet"];
    let mut a: Vec<&str> = common.to_vec();
    let one_s = one.to_string_lossy().into_owned();
    a.extend(["--out", one_s.as_str(), "--check", "0.03"]);
    let out = run("cavity", &a, LIMIT);
    assert!(out.contains("converged in"), "{out}");
    assert!(out.contains("max |u - u_Ghia| = "), "{out}");
    for png in ["field.png", "profiles.png"] {
        let bytes = std::fs::read(one.join(png)).expect(png);
        assert!(
            bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
            "{png} is not a PNG"
        );
    }
    let mut a: Vec<&str> = common.to_vec();
    let two_s = two.to_string_lossy().into_owned();
    // the slabs with the CG Poisson solve (the default, the sine transform, is the one-rank run)
    a.extend([
        "--out",
        two_s.as_str(),
        "--no-png",
        "--launch",
        "2",
        "--poisson",
        "cg",
    ]);
    let out = run("cavity", &a, LIMIT);
    assert!(out.contains("(2 rank(s)"), "{out}");
    let (p1, p2) = (profile_values(&one), profile_values(&two));
    assert_eq!(p1.len(), p2.len());
    let diff = p1
        .iter()
        .zip(&p2)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max);
    // both runs stop at max|∂ω/∂t| < 1e-4: the profiles agree far below Ghia's tolerances
    assert!(diff < 1e-4, "one rank vs two: {diff}");
    let _ = std::fs::remove_dir_all(&base);
}
