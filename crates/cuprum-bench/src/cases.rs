//! The benchmark cases: one constructor per row, grouped by suite.

use cuprum::{Array, DType, Device, Result};

/// What one repeat of a case moves or computes, for its rate column.
#[derive(Clone, Copy, Debug)]
pub enum Work {
    /// bytes read + written
    Bytes(f64),
    /// floating-point operations
    Flops(f64),
    /// no rate (latency rows)
    None,
}

/// How a row's time is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// device time (CUDA events), host time on the CPU
    Device,
    /// host time of each call (launch overhead rows; `cupyx.profiler.benchmark`'s cpu_times:
    /// the call alone, the GPU idle before it)
    Host,
    /// host time per call of a body that makes this many calls back to back, with no sync
    /// between them (issue 19 item 3's measure: the issuing cost when the GPU queue is busy)
    HostBatch(u32),
}

/// Calls per timed body of the back-to-back host-time rows.
pub const HOST_BATCH: u32 = 100;

pub type Body = Box<dyn FnMut() -> Result<()>>;

/// One row: a name shared with the CuPy script, its shape/dtype text, work, and a builder that
/// allocates the inputs on a device and returns the timed closure.
pub struct Case {
    pub suite: &'static str,
    pub name: String,
    pub shape: String,
    pub work: Work,
    pub timing: Timing,
    pub repeat: usize,
    pub cpu_ok: bool,
    pub build: Box<dyn Fn(Device) -> Result<Body>>,
}

impl Case {
    /// A row timed on the device (`Timing::Device`), 20 timed calls, run on the CPU too;
    /// [`Case::timing`], [`Case::repeat`] and [`Case::cpu_ok`] change those.
    pub fn new(
        suite: &'static str,
        name: impl Into<String>,
        shape: impl Into<String>,
        work: Work,
        build: impl Fn(Device) -> Result<Body> + 'static,
    ) -> Case {
        Case {
            suite,
            name: name.into(),
            shape: shape.into(),
            work,
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(build),
        }
    }

    /// The row with another [`Timing`].
    pub fn timing(self, timing: Timing) -> Case {
        Case { timing, ..self }
    }

    /// The row with `repeat` timed calls.
    pub fn repeat(self, repeat: usize) -> Case {
        Case { repeat, ..self }
    }

    /// The row run on the CPU (`true`) or on a GPU only.
    pub fn cpu_ok(self, cpu_ok: bool) -> Case {
        Case { cpu_ok, ..self }
    }
}

/// Timed calls of the sort and argsort rows on a GPU (after three warm-ups): CuPy's
/// `benchmark(n_repeat=20)` in compare.py. Five let one slow call in three move the median
/// (float sorts were 1.10x CuPy in one run of five-call medians, at or under it in the others;
/// docs/benchmarks/h200-core.md: 0.92-0.97x with twenty).
const SORT_REPEAT: usize = 20;

fn rand(shape: &[usize], dtype: DType, device: Device) -> Result<Array> {
    let mut g = cuprum::random::Generator::new(0);
    g.random_on(shape, dtype, device)
}

#[derive(Clone, Copy)]
pub struct Sizes {
    pub elems: usize,
    pub rows: usize,
    pub cols: usize,
    pub mm: &'static [usize],
    /// extra float32 matmul sizes, CPU-sized (the 2-core target of issue 3: 2000²)
    pub mm_f32_extra: &'static [usize],
    pub sort: usize,
    pub la: &'static [usize],
    pub fft2: usize,
    pub rfft: usize,
}

pub fn sizes(full: bool) -> Sizes {
    if full {
        Sizes {
            elems: 1 << 27,
            rows: 1 << 14,
            cols: 1 << 13,
            mm: &[5000, 8192],
            mm_f32_extra: &[],
            sort: 1 << 24,
            la: &[2048, 4096],
            fft2: 4096,
            rfft: 1 << 26,
        }
    } else {
        Sizes {
            elems: 1 << 24,
            rows: 1 << 12,
            cols: 1 << 12,
            mm: &[5000],
            mm_f32_extra: &[2000],
            sort: 1 << 22,
            la: &[512],
            fft2: 1024,
            rfft: 1 << 22,
        }
    }
}

