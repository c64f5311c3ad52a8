//! Dispatch arms for the `io` area: `io.roundtrip` (read with cuprum's `.npy` reader, write
//! with its writer, read that back).

use super::OpResult;
use crate::cx::CaseCx;

/// Runs `op` when it is an io op; `None` when it is not in this table.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    Some(match op {
        "io.roundtrip" => roundtrip(cx),
        _ => return None,
    })
}

fn roundtrip(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&[])?;
    let a = cuprum::npy::load_on(cx.input_path(0)?, cx.device)?;
    let bytes = cuprum::npy::to_npy_bytes(&a)?;
    Ok(vec![cuprum::npy::from_npy_bytes_on(&bytes, cx.device)?])
}
