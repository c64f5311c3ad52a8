#!/usr/bin/env bash
# Session 18, call 5 (eaf484a: ecf965e's sort kernels and the new test of floats without NaNs):
# the sort tests of cuprum-core's library on the H200.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs5; mkdir -p $L; t=.gpu/tests
s=$SECONDS; timeout 250 $t/cuprum_core-lib sort:: --test-threads 8 > $L/core-sort.log 2>&1; echo "sort tests rc=$? $((SECONDS - s)) s"
grep -a -E "test |test result|FAILED|panicked" $L/core-sort.log | head -30
tar -C $L -czf $OUT/logs5.tgz .
