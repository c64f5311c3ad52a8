//! Binary and grey morphology: `generate_binary_structure`, `iterate_structure`,
//! `binary_erosion`/`dilation`/`opening`/`closing`, `binary_fill_holes`, `grey_erosion`/
//! `dilation`, on the footprint engine (erosion is a minimum, dilation a maximum over the
//! reflected structure, the border given by `border_value`).

use crate::engine::{Taps, rank_taps, to_f64};
use crate::filters::FilterOptions;
use crate::mode::Mode;
use crate::rank::{Window, maximum_filter, minimum_filter, window_dense};
use crate::support::{bounded, check_origin, check_real, host_f64, origins};
use cuprum_core::{Array, DType, Device, Error, Result};

/// The `rank`-d structuring element of `connectivity` (`scipy.ndimage.generate_binary_structure`):
/// a `3 x ... x 3` bool array, true where the squared distance from the centre is at most
/// `connectivity`.
///
/// **Shapes**: `[3; rank]` (a 0-d true for rank 0), on the CPU.
///
/// # Errors
/// Allocation errors only.
///
/// # Algorithm
/// Direct enumeration of the `3^rank` offsets.
///
/// # Example
/// ```
/// use cuprum_ndimage::generate_binary_structure;
/// let s = generate_binary_structure(2, 1).unwrap();
/// assert_eq!(s.to_vec::<bool>().unwrap(), vec![false, true, false, true, true, true, false, true, false]);
/// ```
pub fn generate_binary_structure(rank: usize, connectivity: usize) -> Result<Array> {
    let n = 3usize.pow(rank as u32);
    let v: Vec<bool> = (0..n)
        .map(|k| {
            let mut rem = k;
            let mut d2 = 0;
            for _ in 0..rank {
                d2 += usize::from(rem % 3 != 1);
                rem /= 3;
            }
            d2 <= connectivity.max(1).min(rank.max(1)) || (connectivity == 0 && d2 == 0)
        })
        .map(|b| b || rank == 0)
        .collect();
    let v = if connectivity == 0 {
        (0..n).map(|k| k == n / 2).collect()
    } else {
        v
    };
    Array::from_vec_on(v, bounded(rank, 3usize), Device::Cpu)
}

/// Dilates `structure` with itself `iterations - 1` times (`scipy.ndimage.iterate_structure`).
///
/// **Shapes**: each axis grows to `(n - 1) * iterations + 1`.
///
/// # Errors
/// [`Error::BadArgument`] for `iterations == 0`.
///
/// # Algorithm
/// Repeated binary dilation of the structure padded to the final size.
///
/// # Example
/// ```
/// use cuprum_ndimage::{generate_binary_structure, iterate_structure};
/// let s = generate_binary_structure(2, 1).unwrap();
/// let t = iterate_structure(&s, 2).unwrap();
/// assert_eq!(t.shape(), &[5, 5]);
/// assert_eq!(t.to_vec::<bool>().unwrap().iter().filter(|&&b| b).count(), 13);
/// ```
pub fn iterate_structure(structure: &Array, iterations: usize) -> Result<Array> {
    let op = "ndimage.iterate_structure";
    if iterations == 0 {
        return Err(Error::bad_argument(op, "iterations", 0, "at least 1"));
    }
    let s = structure.astype(DType::Bool)?;
    if iterations == 1 {
        return Ok(s);
    }
    let nd = s.ndim();
    // each axis grows to (n - 1) * iterations + 1: the result must fit in memory
    let mut total = 1usize;
    let mut pw: Vec<(usize, usize)> = Vec::new();
    for &n in s.shape() {
        let grow = n
            .saturating_sub(1)
            .checked_mul(iterations - 1)
            .filter(|g| g.checked_add(n).is_some())
            .ok_or_else(|| {
                Error::bad_argument(
                    op,
                    "iterations",
                    iterations,
                    format!("a count whose grown structure (axis length {n}) fits in usize"),
                )
            })?;
        total = total.saturating_mul(grow + n);
        pw.push((grow / 2, grow - grow / 2));
    }
    cuprum_core::ext::check_host_bytes(total)?;
    let mut out = cuprum_core::pad(&s, &pw, cuprum_core::manip::PadMode::Constant(false.into()))?;
    let _ = nd;
    for _ in 1..iterations {
        out = binary_dilation(
            &out,
            &MorphOptions {
                structure: Some(s.clone()),
                ..MorphOptions::default()
            },
        )?;
    }
    Ok(out)
}