/// A row over one random float32 array `a` of `shape`, timing `f(a)`.
fn one(
    suite: &'static str,
    name: impl Into<String>,
    text: impl Into<String>,
    work: Work,
    shape: Vec<usize>,
    f: impl Fn(&Array) -> Result<()> + Clone + 'static,
) -> Case {
    Case::new(suite, name, text, work, move |d| {
        let (a, f) = (rand(&shape, DType::Float32, d)?, f.clone());
        Ok(Box::new(move || f(&a)))
    })
}

/// A row over two random float32 arrays `a`, `b` of `shape`, timing `f(a, b)`.
fn two(
    suite: &'static str,
    name: impl Into<String>,
    text: impl Into<String>,
    work: Work,
    shape: Vec<usize>,
    f: impl Fn(&Array, &Array) -> Result<()> + Clone + 'static,
) -> Case {
    Case::new(suite, name, text, work, move |d| {
        let (a, b) = (
            rand(&shape, DType::Float32, d)?,
            rand(&shape, DType::Float32, d)?,
        );
        let f = f.clone();
        Ok(Box::new(move || f(&a, &b)))
    })
}

pub fn core(s: Sizes) -> Vec<Case> {
    let n = s.elems;
    let (r, c) = (s.rows, s.cols);
    let mut v = vec![
        two(
            "core",
            "add",
            format!("{n} float32"),
            Work::Bytes(12.0 * n as f64),
            vec![n],
            |a, b| cuprum::add(a, b).map(drop),
        ),
        Case::new(
            "core",
            "add out=",
            format!("{n} float32"),
            Work::Bytes(12.0 * n as f64),
            move |d| {
                let (a, b) = (
                    rand(&[n], DType::Float32, d)?,
                    rand(&[n], DType::Float32, d)?,
                );
                let o = Array::empty_on(&[n], DType::Float32, d)?;
                Ok(Box::new(move || cuprum::add_out(&a, &b, &o)))
            },
        ),
        two(
            "core",
            "add in place (a += b)",
            format!("{n} float32"),
            Work::Bytes(12.0 * n as f64),
            vec![n],
            |a, b| cuprum::add_out(a, b, a),
        ),
        one(
            "core",
            "exp",
            format!("{n} float32"),
            Work::Bytes(8.0 * n as f64),
            vec![n],
            |a| cuprum::exp(a).map(drop),
        ),
        one(
            "core",
            "sum",
            format!("{n} float32"),
            Work::Bytes(4.0 * n as f64),
            vec![n],
            |a| a.sum(cuprum::Axes::All, false).map(drop),
        ),
        one(
            "core",
            "max",
            format!("{n} float32"),
            Work::Bytes(4.0 * n as f64),
            vec![n],
            |a| a.max(cuprum::Axes::All, false).map(drop),
        ),
        one(
            "core",
            "sum axis=0",
            format!("{r}x{c} float32"),
            Work::Bytes(4.0 * (r * c) as f64),
            vec![r, c],
            |a| a.sum(0isize, false).map(drop),
        ),
        one(
            "core",
            "sum axis=1",
            format!("{r}x{c} float32"),
            Work::Bytes(4.0 * (r * c) as f64),
            vec![r, c],
            |a| a.sum(1isize, false).map(drop),
        ),
        one(
            "core",
            "transpose copy",
            format!("{r}x{c} float32"),
            Work::Bytes(8.0 * (r * c) as f64),
            vec![r, c],
            |a| cuprum::ascontiguousarray(&a.transpose()?).map(drop),
        ),
        two(
            "core",
            "small add (host time)",
            "1024 float32",
            Work::None,
            vec![1024],
            |a, b| cuprum::add(a, b).map(drop),
        )
        .timing(Timing::Host)
        .repeat(2000),
        // A weak scalar operand is passed by value (no 0-d array, no fill launch): the scalar
        // row should cost no more host time than the array row beside it.
        two(
            "core",
            "small add (host time, back to back)",
            "1024 float32",
            Work::None,
            vec![1024],
            |a, b| {
                for _ in 0..HOST_BATCH {
                    drop(cuprum::add(a, b)?);
                }
                Ok(())
            },
        )
        .timing(Timing::HostBatch(HOST_BATCH))
        .repeat(50),
        one(
            "core",
            "small multiply by scalar (host time, back to back)",
            "1024 float32",
            Work::None,
            vec![1024],
            |a| {
                for _ in 0..HOST_BATCH {
                    drop(cuprum::multiply(a, 2.0)?);
                }
                Ok(())
            },
        )
        .timing(Timing::HostBatch(HOST_BATCH))
        .repeat(50),
        one(
            "core",
            "small sum (host time, back to back)",
            "1024 float32",
            Work::None,
            vec![1024],
            |a| {
                for _ in 0..HOST_BATCH {
                    drop(a.sum(cuprum::Axes::All, false)?);
                }
                Ok(())
            },
        )
        .timing(Timing::HostBatch(HOST_BATCH))
        .repeat(50),
        two(
            "core",
            "small multiply (host time)",
            "1024 float32",
            Work::None,
            vec![1024],
            |a, b| cuprum::multiply(a, b).map(drop),
        )
        .timing(Timing::Host)
        .repeat(2000),
        one(
            "core",
            "small multiply by scalar (host time)",
            "1024 float32",
            Work::None,
            vec![1024],
            |a| cuprum::multiply(a, 2.0).map(drop),
        )
        .timing(Timing::Host)
        .repeat(2000),
        Case::new(
            "core",
            "random",
            format!("{n} float32"),
            Work::Bytes(4.0 * n as f64),
            move |d| {
                let mut g = cuprum::random::Generator::new(1);
                Ok(Box::new(move || {
                    g.random_on(&[n], DType::Float32, d).map(drop)
                }))
            },
        ),
        Case::new(
            "core",
            "random poisson",
            format!("{} int64", s.sort),
            Work::Bytes(8.0 * s.sort as f64),
            move |d| {
                let mut g = cuprum::random::Generator::new(2);
                Ok(Box::new(move || {
                    g.poisson_on(3.5, &[s.sort], DType::Int64, d).map(drop)
                }))
            },
        )
        .repeat(10),
        Case::new(
            "core",
            "random standard_gamma",
            format!("{} float64", s.sort),
            Work::Bytes(8.0 * s.sort as f64),
            move |d| {
                let mut g = cuprum::random::Generator::new(3);
                Ok(Box::new(move || {
                    g.standard_gamma_on(2.0, &[s.sort], DType::Float64, d)
                        .map(drop)
                }))
            },
        )
        .repeat(10),
        one(
            "core",
            "sort",
            format!("{} float32", s.sort),
            Work::Bytes(8.0 * s.sort as f64),
            vec![s.sort],
            |a| cuprum::sort::sort(a, Some(-1)).map(drop),
        )
        .repeat(SORT_REPEAT),
    ];
    let mm_rows = s.mm_f32_extra.iter().map(|&m| (m, DType::Float32)).chain(
        s.mm.iter()
            .flat_map(|&m| [(m, DType::Float32), (m, DType::Float64)]),
    );
    for (m, dt) in mm_rows {
        v.push(
            // float32 samples cast to the dtype, as compare.py and the CuPy baseline make
            // them: float64 GEMM speed depends on the data (full 53-bit random mantissas
            // draw more power; CuPy took 19.5 ms at 8192 on those, 17.1 ms on these)
            Case::new(
                "core",
                "matmul",
                format!("{m}x{m} {dt}"),
                Work::Flops(2.0 * (m as f64).powi(3)),
                move |d| {
                    let a = rand(&[m, m], DType::Float32, d)?.astype(dt)?;
                    let b = a.clone();
                    Ok(Box::new(move || cuprum::products::matmul(&a, &b).map(drop)))
                },
            )
            .repeat(10),
        );
    }
    v.extend(views_and_transfers(s));
    v
}

