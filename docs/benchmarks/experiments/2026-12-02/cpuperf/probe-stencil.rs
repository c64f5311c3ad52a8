use rayon::prelude::*;
use std::time::Instant;
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

static mut GM: usize = 2048;
static mut GN: usize = 2046;

#[derive(Clone, Copy)]
struct P(*mut f32);
unsafe impl Send for P {}
unsafe impl Sync for P {}

fn alloc(n: usize) -> *mut f32 {
    let len = (n * 4).next_multiple_of(1 << 21);
    unsafe {
        let total = len + (1 << 21);
        let b = libc::mmap(std::ptr::null_mut(), total, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS, -1, 0) as usize;
        let a = b.next_multiple_of(1 << 21);
        libc::madvise(a as *mut _, len, libc::MADV_HUGEPAGE);
        let p = a as *mut f32;
        for i in 0..n { *p.add(i) = (i % 7) as f32; }
        p
    }
}

#[derive(Clone, Copy)]
struct V { p: P, rs: usize }
impl V { fn at(&self, r: usize) -> *mut f32 { unsafe { self.p.0.add(r * self.rs) } } }

#[derive(Clone, Copy, PartialEq)]
enum Split { Chunks16, Halves, Rows }

static mut NT: bool = false;
static mut STAGED: bool = false;
static mut LINE: bool = false;
static mut SB: usize = 2048;
static mut W32: bool = false;
static mut ALT: bool = false;
static mut FLIP: bool = false;

#[target_feature(enable = "avx2")]
unsafe fn run_row(d: *mut f32, a: *const f32, b: *const f32, len: usize, op: u8, s: f32, nt: bool) {
    let mut i = 0;
    if nt && LINE {
        while i < len && (d.add(i) as usize) % 64 != 0 {
            *d.add(i) = f(op, *a.add(i), if b.is_null() { s } else { *b.add(i) });
            i += 1;
        }
        while len - i >= 16 {
            #[repr(C, align(64))]
            struct L([f32; 16]);
            let mut o = L([0.0; 16]);
            let x = std::slice::from_raw_parts(a.add(i), 16);
            if b.is_null() { for (o, &x) in o.0.iter_mut().zip(x) { *o = x * s; } }
            else { let y = std::slice::from_raw_parts(b.add(i), 16); match op { 0 => for ((o, &x), &y) in o.0.iter_mut().zip(x).zip(y) { *o = x + y; }, _ => for ((o, &x), &y) in o.0.iter_mut().zip(x).zip(y) { *o = x - y; } } }
            let src = o.0.as_ptr() as *const __m128i;
            let dst = d.add(i) as *mut __m128i;
            for k in 0..4 { _mm_stream_si128(dst.add(k), _mm_load_si128(src.add(k))); }
            i += 16;
        }
    } else if nt && STAGED {
        while i < len && (d.add(i) as usize) % 32 != 0 {
            *d.add(i) = f(op, *a.add(i), if b.is_null() { s } else { *b.add(i) });
            i += 1;
        }
        #[repr(C, align(64))]
        struct St([f32; 512]);
        let mut st = St([0.0; 512]);
        let per = SB / 4;
        while len - i >= per {
            let o = &mut st.0[..per];
            let x = std::slice::from_raw_parts(a.add(i), per);
            if b.is_null() { for (o, &x) in o.iter_mut().zip(x) { *o = x * s; } }
            else { let y = std::slice::from_raw_parts(b.add(i), per); match op { 0 => for ((o, &x), &y) in o.iter_mut().zip(x).zip(y) { *o = x + y; }, _ => for ((o, &x), &y) in o.iter_mut().zip(x).zip(y) { *o = x - y; } } }
            if W32 {
                let src = st.0.as_ptr() as *const __m256i;
                let dst = d.add(i) as *mut __m256i;
                for k in 0..SB / 32 { _mm256_stream_si256(dst.add(k), _mm256_load_si256(src.add(k))); }
            } else {
                let src = st.0.as_ptr() as *const __m128i;
                let dst = d.add(i) as *mut __m128i;
                for k in 0..SB / 16 { _mm_stream_si128(dst.add(k), _mm_load_si128(src.add(k))); }
            }
            i += per;
        }
    } else if nt {
        // align dst to 32 bytes
        while i < len && (d.add(i) as usize) % 32 != 0 {
            *d.add(i) = f(op, *a.add(i), if b.is_null() { s } else { *b.add(i) });
            i += 1;
        }
        let sv = _mm256_set1_ps(s);
        while i + 8 <= len {
            let x = _mm256_loadu_ps(a.add(i));
            let y = if b.is_null() { sv } else { _mm256_loadu_ps(b.add(i)) };
            let r = match op { 0 => _mm256_add_ps(x, y), 1 => _mm256_sub_ps(x, y), _ => _mm256_mul_ps(x, y) };
            _mm256_stream_ps(d.add(i), r);
            i += 8;
        }
    }
    let o = std::slice::from_raw_parts_mut(d.add(i), len - i);
    let x = std::slice::from_raw_parts(a.add(i), len - i);
    if b.is_null() {
        for (o, &x) in o.iter_mut().zip(x) { *o = f(op, x, s); }
    } else {
        let y = std::slice::from_raw_parts(b.add(i), len - i);
        for ((o, &x), &y) in o.iter_mut().zip(x).zip(y) { *o = f(op, x, y); }
    }
}
#[inline(always)]
fn f(op: u8, x: f32, y: f32) -> f32 { match op { 0 => x + y, 1 => x - y, _ => x * y } }

