//! [`ReductionKernel`]: CuPy's reduction user kernel.

use crate::args::Arg;
use crate::codegen::{PassKind, RED_BLOCK, RED_UNROLL, RedSpec, reduction_source};
use crate::common::{
    Slot, broadcast_all, checked_size, collapse, cpu_compile_error, cuda_ordinal, fits_32,
    nvrtc_options, raw_arg, resolve, typedefs, var_spec,
};
use crate::cpu;
use crate::elementwise::check_kernel_name;
use crate::error::{KernelError, Result};
use crate::params::{Param, ParamType, c_dtype, check_names, numpy_dtype, parse_params};
use crate::source::{ArgPack, IntStruct, map_compile_error, with_header_hashes};
use cuprum_core::ext::nvrtc::{Function, LaunchConfig, Module};
use cuprum_core::reduce::Axes;
use cuprum_core::{Array, DType, Error, Layout};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

const OP: &str = "ReductionKernel";

/// Blocks per multiprocessor that the block strategy aims for in all (16: 3582 GB/s for a
/// 2^27 float32 L2 norm on an H200); `CUPRUM_KERNEL_RED_BLOCKS_PER_SM` (1 to 64, read once)
/// overrides it, for tuning on a new device.
fn blocks_per_sm() -> usize {
    static B: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *B.get_or_init(|| {
        std::env::var("CUPRUM_KERNEL_RED_BLOCKS_PER_SM")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|v| (1..=64).contains(v))
            .unwrap_or(16)
    })
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct GpuKey {
    ordinal: usize,
    dtypes: Vec<DType>,
    reduce_type: DType,
    pass: Vec<PassKind>,
    nk: u8,
    nr: u8,
    wide: bool,
}

type CpuKey = (Vec<(DType, PassKind)>, DType);

/// A user reduction, CuPy's `cupy.ReductionKernel(in_params, out_params, map_expr,
/// reduce_expr, post_map_expr, identity, name, reduce_type=None)`.
///
/// **Semantics**: the non-raw inputs broadcast together; for each output element, `map_expr`
/// (an expression over the input names) is evaluated for every input element that reduces
/// into it and converted to the reduce type; the values are combined with `reduce_expr` (an
/// expression in `a` and `b`, two partial values) starting from `identity` (a C expression;
/// empty for none: then an empty reduction is an error); then `post_map_expr` runs with `a`
/// the reduced value and the output names writable (`y = sqrt(a)`). `_in_ind.size()` is the
/// number of elements of the broadcast input and `_out_ind.size()` the number of outputs.
/// The reduce type (`_type_reduce` in the body) is `reduce_type` when given (a C type name
/// such as `float`, a NumPy dtype name, or a placeholder) and otherwise the first output's
/// type. The order of combination is a tree (any order may be used): `reduce_expr` should be
/// associative and commutative.
///
/// **Shapes**: [`call`](Self::call) takes `axis` (NumPy's: all, one, or several; negative
/// counts from the end) and `keepdims`; outputs have the broadcast input shape without the
/// reduced axes (length 1 with `keepdims`).
///
/// **Devices**: on a GPU a block per output (split over several blocks when the outputs are
/// few, then a second pass over the partials; no atomics) or a thread per output when the
/// outputs are many and the reduced axes short or strided, with NVRTC and the cache as for
/// [`ElementwiseKernel`](crate::ElementwiseKernel); on the CPU the CPU kernel engine.
///
/// # Errors
/// As [`ElementwiseKernel`](crate::ElementwiseKernel), plus an axis error
/// (`cuprum_core::Error::AxisOutOfBounds`), [`KernelError::EmptyReduction`], and
/// [`KernelError::InvalidSpec`] for a `raw` parameter or an unknown reduce type.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, reduce::Axes};
/// use cuprum_kernel::{ReductionKernel, args};
/// let l2 = ReductionKernel::new("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")?;
/// let x = Array::from_vec_on((0..10).map(|v| v as f32).collect(), &[2, 5], Device::Cpu)?;
/// let y = l2.call(args![&x], Axes::One(1), false)?;
/// let v = y[0].to_vec::<f32>()?;
/// assert!((v[0] - 5.477226).abs() < 1e-5 && (v[1] - 15.9687195).abs() < 1e-4);
/// # Ok::<(), cuprum_kernel::KernelError>(())
/// ```
pub struct ReductionKernel {
    name: String,
    params: Vec<Param>,
    nin: usize,
    map_expr: String,
    reduce_expr: String,
    post_map_expr: String,
    identity: Option<String>,
    reduce_type: Option<String>,
    preamble: String,
    fast_math: bool,
    reduce_dims: bool,
    options: Vec<String>,
    gpu: Mutex<HashMap<GpuKey, Arc<Module>>>,
    cpu: Mutex<HashMap<CpuKey, Arc<cpu::ReductionProgram>>>,
}

