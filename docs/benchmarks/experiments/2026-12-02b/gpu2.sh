#!/usr/bin/env bash
# Session 12, call 2 (carry .gpu): timed rows only, one bench invocation per group of rows with
# its own limit, CuPy 14.2 in the same run (compare.py honours --filter); nothing else runs.
# Issue 16: the 2048^2 sparse products (row-merge SpGEMM, device-side COO -> CSR) and, without
# CuPy, the same rows with CUPRUM_SPGEMM=cusparse CUPRUM_SPMM=own (the other paths);
# issue 17: cg x100 (in the 2048 group); issue 20: sort rows, LSD and onesweep; issue 21: cavity
# Re 1000; issue 19: the fused map+reduce row.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs2; mkdir -p $L; R=${REV:-unknown}
END=$((SECONDS + ${BUDGET:-560}))
b() { name=$1 lim=$2; shift 2; left=$((END - SECONDS - 15)); [ $lim -gt $left ] && lim=$left; [ $lim -lt 15 ] && { echo "== $name NOT RUN"; return; }
  timeout $lim .gpu/bin/cuprum-bench --device cuda:0 --git-rev $R --out $L --name $name --size full --no-cpu "$@" > $L/$name.txt 2>&1
  echo "== $name rc=$? ($SECONDS s)"; grep -E "^\| |rror" $L/$name.txt; }
b h200-sparse-2048 170 --compare cupy --suite sparse --filter "2048x2048"
CUPRUM_SPGEMM=cusparse CUPRUM_SPMM=own b h200-sparse-2048-alt 50 --suite sparse --filter "2048x2048 (4194304 rows, 20963328 nnz)"
b h200-sort 90 --compare cupy --suite core --filter sort
CUPRUM_SORT_ALGO=onesweep b h200-sort-onesweep 45 --suite core --filter sort
b h200-cavity 150 --compare cupy --suite cavity --filter "cavity Re 1000"
b h200-fusered 40 --compare cupy --suite fuse --filter "sum(exp"
tar -C $L -czf $OUT/logs2.tgz .
