//! The `ndimage` area's one op the registry does not list: `ndimage.find_objects`, whose
//! result (a list of slice tuples, `None` for absent labels) the corpus stores as an int64
//! array of shape `(labels, ndim, 2)`, `-1` for `None`. Every other `ndimage.*` case runs
//! through [`cuprum::registry`].

use super::OpResult;
use crate::cx::CaseCx;
use cuprum::scipy::ndimage as nd;
use cuprum::{Array, Device};

/// Runs a `ndimage.find_objects` case; `None` for any other op.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    (op == "ndimage.find_objects").then(|| find_objects(cx))
}

fn find_objects(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["max_label"])?;
    let x = cx.array(0)?;
    let objs = nd::find_objects(x, cx.kw_usize("max_label")?.unwrap_or(0))?;
    let ndim = x.ndim();
    let mut v = Vec::new();
    for o in &objs {
        match o {
            Some(r) => r.iter().for_each(|&(a, b)| v.extend([a as i64, b as i64])),
            None => v.extend(std::iter::repeat_n(-1i64, 2 * ndim)),
        }
    }
    Ok(vec![Array::from_vec_on(
        v,
        vec![objs.len(), ndim, 2],
        Device::Cpu,
    )?])
}
