//! What elementwise and reduction kernels share: argument resolution (counts, devices,
//! placeholder binding, scalars), broadcasting, the CPU-engine bridge and GPU helpers.

use crate::args::{Arg, ScalarValue, convert_scalar, scalar_default_dtype};
use crate::codegen::PassKind;
use crate::cpu;
use crate::error::{KernelError, Result, SourceDiagnostic};
use crate::params::{Binding, Param, ParamType};
use cuprum_core::{Array, DType, Device, Error};

/// One parameter's argument after resolution.
pub(crate) enum Slot {
    /// a non-raw array (not yet broadcast)
    Elem(Array),
    /// a raw array
    Raw(Array),
    /// a scalar converted to the parameter's dtype
    Scalar(ScalarValue),
    /// an output to create
    Create,
}

/// A call's arguments resolved against the parameters.
pub(crate) struct Resolved {
    pub(crate) device: Device,
    pub(crate) dtypes: Vec<DType>,
    pub(crate) slots: Vec<Slot>,
    pub(crate) binding: Binding,
    /// whether the caller passed the outputs
    pub(crate) outputs_passed: bool,
}

/// Resolves `args` against `params` (inputs then outputs; `nin` inputs): the count (`nin` or
/// `nin + nout`), one device, placeholder binding (passed outputs first, then inputs, then
/// scalars for placeholders still unbound, as NumPy types a lone Python scalar), scalar
/// conversion, and the dtype of every parameter.
pub(crate) fn resolve(
    kernel: &str,
    op: &'static str,
    params: &[Param],
    nin: usize,
    args: &[Arg<'_>],
) -> Result<Resolved> {
    let nout = params.len() - nin;
    if args.len() != nin && args.len() != nin + nout {
        return Err(KernelError::ArgCount {
            kernel: kernel.to_string(),
            expected: if nout > 0 {
                format!("{nin} or {}", nin + nout)
            } else {
                format!("{nin}")
            },
            got: args.len(),
        });
    }
    let outputs_passed = nout > 0 && args.len() == nin + nout;
    let bad = |p: &Param, reason: &str| KernelError::BadArgument {
        kernel: kernel.to_string(),
        param: p.name.clone(),
        reason: reason.to_string(),
    };
    let device = args_device(op, args)?;
    // kinds
    for (k, p) in params.iter().enumerate() {
        match args.get(k) {
            Some(Arg::Scalar(_)) if p.output => {
                return Err(bad(
                    p,
                    "an output parameter needs an array, a scalar was given",
                ));
            }
            Some(Arg::Scalar(_)) if p.raw => {
                return Err(bad(p, "a raw parameter needs an array, a scalar was given"));
            }
            _ => {}
        }
    }
    // binding: passed outputs first, then inputs
    let mut binding = Binding::default();
    let order: Vec<usize> = (nin..args.len()).chain(0..nin).collect();
    for &k in &order {
        if let Arg::Array(x) = &args[k] {
            binding.bind_array(kernel, &params[k], x.dtype())?;
        }
    }
    for (k, a) in args.iter().enumerate().take(nin) {
        if let (Arg::Scalar(s), ParamType::Placeholder(t)) = (a, &params[k].ty)
            && binding.get(t).is_none()
        {
            binding
                .map
                .push((t.clone(), scalar_default_dtype(s), params[k].name.clone()));
        }
    }
    let mut dtypes = Vec::with_capacity(params.len());
    let mut slots = Vec::with_capacity(params.len());
    for (k, p) in params.iter().enumerate() {
        let dt = binding.resolve(kernel, p)?;
        dtypes.push(dt);
        slots.push(match args.get(k) {
            None => Slot::Create,
            Some(Arg::Scalar(s)) => Slot::Scalar(convert_scalar(op, *s, dt)?),
            Some(Arg::Array(x)) if p.raw => Slot::Raw((*x).clone()),
            Some(Arg::Array(x)) => Slot::Elem((*x).clone()),
        });
    }
    Ok(Resolved {
        device,
        dtypes,
        slots,
        binding,
        outputs_passed,
    })
}

/// NumPy's broadcast of `shapes`; the error names the first pair that disagrees.
pub(crate) fn broadcast_all(op: &'static str, shapes: &[&[usize]]) -> Result<Vec<usize>> {
    let mut out: Vec<usize> = Vec::new();
    for s in shapes {
        let n = out.len().max(s.len());
        let mut r = vec![1usize; n];
        for i in 0..n {
            let a = if i + out.len() >= n {
                out[i + out.len() - n]
            } else {
                1
            };
            let b = if i + s.len() >= n {
                s[i + s.len() - n]
            } else {
                1
            };
            r[i] = if a == b || b == 1 {
                a
            } else if a == 1 {
                b
            } else {
                return Err(Error::Broadcast {
                    op,
                    lhs: out.clone(),
                    rhs: s.to_vec(),
                }
                .into());
            };
        }
        out = r;
    }
    Ok(out)
}

/// A one-dimensional launch of `blocks` blocks of `threads` threads over `n` elements (at
/// least one block; more than 2^31 - 1 blocks is an error naming `op`).
pub(crate) fn launch_1d(
    op: &'static str,
    n: usize,
    blocks: u64,
    threads: u32,
) -> Result<cuprum_core::ext::nvrtc::LaunchConfig> {
    if blocks > i32::MAX as u64 {
        return Err(Error::bad_argument(
            op,
            "size",
            format!("{n} elements"),
            format!("at most 2^31 - 1 blocks of {threads} threads"),
        )
        .into());
    }
    Ok(cuprum_core::ext::nvrtc::LaunchConfig {
        grid: (blocks.max(1) as u32, 1, 1),
        block: (threads, 1, 1),
        shared_mem_bytes: 0,
    })
}

/// The one device of the array arguments (the current device when there are none).
pub(crate) fn args_device(op: &'static str, args: &[Arg<'_>]) -> Result<Device> {
    let mut device: Option<Device> = None;
    for a in args {
        if let Arg::Array(x) = a {
            match device {
                None => device = Some(x.device()),
                Some(d) if d != x.device() => {
                    return Err(Error::DeviceMismatch {
                        op,
                        lhs: d,
                        rhs: x.device(),
                    }
                    .into());
                }
                _ => {}
            }
        }
    }
    Ok(device.unwrap_or_else(cuprum_core::current_device))
}

