#!/usr/bin/env bash
# Session 17, call 2: the sort's host path (specializations and kernels looked up once, the
# ping-pong buffers allocated after the histogram's launch): the host/GPU probe, the sort rows
# beside CuPy twice (20 timed calls a row now, as CuPy's), core's sort tests, the conformance
# corpus on the CPU and the H200. Usage: bash gpu2.sh REV
set -u
REV=${1:-unknown}
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs2; mkdir -p $L; t=.gpu/tests
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
timeout 120 .gpu/bin/zz_sort_host_probe > $L/probe-after.txt 2>&1; echo "probe rc=$?"; cat $L/probe-after.txt
for k in 1 2; do
  timeout 150 .gpu/bin/cuprum-bench --device cuda:0 --git-rev $REV --out $L --name sort$k --size full --no-cpu --compare cupy --suite core --filter "sort | 16777216" > $L/bench-sort$k.txt 2>&1
  echo "bench $k rc=$?"; grep -a -E "^\| core" $L/bench-sort$k.txt | cut -d'|' -f3-4,6,10-11
done
timeout 200 $t/cuprum_core-lib --test-threads 4 sort:: unique searchsorted oplock storage > $L/core-sort.log 2>&1; echo "core-sort rc=$?"
grep -a -E "test result|FAILED|panicked" $L/core-sort.log | head
timeout 200 $t/conformance-test > $L/conformance.log 2>&1; echo "conformance rc=$?"
grep -a -E "test result|FAILED|panicked|cases" $L/conformance.log | head
cp $L/sort1.md $L/sort2.md $OUT/ 2>/dev/null
tar -C $L -czf $OUT/logs2.tgz .
