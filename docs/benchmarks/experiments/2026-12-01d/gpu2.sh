#!/usr/bin/env bash
# Session 10, call 2 (carry .gpuB: the bench and example binaries): the host-time probe
# (issue 19), the benchmark rows the open issues wait for, side by side with CuPy/PyTorch in the
# same run (files under $OUT as they finish): fuse + core host time (19), sort (20), kernel L2
# norm (18), sparse + sparse linalg (16, 17), cavity Re 1000 257^2 (21); then the tutorial's
# examples as a test (examples-test, which finds the example binaries beside it).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_CACHE_DIR=/tmp/cuprum-cache CUPRUM_REQUIRE_CUDA=1
[ -d .gpuB/bin ] || xz -dc .gpuB/payB.tar.xz | tar -C .gpuB -xf -
[ -d tests/data/conformance ] && export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
B=.gpuB/bin/cuprum-bench
R=${REV:-unknown}
END=$((SECONDS + ${BUDGET:-570}))
nvidia-smi --query-gpu=index,name,memory.total,driver_version --format=csv,noheader
timeout 30 .gpuB/bin/hosttime 2>&1 | tee $OUT/hosttime.md
b() { name=$1 lim=$2; shift 2; left=$((END - SECONDS - 95)); [ $lim -gt $left ] && lim=$left; [ $lim -lt 10 ] && { echo "== $name NOT RUN"; return; }
  timeout $lim $B --device cuda:0 --compare cupy --git-rev $R --out $OUT --name $name "$@" 2>&1 | grep -E "^\| |error|Error" ; echo "== $name rc=$?"; }
b h200-fuse 100 --suite fuse --size full --no-cpu
b h200-host 45 --suite core --size full --no-cpu --filter "host time"
b h200-sort 45 --suite core --size full --no-cpu --filter "sort"
b h200-kernel 45 --suite kernel --size full --no-cpu
b h200-sparse 130 --suite sparse --size full --no-cpu
b h200-cavity 100 --suite cavity --size full --no-cpu
left=$((END - SECONDS)); echo "examples-test with ${left} s"
timeout $left .gpuB/bin/examples-test --test-threads 3 > /tmp/examples.log 2>&1; echo "examples-test rc=$?"
grep -E "^test |test result" /tmp/examples.log | tail -25
cp /tmp/examples.log $OUT/