/// The element count of `shape`, checked.
pub(crate) fn checked_size(op: &'static str, shape: &[usize]) -> Result<usize> {
    shape
        .iter()
        .try_fold(1usize, |a, &b| a.checked_mul(b))
        .ok_or_else(|| {
            Error::bad_argument(
                op,
                "shape",
                format!("{shape:?}"),
                "an element count that fits in usize",
            )
            .into()
        })
}

/// The CPU engine's diagnostic as a [`KernelError::Compile`].
pub(crate) fn cpu_compile_error(kernel: &str, d: cpu::Diagnostic) -> KernelError {
    KernelError::Compile {
        kernel: kernel.to_string(),
        compiler: "the CPU kernel engine",
        diagnostics: vec![SourceDiagnostic {
            section: d.section.to_string(),
            line: d.line,
            column: d.column,
            source_line: d.source_line,
            message: d.message,
        }],
        log: String::new(),
    }
}

/// The CPU engine's variable spec of a parameter passed as `pass`.
pub(crate) fn var_spec(p: &Param, dtype: DType, pass: PassKind) -> cpu::VarSpec {
    cpu::VarSpec {
        name: p.name.clone(),
        dtype,
        kind: match pass {
            PassKind::Scalar => cpu::VarKind::Scalar,
            PassKind::Raw(_) => cpu::VarKind::Raw { output: p.output },
            PassKind::Elem { .. } => cpu::VarKind::Elem { output: p.output },
        },
    }
}

/// NVRTC options: `--fmad=false` unless fast math, then the user's.
pub(crate) fn nvrtc_options(fast_math: bool, user: &[String]) -> Vec<String> {
    let mut v = Vec::with_capacity(user.len() + 1);
    v.push(if fast_math {
        "--use_fast_math".to_string()
    } else {
        "--fmad=false".to_string()
    });
    v.extend(user.iter().cloned());
    v
}

/// The device ordinal of a CUDA device (`None` for the CPU).
pub(crate) fn cuda_ordinal(d: Device) -> Option<usize> {
    match d {
        Device::Cuda(i) => Some(i),
        _ => None,
    }
}

/// The placeholder typedefs of a binding.
pub(crate) fn typedefs(b: &Binding) -> Vec<(String, DType)> {
    b.map.iter().map(|(n, d, _)| (n.clone(), *d)).collect()
}

/// Packs a raw array argument (`CArray<T>` or `CArrayS<T, ND>`) and says which it is.
pub(crate) fn raw_arg(a: &Array) -> (PassKind, Vec<u8>) {
    let ptr = a.device_ptr().unwrap_or(0);
    let mut v = Vec::with_capacity(16 + 16 * a.ndim());
    v.extend_from_slice(&ptr.to_ne_bytes());
    v.extend_from_slice(&(a.size() as i64).to_ne_bytes());
    if a.is_c_contiguous() || a.ndim() == 0 {
        return (PassKind::Raw(None), v);
    }
    for &s in a.shape() {
        v.extend_from_slice(&(s as i64).to_ne_bytes());
    }
    for &s in a.strides() {
        v.extend_from_slice(&(s as i64).to_ne_bytes());
    }
    (PassKind::Raw(Some(a.ndim() as u8)), v)
}