impl std::fmt::Debug for ReductionKernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReductionKernel")
            .field("name", &self.name)
            .field("params", &self.params)
            .field("map_expr", &self.map_expr)
            .field("reduce_expr", &self.reduce_expr)
            .finish_non_exhaustive()
    }
}

impl ReductionKernel {
    /// A reduction from CuPy's constructor arguments (`identity` empty for none).
    ///
    /// # Errors
    /// [`KernelError::Params`] for bad parameter lists (names `a` and `b` are reserved for
    /// `reduce_expr`), [`KernelError::InvalidSpec`] for a `raw` parameter or a bad name.
    pub fn new(
        in_params: &str,
        out_params: &str,
        map_expr: &str,
        reduce_expr: &str,
        post_map_expr: &str,
        identity: &str,
        name: &str,
    ) -> Result<Self> {
        check_kernel_name(name)?;
        let ins = parse_params(name, "in_params", in_params, false)?;
        let outs = parse_params(name, "out_params", out_params, true)?;
        let nin = ins.len();
        let mut params = ins;
        params.extend(outs);
        check_names(name, &params, &["a", "b"])?;
        if let Some(p) = params.iter().find(|p| p.raw) {
            return Err(KernelError::InvalidSpec {
                kernel: name.to_string(),
                what: "parameter",
                reason: format!("raw parameter {} is not supported by a reduction", p.name),
            });
        }
        if params.len() == nin {
            return Err(KernelError::InvalidSpec {
                kernel: name.to_string(),
                what: "out_params",
                reason: "a reduction needs at least one output".into(),
            });
        }
        Ok(ReductionKernel {
            name: name.to_string(),
            params,
            nin,
            map_expr: map_expr.to_string(),
            reduce_expr: reduce_expr.to_string(),
            post_map_expr: post_map_expr.to_string(),
            identity: if identity.trim().is_empty() {
                None
            } else {
                Some(identity.to_string())
            },
            reduce_type: None,
            preamble: String::new(),
            fast_math: false,
            reduce_dims: true,
            options: Vec::new(),
            gpu: Mutex::new(HashMap::new()),
            cpu: Mutex::new(HashMap::new()),
        })
    }

    /// The type partial values are kept in (`_type_reduce`): a C type (`float`, `double`,
    /// `long long`, ...), a NumPy dtype name or a placeholder. Default: the first output's.
    pub fn reduce_type(mut self, t: &str) -> Self {
        self.reduce_type = Some(t.trim().to_string());
        self
    }

    crate::common::kernel_setters!();

    fn resolve_reduce_type(&self, out0: DType, b: &crate::params::Binding) -> Result<DType> {
        let Some(t) = &self.reduce_type else {
            return Ok(out0);
        };
        if let Some(d) = c_dtype(t).or_else(|| numpy_dtype(t)) {
            return Ok(d);
        }
        let p = Param {
            name: "reduce_type".into(),
            ty: ParamType::Placeholder(t.clone()),
            raw: false,
            output: false,
        };
        b.resolve(&self.name, &p)
            .map_err(|_| KernelError::InvalidSpec {
                kernel: self.name.clone(),
                what: "reduce_type",
                reason: format!("{t:?} is neither a C type, a dtype name nor a bound placeholder"),
            })
    }

