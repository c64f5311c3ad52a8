//! Tests of cuprum-cuda's allocators through arrays.

use crate::cuda::test_support::gpus;
use crate::cuda::{StreamOrderedAllocator, allocator, get_current_stream};
use crate::{Array, DType};
use crate::{Device, Error};
use cuprum_cuda::memory::Allocator;
use cuprum_cuda::*;
use std::ffi::{c_int, c_void};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The calls an allocator saw: ('m', pointer, bytes) or ('f', pointer, device).
type CallLog = Arc<Mutex<Vec<(char, u64, usize)>>>;

/// A FunctionAllocator over CUDA's stream-ordered allocator recording every call.
fn recording() -> (Arc<dyn Allocator>, CallLog) {
    let log = Arc::new(Mutex::new(Vec::new()));
    let (l1, l2) = (log.clone(), log.clone());
    let a = FunctionAllocator::new(
        move |nbytes, dev| {
            let s = get_current_stream(dev)?;
            let p = StreamOrderedAllocator.allocate(dev, nbytes, &s)?;
            l1.lock().unwrap().push(('m', p, nbytes));
            Ok(p)
        },
        move |ptr, dev| {
            l2.lock().unwrap().push(('f', ptr, dev));
            let s = get_current_stream(dev)?;
            StreamOrderedAllocator.deallocate(dev, ptr, 0, &s)
        },
    );
    (Arc::new(a), log)
}

#[test]
fn using_allocator_is_scoped_per_thread_and_nests() {
    let (a, _) = recording();
    let (b, _) = recording();
    let before = allocator();
    {
        let ga = using_allocator(Some(a.clone()));
        assert!(Arc::ptr_eq(&allocator(), &a));
        // other threads are not affected
        let other = std::thread::spawn(|| cuprum_cuda::thread_allocator().is_none())
            .join()
            .unwrap();
        assert!(other);
        {
            let _gb = using_allocator(Some(b.clone()));
            assert!(Arc::ptr_eq(&allocator(), &b));
        }
        assert!(Arc::ptr_eq(&allocator(), &a));
        // None: the raw (unpooled) allocator, not the outer scope's
        let none = with_allocator(None, allocator);
        assert!(!Arc::ptr_eq(&none, &a));
        drop(ga);
    }
    assert!(cuprum_cuda::thread_allocator().is_none());
    // guards dropped out of order remove only their own install
    let g1 = using_allocator(Some(a.clone()));
    let g2 = using_allocator(Some(b.clone()));
    drop(g1);
    assert!(Arc::ptr_eq(&allocator(), &b));
    drop(g2);
    assert!(cuprum_cuda::thread_allocator().is_none());
    let _ = before;
}

#[test]
fn function_allocators_serve_device_arrays() {
    for dev in gpus() {
        let d = Device::Cuda(dev);
        let (a, log) = recording();
        let x = with_allocator(Some(a.clone()), || {
            let x = Array::from_vec_on(vec![1.0f32, 2.0, 3.0], [3], d).unwrap();
            let y = crate::multiply(&x, 2.0).unwrap();
            assert_eq!(y.to_vec::<f32>().unwrap(), vec![2.0, 4.0, 6.0]);
            x
        });
        {
            let l = log.lock().unwrap();
            // x (12 bytes) and y (12 bytes) came from the closures; everything but x was
            // freed (y, and any temporary)
            let mallocs: Vec<_> = l.iter().filter(|e| e.0 == 'm').collect();
            assert!(mallocs.len() >= 2, "{l:?}");
            assert_eq!(mallocs.iter().filter(|e| e.2 == 12).count(), 2, "{l:?}");
            let frees = l.iter().filter(|e| e.0 == 'f').count();
            assert_eq!(frees, mallocs.len() - 1, "{l:?}");
            let px = x.device_ptr().unwrap();
            assert!(mallocs.iter().any(|e| e.1 == px && e.2 == 12), "{l:?}");
            assert!(!l.contains(&('f', px, dev)));
        }
        // x outlives the scope and still returns to the closures
        assert_eq!(x.to_vec::<f32>().unwrap(), vec![1.0, 2.0, 3.0]);
        let p = x.device_ptr().unwrap();
        drop(x);
        assert!(log.lock().unwrap().contains(&('f', p, dev)));
        // outside the scope: the closures are not called
        let n = log.lock().unwrap().len();
        let _z = crate::zeros_on(&[4], DType::Float64, d).unwrap();
        assert_eq!(log.lock().unwrap().len(), n);
    }
}

#[test]
fn null_malloc_is_out_of_memory() {
    for dev in gpus() {
        let a = FunctionAllocator::new(|_, _| Ok(0), |_, _| Ok(()));
        let r = with_allocator(Some(Arc::new(a)), || {
            crate::zeros_on(&[4], DType::Float64, Device::Cuda(dev))
        });
        assert!(
            matches!(r, Err(Error::OutOfMemory { requested: 32, .. })),
            "{r:?}"
        );
    }
}

static C_CALLS: AtomicUsize = AtomicUsize::new(0);

unsafe extern "C" fn c_malloc(param: *mut c_void, size: usize, dev: c_int) -> *mut c_void {
    // SAFETY: the tests pass a pointer to a live AtomicUsize as param.
    unsafe { &*(param as *const AtomicUsize) }.fetch_add(1, Ordering::SeqCst);
    C_CALLS.fetch_add(1, Ordering::SeqCst);
    let Ok(s) = get_current_stream(dev as usize) else {
        return std::ptr::null_mut();
    };
    match StreamOrderedAllocator.allocate(dev as usize, size, &s) {
        Ok(p) => p as usize as *mut c_void,
        Err(_) => std::ptr::null_mut(),
    }
}

unsafe extern "C" fn c_free(param: *mut c_void, ptr: *mut c_void, dev: c_int) {
    // SAFETY: as in c_malloc.
    unsafe { &*(param as *const AtomicUsize) }.fetch_sub(1, Ordering::SeqCst);
    if let Ok(s) = get_current_stream(dev as usize) {
        let _ = StreamOrderedAllocator.deallocate(dev as usize, ptr as usize as u64, 0, &s);
    }
}

#[test]
fn c_function_allocator_passes_param_and_device() {
    let live = Box::new(AtomicUsize::new(0));
    let param = &*live as *const AtomicUsize as *mut c_void;
    // SAFETY: `live` is moved into the allocator as its owner (the heap address stays);
    // the functions are thread-safe.
    let a = unsafe { CFunctionAllocator::new(param, c_malloc, c_free, Some(live)) };
    assert_eq!(a.param(), param);
    let a: Arc<dyn Allocator> = Arc::new(a);
    for dev in gpus() {
        let d = Device::Cuda(dev);
        let before = C_CALLS.load(Ordering::SeqCst);
        with_allocator(Some(a.clone()), || {
            let x = Array::from_vec_on(vec![5i64, 6, 7], [3], d).unwrap();
            // SAFETY: param points at the AtomicUsize owned by the allocator.
            let n = unsafe { &*(param as *const AtomicUsize) }.load(Ordering::SeqCst);
            assert_eq!(n, 1);
            assert_eq!(x.to_vec::<i64>().unwrap(), vec![5, 6, 7]);
        });
        // SAFETY: as above.
        let n = unsafe { &*(param as *const AtomicUsize) }.load(Ordering::SeqCst);
        assert_eq!(n, 0, "every block returned");
        assert!(C_CALLS.load(Ordering::SeqCst) > before);
    }
}
