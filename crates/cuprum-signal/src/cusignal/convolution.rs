//! `convolve1d3o` (CuPy's `cupyx/signal/_convolution`): the third-order Volterra convolution.

use crate::util::bad_shape_if;
use cuprum_core::{
    Array, ConvolveMode, DType, Error, Result, matmul, s, sliding_window_view, zeros_on,
};

/// How [`convolve1d3o`] computes (CuPy's `method`: `'direct'`, `'fft'`, `'auto'`). CuPy
/// implements `'direct'` only and raises `NotImplementedError` for the others; so does cuprum
/// ([`Error::Unsupported`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ConvolveMethod {
    /// From the sums of the definition (the default, and the only one implemented).
    #[default]
    Direct,
    /// Through FFTs (not implemented, as in CuPy).
    Fft,
    /// Chosen by size (not implemented, as in CuPy).
    Auto,
}

impl ConvolveMethod {
    /// Parses CuPy's method string (`"direct"`, `"fft"`, `"auto"`).
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `convolve1d3o` and `method` for another string.
    ///
    /// ```
    /// use cuprum_signal::cusignal::ConvolveMethod;
    /// assert_eq!(ConvolveMethod::parse("direct").unwrap(), ConvolveMethod::Direct);
    /// assert!(ConvolveMethod::parse("fast").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<ConvolveMethod> {
        match s {
            "direct" => Ok(ConvolveMethod::Direct),
            "fft" => Ok(ConvolveMethod::Fft),
            "auto" => Ok(ConvolveMethod::Auto),
            _ => Err(Error::bad_argument(
                "convolve1d3o",
                "method",
                format!("{s:?}"),
                "one of 'direct', 'fft', 'auto'",
            )),
        }
    }
}

/// Elements of the largest intermediate `(rows, H·D)` product one step of [`convolve1d3o`]
/// materializes (the output is computed in row chunks under this bound).
const CHUNK_ELEMS: usize = 1 << 22;

/// The third-order (Volterra) convolution of a 1-D signal with a 3-D kernel
/// (`cupyx.signal.convolve1d3o`).
///
/// **Shapes**: 1-D `in1` of length `n`, 3-D `in2` of shape `(W, H, D)` → 1-D of length
/// `n − max(W, H, D) + 1` (mode `'valid'`, the only one CuPy implements).
///
/// **Semantics** (CuPy's kernel):
/// `out[i] = Σ_{x<W, y<H, z<D} in1[i+W−1−x]·in1[i+H−1−y]·in1[i+D−1−z]·in2[x, y, z]`.
///
/// **Dtypes**: `in1` and `in2` promote together (NumPy's `result_type`), the sums run in that
/// dtype (integers wrap, as CuPy's kernel).
///
/// # Errors
/// - [`Error::BadShape`] naming the argument when `in1` is not 1-D, `in2` not 3-D (CuPy's
///   `ValueError`), or `in1` is shorter than `max(W, H, D) − 1` (CuPy: a negative output
///   size);
/// - [`Error::Unsupported`] for `mode` `Full`/`Same` or `method` other than `Direct` (CuPy's
///   `NotImplementedError`);
/// - [`Error::DeviceMismatch`].
///
/// **Algorithm**: with the reversed sliding windows `X[i, x] = in1[i+W−1−x]` (and `Y`, `Z`
/// alike, views, no copies) the sum is three contractions, each a (batched) [`matmul`]:
/// `T[i, y, z] = Σ_x X[i, x]·in2[x, y, z]`, then `U[i, z] = Σ_y Y[i, y]·T[i, y, z]`, then
/// `out[i] = Σ_z U[i, z]·Z[i, z]` — the same `n·W·H·D` products as CuPy's kernel, through
/// gemm (cuBLAS on CUDA), with the output in row chunks so that `T` stays under 2²² elements.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::cusignal::{ConvolveMethod, ConvolveMode, convolve1d3o};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let k = Array::from_vec_on(vec![1.0f64], &[1, 1, 1], Device::Cpu).unwrap();
/// let y = convolve1d3o(&a, &k, ConvolveMode::Valid, ConvolveMethod::Direct).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![1.0, 8.0, 27.0]); // in1³
/// ```
pub fn convolve1d3o(
    in1: &Array,
    in2: &Array,
    mode: ConvolveMode,
    method: ConvolveMethod,
) -> Result<Array> {
    convolve1d3o_chunked(in1, in2, mode, method, CHUNK_ELEMS)
}

