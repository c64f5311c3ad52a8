#!/usr/bin/env bash
# Session 17, call 6 (4f3b269): every test of cuprum-core's library on the H200 after the small
# cache's test fix, then the sort rows beside CuPy once more (the bench binary of 046d539: 4f3b269 changed only the host buffer cache).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs6; mkdir -p $L; t=.gpu/tests
s=$SECONDS; timeout 400 $t/cuprum_core-lib --test-threads 8 > $L/core.log 2>&1; echo "core rc=$? $((SECONDS - s)) s"
grep -a -E "test result|FAILED|panicked" $L/core.log | head -20
timeout 150 .gpu/bin/cuprum-bench --device cuda:0 --git-rev 046d539 --out $L --name sort --size full --no-cpu --compare cupy --suite core --filter "sort | 16777216" > $L/bench-sort.txt 2>&1
echo "bench rc=$?"; grep -a -E "^\| core" $L/bench-sort.txt | cut -d'|' -f3-4,6,10-11
cp $L/sort.md $OUT/ 2>/dev/null
tar -C $L -czf $OUT/logs6.tgz .
