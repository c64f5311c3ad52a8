//! The traced expression DAG of a fused function: [`Var`], the node list and the dtype rules.
//!
//! A body is traced once per call signature (input dtypes, scalar argument values) with a
//! thread-local graph active: every ufunc or operator applied to a [`Var`] appends a node whose
//! dtype follows core's own rules (`ext::promote`, the same functions the unfused calls use),
//! with the implicit casts the unfused calls make written out as `Cast` nodes. The nodes are in
//! creation order, which is a topological order.

use crate::error::KernelError;
use cuprum_core::ext::prim::{BinaryOp, Side, UnaryOp};
use cuprum_core::ext::promote::{binary_dtypes, unary_dtypes, weak_dtype};
use cuprum_core::{Axes, Complex32, Complex64, DType, Error, Scalar};
use std::cell::{Cell, RefCell};

/// One node of the traced DAG (operands are indices of earlier nodes).
#[derive(Clone, Debug)]
pub(crate) enum Node {
    /// array argument `k`
    Input(usize),
    /// a constant (a weak scalar taking a dtype): the scalar cast to the node's dtype
    Fill(Scalar),
    /// a cast of an earlier node to this node's dtype (NumPy's `astype`)
    Cast(u32),
    /// `op(x)`; `x` already has the compute dtype
    Unary(UnaryOp, u32),
    /// `op(a, b)`; `a` and `b` have the compute dtype
    Binary(BinaryOp, u32, u32),
    /// `op(a, s)` (or `op(s, a)`), `s` cast to `a`'s dtype
    BinaryScalar(BinaryOp, u32, Scalar, Side),
    /// `c ? a : b`; `c` bool, `a` and `b` of this node's dtype
    Where(u32, u32, u32),
}

/// A node with its result dtype.
#[derive(Clone, Debug)]
pub(crate) struct NodeData {
    pub(crate) node: Node,
    pub(crate) dtype: DType,
}

/// The final reduction of a fused function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ReduceKind {
    Sum,
    Prod,
    Max,
    Min,
}

impl ReduceKind {
    pub(crate) fn name(self) -> &'static str {
        match self {
            ReduceKind::Sum => "sum",
            ReduceKind::Prod => "prod",
            ReduceKind::Max => "max",
            ReduceKind::Min => "min",
        }
    }
}

/// A reduction request: kind, axes, keepdims.
#[derive(Clone, Debug)]
pub(crate) struct Reduce {
    pub(crate) kind: ReduceKind,
    pub(crate) axes: Axes,
    pub(crate) keepdims: bool,
}

/// A symbolic array inside a fused function's body: the value of an argument or of an
/// operation on arguments, or a weak scalar (a Rust number in the body).
///
/// `Var` is `Copy`; write the body as ordinary cuprum code with the functions of
/// [`prelude`](crate::fuse::prelude) (`exp(a) * b + a`, `where_(less(x, 0.0), -x, x)`,
/// `x.astype(DType::Float32)`, `sum(x * x, Axes::All, false)`). Rust numbers mix with `Var`s on
/// either side of an operator and are NumPy 2's weak Python scalars: `float32 * 2.0` stays
/// float32, `int8 + 1` stays int8.
///
/// A `Var` only means something inside the body that received it; used elsewhere, the fused
/// call fails with [`KernelError::InvalidSpec`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType, Device};
/// use cuprum_kernel::fuse::prelude::*;
/// let f = fuse(|a: Var, b: Var| {
///     assert_eq!(a.dtype(), DType::Float32);
///     exp(a) * b + a
/// });
/// let a = Array::from_vec_on(vec![0.0f32, 1.0], &[2], Device::Cpu)?;
/// let b = Array::from_vec_on(vec![2.0f32, 2.0], &[2], Device::Cpu)?;
/// let r = f.call(args![&a, &b])?;
/// assert_eq!(r.to_vec::<f32>()?, vec![2.0, 1.0f32.exp() * 2.0 + 1.0]);
/// # Ok::<(), cuprum_kernel::KernelError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Var {
    pub(crate) v: V,
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum V {
    /// node `id` of trace `trace`
    Node { trace: u32, id: u32, dtype: DType },
    /// a weak scalar
    Weak(Scalar),
    /// the result of a failed operation (the error is recorded in the trace)
    Poison,
}

