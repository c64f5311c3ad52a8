//! [`ElementwiseKernel`]: CuPy's elementwise user kernel.

use crate::args::Arg;
use crate::codegen::{EwSpec, PassKind, elementwise_source};
use crate::common::{
    Slot, broadcast_all, checked_size, collapse, cpu_compile_error, cuda_ordinal, nvrtc_options,
    raw_arg, resolve, typedefs, var_spec,
};
use crate::cpu;
use crate::error::{KernelError, Result};
use crate::params::{Binding, Param, check_names, is_ident, parse_params};
use crate::source::{ArgPack, IntStruct, map_compile_error, with_header_hashes};
use cuprum_core::ext::codegen::ElementwiseLayout;
use cuprum_core::ext::nvrtc::{Function, LaunchConfig};
use cuprum_core::{Array, DType, Device, Error};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

const OP: &str = "ElementwiseKernel";

/// The host-side result of [`ElementwiseKernel::plan_gpu`].
pub(crate) struct GpuPlan {
    pub(crate) pass: Vec<PassKind>,
    pub(crate) layout: ElementwiseLayout,
    pack: ArgPack,
    cfg: LaunchConfig,
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct GpuKey {
    ordinal: usize,
    dtypes: Vec<DType>,
    pass: Vec<PassKind>,
    layout: ElementwiseLayout,
}

type CpuKey = Vec<(DType, PassKind)>;

/// A user kernel applied elementwise over broadcast arrays, CuPy's
/// `cupy.ElementwiseKernel(in_params, out_params, operation, name)`.
///
/// **Parameters**: `in_params` and `out_params` are comma-separated `[raw] <type> <name>`;
/// `<type>` is a NumPy dtype name (`float32`, `int64`, `uint8`, `bool`, `complex64`, ...), which
/// fixes the argument's dtype, or a type placeholder (`T`, `U`, ... any other identifier), bound
/// at call time to the dtype of the first array carrying it (passed outputs first, then inputs
/// in order). A scalar argument takes its parameter's type; a placeholder bound by nothing else
/// binds to the scalar's NumPy type (`int64`, `float64`, `bool`, `complex128`). There is no
/// implicit cast: an array of another dtype is an error, as CuPy's `TypeError`.
///
/// **Shapes**: the non-raw array arguments (passed outputs included) broadcast together; the
/// body runs once per element of the broadcast shape in C order, with `i` (a signed 64-bit
/// index) and `_ind.size()` (the loop size). Created outputs have that shape. A `raw` parameter
/// is the whole array: `x[k]` is its element at the flat C-order index `k`, `x.size()` its
/// length. With only raw arrays, [`call_sized`](Self::call_sized) gives the loop size.
///
/// **The body** is CUDA C++: a non-raw input is a `const` reference to its element, an output
/// a writable reference; C semantics (integer promotion, truncating division, wrapping
/// unsigned arithmetic, conversions on assignment). The C types are CuPy's: `bool`,
/// `signed char`, `short`, `int`, `long long`, the unsigned ones, `float16`, `float`, `double`,
/// `complex<float>`, `complex<double>`; a placeholder is a `typedef`. `preamble` is placed
/// before the kernel (`__device__` helpers), `loop_prep` before the loop and `after_loop`
/// after it.
///
/// **Devices**: on a CUDA device the kernel is generated as CUDA C (a vectorized contiguous
/// path, else an N-d strided path with 32-bit indices when every index fits and 64-bit
/// otherwise), compiled by NVRTC through cuprum's cache (memory and disk, keyed by the whole
/// source: preamble and headers included) with `--fmad=false`, so that `a * b + c` rounds twice
/// as on the CPU (opt into contraction with [`fast_math`](Self::fast_math)); the compiled
/// function is kept in the kernel object per (dtypes, layout class, device), so a repeated
/// call does not hash the source. On the CPU the same text runs through cuprum's CPU kernel
/// engine (a C-subset compiler), with bit-identical results for arithmetic, comparisons,
/// casts and integer operations.
///
/// # Errors
/// At construction: [`KernelError::Params`] for a parameter list that does not parse,
/// [`KernelError::InvalidSpec`] for a name that is not an identifier. At call time:
/// [`KernelError::ArgCount`], [`KernelError::DTypeMismatch`],
/// [`KernelError::PlaceholderConflict`], a broadcast error (`cuprum_core::Error::Broadcast`),
/// [`KernelError::BadArgument`] (scalar for an output, `size` misuse),
/// [`KernelError::Compile`] with the user's lines, or a core error (device, memory).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_kernel::{ElementwiseKernel, args};
/// let k = ElementwiseKernel::new("float32 x, float32 y", "float32 z", "z = x + y * 2;", "add_mul")?;
/// let x = Array::from_vec_on(vec![1.0f32, 2.0, 3.0], &[3], Device::Cpu)?;
/// let y = Array::from_vec_on(vec![10.0f32, 20.0, 30.0], &[3], Device::Cpu)?;
/// let z = k.call_one(args![&x, &y])?;
/// assert_eq!(z.to_vec::<f32>()?, vec![21.0, 42.0, 63.0]);
/// # Ok::<(), cuprum_kernel::KernelError>(())
/// ```
pub struct ElementwiseKernel {
    name: String,
    params: Vec<Param>,
    nin: usize,
    operation: String,
    preamble: String,
    loop_prep: String,
    after_loop: String,
    reduce_dims: bool,
    no_return: bool,
    fast_math: bool,
    options: Vec<String>,
    /// compiled functions by signature, searched linearly (a kernel has a handful): a cached
    /// call compares slices in place, with no key allocation and no hashing.
    gpu: Mutex<Vec<(GpuKey, Function)>>,
    cpu: Mutex<HashMap<CpuKey, Arc<cpu::ElementwiseProgram>>>,
}

impl std::fmt::Debug for ElementwiseKernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ElementwiseKernel")
            .field("name", &self.name)
            .field("params", &self.params)
            .field("operation", &self.operation)
            .finish_non_exhaustive()
    }
}

