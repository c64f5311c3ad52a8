//! Building generated CUDA C with `#line` directives, mapping NVRTC's log back onto the user's
//! sections, hashing included headers into the source, and packing launch arguments.

use crate::error::{KernelError, SourceDiagnostic};
use std::ffi::c_void;

/// Turns core's NVRTC error into [`KernelError::Compile`] with diagnostics located in the
/// user's sections; other errors pass through.
pub(crate) fn map_compile_error(
    kernel: &str,
    e: cuprum_core::Error,
    sections: &[(String, String)],
    generated: &str,
) -> KernelError {
    match e {
        cuprum_core::Error::Compile { log, .. } => KernelError::Compile {
            kernel: kernel.to_string(),
            compiler: "NVRTC",
            diagnostics: parse_nvrtc_log(&log, sections, generated),
            log,
        },
        other => KernelError::Core(other),
    }
}

/// Parses NVRTC's (EDG's) log: `file(line): error: message`, optionally followed by the source
/// line and a caret line.
pub(crate) fn parse_nvrtc_log(
    log: &str,
    sections: &[(String, String)],
    generated: &str,
) -> Vec<SourceDiagnostic> {
    let lines: Vec<&str> = log.lines().collect();
    let mut out: Vec<SourceDiagnostic> = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        let l = lines[k];
        k += 1;
        let Some((file, line, kind, msg)) = parse_header(l) else {
            continue;
        };
        if !kind.contains("error") {
            continue;
        }
        // caret: a following line made of blanks and one '^', after the printed source line
        let mut column = 0;
        let mut printed: Option<&str> = None;
        let mut j = k;
        while j < lines.len() && j < k + 3 {
            let t = lines[j];
            if parse_header(t).is_some() {
                break;
            }
            if t.trim() == "^" {
                let caret = t.find('^').unwrap_or(0);
                if let Some(p) = printed {
                    column = caret_column(p, caret);
                }
                break;
            }
            if !t.trim().is_empty() {
                printed = Some(t);
            }
            j += 1;
        }
        let (section, source_line) = match sections.iter().find(|(n, _)| *n == file) {
            Some((n, text)) => (
                n.to_string(),
                text.lines()
                    .nth(line.saturating_sub(1))
                    .unwrap_or("")
                    .to_string(),
            ),
            None => (
                "generated".to_string(),
                generated
                    .lines()
                    .nth(line.saturating_sub(1))
                    .unwrap_or("")
                    .to_string(),
            ),
        };
        // the printed line may be indented by the compiler: re-base the caret on our line
        if column > 0
            && let Some(p) = printed
        {
            let lead_p = p.len() - p.trim_start().len();
            let lead_s = source_line.len() - source_line.trim_start().len();
            column = (column + lead_s).saturating_sub(lead_p).max(1);
        }
        let d = SourceDiagnostic {
            section,
            line,
            column,
            source_line,
            message: msg.to_string(),
        };
        if !out.contains(&d) {
            out.push(d);
        }
    }
    out
}

fn caret_column(_printed: &str, caret: usize) -> usize {
    caret + 1
}

/// `file(123): error: message` -> (file, 123, "error", message).
fn parse_header(l: &str) -> Option<(&str, usize, &str, &str)> {
    let open = l.find('(')?;
    let close = open + l[open..].find("): ")?;
    let line: usize = l[open + 1..close].parse().ok()?;
    let file = &l[..open];
    let rest = &l[close + 3..];
    let colon = rest.find(": ")?;
    let kind = &rest[..colon];
    if !(kind.contains("error") || kind.contains("warning") || kind.contains("remark")) {
        return None;
    }
    Some((file, line, kind, &rest[colon + 2..]))
}

