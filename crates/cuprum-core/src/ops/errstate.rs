//! Floating-point error handling with NumPy's names (`numpy.seterr`, `geterr`, `errstate`,
//! `seterrcall`; CuPy's `cupyx.seterr`/`errstate`): what happens when an elementwise ufunc
//! divides by zero, overflows or produces an invalid result (NaN).
//!
//! **Semantics.** Four categories as NumPy's: `divide` (a finite number divided by zero, a log
//! of zero, an integer division or remainder by zero), `over` (an infinite result from finite
//! operands), `under` (accepted and stored; underflow is not detected: NumPy's default for it
//! is `ignore` too) and `invalid` (a NaN result from operands that are not NaN, such as 0/0,
//! inf - inf, sqrt(-1)). Each category has a [`FpMode`]. The state is per thread (NumPy's is
//! per context); [`errstate`] sets it for the duration of a closure.
//!
//! **Default: every category [`FpMode::Ignore`]**, as CuPy (a GPU kernel raises no flags, so
//! CuPy never reports them); NumPy's default is `warn` for divide, over and invalid.
//!
//! **What is checked.** The elementwise ufuncs (every [`BinaryOp`] and
//! [`UnaryOp`] with a float, complex or — for division by zero — integer
//! result), on every device, after the operation: the result and the operands are scanned
//! with `isnan`/`isinf` reductions (one device round trip per op, only while some category is
//! not `Ignore`). Reductions, scans, linalg and FFT are not checked.

use std::cell::{Cell, RefCell};

use crate::{Array, BinaryOp, DType, Error, Result, Scalar, UnaryOp};

/// What to do on a floating-point error of one category (NumPy's `seterr` modes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FpMode {
    /// Do nothing (`'ignore'`).
    Ignore,
    /// Print a `RuntimeWarning` line to standard error (`'warn'`).
    Warn,
    /// Return [`Error::FloatingPoint`] naming the op and the category (`'raise'`).
    Raise,
    /// Call the function set with [`seterrcall`] with the category and the op (`'call'`).
    Call,
    /// Print the message to standard output (`'print'`).
    Print,
}

/// A floating-point error category (NumPy's `seterr` keywords).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FpError {
    /// Division by zero.
    Divide,
    /// Overflow to infinity.
    Over,
    /// Underflow (never detected here; see the module docs).
    Under,
    /// An invalid operation (a NaN result).
    Invalid,
}

impl FpError {
    /// NumPy's keyword for the category: `"divide"`, `"over"`, `"under"`, `"invalid"`.
    pub fn name(self) -> &'static str {
        match self {
            FpError::Divide => "divide",
            FpError::Over => "over",
            FpError::Under => "under",
            FpError::Invalid => "invalid",
        }
    }
    fn message(self) -> &'static str {
        match self {
            FpError::Divide => "divide by zero encountered",
            FpError::Over => "overflow encountered",
            FpError::Under => "underflow encountered",
            FpError::Invalid => "invalid value encountered",
        }
    }
}

impl std::fmt::Display for FpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

/// The mode of each category (NumPy's `geterr()` dict).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ErrState {
    /// Division by zero.
    pub divide: FpMode,
    /// Overflow.
    pub over: FpMode,
    /// Underflow (stored, not detected).
    pub under: FpMode,
    /// Invalid operation.
    pub invalid: FpMode,
}

impl ErrState {
    /// Every category in `mode` (NumPy's `seterr(all=mode)`).
    pub const fn all(mode: FpMode) -> ErrState {
        ErrState {
            divide: mode,
            over: mode,
            under: mode,
            invalid: mode,
        }
    }
    /// Every category ignored: cuprum's (and CuPy's) default.
    pub const IGNORE: ErrState = ErrState::all(FpMode::Ignore);
    /// NumPy's default: warn on divide, over and invalid; ignore underflow.
    pub const NUMPY_DEFAULT: ErrState = ErrState {
        divide: FpMode::Warn,
        over: FpMode::Warn,
        under: FpMode::Ignore,
        invalid: FpMode::Warn,
    };
    /// The mode of one category.
    pub fn mode(&self, e: FpError) -> FpMode {
        match e {
            FpError::Divide => self.divide,
            FpError::Over => self.over,
            FpError::Under => self.under,
            FpError::Invalid => self.invalid,
        }
    }
}

impl Default for ErrState {
    fn default() -> ErrState {
        ErrState::IGNORE
    }
}

