//! Tokens of the C/C++ subset, with their positions in the user's text.

use super::Diagnostic;

/// A position in one section of user text (1-based line and column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Pos {
    pub line: usize,
    pub col: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Ident(String),
    Num(Num),
    Punct(&'static str),
    Eof,
}

/// A number literal, as lexed and as it stands in an expression.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Num {
    /// An integer literal: its value and whether it is unsigned / long (suffixes, or size).
    Int {
        value: u64,
        unsigned: bool,
        long: bool,
        /// hexadecimal or octal (may become unsigned when it does not fit the signed type)
        radix_not10: bool,
    },
    /// A floating literal; `float` when suffixed `f`.
    Float { value: f64, single: bool },
}

impl Num {
    /// A decimal `int` literal without suffix.
    pub fn int(value: u64) -> Num {
        Num::Int {
            value,
            unsigned: false,
            long: false,
            radix_not10: false,
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub tok: Tok,
    pub pos: Pos,
}

/// The text of one section, for error messages.
pub(crate) struct Source<'a> {
    pub section: &'static str,
    pub text: &'a str,
}

impl Source<'_> {
    pub fn diag(&self, pos: Pos, message: impl Into<String>) -> Diagnostic {
        let source_line = self
            .text
            .lines()
            .nth(pos.line.saturating_sub(1))
            .unwrap_or("")
            .to_string();
        Diagnostic {
            section: self.section,
            line: pos.line.max(1),
            column: pos.col.max(1),
            source_line,
            message: message.into(),
        }
    }
}

const PUNCTS: &[&str] = &[
    "<<=", ">>=", "...", "::", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
    "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "+", "-", "*", "/", "%", "<", ">", "=", "!",
    "~", "&", "|", "^", "?", ":", ";", ",", "(", ")", "{", "}", "[", "]", ".", "#",
];

/// Splits `src` into tokens (comments and whitespace dropped).
pub(crate) fn lex(src: &Source<'_>) -> Result<Vec<Token>, Diagnostic> {
    let b = src.text.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut line, mut line_start) = (0usize, 1usize, 0usize);
    while i < b.len() {
        let c = b[i];
        let pos = Pos {
            line,
            col: src.text[line_start..i].chars().count() + 1,
        };
        if c == b'\n' {
            i += 1;
            line += 1;
            line_start = i;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'\\' && (b.get(i + 1) == Some(&b'\n') || b[i + 1..].starts_with(b"\r\n")) {
            // a line splice: the next line continues this one
            i += if b[i + 1] == b'\r' { 3 } else { 2 };
            line += 1;
            line_start = i;
            continue;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            loop {
                if i >= b.len() {
                    return Err(src.diag(pos, "unterminated comment"));
                }
                if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    i += 2;
                    break;
                }
                if b[i] == b'\n' {
                    line += 1;
                    line_start = i + 1;
                }
                i += 1;
            }
            continue;
        }
        if c == b'#' {
            // `#include` and `#pragma` lines mean nothing to the CPU engine: skip them
            let end = src.text[i..].find('\n').map_or(b.len(), |e| i + e);
            let line_text = src.text[i + 1..end].trim_start();
            if line_text.starts_with("include") || line_text.starts_with("pragma") {
                i = end;
                continue;
            }
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Token {
                tok: Tok::Ident(src.text[s..i].to_string()),
                pos,
            });
            continue;
        }
        if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(|d| d.is_ascii_digit())) {
            let (tok, len) = number(&src.text[i..]).map_err(|m| src.diag(pos, m))?;
            i += len;
            out.push(Token { tok, pos });
            continue;
        }
        if c == b'\'' {
            // character literal: an int
            let rest = &b[i + 1..];
            let (v, len) = match rest {
                [b'\\', e, b'\'', ..] => {
                    let v = match e {
                        b'n' => b'\n',
                        b't' => b'\t',
                        b'0' => 0,
                        b'\\' => b'\\',
                        b'\'' => b'\'',
                        _ => return Err(src.diag(pos, "unsupported character escape")),
                    };
                    (v, 4)
                }
                [ch, b'\'', ..] => (*ch, 3),
                _ => return Err(src.diag(pos, "malformed character literal")),
            };
            i += len;
            out.push(Token {
                tok: Tok::Num(Num::int(v as u64)),
                pos,
            });
            continue;
        }
        if c == b'"' {
            // `extern "C"`: the linkage means nothing to the CPU engine
            if src.text[i..].starts_with("\"C\"")
                && matches!(out.last(), Some(Token { tok: Tok::Ident(k), .. }) if k == "extern")
            {
                i += 3;
                continue;
            }
            return Err(src.diag(pos, "string literals are not supported by the CPU engine"));
        }
        match PUNCTS.iter().find(|p| src.text[i..].starts_with(**p)) {
            Some(p) => {
                i += p.len();
                out.push(Token {
                    tok: Tok::Punct(p),
                    pos,
                });
            }
            None => {
                let ch = src.text[i..].chars().next().unwrap_or('?');
                return Err(src.diag(pos, format!("unexpected character '{ch}'")));
            }
        }
    }
    let pos = Pos {
        line,
        col: src.text[line_start..].chars().count() + 1,
    };
    out.push(Token { tok: Tok::Eof, pos });
    Ok(out)
}

