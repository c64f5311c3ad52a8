use rayon::prelude::*;
use std::time::Instant;

fn poisson(g: usize) -> (Vec<i32>, Vec<i32>, Vec<f32>) {
    let n = g * g;
    let mut ip = vec![0i32]; let mut ix = vec![]; let mut d = vec![];
    for i in 0..g { for j in 0..g {
        let r = i * g + j;
        if i > 0 { ix.push((r - g) as i32); d.push(-1.0); }
        if j > 0 { ix.push((r - 1) as i32); d.push(-1.0); }
        ix.push(r as i32); d.push(4.0);
        if j + 1 < g { ix.push((r + 1) as i32); d.push(-1.0); }
        if i + 1 < g { ix.push((r + g) as i32); d.push(-1.0); }
        ip.push(ix.len() as i32);
    }}
    let _ = n;
    (ip, ix, d)
}

fn grain(rows: usize, nnz: usize) -> usize { let per = nnz / rows.max(1) + 1; (4096 / per).clamp(16, 4096) }

fn cur(ip: &[i32], ix: &[i32], d: &[f32], x: &[f32], y: &mut [f32]) -> Result<(), ()> {
    let (nnz, n) = (ix.len(), x.len());
    let g = grain(y.len(), nnz);
    y.par_chunks_mut(g).enumerate().try_for_each(|(ci, ys)| -> Result<(), ()> {
        let r0 = ci * g;
        let ptr = &ip[r0..=r0 + ys.len()];
        for (r, yv) in ys.iter_mut().enumerate() {
            let (s, e) = (ptr[r] as i64, ptr[r + 1] as i64);
            if s < 0 || s > e || e as u64 > nnz as u64 { return Err(()); }
            let (s, e) = (s as usize, e as usize);
            let mut acc = 0.0f32;
            for (&j, &v) in ix[s..e].iter().zip(&d[s..e]) {
                match x.get(j as i64 as usize) { Some(&xv) => acc = acc + v * xv, None => { let _ = n; return Err(()) } }
            }
            *yv = acc;
        }
        Ok(())
    })
}

fn chunks(ip: &[i32], parts: usize) -> Vec<(usize, usize)> {
    let m = ip.len() - 1; let total = ip[m] as usize + m;
    let mut out = vec![]; let mut r0 = 0;
    for p in 1..=parts {
        let r1 = if p == parts { m } else { let t = total * p / parts; ip.partition_point(|&v| false || (v as usize) < t).min(m) };
        let r1 = r1.max(r0);
        out.push((r0, r1)); r0 = r1;
    }
    out
}

#[inline(always)]
fn rows_checked(ip: &[i32], ix: &[i32], d: &[f32], x: &[f32], y: &mut [f32], r0: usize) -> bool {
    let nnz = ix.len();
    let ptr = &ip[r0..=r0 + y.len()];
    for (r, yv) in y.iter_mut().enumerate() {
        let (s, e) = (ptr[r] as i64, ptr[r + 1] as i64);
        if s < 0 || s > e || e as u64 > nnz as u64 { return false; }
        let (s, e) = (s as usize, e as usize);
        let mut acc = 0.0f32;
        for (&j, &v) in ix[s..e].iter().zip(&d[s..e]) {
            match x.get(j as i64 as usize) { Some(&xv) => acc = acc + v * xv, None => return false }
        }
        *yv = acc;
    }
    true
}

#[inline(always)]
fn rows_unchecked(ip: &[i32], ix: &[i32], d: &[f32], x: &[f32], y: &mut [f32], r0: usize) {
    let mut s = ip[r0] as usize;
    for (r, yv) in y.iter_mut().enumerate() {
        let e = ip[r0 + r + 1] as usize;
        let mut acc = 0.0f32;
        unsafe {
            for k in s..e { acc += *d.get_unchecked(k) * *x.get_unchecked(*ix.get_unchecked(k) as usize); }
        }
        *yv = acc;
        s = e;
    }
}

#[inline(always)]
fn rows_rowcheck(ip: &[i32], ix: &[i32], d: &[f32], x: &[f32], y: &mut [f32], r0: usize) -> bool {
    let nnz = ix.len(); let n = x.len();
    let ptr = &ip[r0..=r0 + y.len()];
    for (r, yv) in y.iter_mut().enumerate() {
        let (s, e) = (ptr[r] as i64, ptr[r + 1] as i64);
        if s < 0 || s > e || e as u64 > nnz as u64 { return false; }
        let (s, e) = (s as usize, e as usize);
        let (jj, dd) = (&ix[s..e], &d[s..e]);
        if jj.iter().fold(0u32, |m, &j| m.max(j as u32)) as usize >= n { return false; }
        let mut acc = 0.0f32;
        for k in 0..jj.len() { unsafe { acc += *dd.get_unchecked(k) * *x.get_unchecked(*jj.get_unchecked(k) as u32 as usize); } }
        *yv = acc;
    }
    true
}

