#!/usr/bin/env bash
# Snapshots of the generated CUDA C of cuprum-kernel's user kernels (see README.md).
#   tests/data/codegen/snapshot.sh          compare with the committed snapshots
#   tests/data/codegen/snapshot.sh --bless  rewrite them
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$root"
CUPRUM_KERNEL_SNAPSHOT_DIR="$tmp/cases" nice -n ${SNAPSHOT_NICE:-15} cargo test -q -p cuprum-kernel \
  --features codegen-snapshot --lib --test kernels --test fuse >"$tmp/log" 2>&1 || {
  tail -30 "$tmp/log"; exit 1; }
out="$tmp/out"; mkdir -p "$out"
cd "$tmp/cases"
# user kernels (ElementwiseKernel, ReductionKernel): every case in full
LC_ALL=C ls | grep -E '^(ew|red)-' | while read -r f; do cat "$f"; done >"$out/kernel_user.snap"
# fuse: every case's length and hash, the full text of the first 200 cases
LC_ALL=C ls | grep -E '^fuse-' | while read -r f; do head -n1 "$f"; done >"$out/kernel_fuse.index"
LC_ALL=C ls | grep -E '^fuse-' >"$tmp/fuse.list"
sed -n 1,200p "$tmp/fuse.list" | while read -r f; do cat "$f"; done >"$out/kernel_fuse_sample.snap"
# fused reductions: every case's length and hash, the full text of the first 12 cases
LC_ALL=C ls | grep -E '^fusered-' | while read -r f; do head -n1 "$f"; done >"$out/kernel_fusered.index"
LC_ALL=C ls | grep -E '^fusered-' | sed -n 1,12p | while read -r f; do cat "$f"; done >"$out/kernel_fusered_sample.snap"
cd "$root"
status=0
for f in kernel_user.snap kernel_fuse.index kernel_fuse_sample.snap kernel_fusered.index kernel_fusered_sample.snap; do
  if [[ "${1:-}" == "--bless" || ! -f "$here/$f" ]]; then
    cp "$out/$f" "$here/$f"; echo "wrote $here/$f ($(grep -c '^==== ' "$here/$f") cases)"
  elif cmp -s "$out/$f" "$here/$f"; then
    echo "$f: identical ($(grep -c '^==== ' "$here/$f") cases)"
  else
    echo "$f: DIFFERS"; diff "$here/$f" "$out/$f" | head -60; status=1
  fi
done
exit $status