/// Appends a comment holding a hash of every header the source `#include`s that can be found
/// in the `-I`/`--include-path` directories of `options` or the working directory, so that
/// the NVRTC cache key (a hash of the source) changes when such a header changes.
pub(crate) fn with_header_hashes(source: String, options: &[String]) -> String {
    let mut dirs: Vec<std::path::PathBuf> = Vec::new();
    let mut it = options.iter();
    while let Some(o) = it.next() {
        if o == "-I" || o == "--include-path" {
            if let Some(d) = it.next() {
                dirs.push(d.into());
            }
        } else if let Some(d) = o.strip_prefix("--include-path=") {
            dirs.push(d.into());
        } else if let Some(d) = o.strip_prefix("-I") {
            dirs.push(d.into());
        }
    }
    dirs.push(".".into());
    let mut seen: Vec<std::path::PathBuf> = Vec::new();
    let mut tags: Vec<String> = Vec::new();
    hash_includes(&source, &dirs, &mut seen, &mut tags, 0);
    if tags.is_empty() {
        return source;
    }
    let mut s = source;
    s.push_str("\n// cuprum-kernel included headers: ");
    s.push_str(&tags.join(" "));
    s.push('\n');
    s
}

fn hash_includes(
    src: &str,
    dirs: &[std::path::PathBuf],
    seen: &mut Vec<std::path::PathBuf>,
    tags: &mut Vec<String>,
    depth: usize,
) {
    if depth > 16 {
        return;
    }
    for l in src.lines() {
        let t = l.trim_start();
        let Some(rest) = t.strip_prefix('#') else {
            continue;
        };
        let Some(rest) = rest.trim_start().strip_prefix("include") else {
            continue;
        };
        let rest = rest.trim();
        let name = if let Some(r) = rest.strip_prefix('"') {
            r.split('"').next()
        } else if let Some(r) = rest.strip_prefix('<') {
            r.split('>').next()
        } else {
            None
        };
        let Some(name) = name else { continue };
        for d in dirs {
            let p = d.join(name);
            if let Ok(text) = std::fs::read_to_string(&p) {
                if !seen.contains(&p) {
                    seen.push(p.clone());
                    tags.push(format!("{name}={:016x}", fnv64(text.as_bytes())));
                    hash_includes(&text, dirs, seen, tags, depth + 1);
                }
                break;
            }
        }
    }
}