#[inline(always)]
fn rows_partcheck(ip: &[i32], ix: &[i32], d: &[f32], x: &[f32], y: &mut [f32], r0: usize) -> bool {
    let nnz = ix.len(); let n = x.len();
    let ptr = &ip[r0..=r0 + y.len()];
    // monotone and in range
    let mut ok = ptr[0] >= 0 && ptr[y.len()] as i64 as u64 <= nnz as u64;
    for w in ptr.windows(2) { ok &= w[0] <= w[1]; }
    if !ok { return false; }
    let (ps, pe) = (ptr[0] as usize, ptr[y.len()] as usize);
    if ix[ps..pe].iter().fold(0u32, |m, &j| m.max(j as u32)) as usize >= n { return false; }
    let mut s = ps;
    for (r, yv) in y.iter_mut().enumerate() {
        let e = ptr[r + 1] as usize;
        let mut acc = 0.0f32;
        unsafe { for k in s..e { acc += *d.get_unchecked(k) * *x.get_unchecked(*ix.get_unchecked(k) as u32 as usize); } }
        *yv = acc;
        s = e;
    }
    true
}

#[inline(always)]
fn rows_flag(ip: &[i32], ix: &[i32], d: &[f32], x: &[f32], y: &mut [f32], r0: usize) -> bool {
    let nnz = ix.len(); let n = x.len();
    let ptr = &ip[r0..=r0 + y.len()];
    for (r, yv) in y.iter_mut().enumerate() {
        let (s, e) = (ptr[r] as i64, ptr[r + 1] as i64);
        if s < 0 || s > e || e as u64 > nnz as u64 { return false; }
        let (s, e) = (s as usize, e as usize);
        let mut acc = 0.0f32;
        let mut bad = false;
        for (&j, &v) in ix[s..e].iter().zip(&d[s..e]) {
            let j = j as u32 as usize;
            let ok = j < n;
            bad |= !ok;
            acc += v * unsafe { *x.get_unchecked(if ok { j } else { 0 }) };
        }
        if bad { return false; }
        *yv = acc;
    }
    true
}

#[inline(always)]
fn rows_v1(ip: &[i32], ix: &[i32], d: &[f32], x: &[f32], y: &mut [f32], r0: usize) -> bool {
    // row bounds checked, entries unchecked
    let nnz = ix.len();
    let ptr = &ip[r0..=r0 + y.len()];
    for (r, yv) in y.iter_mut().enumerate() {
        let (s, e) = (ptr[r] as i64, ptr[r + 1] as i64);
        if s < 0 || s > e || e as u64 > nnz as u64 { return false; }
        let (s, e) = (s as usize, e as usize);
        let mut acc = 0.0f32;
        unsafe { for k in s..e { acc += *d.get_unchecked(k) * *x.get_unchecked(*ix.get_unchecked(k) as usize); } }
        *yv = acc;
    }
    true
}
#[inline(always)]
fn rows_v2(ip: &[i32], ix: &[i32], d: &[f32], x: &[f32], y: &mut [f32], r0: usize) -> bool {
    // entries checked with get, no row checks
    let mut s = ip[r0] as usize;
    for (r, yv) in y.iter_mut().enumerate() {
        let e = ip[r0 + r + 1] as usize;
        let mut acc = 0.0f32;
        for k in s..e {
            let j = unsafe { *ix.get_unchecked(k) } as usize;
            match x.get(j) { Some(&xv) => acc += unsafe { *d.get_unchecked(k) } * xv, None => return false }
        }
        *yv = acc;
        s = e;
    }
    true
}
#[inline(always)]
fn rows_group(ip: &[i32], ix: &[i32], d: &[f32], x: &[f32], y: &mut [f32], r0: usize) -> bool {
    const G: usize = 512;
    let nnz = ix.len(); let n = x.len();
    let mut g0 = 0;
    while g0 < y.len() {
        let g1 = (g0 + G).min(y.len());
        let ptr = &ip[r0 + g0..=r0 + g1];
        let mut ok = ptr[0] >= 0 && (ptr[g1 - g0] as u32 as usize) <= nnz;
        ok &= ptr.windows(2).fold(true, |a, w| a & (w[0] <= w[1]));
        if !ok { return false; }
        let (ps, pe) = (ptr[0] as usize, ptr[g1 - g0] as usize);
        if ix[ps..pe].iter().fold(0u32, |m, &j| m.max(j as u32)) as usize >= n { return false; }
        let mut s = ps;
        for (r, yv) in y[g0..g1].iter_mut().enumerate() {
            let e = ptr[r + 1] as usize;
            let mut acc = 0.0f32;
            unsafe { for k in s..e { acc += *d.get_unchecked(k) * *x.get_unchecked(*ix.get_unchecked(k) as u32 as usize); } }
            *yv = acc;
            s = e;
        }
        g0 = g1;
    }
    true
}

