//! Sorting and searching: `sort`, `argsort`, `partition`, `argpartition`, `searchsorted`,
//! `unique` and its NumPy 2 forms, `lexsort`, `sort_complex`.

use super::{Args, Entry, Value, e, one, two};
use crate::sort::Side;
use crate::{Error, Result};

/// `partition`/`argpartition` entries.
macro_rules! part {
    ($name:literal, $f:path) => {
        e!(
            concat!($name, "(a, kth, axis=-1, kind='introselect', order=None)"),
            |a| partition_with(a, $f)
        )
    };
}

pub(super) static ENTRIES: &[Entry] = &[
    e!(
        "sort(a, axis=-1, kind=None, order=None, *, stable=None)",
        |a| {
            kind(a)?;
            one(crate::sort(&a.array("a")?, a.opt_isize("axis")?))
        }
    ),
    e!(
        "argsort(a, axis=-1, kind=None, order=None, *, stable=None)",
        |a| {
            kind(a)?;
            one(crate::argsort(&a.array("a")?, a.opt_isize("axis")?))
        }
    ),
    e!("msort(a)", |a| one(crate::msort(&a.array("a")?))),
    e!("sort_complex(a)", |a| one(crate::sort_complex(
        &a.array("a")?
    ))),
    part!("partition", crate::partition),
    part!("argpartition", crate::argpartition),
    e!("searchsorted(a, v, side='left', sorter=None)", |a| {
        let side = match a.str("side")? {
            "left" => Side::Left,
            "right" => Side::Right,
            s => {
                return Err(Error::bad_argument(
                    "searchsorted",
                    "side",
                    format!("{s:?}"),
                    "'left' or 'right'",
                ));
            }
        };
        one(crate::searchsorted(
            &a.array("a")?,
            &a.array("v")?,
            side,
            a.opt_array("sorter")?.as_ref(),
        ))
    }),
    e!(
        "unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True)",
        |a| {
            if !a.is_none("axis") {
                return Err(a.unsupported("axis"));
            }
            if !a.bool("equal_nan")? {
                return Err(a.unsupported("equal_nan"));
            }
            let u = crate::unique_all(
                &a.array("ar")?,
                a.bool("return_index")?,
                a.bool("return_inverse")?,
                a.bool("return_counts")?,
            )?;
            // NumPy's order: values, index, inverse, counts (each only when asked for)
            Ok(std::iter::once(Some(u.values))
                .chain([u.indices, u.inverse, u.counts])
                .flatten()
                .map(Value::Array)
                .collect())
        }
    ),
    e!("unique_values(x)", |a| one(crate::unique_values(
        &a.array("x")?
    ))),
    e!("unique_counts(x)", |a| two(crate::unique_counts(
        &a.array("x")?
    ))),
    e!("unique_inverse(x)", |a| two(crate::unique_inverse(
        &a.array("x")?
    ))),
    e!("unique_all(x)", |a| {
        let u = crate::unique_all(&a.array("x")?, true, true, true)?;
        Ok([Some(u.values), u.indices, u.inverse, u.counts]
            .into_iter()
            .flatten()
            .map(Value::Array)
            .collect())
    }),
    e!("lexsort(keys, axis=-1)", |a| {
        if a.int("axis")? != -1 {
            return Err(a.unsupported("axis"));
        }
        let k = a.arrays("keys")?;
        let r: Vec<&crate::Array> = k.iter().collect();
        one(crate::lexsort(&r))
    }),
];

fn no_order(a: &Args<'_>) -> Result<()> {
    if !a.is_none("order") {
        return Err(a.unsupported("order"));
    }
    Ok(())
}

/// `partition`/`argpartition` (`f`) of `a` at `kth` along `axis`; `order` must be `None`.
fn partition_with(
    a: &Args<'_>,
    f: fn(&crate::Array, &[isize], Option<isize>) -> Result<crate::Array>,
) -> Result<Vec<Value>> {
    no_order(a)?;
    one(f(&a.array("a")?, &a.axes("kth")?, a.opt_isize("axis")?))
}

fn kind(a: &Args<'_>) -> Result<()> {
    no_order(a)?;
    match a.get("kind") {
        Value::None => Ok(()),
        Value::Str(k)
            if matches!(
                k.as_str(),
                "stable" | "mergesort" | "quicksort" | "heapsort"
            ) =>
        {
            Ok(())
        }
        _ => Err(a.unsupported("kind")),
    }
}