/// One step of the 5-point diffusion stencil written with slices and plain operations, as a
/// NumPy user writes it (issue 20): `u[1:-1, 1:-1] = c + alpha * (u[2:, 1:-1] + u[:-2, 1:-1] +
/// u[1:-1, 2:] + u[1:-1, :-2] - 4 * c)` with `c = u[1:-1, 1:-1]`, in Rust's operators: each
/// intermediate is a temporary passed by value, whose buffer the next operator reuses
/// (NumPy's temporary elision does the same).
#[allow(clippy::reversed_empty_ranges)] // `s![1..-1]` is NumPy's `1:-1`, not a Rust range
fn stencil_step(u: &Array, alpha: f64) -> Result<()> {
    use cuprum::s;
    let c = u.slice(s![1..-1, 1..-1])?;
    let (up, down) = (u.slice(s![2.., 1..-1])?, u.slice(s![..-2, 1..-1])?);
    let (right, left) = (u.slice(s![1..-1, 2..])?, u.slice(s![1..-1, ..-2])?);
    let r = &c + alpha * (&up + &down + &right + &left - 4.0 * &c);
    c.assign(&r)
}

/// The same step with the named functions, each temporary borrowed and alive until the step
/// ends (seven 16.7 MB temporaries at 2048² float32 where NumPy holds two).
#[allow(clippy::reversed_empty_ranges)]
fn stencil_step_named(u: &Array, alpha: f64) -> Result<()> {
    use cuprum::s;
    let c = u.slice(s![1..-1, 1..-1])?;
    let n = cuprum::add(&u.slice(s![2.., 1..-1])?, &u.slice(s![..-2, 1..-1])?)?;
    let n = cuprum::add(&n, &u.slice(s![1..-1, 2..])?)?;
    let n = cuprum::add(&n, &u.slice(s![1..-1, ..-2])?)?;
    let lap = cuprum::subtract(&n, &cuprum::multiply(4.0, &c)?)?;
    let r = cuprum::add(&c, &cuprum::multiply(alpha, &lap)?)?;
    c.assign(&r)
}

