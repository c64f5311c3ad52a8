//! The `ndimage` suite: cuprum-ndimage against CuPy (GPU) and SciPy (CPU), the rows of
//! issue 41's performance targets: on float32 images, `gaussian_filter` σ = 4 (repeated, and
//! each call with a sigma never used before), `uniform_filter` size 9, `median_filter` 5×5,
//! `label` of a random half-filled mask, `distance_transform_edt` of the same kind of mask,
//! `map_coordinates` order 3 and `zoom` ×2 order 3. `full`: the sizes (4096² and 2048²);
//! otherwise sizes a 2-core CPU runs in seconds. compare_ndimage.py builds the same inputs.

use crate::cases::{Case, Work};
use cuprum::scipy::ndimage as nd;
use cuprum::{Array, DType, Device, Result};

fn image(n: usize, seed: u64, d: Device) -> Result<Array> {
    let mut g = cuprum::random::Generator::new(seed);
    g.random_on(&[n, n], DType::Float32, d)
}

/// A boolean mask with about half its elements set.
fn mask(n: usize, d: Device) -> Result<Array> {
    cuprum::less(&image(n, 1, d)?, 0.5f32)
}

/// The coordinates of `map_coordinates`' row, shape `(2, n, n)` float32: the output grid turned
/// by 0.1 rad about the centre (a smooth transform; some samples fall outside and take `cval`).
fn rotated_grid(n: usize, d: Device) -> Result<Array> {
    let g = cuprum::indices(&[n, n], d)?.astype(DType::Float32)?;
    let c = (n as f32 - 1.0) / 2.0;
    let (s, co) = (0.1f32.sin(), 0.1f32.cos());
    let y = cuprum::subtract(&g.index_axis(0, 0)?, c)?;
    let x = cuprum::subtract(&g.index_axis(0, 1)?, c)?;
    // (y', x') = R (y, x) + c
    let yr = cuprum::add(
        &cuprum::add(&cuprum::multiply(&y, co)?, &cuprum::multiply(&x, -s)?)?,
        c,
    )?;
    let xr = cuprum::add(
        &cuprum::add(&cuprum::multiply(&y, s)?, &cuprum::multiply(&x, co)?)?,
        c,
    )?;
    cuprum::stack(&[&yr, &xr], 0)
}

#[allow(clippy::too_many_lines)]
pub fn ndimage(full: bool) -> Vec<Case> {
    // big: the 4096² rows; small: its 2048² rows
    let (big, small) = if full { (4096, 2048) } else { (1024, 512) };
    let b2 = (big * big) as f64;
    let s2 = (small * small) as f64;
    let mut v = Vec::new();
    v.push(Case::new(
        "ndimage",
        "gaussian_filter sigma=4",
        format!("{big}x{big} float32"),
        Work::Bytes(8.0 * b2),
        move |d| {
            let x = image(big, 0, d)?;
            let o = nd::GaussianOptions::default();
            Ok(Box::new(move || {
                nd::gaussian_filter(&x, &[4.0], &o).map(drop)
            }))
        },
    ));
    v.push(
        // every call (warm-ups included) takes a sigma never used before, all with the
        // radius of sigma 4 (16), so the row differs from the one above only in the sigma
        Case::new(
            "ndimage",
            "gaussian_filter first call with a new sigma",
            format!("{big}x{big} float32"),
            Work::Bytes(8.0 * b2),
            move |d| {
                let x = image(big, 0, d)?;
                let o = nd::GaussianOptions::default();
                let mut k = 0u32;
                Ok(Box::new(move || {
                    k += 1;
                    let sigma = 4.0 + f64::from(k) * 1e-4;
                    nd::gaussian_filter(&x, &[sigma], &o).map(drop)
                }))
            },
        ),
    );
    v.push(Case::new(
        "ndimage",
        "uniform_filter size=9",
        format!("{big}x{big} float32"),
        Work::Bytes(8.0 * b2),
        move |d| {
            let x = image(big, 0, d)?;
            let o = nd::FilterOptions::default();
            Ok(Box::new(move || nd::uniform_filter(&x, &[9], &o).map(drop)))
        },
    ));
    v.push(
        Case::new(
            "ndimage",
            "median_filter 5x5",
            format!("{small}x{small} float32"),
            Work::Bytes(8.0 * s2),
            move |d| {
                let x = image(small, 0, d)?;
                let w = nd::Window::size(5);
                let o = nd::FilterOptions::default();
                Ok(Box::new(move || nd::median_filter(&x, &w, &o).map(drop)))
            },
        )
        .repeat(10),
    );
    v.push(
        Case::new(
            "ndimage",
            "label random half-filled mask",
            format!("{big}x{big} bool"),
            Work::Bytes(5.0 * b2),
            move |d| {
                let m = mask(big, d)?;
                Ok(Box::new(move || nd::label(&m, None).map(drop)))
            },
        )
        .repeat(10),
    );
    v.push(
        Case::new(
            "ndimage",
            "distance_transform_edt random half-filled mask",
            format!("{small}x{small} bool"),
            Work::Bytes(9.0 * s2),
            move |d| {
                let m = mask(small, d)?;
                Ok(Box::new(move || {
                    nd::distance_transform_edt(&m, &[]).map(drop)
                }))
            },
        )
        .repeat(10),
    );
    v.push(
        Case::new(
            "ndimage",
            "map_coordinates order=3 rotated grid",
            format!("{small}x{small} float32"),
            Work::Bytes(16.0 * s2),
            move |d| {
                let x = image(small, 0, d)?;
                let c = rotated_grid(small, d)?;
                let o = nd::InterpOptions::default();
                Ok(Box::new(move || nd::map_coordinates(&x, &c, &o).map(drop)))
            },
        )
        .repeat(10),
    );
    v.push(
        Case::new(
            "ndimage",
            "zoom x2 order=3",
            format!("{small}x{small} float32"),
            Work::Bytes(20.0 * s2),
            move |d| {
                let x = image(small, 0, d)?;
                let o = nd::InterpOptions::default();
                Ok(Box::new(move || nd::zoom(&x, &[2.0], &o).map(drop)))
            },
        )
        .repeat(10),
    );
    v
}
