#!/usr/bin/env python3
"""cuprum's coverage of CuPy's API reference.

    coverage.py names DIR     re-extract CuPy's documented names from DIR (a copy of CuPy's
                              docs/source/reference/*.rst) into cupy-reference-names.tsv
    coverage.py               check mapping.tsv against the names, write
                              crates/cuprum/tests/coverage.rs and docs/api-coverage.md

`cupy-reference-names.tsv` holds one `page<TAB>qualified name` line per `autosummary` entry of
CuPy's reference (pages reachable from its index, first occurrence kept). It was extracted from
cupy/cupy at CUPY_COMMIT below.

`mapping.tsv` maps every in-scope name to what cuprum provides:
    name <TAB> status <TAB> items <TAB> note
status is one of
    yes      cuprum has it with NumPy/CuPy semantics: `items` names it (counted)
    partial  cuprum has a narrower form: `items` names it, `note` says what is missing
    pending  provided on another branch (`note` says which); flip to yes at merge
    missing  not provided (`note` may say why)
`items` is `;`-separated: a path (`cuprum::isin`, `cuprum::Array::flat`) or `expr: EXPR`, a Rust
expression that must type-check with `a: &cuprum::Array` in scope. Every item of a `yes` or
`partial` row is named in the generated test, so a wrong claim fails to compile.
"""
import collections
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CUPY_COMMIT = "6b6d9563c4f7410cd1866a11b2f71a60dd45a68c"

# The pages reachable from the reference's index (its toctrees), in order. Orphan pages that
# only say "moved to" and the `_deprecated`/`_private` pages are not part of the reference.
ROUTINES = ["creation", "manipulation", "binary", "dtype", "fft", "functional", "indexing",
            "io", "linalg", "logic", "math", "misc", "polynomials", "random", "set",
            "sorting", "statistics", "testing", "window"]
SCIPY = ["scipy_fft", "scipy_fftpack", "scipy_interpolate", "scipy_linalg", "scipy_ndimage",
         "scipy_signal", "scipy_signal_windows", "scipy_sparse", "scipy_sparse_linalg",
         "scipy_sparse_csgraph", "scipy_spatial", "scipy_spatial_distance", "scipy_special",
         "scipy_stats"]
PAGES = (["ndarray", "ufunc"] + ROUTINES + SCIPY
         + ["ext", "cuda", "kernel", "distributed", "environment", "comparison", "array_api"])
# Out of scope: cupyx.jit (issue 23). Every cupyx.scipy page is in scope (the signal, ndimage,
# special, stats, interpolate and spatial crates; fftpack through cuprum::fft).
OUT_OF_SCOPE_PAGES = set()
STATUSES = ("yes", "partial", "pending", "missing")

DIRECTIVE = re.compile(r"^\.\.\s+(currentmodule|module)::\s*(\S+)")


def rst_names(text):
    """Yield the qualified names of every autosummary entry of one page."""
    module = "cupy"
    in_block = False
    for line in text.splitlines():
        m = DIRECTIVE.match(line.strip())
        if m and not line.startswith(" "):
            module = m.group(2)
            in_block = False
            continue
        if line.startswith(".. autosummary::"):
            in_block = True
            continue
        if not in_block or not line.strip():
            continue
        if not line.startswith(" "):
            in_block = False
            continue
        entry = line.strip()
        if entry.startswith((":", "#", "..")):
            continue
        name = entry.split()[0].lstrip("~")
        if not name.startswith(("cupy.", "cupyx.")):
            name = module + "." + name
        yield name


def extract(rst_dir):
    seen = set()
    rows = []
    for page in PAGES:
        path = os.path.join(rst_dir, page + ".rst")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            for name in rst_names(f.read()):
                if name not in seen:
                    seen.add(name)
                    rows.append((page, name))
    with open(os.path.join(HERE, "cupy-reference-names.tsv"), "w") as f:
        for page, name in rows:
            f.write(f"{page}\t{name}\n")
    print(f"{len(rows)} names")


def in_scope(page, name):
    return page not in OUT_OF_SCOPE_PAGES and not name.startswith("cupyx.jit")


def load_names():
    rows = []
    with open(os.path.join(HERE, "cupy-reference-names.tsv")) as f:
        for line in f:
            page, name = line.rstrip("\n").split("\t")
            rows.append((page, name))
    return rows


def load_mapping():
    mapping = {}
    with open(os.path.join(HERE, "mapping.tsv")) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t") + ["", "", ""]
            name, status, items, note = cols[0], cols[1], cols[2], cols[3]
            if status not in STATUSES:
                sys.exit(f"mapping.tsv:{n}: status {status!r} is not one of {STATUSES}")
            if name in mapping:
                sys.exit(f"mapping.tsv:{n}: {name} mapped twice")
            items = [i.strip() for i in items.split(";") if i.strip()]
            if status in ("yes", "partial") and not items:
                sys.exit(f"mapping.tsv:{n}: {name} is {status} but names no cuprum item")
            if status == "partial" and not note:
                sys.exit(f"mapping.tsv:{n}: {name} is partial but says not why")
            mapping[name] = (status, items, note)
    return mapping