/// Issue 20's rows: operations on strided views (the stencil, elementwise/copy/assign on 2-D
/// views with a contiguous last axis beside their contiguous counterparts, the fixed cost on a
/// small view), downloads (`to_vec`), sorts of every key width and argsort, and CPU random
/// draws of each kind.
#[allow(clippy::reversed_empty_ranges)] // `s![1..-1]` is NumPy's `1:-1`, not a Rust range
fn views_and_transfers(s: Sizes) -> Vec<Case> {
    let mut v = Vec::new();
    for m in [128usize, 512, 2048] {
        for dt in [DType::Float64, DType::Float32] {
            v.push(
                Case::new(
                    "core",
                    "stencil step (slices)",
                    format!("{m}x{m} {dt}"),
                    Work::None,
                    move |d| {
                        let u = rand(&[m, m], dt, d)?;
                        Ok(Box::new(move || stencil_step(&u, 0.1)))
                    },
                )
                .repeat(if m < 2048 { 200 } else { 20 }),
            );
        }
    }
    for dt in [DType::Float64, DType::Float32] {
        v.push(Case::new(
            "core",
            "stencil step (slices, named functions)",
            format!("2048x2048 {dt}"),
            Work::None,
            move |d| {
                let u = rand(&[2048, 2048], dt, d)?;
                Ok(Box::new(move || stencil_step_named(&u, 0.1)))
            },
        ));
    }
    let m = 2048usize;
    let e = (m * m) as f64;
    let pair = move |d: Device| -> Result<(Array, Array)> {
        Ok((
            rand(&[m + 2, m + 2], DType::Float32, d)?,
            rand(&[m + 2, m + 2], DType::Float32, d)?,
        ))
    };
    let inner = |a: &Array| a.slice(cuprum::s![1..-1, 1..-1]);
    v.push(Case::new(
        "core",
        "add (2-D contiguous)",
        format!("{m}x{m} float32"),
        Work::Bytes(12.0 * e),
        move |d| {
            let a = rand(&[m, m], DType::Float32, d)?;
            let b = rand(&[m, m], DType::Float32, d)?;
            Ok(Box::new(move || cuprum::add(&a, &b).map(drop)))
        },
    ));
    v.push(Case::new(
        "core",
        "add (2-D strided views)",
        format!("{m}x{m} of {}x{} float32", m + 2, m + 2),
        Work::Bytes(12.0 * e),
        move |d| {
            let (a, b) = pair(d)?;
            let (a, b) = (inner(&a)?, inner(&b)?);
            Ok(Box::new(move || cuprum::add(&a, &b).map(drop)))
        },
    ));
    v.push(one(
        "core",
        "copy (2-D contiguous)",
        format!("{m}x{m} float32"),
        Work::Bytes(8.0 * e),
        vec![m, m],
        |a| a.copy().map(drop),
    ));
    v.push(Case::new(
        "core",
        "copy (2-D strided view)",
        format!("{m}x{m} of {}x{} float32", m + 2, m + 2),
        Work::Bytes(8.0 * e),
        move |d| {
            let (a, _) = pair(d)?;
            let a = inner(&a)?;
            Ok(Box::new(move || a.copy().map(drop)))
        },
    ));
    v.push(Case::new(
        "core",
        "assign (2-D strided views)",
        format!("{m}x{m} of {}x{} float32", m + 2, m + 2),
        Work::Bytes(8.0 * e),
        move |d| {
            let (a, b) = pair(d)?;
            let (a, b) = (inner(&a)?, inner(&b)?);
            Ok(Box::new(move || b.assign(&a)))
        },
    ));
    v.push(
        Case::new(
            "core",
            "small add of views (host time)",
            "30x30 of 32x32 float32",
            Work::None,
            move |d| {
                let a = rand(&[32, 32], DType::Float32, d)?;
                let b = rand(&[32, 32], DType::Float32, d)?;
                let (a, b) = (inner(&a)?, inner(&b)?);
                Ok(Box::new(move || cuprum::add(&a, &b).map(drop)))
            },
        )
        .timing(Timing::Host)
        .repeat(2000),
    );
    // Downloads: 2^26 float32 (256 MiB) in the full size, 2^24 in the quick one.
    let n = if s.sort > 1 << 22 {
        1usize << 26
    } else {
        1 << 24
    };
    v.push(
        one(
            "core",
            "to_vec",
            format!("{n} float32"),
            Work::Bytes(4.0 * n as f64),
            vec![n],
            |a| a.to_vec::<f32>().map(drop),
        )
        .timing(Timing::Host)
        .repeat(5),
    );
    let n = s.sort;
    for dt in [DType::Float64, DType::Int32, DType::Int64] {
        v.push(
            Case::new(
                "core",
                "sort",
                format!("{n} {dt}"),
                Work::Bytes(2.0 * (n * dt.itemsize()) as f64),
                move |d| {
                    let a = sort_input(n, dt, d)?;
                    Ok(Box::new(move || cuprum::sort::sort(&a, Some(-1)).map(drop)))
                },
            )
            .repeat(SORT_REPEAT),
        );
    }
    for dt in [DType::Float32, DType::Float64, DType::Int32, DType::Int64] {
        v.push(
            Case::new(
                "core",
                "argsort",
                format!("{n} {dt}"),
                Work::Bytes(2.0 * (n * (dt.itemsize() + 8)) as f64),
                move |d| {
                    let a = sort_input(n, dt, d)?;
                    Ok(Box::new(move || {
                        cuprum::sort::argsort(&a, Some(-1)).map(drop)
                    }))
                },
            )
            .repeat(SORT_REPEAT),
        );
    }
    let n = s.elems;
    v.push(Case::new(
        "core",
        "random",
        format!("{n} float64"),
        Work::Bytes(8.0 * n as f64),
        move |d| {
            let mut g = cuprum::random::Generator::new(1);
            Ok(Box::new(move || {
                g.random_on(&[n], DType::Float64, d).map(drop)
            }))
        },
    ));
    for dt in [DType::Float32, DType::Float64] {
        v.push(Case::new(
            "core",
            "random standard_normal",
            format!("{n} {dt}"),
            Work::Bytes((n * dt.itemsize()) as f64),
            move |d| {
                let mut g = cuprum::random::Generator::new(4);
                Ok(Box::new(move || {
                    g.standard_normal_on(&[n], dt, d).map(drop)
                }))
            },
        ));
    }
    for dt in [DType::Int32, DType::Int64] {
        v.push(Case::new(
            "core",
            "random integers [0, 1000)",
            format!("{n} {dt}"),
            Work::Bytes((n * dt.itemsize()) as f64),
            move |d| {
                let mut g = cuprum::random::Generator::new(5);
                Ok(Box::new(move || {
                    g.integers_on(0, 1000, &[n], dt, d).map(drop)
                }))
            },
        ));
    }
    v
}

