#!/usr/bin/env bash
# Session 6's 2xH200 calls, after the new random distributions, the matmul property test, the
# integer matmul kernel fix and reduce_initial:
#   tests REV  - the full GPU test run and the conformance corpus on cpu, cuda:0 and cuda:1
#   bench REV  - the core suite side by side with CuPy 14.2 (and PyTorch, NumPy) into $OUT/bench
#   final REV  - after the random.cu fix: the random, stats, products and reduce tests, the
#                conformance corpus on every device, then the core suite (bench)
# Keep the number of files under $OUT small (a run that left ~25 files got only 8 back).
set -u
mode=${1:-tests}
rev=${2:-unknown}
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
if [ "$mode" = final ]; then
  timeout 200 bash .gpu/run.sh tests random:: stats:: products:: reduce_initial --test-threads 16 --nocapture > $OUT/tests.log 2>&1; echo "tests rc=$?"
  grep -E "FAILED|panicked|test binaries" $OUT/tests.log | head -20
  awk '/^test result/{p+=$4; f+=$6} END{print "tests passed",p,"failed",f}' $OUT/tests.log
  grep -E "worst difference" $OUT/tests.log | sort | uniq -c | sort -rn | head -12
  CUPRUM_REQUIRE_CUDA=1 timeout 150 .gpu/bin/xtask conformance --dir tests/data/conformance --device all > $OUT/conformance.log 2>&1
  grep -E "^FAIL|^conformance" $OUT/conformance.log | head -30
  mode=bench
fi
if [ "$mode" = tests ]; then
  timeout 400 bash .gpu/run.sh tests --test-threads 16 > $OUT/tests.log 2>&1; echo "tests rc=$?"
  grep -E "FAILED|panicked|test binaries" $OUT/tests.log | head -20
  awk '/^test result/{p+=$4; f+=$6} END{print "tests passed",p,"failed",f}' $OUT/tests.log
  grep -E "^test (random|products::prop|reduce::tests::reduce_initial)" $OUT/tests.log | head -20
  CUPRUM_REQUIRE_CUDA=1 timeout 150 .gpu/bin/xtask conformance --dir tests/data/conformance --device all > $OUT/conformance.log 2>&1
  grep -E "^FAIL|^conformance" $OUT/conformance.log | head -40
elif [ "$mode" = bench ]; then
  timeout 330 .gpu/bin/cuprum-bench --suite core --size full --compare cupy --out $OUT/bench \
    --name h200-core --git-rev "$rev" > $OUT/bench.log 2>&1; echo "bench rc=$?"
  grep -E "^\| core" $OUT/bench/h200-core.md | cut -d'|' -f3,4,6,8,10,11,13
fi
