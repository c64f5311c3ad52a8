#!/usr/bin/env bash
# GPU call 1 (session 7): every test binary, the conformance corpus on cpu+cuda:0, a compute-sanitizer probe.
set -u
rev=${1:-unknown}
mkdir -p /work && ln -sfn "$PWD" /work/wt-int && ln -sfn "$PWD" /work/main 2>/dev/null
export NCCL_NVLS_ENABLE=0
export CUPRUM_CACHE_DIR=/tmp/cuprum-cache
echo "rev $rev"
timeout 330 bash .gpu/run.sh tests --test-threads 8 > $OUT/tests.log 2>&1; echo "tests rc=$?"
grep -E "FAILED|panicked|test binaries" $OUT/tests.log | head -40
awk '/^test result/{p+=$4; f+=$6} END{print "tests passed",p,"failed",f}' $OUT/tests.log
CUPRUM_REQUIRE_CUDA=1 timeout 120 .gpu/bin/xtask conformance --dir tests/data/conformance --device all > $OUT/conformance.log 2>&1; echo "conformance rc=$?"
grep -E "^FAIL|^conformance|passed|failed" $OUT/conformance.log | head -60
which compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null
cs=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
core=$(ls .gpu/tests/ | grep '^cuprum_core-lib' | head -1)
if [ -n "$cs" ] && [ -n "$core" ]; then
  timeout 90 $cs --tool memcheck --error-exitcode 9 .gpu/tests/$core cuda::tests --test-threads 1 > $OUT/memcheck.log 2>&1; echo "memcheck rc=$?"
  tail -5 $OUT/memcheck.log
fi
tar -C $OUT -czf $OUT/logs.tgz tests.log conformance.log memcheck.log 2>/dev/null