/// The graph being traced on this thread.
pub(crate) struct Graph {
    pub(crate) id: u32,
    pub(crate) nodes: Vec<NodeData>,
    pub(crate) error: Option<KernelError>,
    pub(crate) reduce: Option<(Reduce, u32)>,
    pub(crate) name: String,
}

thread_local! {
    static GRAPH: RefCell<Option<Graph>> = const { RefCell::new(None) };
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
}

/// Runs `f` with a fresh graph active on this thread; returns the graph and `f`'s result.
pub(crate) fn with_new_graph<R>(name: &str, f: impl FnOnce() -> R) -> (Graph, R) {
    let id = NEXT_ID.with(|c| {
        let v = c.get();
        c.set(v.wrapping_add(1).max(1));
        v
    });
    let g = Graph {
        id,
        nodes: Vec::new(),
        error: None,
        reduce: None,
        name: name.to_string(),
    };
    let prev = GRAPH.with(|c| c.borrow_mut().replace(g));
    // restore the outer graph even when `f` panics
    struct Restore(Option<Option<Graph>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(p) = self.0.take() {
                GRAPH.with(|c| *c.borrow_mut() = p);
            }
        }
    }
    let mut restore = Restore(Some(prev));
    let r = f();
    let g = GRAPH
        .with(|c| c.borrow_mut().take())
        .expect("the graph installed above is still there");
    if let Some(p) = restore.0.take() {
        GRAPH.with(|c| *c.borrow_mut() = p);
    }
    (g, r)
}

/// Appends an input node (used by the tracer for array arguments).
pub(crate) fn input_var(k: usize, dtype: DType) -> Var {
    with_graph(|g| {
        let id = g.push(Node::Input(k), dtype);
        Ok(V::Node {
            trace: g.id,
            id,
            dtype,
        })
    })
}

impl Graph {
    fn push(&mut self, node: Node, dtype: DType) -> u32 {
        self.nodes.push(NodeData { node, dtype });
        (self.nodes.len() - 1) as u32
    }

    fn fail(&mut self, e: KernelError) {
        if self.error.is_none() {
            self.error = Some(e);
        }
    }

    fn invalid(&self, reason: String) -> KernelError {
        KernelError::InvalidSpec {
            kernel: self.name.clone(),
            what: "fused function body",
            reason,
        }
    }

    /// The node of `v` (an error for a `Var` of another trace or one after the reduction).
    fn node(&mut self, v: V) -> Result<(u32, DType), Option<KernelError>> {
        match v {
            V::Poison => Err(None),
            V::Weak(_) => unreachable!("weak scalars are handled by the callers"),
            V::Node { trace, id, dtype } => {
                if trace != self.id {
                    return Err(Some(
                        self.invalid(
                            "a Var from another fused function (or another call) was used; a Var \
                         only means something inside the body that received it"
                                .into(),
                        ),
                    ));
                }
                if let Some((r, rid)) = &self.reduce
                    && id >= *rid
                {
                    return Err(Some(self.invalid(format!(
                        "the reduction ({}) must be the last operation of the body",
                        r.kind.name()
                    ))));
                }
                Ok((id, dtype))
            }
        }
    }

    /// `v` as a node of dtype `d` (a cast node, or a constant node for a weak scalar).
    fn as_dtype(&mut self, v: V, d: DType) -> Result<u32, Option<KernelError>> {
        match v {
            V::Weak(s) => Ok(self.push(Node::Fill(s), d)),
            _ => {
                let (id, dt) = self.node(v)?;
                if dt == d {
                    Ok(id)
                } else {
                    Ok(self.push(Node::Cast(id), d))
                }
            }
        }
    }

    fn var(&self, id: u32) -> V {
        V::Node {
            trace: self.id,
            id,
            dtype: self.nodes[id as usize].dtype,
        }
    }
}

/// Runs `f` on the active graph; an error is recorded there and gives a poisoned `Var`.
fn with_graph(f: impl FnOnce(&mut Graph) -> Result<V, Option<KernelError>>) -> Var {
    GRAPH.with(|c| {
        let mut b = c.borrow_mut();
        match b.as_mut() {
            // outside a trace: the fused call that owns this Var reports it
            None => Var { v: V::Poison },
            Some(g) => match f(g) {
                Ok(v) => Var { v },
                Err(e) => {
                    if let Some(e) = e {
                        g.fail(e);
                    }
                    Var { v: V::Poison }
                }
            },
        }
    })
}

