#!/usr/bin/env bash
# Next GPU session, call 2: the benchmark rows the open issues wait for, side by side with
# CuPy/PyTorch in the same run (each suite limited; files written under $OUT as they finish).
#   fuse + core host time (issue 19), kernel L2 norm (18), sparse + sparse linalg (16, 17),
#   core sort/argsort/to_vec (20), cavity Re 1000 257^2 (21).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/bin ] || xz -dc .gpu/payload.tar.xz | tar -C .gpu -xf -
B=.gpu/bin/cuprum-bench
R=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
b() { name=$1 lim=$2; shift 2; timeout $lim $B --device cuda:0 --compare cupy --git-rev $R --out $OUT --name $name "$@" 2>&1 | grep -E "^\| |error|Error" ; echo "== $name rc=$?"; }
b h200-fuse 120 --suite fuse --size full --no-cpu
b h200-host 60 --suite core --size full --no-cpu --filter "host time"
b h200-sort 60 --suite core --size full --no-cpu --filter "sort"
b h200-kernel 60 --suite kernel --size full --no-cpu
b h200-sparse 150 --suite sparse --size full --no-cpu
b h200-cavity 120 --suite cavity --size full --no-cpu
