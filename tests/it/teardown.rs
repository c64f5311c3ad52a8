//! Exit with everything cached: a process that has filled every cache cuprum keeps — kernel
//! modules, vendor handles (cuBLAS, cuSOLVER, cuSPARSE), FFT plans, user kernels, streams and
//! their guards, a captured graph that is never dropped, staged uploads, the memory pool and
//! pinned memory — on the calling thread and on a thread that ends first, exits with its own
//! status (issue 46: on a GPU a program used to panic inside a thread-local destructor at exit,
//! "cannot access a Thread Local Storage value during or after destruction", and abort with
//! status 134).
//!
//! `a_process_that_filled_every_cache_exits_with_its_own_status` runs this test binary again as
//! a child that runs `every_cache_is_filled_and_used` alone (with the pool installed) and
//! checks the child's exit status and its test count.

use cuprum as cp;
use cuprum::kernel::args;
use std::process::Command;
use std::sync::{Mutex, OnceLock};

/// Set in the child process: it also installs the default memory pool and pinned memory, which
/// would change the allocator of every other test in this process.
const CHILD: &str = "CUPRUM_TEARDOWN_CHILD";

/// Graphs kept until the process exits (statics are never dropped: the graph, its buffers and
/// its stream are still alive when the thread-locals and the process go away).
static KEPT: OnceLock<Mutex<Vec<cp::cuda::Graph>>> = OnceLock::new();

fn close(a: &[f64], b: &[f64], tol: f64) {
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(b) {
        assert!((x - y).abs() <= tol * (1.0 + y.abs()), "{x} vs {y}");
    }
}

/// Uses every cache on the current device and checks each result.
fn fill_every_cache(device: cp::Device) -> cp::Result<()> {
    let _d = device.use_device()?;
    // built-in kernels and reductions (NVRTC module cache)
    let x = cp::arange(0.0, 8.0, 1.0, Some(cp::DType::Float64))?;
    let y = cp::add(&cp::multiply(&x, 2.0)?, 1.0)?;
    assert_eq!(
        y.sum(cp::Axes::All, false)?.item()?,
        cp::Scalar::Float(64.0)
    );
    // matmul (cuBLAS handle of this thread)
    let a = cp::Array::from_vec_on(vec![2.0f64, 1.0, 1.0, 3.0], &[2, 2], device)?;
    let a2 = cp::matmul(&a, &a)?;
    close(&a2.to_vec::<f64>()?, &[5.0, 5.0, 5.0, 10.0], 1e-12);
    // linalg (cuSOLVER handle)
    let inv = cp::linalg::inv(&a)?;
    close(&inv.to_vec::<f64>()?, &[0.6, -0.2, -0.2, 0.4], 1e-12);
    // FFT (cuFFT plan cache): the DC bin of eight ones is 8
    let ones = cp::ones(&[8], cp::DType::Float32)?;
    let f = cp::fft::fft(&ones, None, -1, cp::fft::Norm::Backward)?;
    assert_eq!(
        f.to_vec::<cp::Complex32>()?[0],
        cp::Complex32::new(8.0, 0.0)
    );
    // sparse (cuSPARSE): [[1, 0], [0, 2]] @ [1, 1]
    let data = cp::Array::from_vec_on(vec![1.0f32, 2.0], &[2], device)?;
    let indices = cp::Array::from_vec_on(vec![0i32, 1], &[2], device)?;
    let indptr = cp::Array::from_vec_on(vec![0i32, 1, 2], &[3], device)?;
    let m = cp::sparse::csr_matrix((&data, &indices, &indptr), Some((2, 2)))?;
    let v = cp::ones(&[2], cp::DType::Float32)?;
    let mv = m.dot(&v)?.dense().expect("sparse @ dense is dense");
    assert_eq!(mv.to_vec::<f32>()?, vec![1.0, 2.0]);
    // a user kernel (NVRTC, the user module cache)
    let k = cp::ElementwiseKernel::new("float32 x", "float32 z", "z = x * 3;", "teardown_x3")?;
    assert_eq!(k.call_one(args![&v])?.to_vec::<f32>()?, vec![3.0, 3.0]);
    // a staged upload (4 MiB and more go through page-locked staging buffers on CUDA); the
    // sum of uint8 is uint64, as in NumPy
    let big = cp::Array::from_vec_on(vec![1u8; 5 << 20], &[5 << 20], device)?;
    assert_eq!(
        big.sum(cp::Axes::All, false)?.item()?,
        cp::Scalar::UInt(5 << 20)
    );
    if let cp::Device::Cuda(o) = device {
        // a stream made current and a graph that lives until the process ends
        let s = cp::cuda::Stream::new(o)?;
        let _g = s.use_stream()?;
        let out = cp::zeros_on(&[4], cp::DType::Float32, device)?;
        let src = cp::ones_on(&[4], cp::DType::Float32, device)?;
        let g = cp::cuda::graph::capture(&s, |_| {
            cp::add_out(&src, 1.0, &out)?;
            Ok::<_, cp::Error>(())
        })?;
        g.launch(&s)?;
        s.synchronize()?;
        assert_eq!(out.to_vec::<f32>()?, vec![2.0; 4]);
        KEPT.get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(g);
    }
    Ok(())
}

#[test]
fn every_cache_is_filled_and_used() {
    let child = std::env::var_os(CHILD).is_some();
    if child {
        // process-wide: the pool becomes the allocator, pinned memory comes from its pool
        let _pool = cp::memory::get_default_memory_pool();
        let p = cp::zeros_pinned(&[1 << 16], cp::DType::Float32).unwrap();
        assert_eq!(p.to_vec::<f32>().unwrap()[0], 0.0);
    }
    for d in cuprum_core::ext::test_util::all_devices() {
        fill_every_cache(d).unwrap();
        // the same on a thread that ends (its thread-locals are destroyed) before the process
        std::thread::spawn(move || fill_every_cache(d))
            .join()
            .expect("the thread does not panic")
            .unwrap();
    }
}

#[test]
fn a_process_that_filled_every_cache_exits_with_its_own_status() {
    let exe = std::env::current_exe().expect("the test binary's path");
    let out = Command::new(exe)
        .args([
            "teardown::every_cache_is_filled_and_used",
            "--exact",
            "--test-threads",
            "1",
        ])
        .env(CHILD, "1")
        .output()
        .expect("the test binary runs again");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the child exited with {:?}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
    assert!(
        stdout.contains("test result: ok. 1 passed"),
        "the child ran its test: {stdout}"
    );
}
