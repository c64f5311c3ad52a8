//! The `ecg` pipeline of `../shared/data/README.md` on cuprum-signal: a band-pass Butterworth
//! filter (`butter` → `sosfiltfilt`), the mains peak of the raw signal's `welch` spectrum, and
//! the R peaks (`find_peaks` with `height` and `distance`) with the mean heart rate.
//!
//! ```text
//! cargo run -p cuprum-signal --example ecg -- --data ../shared/data/ecg_raw_uint16.npy \
//!     --order 4 --band 0.5 40 --nperseg 2048 --height 0.6 --distance 90 \
//!     [--device cpu|cuda:0] [--json] [--out DIR]
//! ```
//!
//! With `--json` it prints one object with `filtered_std`, `welch_peak_hz_50_70`, `n_peaks`,
//! `first_peaks` and `mean_heart_rate_bpm` (`reference.json`'s `ecg` fields); otherwise the
//! heart rate in words. With `--out` it writes `ecg.png`: the first ten seconds of the raw
//! (grey) and filtered (blue) trace with the detected peaks (red), and below them the PSD
//! (log scale, 0–180 Hz).

use cuprum_core::{Array, DType, Device, Result};
use cuprum_signal as sig;
use std::path::{Path, PathBuf};

/// The sampling rate of the record (Hz).
pub const FS: f64 = 360.0;

/// The pipeline's parameters (the command line's).
#[derive(Clone, Debug)]
pub struct Params {
    /// Butterworth order
    pub order: usize,
    /// pass band (Hz)
    pub band: [f64; 2],
    /// `welch` segment length
    pub nperseg: usize,
    /// `find_peaks` minimal height (mV)
    pub height: f64,
    /// `find_peaks` minimal distance (samples)
    pub distance: f64,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            order: 4,
            band: [0.5, 40.0],
            nperseg: 2048,
            height: 0.6,
            distance: 90.0,
        }
    }
}

/// What the pipeline computes: the arrays (on the data's device) and the summary numbers.
pub struct Ecg {
    /// millivolts, `(raw − 1024) / 200`
    pub x: Array,
    /// the band-passed signal
    pub y: Array,
    /// `welch` frequencies and power spectral density of `x`
    pub f: Vec<f64>,
    /// the PSD
    pub p: Vec<f64>,
    /// the R-peak indices
    pub peaks: Vec<i64>,
    /// `std(y)`
    pub filtered_std: f64,
    /// the frequency of the largest PSD value with 50 < f < 70 Hz (NaN when none)
    pub welch_peak_hz_50_70: f64,
    /// `60 / mean(diff(peaks) / FS)` (NaN with fewer than two peaks)
    pub mean_heart_rate_bpm: f64,
}

impl Ecg {
    /// The `--json` object (`reference.json`'s `ecg` fields).
    pub fn json(&self) -> String {
        let first: Vec<String> = self.peaks.iter().take(10).map(|p| p.to_string()).collect();
        format!(
            "{{\"filtered_std\": {}, \"welch_peak_hz_50_70\": {}, \"n_peaks\": {}, \"first_peaks\": [{}], \"mean_heart_rate_bpm\": {}}}",
            self.filtered_std,
            self.welch_peak_hz_50_70,
            self.peaks.len(),
            first.join(", "),
            self.mean_heart_rate_bpm
        )
    }
}

/// Runs the pipeline on the raw `uint16` record `raw` (on any device; the work runs there).
pub fn pipeline(raw: &Array, p: &Params) -> Result<Ecg> {
    let dev = raw.device();
    let x = cuprum_core::divide(
        &cuprum_core::subtract(&raw.astype(DType::Float64)?, 1024.0)?,
        200.0,
    )?;
    let o = sig::IirOptions {
        btype: sig::BType::Bandpass,
        output: sig::FilterOutput::Sos,
        fs: Some(FS),
        ..Default::default()
    };
    let sos = sig::butter(p.order, &p.band, &o)?.sos()?.to_device(dev)?;
    let y = sig::sosfiltfilt(&sos, &x, -1, &sig::FiltfiltOptions::default())?;
    let filtered_std = y.std(None::<isize>, 0.0, false)?.item()?.as_f64();
    let so = sig::SpectralOptions {
        fs: FS,
        nperseg: Some(p.nperseg),
        ..Default::default()
    };
    let (f, pxx) = sig::welch(&x, &so)?;
    // nperseg / 2 + 1 values: the selection runs on the host
    let f = f.to_device(Device::Cpu)?.to_vec::<f64>()?;
    let pv = pxx
        .astype(DType::Float64)?
        .to_device(Device::Cpu)?
        .to_vec::<f64>()?;
    let mut best: Option<(f64, f64)> = None;
    for (&fi, &pi) in f.iter().zip(&pv) {
        if fi > 50.0 && fi < 70.0 && best.is_none_or(|(_, b)| pi > b) {
            best = Some((fi, pi));
        }
    }
    let fo = sig::FindPeaksOptions {
        height: Some(sig::Bounds::min(p.height)),
        distance: Some(p.distance),
        ..Default::default()
    };
    let peaks = sig::find_peaks(&y, &fo)?
        .peaks
        .to_device(Device::Cpu)?
        .to_vec::<i64>()?;
    let mean_heart_rate_bpm = if peaks.len() > 1 {
        let span = (peaks[peaks.len() - 1] - peaks[0]) as f64;
        60.0 / (span / (peaks.len() - 1) as f64 / FS)
    } else {
        f64::NAN
    };
    Ok(Ecg {
        x,
        y,
        f,
        p: pv,
        peaks,
        filtered_std,
        welch_peak_hz_50_70: best.map_or(f64::NAN, |b| b.0),
        mean_heart_rate_bpm,
    })
}

