#!/usr/bin/env bash
# Session 20, call 5 (the last look: a CUDA copy is skipped only when the input is the output
# element for element, not whenever it shares the output's buffer): cuprum-core's library tests
# but the three long ones of call 2.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs5; mkdir -p $L
s=$SECONDS; timeout 220 .gpu/tests/cuprum_core-lib --test-threads 8 --skip reduce::tests::cuda_reductions_match_cpu --skip random::bitgen_tests::cuda_bit_generators_dist2_match_cpu --skip random::gpu_tests2::cuda_dist2_match_cpu > $L/core.log 2>&1; echo "core rc=$? $((SECONDS - s)) s"
grep -a -E "test result|FAILED|panicked" $L/core.log | grep -v "inside a host function" | head -20
grep -a "inplace_tests" $L/core.log
tar -C $L -czf $OUT/logs5.tgz .
