//! `cuprum::fuse`: many elementwise operations (and a final reduction) at the cost of one —
//! CuPy's `cupy.fuse`, for Rust closures.
//!
//! [`fuse`] turns a function over symbolic arrays ([`Var`]), written with cuprum's own ufunc
//! names, operators, weak scalars, [`where_`](prelude::where_), casts
//! ([`Var::astype`]) and an optional final reduction ([`sum`](prelude::sum),
//! [`prod`](prelude::prod), [`max`](prelude::max), [`min`](prelude::min)), into a [`Fused`]
//! function. Calling it traces the body once per call signature (argument dtypes and scalar
//! values), then:
//! - on a **CUDA** device, launches one generated kernel per (signature, layout class) —
//!   vectorized 16-byte loads when every array is contiguous, an N-d strided kernel otherwise —
//!   compiled once through core's NVRTC cache;
//! - on the **CPU**, makes one pass over memory in boxes of a few thousand elements (rayon
//!   across boxes), each node computed by core's own CPU loop into a per-task scratch buffer.
//!
//! **Semantics**: exactly the unfused calls'. Every node's dtype comes from core's promotion
//! rules (NumPy 2, NEP 50 weak scalars: `ext::promote`), the implicit casts are the ones the
//! unfused calls make, and every node computes with the same element code (core's CPU loops;
//! `kernels/math.cuh`'s `op_*` on CUDA, each node's value rounded to its dtype before the next
//! node reads it: no FMA across nodes), so a fused result has the dtype and the bits of the
//! unfused one. Two documented differences: an integer `power` with a negative
//! exponent *array* is not checked (the unfused call reports NumPy's `ValueError`; fused gives
//! the backends' value, 0 or ±1), and `nextafter` of float16/bfloat16 is not fused on CUDA.
//!
//! **The final reduction** is fused as well: one pass over the inputs, no temporary of the map.
//! On CUDA one kernel per (signature, geometry class): core's strided reduction kernels (the
//! ones [`ReductionKernel`](crate::ReductionKernel) uses: a block per output or per piece of a
//! long reduced range with 16-byte vector loads when the reduced axis is contiguous, a
//! second-stage kernel over the pieces, or a thread per output) with the fused element function
//! as the map, each input read at its broadcast strides; on the CPU each box's map is reduced as
//! soon as it is computed. Dtypes and identities are core's (`sum` of int32 or bool is int64, of
//! float16 float16 accumulated in float32; integers wrap; `max`/`min` propagate NaN and keep the
//! dtype). Integer results, `max` and `min` are exactly the unfused ones; float sums and
//! products are combined in another order than core's pairwise/tree order and may differ in
//! the last bits (within n·ε). A map with no elements runs unfused (core's reduction of the
//! empty map: `sum` 0, `prod` 1, `max`/`min` core's error).
//!
//! Closures work (CuPy's fuse fails on a lambda); a body may capture values. A body must be a
//! pure function of its arguments' dtypes: it is traced once per signature and the trace is
//! reused.
//!
//! # Example
//! ```
//! use cuprum_core::{Array, Device};
//! use cuprum_kernel::fuse::prelude::*;
//! let alpha = 0.25;
//! let step = fuse(move |c: Var, n: Var, s: Var| c + alpha * (n + s - 2.0 * c));
//! let c = Array::from_vec_on(vec![1.0f32, 2.0], &[2], Device::Cpu)?;
//! let n = Array::from_vec_on(vec![3.0f32, 2.0], &[2], Device::Cpu)?;
//! let r = step.call(args![&c, &n, &n])?;
//! assert_eq!(r.to_vec::<f32>()?, vec![2.0, 2.0]);
//! # Ok::<(), cuprum_kernel::KernelError>(())
//! ```

mod cpu;
pub(crate) mod cuda;
pub(crate) mod graph;
mod ops;

pub use graph::Var;