/// Options of the binary morphology operations.
#[derive(Clone, Debug)]
pub struct MorphOptions {
    /// the structuring element (default: connectivity 1, [`generate_binary_structure`])
    pub structure: Option<Array>,
    /// repetitions (default 1; 0 or negative: until the result stops changing)
    pub iterations: i64,
    /// the value of the samples outside the input (default false)
    pub border_value: bool,
    /// the structure's shift per axis (empty: 0)
    pub origin: Vec<isize>,
    /// the axes the structure spans (SciPy's `axes`; empty: every axis); `structure` and
    /// `origin` then have one dimension or value per axis listed
    pub axes: Vec<isize>,
    /// SciPy's `mask` of [`binary_erosion`], [`binary_dilation`], [`binary_opening`] and
    /// [`binary_closing`]: only the elements where it is nonzero change, at every iteration
    /// (the input's shape; default: every element). [`binary_propagation`] takes its mask as
    /// an argument and refuses this one.
    pub mask: Option<Array>,
}

impl Default for MorphOptions {
    fn default() -> Self {
        MorphOptions {
            structure: None,
            iterations: 1,
            border_value: false,
            origin: Vec::new(),
            axes: Vec::new(),
            mask: None,
        }
    }
}

fn structure_of(op: &'static str, input: &Array, s: &Option<Array>) -> Result<Array> {
    match s {
        Some(s) => {
            crate::support::check_rank(op, "structure", s, input.ndim())?;
            Ok(s.clone())
        }
        None => generate_binary_structure(input.ndim(), 1),
    }
}

/// One erosion (`dilate == false`) or dilation of a 0/1 `f64` array.
fn morph_step(
    op: &'static str,
    x: &Array,
    shape: &[usize],
    vals: &[f64],
    origin: &[i64],
    dilate: bool,
    border: bool,
) -> Result<Array> {
    let nd = shape.len();
    let mut vals = vals.to_vec();
    let mut org = origin.to_vec();
    if dilate {
        vals.reverse();
        for d in 0..nd {
            org[d] = -org[d];
            if shape[d].is_multiple_of(2) {
                org[d] -= 1;
            }
        }
    }
    for d in 0..nd {
        check_origin(op, org[d], shape[d])?;
    }
    let taps = Taps::from_dense(shape, &vals, &org, false);
    if taps.len() == 0 {
        return cuprum_core::full_on(
            x.shape(),
            if dilate { 0.0 } else { 1.0 },
            DType::Float64,
            x.device(),
        );
    }
    let rank = if dilate { taps.len() - 1 } else { 0 };
    rank_taps(
        x,
        &taps,
        rank,
        Mode::Constant,
        if border { 1.0 } else { 0.0 },
    )
}

