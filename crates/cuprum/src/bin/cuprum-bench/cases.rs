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
    /// host time of each call (launch overhead rows)
    Host,
}

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

pub fn core(s: Sizes) -> Vec<Case> {
    let n = s.elems;
    let (r, c) = (s.rows, s.cols);
    let mut v = vec![
        Case {
            suite: "core",
            name: "add".into(),
            shape: format!("{n} float32"),
            work: Work::Bytes(12.0 * n as f64),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let (a, b) = (
                    rand(&[n], DType::Float32, d)?,
                    rand(&[n], DType::Float32, d)?,
                );
                Ok(Box::new(move || cuprum::add(&a, &b).map(drop)))
            }),
        },
        Case {
            suite: "core",
            name: "add out=".into(),
            shape: format!("{n} float32"),
            work: Work::Bytes(12.0 * n as f64),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let (a, b) = (
                    rand(&[n], DType::Float32, d)?,
                    rand(&[n], DType::Float32, d)?,
                );
                let o = Array::empty_on(&[n], DType::Float32, d)?;
                Ok(Box::new(move || cuprum::add_out(&a, &b, &o)))
            }),
        },
        Case {
            suite: "core",
            name: "exp".into(),
            shape: format!("{n} float32"),
            work: Work::Bytes(8.0 * n as f64),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let a = rand(&[n], DType::Float32, d)?;
                Ok(Box::new(move || cuprum::exp(&a).map(drop)))
            }),
        },
        Case {
            suite: "core",
            name: "sum".into(),
            shape: format!("{n} float32"),
            work: Work::Bytes(4.0 * n as f64),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let a = rand(&[n], DType::Float32, d)?;
                Ok(Box::new(move || a.sum(cuprum::Axes::All, false).map(drop)))
            }),
        },
        Case {
            suite: "core",
            name: "max".into(),
            shape: format!("{n} float32"),
            work: Work::Bytes(4.0 * n as f64),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let a = rand(&[n], DType::Float32, d)?;
                Ok(Box::new(move || a.max(cuprum::Axes::All, false).map(drop)))
            }),
        },
        Case {
            suite: "core",
            name: "sum axis=0".into(),
            shape: format!("{r}x{c} float32"),
            work: Work::Bytes(4.0 * (r * c) as f64),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let a = rand(&[r, c], DType::Float32, d)?;
                Ok(Box::new(move || a.sum(0isize, false).map(drop)))
            }),
        },
        Case {
            suite: "core",
            name: "sum axis=1".into(),
            shape: format!("{r}x{c} float32"),
            work: Work::Bytes(4.0 * (r * c) as f64),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let a = rand(&[r, c], DType::Float32, d)?;
                Ok(Box::new(move || a.sum(1isize, false).map(drop)))
            }),
        },
        Case {
            suite: "core",
            name: "transpose copy".into(),
            shape: format!("{r}x{c} float32"),
            work: Work::Bytes(8.0 * (r * c) as f64),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let a = rand(&[r, c], DType::Float32, d)?;
                Ok(Box::new(move || {
                    cuprum::ascontiguousarray(&a.transpose()?).map(drop)
                }))
            }),
        },
        Case {
            suite: "core",
            name: "small add (host time)".into(),
            shape: "1024 float32".into(),
            work: Work::None,
            timing: Timing::Host,
            repeat: 2000,
            cpu_ok: true,
            build: Box::new(move |d| {
                let (a, b) = (
                    rand(&[1024], DType::Float32, d)?,
                    rand(&[1024], DType::Float32, d)?,
                );
                Ok(Box::new(move || cuprum::add(&a, &b).map(drop)))
            }),
        },
        // A weak scalar operand is passed by value (no 0-d array, no fill launch): the scalar
        // row should cost no more host time than the array row beside it.
        Case {
            suite: "core",
            name: "small multiply (host time)".into(),
            shape: "1024 float32".into(),
            work: Work::None,
            timing: Timing::Host,
            repeat: 2000,
            cpu_ok: true,
            build: Box::new(move |d| {
                let (a, b) = (
                    rand(&[1024], DType::Float32, d)?,
                    rand(&[1024], DType::Float32, d)?,
                );
                Ok(Box::new(move || cuprum::multiply(&a, &b).map(drop)))
            }),
        },
        Case {
            suite: "core",
            name: "small multiply by scalar (host time)".into(),
            shape: "1024 float32".into(),
            work: Work::None,
            timing: Timing::Host,
            repeat: 2000,
            cpu_ok: true,
            build: Box::new(move |d| {
                let a = rand(&[1024], DType::Float32, d)?;
                Ok(Box::new(move || cuprum::multiply(&a, 2.0).map(drop)))
            }),
        },
        Case {
            suite: "core",
            name: "random".into(),
            shape: format!("{n} float32"),
            work: Work::Bytes(4.0 * n as f64),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let mut g = cuprum::random::Generator::new(1);
                Ok(Box::new(move || {
                    g.random_on(&[n], DType::Float32, d).map(drop)
                }))
            }),
        },
        Case {
            suite: "core",
            name: "random poisson".into(),
            shape: format!("{} int64", s.sort),
            work: Work::Bytes(8.0 * s.sort as f64),
            timing: Timing::Device,
            repeat: 10,
            cpu_ok: true,
            build: Box::new(move |d| {
                let mut g = cuprum::random::Generator::new(2);
                Ok(Box::new(move || {
                    g.poisson_on(3.5, &[s.sort], DType::Int64, d).map(drop)
                }))
            }),
        },
        Case {
            suite: "core",
            name: "random standard_gamma".into(),
            shape: format!("{} float64", s.sort),
            work: Work::Bytes(8.0 * s.sort as f64),
            timing: Timing::Device,
            repeat: 10,
            cpu_ok: true,
            build: Box::new(move |d| {
                let mut g = cuprum::random::Generator::new(3);
                Ok(Box::new(move || {
                    g.standard_gamma_on(2.0, &[s.sort], DType::Float64, d)
                        .map(drop)
                }))
            }),
        },
        Case {
            suite: "core",
            name: "sort".into(),
            shape: format!("{} float32", s.sort),
            work: Work::Bytes(8.0 * s.sort as f64),
            timing: Timing::Device,
            repeat: 5,
            cpu_ok: true,
            build: Box::new(move |d| {
                let a = rand(&[s.sort], DType::Float32, d)?;
                Ok(Box::new(move || cuprum::sort::sort(&a, Some(-1)).map(drop)))
            }),
        },
    ];
    let mm_rows = s.mm_f32_extra.iter().map(|&m| (m, DType::Float32)).chain(
        s.mm.iter()
            .flat_map(|&m| [(m, DType::Float32), (m, DType::Float64)]),
    );
    for (m, dt) in mm_rows {
        v.push(Case {
            suite: "core",
            name: "matmul".into(),
            shape: format!("{m}x{m} {dt}"),
            work: Work::Flops(2.0 * (m as f64).powi(3)),
            timing: Timing::Device,
            repeat: 10,
            cpu_ok: true,
            build: Box::new(move |d| {
                // float32 samples cast to the dtype, as compare.py and the CuPy baseline make
                // them: float64 GEMM speed depends on the data (full 53-bit random mantissas
                // draw more power; CuPy took 19.5 ms at 8192 on those, 17.1 ms on these)
                let a = rand(&[m, m], DType::Float32, d)?.astype(dt)?;
                let b = a.clone();
                Ok(Box::new(move || cuprum::products::matmul(&a, &b).map(drop)))
            }),
        });
    }
    v
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
        let mk = |name: &'static str, f: fn(&Array, &Array) -> Result<()>, work: f64| Case {
            suite: "linalg",
            name: name.into(),
            shape: format!("{n}x{n} float64"),
            work: Work::Flops(work),
            timing: Timing::Device,
            repeat: 5,
            cpu_ok: true,
            build: Box::new(move |d| {
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
            }),
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
        Case {
            suite: "fft",
            name: "fft2".into(),
            shape: format!("{m}x{m} complex64"),
            work: Work::Flops(5.0 * (m * m) as f64 * ((m * m) as f64).log2()),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let a = rand(&[m, m], DType::Float32, d)?.astype(DType::Complex64)?;
                Ok(Box::new(move || {
                    cuprum::fft::fft2(&a, None, None, cuprum::fft::Norm::Backward)
                        .map(drop)
                        .map_err(to_core)
                }))
            }),
        },
        Case {
            suite: "fft",
            name: "rfft".into(),
            shape: format!("{n} float32"),
            work: Work::Flops(2.5 * n as f64 * (n as f64).log2()),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let a = rand(&[n], DType::Float32, d)?;
                Ok(Box::new(move || {
                    cuprum::fft::rfft(&a, None, -1, cuprum::fft::Norm::Backward)
                        .map(drop)
                        .map_err(to_core)
                }))
            }),
        },
        Case {
            suite: "fft",
            name: "fft batched 1-D".into(),
            shape: format!("{}x256 complex64", n / 256),
            work: Work::Flops(5.0 * n as f64 * 8.0),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let a = rand(&[n / 256, 256], DType::Float32, d)?.astype(DType::Complex64)?;
                Ok(Box::new(move || {
                    cuprum::fft::fft(&a, None, -1, cuprum::fft::Norm::Backward)
                        .map(drop)
                        .map_err(to_core)
                }))
            }),
        },
    ]
}
