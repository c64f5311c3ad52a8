//! The cavity example's pictures (plotters, bitmap backend, text through ab_glyph): the speed
//! field with streamlines (contours of ψ, by marching squares) and the centreline profiles with
//! Ghia's points.
//!
//! The font is read at run time (`CUPRUM_FONT`, else DejaVu Sans or Liberation Sans in the usual
//! places); without one the pictures are drawn without text.

use crate::solver::{Ghia, Solution};
use plotters::prelude::*;
use std::path::Path;
use std::sync::OnceLock;

type PlotResult = Result<(), String>;

fn err<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

/// Registers a font as "sans-serif" once; whether text can be drawn.
fn font() -> bool {
    static OK: OnceLock<bool> = OnceLock::new();
    *OK.get_or_init(|| {
        let mut paths: Vec<String> = std::env::var("CUPRUM_FONT").into_iter().collect();
        paths.extend(
            [
                "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                "/usr/share/fonts/dejavu/DejaVuSans.ttf",
                "/usr/share/fonts/TTF/DejaVuSans.ttf",
                "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
                "/Library/Fonts/Arial.ttf",
            ]
            .map(String::from),
        );
        for p in paths {
            if let Ok(bytes) = std::fs::read(&p) {
                let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
                if plotters::style::register_font("sans-serif", FontStyle::Normal, bytes).is_ok() {
                    return true;
                }
            }
        }
        false
    })
}