fn binary_op(op: &'static str, input: &Array, opts: &MorphOptions, seq: &[bool]) -> Result<Array> {
    check_real(op, input)?;
    let nd = input.ndim();
    if let Some(ax) = crate::support::filter_axes(op, &opts.axes, nd)? {
        // the structure over the listed axes, size 1 along the others
        let s = match &opts.structure {
            Some(s) => s.clone(),
            None => generate_binary_structure(ax.len(), 1)?,
        };
        let full = MorphOptions {
            structure: Some(crate::support::expand_dims_for_axes(
                op,
                "structure",
                &s,
                &ax,
                nd,
            )?),
            origin: crate::support::expand_origin(op, &opts.origin, Some(&ax), nd)?,
            axes: Vec::new(),
            ..opts.clone()
        };
        return binary_op(op, input, &full, seq);
    }
    let s = structure_of(op, input, &opts.structure)?;
    let (shape, vals) = window_dense(op, &Window::Footprint(s.astype(DType::Float64)?), nd)
        .or_else(|e| {
            // an all-false structure is allowed in morphology
            if host_f64(&s)
                .map(|v| v.iter().all(|&x| x == 0.0))
                .unwrap_or(false)
            {
                Ok((s.shape().to_vec(), bounded(s.size(), 0.0)))
            } else {
                Err(e)
            }
        })?;
    let org = origins(op, &opts.origin, nd)?;
    for (d, &o) in org.iter().enumerate() {
        crate::support::check_origin(op, o, shape[d])?;
    }
    let mask = match &opts.mask {
        Some(m) => {
            check_real(op, m)?;
            crate::support::check_same_shape(op, input, m, "the mask must have the input's shape")?;
            Some(cuprum_core::not_equal(m, 0.0)?)
        }
        None => None,
    };
    // one step; outside the mask the elements keep their values
    let step = |x: &Array, dilate: bool| -> Result<Array> {
        let y = morph_step(op, x, &shape, &vals, &org, dilate, opts.border_value)?;
        match &mask {
            Some(m) => cuprum_core::where_(m, &y, x),
            None => Ok(y),
        }
    };
    let mut x = to_f64(&cuprum_core::not_equal(input, 0.0)?)?;
    for &dilate in seq {
        if opts.iterations >= 1 {
            for i in 0..opts.iterations {
                let y = step(&x, dilate)?;
                // a step that changes nothing is a fixed point: the rest would repeat it
                // (SciPy's `binary_erosion2` stops there too)
                let done = i + 1 < opts.iterations && cuprum_core::array_equal(&x, &y, false)?;
                x = y;
                if done {
                    break;
                }
            }
        } else {
            loop {
                let y = step(&x, dilate)?;
                let same = cuprum_core::array_equal(&x, &y, false)?;
                x = y;
                if same {
                    break;
                }
            }
        }
    }
    x.astype(DType::Bool)
}

/// Binary erosion (`scipy.ndimage.binary_erosion`): true where the structure, placed at the
/// element, covers only true input elements (outside the input: `border_value`).
///
/// **Shapes**: `structure` has the input's rank; the result is bool of the input's shape, on
/// its device.
///
/// # Errors
/// [`Error::BadShape`] for a structure of another rank; [`Error::BadArgument`] for a bad
/// origin; [`Error::DType`] for complex input.
///
/// # Algorithm
/// A minimum over the structure's taps, repeated `iterations` times.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{MorphOptions, binary_erosion};
/// let x = Array::from_vec_on(vec![false, true, true, true, false], &[5], Device::Cpu).unwrap();
/// let y = binary_erosion(&x, &MorphOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<bool>().unwrap(), vec![false, false, true, false, false]);
/// ```
pub fn binary_erosion(input: &Array, opts: &MorphOptions) -> Result<Array> {
    binary_op("ndimage.binary_erosion", input, opts, &[false])
}

/// Binary dilation (`scipy.ndimage.binary_dilation`): true where the reflected structure,
/// placed at the element, covers a true input element.
///
/// **Shapes**, **Errors**: as [`binary_erosion`].
///
/// # Algorithm
/// A maximum over the reflected structure's taps, repeated `iterations` times.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{MorphOptions, binary_dilation};
/// let x = Array::from_vec_on(vec![false, false, true, false, false], &[5], Device::Cpu).unwrap();
/// let y = binary_dilation(&x, &MorphOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<bool>().unwrap(), vec![false, true, true, true, false]);
/// ```
pub fn binary_dilation(input: &Array, opts: &MorphOptions) -> Result<Array> {
    binary_op("ndimage.binary_dilation", input, opts, &[true])
}

/// Binary opening (`scipy.ndimage.binary_opening`): erosion then dilation, each `iterations`
/// times.
///
/// **Shapes**, **Errors**, **Algorithm**: as [`binary_erosion`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{MorphOptions, binary_opening};
/// let x = Array::from_vec_on(vec![true, false, true, true, true, false], &[6], Device::Cpu).unwrap();
/// let y = binary_opening(&x, &MorphOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<bool>().unwrap(), vec![false, false, true, true, true, false]);
/// ```
pub fn binary_opening(input: &Array, opts: &MorphOptions) -> Result<Array> {
    binary_op("ndimage.binary_opening", input, opts, &[false, true])
}

