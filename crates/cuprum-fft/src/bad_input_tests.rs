//! Sizes no machine can hold, on every device (issue 46): NumPy raises MemoryError (here
//! [`Error::OutOfMemory`] naming the bytes) or "array is too big" ([`Error::TooBig`]) and never
//! aborts; nothing here allocates the sizes it asks for (the checks refuse them first).

use crate::{Norm, fft, fftfreq_on, fftshift, next_fast_len, rfft, rfftfreq_on};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, DType, Error, zeros_on};

/// 2^42 bytes (4 TiB): more than the memory and swap of any machine the tests run on.
const HUGE: usize = 1 << 38;

fn out_of_memory<T: std::fmt::Debug>(r: cuprum_core::Result<T>, bytes: usize, what: &str) {
    match r {
        Err(Error::OutOfMemory { requested, .. }) => {
            assert!(requested >= bytes, "{what}: {requested} < {bytes}")
        }
        other => panic!("{what}: expected OutOfMemory of {bytes} bytes, got {other:?}"),
    }
}

fn too_big<T: std::fmt::Debug>(r: cuprum_core::Result<T>, op: &str, what: &str) {
    match r {
        Err(e @ Error::TooBig { .. }) => {
            assert!(e.to_string().starts_with(op), "{what}: {e}");
            assert!(e.to_string().contains("array is too big"), "{what}: {e}");
        }
        other => panic!("{what}: expected TooBig naming {op}, got {other:?}"),
    }
}

#[test]
fn transform_lengths_beyond_memory_fail_cleanly() {
    for dev in all_devices() {
        let x = zeros_on([4], DType::Float64, dev).unwrap();
        // np.fft.fft(x, n=2**38): MemoryError (2^38 complex128 = 2^42 bytes)
        out_of_memory(
            fft(&x, Some(HUGE), -1, Norm::Backward),
            HUGE * 16,
            "fft n=2^38",
        );
        out_of_memory(
            rfft(&x, Some(HUGE), -1, Norm::Backward),
            HUGE * 8,
            "rfft n=2^38",
        );
        // n >= 2^61: 2^65 bytes of complex128, more than isize::MAX ("capacity overflow" before)
        for n in [1usize << 61, 1 << 62, usize::MAX] {
            too_big(fft(&x, Some(n), -1, Norm::Backward), "fft", "fft n>=2^61");
        }
        // fftn with s = [2^40, 2^40]: the element count itself does not fit
        let x2 = zeros_on([2, 2], DType::Complex64, dev).unwrap();
        too_big(
            crate::fftn(&x2, Some(&[1 << 40, 1 << 40]), None, Norm::Backward),
            "fftn",
            "fftn s=[2^40, 2^40]",
        );
        // the small case still works: fft([1, 0, 0, 0], n=8) = ones(8)
        let one = Array::from_vec_on(vec![1.0f64, 0.0, 0.0, 0.0], [4], dev).unwrap();
        let y = fft(&one, Some(8), -1, Norm::Backward).unwrap();
        let v = y.to_vec::<cuprum_core::Complex64>().unwrap();
        assert!(v.iter().all(|z| (z.re - 1.0).abs() < 1e-15 && z.im == 0.0));
    }
}

#[test]
fn transforms_of_huge_broadcast_views_fail_cleanly() {
    for dev in all_devices() {
        // a [2^19, 2^19] float64 view of one element: 2^38 elements of complex128 = 2^42 bytes
        let x = zeros_on([1], DType::Float64, dev).unwrap();
        let v = x.broadcast_to([1 << 19, 1 << 19]).unwrap();
        out_of_memory(
            fft(&v, None, -1, Norm::Backward),
            HUGE * 16,
            "fft of a view",
        );
        // np.fft.fftshift of a broadcast float32 view of 2^40 elements: 4 TiB
        let v = x
            .astype(DType::Float32)
            .unwrap()
            .broadcast_to([1usize << 40])
            .unwrap();
        out_of_memory(fftshift(&v, None), 1 << 42, "fftshift of a view");
    }
}

#[test]
fn frequency_vectors_beyond_memory_fail_cleanly() {
    for dev in all_devices() {
        // np.fft.fftfreq(2**40): MemoryError (8 TiB of float64)
        out_of_memory(fftfreq_on(1 << 40, 1.0, dev), 1 << 43, "fftfreq(2^40)");
        out_of_memory(rfftfreq_on(1 << 41, 1.0, dev), 1 << 43, "rfftfreq(2^41)");
        too_big(fftfreq_on(1 << 61, 1.0, dev), "fftfreq", "fftfreq(2^61)");
        too_big(
            rfftfreq_on(usize::MAX, 1.0, dev),
            "rfftfreq",
            "rfftfreq(max)",
        );
        // np.fft.fftfreq(4) = [0, 0.25, -0.5, -0.25]
        let f = fftfreq_on(4, 1.0, dev).unwrap();
        assert_eq!(f.to_vec::<f64>().unwrap(), vec![0.0, 0.25, -0.5, -0.25]);
    }
}

#[test]
fn next_fast_len_near_the_top_of_usize() {
    // CuPy's `_next_fast_len_impl(target, (2, 3, 5, 7))` in Python (arbitrary precision)
    for (target, want) in [
        (1021usize, 1024usize),
        (1_000_000_000_000_000_001, 1_000_080_614_300_221_440),
        ((1 << 62) + 3, 4_611_840_800_000_000_000),
        ((1 << 63) + 1, 9_223_681_600_000_000_000),
        (18_446_613_971_412_049_920, 18_446_613_971_412_049_920),
    ] {
        assert_eq!(next_fast_len(target, false).unwrap(), want, "{target}");
    }
    // Python's answer for 2^64 - 1 is 2^64, which no usize holds: an error, not a hang
    for target in [usize::MAX, 18_446_613_971_412_049_921] {
        match next_fast_len(target, true) {
            Err(e @ Error::OutOfDomain { arg: "target", .. }) => {
                let s = e.to_string();
                assert!(
                    s.contains("next_fast_len") && s.contains(&target.to_string()),
                    "{s}"
                )
            }
            other => panic!("next_fast_len({target}): {other:?}"),
        }
    }
}
