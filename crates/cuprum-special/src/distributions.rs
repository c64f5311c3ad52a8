//! Distribution functions (`chdtr`, `pdtr`, `gdtr`, `bdtr`, `fdtr`, `nbdtr`, `stdtr` and their complements) and the Box-Cox transforms.

use crate::scalar::dist;
use crate::ufunc::ufunc_fns;

ufunc_fns! {
    /// The chi-square cumulative distribution function with `v` degrees of freedom. SciPy's `scipy.special.chdtr`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** NaN for `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `gammainc(v/2, x/2)` (Cephes `chdtr`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::chdtr(3.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.chdtr(3.0, 2.5)
    /// assert!((r[0] - 0.5247089166569795).abs() <= 1e-14 * 0.5247089166569795);
    /// ```
    chdtr(v, x) => F32, "chdtr", dist::chdtr;

    /// The chi-square survival function with `v` degrees of freedom. SciPy's `scipy.special.chdtrc`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** NaN for `x < 0`; small tails kept. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `gammaincc(v/2, x/2)` (Cephes `chdtrc`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::chdtrc(3.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.chdtrc(3.0, 2.5)
    /// assert!((r[0] - 0.4752910833430205).abs() <= 1e-14 * 0.4752910833430205);
    /// ```
    chdtrc(v, x) => F32, "chdtrc", dist::chdtrc;

    /// The Poisson cumulative distribution function `P(X <= k)` for mean `m`. SciPy's `scipy.special.pdtr`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `k` is floored; NaN for `k < 0` or `m < 0`; 1 at `m = 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `gammaincc(floor(k) + 1, m)` (Cephes `pdtr`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::pdtr(3.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.pdtr(3.0, 2.5)
    /// assert!((r[0] - 0.7575761331330662).abs() <= 1e-14 * 0.7575761331330662);
    /// ```
    pdtr(k, m) => F32, "pdtr", dist::pdtr;

    /// The Poisson survival function `P(X > k)` for mean `m`. SciPy's `scipy.special.pdtrc`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `k` is floored; NaN for `k < 0` or `m < 0`; 0 at `m = 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `gammainc(floor(k) + 1, m)` (Cephes `pdtrc`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::pdtrc(3.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.pdtrc(3.0, 2.5)
    /// assert!((r[0] - 0.2424238668669339).abs() <= 1e-14 * 0.2424238668669339);
    /// ```
    pdtrc(k, m) => F32, "pdtrc", dist::pdtrc;

    /// Student's t cumulative distribution function with `df` degrees of freedom. SciPy's `scipy.special.stdtr`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** NaN for `df <= 0`; `ndtr(t)` for infinite `df`; 0 and 1 at `t = -inf, inf`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `I_x(df/2, 1/2) / 2` with `x = df/(df + t^2)`, reflected for `t > 0` (the incomplete beta function of [`betainc`](crate::betainc)). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::stdtr(3.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.stdtr(3.0, 1.5)
    /// assert!((r[0] - 0.8847080673775886).abs() <= 1e-14 * 0.8847080673775886);
    /// ```
    stdtr(df, t) => F32, "stdtr", dist::stdtr;

    /// The Box-Cox transformation `(x^lmbda - 1) / lmbda` (`log x` for `lmbda = 0`). SciPy's `scipy.special.boxcox`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** NaN for `x < 0`; `-inf` or `-1/lmbda` at `x = 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `expm1(lmbda log x) / lmbda` with an overflow-safe form for large `lmbda log x` (xsf `boxcox`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::boxcox(2.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.boxcox(2.5, 0.5)
    /// assert!((r[0] - 1.1622776601683795).abs() <= 1e-14 * 1.1622776601683795);
    /// ```
    boxcox(x, lmbda) => F32, "boxcox", dist::boxcox;

    /// The Box-Cox transformation of `1 + x`, accurate for small `x`. SciPy's `scipy.special.boxcox1p`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** NaN for `x < -1`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `expm1(lmbda log1p(x)) / lmbda` (xsf `boxcox1p`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::boxcox1p(1e-05, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.boxcox1p(1e-05, 0.5)
    /// assert!((r[0] - 9.999975000125e-06).abs() <= 1e-14 * 9.999975000125e-06);
    /// ```
    boxcox1p(x, lmbda) => F32, "boxcox1p", dist::boxcox1p;

    /// The inverse of [`boxcox`]. SciPy's `scipy.special.inv_boxcox`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `exp(y)` for `lmbda = 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `exp(log1p(lmbda y) / lmbda)` (xsf `inv_boxcox`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::inv_boxcox(1.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.inv_boxcox(1.5, 0.5)
    /// assert!((r[0] - 3.0625).abs() <= 1e-14 * 3.0625);
    /// ```
    inv_boxcox(y, lmbda) => F32, "inv_boxcox", dist::inv_boxcox;

    /// The inverse of [`boxcox1p`]. SciPy's `scipy.special.inv_boxcox1p`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `expm1(y)` for `lmbda = 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `expm1(log1p(lmbda y) / lmbda)` (xsf `inv_boxcox1p`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::inv_boxcox1p(1.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.inv_boxcox1p(1.5, 0.5)
    /// assert!((r[0] - 2.0625).abs() <= 1e-14 * 2.0625);
    /// ```
    inv_boxcox1p(y, lmbda) => F32, "inv_boxcox1p", dist::inv_boxcox1p;

    /// The gamma cumulative distribution function with rate `a` and shape `b`. SciPy's `scipy.special.gdtr`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** NaN for `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `gammainc(b, a x)` (Cephes `gdtr`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::gdtr(2.0, 3.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.gdtr(2.0, 3.0, 1.5)
    /// assert!((r[0] - 0.5768099188731566).abs() <= 1e-14 * 0.5768099188731566);
    /// ```
    gdtr(a, b, x) => F32, "gdtr", dist::gdtr;

    /// The gamma survival function with rate `a` and shape `b`. SciPy's `scipy.special.gdtrc`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** NaN for `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `gammaincc(b, a x)` (Cephes `gdtrc`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::gdtrc(2.0, 3.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.gdtrc(2.0, 3.0, 1.5)
    /// assert!((r[0] - 0.42319008112684364).abs() <= 1e-14 * 0.42319008112684364);
    /// ```
    gdtrc(a, b, x) => F32, "gdtrc", dist::gdtrc;

    /// The binomial cumulative distribution function `P(X <= k)` for `n` trials of probability `p`. SciPy's `scipy.special.bdtr`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `k` and `n` are floored; NaN for `k < 0`, `n < k` or `p` outside `[0, 1]`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `betainc(n - k, k + 1, 1 - p)`, `(1-p)^n` for `k = 0` (Cephes `bdtr`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![0.4f64], &[1], Device::Cpu).unwrap();
    /// let r = special::bdtr(3.0, 10.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.bdtr(3.0, 10.0, 0.4)
    /// assert!((r[0] - 0.3822806016000002).abs() <= 1e-14 * 0.3822806016000002);
    /// ```
    bdtr(k, n, p) => F32, "bdtr", dist::bdtr;

    /// The binomial survival function `P(X > k)`. SciPy's `scipy.special.bdtrc`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `k` and `n` are floored; 1 for `k < 0`, 0 for `k = n`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `betainc(k + 1, n - k, p)`, `-expm1(n log1p(-p))` for `k = 0` (Cephes `bdtrc`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![0.4f64], &[1], Device::Cpu).unwrap();
    /// let r = special::bdtrc(3.0, 10.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.bdtrc(3.0, 10.0, 0.4)
    /// assert!((r[0] - 0.6177193983999998).abs() <= 1e-14 * 0.6177193983999998);
    /// ```
    bdtrc(k, n, p) => F32, "bdtrc", dist::bdtrc;

    /// The F-distribution cumulative distribution function with `dfn` and `dfd` degrees of freedom. SciPy's `scipy.special.fdtr`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** NaN for `dfn <= 0`, `dfd <= 0` or `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `betainc(dfn/2, dfd/2, dfn x / (dfd + dfn x))` (Cephes `fdtr`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::fdtr(3.0, 5.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.fdtr(3.0, 5.0, 1.5)
    /// assert!((r[0] - 0.6778346286938095).abs() <= 1e-14 * 0.6778346286938095);
    /// ```
    fdtr(dfn, dfd, x) => F32, "fdtr", dist::fdtr;

    /// The F-distribution survival function. SciPy's `scipy.special.fdtrc`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** NaN for `dfn <= 0`, `dfd <= 0` or `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `betainc(dfd/2, dfn/2, dfd / (dfd + dfn x))` (Cephes `fdtrc`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::fdtrc(3.0, 5.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.fdtrc(3.0, 5.0, 1.5)
    /// assert!((r[0] - 0.32216537130619044).abs() <= 1e-14 * 0.32216537130619044);
    /// ```
    fdtrc(dfn, dfd, x) => F32, "fdtrc", dist::fdtrc;

    /// The negative binomial cumulative distribution function: at most `k` failures before the `n`-th success. SciPy's `scipy.special.nbdtr`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `k` and `n` are floored; NaN for `k < 0` or `p` outside `[0, 1]`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `betainc(n, k + 1, p)` (Cephes `nbdtr`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![0.4f64], &[1], Device::Cpu).unwrap();
    /// let r = special::nbdtr(3.0, 5.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.nbdtr(3.0, 5.0, 0.4)
    /// assert!((r[0] - 0.1736704).abs() <= 1e-14 * 0.1736704);
    /// ```
    nbdtr(k, n, p) => F64, "nbdtr", dist::nbdtr;

    /// The negative binomial survival function. SciPy's `scipy.special.nbdtrc`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `k` and `n` are floored; NaN for `k < 0` or `p` outside `[0, 1]`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `betainc(k + 1, n, 1 - p)` (Cephes `nbdtrc`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![0.4f64], &[1], Device::Cpu).unwrap();
    /// let r = special::nbdtrc(3.0, 5.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.nbdtrc(3.0, 5.0, 0.4)
    /// assert!((r[0] - 0.8263296).abs() <= 1e-14 * 0.8263296);
    /// ```
    nbdtrc(k, n, p) => F64, "nbdtrc", dist::nbdtrc
}
