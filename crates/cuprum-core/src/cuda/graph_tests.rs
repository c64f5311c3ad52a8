//! CUDA graph tests: capture, replay against eager results, refused operations, ownership.
//! Without a GPU the device tests print "skipped: no CUDA device" and pass (unless
//! `CUPRUM_REQUIRE_CUDA=1`); the API's errors without a GPU are tested everywhere.

// `s![1..-1]` is NumPy's `1:-1` (negative ends count from the back), not an empty range.
#![allow(clippy::reversed_empty_ranges)]

use super::graph::{self, CaptureMode};
use super::*;
use crate::reduce::Axes;
use crate::{Array, DType, Device, Error, s};

fn gpu() -> Option<usize> {
    crate::test_util::cuda_devices().first().map(|d| match d {
        Device::Cuda(i) => *i,
        _ => 0,
    })
}

fn close(a: &[f32], b: &[f32]) {
    assert_eq!(a.len(), b.len());
    for (k, (x, y)) in a.iter().zip(b).enumerate() {
        assert!(
            (x - y).abs() <= 1e-5 * (1.0 + y.abs()),
            "element {k}: {x} vs {y}"
        );
    }
}

/// t = 2 x + y; u = exp(-t * t / 8) - x; total = sum(u): returns (u, total).
fn work(x: &Array, y: &Array) -> crate::Result<(Array, Array)> {
    let t = crate::add(&crate::multiply(x, 2.0)?, y)?;
    let e = crate::exp(&crate::divide(
        &crate::negative(&crate::multiply(&t, &t)?)?,
        8.0,
    )?)?;
    let u = crate::subtract(&e, x)?;
    let total = u.sum(Axes::All, false)?;
    Ok((u, total))
}

#[test]
fn without_a_gpu_streams_and_captures_are_errors() {
    if device_count() > 0 {
        return;
    }
    assert!(matches!(
        Stream::new(0),
        Err(cuprum_cuda::Error::DeviceUnavailable { .. }
            | cuprum_cuda::Error::LibraryNotFound { .. })
    ));
    assert_eq!(CaptureMode::default(), CaptureMode::ThreadLocal);
    // nothing is open: the capture checks are no-ops on the CPU path
    assert!(!graph::active());
    let a = Array::from_vec_on(vec![1.0f32, 2.0], &[2], Device::Cpu).unwrap();
    assert_eq!(
        crate::add(&a, 1.0).unwrap().to_vec::<f32>().unwrap(),
        vec![2.0, 3.0]
    );
}

#[test]
fn captured_elementwise_and_reduction_replay_like_eager() {
    let Some(o) = gpu() else { return };
    let dev = Device::Cuda(o);
    let s = Stream::new(o).unwrap();
    let _cur = s.use_stream().unwrap();
    let n = 1000;
    let x0: Vec<f32> = (0..n).map(|i| (i as f32 * 0.37).sin()).collect();
    let y0: Vec<f32> = (0..n).map(|i| (i as f32 * 0.11).cos()).collect();
    let x = Array::from_vec_on(x0.clone(), &[n], dev).unwrap();
    let y = Array::from_vec_on(y0, &[n], dev).unwrap();
    // a preallocated output written with *_out and returned outputs made inside the capture
    let out = crate::zeros_on([n], DType::Float32, dev).unwrap();
    let (g, (u, total)) = graph::capture_with(&s, |_| {
        let (u, total) = work(&x, &y)?;
        crate::add_out(&u, 1.0, &out)?;
        Ok::<_, Error>((u, total))
    })
    .unwrap();
    assert!(g.num_nodes() >= 6, "{g:?}");
    assert!(!s.is_capturing().unwrap());
    g.upload(&s).unwrap();
    for step in 0..10 {
        // change the input in place between launches: the graph reads the same buffer
        x.assign(&crate::add(&x, 0.25).unwrap()).unwrap();
        g.launch(&s).unwrap();
        let (eu, et) = work(&x, &y).unwrap();
        let ev = eu.to_vec::<f32>().unwrap();
        close(&u.to_vec::<f32>().unwrap(), &ev);
        let plus: Vec<f32> = ev.iter().map(|v| v + 1.0).collect();
        close(&out.to_vec::<f32>().unwrap(), &plus);
        let (a, b) = (total.item().unwrap().as_f64(), et.item().unwrap().as_f64());
        assert!(
            (a - b).abs() <= 1e-4 * (1.0 + b.abs()),
            "step {step}: {a} vs {b}"
        );
    }
    // the input moved on: 10 steps of +0.25
    close(
        &x.to_vec::<f32>().unwrap(),
        &x0.iter().map(|v| v + 2.5).collect::<Vec<_>>(),
    );
}

