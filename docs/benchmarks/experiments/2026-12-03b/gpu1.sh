#!/usr/bin/env bash
# Session 19, call 1: the sort after the bench's ceilings (cuprum and CuPy), the bench's sort
# rows beside CuPy, then every test of cuprum-core's library on the H200.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs1; mkdir -p $L; t=.gpu/tests; E=docs/benchmarks/experiments/2026-12-03b
for dt in f32 f64; do
  .gpu/bin/zz_sort_after $dt > $L/after-cuprum-$dt.txt 2>&1; echo "== cuprum $dt"; cat $L/after-cuprum-$dt.txt
done
for dt in float32 float64; do
  timeout 120 python3 $E/cupy_sort_after.py $dt > $L/after-cupy-$dt.txt 2>&1; echo "== cupy $dt"; cat $L/after-cupy-$dt.txt
done
for i in 1 2; do
  timeout 200 .gpu/bin/cuprum-bench --device cuda:0 --git-rev 6de924e --size full --no-cpu --compare cupy --suite core --filter "sort | 16777216" --out $L --name sort$i > $L/bench-sort$i.txt 2>&1
  echo "bench sort $i rc=$?"; grep -a -E "^\| (sort|argsort)" $L/sort$i.md 2>/dev/null | head -12
done
s=$SECONDS; timeout 420 $t/cuprum_core-lib --test-threads 8 > $L/core.log 2>&1; echo "core rc=$? $((SECONDS - s)) s"
grep -a -E "test result|FAILED|panicked" $L/core.log | head -20
tar -C $L -czf $OUT/logs1.tgz .