/// Binary closing (`scipy.ndimage.binary_closing`): dilation then erosion, each `iterations`
/// times.
///
/// **Shapes**, **Errors**, **Algorithm**: as [`binary_erosion`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{MorphOptions, binary_closing};
/// let x = Array::from_vec_on(vec![false, true, false, true, false], &[5], Device::Cpu).unwrap();
/// let y = binary_closing(&x, &MorphOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<bool>().unwrap(), vec![false, true, true, true, false]);
/// ```
pub fn binary_closing(input: &Array, opts: &MorphOptions) -> Result<Array> {
    binary_op("ndimage.binary_closing", input, opts, &[true, false])
}

/// Fills the holes of a binary image (`scipy.ndimage.binary_fill_holes`): background elements
/// not connected to the array's border through the background (connectivity of `structure`,
/// default the cross) become true.
///
/// **Shapes**: the result is bool of the input's shape.
///
/// # Errors
/// As [`crate::label`].
///
/// # Algorithm
/// Labels the background ([`crate::label`]) and keeps the components that touch the border.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::binary_fill_holes;
/// let x = Array::from_vec_on(vec![true, true, true, true, false, true, true, true, true], &[3, 3], Device::Cpu).unwrap();
/// let y = binary_fill_holes(&x, None).unwrap();
/// assert_eq!(y.to_vec::<bool>().unwrap(), vec![true; 9]);
/// ```
pub fn binary_fill_holes(input: &Array, structure: Option<&Array>) -> Result<Array> {
    let op = "ndimage.binary_fill_holes";
    check_real(op, input)?;
    let fg = cuprum_core::not_equal(input, 0.0)?;
    let bg = cuprum_core::logical_not(&fg)?;
    let (labels, n) = crate::measurements::label(&bg, structure)?;
    if input.ndim() == 0 {
        return Ok(fg);
    }
    // labels present on the border
    let lab = labels.astype(DType::Int64)?;
    let mut border = bounded(n + 1, false);
    let shape = input.shape().to_vec();
    for d in 0..shape.len() {
        for end in [0usize, shape[d].saturating_sub(1)] {
            let items: Vec<cuprum_core::SliceItem> = (0..shape.len())
                .map(|e| {
                    if e == d {
                        cuprum_core::SliceItem::Index(end as isize)
                    } else {
                        cuprum_core::SliceItem::FULL
                    }
                })
                .collect();
            let face = lab.slice(&items)?;
            let present = crate::measurements::labels_present(&face, n)?;
            for (b, p) in border.iter_mut().zip(present) {
                *b |= p;
            }
        }
    }
    border[0] = true;
    // a background element is a hole when its label does not touch the border
    let keep: Vec<bool> = border.iter().map(|b| !b).collect();
    let table = Array::from_vec_on(keep, &[n + 1], input.device())?;
    let hole = cuprum_core::take(&table, &lab, None, cuprum_core::IndexMode::Raise)?;
    cuprum_core::logical_or(&fg, &hole)
}

/// A non-flat window's shape, structure values and membership flags (C order); `None` for a
/// flat window.
type NonFlat = (Vec<usize>, Vec<f64>, Vec<bool>);

fn nonflat_parts(op: &'static str, window: &Window, nd: usize) -> Result<Option<NonFlat>> {
    let (s, fp) = match window {
        Window::Structure(s) => (s, None),
        Window::MaskedStructure {
            structure,
            footprint,
        } => (structure, Some(footprint)),
        _ => return Ok(None),
    };
    crate::support::check_rank(op, "structure", s, nd)?;
    check_real(op, s)?;
    let vals = host_f64(s)?;
    let member = match fp {
        None => bounded(vals.len(), true),
        Some(f) => {
            crate::support::check_same_shape(
                op,
                s,
                f,
                "the footprint must have the structure's shape",
            )?;
            host_f64(f)?.iter().map(|&v| v != 0.0).collect()
        }
    };
    if !member.iter().any(|&m| m) {
        return Err(Error::bad_argument(
            op,
            "structure",
            format!("shape {:?}", s.shape()),
            "a structure with at least one element in the window",
        ));
    }
    Ok(Some((s.shape().to_vec(), vals, member)))
}