/// Sort input: uniform floats, or integers over the whole range of the dtype (every radix digit
/// busy), as compare.py makes them.
fn sort_input(n: usize, dt: DType, d: Device) -> Result<Array> {
    let mut g = cuprum::random::Generator::new(7);
    match dt {
        DType::Int32 => g.integers_on(i32::MIN as i64, i32::MAX as i64, &[n], dt, d),
        DType::Int64 => g.integers_on(i64::MIN, i64::MAX, &[n], dt, d),
        _ => g.random_on(&[n], dt, d),
    }
}

fn spd(n: usize, d: Device) -> Result<Array> {
    // A = R + n I, S = A A^T (well conditioned, as the CuPy baseline builds it)
    let a = cuprum::add(
        &rand(&[n, n], DType::Float64, d)?,
        &cuprum::multiply(&cuprum::eye_on(n, None, 0, DType::Float64, d)?, n as f64)?,
    )?;
    Ok(a)
}

pub fn linalg(s: Sizes) -> Vec<Case> {
    let mut v = Vec::new();
    for &n in s.la {
        let mk = |name: &'static str, f: fn(&Array, &Array) -> Result<()>, work: f64| {
            Case::new(
                "linalg",
                name,
                format!("{n}x{n} float64"),
                Work::Flops(work),
                move |d| {
                    let a = spd(n, d)?;
                    let s = cuprum::products::matmul(&a, &a.transpose()?)?;
                    let b = a.slice(cuprum::s![.., 0..16])?.copy()?;
                    Ok(Box::new(move || {
                        f(
                            if name == "cholesky" || name == "eigh" {
                                &s
                            } else {
                                &a
                            },
                            &b,
                        )
                    }))
                },
            )
            .repeat(5)
        };
        let nf = n as f64;
        v.push(mk(
            "inv",
            |a, _| cuprum::linalg::inv(a).map(drop).map_err(to_core),
            2.0 * nf.powi(3),
        ));
        v.push(mk(
            "solve",
            |a, b| cuprum::linalg::solve(a, b).map(drop).map_err(to_core),
            2.0 / 3.0 * nf.powi(3),
        ));
        v.push(mk(
            "cholesky",
            |a, _| {
                cuprum::linalg::cholesky(a, cuprum::linalg::Uplo::Lower)
                    .map(drop)
                    .map_err(to_core)
            },
            nf.powi(3) / 3.0,
        ));
        v.push(mk(
            "qr",
            |a, _| {
                cuprum::linalg::qr(a, cuprum::linalg::QrMode::Reduced)
                    .map(drop)
                    .map_err(to_core)
            },
            4.0 / 3.0 * nf.powi(3),
        ));
        v.push(mk(
            "eigh",
            |a, _| {
                cuprum::linalg::eigh(a, cuprum::linalg::Uplo::Lower)
                    .map(drop)
                    .map_err(to_core)
            },
            4.0 / 3.0 * nf.powi(3),
        ));
        v.push(mk(
            "svd",
            |a, _| {
                cuprum::linalg::svd(a, true, true)
                    .map(drop)
                    .map_err(to_core)
            },
            4.0 * nf.powi(3),
        ));
    }
    v
}