/// A viridis-like colour for `t` in [0, 1].
fn colour(t: f64) -> RGBColor {
    const STOPS: [(f64, f64, f64); 5] = [
        (68.0, 1.0, 84.0),
        (59.0, 82.0, 139.0),
        (33.0, 145.0, 140.0),
        (94.0, 201.0, 98.0),
        (253.0, 231.0, 37.0),
    ];
    let t = t.clamp(0.0, 1.0) * (STOPS.len() - 1) as f64;
    let k = (t.floor() as usize).min(STOPS.len() - 2);
    let f = t - k as f64;
    let (a, b) = (STOPS[k], STOPS[k + 1]);
    let mix = |x: f64, y: f64| (x + (y - x) * f).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Line segments of the contour `f = level` of an `n × n` nodal field on [0, 1]² (row = y).
fn contour(f: &[f64], n: usize, level: f64) -> Vec<[(f64, f64); 2]> {
    let h = 1.0 / (n - 1) as f64;
    let mut segs = Vec::new();
    for i in 0..n - 1 {
        for j in 0..n - 1 {
            // corners counter-clockwise from (i, j)
            let c = [(i, j), (i, j + 1), (i + 1, j + 1), (i + 1, j)];
            let val = |k: usize| f[c[k].0 * n + c[k].1] - level;
            let mut pts = Vec::with_capacity(4);
            for k in 0..4 {
                let (a, b) = (val(k), val((k + 1) % 4));
                if (a < 0.0) != (b < 0.0) {
                    let t = a / (a - b);
                    let (p, q) = (c[k], c[(k + 1) % 4]);
                    let x = (p.1 as f64 + t * (q.1 as f64 - p.1 as f64)) * h;
                    let y = (p.0 as f64 + t * (q.0 as f64 - p.0 as f64)) * h;
                    pts.push((x, y));
                }
            }
            if pts.len() >= 2 {
                segs.push([pts[0], pts[1]]);
            }
            if pts.len() == 4 {
                segs.push([pts[2], pts[3]]);
            }
        }
    }
    segs
}

/// The speed |u| on the nodes, coloured, with streamlines (ψ contours: the primary vortex and
/// the corner vortices).
pub fn field(path: &Path, s: &Solution, re: f64) -> PlotResult {
    let text = font();
    let n = s.n;
    let (u, v) = s.velocity();
    let speed: Vec<f64> = u.iter().zip(&v).map(|(a, b)| a.hypot(*b)).collect();
    let root = BitMapBackend::new(path, (760, 700)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let mut b = ChartBuilder::on(&root);
    b.margin(12);
    if text {
        b.caption(
            format!("lid-driven cavity, Re = {re}, {n}×{n}: speed and streamlines"),
            ("sans-serif", 18),
        )
        .x_label_area_size(36)
        .y_label_area_size(44);
    }
    let mut chart = b
        .build_cartesian_2d(0.0..1.0f64, 0.0..1.0f64)
        .map_err(err)?;
    if text {
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("x")
            .y_desc("y")
            .draw()
            .map_err(err)?;
    }
    let h = 1.0 / (n - 1) as f64;
    let vmax = speed.iter().cloned().fold(0.0, f64::max).max(1e-300);
    chart
        .draw_series((0..n).flat_map(|i| {
            let speed = &speed;
            (0..n).map(move |j| {
                let (x0, y0) = ((j as f64 - 0.5).max(0.0) * h, (i as f64 - 0.5).max(0.0) * h);
                let (x1, y1) = (
                    ((j as f64 + 0.5) * h).min(1.0),
                    ((i as f64 + 0.5) * h).min(1.0),
                );
                // square root of the speed: the slow corner flow stays visible
                let c = colour((speed[i * n + j] / vmax).sqrt());
                Rectangle::new([(x0, y0), (x1, y1)], c.filled())
            })
        }))
        .map_err(err)?;
    let pmin = s.psi.iter().cloned().fold(0.0, f64::min);
    let pmax = s.psi.iter().cloned().fold(0.0, f64::max);
    let mut levels: Vec<f64> = (1..=10).map(|k| pmin * (k as f64 - 0.5) / 10.0).collect();
    for frac in [1e-6, 1e-5, 1e-4, 1e-3] {
        levels.push(pmin * frac);
    }
    if pmax > 0.0 {
        for frac in [0.05, 0.2, 0.5, 0.8] {
            levels.push(pmax * frac);
        }
    }
    for lev in levels {
        let segs = contour(&s.psi, n, lev);
        chart
            .draw_series(
                segs.into_iter()
                    .map(|seg| PathElement::new(seg.to_vec(), WHITE.mix(0.9).stroke_width(1))),
            )
            .map_err(err)?;
    }
    root.present().map_err(err)?;
    Ok(())
}

/// u(0.5, y) and v(x, 0.5) with Ghia's points.
pub fn profiles(path: &Path, s: &Solution, ghia: Option<&Ghia>, re: f64) -> PlotResult {
    let text = font();
    let root = BitMapBackend::new(path, (1100, 520)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let (left, right) = root.split_horizontally(550);
    let blue = RGBColor(31, 119, 180);
    let red = RGBColor(214, 39, 40);
    // u(0.5, y): u along x, y up
    {
        let (y, u) = s.u_centerline();
        let mut b = ChartBuilder::on(&left);
        b.margin(16);
        if text {
            b.caption(format!("u(0.5, y), Re = {re}"), ("sans-serif", 18))
                .x_label_area_size(36)
                .y_label_area_size(44);
        }
        let mut c = b
            .build_cartesian_2d(-0.6..1.05f64, 0.0..1.0f64)
            .map_err(err)?;
        let mut mesh = c.configure_mesh();
        if text {
            mesh.x_desc("u").y_desc("y");
        } else {
            mesh.x_labels(0).y_labels(0);
        }
        mesh.draw().map_err(err)?;
        c.draw_series(LineSeries::new(
            u.iter().cloned().zip(y.iter().cloned()),
            blue.stroke_width(2),
        ))
        .map_err(err)?;
        if let Some(g) = ghia {
            c.draw_series(
                g.u.iter()
                    .zip(&g.y)
                    .map(|(&uu, &yy)| Circle::new((uu, yy), 4, red.stroke_width(2))),
            )
            .map_err(err)?;
        }
    }
    // v(x, 0.5)
    {
        let (x, v) = s.v_centerline();
        let mut b = ChartBuilder::on(&right);
        b.margin(16);
        if text {
            b.caption(format!("v(x, 0.5), Re = {re}"), ("sans-serif", 18))
                .x_label_area_size(36)
                .y_label_area_size(44);
        }
        let mut c = b
            .build_cartesian_2d(0.0..1.0f64, -0.6..0.5f64)
            .map_err(err)?;
        let mut mesh = c.configure_mesh();
        if text {
            mesh.x_desc("x").y_desc("v");
        } else {
            mesh.x_labels(0).y_labels(0);
        }
        mesh.draw().map_err(err)?;
        c.draw_series(LineSeries::new(
            x.iter().cloned().zip(v.iter().cloned()),
            blue.stroke_width(2),
        ))
        .map_err(err)?;
        if let Some(g) = ghia {
            c.draw_series(
                g.x.iter()
                    .zip(&g.v)
                    .map(|(&xx, &vv)| Circle::new((xx, vv), 4, red.stroke_width(2))),
            )
            .map_err(err)?;
        }
    }
    root.present().map_err(err)?;
    Ok(())
}