/// Erosion (`dilate == false`: the minimum of `x - s`) or dilation (the maximum of `x + s`) by
/// the non-flat structure (`shape`, values `vals`, window `member`), centred at
/// `shape / 2 + origin`: each `x ± s` is computed in float64 and cast to the input's dtype
/// (toward zero, integers wrapping), as SciPy's C loop's `(type)(x + s)`, and compared in that
/// dtype.
fn grey_nonflat(
    op: &'static str,
    input: &Array,
    (shape, vals, member): NonFlat,
    origin: &[i64],
    opts: &FilterOptions,
    dilate: bool,
) -> Result<Array> {
    check_real(op, input)?;
    let nd = input.ndim();
    for (d, &o) in origin.iter().enumerate() {
        check_origin(op, o, shape[d])?;
    }
    let dt = input.dtype();
    let x = to_f64(input)?;
    let st = crate::support::strides_of(&shape);
    let mut acc: Option<Array> = None;
    for (k, &v) in vals.iter().enumerate().filter(|&(k, _)| member[k]) {
        let offs = (0..nd)
            .map(|d| ((k / st[d]) % shape[d]) as i64 - (shape[d] / 2) as i64 - origin[d])
            .collect();
        let tap = Taps {
            ndim: nd,
            offs,
            w: vec![1.0],
        };
        let shifted = crate::engine::correlate_taps(&x, &tap, opts.mode, opts.cval)?;
        let sum = cuprum_core::add(&shifted, if dilate { v } else { -v })?;
        // SciPy's `(type)(x + s)`: rounded toward zero, then wrapped into an integer type
        let term = if crate::support::is_integer(dt) {
            sum.astype(DType::Int64)?.astype(dt)?
        } else {
            sum.astype(dt)?
        };
        acc = Some(match acc {
            None => term,
            Some(a) if dilate => cuprum_core::fmax(&a, &term)?,
            Some(a) => cuprum_core::fmin(&a, &term)?,
        });
    }
    match acc {
        Some(out) => out.astype(opts.output.unwrap_or(dt)),
        None => Err(Error::bad_argument(
            op,
            "structure",
            format!("shape {shape:?}"),
            "a structure with at least one element in the window",
        )),
    }
}

/// Grey erosion (`scipy.ndimage.grey_erosion`): the minimum over the window; with
/// [`Window::Structure`] (SciPy's non-flat `structure`), the minimum of the input less the
/// structure over the structure's window (with [`Window::MaskedStructure`], over its
/// footprint's true positions); each difference is computed in float64 and cast to
/// the input's dtype (toward zero, integers wrapping) before the comparison. SciPy's C loop
/// mixes the input's type and float64 in that sum, so for integer input and a non-integral
/// structure its results can differ from these by the rounding of the structure.
///
/// **Shapes**, **Errors**, **Algorithm**: as [`crate::minimum_filter`]; a non-flat structure:
/// one shifted copy of the input (the boundary mode applied) per structure element, each less
/// its value, and their running minimum, on the input's device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, grey_erosion};
/// let x = Array::from_vec_on(vec![3.0f64, 1.0, 4.0], &[3], Device::Cpu).unwrap();
/// let y = grey_erosion(&x, &Window::size(2), &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![3.0, 1.0, 1.0]);
/// ```
pub fn grey_erosion(input: &Array, window: &Window, opts: &FilterOptions) -> Result<Array> {
    let op = "ndimage.grey_erosion";
    if matches!(
        window,
        Window::Structure(_) | Window::MaskedStructure { .. }
    ) {
        let nd = input.ndim();
        if let Some((w, o)) = crate::rank::full_rank(op, window, opts, nd)? {
            return grey_erosion(input, &w, &o);
        }
        if let Some(parts) = nonflat_parts(op, window, nd)? {
            let org = origins(op, &opts.origin, nd)?;
            return grey_nonflat(op, input, parts, &org, opts, false);
        }
    }
    minimum_filter(input, window, opts)
}