#[test]
fn refused_operations_invalidate_the_capture_and_leave_the_stream_usable() {
    let Some(o) = gpu() else { return };
    let dev = Device::Cuda(o);
    let s = Stream::new(o).unwrap();
    let _cur = s.use_stream().unwrap();
    let x = Array::from_vec_on(vec![1.0f32, 2.0, 3.0], &[3], dev).unwrap();

    // a host read inside the convenience: its error comes back, the capture is ended
    let r = graph::capture(&s, |_| {
        let y = crate::multiply(&x, 2.0)?;
        let _ = y.to_vec::<f32>()?;
        Ok(())
    });
    assert!(
        matches!(r, Err(Error::CaptureUnsupported { op, .. }) if op.starts_with("device-to-host")),
        "{r:?}"
    );
    assert!(!s.is_capturing().unwrap());
    assert_eq!(
        crate::multiply(&x, 2.0).unwrap().to_vec::<f32>().unwrap(),
        vec![2.0, 4.0, 6.0]
    );

    // by hand: each refused operation names itself; end_capture names the first
    for (k, name) in ["upload", "item", "sync", "device sync", "nonzero"]
        .iter()
        .enumerate()
    {
        s.begin_capture(CaptureMode::default()).unwrap();
        assert!(s.is_capturing().unwrap());
        let e = match k {
            0 => Array::from_vec_on(vec![1.0f32], &[1], dev).map(|_| ()),
            1 => x.sum(Axes::All, false).and_then(|t| t.item()).map(|_| ()),
            2 => s.synchronize().map_err(Error::from),
            3 => synchronize_device(o).map_err(Error::from),
            _ => crate::nonzero(&x).map(|_| ()),
        };
        assert!(
            matches!(e, Err(Error::CaptureUnsupported { .. })),
            "{name}: {e:?}"
        );
        let msg = e.unwrap_err().to_string();
        assert!(msg.contains("captured into a CUDA graph"), "{msg}");
        let end = s.end_capture();
        assert!(
            matches!(end, Err(cuprum_cuda::Error::CaptureInvalidated { .. })),
            "{name}: {end:?}"
        );
        assert!(!s.is_capturing().unwrap());
        // the stream works eagerly again
        assert_eq!(
            crate::add(&x, 1.0).unwrap().to_vec::<f32>().unwrap(),
            vec![2.0, 3.0, 4.0]
        );
    }

    // the legacy default stream cannot be captured; ending an unopened capture is an error
    assert!(matches!(
        Stream::null(o).unwrap().begin_capture(CaptureMode::Global),
        Err(cuprum_cuda::Error::BadArgument { arg: "self", .. })
    ));
    assert!(matches!(
        s.end_capture(),
        Err(cuprum_cuda::Error::BadArgument { arg: "self", .. })
    ));
    // a capture cannot be begun twice
    s.begin_capture(CaptureMode::Relaxed).unwrap();
    assert!(matches!(
        s.begin_capture(CaptureMode::Relaxed),
        Err(cuprum_cuda::Error::BadArgument { arg: "self", .. })
    ));
    let g = s.end_capture().unwrap();
    assert_eq!(g.num_nodes(), 0);
    g.launch(&s).unwrap();
}

