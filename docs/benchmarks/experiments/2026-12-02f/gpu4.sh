#!/usr/bin/env bash
# Session 16, call 4: sort_probe2.py (histogram and pass kernel variants, launches prebuilt).
set -u
D=docs/benchmarks/experiments/2026-12-02f
timeout 400 python3 $D/sort_probe2.py . 2>&1 | tee $OUT/probe2.txt | grep -v "^\s*$" | tail -80