/// Grey dilation (`scipy.ndimage.grey_dilation`): the maximum over the reflected window (origin
/// negated, less one along an even axis); with [`Window::Structure`], the maximum of the input
/// plus the reflected structure, in the input's dtype (as [`grey_erosion`]).
///
/// **Shapes**, **Errors**, **Algorithm**: as [`crate::maximum_filter`]; a non-flat structure as
/// [`grey_erosion`]'s.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, grey_dilation};
/// let x = Array::from_vec_on(vec![3.0f64, 1.0, 4.0], &[3], Device::Cpu).unwrap();
/// let y = grey_dilation(&x, &Window::size(2), &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![3.0, 4.0, 4.0]);
/// ```
pub fn grey_dilation(input: &Array, window: &Window, opts: &FilterOptions) -> Result<Array> {
    let op = "ndimage.grey_dilation";
    let nd = input.ndim();
    if let Some((w, o)) = crate::rank::full_rank(op, window, opts, nd)? {
        return grey_dilation(input, &w, &o);
    }
    let nonflat = nonflat_parts(op, window, nd)?;
    let (shape, mut vals) = match &nonflat {
        Some((shape, vals, _)) => (shape.clone(), vals.clone()),
        None => window_dense(op, window, nd)?,
    };
    vals.reverse();
    let mut org = origins(op, &opts.origin, nd)?;
    for d in 0..nd {
        org[d] = -org[d];
        if shape[d].is_multiple_of(2) {
            org[d] -= 1;
        }
    }
    if let Some((_, _, mut member)) = nonflat {
        member.reverse();
        return grey_nonflat(op, input, (shape, vals, member), &org, opts, true);
    }
    let fp = Array::from_vec_on(vals, shape, Device::Cpu)?;
    let mut o = opts.clone();
    o.origin = org.iter().map(|&v| v as isize).collect();
    maximum_filter(input, &Window::Footprint(fp), &o)
}

/// Grey opening (`scipy.ndimage.grey_opening`): [`grey_erosion`] then [`grey_dilation`].
///
/// **Shapes**, **Errors**, **Algorithm**: as [`crate::minimum_filter`], twice.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, grey_opening};
/// let x = Array::from_vec_on(vec![1.0f64, 5.0, 1.0, 1.0], &[4], Device::Cpu).unwrap();
/// let y = grey_opening(&x, &Window::size(2), &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![1.0, 1.0, 1.0, 1.0]);
/// ```
pub fn grey_opening(input: &Array, window: &Window, opts: &FilterOptions) -> Result<Array> {
    grey_dilation(&grey_erosion(input, window, opts)?, window, opts)
}

/// Grey closing (`scipy.ndimage.grey_closing`): [`grey_dilation`] then [`grey_erosion`].
///
/// **Shapes**, **Errors**, **Algorithm**: as [`crate::maximum_filter`], twice.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, grey_closing};
/// let x = Array::from_vec_on(vec![5.0f64, 1.0, 5.0, 5.0], &[4], Device::Cpu).unwrap();
/// let y = grey_closing(&x, &Window::size(2), &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![5.0, 5.0, 5.0, 5.0]);
/// ```
pub fn grey_closing(input: &Array, window: &Window, opts: &FilterOptions) -> Result<Array> {
    grey_erosion(&grey_dilation(input, window, opts)?, window, opts)
}

fn sub(a: &Array, b: &Array) -> Result<Array> {
    if a.dtype() == DType::Bool {
        return cuprum_core::logical_xor(a, b);
    }
    cuprum_core::subtract(a, b)?.astype(a.dtype())
}

/// White top-hat (`scipy.ndimage.white_tophat`): the input minus its [`grey_opening`] (in the
/// input's dtype; exclusive or for bool).
///
/// **Shapes**, **Errors**, **Algorithm**: as [`grey_opening`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, white_tophat};
/// let x = Array::from_vec_on(vec![1.0f64, 5.0, 1.0, 1.0], &[4], Device::Cpu).unwrap();
/// let y = white_tophat(&x, &Window::size(2), &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![0.0, 4.0, 0.0, 0.0]);
/// ```
pub fn white_tophat(input: &Array, window: &Window, opts: &FilterOptions) -> Result<Array> {
    let t = grey_opening(input, window, opts)?;
    sub(input, &t)
}