fn core_err(e: Error) -> Option<KernelError> {
    Some(KernelError::Core(e))
}

impl Var {
    /// The dtype of this value: the dtype the unfused calls would give it (a weak scalar
    /// reports the dtype NumPy gives it on its own: int64, float64, complex128 or bool).
    pub fn dtype(&self) -> DType {
        match self.v {
            V::Node { dtype, .. } => dtype,
            V::Weak(s) => s.default_dtype(),
            V::Poison => DType::Bool,
        }
    }

    /// `self` cast to `dtype` with NumPy's `astype` (C cast) rules, as [`cuprum_core::Array::astype`].
    pub fn astype(self, dtype: DType) -> Var {
        with_graph(|g| {
            let id = g.as_dtype(self.v, dtype)?;
            Ok(g.var(id))
        })
    }

    /// Sum over `axis` (the last operation of a body), as [`cuprum_core::Array::sum`].
    pub fn sum(self, axis: impl Into<Axes>, keepdims: bool) -> Var {
        reduce(ReduceKind::Sum, self, axis.into(), keepdims)
    }
    /// Product over `axis` (the last operation of a body), as [`cuprum_core::Array::prod`].
    pub fn prod(self, axis: impl Into<Axes>, keepdims: bool) -> Var {
        reduce(ReduceKind::Prod, self, axis.into(), keepdims)
    }
    /// Maximum over `axis` (the last operation of a body), as [`cuprum_core::Array::max`].
    pub fn max(self, axis: impl Into<Axes>, keepdims: bool) -> Var {
        reduce(ReduceKind::Max, self, axis.into(), keepdims)
    }
    /// Minimum over `axis` (the last operation of a body), as [`cuprum_core::Array::min`].
    pub fn min(self, axis: impl Into<Axes>, keepdims: bool) -> Var {
        reduce(ReduceKind::Min, self, axis.into(), keepdims)
    }
}

pub(crate) fn reduce(kind: ReduceKind, x: Var, axes: Axes, keepdims: bool) -> Var {
    with_graph(|g| {
        if let Some((r, _)) = &g.reduce {
            return Err(Some(g.invalid(format!(
                "only one reduction is allowed, as the last operation ({} after {})",
                kind.name(),
                r.kind.name()
            ))));
        }
        let id = match x.v {
            V::Weak(s) => g.push(Node::Fill(s), s.default_dtype()),
            v => g.node(v)?.0,
        };
        g.reduce = Some((
            Reduce {
                kind,
                axes,
                keepdims,
            },
            id,
        ));
        // the reduced value: further use of it is an error (checked in `node`)
        Ok(g.var(id))
    })
}

impl From<&Var> for Var {
    fn from(v: &Var) -> Var {
        *v
    }
}
impl From<Scalar> for Var {
    fn from(s: Scalar) -> Var {
        Var { v: V::Weak(s) }
    }
}
macro_rules! var_from {
    ($($t:ty => $v:ident as $c:ty),* $(,)?) => {$(
        impl From<$t> for Var {
            fn from(x: $t) -> Var {
                Var { v: V::Weak(Scalar::$v(x as $c)) }
            }
        }
    )*};
}
var_from!(i8 => Int as i64, i16 => Int as i64, i32 => Int as i64, i64 => Int as i64,
    u8 => Int as i64, u16 => Int as i64, u32 => Int as i64, u64 => UInt as u64,
    f32 => Float as f64, f64 => Float as f64, usize => UInt as u64, isize => Int as i64);
impl From<bool> for Var {
    fn from(x: bool) -> Var {
        Var {
            v: V::Weak(Scalar::Bool(x)),
        }
    }
}
impl From<Complex64> for Var {
    fn from(x: Complex64) -> Var {
        Var {
            v: V::Weak(Scalar::Complex(x)),
        }
    }
}
impl From<Complex32> for Var {
    fn from(x: Complex32) -> Var {
        Var {
            v: V::Weak(Scalar::Complex(Complex64::new(x.re as f64, x.im as f64))),
        }
    }
}

