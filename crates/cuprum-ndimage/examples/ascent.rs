//! The `ascent` pipeline of `../shared/data/README.md` on cuprum-ndimage:
//! `gaussian_filter`, the Sobel magnitude, `binary_opening`, `label`, `sum_labels`,
//! `center_of_mass`, `find_objects` and `distance_transform_edt`.
//!
//! ```text
//! cargo run -p cuprum-ndimage --example ascent -- --data ../shared/data/ascent_uint8.npy \
//!     --sigma 2 --threshold 128 --iterations 2 [--device cpu|cuda:0] [--json] [--out DIR]
//! ```
//!
//! With `--json` it prints `gaussian_mean`, `sobel_magnitude_mean`, `n_labels`,
//! `largest_label`, `largest_size`, `largest_center_of_mass`, `edt_max`; with `--out` it writes
//! `smoothed.png`, `edges.png` and `labels.png` (grey levels; labels coloured by a hash).

use cuprum_core::{Array, DType, Device, Result};
use cuprum_ndimage as nd;
use std::path::{Path, PathBuf};

struct Args {
    data: PathBuf,
    sigma: f64,
    threshold: f64,
    iterations: i64,
    device: Device,
    json: bool,
    out: Option<PathBuf>,
}

fn parse() -> std::result::Result<Args, String> {
    let mut a = Args {
        data: PathBuf::from("../shared/data/ascent_uint8.npy"),
        sigma: 2.0,
        threshold: 128.0,
        iterations: 2,
        device: Device::Cpu,
        json: false,
        out: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let mut val = || it.next().ok_or(format!("{k} needs a value"));
        match k.as_str() {
            "--data" => a.data = PathBuf::from(val()?),
            "--sigma" => a.sigma = val()?.parse().map_err(|e| format!("--sigma: {e}"))?,
            "--threshold" => {
                a.threshold = val()?.parse().map_err(|e| format!("--threshold: {e}"))?
            }
            "--iterations" => {
                a.iterations = val()?.parse().map_err(|e| format!("--iterations: {e}"))?
            }
            "--device" => a.device = val()?.parse().map_err(|e| format!("--device: {e}"))?,
            "--out" => a.out = Some(PathBuf::from(val()?)),
            "--json" => a.json = true,
            o => return Err(format!("unknown argument {o}")),
        }
    }
    Ok(a)
}

