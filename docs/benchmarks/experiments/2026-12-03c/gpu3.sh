#!/usr/bin/env bash
# Session 20, call 3 (14503dd + kernels/random.cu's VecStore<32>/<4>, committed next): the
# random tests that compare GPU draws with the CPU's (every dtype, Philox and the sequential
# bit generators), then the bench's random rows beside CuPy 14.2, twice.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs3; mkdir -p $L
s=$SECONDS; timeout 240 .gpu/tests/cuprum_core-lib random::gpu_tests:: random::bitgen_tests:: --skip dist2 --test-threads 8 > $L/random.log 2>&1; echo "random tests rc=$? $((SECONDS - s)) s"
grep -a -E "test result|FAILED|panicked" $L/random.log | head -20
for i in 1 2; do
  timeout 150 .gpu/bin/cuprum-bench --device cuda:0 --git-rev 14503dd+vecstore --size full --no-cpu --compare cupy --suite core --filter "random" --out $L --name random$i > $L/bench$i.txt 2>&1
  echo "bench $i rc=$?"; grep -a -E "^\| core" $L/random$i.md | cut -d'|' -f3-4,6,10-11
done
tar -C $L -czf $OUT/logs3.tgz .