/// The function [`FpMode::Call`] calls: `(category, op)`.
pub type ErrCall = fn(FpError, &'static str);

thread_local! {
    static STATE: Cell<ErrState> = const { Cell::new(ErrState::IGNORE) };
    static CALL: RefCell<Option<ErrCall>> = const { RefCell::new(None) };
    static CHECKING: Cell<bool> = const { Cell::new(false) };
}

/// Sets this thread's floating-point error handling and returns the previous one
/// (`numpy.seterr`).
///
/// ```
/// use cuprum_core::{Array, ErrState, FpMode, divide, seterr};
/// let old = seterr(ErrState { divide: FpMode::Raise, ..ErrState::IGNORE });
/// let a = Array::from_vec(vec![1.0f64, 2.0], [2]).unwrap();
/// let z = Array::from_vec(vec![1.0f64, 0.0], [2]).unwrap();
/// let e = divide(&a, &z).unwrap_err();
/// assert_eq!(e.to_string(), "divide: floating point error: divide by zero encountered");
/// seterr(old);
/// ```
pub fn seterr(state: ErrState) -> ErrState {
    STATE.with(|s| s.replace(state))
}

/// This thread's floating-point error handling (`numpy.geterr`).
///
/// ```
/// use cuprum_core::{ErrState, geterr};
/// assert_eq!(geterr(), ErrState::IGNORE);
/// ```
pub fn geterr() -> ErrState {
    STATE.with(Cell::get)
}

/// Sets the function that [`FpMode::Call`] calls and returns the previous one
/// (`numpy.seterrcall`).
///
/// ```
/// use cuprum_core::{Array, ErrState, FpError, FpMode, errstate, log, seterrcall};
/// fn note(e: FpError, op: &'static str) { assert_eq!((e, op), (FpError::Divide, "log")); }
/// seterrcall(Some(note));
/// let a = Array::from_vec(vec![0.0f64], [1]).unwrap();
/// let r = errstate(ErrState::all(FpMode::Call), || log(&a)).unwrap();
/// assert_eq!(r.to_vec::<f64>().unwrap(), vec![f64::NEG_INFINITY]);
/// seterrcall(None);
/// ```
pub fn seterrcall(f: Option<ErrCall>) -> Option<ErrCall> {
    CALL.with(|c| c.replace(f))
}

/// The function [`FpMode::Call`] calls (`numpy.geterrcall`).
pub fn geterrcall() -> Option<ErrCall> {
    CALL.with(|c| *c.borrow())
}

/// Runs `f` with this thread's floating-point error handling set to `state`, then restores
/// the previous one, also when `f` panics (`with numpy.errstate(...)`).
///
/// ```
/// use cuprum_core::{Array, ErrState, FpMode, errstate, sqrt};
/// let a = Array::from_vec(vec![-1.0f64], [1]).unwrap();
/// let r = errstate(ErrState { invalid: FpMode::Raise, ..ErrState::IGNORE }, || sqrt(&a));
/// assert!(r.unwrap_err().to_string().contains("sqrt: floating point error: invalid value"));
/// assert!(sqrt(&a).is_ok()); // the default (ignore) is back
/// ```
pub fn errstate<R>(state: ErrState, f: impl FnOnce() -> R) -> R {
    struct Restore(ErrState);
    impl Drop for Restore {
        fn drop(&mut self) {
            seterr(self.0);
        }
    }
    let _restore = Restore(seterr(state));
    f()
}

fn report(e: FpError, op: &'static str) -> Result<()> {
    match geterr().mode(e) {
        FpMode::Ignore => Ok(()),
        FpMode::Warn => {
            eprintln!("RuntimeWarning: {e} in {op}");
            Ok(())
        }
        FpMode::Print => {
            println!("Warning: {e} in {op}");
            Ok(())
        }
        FpMode::Call => {
            if let Some(f) = geterrcall() {
                f(e, op);
            }
            Ok(())
        }
        FpMode::Raise => Err(Error::FloatingPoint { op, error: e }),
    }
}

fn any(a: &Array) -> Result<bool> {
    Ok(a.any(crate::reduce::Axes::All, false)?.item()? == Scalar::Bool(true))
}

/// Runs `f` with the checks off (the checks themselves call ufuncs).
fn unchecked<R>(f: impl FnOnce() -> R) -> R {
    struct Restore;
    impl Drop for Restore {
        fn drop(&mut self) {
            CHECKING.with(|c| c.set(false));
        }
    }
    CHECKING.with(|c| c.set(true));
    let _r = Restore;
    f()
}

pub(crate) fn active() -> bool {
    geterr() != ErrState::IGNORE && !CHECKING.with(Cell::get)
}

fn inexact(d: DType) -> bool {
    d.is_float() || d.is_complex()
}

/// Not NaN (for every dtype; complex: neither part).
fn not_nan(a: &Array) -> Result<Array> {
    crate::ops::logical_not(&crate::ops::isnan(a)?)
}

/// The check after a binary ufunc: `x`, `y` are the operands (broadcast by the ufuncs).
pub(crate) fn check_binary(
    op: BinaryOp,
    x: &crate::Operand<'_>,
    y: &crate::Operand<'_>,
    r: &Array,
) -> Result<()> {
    if !active() || r.size() == 0 {
        return Ok(());
    }
    use crate::ops;
    let name = op.name();
    unchecked(|| {
        let division = matches!(
            op,
            BinaryOp::Divide | BinaryOp::FloorDivide | BinaryOp::Remainder | BinaryOp::Fmod
        );
        if !inexact(r.dtype()) {
            // Integer division and remainder by zero: NumPy's divide flag.
            if division && r.dtype().is_integer() {
                let zero = ops::equal(*y, 0i64)?;
                if any(&zero)? {
                    report(FpError::Divide, name)?;
                }
            }
            return Ok(());
        }
        let ok_x = not_nan_operand(x, r.device())?;
        let ok_y = not_nan_operand(y, r.device())?;
        let inputs_ok = ops::logical_and(&ok_x, &ok_y)?;
        if any(&ops::logical_and(&ops::isnan(r)?, &inputs_ok)?)? {
            report(FpError::Invalid, name)?;
        }
        let fin = ops::logical_and(
            &finite_operand(x, r.device())?,
            &finite_operand(y, r.device())?,
        )?;
        let new_inf = ops::logical_and(&ops::isinf(r)?, &fin)?;
        if any(&new_inf)? {
            let by_zero = ops::logical_and(&new_inf, &ops::equal(*y, 0i64)?)?;
            if division && any(&by_zero)? {
                report(FpError::Divide, name)?;
            }
            if !division || any(&ops::logical_and(&new_inf, &ops::logical_not(&by_zero)?)?)? {
                report(FpError::Over, name)?;
            }
        }
        Ok(())
    })
}

fn not_nan_operand(o: &crate::Operand<'_>, dev: crate::Device) -> Result<Array> {
    match o {
        crate::Operand::Array(a) => not_nan(a),
        crate::Operand::Scalar(s) => {
            let nan = match s {
                Scalar::Float(f) => f.is_nan(),
                Scalar::Complex(z) => z.re.is_nan() || z.im.is_nan(),
                _ => false,
            };
            Array::from_vec_on(vec![!nan], [1usize], dev)
        }
    }
}

fn finite_operand(o: &crate::Operand<'_>, dev: crate::Device) -> Result<Array> {
    match o {
        crate::Operand::Array(a) => crate::ops::isfinite(a),
        crate::Operand::Scalar(s) => {
            let fin = match s {
                Scalar::Float(f) => f.is_finite(),
                Scalar::Complex(z) => z.re.is_finite() && z.im.is_finite(),
                _ => true,
            };
            Array::from_vec_on(vec![fin], [1usize], dev)
        }
    }
}

/// The check after a unary ufunc of `x` giving `r`.
pub(crate) fn check_unary(op: UnaryOp, x: &Array, r: &Array) -> Result<()> {
    if !active() || r.size() == 0 || !inexact(r.dtype()) {
        return Ok(());
    }
    use crate::ops;
    let name = op.name();
    unchecked(|| {
        // A bool result (isnan, ...) is never checked: only inexact results get here.
        let x_ok = not_nan(x)?;
        if any(&ops::logical_and(&ops::isnan(r)?, &x_ok)?)? {
            report(FpError::Invalid, name)?;
        }
        let new_inf = ops::logical_and(&ops::isinf(r)?, &ops::isfinite(x)?)?;
        if any(&new_inf)? {
            // Poles (log(0), 1/0, arctanh(±1), log1p(-1)) are NumPy's divide-by-zero.
            let pole = matches!(
                op,
                UnaryOp::Log
                    | UnaryOp::Log2
                    | UnaryOp::Log10
                    | UnaryOp::Log1p
                    | UnaryOp::Reciprocal
                    | UnaryOp::Arctanh
            );
            report(if pole { FpError::Divide } else { FpError::Over }, name)?;
        }
        Ok(())
    })
}