fn binop(d: V, a: V, b: Option<V>, op: u8, s: f32, split: Split) {
    let N = unsafe { GN };
    let nt = unsafe { NT };
    let rev = unsafe { ALT && FLIP };
    unsafe { FLIP = !FLIP; }
    // rows range [r0,r1), elements of contiguous merging ignored: per row
    let body = |r0: usize, r1: usize| {
        let rows: Box<dyn Iterator<Item = usize>> = if rev { Box::new((r0..r1).rev()) } else { Box::new(r0..r1) };
        for r in rows {
            unsafe {
                run_row(d.at(r), a.at(r), b.map_or(std::ptr::null(), |b| b.at(r) as *const f32), N, op, s, nt);
            }
        }
    };
    match split {
        Split::Halves => {
            let t = rayon::current_num_threads();
            (0..t).into_par_iter().for_each(|k| body(k * N / t, (k + 1) * N / t));
        }
        Split::Chunks16 => {
            let t = rayon::current_num_threads() * 8;
            let order: Vec<usize> = if rev { (0..t).rev().collect() } else { (0..t).collect() };
            order.into_par_iter().for_each(|k| body(k * N / t, (k + 1) * N / t));
        }
        Split::Rows => {
            (0..N).into_par_iter().for_each(|r| body(r, r + 1));
        }
    }
    if nt { unsafe { _mm_sfence(); } }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    unsafe { if let Ok(m) = std::env::var("M") { GM = m.parse().unwrap(); GN = GM - 2; } STAGED = args.iter().any(|a| a == "staged"); W32 = args.iter().any(|a| a == "w32"); LINE = args.iter().any(|a| a == "line"); if let Ok(v) = std::env::var("SB") { SB = v.parse().unwrap(); } }
    let (M, N) = unsafe { (GM, GN) };
    let split = match args.get(1).map(|s| s.as_str()) { Some("halves") => Split::Halves, Some("rows") => Split::Rows, _ => Split::Chunks16 };
    unsafe {
        NT = args.iter().any(|a| a == "nt");
        ALT = args.iter().any(|a| a == "alt");
    }
    let reps: usize = std::env::var("REPS").map(|r| r.parse().unwrap()).unwrap_or(30);
    let u = V { p: P(alloc(M * M)), rs: M };
    let mut pool: Vec<*mut f32> = (0..7).map(|_| alloc(N * N)).collect();
    let off = |r: usize, c: usize| V { p: P(unsafe { u.p.0.add(r * M + c) }), rs: M };
    let mut times = vec![];
    for _ in 0..reps {
        let t0 = Instant::now();
        let mut take = || V { p: P(pool.pop().unwrap()), rs: N };
        let c = off(1, 1);
        let t1 = take(); binop(t1, off(2, 1), Some(off(0, 1)), 0, 0.0, split);
        let t2 = take(); binop(t2, t1, Some(off(1, 2)), 0, 0.0, split);
        let t3 = take(); binop(t3, t2, Some(off(1, 0)), 0, 0.0, split);
        let t4 = take(); binop(t4, c, None, 2, 4.0, split);
        let t5 = take(); binop(t5, t3, Some(t4), 1, 0.0, split);
        let t6 = take(); binop(t6, t5, None, 2, 0.1, split);
        let t7 = take(); binop(t7, c, Some(t6), 0, 0.0, split);
        // assign: c = t7 (copy)
        binop(c, t7, None, 2, 1.0, split);
        for t in [t1, t2, t3, t4, t5, t6, t7] { pool.push(t.p.0); }
        times.push(t0.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("SB={} w32={} M={} {:?} nt={} staged={} alt={}: median {:.2} ms min {:.2} max {:.2}", unsafe{SB}, unsafe{W32}, M, args.get(1), unsafe{NT}, unsafe{STAGED}, unsafe{ALT}, times[reps / 2], times[0], times[reps - 1]);
}
