#!/usr/bin/env bash
# For the next session with a GPU (one call, ~500 s; carry .gpu with a payload of the test
# binaries below): what session 10 could not run. Build: ../shared/tools/gpu-pack, then pack
# only cuprum_core-lib, pinned_allocator-test, cuprum_distributed-lib, cuprum_sparse-lib,
# conformance-test, bitwise-test, multiprocess-test (+ bin/cuprum-run beside it) — check each
# copied binary with `file`/`--list` (session 10 carried a truncated one).
#   1. issue 23: the bit generators' and Philox's CUDA tests (random::), the pinned allocator,
#      the nccl ids, sparse sputils; 2. issue 18: the conformance corpus after the vector-load
#      reduction. Then, in separate calls: the sparse bench rows (~400 s), the cavity row (~300 s),
#      the sanitizer remainder (memcheck of sparse/fft_integration/workspace, racecheck of core).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/payD.tar.xz | tar -C .gpu -xf -
[ -d tests/data/conformance ] && export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
L=/tmp/logs5; mkdir -p $L
run() { b=$1; shift; timeout ${T:-400} .gpu/tests/$b "$@" > $L/$b.log 2>&1; echo "$b rc=$? $(grep -E '^test result' $L/$b.log | tail -1)" | tee -a $L/summary.txt; }
( run cuprum_core-lib --test-threads 8 random:: ) &
( run pinned_allocator-test --test-threads 1; run cuprum_distributed-lib --test-threads 2; run cuprum_sparse-lib --test-threads 4 sputils; run conformance-test --test-threads 4; run bitwise-test --test-threads 4; run multiprocess-test --test-threads 2 ) &
wait
tar -C $L -czf $OUT/logs5.tgz .