struct Args {
    data: PathBuf,
    params: Params,
    device: Device,
    json: bool,
    out: Option<PathBuf>,
}

fn parse() -> std::result::Result<Args, String> {
    let mut a = Args {
        data: PathBuf::from("../shared/data/ecg_raw_uint16.npy"),
        params: Params::default(),
        device: Device::Cpu,
        json: false,
        out: None,
    };
    let mut it = std::env::args().skip(1);
    fn num<T: std::str::FromStr>(k: &str, v: Option<String>) -> std::result::Result<T, String>
    where
        T::Err: std::fmt::Display,
    {
        v.ok_or(format!("{k} needs a value"))?
            .parse()
            .map_err(|e| format!("{k}: {e}"))
    }
    while let Some(k) = it.next() {
        match k.as_str() {
            "--data" => a.data = PathBuf::from(it.next().ok_or("--data needs a value")?),
            "--order" => a.params.order = num(&k, it.next())?,
            "--band" => {
                a.params.band = [num(&k, it.next())?, num(&k, it.next())?];
            }
            "--nperseg" => a.params.nperseg = num(&k, it.next())?,
            "--height" => a.params.height = num(&k, it.next())?,
            "--distance" => a.params.distance = num(&k, it.next())?,
            "--device" => {
                a.device = it
                    .next()
                    .ok_or("--device needs a value")?
                    .parse()
                    .map_err(|e| format!("--device: {e}"))?
            }
            "--out" => a.out = Some(PathBuf::from(it.next().ok_or("--out needs a value")?)),
            "--json" => a.json = true,
            o => return Err(format!("unknown argument {o}")),
        }
    }
    Ok(a)
}

