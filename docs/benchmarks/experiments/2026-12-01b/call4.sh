#!/usr/bin/env bash
# Session 8, GPU call 4: the two release test binaries changed after call 3 (core's unit tests,
# the fuse integration tests), to confirm the fixes.
set -u
mkdir -p /work && ln -sfn "$PWD" /work/main
export CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
L=/tmp/l4; mkdir -p $L
timeout 60 .gpu/t4/fuse-test --test-threads 8 > $L/fuse.log 2>&1 & 
timeout 170 .gpu/t4/core-lib --test-threads 16 > $L/core.log 2>&1 &
wait
for f in $L/*.log; do echo "== $f"; grep -E "^test result|FAILED|panicked" $f | head -12; done
grep -h -A8 "^---- " $L/*.log | head -40