use crate::args::Arg;
use crate::common::broadcast_all;
use crate::error::{KernelError, Result};
use cuprum_core::ext::check_out;
use cuprum_core::reduce::ReduceOp;
use cuprum_core::{Array, DType, Device, Error, Scalar};
use graph::{Reduce, ReduceKind, Trace};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What a fused program usually imports: [`fuse`], [`Fused`], [`Var`], the ufuncs and
/// reductions over `Var`s, [`args!`](crate::args), [`DType`] and [`Axes`](cuprum_core::Axes).
///
/// The function names are cuprum's (`exp`, `maximum`, `where_`, `sum`, ...); they take `Var`s
/// (or Rust numbers, weak scalars) instead of arrays. Import the prelude where the body is
/// written, not next to `use cuprum::*` in one scope (the names would be ambiguous).
pub mod prelude {
    pub use super::ops::*;
    pub use super::{FuseBody, Fused, Var, fuse};
    pub use crate::{Arg, args};
    pub use cuprum_core::{Axes, DType};
}

/// A function body that [`fuse`] accepts: a closure or function of 1 to 8 [`Var`]s returning a
/// `Var` (`|a: Var, b: Var| exp(a) * b + a`), or of a slice of them (`|v: &[Var]| v[0] + v[1]`,
/// any number of arguments). `Args` only tells the forms apart.
pub trait FuseBody<Args>: Send + Sync + 'static {
    /// The number of arguments (`None`: any, for the slice form).
    fn arity(&self) -> Option<usize>;
    /// Runs the body on symbolic arguments (`vars.len()` is the arity).
    fn trace(&self, vars: &[Var]) -> Var;
}

macro_rules! fuse_body {
    ($($n:literal: $($i:tt),*;)*) => {$(
        impl<F: Fn($(fuse_body!(@var $i)),*) -> Var + Send + Sync + 'static>
            FuseBody<($(fuse_body!(@var $i),)*)> for F
        {
            fn arity(&self) -> Option<usize> {
                Some($n)
            }
            fn trace(&self, vars: &[Var]) -> Var {
                self($(vars[$i]),*)
            }
        }
    )*};
    (@var $i:tt) => { Var };
}

fuse_body! {
    1: 0;
    2: 0, 1;
    3: 0, 1, 2;
    4: 0, 1, 2, 3;
    5: 0, 1, 2, 3, 4;
    6: 0, 1, 2, 3, 4, 5;
    7: 0, 1, 2, 3, 4, 5, 6;
    8: 0, 1, 2, 3, 4, 5, 6, 7;
}

impl<F: Fn(&[Var]) -> Var + Send + Sync + 'static> FuseBody<Vec<Var>> for F {
    fn arity(&self) -> Option<usize> {
        None
    }
    fn trace(&self, vars: &[Var]) -> Var {
        self(vars)
    }
}

/// One argument of a call signature: an array's dtype, or a scalar argument's value (it takes
/// part in promotion, so it is part of the trace).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum SigItem {
    Array(DType),
    Scalar(u8, u64, u64),
}

fn sig_item(a: &Arg<'_>) -> SigItem {
    match a {
        Arg::Array(x) => SigItem::Array(x.dtype()),
        Arg::Scalar(s) => match *s {
            Scalar::Bool(b) => SigItem::Scalar(0, b as u64, 0),
            Scalar::Int(i) => SigItem::Scalar(1, i as u64, 0),
            Scalar::UInt(u) => SigItem::Scalar(2, u, 0),
            Scalar::Float(f) => SigItem::Scalar(3, f.to_bits(), 0),
            Scalar::Complex(c) => SigItem::Scalar(4, c.re.to_bits(), c.im.to_bits()),
        },
    }
}

/// A trace and what each device keeps for it.
#[derive(Debug)]
struct Compiled {
    trace: Trace,
    consts: Vec<(u32, DType, Vec<u8>)>,
    gpu: cuda::GpuCache,
}

/// A traced body, whatever its arity.
type Body = Box<dyn Fn(&[Var]) -> Var + Send + Sync>;

/// Traces kept per fused function before the cache is emptied (a scalar argument that changes
/// every call makes a new signature each time).
const MAX_TRACES: usize = 256;

