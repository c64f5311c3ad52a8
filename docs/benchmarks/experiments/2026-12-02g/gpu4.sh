#!/usr/bin/env bash
# Session 17, call 4 (046d539): onesweep's tile for float64 sorts at 120 and 128 bytes a thread
# (CUPRUM_SORT_ITEMS=30, 32; default 112), then every test of cuprum-core's library and the
# conformance corpus (588 cases) on the CPU and the H200.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs4; mkdir -p $L; t=.gpu/tests
for it in 28 30 32 28; do
  CUPRUM_SORT_ITEMS=$it timeout 100 .gpu/bin/cuprum-bench --device cuda:0 --size full --no-cpu --suite core --filter "sort | 16777216 float" > $L/tile-$it.txt 2>&1
  echo "items $it: $(grep -a -E '^\| core \| sort' $L/tile-$it.txt | cut -d'|' -f4,6 | tr '\n' ' ')"
done
s=$SECONDS; timeout 420 $t/cuprum_core-lib --test-threads 8 > $L/core.log 2>&1; echo "core rc=$? $((SECONDS - s)) s"
grep -a -E "test result|FAILED|panicked" $L/core.log | head -20
s=$SECONDS; timeout 120 $t/conformance-test > $L/conformance.log 2>&1; echo "conformance rc=$? $((SECONDS - s)) s"
grep -a -E "test result|FAILED|panicked" $L/conformance.log | head
tar -C $L -czf $OUT/logs4.tgz .