def rust_check(items):
    """The generated test: every claimed item named once."""
    uses, lets, exprs = set(), set(), set()
    for item in items:
        if item.startswith("expr:"):
            exprs.add(item[5:].strip())
            continue
        segs = item.split("::")
        escaped = "::".join("r#" + s if s in ("mod", "where", "type", "fn") else s
                            for s in segs)
        if any(s[:1].isupper() for s in segs[:-1]) or "<" in item:
            lets.add(escaped)
        else:
            uses.add(escaped)
    out = ["// @generated by tools/coverage/coverage.py from tools/coverage/mapping.tsv: do not",
           "// edit. Names every cuprum item that the coverage table (docs/api-coverage.md)",
           "// claims for a CuPy name, so that a wrong claim fails to compile.",
           "#![allow(unused_imports, clippy::all, clippy::pedantic)]", ""]
    for u in sorted(uses):
        out.append(f"use {u} as _;")
    out += ["", "#[allow(dead_code, unused_variables, unused_must_use, path_statements)]",
            "fn associated_items_and_expressions(a: &cuprum::Array) {"]
    for p in sorted(lets):
        out.append(f"    let _ = {p};")
    for e in sorted(exprs):
        out.append(f"    let _ = || {e};")
    out += ["}", "", "#[test]", "fn every_claimed_item_exists() {",
            f"    // The check is that this file compiles: {len(uses) + len(lets) + len(exprs)}"
            " items are named above.", "}", ""]
    return "\n".join(out)


def short(name):
    return name


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "names":
        extract(sys.argv[2])
        return
    names = load_names()
    mapping = load_mapping()
    scoped = [(p, n) for p, n in names if in_scope(p, n)]
    scoped_set = {n for _, n in scoped}
    extra = sorted(set(mapping) - scoped_set)
    absent = [n for _, n in scoped if n not in mapping]
    if extra or absent:
        sys.exit(f"mapping.tsv does not match the in-scope names: not in the reference {extra}; "
                 f"not mapped {absent}")
    items = [i for n in scoped_set for i in mapping[n][1] if mapping[n][0] in ("yes", "partial")]
    rs = os.path.join(ROOT, "crates", "cuprum", "tests", "coverage.rs")
    with open(rs, "w") as f:
        f.write(rust_check(items))
    # The checked-in file is rustfmt's form (cargo fmt would rewrite it otherwise).
    try:
        subprocess.run(["rustfmt", "--edition", "2024", rs], check=False)
    except OSError:
        pass
    # The table.
    per = collections.OrderedDict()
    for page, name in scoped:
        per.setdefault(page, collections.Counter())[mapping[name][0]] += 1
    tot = collections.Counter()
    for c in per.values():
        tot.update(c)
    total = len(scoped)
    md = ["# API coverage against CuPy's reference", "",
          "<!-- @generated by tools/coverage/coverage.py from tools/coverage/mapping.tsv -->", "",
          "Every name CuPy's API reference documents (the `autosummary` entries of "
          "`docs/source/reference/*.rst` at cupy/cupy "
          f"`{CUPY_COMMIT[:12]}`, pages reachable from its index, each name once), "
          "minus `cupyx.jit`: "
          f"**{total} names in scope** ({len(names) - total} out of scope).", "",
          "A name counts as covered (**yes**) only if cuprum has it with NumPy/CuPy semantics; "
          "the cuprum item is named in `tools/coverage/mapping.tsv` and compiled by "
          "`crates/cuprum/tests/coverage.rs`, so a wrong claim fails the build. **partial**: a "
          "narrower form exists (the note says what is missing); **pending**: provided on "
          "another branch not yet merged. Regenerate with `python3 tools/coverage/coverage.py`.",
          "",
          f"**Covered: {tot['yes']} of {total} ({100.0 * tot['yes'] / total:.1f}%)**; "
          f"partial {tot['partial']}, pending {tot['pending']}, missing {tot['missing']}. "
          f"With the pending names: {tot['yes'] + tot['pending']} "
          f"({100.0 * (tot['yes'] + tot['pending']) / total:.1f}%).", "",
          "| page | names | yes | partial | pending | missing | covered |",
          "|---|---:|---:|---:|---:|---:|---:|"]
    for page, c in per.items():
        n = sum(c.values())
        md.append(f"| {page} | {n} | {c['yes']} | {c['partial']} | {c['pending']} | "
                  f"{c['missing']} | {100.0 * c['yes'] / n:.0f}% |")
    md.append(f"| **total** | {total} | {tot['yes']} | {tot['partial']} | {tot['pending']} | "
              f"{tot['missing']} | {100.0 * tot['yes'] / total:.1f}% |")
    for status, title in (("partial", "Partial"), ("pending", "Pending (another branch)"),
                          ("missing", "Missing")):
        md += ["", f"## {title}", "", "| CuPy name | cuprum | note |", "|---|---|---|"]
        for page, name in scoped:
            st, its, note = mapping[name]
            if st == status:
                md.append(f"| `{name}` | {', '.join('`' + i + '`' for i in its)} | {note} |")
    md += ["", "## Covered", "", "| CuPy name | cuprum |", "|---|---|"]
    for page, name in scoped:
        st, its, note = mapping[name]
        if st == "yes":
            cell = ", ".join("`" + i + "`" for i in its)
            if note:
                cell += f" ({note})"
            md.append(f"| `{name}` | {cell} |")
    with open(os.path.join(ROOT, "docs", "api-coverage.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print(f"{tot['yes']}/{total} yes ({100.0 * tot['yes'] / total:.1f}%), partial "
          f"{tot['partial']}, pending {tot['pending']}, missing {tot['missing']}")


if __name__ == "__main__":
    main()
