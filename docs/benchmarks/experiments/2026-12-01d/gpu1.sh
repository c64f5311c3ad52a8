#!/usr/bin/env bash
# Session 10, call 1 (one H200, call limit 600 s): every packed test binary with
# CUPRUM_REQUIRE_CUDA=1, in four parallel lanes (core's unit suite alone needs > 170 s; the
# fuse tests > 60 s on a cold NVRTC cache), each binary limited by what is left of a 520 s
# budget, a summary line per binary as it ends, and the logs tarred before the call's limit.
#   device run: carry [".gpu"], command: bash docs/benchmarks/experiments/2026-12-01c/gpu1.sh
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/payA.tar.xz | tar -C .gpu -xf -
[ -d tests/data/conformance ] && export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
L=/tmp/logs; mkdir -p $L
END=$((SECONDS + ${BUDGET:-520}))
nvidia-smi --query-gpu=index,name,memory.total,driver_version --format=csv,noheader
one() {  # one BINARY [THREADS]
  local b=$1 th=${2:-4} left=$((END - SECONDS))
  if [ ! -x .gpu/tests/$b ]; then return; fi
  if [ $left -lt 15 ]; then echo "$b NOT RUN (budget spent)" | tee -a $L/summary.txt; return; fi
  timeout $left .gpu/tests/$b --test-threads $th > $L/$b.log 2>&1
  local rc=$?
  echo "$b rc=$rc $(grep -E '^test result' $L/$b.log | tail -1) failed: $(grep -E '^test .* FAILED$' $L/$b.log | sed 's/^test //; s/ \.\.\. FAILED//' | tr '\n' ' ')" | tee -a $L/summary.txt
}
all=$(ls .gpu/tests | grep -v examples-test)
lane1="cuprum_core-lib"
lane2=$(echo "$all" | grep -E '^(fuse|kernels|bitwise|cuprum_kernel)' )
lane3=$(echo "$all" | grep -E '^(cuprum_sparse|cuprum_fft|cuprum_linalg|fft_)' )
taken=" $lane1 $(echo $lane2) $(echo $lane3) "
lane4=$(for b in $all; do case "$taken" in *" $b "*) ;; *) echo $b ;; esac; done)
( for b in $lane1; do one $b 8; done ) &
( for b in $lane2; do one $b 4; done ) &
( for b in $lane3; do one $b 4; done ) &
( for b in $lane4; do one $b 4; done ) &
wait
echo "== summary"; sort $L/summary.txt
tar -C $L -czf $OUT/logs.tgz .