/// [`convolve1d3o`] with the intermediate bound `chunk_elems` (tests use a small one).
pub(crate) fn convolve1d3o_chunked(
    in1: &Array,
    in2: &Array,
    mode: ConvolveMode,
    method: ConvolveMethod,
    chunk_elems: usize,
) -> Result<Array> {
    const OP: &str = "convolve1d3o";
    bad_shape_if(in1.ndim() != 1, OP, "in1", in1.shape(), "a 1-D array")?;
    bad_shape_if(in2.ndim() != 3, OP, "in2", in2.shape(), "a 3-D array")?;
    if mode != ConvolveMode::Valid {
        return Err(Error::unsupported(
            OP,
            format!("mode {mode:?} is not implemented (only Valid, as in CuPy)"),
        ));
    }
    if method != ConvolveMethod::Direct {
        return Err(Error::unsupported(
            OP,
            format!("method {method:?} is not implemented (only Direct, as in CuPy)"),
        ));
    }
    if in1.device() != in2.device() {
        return Err(Error::DeviceMismatch {
            op: OP,
            lhs: in1.device(),
            rhs: in2.device(),
        });
    }
    let (w, h, d) = (in2.shape()[0], in2.shape()[1], in2.shape()[2]);
    let n = in1.shape()[0];
    let widest = w.max(h).max(d);
    bad_shape_if(
        n + 1 < widest,
        OP,
        "in1",
        in1.shape(),
        format!(
            "at least {} samples, in2's widest axis ({widest}) minus one (a shorter in1 gives a negative output size)",
            widest.saturating_sub(1)
        ),
    )?;
    let out_dim = n + 1 - widest;
    let dt = DType::promote(in1.dtype(), in2.dtype());
    let dev = in1.device();
    let a = in1.astype(dt)?;
    let k = in2.astype(dt)?.reshape([w, h * d])?;
    let out = zeros_on([out_dim], dt, dev)?;
    if out_dim == 0 {
        return Ok(out);
    }
    // X[i, x] = a[i + W − 1 − x]: the reversed windows of each length
    let win = |len: usize| -> Result<Array> {
        sliding_window_view(&a, &[len], None)?.slice(s![..out_dim, ..;-1])
    };
    let (xw, yw, zw) = (win(w)?, win(h)?, win(d)?);
    let rows = (chunk_elems / (h * d).max(1)).max(1);
    let mut start = 0;
    while start < out_dim {
        let end = (start + rows).min(out_dim);
        let c = end - start;
        let (lo, hi) = (start as isize, end as isize);
        let t = matmul(&xw.slice(s![lo..hi, ..])?, &k)?.reshape([c, h, d])?;
        let u = matmul(&yw.slice(s![lo..hi, ..])?.reshape([c, 1, h])?, &t)?;
        let o = matmul(&u, &zw.slice(s![lo..hi, ..])?.reshape([c, d, 1])?)?;
        let o = o.reshape([c])?;
        if c == out_dim {
            return Ok(o);
        }
        out.slice(s![lo..hi])?.assign(&o)?;
        start = end;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cuprum_core::ext::test_util::all_devices;
    use cuprum_core::{Array, Complex64};

    /// The kernel's triple sum, in complex f64.
    fn naive(a: &[Complex64], k: &[Complex64], (w, h, d): (usize, usize, usize)) -> Vec<Complex64> {
        let out = a.len() + 1 - w.max(h).max(d);
        (0..out)
            .map(|i| {
                let mut t = Complex64::new(0.0, 0.0);
                for x in 0..w {
                    for y in 0..h {
                        for z in 0..d {
                            t += a[i + w - x - 1]
                                * a[i + h - y - 1]
                                * a[i + d - z - 1]
                                * k[(h * x + y) * d + z];
                        }
                    }
                }
                t
            })
            .collect()
    }

    fn seq(n: usize, seed: f64) -> Vec<Complex64> {
        (0..n)
            .map(|i| {
                let t = i as f64 + seed;
                Complex64::new((t * 0.77).sin(), (t * 0.31).cos())
            })
            .collect()
    }

    /// Small chunks (one row, three rows) give the same answer as one chunk, on every device.
    #[test]
    fn chunked_rows_match_the_triple_sum() {
        let (w, h, d) = (4, 6, 3);
        let av = seq(23, 0.5);
        let kv = seq(w * h * d, 2.0);
        let want = naive(&av, &kv, (w, h, d));
        for dev in all_devices() {
            let a = Array::from_vec_on(av.clone(), &[23], dev).unwrap();
            let k = Array::from_vec_on(kv.clone(), &[w, h, d], dev).unwrap();
            for chunk in [1, 3 * h * d, 1 << 22] {
                let got = convolve1d3o_chunked(
                    &a,
                    &k,
                    ConvolveMode::Valid,
                    ConvolveMethod::Direct,
                    chunk,
                )
                .unwrap()
                .to_vec::<Complex64>()
                .unwrap();
                assert_eq!(got.len(), want.len());
                for (g, e) in got.iter().zip(&want) {
                    assert!(
                        (g - e).norm() < 1e-12 * (1.0 + e.norm()),
                        "{dev} chunk {chunk}: {g} vs {e}"
                    );
                }
            }
        }
    }
}