#[test]
fn the_graph_owns_the_buffers_it_uses() {
    let Some(o) = gpu() else { return };
    let dev = Device::Cuda(o);
    let s = Stream::new(o).unwrap();
    let _cur = s.use_stream().unwrap();
    let n = 4096;
    let (g, z) = {
        let x = Array::from_vec_on((0..n).map(|i| i as f32).collect(), &[n], dev).unwrap();
        let y = crate::full_on([n], 3.0f32, DType::Float32, dev).unwrap();
        graph::capture_with(&s, |_| {
            // a temporary made and dropped inside the capture, and an input dropped inside it
            let t = crate::multiply(&x, &y)?;
            let z = crate::add(&t, 1.0)?;
            drop(t);
            Ok::<_, Error>(z)
        })
        .unwrap()
        // x and y are dropped here: the graph keeps their buffers
    };
    // new allocations of the same size must not land on the graph's buffers
    let others: Vec<Array> = (0..8)
        .map(|k| crate::full_on([n], -(k as f32), DType::Float32, dev).unwrap())
        .collect();
    for _ in 0..3 {
        g.launch(&s).unwrap();
    }
    let want: Vec<f32> = (0..n).map(|i| i as f32 * 3.0 + 1.0).collect();
    close(&z.to_vec::<f32>().unwrap(), &want);
    for (k, a) in others.iter().enumerate() {
        assert_eq!(a.to_vec::<f32>().unwrap(), vec![-(k as f32); n]);
    }
    // the graph outlives z too, and z outlives the graph
    let z2 = z.clone();
    drop(z);
    g.launch(&s).unwrap();
    drop(g);
    close(&z2.to_vec::<f32>().unwrap(), &want);
}

#[test]
fn a_slice_stencil_replayed_from_a_graph_matches_eager_steps() {
    let Some(o) = gpu() else { return };
    let dev = Device::Cuda(o);
    let s = Stream::new(o).unwrap();
    let _cur = s.use_stream().unwrap();
    let n = 64;
    let init: Vec<f32> = (0..n * n)
        .map(|k| ((k % n) as f32 * 0.3).sin() + ((k / n) as f32 * 0.2).cos())
        .collect();
    let step = |u: &Array| -> crate::Result<()> {
        let c = u.slice(s![1..-1, 1..-1])?;
        let sum4 = crate::add(
            &crate::add(&u.slice(s![2.., 1..-1])?, &u.slice(s![..-2, 1..-1])?)?,
            &crate::add(&u.slice(s![1..-1, 2..])?, &u.slice(s![1..-1, ..-2])?)?,
        )?;
        let lap = crate::subtract(&sum4, &crate::multiply(&c, 4.0)?)?;
        c.assign(&crate::add(&c, &crate::multiply(&lap, 0.1)?)?)
    };
    let eager = Array::from_vec_on(init.clone(), &[n, n], dev).unwrap();
    let u = Array::from_vec_on(init.clone(), &[n, n], dev).unwrap();
    let g = graph::capture(&s, |_| step(&u)).unwrap();
    for _ in 0..10 {
        step(&eager).unwrap();
        g.launch(&s).unwrap();
    }
    close(&u.to_vec::<f32>().unwrap(), &eager.to_vec::<f32>().unwrap());
    // and it moved: 10 steps changed the interior, not the border
    let got = u.to_vec::<f32>().unwrap();
    assert_ne!(got, init);
    assert_eq!(got[..n], init[..n]);
}

#[test]
fn a_panicking_closure_ends_its_capture() {
    let Some(o) = gpu() else { return };
    let s = Stream::new(o).unwrap();
    let s2 = s.clone();
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
        let _ = graph::capture(&s2, |_| -> crate::Result<()> {
            panic!("inside the capture")
        });
    }));
    assert!(r.is_err());
    assert!(!s.is_capturing().unwrap());
}