/// 64-bit FNV-1a.
pub(crate) fn fnv64(b: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for &x in b {
        h ^= x as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

/// Kernel launch arguments packed in one aligned buffer.
pub(crate) struct ArgPack {
    buf: Vec<u128>,
    used: usize,
    offs: Vec<usize>,
}

impl ArgPack {
    pub(crate) fn new() -> ArgPack {
        ArgPack {
            // 256 bytes: room for a typical launch's arguments (grown on demand)
            buf: vec![0u128; 16],
            used: 0,
            offs: Vec::with_capacity(16),
        }
    }

    /// Appends `bytes` aligned to `align` (a power of two, at most 16).
    pub(crate) fn push_bytes(&mut self, bytes: &[u8], align: usize) {
        let off = self.used.next_multiple_of(align.clamp(1, 16));
        let end = off + bytes.len();
        // keep 16 bytes readable past every argument (a raw launch may read a wider type)
        if end + 16 > self.buf.len() * 16 {
            self.buf.resize((end + 16).div_ceil(16) * 2, 0);
        }
        let dst: &mut [u8] = bytemuck::cast_slice_mut(&mut self.buf);
        dst[off..end].copy_from_slice(bytes);
        self.used = end.max(off + 1);
        self.offs.push(off);
    }

    pub(crate) fn push_u64(&mut self, v: u64) {
        self.push_bytes(&v.to_ne_bytes(), 8);
    }
    pub(crate) fn push_i64(&mut self, v: i64) {
        self.push_bytes(&v.to_ne_bytes(), 8);
    }
    pub(crate) fn push_i32(&mut self, v: i32) {
        self.push_bytes(&v.to_ne_bytes(), 4);
    }

    /// One pointer per argument, into the buffer (valid while `self` is neither moved nor
    /// changed).
    pub(crate) fn pointers(&mut self) -> Vec<*mut c_void> {
        let base = self.buf.as_mut_ptr() as *mut u8;
        self.offs
            .iter()
            // SAFETY: every offset is inside the buffer (checked when pushed).
            .map(|&o| unsafe { base.add(o) } as *mut c_void)
            .collect()
    }
}

/// A struct of 32- or 64-bit integers, for geometry arguments.
pub(crate) struct IntStruct {
    pub(crate) wide: bool,
    pub(crate) bytes: Vec<u8>,
}

impl IntStruct {
    pub(crate) fn new(wide: bool) -> IntStruct {
        IntStruct {
            wide,
            bytes: Vec::with_capacity(256),
        }
    }
    pub(crate) fn push(&mut self, v: i64) {
        if self.wide {
            self.bytes.extend_from_slice(&v.to_ne_bytes());
        } else {
            self.bytes.extend_from_slice(&(v as i32).to_ne_bytes());
        }
    }
    /// The geometry of a strided walk over `n` elements: the shape, then each array's
    /// strides, 32-bit when every index and offset fits.
    pub(crate) fn geometry(n: usize, shape: &[usize], strides: &[Vec<isize>]) -> IntStruct {
        let mut g = IntStruct::new(!crate::common::fits_32(n, shape, strides));
        for &d in shape {
            g.push(d as i64);
        }
        for s in strides {
            for &x in s {
                g.push(x as i64);
            }
        }
        g
    }
    pub(crate) fn align(&self) -> usize {
        if self.wide { 8 } else { 4 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_directives_and_log_mapping() {
        use cuprum_core::ext::codegen::{
            CTypes, ElementwiseLayout, ElementwiseSpec, GENERATED_ORIGIN, Param, ParamKind, Section,
        };
        let b = ElementwiseSpec {
            name: "k".into(),
            params: vec![
                Param::new("x", cuprum_core::DType::Float32, ParamKind::In),
                Param::new(
                    "z",
                    cuprum_core::DType::Float32,
                    ParamKind::Out { load: false },
                ),
            ],
            output: None,
            types: CTypes::CuPy,
            typedefs: vec![],
            preamble: Section::default(),
            loop_prep: Section::default(),
            body: Section::user("operation", "z = x +\n  * y;"),
            after_loop: Section::default(),
            layout: ElementwiseLayout::Strided { nd: 1, wide: false },
        }
        .source();
        // the line after each return to the generated text is numbered as its physical line
        let phys: Vec<&str> = b.text.lines().collect();
        let dirs: Vec<usize> = (0..phys.len())
            .filter(|&k| phys[k].starts_with("#line") && phys[k].contains(GENERATED_ORIGIN))
            .collect();
        assert_eq!(dirs.len(), 1);
        for pos in dirs {
            assert_eq!(
                phys[pos],
                format!("#line {} \"{GENERATED_ORIGIN}\"", pos + 2)
            );
        }
        let log = "operation(2): error: expected an expression\n    * y;\n    ^\n\n\
                   cuprum_generated(3): error: something\n\n2 errors detected";
        let d = parse_nvrtc_log(log, &b.sections, &b.text);
        assert_eq!(d.len(), 2);
        assert_eq!(d[0].section, "operation");
        assert_eq!(d[0].line, 2);
        assert_eq!(d[0].source_line, "  * y;");
        assert_eq!(d[0].column, 3);
        assert_eq!(d[1].section, "generated");
        let shown = d[0].to_string();
        assert!(
            shown.contains("operation:2:3: expected an expression"),
            "{shown}"
        );
        assert!(shown.ends_with("\n      ^"), "{shown:?}");
    }

    #[test]
    fn header_hash_changes_with_the_header() {
        let dir = std::env::temp_dir().join(format!("cuprum-kernel-hdr-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("h.cuh"), "#define K 1\n").unwrap();
        let opts = vec![format!("-I{}", dir.display())];
        let a = with_header_hashes("#include \"h.cuh\"\n".into(), &opts);
        std::fs::write(dir.join("h.cuh"), "#define K 2\n").unwrap();
        let b = with_header_hashes("#include \"h.cuh\"\n".into(), &opts);
        assert_ne!(a, b);
        assert!(a.contains("h.cuh="));
        let c = with_header_hashes("int x;\n".into(), &opts);
        assert_eq!(c, "int x;\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn arg_pack_aligns() {
        let mut p = ArgPack::new();
        p.push_i32(7);
        p.push_u64(9);
        p.push_bytes(&[1, 2], 2);
        assert_eq!(p.offs, vec![0, 8, 16]);
        let ptrs = p.pointers();
        // SAFETY: the pointers address the pack's buffer, alive here.
        unsafe {
            assert_eq!(*(ptrs[0] as *const i32), 7);
            assert_eq!(*(ptrs[1] as *const u64), 9);
        }
    }
}