pub(crate) fn check_kernel_name(name: &str) -> Result<()> {
    if is_ident(name) {
        Ok(())
    } else {
        Err(KernelError::InvalidSpec {
            kernel: name.to_string(),
            what: "name",
            reason: "a kernel name must be a C identifier".into(),
        })
    }
}

impl ElementwiseKernel {
    /// A kernel from CuPy's four constructor arguments (see the type's documentation).
    ///
    /// # Errors
    /// [`KernelError::Params`] when a parameter list does not parse or names clash;
    /// [`KernelError::InvalidSpec`] when `name` is not a C identifier.
    pub fn new(in_params: &str, out_params: &str, operation: &str, name: &str) -> Result<Self> {
        check_kernel_name(name)?;
        let ins = parse_params(name, "in_params", in_params, false)?;
        let outs = parse_params(name, "out_params", out_params, true)?;
        let nin = ins.len();
        let mut params = ins;
        params.extend(outs);
        check_names(name, &params, &[])?;
        Ok(ElementwiseKernel {
            name: name.to_string(),
            params,
            nin,
            operation: operation.to_string(),
            preamble: String::new(),
            loop_prep: String::new(),
            after_loop: String::new(),
            reduce_dims: true,
            no_return: false,
            fast_math: false,
            options: Vec::new(),
            gpu: Mutex::new(Vec::new()),
            cpu: Mutex::new(HashMap::new()),
        })
    }

    crate::common::kernel_setters!();

    /// Code run once per thread before the loop.
    pub fn loop_prep(mut self, code: &str) -> Self {
        self.loop_prep = code.to_string();
        self
    }

    /// Code run once per thread after the loop.
    pub fn after_loop(mut self, code: &str) -> Self {
        self.after_loop = code.to_string();
        self
    }