/// Parses a numeric literal at the start of `s`; returns the token and its length.
fn number(s: &str) -> Result<(Tok, usize), String> {
    let b = s.as_bytes();
    let mut i = 0;
    if b.len() > 1 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        i = 2;
        let st = i;
        while i < b.len() && b[i].is_ascii_hexdigit() {
            i += 1;
        }
        if b.get(i) == Some(&b'.') || b.get(i).is_some_and(|c| *c == b'p' || *c == b'P') {
            return Err("hexadecimal floating literals are not supported".into());
        }
        let value = u64::from_str_radix(&s[st..i], 16)
            .map_err(|_| format!("integer literal {} is too large", &s[..i]))?;
        let (unsigned, long, len) = int_suffix(&s[i..])?;
        return Ok((
            Tok::Num(Num::Int {
                value,
                unsigned,
                long,
                radix_not10: true,
            }),
            i + len,
        ));
    }
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut is_float = false;
    if b.get(i) == Some(&b'.') {
        is_float = true;
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
    }
    if b.get(i).is_some_and(|c| *c == b'e' || *c == b'E') {
        let mut j = i + 1;
        if b.get(j).is_some_and(|c| *c == b'+' || *c == b'-') {
            j += 1;
        }
        if b.get(j).is_some_and(|c| c.is_ascii_digit()) {
            is_float = true;
            i = j;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        }
    }
    if is_float {
        let mut value: f64 = s[..i]
            .parse()
            .map_err(|_| format!("malformed floating literal {}", &s[..i]))?;
        let mut single = false;
        let mut len = i;
        match b.get(i) {
            Some(b'f') | Some(b'F') => {
                single = true;
                len += 1;
                // round the decimal text to float directly (no double rounding)
                value = s[..i]
                    .parse::<f32>()
                    .map_err(|_| "malformed literal".to_string())? as f64;
            }
            Some(b'l') | Some(b'L') => len += 1,
            _ => {}
        }
        if b.get(len)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            return Err(format!(
                "invalid suffix on floating literal {}",
                &s[..len + 1]
            ));
        }
        return Ok((Tok::Num(Num::Float { value, single }), len));
    }
    let octal = i > 1 && b[0] == b'0';
    let value = if octal {
        u64::from_str_radix(&s[1..i], 8)
            .map_err(|_| format!("malformed octal literal {}", &s[..i]))?
    } else {
        s[..i]
            .parse::<u64>()
            .map_err(|_| format!("integer literal {} is too large", &s[..i]))?
    };
    // `1f` is not C; but `1.f` is handled above.
    let (unsigned, long, len) = int_suffix(&s[i..])?;
    Ok((
        Tok::Num(Num::Int {
            value,
            unsigned,
            long,
            radix_not10: octal,
        }),
        i + len,
    ))
}

fn int_suffix(s: &str) -> Result<(bool, bool, usize), String> {
    let b = s.as_bytes();
    let mut i = 0;
    let (mut unsigned, mut long) = (false, false);
    while i < b.len() {
        match b[i] {
            b'u' | b'U' if !unsigned => unsigned = true,
            b'l' | b'L' => long = true,
            _ => break,
        }
        i += 1;
    }
    if b.get(i)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    {
        return Err(format!(
            "invalid suffix on integer literal near '{}'",
            &s[..=i]
        ));
    }
    Ok((unsigned, long, i))
}
