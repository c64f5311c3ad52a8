#!/usr/bin/env bash
# Session 20, call 1 (94c4e2c): every test of cuprum-core's library on the H200, then the whole
# core suite beside CuPy 14.2 (the record of issue 20's GPU rows at the closing revision).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs1; mkdir -p $L
s=$SECONDS; timeout 200 .gpu/tests/cuprum_core-lib --test-threads 8 > $L/core.log 2>&1; echo "core rc=$? $((SECONDS - s)) s"
grep -a -E "test result|FAILED|panicked" $L/core.log | head -20
s=$SECONDS; timeout 340 .gpu/bin/cuprum-bench --device cuda:0 --git-rev 94c4e2c --size full --no-cpu --compare cupy --suite core --out $L --name h200-core > $L/bench.txt 2>&1
echo "bench rc=$? $((SECONDS - s)) s"
grep -a -E "^\| core" $L/h200-core.md | cut -d'|' -f3-5,7,10-11 | head -80
tar -C $L -czf $OUT/logs1.tgz .
