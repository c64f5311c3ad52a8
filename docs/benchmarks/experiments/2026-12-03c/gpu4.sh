#!/usr/bin/env bash
# Session 20, call 4 (7cda40c + GPU in-place elementwise operations, committed next): every
# test of cuprum-core's library but the three long ones call 2 ran (they use no elementwise
# family in place), then the bench's add rows beside CuPy 14.2 and PyTorch (the new row
# "add in place (a += b)"), twice.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs4; mkdir -p $L
s=$SECONDS; timeout 300 .gpu/tests/cuprum_core-lib --test-threads 8 --skip reduce::tests::cuda_reductions_match_cpu --skip random::bitgen_tests::cuda_bit_generators_dist2_match_cpu --skip random::gpu_tests2::cuda_dist2_match_cpu > $L/core.log 2>&1; echo "core rc=$? $((SECONDS - s)) s"
grep -a -E "test result|FAILED|panicked" $L/core.log | grep -v "inside a host function" | head -20
grep -a "inplace_tests" $L/core.log
for i in 1 2; do
  timeout 100 .gpu/bin/cuprum-bench --device cuda:0 --git-rev 7cda40c+inplace --size full --no-cpu --compare cupy --suite core --filter "add" --out $L --name add$i > $L/bench$i.txt 2>&1
  echo "bench $i rc=$?"; grep -a -E "^\| core" $L/add$i.md | cut -d'|' -f3-4,6,10-13
done
tar -C $L -czf $OUT/logs4.tgz .
