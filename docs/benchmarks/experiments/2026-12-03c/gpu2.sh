#!/usr/bin/env bash
# Session 20, call 2 (94c4e2c): the three core tests call 1's 200 s cut off; the random
# sampling kernel against variants and CuPy (rand_probe.py).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs2; mkdir -p $L
timeout 200 python3 docs/benchmarks/experiments/2026-12-03c/rand_probe.py > $L/rand_probe.txt 2>&1; echo "probe rc=$?"; cat $L/rand_probe.txt | tail -30
s=$SECONDS; timeout 330 .gpu/tests/cuprum_core-lib --exact reduce::tests::cuda_reductions_match_cpu random::bitgen_tests::cuda_bit_generators_dist2_match_cpu random::gpu_tests2::cuda_dist2_match_cpu > $L/core3.log 2>&1; echo "core3 rc=$? $((SECONDS - s)) s"
grep -a -E "^test |test result|FAILED|panicked" $L/core3.log | head -20
tar -C $L -czf $OUT/logs2.tgz .
