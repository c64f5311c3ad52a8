//! Tests of cuprum-cuda's hooks through arrays.

use cuprum_cuda::hooks::*;
use std::io::Write;
use std::sync::{Arc, Mutex};

#[derive(Default)]
struct Log(Mutex<Vec<String>>);
impl MemoryHook for Log {
    fn alloc_preprocess(&self, d: usize, m: usize) {
        self.0.lock().unwrap().push(format!("alloc_pre {d} {m}"));
    }
    fn alloc_postprocess(&self, d: usize, m: usize, p: u64) {
        self.0
            .lock()
            .unwrap()
            .push(format!("alloc_post {d} {m} {p}"));
    }
    fn malloc_preprocess(&self, d: usize, s: usize, m: usize) {
        self.0
            .lock()
            .unwrap()
            .push(format!("malloc_pre {d} {s} {m}"));
    }
    fn malloc_postprocess(&self, d: usize, s: usize, m: usize, p: u64, id: u64) {
        self.0
            .lock()
            .unwrap()
            .push(format!("malloc_post {d} {s} {m} {p} {id}"));
    }
    fn free_preprocess(&self, d: usize, m: usize, p: u64, id: u64) {
        self.0
            .lock()
            .unwrap()
            .push(format!("free_pre {d} {m} {p} {id}"));
    }
    fn free_postprocess(&self, d: usize, m: usize, p: u64, id: u64) {
        self.0
            .lock()
            .unwrap()
            .push(format!("free_post {d} {m} {p} {id}"));
    }
}

#[test]
fn hooks_run_in_order_nest_and_uninstall() {
    let a = Arc::new(Log::default());
    let b = Arc::new(Log::default());
    let ga = install(a.clone());
    assert!(any());
    {
        let _gb = install(b.clone());
        assert_eq!(installed_hooks(), 2);
        assert_eq!(
            malloc(1, 64, || Ok::<u64, cuprum_cuda::Error>(0x40)).unwrap(),
            0x40
        );
    }
    assert_eq!(installed_hooks(), 1);
    alloc(0, 512, || Ok::<u64, cuprum_cuda::Error>(7)).unwrap();
    free(0, 512, 7, || Ok::<(), cuprum_cuda::Error>(())).unwrap();
    // a failing operation: pre only
    assert!(malloc(0, 8, || Err(crate::Error::unsupported("t", "x"))).is_err());
    drop(ga);
    assert_eq!(installed_hooks(), 0);
    // not installed any more
    malloc(0, 1, || Ok::<u64, cuprum_cuda::Error>(1)).unwrap();
    assert_eq!(
        *a.0.lock().unwrap(),
        vec![
            "malloc_pre 1 64 64",
            "malloc_post 1 64 64 64 64",
            "alloc_pre 0 512",
            "alloc_post 0 512 7",
            "free_pre 0 512 7 7",
            "free_post 0 512 7 7",
            "malloc_pre 0 8 8",
        ]
    );
    assert_eq!(
        *b.0.lock().unwrap(),
        vec!["malloc_pre 1 64 64", "malloc_post 1 64 64 64 64"]
    );
}

#[test]
fn guards_dropped_out_of_order_remove_their_own_hook() {
    let a = Arc::new(Log::default());
    let b = Arc::new(Log::default());
    let ga = install(a.clone());
    let gb = install(b.clone());
    drop(ga);
    malloc(0, 2, || Ok::<u64, cuprum_cuda::Error>(2)).unwrap();
    drop(gb);
    assert!(a.0.lock().unwrap().is_empty());
    assert_eq!(b.0.lock().unwrap().len(), 2);
}

#[test]
fn hooks_are_per_thread() {
    let a = Arc::new(Log::default());
    let _g = install(a.clone());
    std::thread::spawn(|| {
        assert_eq!(installed_hooks(), 0);
        malloc(0, 3, || Ok::<u64, cuprum_cuda::Error>(3)).unwrap();
    })
    .join()
    .unwrap();
    assert!(a.0.lock().unwrap().is_empty());
}

#[test]
fn cpu_arrays_call_no_hook() {
    let a = Arc::new(Log::default());
    with_hook(a.clone(), || {
        let x = crate::zeros_on(&[1000], crate::DType::Float64, crate::Device::Cpu).unwrap();
        let y = crate::add(&x, &x).unwrap();
        drop((x, y));
    });
    assert!(a.0.lock().unwrap().is_empty());
}

#[test]
fn debug_print_hook_prints_cupy_lines() {
    #[derive(Clone, Default)]
    struct Buf(Arc<Mutex<Vec<u8>>>);
    impl Write for Buf {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().write(b)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let buf = Buf::default();
    let h = DebugPrintHook::to_writer(buf.clone());
    assert_eq!(h.name(), "DebugPrintHook");
    h.malloc_postprocess(0, 512, 512, 4096, 4096);
    h.free_postprocess(1, 512, 4096, 4096);
    h.alloc_preprocess(0, 1); // prints nothing
    let s = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
    assert_eq!(
        s,
        "{\"hook\":\"malloc\",\"device_id\":0,\"size\":512,\"mem_size\":512,\"mem_ptr\":4096,\"pmem_id\":\"0x1000\"}\n\
         {\"hook\":\"free\",\"device_id\":1,\"mem_size\":512,\"mem_ptr\":4096,\"pmem_id\":\"0x1000\"}\n"
    );
}

#[test]
fn malloc_stats_hook_counts() {
    let h = Arc::new(MallocStatsHook::default());
    with_hook(h.clone(), || {
        malloc(0, 100, || Ok::<u64, cuprum_cuda::Error>(1)).unwrap();
        alloc(0, 2048, || Ok::<u64, cuprum_cuda::Error>(1)).unwrap();
        free(0, 100, 1, || Ok::<(), cuprum_cuda::Error>(())).unwrap();
        malloc(0, 30, || Ok::<u64, cuprum_cuda::Error>(2)).unwrap();
    });
    assert_eq!(
        h.stats(),
        MallocStats {
            mallocs: 2,
            malloc_bytes: 130,
            allocs: 1,
            alloc_bytes: 2048,
            frees: 1,
            freed_bytes: 100,
            peak_bytes: 100,
        }
    );
}
