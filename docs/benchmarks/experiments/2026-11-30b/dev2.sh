#!/usr/bin/env bash
# The next 2xH200 call (prepared in session 5, when device time ran out): the full GPU test run
# at the current revision (it has the cholesky reordering, cb6fc47), the whole conformance corpus
# through the workspace harness on cpu, cuda:0 and cuda:1 (sort, matmul, linalg and random-stats
# arms are new), and the linalg/fft table side by side with CuPy into $OUT/bench.
#   ../shared/tools/gpu-pack
#   device run, kind nvidia-h200-x2, carry [".gpu"]:
#     bash docs/benchmarks/experiments/2026-11-30b/dev2.sh REV 2>&1 | tail -60
# Keep the number of files under $OUT small (a run that left ~25 files got only 8 back).
set -u
rev=${1:-unknown}
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
bash .gpu/run.sh exec environment > $OUT/env.log 2>&1
timeout 330 bash .gpu/run.sh tests --test-threads 16 > $OUT/tests.log 2>&1; echo "tests rc=$?"
grep -E "FAILED|panicked|test binaries" $OUT/tests.log | head -20
awk '/^test result/{p+=$4; f+=$6} END{print "tests passed",p,"failed",f}' $OUT/tests.log
CUPRUM_REQUIRE_CUDA=1 timeout 120 .gpu/bin/xtask conformance --dir tests/data/conformance --device all > $OUT/conformance.log 2>&1
grep -E "^FAIL|^conformance" $OUT/conformance.log | head -40
timeout 200 .gpu/bin/cuprum-bench --suite linalg,fft --size full --compare cupy --out $OUT/bench \
  --name h200-linalg-fft --git-rev "$rev" > $OUT/bench.log 2>&1; echo "bench rc=$?"
grep -E "^\| (linalg|fft)" $OUT/bench/h200-linalg-fft.md | cut -d'|' -f3,4,6,10,11