fn split<'a>(y: &'a mut [f32], ch: &[(usize, usize)]) -> Vec<(usize, &'a mut [f32])> {
    let mut out = vec![]; let mut rest = y; let mut at = 0;
    for &(a, b) in ch { let (h, t) = std::mem::take(&mut rest).split_at_mut(b - at); let _ = a; out.push((a, h)); rest = t; at = b; }
    out
}

fn main() {
    let g: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(512);
    let rounds: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(8);
    let (ip, ix, d) = poisson(g);
    let n = g * g;
    let x: Vec<f32> = (0..n).map(|i| (i % 13) as f32 * 0.1).collect();
    let mut y = vec![0f32; n];
    let mut yref = vec![0f32; n];
    cur(&ip, &ix, &d, &x, &mut yref).unwrap();
    let t = rayon::current_num_threads();
    let ch8 = chunks(&ip, 4 * t);
    let ch2 = chunks(&ip, t);
    let ch16 = chunks(&ip, 8 * t);
    let names = ["current", "serial checked", "serial unchecked", "8p checked", "8p unchecked", "8p rowcheck", "8p partcheck", "2p checked", "2p partcheck", "8p flag", "16p checked", "8p v1 rowchk", "8p v2 entrychk", "8p group"];
    let mut res: Vec<Vec<f64>> = vec![vec![]; names.len()];
    for _ in 0..rounds {
        for (vi, name) in names.iter().enumerate() {
            let mut ts = vec![];
            for _ in 0..25 {
                let t0 = Instant::now();
                match vi {
                    0 => cur(&ip, &ix, &d, &x, &mut y).unwrap(),
                    1 => assert!(rows_checked(&ip, &ix, &d, &x, &mut y, 0)),
                    2 => rows_unchecked(&ip, &ix, &d, &x, &mut y, 0),
                    3 => { let v = split(&mut y, &ch8); assert!(v.into_par_iter().map(|(r0, ys)| rows_checked(&ip, &ix, &d, &x, ys, r0)).all(|b| b)); }
                    4 => { let v = split(&mut y, &ch8); v.into_par_iter().for_each(|(r0, ys)| rows_unchecked(&ip, &ix, &d, &x, ys, r0)); }
                    5 => { let v = split(&mut y, &ch8); assert!(v.into_par_iter().map(|(r0, ys)| rows_rowcheck(&ip, &ix, &d, &x, ys, r0)).all(|b| b)); }
                    6 => { let v = split(&mut y, &ch8); assert!(v.into_par_iter().map(|(r0, ys)| rows_partcheck(&ip, &ix, &d, &x, ys, r0)).all(|b| b)); }
                    7 => { let v = split(&mut y, &ch2); assert!(v.into_par_iter().map(|(r0, ys)| rows_checked(&ip, &ix, &d, &x, ys, r0)).all(|b| b)); }
                    8 => { let v = split(&mut y, &ch2); assert!(v.into_par_iter().map(|(r0, ys)| rows_partcheck(&ip, &ix, &d, &x, ys, r0)).all(|b| b)); }
                    9 => { let v = split(&mut y, &ch8); assert!(v.into_par_iter().map(|(r0, ys)| rows_flag(&ip, &ix, &d, &x, ys, r0)).all(|b| b)); }
                    11 => { let v = split(&mut y, &ch8); assert!(v.into_par_iter().map(|(r0, ys)| rows_v1(&ip, &ix, &d, &x, ys, r0)).all(|b| b)); }
                    12 => { let v = split(&mut y, &ch8); assert!(v.into_par_iter().map(|(r0, ys)| rows_v2(&ip, &ix, &d, &x, ys, r0)).all(|b| b)); }
                    13 => { let v = split(&mut y, &ch8); assert!(v.into_par_iter().map(|(r0, ys)| rows_group(&ip, &ix, &d, &x, ys, r0)).all(|b| b)); }
                    _ => { let v = split(&mut y, &ch16); assert!(v.into_par_iter().map(|(r0, ys)| rows_checked(&ip, &ix, &d, &x, ys, r0)).all(|b| b)); }
                }
                ts.push(t0.elapsed().as_secs_f64() * 1e6);
            }
            assert!(y == yref, "{name}");
            ts.sort_by(|a, b| a.partial_cmp(b).unwrap());
            res[vi].push(ts[12]);
        }
    }
    for (vi, name) in names.iter().enumerate() {
        let mut r = res[vi].clone(); r.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!("{name:18}: median of round medians {:7.1} us  (min {:7.1} max {:7.1})", r[r.len() / 2], r[0], r[r.len() - 1]);
    }
}