/// `op(x)` with the unfused call's dtypes.
pub(crate) fn unary(op: UnaryOp, x: Var) -> Var {
    with_graph(|g| {
        let d = match x.v {
            V::Weak(s) => s.default_dtype(),
            V::Poison => return Err(None),
            v => g.node(v)?.1,
        };
        let (k, o) = unary_dtypes(op, d).map_err(core_err)?;
        let a = g.as_dtype(x.v, k)?;
        let id = g.push(Node::Unary(op, a), o);
        Ok(g.var(id))
    })
}

fn is_comparison(op: BinaryOp) -> bool {
    use BinaryOp::*;
    matches!(
        op,
        Equal | NotEqual | Less | LessEqual | Greater | GreaterEqual
    )
}

/// `op(a, b)` with the unfused call's promotion (core's `engine::binary`, step by step).
pub(crate) fn binary(op: BinaryOp, a: Var, b: Var) -> Var {
    if matches!(a.v, V::Poison) || matches!(b.v, V::Poison) {
        return Var { v: V::Poison };
    }
    // NumPy 2 compares a signed integer array with a uint64 array exactly
    if is_comparison(op)
        && let (V::Node { dtype: da, .. }, V::Node { dtype: db, .. }) = (a.v, b.v)
    {
        let mirror = |o: BinaryOp| match o {
            BinaryOp::Less => BinaryOp::Greater,
            BinaryOp::Greater => BinaryOp::Less,
            BinaryOp::LessEqual => BinaryOp::GreaterEqual,
            BinaryOp::GreaterEqual => BinaryOp::LessEqual,
            o => o,
        };
        let pair = if da.is_signed_integer() && db == DType::UInt64 {
            Some((a, b, op))
        } else if db.is_signed_integer() && da == DType::UInt64 {
            Some((b, a, mirror(op)))
        } else {
            None
        };
        if let Some((s, u, op)) = pair {
            let neg = binary(BinaryOp::Less, s, Var::from(0i64));
            let su = s.astype(DType::UInt64);
            let r = binary(op, su, u);
            let when_negative = matches!(
                op,
                BinaryOp::Less | BinaryOp::LessEqual | BinaryOp::NotEqual
            );
            return where_(neg, Var::from(when_negative), r);
        }
    }
    let logical = matches!(
        op,
        BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::LogicalXor
    );
    let comparison = op.returns_bool() && !logical;
    with_graph(|g| {
        let weak = |g: &mut Graph, d: DType, s: &Scalar| -> Result<DType, Option<KernelError>> {
            let c = weak_dtype(d, s);
            if d.is_integer() && matches!(s, Scalar::Int(_) | Scalar::UInt(_)) && !s.fits_integer(d)
            {
                if comparison {
                    return Ok(DType::promote(d, s.default_dtype()));
                }
                let _ = g;
                return Err(core_err(Error::Overflow {
                    op: op.name(),
                    value: s.to_string(),
                    dtype: d,
                }));
            }
            Ok(c)
        };
        let c = match (a.v, b.v) {
            (V::Weak(s), V::Weak(t)) => DType::promote(s.default_dtype(), t.default_dtype()),
            (V::Weak(s), v) | (v, V::Weak(s)) => {
                let d = g.node(v)?.1;
                weak(g, d, &s)?
            }
            (x, y) => {
                let dx = g.node(x)?.1;
                let dy = g.node(y)?.1;
                DType::promote(dx, dy)
            }
        };
        let (k, o) = binary_dtypes(op, c).map_err(core_err)?;
        if op == BinaryOp::Power
            && k.is_integer()
            && let V::Weak(s) = b.v
            && s.as_f64() < 0.0
        {
            return Err(core_err(cuprum_core::ext::promote::negative_power_error()));
        }
        let one = match (a.v, b.v) {
            (V::Weak(_), V::Weak(_)) => None,
            (x, V::Weak(s)) => Some((x, s, Side::Right)),
            (V::Weak(s), y) => Some((y, s, Side::Left)),
            _ => None,
        };
        let id = if let Some((x, s, side)) = one {
            let xa = g.as_dtype(x, k)?;
            g.push(Node::BinaryScalar(op, xa, s, side), o)
        } else {
            let xa = g.as_dtype(a.v, k)?;
            let ya = g.as_dtype(b.v, k)?;
            g.push(Node::Binary(op, xa, ya), o)
        };
        Ok(g.var(id))
    })
}