fn to_core<E: std::fmt::Display>(e: E) -> cuprum::Error {
    cuprum::Error::invalid_value("bench", e.to_string())
}

pub fn fft(s: Sizes) -> Vec<Case> {
    let (m, n) = (s.fft2, s.rfft);
    vec![
        Case::new(
            "fft",
            "fft2",
            format!("{m}x{m} complex64"),
            Work::Flops(5.0 * (m * m) as f64 * ((m * m) as f64).log2()),
            move |d| {
                let a = rand(&[m, m], DType::Float32, d)?.astype(DType::Complex64)?;
                Ok(Box::new(move || {
                    cuprum::fft::fft2(&a, None, None, cuprum::fft::Norm::Backward)
                        .map(drop)
                        .map_err(to_core)
                }))
            },
        ),
        one(
            "fft",
            "rfft",
            format!("{n} float32"),
            Work::Flops(2.5 * n as f64 * (n as f64).log2()),
            vec![n],
            |a| {
                cuprum::fft::rfft(a, None, -1, cuprum::fft::Norm::Backward)
                    .map(drop)
                    .map_err(to_core)
            },
        ),
        Case::new(
            "fft",
            "fft batched 1-D",
            format!("{}x256 complex64", n / 256),
            Work::Flops(5.0 * n as f64 * 8.0),
            move |d| {
                let a = rand(&[n / 256, 256], DType::Float32, d)?.astype(DType::Complex64)?;
                Ok(Box::new(move || {
                    cuprum::fft::fft(&a, None, -1, cuprum::fft::Norm::Backward)
                        .map(drop)
                        .map_err(to_core)
                }))
            },
        ),
    ]
}