    /// When `true`, a call returns no arrays (CuPy's `no_return`): pass the outputs.
    pub fn no_return(mut self, on: bool) -> Self {
        self.no_return = on;
        self
    }

    /// Number of input parameters.
    pub fn nin(&self) -> usize {
        self.nin
    }

    /// Number of output parameters.
    pub fn nout(&self) -> usize {
        self.params.len() - self.nin
    }

    /// Runs the kernel: `args` are the inputs, optionally followed by every output (then
    /// written in place; the body may read them first). Returns the outputs (none under
    /// [`no_return`](Self::no_return)).
    ///
    /// # Errors
    /// See the type's documentation.
    pub fn call(&self, args: &[Arg<'_>]) -> Result<Vec<Array>> {
        self.run(args, None)
    }

    /// [`call`](Self::call) for a kernel with one output, returning it.
    ///
    /// # Errors
    /// As [`call`](Self::call); [`KernelError::BadArgument`] when the kernel does not have
    /// exactly one output or returns nothing.
    pub fn call_one(&self, args: &[Arg<'_>]) -> Result<Array> {
        let mut v = self.call(args)?;
        if v.len() != 1 {
            return Err(KernelError::BadArgument {
                kernel: self.name.clone(),
                param: "call_one".into(),
                reason: format!("the call returns {} arrays, not one", v.len()),
            });
        }
        Ok(v.remove(0))
    }

    /// [`call`](Self::call) with an explicit loop size (CuPy's `size=`), for kernels whose
    /// array arguments are all `raw`; created outputs have shape `(size,)`.
    ///
    /// # Errors
    /// As [`call`](Self::call); [`KernelError::BadArgument`] when a non-raw array is given.
    pub fn call_sized(&self, args: &[Arg<'_>], size: usize) -> Result<Vec<Array>> {
        self.run(args, Some(size))
    }

    fn run(&self, args: &[Arg<'_>], size: Option<usize>) -> Result<Vec<Array>> {
        let r = resolve(&self.name, OP, &self.params, self.nin, args)?;
        // the loop shape
        let elem_shapes: Vec<&[usize]> = r
            .slots
            .iter()
            .filter_map(|s| match s {
                Slot::Elem(a) => Some(a.shape()),
                _ => None,
            })
            .collect();
        let shape: Vec<usize> = match size {
            Some(n) => {
                if !elem_shapes.is_empty() {
                    return Err(KernelError::BadArgument {
                        kernel: self.name.clone(),
                        param: "size".into(),
                        reason: "size cannot be given together with non-raw array arguments".into(),
                    });
                }
                vec![n]
            }
            None => {
                if elem_shapes.is_empty() {
                    return Err(KernelError::BadArgument {
                        kernel: self.name.clone(),
                        param: "size".into(),
                        reason: "the loop size is undetermined (no non-raw array argument): \
                                 give it with call_sized"
                            .into(),
                    });
                }
                broadcast_all(OP, &elem_shapes)?
            }
        };
        let n = checked_size(OP, &shape)?;
        // passed non-raw outputs must have the loop shape exactly; no passed output (raw ones
        // included) may be a broadcast view: a stride-0 axis is read-only, as for ufuncs' `out`
        for s in r.slots.iter().skip(self.nin) {
            match s {
                Slot::Elem(a) => {
                    if a.shape() != shape.as_slice() {
                        return Err(Error::Broadcast {
                            op: OP,
                            lhs: shape.clone(),
                            rhs: a.shape().to_vec(),
                        }
                        .into());
                    }
                    cuprum_core::ext::check_out(OP, a, &shape, a.dtype(), r.device)?;
                }
                Slot::Raw(a) => cuprum_core::ext::check_out(OP, a, a.shape(), a.dtype(), r.device)?,
                _ => {}
            }
        }
        // the CPU program (compiled once per signature) before the outputs: an output the
        // body overwrites whole takes a reused buffer, as core's elementwise outputs do
        let cpu_prog = match cuda_ordinal(r.device) {
            None if n > 0 => Some(self.cpu_program(&r.dtypes, &r.slots, &typedefs(&r.binding))?),
            _ => None,
        };
        // create outputs
        let mut slots = r.slots;
        let mut outs: Vec<Array> = Vec::with_capacity(self.nout());
        for (k, slot) in slots.iter_mut().enumerate().skip(self.nin) {
            if matches!(slot, Slot::Create) {
                let a = if cpu_prog.as_ref().is_some_and(|p| p.overwrites(k)) {
                    cuprum_core::ext::empty_for_overwrite(&shape, r.dtypes[k], r.device)?
                } else {
                    Array::empty_on(&shape, r.dtypes[k], r.device)?
                };
                *slot = Slot::Elem(a);
            }
            match slot {
                Slot::Elem(a) | Slot::Raw(a) => outs.push(a.clone()),
                _ => {}
            }
        }
        #[cfg(feature = "codegen-snapshot")]
        if n > 0 && cuda_ordinal(r.device).is_none() {
            crate::snapshot::elementwise(
                self,
                &r.dtypes,
                &slots,
                &shape,
                n,
                &r.binding,
                r.outputs_passed,
            );
        }
        if n > 0 {
            match (&cpu_prog, cuda_ordinal(r.device)) {
                (Some(p), _) => Self::run_cpu(p, &slots, &shape)?,
                (None, None) => {}
                (None, Some(ord)) => self.run_gpu(
                    ord,
                    &r.dtypes,
                    &slots,
                    &shape,
                    n,
                    &r.binding,
                    r.outputs_passed,
                )?,
            }
        }
        Ok(if self.no_return { Vec::new() } else { outs })
    }

    /// The CPU program of a call's signature (compiled on its first call, then cached); `slots`
    /// before the outputs are made (an output to create passes as an element).
    fn cpu_program(
        &self,
        dtypes: &[DType],
        slots: &[Slot],
        tdefs: &[(String, DType)],
    ) -> Result<Arc<cpu::ElementwiseProgram>> {
        let pass: Vec<PassKind> = slots
            .iter()
            .map(|s| match s {
                Slot::Scalar(_) => PassKind::Scalar,
                Slot::Raw(_) => PassKind::Raw(None),
                _ => PassKind::Elem { load: true },
            })
            .collect();
        let key: CpuKey = dtypes.iter().copied().zip(pass.iter().copied()).collect();
        if let Some(p) = crate::common::cached(&self.cpu, &key) {
            return Ok(p);
        }
        let vars: Vec<cpu::VarSpec> = self
            .params
            .iter()
            .zip(dtypes)
            .zip(&pass)
            .map(|((p, &d), &k)| var_spec(p, d, k))
            .collect();
        let p = Arc::new(
            cpu::ElementwiseProgram::compile_with_types(
                &vars,
                tdefs,
                &self.preamble,
                &self.loop_prep,
                &self.operation,
                &self.after_loop,
            )
            .map_err(|d| cpu_compile_error(&self.name, d))?,
        );
        self.cpu
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, p.clone());
        Ok(p)
    }

    fn run_cpu(prog: &cpu::ElementwiseProgram, slots: &[Slot], shape: &[usize]) -> Result<()> {
        // broadcast views (kept alive while the engine runs)
        let mut held: Vec<Option<Array>> = Vec::with_capacity(slots.len());
        for s in slots {
            held.push(match s {
                Slot::Elem(a) => Some(a.broadcast_to(shape)?),
                Slot::Raw(a) => Some(a.clone()),
                _ => None,
            });
        }
        let cargs: Vec<cpu::CpuArg<'_>> = slots
            .iter()
            .zip(&held)
            .map(|(s, h)| match (s, h) {
                (Slot::Scalar(v), _) => cpu::CpuArg::Scalar(v.value),
                (_, Some(a)) => cpu::CpuArg::Array(cuprum_core::ext::view(a)),
                _ => cpu::CpuArg::Scalar(cuprum_core::Scalar::Int(0)),
            })
            .collect();
        prog.run(&cargs, shape)?;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn run_gpu(
        &self,
        ordinal: usize,
        dtypes: &[DType],
        slots: &[Slot],
        shape: &[usize],
        n: usize,
        binding: &Binding,
        outputs_passed: bool,
    ) -> Result<()> {
        let (mut plan, elem) = self.plan_gpu(slots, shape, n, outputs_passed)?;
        let f = self.function(ordinal, dtypes, &plan.pass, plan.layout, binding)?;
        let mut ptrs = plan.pack.pointers();
        // SAFETY: `ptrs` holds one pointer per kernel parameter, in order, each to a value of
        // the parameter's exact type (device pointers as u64, scalars in the dtype's layout,
        // CArray structs, the geometry struct) built from the same pass kinds the source was
        // generated from; every array is on `ordinal` and held by `slots`/`elem` until the
        // launch is queued (frees are stream-ordered); the kernel reads and writes only the
        // elements the layouts address (checked by core when the arrays were made).
        unsafe { cuprum_core::ext::nvrtc::launch(&f, plan.cfg, None, &mut ptrs) }?;
        drop(elem);
        Ok(())
    }

    /// The host half of a GPU launch (no driver call): the layout class, each parameter's
    /// passing, the packed arguments and the grid. Per call it allocates only the argument
    /// buffer, the pass list and the broadcast views of arrays whose shape is not the loop's.
    pub(crate) fn plan_gpu<'s>(
        &self,
        slots: &'s [Slot],
        shape: &[usize],
        n: usize,
        outputs_passed: bool,
    ) -> Result<(GpuPlan, Vec<Cow<'s, Array>>)> {
        // element arrays broadcast to the loop shape (borrowed when already of that shape)
        let mut elem: Vec<Cow<'s, Array>> = Vec::with_capacity(slots.len());
        for s in slots {
            if let Slot::Elem(a) = s {
                elem.push(if a.shape() == shape {
                    Cow::Borrowed(a)
                } else {
                    Cow::Owned(a.broadcast_to(shape)?)
                });
            }
        }
        // layout class
        let contiguous = elem.iter().all(|a| a.is_c_contiguous());
        let mut pack = ArgPack::new();
        let layout;
        let mut geom: Option<IntStruct> = None;
        if contiguous {
            let maxsz = elem
                .iter()
                .map(|a| a.dtype().itemsize())
                .max()
                .unwrap_or(16);
            let mut v = (16 / maxsz).clamp(1, 8);
            let aligned = |v: usize| {
                elem.iter().all(|a| {
                    a.device_ptr()
                        .is_some_and(|p| p % (v * a.dtype().itemsize()) as u64 == 0)
                })
            };
            while v > 1 && !aligned(v) {
                v /= 2;
            }
            layout = ElementwiseLayout::Contiguous { vec: v as u8 };
        } else {
            let strides: Vec<Vec<isize>> = elem.iter().map(|a| a.strides().to_vec()).collect();
            let (sh, st) = collapse(shape, &strides, self.reduce_dims);
            let g = IntStruct::geometry(n, &sh, &st);
            let wide = g.wide;
            layout = ElementwiseLayout::Strided {
                nd: sh.len() as u8,
                wide,
            };
            geom = Some(g);
        }
        // per-parameter passing and arguments
        let mut pass: Vec<PassKind> = Vec::with_capacity(slots.len());
        let mut ei = 0;
        for (k, s) in slots.iter().enumerate() {
            match s {
                Slot::Scalar(v) => {
                    pass.push(PassKind::Scalar);
                    pack.push_bytes(&v.bytes[..v.len], v.len.min(16));
                }
                Slot::Raw(a) => {
                    let (pk, bytes) = raw_arg(a);
                    pass.push(pk);
                    pack.push_bytes(&bytes, 8);
                }
                Slot::Elem(_) => {
                    let a = &elem[ei];
                    ei += 1;
                    pass.push(PassKind::Elem {
                        load: self.params[k].output && outputs_passed,
                    });
                    pack.push_u64(a.device_ptr().unwrap_or(0));
                }
                Slot::Create => unreachable!("outputs are created before the launch"),
            }
        }
        pack.push_i64(n as i64);
        if let Some(g) = &geom {
            pack.push_bytes(&g.bytes, g.align());
        }
        let threads = 256u32;
        let blocks: u64 = match layout {
            ElementwiseLayout::Contiguous { vec } => {
                let v = vec as usize;
                ((n / v + n % v) as u64).div_ceil(threads as u64)
            }
            _ => (n as u64).div_ceil(threads as u64).min(1 << 20),
        };
        let cfg = crate::common::launch_1d(OP, n, blocks, threads)?;
        Ok((
            GpuPlan {
                pass,
                layout,
                pack,
                cfg,
            },
            elem,
        ))
    }

    /// The compiled function of a signature: a linear search of this kernel's cache comparing
    /// the slices in place (no key is built on a hit); compiled and inserted on a miss.
    fn function(
        &self,
        ordinal: usize,
        dtypes: &[DType],
        pass: &[PassKind],
        layout: ElementwiseLayout,
        binding: &Binding,
    ) -> Result<Function> {
        let hit = |k: &GpuKey| {
            k.ordinal == ordinal && k.layout == layout && k.dtypes == dtypes && k.pass == pass
        };
        if let Some((_, f)) = self
            .gpu
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .find(|(k, _)| hit(k))
        {
            return Ok(f.clone());
        }
        let b = self.source(dtypes, pass, layout, binding);
        let opts = nvrtc_options(self.fast_math, &self.options);
        let text =
            crate::compat::for_nvrtc(&b.text, "", cuprum_core::ext::codegen::GENERATED_ORIGIN);
        let src = with_header_hashes(text, &opts);
        let o: Vec<&str> = opts.iter().map(String::as_str).collect();
        let f = cuprum_core::ext::nvrtc::get_function(ordinal, &src, &self.name, &o)
            .map_err(|e| map_compile_error(&self.name, e, &b.sections, &b.text))?;
        let mut cache = self.gpu.lock().unwrap_or_else(|e| e.into_inner());
        if !cache.iter().any(|(k, _)| hit(k)) {
            cache.push((
                GpuKey {
                    ordinal,
                    dtypes: dtypes.to_vec(),
                    pass: pass.to_vec(),
                    layout,
                },
                f.clone(),
            ));
        }
        Ok(f)
    }

    /// Every user text of the kernel (snapshot case names).
    #[cfg(feature = "codegen-snapshot")]
    pub(crate) fn user_text(&self) -> (Vec<String>, [&str; 4]) {
        (
            self.params.iter().map(|p| format!("{p:?}")).collect(),
            [
                &self.operation,
                &self.preamble,
                &self.loop_prep,
                &self.after_loop,
            ],
        )
    }

    /// The generated source of one signature and layout class.
    pub(crate) fn source(
        &self,
        dtypes: &[DType],
        pass: &[PassKind],
        layout: ElementwiseLayout,
        binding: &Binding,
    ) -> cuprum_core::ext::codegen::Generated {
        let tdefs = typedefs(binding);
        let spec = EwSpec {
            name: &self.name,
            params: &self.params,
            dtypes,
            pass,
            typedefs: &tdefs,
            preamble: &self.preamble,
            loop_prep: &self.loop_prep,
            operation: &self.operation,
            after_loop: &self.after_loop,
            layout,
        };
        elementwise_source(&spec)
    }

    /// The CUDA C source generated for a call with these argument dtypes on the contiguous
    /// path (for inspection and tests; every parameter passed as an array element, `raw` ones
    /// as contiguous raw arrays).
    ///
    /// # Errors
    /// [`KernelError::ArgCount`] when `dtypes` does not have one dtype per parameter.
    pub fn cuda_source(&self, dtypes: &[DType]) -> Result<String> {
        if dtypes.len() != self.params.len() {
            return Err(KernelError::ArgCount {
                kernel: self.name.clone(),
                expected: format!("{} dtypes", self.params.len()),
                got: dtypes.len(),
            });
        }
        let mut b = crate::params::Binding::default();
        for (p, &d) in self.params.iter().zip(dtypes) {
            b.bind_array(&self.name, p, d)?;
        }
        let pass: Vec<PassKind> = self
            .params
            .iter()
            .map(|p| {
                if p.raw {
                    PassKind::Raw(None)
                } else {
                    PassKind::Elem { load: false }
                }
            })
            .collect();
        let td = typedefs(&b);
        let spec = EwSpec {
            name: &self.name,
            params: &self.params,
            dtypes,
            pass: &pass,
            typedefs: &td,
            preamble: &self.preamble,
            loop_prep: &self.loop_prep,
            operation: &self.operation,
            after_loop: &self.after_loop,
            layout: ElementwiseLayout::Contiguous { vec: 4 },
        };
        Ok(elementwise_source(&spec).text)
    }
}

/// Whether `d` is a CUDA device (helper for docs and tests).
#[allow(dead_code)]
pub(crate) fn is_gpu(d: Device) -> bool {
    d.is_cuda()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The host half of a cached GPU call (everything before the driver: argument resolution,
    /// output shape, layout class, packing, the cache search) on host arrays: checks the plan
    /// and prints its cost per call (informational; no timing is asserted).
    #[test]
    fn host_plan_of_a_cached_call() {
        let k = ElementwiseKernel::new(
            "float32 x, float32 y",
            "float32 z",
            "z = x + y * 2;",
            "add_mul_kernel",
        )
        .unwrap();
        let x = Array::from_vec_on(vec![1.0f32; 1024], &[1024], Device::Cpu).unwrap();
        let y = Array::from_vec_on(vec![2.0f32; 1024], &[1024], Device::Cpu).unwrap();
        let z = Array::from_vec_on(vec![0.0f32; 1024], &[1024], Device::Cpu).unwrap();
        let args = [Arg::Array(&x), Arg::Array(&y), Arg::Array(&z)];
        let plan = |k: &ElementwiseKernel| {
            let r = resolve(&k.name, OP, &k.params, k.nin, &args).unwrap();
            let (p, elem) = k.plan_gpu(&r.slots, &[1024], 1024, true).unwrap();
            // the cache search a hit does (empty here: nothing can be compiled without a GPU)
            let found = k
                .gpu
                .lock()
                .unwrap()
                .iter()
                .any(|(g, _)| g.dtypes == r.dtypes && g.pass == p.pass);
            (p, elem.len(), found)
        };
        let (mut p, ne, found) = plan(&k);
        assert_eq!(ne, 3);
        assert!(!found);
        assert_eq!(p.layout, ElementwiseLayout::Contiguous { vec: 1 }); // host pointers: no alignment known
        assert_eq!(
            p.pass,
            vec![
                PassKind::Elem { load: false },
                PassKind::Elem { load: false },
                PassKind::Elem { load: true },
            ]
        );
        assert_eq!(p.pack.pointers().len(), 4); // x, y, z, n
        assert_eq!((p.cfg.grid.0, p.cfg.block.0), (4, 256));
        let reps = 20_000;
        let t = std::time::Instant::now();
        for _ in 0..reps {
            std::hint::black_box(plan(&k));
        }
        eprintln!(
            "host plan of a cached ElementwiseKernel call (3 arrays of 1024 float32): {:.0} ns",
            t.elapsed().as_secs_f64() * 1e9 / reps as f64
        );
    }
}