fn mean_f64(a: &Array) -> Result<f64> {
    Ok(a.mean(None::<isize>, false)?.item()?.as_f64())
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

/// An 8-bit PNG (grey or RGB) with stored (uncompressed) deflate blocks.
fn write_png(path: &Path, w: usize, h: usize, channels: usize, pix: &[u8]) -> std::io::Result<()> {
    let mut raw = Vec::new();
    for r in 0..h {
        raw.push(0u8);
        raw.extend_from_slice(&pix[r * w * channels..(r + 1) * w * channels]);
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
    ihdr.extend_from_slice(&[8, if channels == 3 { 2 } else { 0 }, 0, 0, 0]);
    chunk(b"IHDR", &ihdr);
    chunk(b"IDAT", &z);
    chunk(b"IEND", &[]);
    std::fs::write(path, png)
}

fn grey(a: &Array) -> Result<Vec<u8>> {
    let v = a.astype(DType::Float64)?.to_vec::<f64>()?;
    let (lo, hi) = v
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &x| {
            (l.min(x), h.max(x))
        });
    let s = if hi > lo { 255.0 / (hi - lo) } else { 0.0 };
    Ok(v.iter().map(|&x| ((x - lo) * s) as u8).collect())
}

/// What the pipeline computes from the image (the fields of `reference.json`'s `ascent`).
pub struct Summary {
    /// The Gaussian-smoothed image (float32).
    pub smoothed: Array,
    /// The Sobel gradient magnitude of the smoothed image.
    pub magnitude: Array,
    /// The labels of the opened mask (int32).
    pub labels: Array,
    /// Mean of the smoothed image.
    pub gaussian_mean: f64,
    /// Mean of the Sobel magnitude.
    pub sobel_magnitude_mean: f64,
    /// Number of labels.
    pub n_labels: usize,
    /// The largest label (1-based; 0 when there is none).
    pub largest_label: usize,
    /// Its size in pixels.
    pub largest_size: f64,
    /// Its centre of mass (row, column).
    pub largest_center_of_mass: [f64; 2],
    /// The objects' bounding boxes (`find_objects`).
    pub objects: Vec<Option<Vec<(usize, usize)>>>,
    /// The largest Euclidean distance to the background.
    pub edt_max: f64,
}

/// The `ascent` pipeline on `img` (on its device): `sigma`, `threshold` and `iterations` as in
/// `../shared/data/README.md`.
pub fn pipeline(img: &Array, sigma: f64, threshold: f64, iterations: i64) -> Result<Summary> {
    let g = nd::gaussian_filter(
        &img.astype(DType::Float32)?,
        &[sigma],
        &nd::GaussianOptions::default(),
    )?;
    let fo = nd::FilterOptions::default();
    let sx = nd::sobel(&g, 0, &fo)?;
    let sy = nd::sobel(&g, 1, &fo)?;
    let mag = cuprum_core::hypot(&sx, &sy)?;
    let mask = cuprum_core::greater(&g, threshold)?;
    let mo = nd::MorphOptions {
        iterations,
        ..Default::default()
    };
    let opened = nd::binary_opening(&mask, &mo)?;
    let (labels, n) = nd::label(&opened, None)?;
    let index: Vec<i64> = (1..=n as i64).collect();
    let sizes = nd::sum_labels(&opened, Some(&labels), Some(&index))?.to_vec::<f64>()?;
    let (mut largest, mut size) = (0usize, 0.0);
    for (i, &s) in sizes.iter().enumerate() {
        if s > size {
            largest = i + 1;
            size = s;
        }
    }
    let com = if largest > 0 {
        nd::center_of_mass(&opened, Some(&labels), Some(&[largest as i64]))?.to_vec::<f64>()?
    } else {
        vec![f64::NAN, f64::NAN]
    };
    let objects = nd::find_objects(&labels, 0)?;
    let edt = nd::distance_transform_edt(&opened, &[])?;
    let edt_max = edt.max(None::<isize>, false)?.item()?.as_f64();
    Ok(Summary {
        gaussian_mean: mean_f64(&g)?,
        sobel_magnitude_mean: mean_f64(&mag)?,
        smoothed: g,
        magnitude: mag,
        labels,
        n_labels: n,
        largest_label: largest,
        largest_size: size,
        largest_center_of_mass: [com[0], com[1]],
        objects,
        edt_max,
    })
}

fn run(a: &Args) -> Result<()> {
    let img = cuprum_core::load(&a.data)?.to_device(a.device)?;
    let s = pipeline(&img, a.sigma, a.threshold, a.iterations)?;
    let (g, mag, labels, n, largest, size) = (
        &s.smoothed,
        &s.magnitude,
        &s.labels,
        s.n_labels,
        s.largest_label,
        s.largest_size,
    );
    let (com, objects, edt_max) = (s.largest_center_of_mass, &s.objects, s.edt_max);
    if a.json {
        println!(
            "{{\"gaussian_mean\": {}, \"sobel_magnitude_mean\": {}, \"n_labels\": {n}, \"largest_label\": {largest}, \"largest_size\": {size}, \"largest_center_of_mass\": [{}, {}], \"edt_max\": {edt_max}}}",
            s.gaussian_mean, s.sobel_magnitude_mean, com[0], com[1]
        );
    } else {
        println!(
            "{n} labels; the largest is {largest} ({size} pixels, bounding box {:?})",
            objects.get(largest.wrapping_sub(1))
        );
    }
    if let Some(dir) = &a.out {
        let io = |p: &Path| {
            let path = p.display().to_string();
            move |source: std::io::Error| cuprum_core::Error::Io {
                op: "ascent",
                path,
                source,
            }
        };
        std::fs::create_dir_all(dir).map_err(io(dir))?;
        let (h, w) = (img.shape()[0], img.shape()[1]);
        let p = dir.join("smoothed.png");
        write_png(&p, w, h, 1, &grey(g)?).map_err(io(&p))?;
        let p = dir.join("edges.png");
        write_png(&p, w, h, 1, &grey(mag)?).map_err(io(&p))?;
        let l = labels.to_vec::<i32>()?;
        let rgb: Vec<u8> = l
            .iter()
            .flat_map(|&v| {
                if v == 0 {
                    [0u8, 0, 0]
                } else {
                    let x = (v as u32).wrapping_mul(2_654_435_761);
                    [
                        (x >> 24) as u8 | 64,
                        (x >> 16) as u8 | 64,
                        (x >> 8) as u8 | 64,
                    ]
                }
            })
            .collect();
        let p = dir.join("labels.png");
        write_png(&p, w, h, 3, &rgb).map_err(io(&p))?;
    }
    Ok(())
}

fn main() {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("ascent: {e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = run(&args) {
        eprintln!("ascent: {e}");
        std::process::exit(1);
    }
}
