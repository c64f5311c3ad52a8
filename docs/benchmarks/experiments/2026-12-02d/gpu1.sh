#!/usr/bin/env bash
# Session 14, call 1: the sparse tests with the rolled sp_coo_rows (771d4ca) and CUPRUM_NVRTC_LOG
# on a cold cache; beside them race_smoke under memcheck (the pinned probe now asks
# cuPointerGetAttributes: expect 0 errors), core's sort:: tests at onesweep's 112-byte tile,
# the memory and pinned-allocator tests, and the conformance corpus.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
[ -d tests/data/conformance ] && export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
L=/tmp/logs; mkdir -p $L; END=$((SECONDS + ${BUDGET:-520})); t=.gpu/tests
save() { tar -C $L -czf $OUT/logs.tgz . ; }
lim() { local l=$1 left=$((END - SECONDS - 8)); [ $l -gt $left ] && l=$left; echo $l; }
CS=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $L/gpu.txt 2>&1; $CS --version | tail -1 >> $L/gpu.txt
( timeout 90 $CS --tool memcheck --leak-check full --error-exitcode 9 .gpu/examples/race_smoke > $L/memcheck.log 2>&1; echo "memcheck race_smoke rc=$? $(grep -E 'ERROR SUMMARY|LEAK SUMMARY' $L/memcheck.log | tr '\n' ' ')" > $L/side.txt; save
  timeout 60 $t/conformance-test > $L/conformance.log 2>&1; echo "conformance rc=$? $(grep '^test result' $L/conformance.log)" >> $L/side.txt
  CUPRUM_SORT_ITEMS=28 timeout 150 $t/cuprum_core-lib --test-threads 4 sort:: > $L/sort28.log 2>&1; echo "sort:: at 28 rc=$? $(grep '^test result' $L/sort28.log)" >> $L/side.txt; save
  timeout 90 $t/cuprum_memory-lib > $L/memory.log 2>&1; echo "memory-lib rc=$? $(grep '^test result' $L/memory.log)" >> $L/side.txt
  timeout 60 $t/pinned_allocator-test > $L/pinned.log 2>&1; echo "pinned rc=$? $(grep '^test result' $L/pinned.log)" >> $L/side.txt; save ) &
CUPRUM_NVRTC_LOG=$L/nvrtc.log timeout $(lim 480) $t/cuprum_sparse-lib --test-threads 16 > $L/sparse.log 2>&1
echo "sparse rc=$? ($SECONDS s) $(grep -E '^test result' $L/sparse.log | tail -1)" | tee $L/main.txt
grep -E 'has been running|FAILED|panicked' $L/sparse.log | head -20
wait; cat $L/side.txt
echo "nvrtc compiles: $(wc -l < $L/nvrtc.log); slowest:"; sort -rn $L/nvrtc.log | head -8
ls /tmp/cuprum-cache | wc -l; du -sh /tmp/cuprum-cache
save