/// `cond ? x : y` with `where`'s dtype rule (core's `where_`).
pub(crate) fn where_(cond: Var, x: Var, y: Var) -> Var {
    with_graph(|g| {
        let dt = match (x.v, y.v) {
            (V::Weak(s), V::Weak(t)) => DType::promote(s.default_dtype(), t.default_dtype()),
            (V::Weak(s), v) | (v, V::Weak(s)) => weak_dtype(g.node(v)?.1, &s),
            (p, q) => DType::promote(g.node(p)?.1, g.node(q)?.1),
        };
        let c = match cond.v {
            // a scalar condition is a 0-d array of its default dtype, then cast to bool
            V::Weak(s) => {
                let n = g.push(Node::Fill(s), s.default_dtype());
                if s.default_dtype() == DType::Bool {
                    n
                } else {
                    g.push(Node::Cast(n), DType::Bool)
                }
            }
            v => g.as_dtype(v, DType::Bool)?,
        };
        let xa = g.as_dtype(x.v, dt)?;
        let ya = g.as_dtype(y.v, dt)?;
        let id = g.push(Node::Where(c, xa, ya), dt);
        Ok(g.var(id))
    })
}

/// The finished trace of one call signature.
#[derive(Debug)]
pub(crate) struct Trace {
    pub(crate) nodes: Vec<NodeData>,
    /// whether each node is needed for the root
    pub(crate) live: Vec<bool>,
    pub(crate) root: u32,
    pub(crate) reduce: Option<Reduce>,
    /// whether each argument is read
    pub(crate) used: Vec<bool>,
}

impl Trace {
    pub(crate) fn out_dtype(&self) -> DType {
        self.nodes[self.root as usize].dtype
    }

    /// The same trace with its root cast to `dtype` (NumPy's `astype`, core's cast loop): the
    /// map of a fused reduction converted to the accumulator's dtype. Itself when the root
    /// already has that dtype.
    pub(crate) fn cast_root(&self, dtype: DType) -> Trace {
        let mut nodes = self.nodes.clone();
        let mut live = self.live.clone();
        let mut root = self.root;
        if self.out_dtype() != dtype {
            nodes.push(NodeData {
                node: Node::Cast(root),
                dtype,
            });
            live.push(true);
            root = (nodes.len() - 1) as u32;
        }
        Trace {
            nodes,
            live,
            root,
            reduce: self.reduce.clone(),
            used: self.used.clone(),
        }
    }

    /// Builds the trace from a finished graph and the body's result.
    pub(crate) fn finish(mut g: Graph, root: Var, nargs: usize) -> Result<Trace, KernelError> {
        if let Some(e) = g.error.take() {
            return Err(e);
        }
        let root = match root.v {
            V::Poison => {
                return Err(g.invalid(
                    "a Var was used outside the body that received it (its operations were not \
                     recorded)"
                        .into(),
                ));
            }
            V::Weak(s) => g.push(Node::Fill(s), s.default_dtype()),
            V::Node { trace, id, .. } => {
                if trace != g.id {
                    return Err(g.invalid(
                        "the body returned a Var of another fused function or call".into(),
                    ));
                }
                if let Some((_, rid)) = &g.reduce
                    && *rid != id
                {
                    return Err(g.invalid(
                        "the reduction must be the last operation and its result the body's \
                         result"
                            .into(),
                    ));
                }
                id
            }
        };
        let mut live = vec![false; g.nodes.len()];
        live[root as usize] = true;
        let mut used = vec![false; nargs];
        for i in (0..g.nodes.len()).rev() {
            if !live[i] {
                continue;
            }
            match &g.nodes[i].node {
                Node::Input(k) => used[*k] = true,
                Node::Fill(_) => {}
                Node::Cast(a) | Node::Unary(_, a) | Node::BinaryScalar(_, a, _, _) => {
                    live[*a as usize] = true
                }
                Node::Binary(_, a, b) => {
                    live[*a as usize] = true;
                    live[*b as usize] = true;
                }
                Node::Where(c, a, b) => {
                    live[*c as usize] = true;
                    live[*a as usize] = true;
                    live[*b as usize] = true;
                }
            }
        }
        Ok(Trace {
            nodes: g.nodes,
            live,
            root,
            reduce: g.reduce.map(|r| r.0),
            used,
        })
    }
}