/// Black top-hat (`scipy.ndimage.black_tophat`): the [`grey_closing`] minus the input.
///
/// **Shapes**, **Errors**, **Algorithm**: as [`grey_closing`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, black_tophat};
/// let x = Array::from_vec_on(vec![5.0f64, 1.0, 5.0, 5.0], &[4], Device::Cpu).unwrap();
/// let y = black_tophat(&x, &Window::size(2), &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![0.0, 4.0, 0.0, 0.0]);
/// ```
pub fn black_tophat(input: &Array, window: &Window, opts: &FilterOptions) -> Result<Array> {
    let t = grey_closing(input, window, opts)?;
    sub(&t, input)
}

/// [`grey_dilation`] and [`grey_erosion`] of `input` with the same window and options.
fn dilation_and_erosion(
    input: &Array,
    window: &Window,
    opts: &FilterOptions,
) -> Result<(Array, Array)> {
    Ok((
        grey_dilation(input, window, opts)?,
        grey_erosion(input, window, opts)?,
    ))
}

/// Morphological gradient (`scipy.ndimage.morphological_gradient`): [`grey_dilation`] minus
/// [`grey_erosion`].
///
/// **Shapes**, **Errors**, **Algorithm**: as the two filters.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, morphological_gradient};
/// let x = Array::from_vec_on(vec![0.0f64, 0.0, 3.0, 0.0], &[4], Device::Cpu).unwrap();
/// let y = morphological_gradient(&x, &Window::size(3), &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![0.0, 3.0, 3.0, 3.0]);
/// ```
pub fn morphological_gradient(
    input: &Array,
    window: &Window,
    opts: &FilterOptions,
) -> Result<Array> {
    let (d, e) = dilation_and_erosion(input, window, opts)?;
    sub(&d, &e)
}

/// Morphological Laplace (`scipy.ndimage.morphological_laplace`): dilation plus erosion minus
/// twice the input (in the input's dtype).
///
/// **Shapes**, **Errors**, **Algorithm**: as the two filters.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, morphological_laplace};
/// let x = Array::from_vec_on(vec![0.0f64, 0.0, 3.0, 0.0], &[4], Device::Cpu).unwrap();
/// let y = morphological_laplace(&x, &Window::size(3), &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![0.0, 3.0, -3.0, 3.0]);
/// ```
pub fn morphological_laplace(
    input: &Array,
    window: &Window,
    opts: &FilterOptions,
) -> Result<Array> {
    let (d, e) = dilation_and_erosion(input, window, opts)?;
    let s = cuprum_core::add(&d, &e)?.astype(input.dtype())?;
    let s = cuprum_core::subtract(&s, input)?.astype(input.dtype())?;
    cuprum_core::subtract(&s, input)?.astype(input.dtype())
}

/// Binary propagation (`scipy.ndimage.binary_propagation`): dilation of `input` inside `mask`
/// repeated until nothing changes (reconstruction by dilation).
///
/// **Shapes**: `mask` (default: everything) has the input's shape; the result is bool.
///
/// # Errors
/// As [`binary_dilation`]; [`Error::ShapeMismatch`] for a mask of another shape.
///
/// # Algorithm
/// Repeated dilations restricted to the mask, until a fixed point.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{MorphOptions, binary_propagation};
/// let x = Array::from_vec_on(vec![true, false, false, false, false], &[5], Device::Cpu).unwrap();
/// let m = Array::from_vec_on(vec![true, true, true, false, true], &[5], Device::Cpu).unwrap();
/// let y = binary_propagation(&x, Some(&m), &MorphOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<bool>().unwrap(), vec![true, true, true, false, false]);
/// ```
pub fn binary_propagation(
    input: &Array,
    mask: Option<&Array>,
    opts: &MorphOptions,
) -> Result<Array> {
    let op = "ndimage.binary_propagation";
    check_real(op, input)?;
    if opts.mask.is_some() {
        return Err(Error::bad_argument(
            op,
            "opts.mask",
            "Some(..)",
            "None: binary_propagation takes its mask as the `mask` argument",
        ));
    }
    let m = match mask {
        Some(m) => {
            crate::support::check_same_shape(op, input, m, "the mask must have the input's shape")?;
            cuprum_core::not_equal(m, 0.0)?
        }
        None => cuprum_core::full_on(input.shape(), true, DType::Bool, input.device())?,
    };
    let mut x = cuprum_core::logical_and(&cuprum_core::not_equal(input, 0.0)?, &m)?;
    let one = MorphOptions {
        iterations: 1,
        ..opts.clone()
    };
    loop {
        let y = cuprum_core::logical_and(&binary_dilation(&x, &one)?, &m)?;
        let same = cuprum_core::array_equal(&x, &y, false)?;
        x = y;
        if same {
            return Ok(x);
        }
    }
}