/// CRC-32 (PNG's polynomial) of `data`.
fn crc32(data: &[u8]) -> u32 {
    let mut c = 0xffff_ffffu32;
    for &b in data {
        c ^= b as u32;
        for _ in 0..8 {
            c = if c & 1 == 1 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
}

/// An 8-bit RGB PNG with stored (uncompressed) deflate blocks.
fn write_png(path: &Path, w: usize, h: usize, pix: &[u8]) -> std::io::Result<()> {
    let mut raw = Vec::new();
    for r in 0..h {
        raw.push(0u8);
        raw.extend_from_slice(&pix[r * w * 3..(r + 1) * w * 3]);
    }
    let mut z = vec![0x78, 0x01];
    let chunks: Vec<&[u8]> = raw.chunks(65535).collect();
    for (i, c) in chunks.iter().enumerate() {
        z.push(u8::from(i + 1 == chunks.len()));
        let n = c.len() as u16;
        z.extend_from_slice(&n.to_le_bytes());
        z.extend_from_slice(&(!n).to_le_bytes());
        z.extend_from_slice(c);
    }
    let (mut s1, mut s2) = (1u32, 0u32);
    for &b in &raw {
        s1 = (s1 + b as u32) % 65521;
        s2 = (s2 + s1) % 65521;
    }
    z.extend_from_slice(&((s2 << 16) | s1).to_be_bytes());
    let mut png = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
    let mut chunk = |ty: &[u8], data: &[u8]| {
        png.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let mut body = ty.to_vec();
        body.extend_from_slice(data);
        png.extend_from_slice(&body);
        png.extend_from_slice(&crc32(&body).to_be_bytes());
    };
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&(w as u32).to_be_bytes());
    ihdr.extend_from_slice(&(h as u32).to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    chunk(b"IHDR", &ihdr);
    chunk(b"IDAT", &z);
    chunk(b"IEND", &[]);
    std::fs::write(path, png)
}

/// An RGB canvas with line plotting.
struct Canvas {
    w: usize,
    h: usize,
    pix: Vec<u8>,
}

impl Canvas {
    fn new(w: usize, h: usize) -> Canvas {
        Canvas {
            w,
            h,
            pix: vec![255; w * h * 3],
        }
    }

    fn put(&mut self, x: i64, y: i64, c: [u8; 3]) {
        if x >= 0 && y >= 0 && (x as usize) < self.w && (y as usize) < self.h {
            let i = (y as usize * self.w + x as usize) * 3;
            self.pix[i..i + 3].copy_from_slice(&c);
        }
    }

    /// Plots `v` against its index as a polyline in the panel rows `top..top + height`,
    /// scaled to `lo..hi`.
    fn polyline(&mut self, v: &[f64], top: usize, height: usize, lo: f64, hi: f64, c: [u8; 3]) {
        let n = v.len().max(2);
        let sx = (self.w - 1) as f64 / (n - 1) as f64;
        let row = |y: f64| {
            let t = if hi > lo { (y - lo) / (hi - lo) } else { 0.5 };
            top as i64 + ((1.0 - t.clamp(0.0, 1.0)) * (height - 1) as f64) as i64
        };
        for i in 1..v.len() {
            let (x0, x1) = (((i - 1) as f64 * sx) as i64, (i as f64 * sx) as i64);
            let (y0, y1) = (row(v[i - 1]), row(v[i]));
            let steps = (x1 - x0).abs().max((y1 - y0).abs()).max(1);
            for s in 0..=steps {
                let x = x0 + (x1 - x0) * s / steps;
                let y = y0 + (y1 - y0) * s / steps;
                self.put(x, y, c);
            }
        }
    }
}

fn picture(e: &Ecg) -> Result<Canvas> {
    let (w, h) = (1200usize, 700usize);
    let mut c = Canvas::new(w, h);
    let n = (10.0 * FS) as usize;
    let x = e.x.to_device(Device::Cpu)?.to_vec::<f64>()?;
    let y = e.y.to_device(Device::Cpu)?.to_vec::<f64>()?;
    let (x, y) = (&x[..n.min(x.len())], &y[..n.min(y.len())]);
    let (lo, hi) = x
        .iter()
        .chain(y)
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| {
            (l.min(v), h.max(v))
        });
    c.polyline(x, 10, 420, lo, hi, [150, 150, 150]);
    c.polyline(y, 10, 420, lo, hi, [30, 60, 200]);
    let sx = (w - 1) as f64 / (x.len().max(2) - 1) as f64;
    for &p in e.peaks.iter().filter(|&&p| (p as usize) < y.len()) {
        let t = (y[p as usize] - lo) / (hi - lo);
        let (px, py) = ((p as f64 * sx) as i64, 10 + ((1.0 - t) * 419.0) as i64);
        for dy in -3..=3 {
            for dx in -3..=3 {
                c.put(px + dx, py + dy, [220, 30, 30]);
            }
        }
    }
    let lp: Vec<f64> =
        e.p.iter()
            .map(|&v| v.max(f64::MIN_POSITIVE).log10())
            .collect();
    let (plo, phi) = lp
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| {
            (l.min(v), h.max(v))
        });
    c.polyline(&lp, 460, 230, plo.max(phi - 8.0), phi, [20, 120, 20]);
    Ok(c)
}

fn run(a: &Args) -> Result<()> {
    let raw = cuprum_core::load(&a.data)?.to_device(a.device)?;
    let e = pipeline(&raw, &a.params)?;
    if a.json {
        println!("{}", e.json());
    } else {
        println!(
            "{} R peaks in {:.0} s: mean heart rate {:.1} bpm; mains peak at {:.2} Hz; filtered std {:.4} mV",
            e.peaks.len(),
            raw.shape()[0] as f64 / FS,
            e.mean_heart_rate_bpm,
            e.welch_peak_hz_50_70,
            e.filtered_std
        );
    }
    if let Some(dir) = &a.out {
        let io = |p: &std::path::Path| {
            let path = p.display().to_string();
            move |source: std::io::Error| cuprum_core::Error::Io {
                op: "ecg",
                path,
                source,
            }
        };
        std::fs::create_dir_all(dir).map_err(io(dir))?;
        let c = picture(&e)?;
        let png = dir.join("ecg.png");
        write_png(&png, c.w, c.h, &c.pix).map_err(io(&png))?;
    }
    Ok(())
}

fn main() {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("ecg: {e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = run(&args) {
        eprintln!("ecg: {e}");
        std::process::exit(1);
    }
}