/// The axes of `shape` with length-1 axes dropped and, when `merge`, neighbours that every
/// stride list walks contiguously joined (core's one rule, `ext::layout::merge_axes`); one
/// stride list per operand comes back. A size-1 iteration keeps one axis of extent 1 (stride
/// 0) so kernels always see `ndim >= 1`.
pub(crate) fn collapse<S: AsRef<[isize]>>(
    shape: &[usize],
    strides: &[S],
    merge: bool,
) -> (Vec<usize>, Vec<Vec<isize>>) {
    let mut sh = shape.to_vec();
    let mut rows: Vec<Vec<isize>> = (0..shape.len())
        .map(|d| strides.iter().map(|s| s.as_ref()[d]).collect())
        .collect();
    let nd = if merge {
        cuprum_core::ext::layout::merge_axes(&mut sh, &mut rows)
    } else {
        let keep: Vec<usize> = (0..shape.len()).filter(|&d| shape[d] != 1).collect();
        for (k, &d) in keep.iter().enumerate() {
            sh[k] = shape[d];
            rows.swap(k, d);
        }
        keep.len()
    };
    if nd == 0 {
        return (vec![1], vec![vec![0]; strides.len()]);
    }
    sh.truncate(nd);
    let st = (0..strides.len())
        .map(|k| rows[..nd].iter().map(|r| r[k]).collect())
        .collect();
    (sh, st)
}

/// Whether every index and offset of the geometry fits a signed 32-bit integer.
pub(crate) fn fits_32(n: usize, shape: &[usize], strides: &[Vec<isize>]) -> bool {
    const LIM: i128 = i32::MAX as i128;
    if n as i128 >= LIM {
        return false;
    }
    strides.iter().all(|st| {
        let span: i128 = shape
            .iter()
            .zip(st)
            .map(|(&n, &s)| (n as i128 - 1).max(0) * (s as i128).abs())
            .sum();
        span < LIM
    })
}

/// The builder methods `ElementwiseKernel` and `ReductionKernel` share (each has the fields
/// `name`, `preamble`, `reduce_dims`, `fast_math` and `options`).
macro_rules! kernel_setters {
    () => {
        /// Code placed before the kernel: `__device__` helper functions, constants, typedefs.
        pub fn preamble(mut self, preamble: &str) -> Self {
            self.preamble = preamble.to_string();
            self
        }

        /// Whether to merge axes that every array walks contiguously before generating the
        /// N-d index code (CuPy's `reduce_dims`, default `true`; it changes speed, never
        /// results).
        pub fn reduce_dims(mut self, on: bool) -> Self {
            self.reduce_dims = on;
            self
        }

        /// Opt into NVRTC's `--use_fast_math` (fused multiply-adds, approximate division and
        /// transcendentals). Off by default: kernels compile with `--fmad=false`, so GPU
        /// results of arithmetic equal the CPU's bit for bit. No effect on the CPU.
        pub fn fast_math(mut self, on: bool) -> Self {
            self.fast_math = on;
            self
        }

        /// Extra NVRTC options (e.g. `-I/path/to/headers`, `-DN=4`). Headers `#include`d from
        /// those directories are hashed into the cache key.
        pub fn options(mut self, options: &[&str]) -> Self {
            self.options = options.iter().map(|s| s.to_string()).collect();
            self
        }

        /// The kernel's name.
        pub fn name(&self) -> &str {
            &self.name
        }
    };
}
pub(crate) use kernel_setters;

/// The value cached under `key` in a kernel's per-signature (or per-device) cache, cloned out
/// of the lock (a poisoned lock still holds a usable map: entries are inserted whole).
pub(crate) fn cached<K: Eq + std::hash::Hash, V: Clone>(
    cache: &std::sync::Mutex<std::collections::HashMap<K, V>>,
    key: &K,
) -> Option<V> {
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(key)
        .cloned()
}

/// Records `d` as the device of one of a launch's arrays: the first one sets it, every other
/// must match it.
///
/// # Errors
/// [`Error::DeviceMismatch`] naming `op` and both devices.
pub(crate) fn join_device(op: &'static str, seen: &mut Option<Device>, d: Device) -> Result<()> {
    match *seen {
        None => *seen = Some(d),
        Some(x) if x != d => {
            return Err(Error::DeviceMismatch { op, lhs: x, rhs: d }.into());
        }
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broadcasting_and_collapse() {
        assert_eq!(broadcast_all("k", &[&[3, 1], &[4]]).unwrap(), vec![3, 4]);
        assert_eq!(broadcast_all("k", &[]).unwrap(), Vec::<usize>::new());
        let e = broadcast_all("k", &[&[3], &[4]]).unwrap_err();
        assert!(matches!(e, KernelError::Core(Error::Broadcast { .. })));
        // a C-contiguous (2,3,4) collapses to one axis; a transposed one does not
        let (sh, st) = collapse(&[2, 3, 4], &[vec![12, 4, 1]], true);
        assert_eq!((sh, st), (vec![24], vec![vec![1]]));
        let (sh, _) = collapse(&[2, 3], &[vec![1, 2]], true);
        assert_eq!(sh, vec![2, 3]);
        let (sh, st) = collapse(&[1, 1], &[vec![0, 0]], true);
        assert_eq!((sh, st), (vec![1], vec![vec![0]]));
        assert!(fits_32(100, &[10, 10], &[vec![10, 1]]));
        assert!(!fits_32(1 << 31, &[1 << 31], &[vec![1]]));
    }
}