/// SciPy's `origin1`, `origin2` and `axes` of [`binary_hit_or_miss`].
#[derive(Clone, Debug, Default)]
pub struct HitOrMissOptions {
    /// the shift of `structure1` per axis (empty: 0; one value: every axis)
    pub origin1: Vec<isize>,
    /// the shift of `structure2` (`None`: `origin1`, as SciPy's `origin2=None`)
    pub origin2: Option<Vec<isize>>,
    /// the axes the structures span (SciPy's `axes`; empty: every axis); the structures then
    /// have one dimension, and the origins one value, per axis listed
    pub axes: Vec<isize>,
}

/// Binary hit-or-miss (`scipy.ndimage.binary_hit_or_miss`): true where `structure1` fits the
/// foreground and `structure2` fits the background (outside the input counts as background).
///
/// **Shapes**: both structures have the input's rank (or one dimension per axis of
/// `opts.axes`); `structure1` defaults to the cross, `structure2` to its complement. The result
/// is bool.
///
/// # Errors
/// As [`binary_erosion`]: a structure of the wrong rank, an origin that puts the structure's
/// centre outside it, an axis out of range or listed twice.
///
/// # Algorithm
/// Two erosions (the second of the complement, border true) combined with a logical and.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{HitOrMissOptions, binary_hit_or_miss};
/// let x = Array::from_vec_on(vec![false, true, false, true, true], &[5], Device::Cpu).unwrap();
/// let y = binary_hit_or_miss(&x, None, None, &HitOrMissOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<bool>().unwrap(), vec![false; 5]);
/// ```
pub fn binary_hit_or_miss(
    input: &Array,
    structure1: Option<&Array>,
    structure2: Option<&Array>,
    opts: &HitOrMissOptions,
) -> Result<Array> {
    let op = "ndimage.binary_hit_or_miss";
    check_real(op, input)?;
    let rank = match crate::support::filter_axes(op, &opts.axes, input.ndim())? {
        Some(ax) => ax.len(),
        None => input.ndim(),
    };
    let s1 = match structure1 {
        Some(s) => {
            crate::support::check_rank(op, "structure1", s, rank)?;
            s.clone()
        }
        None => generate_binary_structure(rank, 1)?,
    };
    let s2 = match structure2 {
        Some(s) => {
            crate::support::check_rank(op, "structure2", s, rank)?;
            s.clone()
        }
        None => cuprum_core::logical_not(&cuprum_core::not_equal(&s1, 0.0)?)?,
    };
    let origin2 = opts.origin2.as_ref().unwrap_or(&opts.origin1);
    for (name, s, origin) in [("origin1", &s1, &opts.origin1), ("origin2", &s2, origin2)] {
        for (&o, &w) in origins(op, origin, rank)?.iter().zip(s.shape()) {
            let w = w as i64;
            if o < -(w / 2) || o > (w - 1) / 2 {
                return Err(Error::bad_argument(
                    op,
                    name,
                    o,
                    format!(
                        "-(w // 2) <= {name} <= (w - 1) // 2 for a structure of length w = {w}"
                    ),
                ));
            }
        }
    }
    let fg = cuprum_core::not_equal(input, 0.0)?;
    let hit = binary_erosion(
        &fg,
        &MorphOptions {
            structure: Some(s1),
            origin: opts.origin1.clone(),
            axes: opts.axes.clone(),
            ..MorphOptions::default()
        },
    )?;
    let bg = cuprum_core::logical_not(&fg)?;
    let miss = binary_erosion(
        &bg,
        &MorphOptions {
            structure: Some(s2),
            border_value: true,
            origin: origin2.clone(),
            axes: opts.axes.clone(),
            ..MorphOptions::default()
        },
    )?;
    cuprum_core::logical_and(&hit, &miss)
}