/// A fused function (CuPy's `cupy.fuse(f)`): call it with [`call`](Fused::call) or write its
/// result into an existing array or view with [`call_into`](Fused::call_into).
///
/// `Fused` is `Send + Sync`; its traces and compiled kernels are cached inside it, so keep it
/// (build it once, call it in the loop).
pub struct Fused {
    name: String,
    arity: Option<usize>,
    body: Body,
    traces: Mutex<HashMap<Vec<SigItem>, Arc<Compiled>>>,
}

impl std::fmt::Debug for Fused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fused")
            .field("name", &self.name)
            .field("arity", &self.arity)
            .finish_non_exhaustive()
    }
}

/// Fuses `body` into one kernel per call signature (CuPy's `cupy.fuse`).
///
/// **Shapes**: the array arguments broadcast together (NumPy's rules); the result has the
/// broadcast shape of the arguments the body reads, or the reduced shape.
/// **dtypes**: those of the unfused calls (see the [module docs](self)).
///
/// The body receives one [`Var`] per argument and returns the result; annotate the parameters
/// (`|a: Var, b: Var| ...`). It runs when a new signature is first called, not here.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_kernel::fuse::prelude::*;
/// let f = fuse(|x: Var, y: Var| 2.0 * x + y);
/// let x = Array::from_vec_on(vec![1.0f32, 2.0, 3.0], &[3], Device::Cpu)?;
/// let y = Array::from_vec_on(vec![0.5f32], &[1], Device::Cpu)?;
/// assert_eq!(f.call(args![&x, &y])?.to_vec::<f32>()?, vec![2.5, 4.5, 6.5]);
/// # Ok::<(), cuprum_kernel::KernelError>(())
/// ```
pub fn fuse<M, F: FuseBody<M>>(body: F) -> Fused {
    let arity = body.arity();
    Fused {
        name: "fused".into(),
        arity,
        body: Box::new(move |v: &[Var]| body.trace(v)),
        traces: Mutex::new(HashMap::new()),
    }
}

impl Fused {
    /// The same function under another name (used in errors).
    pub fn with_name(mut self, name: &str) -> Fused {
        self.name = name.to_string();
        self
    }