    /// Runs the reduction over `axis` of the broadcast inputs; `args` are the inputs,
    /// optionally followed by every output (of the result's shape; written in place).
    /// Returns the outputs.
    ///
    /// # Errors
    /// See the type's documentation.
    pub fn call(&self, args: &[Arg<'_>], axis: Axes, keepdims: bool) -> Result<Vec<Array>> {
        self.run(args, axis, keepdims)
    }

    /// [`call`](Self::call) for a reduction with one output, returning it (CuPy's
    /// `kernel(x, axis=..., keepdims=...)`, which returns the array itself, not a tuple).
    ///
    /// **Shapes**: as [`call`](Self::call); `Axes::All` gives a 0-d array (shape `[1, ...]`
    /// of ones with `keepdims`).
    ///
    /// # Errors
    /// As [`call`](Self::call); [`KernelError::BadArgument`] when the kernel does not have
    /// exactly one output.
    ///
    /// ```
    /// use cuprum_core::{Array, reduce::Axes};
    /// use cuprum_kernel::{ReductionKernel, args};
    /// let l2 = ReductionKernel::new("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2")?;
    /// let x = Array::from_vec(vec![3.0f64, 4.0], &[2])?;
    /// let y = l2.call_one(args![&x], Axes::All, false)?;
    /// assert_eq!(y.shape(), &[] as &[usize]);
    /// assert_eq!(y.to_vec::<f64>()?, vec![5.0]);
    /// # Ok::<(), cuprum_kernel::KernelError>(())
    /// ```
    pub fn call_one(&self, args: &[Arg<'_>], axis: Axes, keepdims: bool) -> Result<Array> {
        let mut v = self.run(args, axis, keepdims)?;
        if v.len() != 1 {
            return Err(KernelError::BadArgument {
                kernel: self.name.clone(),
                param: "call_one".into(),
                reason: format!("the call returns {} arrays, not one", v.len()),
            });
        }
        Ok(v.remove(0))
    }

    fn run(&self, args: &[Arg<'_>], axis: Axes, keepdims: bool) -> Result<Vec<Array>> {
        let r = resolve(&self.name, OP, &self.params, self.nin, args)?;
        let in_shapes: Vec<&[usize]> = r.slots[..self.nin]
            .iter()
            .filter_map(|s| match s {
                Slot::Elem(a) => Some(a.shape()),
                _ => None,
            })
            .collect();
        let in_shape = broadcast_all(OP, &in_shapes)?;
        let nd = in_shape.len();
        let mut red = vec![false; nd];
        let norm = |a: isize| -> Result<usize> {
            let v = if a < 0 { a + nd as isize } else { a };
            if v < 0 || v >= nd as isize {
                return Err(Error::AxisOutOfBounds {
                    op: OP,
                    axis: a,
                    ndim: nd,
                }
                .into());
            }
            Ok(v as usize)
        };
        match &axis {
            Axes::All => red.iter_mut().for_each(|x| *x = true),
            Axes::One(a) => red[norm(*a)?] = true,
            Axes::Many(v) => {
                for &a in v {
                    let k = norm(a)?;
                    if red[k] {
                        return Err(Error::bad_argument(
                            OP,
                            "axis",
                            format!("{v:?}"),
                            format!("distinct axes ({a} is repeated)"),
                        )
                        .into());
                    }
                    red[k] = true;
                }
            }
        }
        let axes: Vec<usize> = (0..nd).filter(|&d| red[d]).collect();
        let kept_shape: Vec<usize> = (0..nd).filter(|&d| !red[d]).map(|d| in_shape[d]).collect();
        let out_shape: Vec<usize> = (0..nd)
            .filter_map(|d| {
                if !red[d] {
                    Some(in_shape[d])
                } else if keepdims {
                    Some(1)
                } else {
                    None
                }
            })
            .collect();
        let nout = checked_size(OP, &kept_shape)?;
        let total = checked_size(OP, &in_shape)?;
        let nred = total
            .checked_div(nout)
            .unwrap_or_else(|| axes.iter().map(|&d| in_shape[d]).product());
        if nred == 0 && nout > 0 && self.identity.is_none() {
            return Err(KernelError::EmptyReduction {
                kernel: self.name.clone(),
                shape: in_shape.clone(),
            });
        }
        let reduce_type = self.resolve_reduce_type(r.dtypes[self.nin], &r.binding)?;
        // outputs: (the array returned, the contiguous kept-shape array the kernel writes)
        let mut returned: Vec<Array> = Vec::new();
        let mut work: Vec<Array> = Vec::new();
        for k in self.nin..self.params.len() {
            match &r.slots[k] {
                Slot::Elem(a) => {
                    if a.shape() != out_shape.as_slice() {
                        return Err(Error::ShapeMismatch {
                            op: OP,
                            lhs: out_shape.clone(),
                            rhs: a.shape().to_vec(),
                            detail: Some(format!(
                                "output {} has the wrong shape",
                                self.params[k].name
                            )),
                        }
                        .into());
                    }
                    // a broadcast view (a stride-0 axis) is read-only, as for ufuncs' `out`
                    cuprum_core::ext::check_out(OP, a, &out_shape, a.dtype(), r.device)?;
                    returned.push(a.clone());
                    work.push(Array::empty_on(&kept_shape, r.dtypes[k], r.device)?);
                }
                _ => {
                    let w = Array::empty_on(&kept_shape, r.dtypes[k], r.device)?;
                    let l = Layout {
                        shape: out_shape.clone(),
                        strides: keep_strides(&w, &red, keepdims),
                        offset: 0,
                    };
                    returned.push(cuprum_core::ext::with_layout(&w, l)?);
                    work.push(w);
                }
            }
        }
        #[cfg(feature = "codegen-snapshot")]
        if nout > 0 && cuda_ordinal(r.device).is_none() {
            crate::snapshot::reduction(self, &r, reduce_type, &in_shape, &red);
        }
        if nout > 0 {
            match cuda_ordinal(r.device) {
                None => self.run_cpu(&r, reduce_type, &work, &in_shape, &axes)?,
                Some(ord) => {
                    self.run_gpu(ord, &r, reduce_type, &work, &in_shape, &red, nout, nred)?
                }
            }
        }
        // passed outputs: copy the results in
        for (k, (ret, w)) in returned.iter().zip(&work).enumerate() {
            if matches!(r.slots[self.nin + k], Slot::Elem(_)) {
                let src = cuprum_core::ext::with_layout(
                    w,
                    Layout {
                        shape: out_shape.clone(),
                        strides: keep_strides(w, &red, keepdims),
                        offset: 0,
                    },
                )?;
                cuprum_core::ext::prim::copy(
                    cuprum_core::ext::view(&src),
                    cuprum_core::ext::view(ret),
                )?;
            }
        }
        Ok(returned)
    }

    fn run_cpu(
        &self,
        r: &crate::common::Resolved,
        reduce_type: DType,
        work: &[Array],
        in_shape: &[usize],
        axes: &[usize],
    ) -> Result<()> {
        let pass: Vec<PassKind> = r.slots[..self.nin]
            .iter()
            .map(|s| match s {
                Slot::Scalar(_) => PassKind::Scalar,
                _ => PassKind::Elem { load: true },
            })
            .collect();
        let key: CpuKey = (
            r.dtypes[..self.nin]
                .iter()
                .copied()
                .zip(pass.iter().copied())
                .chain(
                    r.dtypes[self.nin..]
                        .iter()
                        .map(|&d| (d, PassKind::Elem { load: false })),
                )
                .collect(),
            reduce_type,
        );
        let prog = match crate::common::cached(&self.cpu, &key) {
            Some(p) => p,
            None => {
                let ins: Vec<cpu::VarSpec> = self.params[..self.nin]
                    .iter()
                    .zip(&r.dtypes)
                    .zip(&pass)
                    .map(|((p, &d), &k)| var_spec(p, d, k))
                    .collect();
                let outs: Vec<cpu::VarSpec> = self.params[self.nin..]
                    .iter()
                    .zip(&r.dtypes[self.nin..])
                    .map(|(p, &d)| var_spec(p, d, PassKind::Elem { load: false }))
                    .collect();
                let p = Arc::new(
                    cpu::ReductionProgram::compile_with_types(
                        &ins,
                        &outs,
                        &typedefs(&r.binding),
                        reduce_type,
                        &self.preamble,
                        &self.map_expr,
                        &self.reduce_expr,
                        &self.post_map_expr,
                        self.identity.as_deref().unwrap_or(""),
                    )
                    .map_err(|d| cpu_compile_error(&self.name, d))?,
                );
                self.cpu
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(key, p.clone());
                p
            }
        };
        let mut held: Vec<Option<Array>> = Vec::new();
        for s in &r.slots[..self.nin] {
            held.push(match s {
                Slot::Elem(a) => Some(a.broadcast_to(in_shape)?),
                _ => None,
            });
        }
        let ins: Vec<cpu::CpuArg<'_>> = r.slots[..self.nin]
            .iter()
            .zip(&held)
            .map(|(s, h)| match (s, h) {
                (Slot::Scalar(v), _) => cpu::CpuArg::Scalar(v.value),
                (_, Some(a)) => cpu::CpuArg::Array(cuprum_core::ext::view(a)),
                _ => cpu::CpuArg::Scalar(cuprum_core::Scalar::Int(0)),
            })
            .collect();
        let outs: Vec<cpu::CpuArg<'_>> = work
            .iter()
            .map(|a| cpu::CpuArg::Array(cuprum_core::ext::view(a)))
            .collect();
        prog.run(&ins, &outs, in_shape, axes)?;
        Ok(())
    }

    /// Every user text of the kernel (snapshot case names).
    #[cfg(feature = "codegen-snapshot")]
    pub(crate) fn user_text(&self) -> (Vec<String>, [&str; 4], &Option<String>, &Option<String>) {
        (
            self.params.iter().map(|p| format!("{p:?}")).collect(),
            [
                &self.map_expr,
                &self.reduce_expr,
                &self.post_map_expr,
                &self.preamble,
            ],
            &self.identity,
            &self.reduce_type,
        )
    }

    /// Number of input parameters.
    #[cfg(feature = "codegen-snapshot")]
    pub(crate) fn nin(&self) -> usize {
        self.nin
    }

    /// The kept and the reduced axes, each merged: (shape, strides per element input).
    #[cfg(feature = "codegen-snapshot")]
    #[allow(clippy::type_complexity)]
    pub(crate) fn axes(
        &self,
        elem: &[Array],
        in_shape: &[usize],
        red: &[bool],
    ) -> ((Vec<usize>, Vec<Vec<isize>>), (Vec<usize>, Vec<Vec<isize>>)) {
        split_axes(elem, in_shape, red, self.reduce_dims)
    }

    #[allow(clippy::too_many_arguments)]
    fn run_gpu(
        &self,
        ordinal: usize,
        r: &crate::common::Resolved,
        reduce_type: DType,
        work: &[Array],
        in_shape: &[usize],
        red: &[bool],
        nout: usize,
        nred: usize,
    ) -> Result<()> {
        let mut elem: Vec<Array> = Vec::new();
        for s in &r.slots[..self.nin] {
            if let Slot::Elem(a) = s {
                elem.push(a.broadcast_to(in_shape)?);
            }
        }
        let elem_dtypes: Vec<DType> = r.slots[..self.nin]
            .iter()
            .zip(&r.dtypes)
            .filter(|(s, _)| matches!(s, Slot::Elem(_)))
            .map(|(_, d)| *d)
            .collect();
        let plan = plan_strided(
            ordinal,
            &elem,
            &elem_dtypes,
            split_axes(&elem, in_shape, red, self.reduce_dims),
            nout,
            nred,
        );
        // arguments
        let mut pack = ArgPack::new();
        let mut pass: Vec<PassKind> = Vec::new();
        let mut ei = 0;
        for s in &r.slots[..self.nin] {
            match s {
                Slot::Scalar(v) => {
                    pass.push(PassKind::Scalar);
                    pack.push_bytes(&v.bytes[..v.len], v.len.min(16));
                }
                Slot::Raw(a) => {
                    let (pk, b) = raw_arg(a);
                    pass.push(pk);
                    pack.push_bytes(&b, 8);
                }
                _ => {
                    pass.push(PassKind::Elem { load: true });
                    pack.push_u64(elem[ei].device_ptr().unwrap_or(0));
                    ei += 1;
                }
            }
        }
        for w in work {
            pack.push_u64(w.device_ptr().unwrap_or(0));
        }
        let key = GpuKey {
            ordinal,
            dtypes: r.dtypes.clone(),
            reduce_type,
            pass: pass.clone(),
            nk: plan.nk,
            nr: plan.nr,
            wide: plan.wide,
        };
        let module = self.module(key.clone(), &r.dtypes, &pass, reduce_type, &r.binding)?;
        launch_strided(
            &module,
            &self.name,
            &plan,
            pack,
            reduce_type,
            r.device,
            nout,
            nred,
        )?;
        drop(elem);
        Ok(())
    }

    /// The generated source of one signature and geometry class.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn source(
        &self,
        dtypes: &[DType],
        pass: &[PassKind],
        reduce_type: DType,
        binding: &crate::params::Binding,
        nk: u8,
        nr: u8,
        wide: bool,
    ) -> cuprum_core::ext::codegen::Generated {
        let td = typedefs(binding);
        let spec = RedSpec {
            name: &self.name,
            ins: &self.params[..self.nin],
            outs: &self.params[self.nin..],
            in_dtypes: &dtypes[..self.nin],
            out_dtypes: &dtypes[self.nin..],
            in_pass: pass,
            reduce_type,
            typedefs: &td,
            preamble: &self.preamble,
            map_expr: &self.map_expr,
            reduce_expr: &self.reduce_expr,
            post_map_expr: &self.post_map_expr,
            identity: self.identity.as_deref(),
            nk,
            nr,
            wide,
        };
        reduction_source(&spec)
    }

    fn module(
        &self,
        key: GpuKey,
        dtypes: &[DType],
        pass: &[PassKind],
        reduce_type: DType,
        binding: &crate::params::Binding,
    ) -> Result<Arc<Module>> {
        if let Some(m) = crate::common::cached(&self.gpu, &key) {
            return Ok(m);
        }
        let b = self.source(dtypes, pass, reduce_type, binding, key.nk, key.nr, key.wide);
        let opts = nvrtc_options(self.fast_math, &self.options);
        let text =
            crate::compat::for_nvrtc(&b.text, "", cuprum_core::ext::codegen::GENERATED_ORIGIN);
        let src = with_header_hashes(text, &opts);
        let o: Vec<&str> = opts.iter().map(String::as_str).collect();
        let m = cuprum_core::ext::nvrtc::get_module(key.ordinal, &src, &o)
            .map_err(|e| map_compile_error(&self.name, e, &b.sections, &b.text))?;
        self.gpu
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, m.clone());
        Ok(m)
    }
}

/// Strides of the kept-shape contiguous array `w` seen with the output shape (reduced axes of
/// length 1 under `keepdims`, with stride 0).
fn keep_strides(w: &Array, red: &[bool], keepdims: bool) -> Vec<isize> {
    let mut out = Vec::new();
    let mut k = 0;
    for &r in red {
        if !r {
            out.push(w.strides()[k]);
            k += 1;
        } else if keepdims {
            out.push(0);
        }
    }
    out
}

/// The kept and the reduced axes of a reduction over `red` of `in_shape`, each merged (when
/// `merge`): (shape, strides per element input; one row of zeros when there is no input).
#[allow(clippy::type_complexity)]
pub(crate) fn split_axes(
    elem: &[Array],
    in_shape: &[usize],
    red: &[bool],
    merge: bool,
) -> ((Vec<usize>, Vec<Vec<isize>>), (Vec<usize>, Vec<Vec<isize>>)) {
    let nd = in_shape.len();
    let kd: Vec<usize> = (0..nd).filter(|&d| !red[d]).collect();
    let rd: Vec<usize> = (0..nd).filter(|&d| red[d]).collect();
    let pick = |dims: &[usize]| -> (Vec<usize>, Vec<Vec<isize>>) {
        let sh: Vec<usize> = dims.iter().map(|&d| in_shape[d]).collect();
        let st: Vec<Vec<isize>> = elem
            .iter()
            .map(|a| dims.iter().map(|&d| a.strides()[d]).collect())
            .collect();
        let st = if st.is_empty() {
            vec![vec![0isize; dims.len()]]
        } else {
            st
        };
        collapse(&sh, &st, merge)
    };
    (pick(&kd), pick(&rd))
}

/// The launch plan of a [`Strided`](cuprum_core::ext::codegen::ReductionLayout::Strided)
/// reduction (`<name>_block` / `_blockv` with `split` blocks per output and `_finish` when
/// `split > 1`, or `<name>_thread`), shared by [`ReductionKernel`] and `fuse`.
pub(crate) struct StridedPlan {
    pub(crate) block_mode: bool,
    pub(crate) vector: bool,
    pub(crate) split: usize,
    pub(crate) wide: bool,
    pub(crate) nk: u8,
    pub(crate) nr: u8,
    pub(crate) geom: IntStruct,
}

/// Plans a strided reduction over the element inputs `elem` (broadcast to the input shape;
/// `elem_dtypes` their parameter dtypes) with the merged axes `axes` ([`split_axes`]).
#[allow(clippy::type_complexity)]
pub(crate) fn plan_strided(
    ordinal: usize,
    elem: &[Array],
    elem_dtypes: &[DType],
    axes: ((Vec<usize>, Vec<Vec<isize>>), (Vec<usize>, Vec<Vec<isize>>)),
    nout: usize,
    nred: usize,
) -> StridedPlan {
    let ((ksh, kst), (rsh, rst)) = axes;
    let total = nout.saturating_mul(nred.max(1));
    let all_sh: Vec<usize> = ksh.iter().chain(&rsh).copied().collect();
    let all_st: Vec<Vec<isize>> = kst
        .iter()
        .zip(&rst)
        .map(|(a, b)| a.iter().chain(b).copied().collect())
        .collect();
    // the block strategy splits the reduced range over at most this many blocks in all
    let sms = cuprum_core::ext::cuda::properties(ordinal)
        .map(|p| p.multiprocessor_count as usize)
        .unwrap_or(132);
    let red_contig = rst.first().is_some_and(|s| s.last() == Some(&1));
    let block_mode = nred >= 64 && (red_contig || nout < 4096);
    let split = if block_mode {
        let target = (sms * blocks_per_sm()).div_ceil(nout).max(1);
        let max_split = nred.div_ceil((RED_BLOCK * RED_UNROLL) as usize).max(1);
        let s = target.min(max_split);
        let chunk = nred.div_ceil(s);
        nred.div_ceil(chunk)
    } else {
        1
    };
    // Vector loads (`<name>_blockv`): one reduced axis read at unit stride by every element
    // input, and every block's first element aligned to the vector (base addresses and kept
    // strides multiples of it; each block's range a multiple of the width).
    let vw = cuprum_core::ext::codegen::reduction_vector_width(elem_dtypes) as usize;
    let vector = block_mode
        && vw >= 2
        && rsh.len() == 1
        && nred >= vw
        && elem.len() == elem_dtypes.len()
        && rst.iter().all(|s| s.first() == Some(&1))
        && elem.iter().zip(elem_dtypes).enumerate().all(|(j, (a, d))| {
            let bytes = (vw * d.itemsize()) as u64;
            a.dtype() == *d
                && a.device_ptr().is_some_and(|p| p % bytes == 0)
                && ksh
                    .iter()
                    .zip(&kst[j])
                    .all(|(&n, &st)| n <= 1 || st.rem_euclid(vw as isize) == 0)
        });
    let split = if vector {
        // the kernel's chunk: ceil(nred / split) rounded up to the width; every block's
        // range stays non-empty because split = ceil(nred / chunk)
        nred.div_ceil(nred.div_ceil(split).next_multiple_of(vw))
    } else {
        split
    };
    let wide =
        !fits_32(total, &all_sh, &all_st) || (nout as u128) * (split as u128) >= i32::MAX as u128;
    let mut g = IntStruct::new(wide);
    for &d in &ksh {
        g.push(d as i64);
    }
    for &d in &rsh {
        g.push(d as i64);
    }
    for s in &kst {
        for &x in s {
            g.push(x as i64);
        }
    }
    for s in &rst {
        for &x in s {
            g.push(x as i64);
        }
    }
    StridedPlan {
        block_mode,
        vector,
        split,
        wide,
        nk: ksh.len() as u8,
        nr: rsh.len() as u8,
        geom: g,
    }
}

/// Launches a planned strided reduction from `module` (kernels `<name>_*`): `pack` holds the
/// spec's parameters (inputs, then outputs); the partials buffer, `nout`, `nred`, `split` and
/// the geometry are appended here.
#[allow(clippy::too_many_arguments)]
pub(crate) fn launch_strided(
    module: &Arc<Module>,
    name: &str,
    plan: &StridedPlan,
    mut pack: ArgPack,
    reduce_type: DType,
    device: cuprum_core::Device,
    nout: usize,
    nred: usize,
) -> Result<()> {
    let split = plan.split;
    let part = if split > 1 {
        let n = nout.checked_mul(split).ok_or_else(|| {
            Error::bad_argument(
                OP,
                "size",
                format!("{nout} outputs x {split} partial sums"),
                "a partial buffer whose size fits in usize",
            )
        })?;
        Some(Array::empty_on(&[n], reduce_type, device)?)
    } else {
        None
    };
    pack.push_u64(part.as_ref().and_then(|p| p.device_ptr()).unwrap_or(0));
    pack.push_i64(nout as i64);
    pack.push_i64(nred as i64);
    pack.push_i32(split as i32);
    pack.push_bytes(&plan.geom.bytes, plan.geom.align());
    let f = |suffix: &str| -> Result<Function> {
        module
            .function(&format!("{name}_{suffix}"))
            .map_err(KernelError::from)
    };
    let mut ptrs = pack.pointers();
    let launch = |func: &Function, blocks: u64, ptrs: &mut [*mut std::ffi::c_void]| -> Result<()> {
        let cfg = LaunchConfig {
            grid: (blocks.clamp(1, i32::MAX as u64) as u32, 1, 1),
            block: (RED_BLOCK, 1, 1),
            shared_mem_bytes: 0,
        };
        // SAFETY: one pointer per kernel parameter in order, each to a value of the
        // parameter's type (pointers as u64, scalars in the dtype layout, the geometry
        // struct of the generated source's index width and axis counts); all arrays are on
        // the module's device and held by the caller until the launches are queued; the
        // kernels read the inputs through their layouts and write `nout` outputs and
        // `nout * split` partials (`part`, held until here).
        unsafe { cuprum_core::ext::nvrtc::launch(func, cfg, None, ptrs) }?;
        Ok(())
    };
    if plan.block_mode {
        let blocks = (nout as u64) * (split as u64);
        launch(
            &f(if plan.vector { "blockv" } else { "block" })?,
            blocks,
            &mut ptrs,
        )?;
        if split > 1 {
            launch(&f("finish")?, nout as u64, &mut ptrs)?;
        }
    } else {
        let blocks = (nout as u64).div_ceil(RED_BLOCK as u64).min(1 << 20);
        launch(&f("thread")?, blocks, &mut ptrs)?;
    }
    drop(part);
    Ok(())
}
