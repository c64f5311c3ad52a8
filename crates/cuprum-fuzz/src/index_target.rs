//! The `index` target: index expressions, slicing and the take/put/compress paths on random
//! arrays.
//!
//! An input is a program, decoded totally (any bytes mean something): an array (0 to 4 axes
//! of length 0 to 5, one of five dtypes, values 0, 1, 2, ...), a list of index items (integers
//! including out-of-range ones, slices with any bounds and steps including 0, `None`, `...`,
//! integer arrays, boolean masks), one operation (`getitem`, `setitem`, `slice`, `take`,
//! `take_along_axis`, `put`, `compress`, or `parse_expr` on the items written out and then
//! edited), and its arguments. Errors are fine; panics are crashes. Invariants checked on
//! success: the result's size matches its shape, basic indexing through `getitem` and
//! through `slice` agree, and a `setitem` is read back by the same `getitem`.

use crate::{Rng, Target};
use cuprum_core::index::SliceItem;
use cuprum_core::indexing::{IndexItem, IndexMode};
use cuprum_core::{Array, DType, Device};

/// The index-expression and slicing target.
pub struct IndexTarget;

/// Reads bytes of the input in order; 0 once they run out.
struct Cursor<'a> {
    b: &'a [u8],
    i: usize,
}

impl Cursor<'_> {
    fn u8(&mut self) -> u8 {
        let v = self.b.get(self.i).copied().unwrap_or(0);
        self.i += 1;
        v
    }
    fn small(&mut self) -> isize {
        // mostly small, sometimes far out of range
        let v = self.u8();
        match v >> 5 {
            0..=5 => (v & 0x1f) as isize - 12,
            6 => isize::MAX - (v & 7) as isize,
            _ => isize::MIN + (v & 7) as isize,
        }
    }
    fn opt(&mut self) -> Option<isize> {
        if self.u8().is_multiple_of(3) {
            None
        } else {
            Some(self.small())
        }
    }
}

const DTYPES: [DType; 5] = [
    DType::Int64,
    DType::Float32,
    DType::Bool,
    DType::Complex64,
    DType::UInt8,
];

fn array(c: &mut Cursor<'_>) -> Array {
    let nd = (c.u8() % 5) as usize;
    let shape: Vec<usize> = (0..nd).map(|_| (c.u8() % 6) as usize).collect();
    let n: usize = shape.iter().product();
    let a = Array::from_vec_on((0..n as i64).collect::<Vec<_>>(), &shape, Device::Cpu)
        .expect("a small int64 array");
    let dt = DTYPES[(c.u8() % 5) as usize];
    a.astype(dt).expect("astype of a small array")
}

fn item(c: &mut Cursor<'_>) -> IndexItem {
    match c.u8() % 8 {
        0 | 1 => IndexItem::Basic(SliceItem::Index(c.small())),
        2 | 3 => {
            let (start, stop) = (c.opt(), c.opt());
            let step = match c.u8() % 8 {
                0 => 0,
                1 => -1,
                2 => -2,
                3 => 2,
                4 => c.small(),
                _ => 1,
            };
            IndexItem::Basic(SliceItem::Slice { start, stop, step })
        }
        4 => IndexItem::Basic(SliceItem::NewAxis),
        5 => IndexItem::Basic(SliceItem::Ellipsis),
        6 => {
            let k = (c.u8() % 5) as usize;
            let v: Vec<i64> = (0..k).map(|_| c.small() as i64).collect();
            let shape: &[usize] = if k == 1 && c.u8().is_multiple_of(2) {
                &[]
            } else {
                &[k]
            };
            let v = if shape.is_empty() { v[..1].to_vec() } else { v };
            IndexItem::Array(Array::from_vec_on(v, shape, Device::Cpu).expect("index array"))
        }
        _ => {
            let k = (c.u8() % 7) as usize;
            let v: Vec<bool> = (0..k).map(|_| c.u8().is_multiple_of(2)).collect();
            IndexItem::Array(Array::from_vec_on(v, &[k], Device::Cpu).expect("bool mask"))
        }
    }
}

/// `items` written in the index language of `SliceItem::parse_expr`.
fn render(items: &[SliceItem]) -> String {
    let f = |o: Option<isize>| o.map(|v| v.to_string()).unwrap_or_default();
    let parts: Vec<String> = items
        .iter()
        .map(|i| match i {
            SliceItem::Index(v) => v.to_string(),
            SliceItem::Slice { start, stop, step } => format!("{}:{}:{step}", f(*start), f(*stop)),
            SliceItem::NewAxis => "None".into(),
            SliceItem::Ellipsis => "...".into(),
        })
        .collect();
    format!("[{}]", parts.join(", "))
}

/// Whether an indexing operation succeeded, its result checked by [`check_sized`].
fn sized<E>(r: Result<Array, E>) -> bool {
    r.map(|r| check_sized(&r)).is_ok()
}

/// The first index array among `items`.
fn first_array(items: &[IndexItem]) -> Option<Array> {
    items.iter().find_map(|i| match i {
        IndexItem::Array(x) => Some(x.clone()),
        IndexItem::Basic(_) => None,
    })
}

fn check_sized(a: &Array) {
    let n: usize = a.shape().iter().product();
    assert_eq!(n, a.size(), "size of shape {:?}", a.shape());
    let b = a.to_bytes().expect("to_bytes of an indexing result");
    assert_eq!(b.len(), n * a.dtype().itemsize());
}