    /// The function's name (`"fused"` unless set with [`with_name`](Self::with_name)).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Calls the function: `args` are arrays (all on one device) and scalars (weak, as Rust
    /// numbers in the body), one per parameter; build them with [`args!`](crate::args).
    /// Returns a new array on the arrays' device (the current device when there are none).
    ///
    /// # Errors
    /// [`KernelError::ArgCount`] for a wrong number of arguments; core's errors of the unfused
    /// calls, with their names (`Error::Broadcast`, `Error::DType` for an operation without a
    /// loop for its dtype, `Error::Overflow` for a weak integer that does not fit,
    /// `Error::DeviceMismatch`); [`KernelError::InvalidSpec`] for a body that misuses a `Var`
    /// (one from another body, an operation after the reduction);
    /// [`KernelError::UnsupportedDType`] for `nextafter` of 16-bit floats on CUDA.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, DType, Device};
    /// use cuprum_kernel::fuse::prelude::*;
    /// let f = fuse(|x: Var, s: Var| sum(x * s, Axes::All, false));
    /// let x = Array::from_vec_on(vec![1i32, 2, 3], &[3], Device::Cpu)?;
    /// let r = f.call(args![&x, 2])?;
    /// assert_eq!(r.dtype(), DType::Int64); // sum of int32 is int64, as unfused
    /// assert_eq!(r.to_vec::<i64>()?, vec![12]);
    /// # Ok::<(), cuprum_kernel::KernelError>(())
    /// ```
    pub fn call(&self, args: &[Arg<'_>]) -> Result<Array> {
        self.run(args, None)
    }

    /// Calls the function writing the result into `out` (NumPy's `out=`, and how
    /// `u[1:-1, 1:-1] = f(...)` is written: `f.call_into(args, &u.slice(s![1..-1, 1..-1])?)`).
    ///
    /// **Shapes**: the result broadcasts to `out.shape()`; it is cast to `out.dtype()` under
    /// NumPy's `same_kind` rule. `out` may be any non-broadcast view, strided or not; when it
    /// shares a buffer with an argument, the result goes through a temporary first (as
    /// NumPy's assignment does), otherwise the kernel writes `out` directly.
    ///
    /// # Errors
    /// As [`call`](Self::call); `Error::Broadcast` when the result does not broadcast to
    /// `out`'s shape, `Error::DType` when the cast is not `same_kind`,
    /// `Error::BadArgument` when `out` is a broadcast view, `Error::DeviceMismatch`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device, s};
    /// use cuprum_kernel::fuse::prelude::*;
    /// let f = fuse(|a: Var, b: Var| (a + b) * 0.5);
    /// let u = Array::from_vec_on(vec![0.0f64, 4.0, 8.0, 0.0], &[4], Device::Cpu)?;
    /// let inner = u.slice(s![1..3])?;
    /// f.call_into(args![&u.slice(s![0..2])?, &u.slice(s![2..4])?], &inner)?;
    /// assert_eq!(u.to_vec::<f64>()?, vec![0.0, 4.0, 2.0, 0.0]);
    /// # Ok::<(), cuprum_kernel::KernelError>(())
    /// ```
    pub fn call_into(&self, args: &[Arg<'_>], out: &Array) -> Result<()> {
        self.run(args, Some(out)).map(|_| ())
    }

    /// The CUDA C source a call with these arguments compiles (for inspection and tests):
    /// the contiguous class with `vec` elements per thread when `strided_axes` is `None`, else
    /// the strided class with that many axes and 32-bit indices. Traces the body (no device is
    /// needed).
    ///
    /// # Errors
    /// As [`call`](Self::call) for a body that cannot be traced with these arguments.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_kernel::fuse::prelude::*;
    /// let f = fuse(|a: Var, b: Var| exp(a) * b + a);
    /// let a = Array::from_vec_on(vec![1.0f32], &[1], Device::Cpu)?;
    /// let src = f.cuda_source(args![&a, &a], 4, None)?;
    /// assert!(src.contains("op_exp(ld(v0))"));
    /// # Ok::<(), cuprum_kernel::KernelError>(())
    /// ```
    pub fn cuda_source(
        &self,
        args: &[Arg<'_>],
        vec: u8,
        strided_axes: Option<u8>,
    ) -> Result<String> {
        let c = self.compiled(args)?;
        let dts: Vec<Option<DType>> = args
            .iter()
            .enumerate()
            .map(|(k, a)| match a {
                Arg::Array(x) if c.trace.used[k] => Some(x.dtype()),
                _ => None,
            })
            .collect();
        let class = match strided_axes {
            None => cuda::Class::Contig { vec, ones: 0 },
            Some(nd) => cuda::Class::Strided { nd, wide: false },
        };
        Ok(cuda::source(&c.trace, &dts, class))
    }

    /// The CUDA C source a call of a body ending in a reduction compiles (for inspection and
    /// tests): core's strided reduction kernels (`cuprum_fused_red_block`, `_blockv`, `_finish`,
    /// `_thread`) over `kept_axes` kept and `reduced_axes` reduced axes (after merging; at
    /// least 1 each), 64-bit indices when `wide`, with the fused element function as the map.
    /// Traces the body (no device is needed).
    ///
    /// # Errors
    /// As [`call`](Self::call) for a body that cannot be traced with these arguments;
    /// [`KernelError::InvalidSpec`] for a body without a final reduction.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_kernel::fuse::prelude::*;
    /// let f = fuse(|a: Var, b: Var| sum(exp(a) * b + a, Axes::All, false));
    /// let a = Array::from_vec_on(vec![1.0f32], &[1], Device::Cpu)?;
    /// let src = f.cuda_reduction_source(args![&a, &a], 1, 1, false)?;
    /// assert!(src.contains("cast<float>(ld(cuprum_fuse_eval(x0, x1)))"));
    /// # Ok::<(), cuprum_kernel::KernelError>(())
    /// ```
    pub fn cuda_reduction_source(
        &self,
        args: &[Arg<'_>],
        kept_axes: u8,
        reduced_axes: u8,
        wide: bool,
    ) -> Result<String> {
        let c = self.compiled(args)?;
        let t = &c.trace;
        let Some(r) = &t.reduce else {
            return Err(KernelError::InvalidSpec {
                kernel: self.name.clone(),
                what: "body",
                reason: "the body has no final reduction".into(),
            });
        };
        let dts: Vec<Option<DType>> = args
            .iter()
            .enumerate()
            .map(|(k, a)| match a {
                Arg::Array(x) if t.used[k] => Some(x.dtype()),
                _ => None,
            })
            .collect();
        let (acc, result) = reduce_dtypes(r.kind, t.out_dtype())?;
        let rt = cuda::RedTypes {
            kind: r.kind,
            acc,
            result,
        };
        Ok(cuda::reduce_source(t, &dts, rt, kept_axes.max(1), reduced_axes.max(1), wide).text)
    }

    fn compiled(&self, args: &[Arg<'_>]) -> Result<Arc<Compiled>> {
        let key: Vec<SigItem> = args.iter().map(sig_item).collect();
        if let Some(c) = crate::common::cached(&self.traces, &key) {
            return Ok(c);
        }
        let (g, root) = graph::with_new_graph(&self.name, || {
            let vars: Vec<Var> = args
                .iter()
                .enumerate()
                .map(|(k, a)| match a {
                    Arg::Array(x) => graph::input_var(k, x.dtype()),
                    Arg::Scalar(s) => Var::from(*s),
                })
                .collect();
            (self.body)(&vars)
        });
        let trace = Trace::finish(g, root, args.len())?;
        let consts = cuda::constants(&trace);
        let c = Arc::new(Compiled {
            trace,
            consts,
            gpu: cuda::GpuCache::default(),
        });
        let mut m = self.traces.lock().unwrap_or_else(|p| p.into_inner());
        if m.len() >= MAX_TRACES {
            m.clear();
        }
        m.insert(key, c.clone());
        Ok(c)
    }

    fn run(&self, args: &[Arg<'_>], out: Option<&Array>) -> Result<Array> {
        const OP: &str = "fuse";
        if let Some(n) = self.arity
            && args.len() != n
        {
            return Err(KernelError::ArgCount {
                kernel: self.name.clone(),
                expected: n.to_string(),
                got: args.len(),
            });
        }
        let device = crate::common::args_device(OP, args)?;
        let c = self.compiled(args)?;
        let t = &c.trace;
        // the broadcast shape of the arrays the body reads
        let shapes: Vec<&[usize]> = args
            .iter()
            .enumerate()
            .filter_map(|(k, a)| match a {
                Arg::Array(x) if t.used[k] => Some(x.shape()),
                _ => None,
            })
            .collect();
        let shape = broadcast_all(OP, &shapes)?;
        if let Some(o) = out
            && o.device() != device
        {
            return Err(Error::DeviceMismatch {
                op: OP,
                lhs: device,
                rhs: o.device(),
            }
            .into());
        }
        if let Some(r) = &t.reduce {
            let r = self.reduce(&c, args, &shape, device, r)?;
            return match out {
                None => Ok(r),
                Some(o) => {
                    check_out("fuse", o, r.shape(), r.dtype(), r.device())?;
                    o.assign(&r)?;
                    Ok(o.clone())
                }
            };
        }
        self.map(&c, args, &shape, device, out)
    }

    /// The map and its final reduction `r` in one kernel (CUDA) or one pass (CPU); an empty
    /// map runs unfused (the map, then core's reduction: its identities and errors).
    fn reduce(
        &self,
        c: &Compiled,
        args: &[Arg<'_>],
        shape: &[usize],
        device: Device,
        r: &Reduce,
    ) -> Result<Array> {
        let t = &c.trace;
        let total: usize = shape.iter().product();
        if total == 0 {
            let m = self.map(c, args, shape, device, None)?;
            return Ok(match r.kind {
                ReduceKind::Sum => m.sum(r.axes.clone(), r.keepdims),
                ReduceKind::Prod => m.prod(r.axes.clone(), r.keepdims),
                ReduceKind::Max => m.max(r.axes.clone(), r.keepdims),
                ReduceKind::Min => m.min(r.axes.clone(), r.keepdims),
            }?);
        }
        let axes = r.axes.resolve(r.kind.name(), shape.len())?;
        let (acc, result) = reduce_dtypes(r.kind, t.out_dtype())?;
        let mut inputs: Vec<Option<Array>> = Vec::with_capacity(args.len());
        for (k, a) in args.iter().enumerate() {
            inputs.push(match a {
                Arg::Array(x) if t.used[k] => Some(x.broadcast_to(shape)?),
                _ => None,
            });
        }
        let kept: Vec<usize> = (0..shape.len())
            .filter(|d| !axes.contains(d))
            .map(|d| shape[d])
            .collect();
        let res = match device {
            Device::Cuda(ord) => {
                cuda::check(t, &self.name)?;
                let red: Vec<bool> = (0..shape.len()).map(|d| axes.contains(&d)).collect();
                let dst = Array::empty_on(&kept, result, device)?;
                let rt = cuda::RedTypes {
                    kind: r.kind,
                    acc,
                    result,
                };
                cuda::run_reduce(
                    &self.name, t, &c.gpu, &c.consts, ord, &inputs, shape, &red, rt, &dst,
                )?;
                dst
            }
            _ => {
                #[cfg(feature = "codegen-snapshot")]
                crate::snapshot::fuse_reduce(
                    &self.name, t, &inputs, shape, &axes, r.kind, acc, result,
                );
                let a = cpu::reduce(t, &inputs, shape, &axes, r.kind, acc)?;
                if a.dtype() == result {
                    a
                } else {
                    a.astype(result)?
                }
            }
        };
        if r.keepdims {
            let kshape: Vec<usize> = (0..shape.len())
                .map(|d| if axes.contains(&d) { 1 } else { shape[d] })
                .collect();
            Ok(cuprum_core::ext::with_layout(
                &res,
                cuprum_core::Layout::contiguous(&kshape),
            )?)
        } else {
            Ok(res)
        }
    }

    /// The elementwise part, into a new array or into `out`.
    fn map(
        &self,
        c: &Compiled,
        args: &[Arg<'_>],
        shape: &[usize],
        device: Device,
        out: Option<&Array>,
    ) -> Result<Array> {
        let t = &c.trace;
        let o = t.out_dtype();
        let mut inputs: Vec<Option<Array>> = Vec::with_capacity(args.len());
        for (k, a) in args.iter().enumerate() {
            inputs.push(match a {
                Arg::Array(x) if t.used[k] => Some(x.broadcast_to(shape)?),
                _ => None,
            });
        }
        if device.is_cuda() {
            cuda::check(t, &self.name)?;
        }
        let compute = |dst: &Array| -> Result<()> {
            if dst.size() == 0 {
                return Ok(());
            }
            match device {
                Device::Cuda(ord) => cuda::run(&self.name, t, &c.gpu, &c.consts, ord, &inputs, dst),
                _ => {
                    #[cfg(feature = "codegen-snapshot")]
                    crate::snapshot::fuse(&self.name, t, &inputs, dst);
                    cpu::run(t, &inputs, dst)
                }
            }
        };
        match out {
            None => {
                let r = Array::empty_on(shape, o, device)?;
                compute(&r)?;
                Ok(r)
            }
            Some(out) => {
                check_out("fuse", out, shape, o, device)?;
                let aliased = inputs.iter().flatten().any(|x| x.shares_storage(out));
                if out.dtype() == o && !aliased && out.shape() == shape {
                    compute(out)?;
                } else {
                    let tmp = Array::empty_on(shape, o, device)?;
                    compute(&tmp)?;
                    out.assign(&tmp)?;
                }
                Ok(out.clone())
            }
        }
    }
}

/// core's accumulator and result dtypes of a reduction of a map of dtype `map`: `sum` of int32
/// is int64, of float16 float16 accumulated in float32; `max` and `min` compare float16 in
/// float32 and keep the dtype.
fn reduce_dtypes(kind: ReduceKind, map: DType) -> Result<(DType, DType)> {
    Ok(match kind {
        ReduceKind::Sum => ReduceOp::Sum.dtypes(map, None)?,
        ReduceKind::Prod => ReduceOp::Prod.dtypes(map, None)?,
        ReduceKind::Max | ReduceKind::Min => match map {
            DType::Float16 | DType::BFloat16 => (DType::Float32, map),
            d => (d, d),
        },
    })
}