impl Target for IndexTarget {
    fn name(&self) -> &'static str {
        "index"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        vec![
            vec![2, 3, 4, 0, 0, 1, 2, 3, 40, 1, 0],
            vec![3, 2, 3, 4, 1, 2, 1, 2, 1, 5, 4, 7, 6, 3, 1, 2, 3],
            vec![1, 5, 0, 1, 6, 4, 1, 2, 3, 4, 2, 2],
            vec![4, 1, 2, 3, 4, 3, 5, 5, 0, 33, 7, 5, 0, 1, 0, 1, 0, 4],
            vec![0, 2, 1, 4, 5, 7],
            b"[1:3, ::-1, None, ..., -2]".to_vec(),
        ]
    }

    fn mutate(&self, rng: &mut Rng, input: &mut Vec<u8>) -> bool {
        // nudge one decoded field: small changes keep the program's structure
        if input.is_empty() {
            return false;
        }
        let i = rng.below(input.len());
        input[i] = input[i].wrapping_add(*rng.pick(&[1u8, 255, 2, 254, 32, 224]));
        true
    }

    fn run(&self, input: &[u8]) -> bool {
        let mut c = Cursor { b: input, i: 0 };
        let a = array(&mut c);
        let k = (c.u8() % 5) as usize;
        let items: Vec<IndexItem> = (0..k).map(|_| item(&mut c)).collect();
        let basic: Option<Vec<SliceItem>> = items
            .iter()
            .map(|i| match i {
                IndexItem::Basic(s) => Some(*s),
                IndexItem::Array(_) => None,
            })
            .collect();
        match c.u8() % 8 {
            0 => {
                let Ok(r) = a.getitem(&items) else {
                    return false;
                };
                check_sized(&r);
                if let Some(b) = &basic {
                    let s = a.slice(b).expect("slice accepts what getitem accepts");
                    assert_eq!(s.shape(), r.shape());
                    assert_eq!(s.to_bytes().ok(), r.to_bytes().ok());
                }
                true
            }
            1 => {
                let Ok(view) = a.getitem(&items) else {
                    return false;
                };
                let vals =
                    cuprum_core::arange_on(100, 100 + view.size() as i64, 1, None, Device::Cpu)
                        .and_then(|v| {
                            v.reshape(&view.shape().iter().map(|&d| d as isize).collect::<Vec<_>>())
                        })
                        .expect("values");
                if a.setitem(&items, &vals).is_err() {
                    return false;
                }
                // read back (with repeated indices the last write wins: compare only the
                // basic case, where positions are distinct)
                if basic.is_some() {
                    let back = a.getitem(&items).expect("getitem after setitem");
                    let want = vals.astype(a.dtype()).expect("astype");
                    assert_eq!(back.to_bytes().ok(), want.to_bytes().ok());
                }
                true
            }
            2 => {
                let Some(b) = &basic else { return false };
                sized(a.slice(b))
            }
            3 => {
                let Some(idx) = first_array(&items) else {
                    return false;
                };
                let axis = if c.u8().is_multiple_of(3) {
                    None
                } else {
                    Some(c.small())
                };
                let mode =
                    [IndexMode::Raise, IndexMode::Wrap, IndexMode::Clip][(c.u8() % 3) as usize];
                sized(cuprum_core::take(&a, &idx, axis, mode))
            }
            4 => {
                let Some(idx) = first_array(&items) else {
                    return false;
                };
                let idx = match idx.reshape(
                    &vec![1; a.ndim().saturating_sub(1)]
                        .into_iter()
                        .chain([-1])
                        .collect::<Vec<isize>>(),
                ) {
                    Ok(i) => i,
                    Err(_) => return false,
                };
                sized(cuprum_core::take_along_axis(&a, &idx, c.small()))
            }
            5 => {
                let Some(idx) = first_array(&items) else {
                    return false;
                };
                let mode =
                    [IndexMode::Raise, IndexMode::Wrap, IndexMode::Clip][(c.u8() % 3) as usize];
                let vals = Array::from_vec_on(vec![7i64, 8], &[2], Device::Cpu).expect("values");
                cuprum_core::put(&a, &idx, &vals, mode).is_ok()
            }
            6 => {
                let cond = match items.iter().find_map(|i| match i {
                    IndexItem::Array(x) if x.dtype() == DType::Bool => Some(x.clone()),
                    _ => None,
                }) {
                    Some(x) => x,
                    None => return false,
                };
                let axis = if c.u8().is_multiple_of(3) {
                    None
                } else {
                    Some(c.small())
                };
                sized(cuprum_core::compress(&cond, &a, axis))
            }
            _ => {
                // the index language: the items written out, then edited by the input's bytes
                let b: Vec<SliceItem> = basic.unwrap_or_default();
                let mut text = render(&b).into_bytes();
                while c.i < input.len() {
                    let (p, v) = (c.u8() as usize, c.u8());
                    if !text.is_empty() {
                        let p = p % (text.len() + 1);
                        if v.is_multiple_of(2) {
                            text.insert(p, b"0123456789-:,.[] @Ne"[(v as usize / 2) % 20]);
                        } else if p < text.len() {
                            text.remove(p);
                        }
                    }
                }
                let s = String::from_utf8_lossy(&text);
                let Ok(parsed) = SliceItem::parse_expr(&s) else {
                    return false;
                };
                sized(a.slice(&parsed))
            }
        }
    }
}
