#!/usr/bin/env bash
# For the next session with a GPU (carry .gpu with pay.tar.xz holding tests/{cuprum_sparse-lib,
# cuprum_core-lib,conformance-test,cuprum_memory-lib,pinned_allocator-test}, bin/cuprum-bench
# and examples/race_smoke, built at the newest revision).
# 1. The sparse tests with CUPRUM_NVRTC_LOG, on every core and the whole call's time. Session
#    13: 25 modules of ~642 KB (sparse.cu group 5, sp_coo_rows unrolled), one every 10-30 s;
#    the 7 every-dtype tests never finished in 503 s. Its loops now have `#pragma unroll 1`:
#    expect them to finish, and the log to show every group-5 compile small and quick. Then
#    the COO (duplicates) -> CSR row beside CuPy (was 0.38x): --filter "coo (duplicates)".
# 2. race_smoke under memcheck again (expect 0 errors now that the pinned probe uses
#    cuPointerGetAttributes), the pinned-allocator tests (the probe's other users), and core's
#    sort:: tests with CUPRUM_SORT_ITEMS=28 (if they pass, make 112 bytes onesweep's default:
#    h200-sort.md has the figures).
# 3. spsolve beside CuPy now that it asks csrlsvqr for symrcm (limit 120 s), and
#    CUPRUM_SPSOLVE_REORDER=3 (METIS) cuprum-only.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
[ -d tests/data/conformance ] && export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
L=/tmp/logs; mkdir -p $L; R=${REV:-unknown}; END=$((SECONDS + ${BUDGET:-530})); t=.gpu/tests
save() { tar -C $L -czf $OUT/logs.tgz . ; }
lim() { local l=$1 left=$((END - SECONDS - 5)); [ $l -gt $left ] && l=$left; echo $l; }
CS=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
( timeout 60 $CS --tool memcheck --leak-check full --error-exitcode 9 .gpu/examples/race_smoke > $L/memcheck.log 2>&1; echo "memcheck race_smoke rc=$?" > $L/side.txt
  CUPRUM_SORT_ITEMS=28 timeout 120 $t/cuprum_core-lib --test-threads 4 sort:: > $L/sort28.log 2>&1; echo "sort:: at 28 rc=$? $(grep '^test result' $L/sort28.log)" >> $L/side.txt
  timeout 60 $t/cuprum_memory-lib > $L/memory.log 2>&1; echo "memory-lib rc=$?" >> $L/side.txt
  timeout 60 $t/pinned_allocator-test > $L/pinned.log 2>&1; echo "pinned rc=$?" >> $L/side.txt ) &
CUPRUM_NVRTC_LOG=$L/nvrtc.log timeout $(lim 480) $t/cuprum_sparse-lib --test-threads 16 > $L/sparse.log 2>&1
echo "sparse rc=$? ($SECONDS s) $(grep -E '^test result' $L/sparse.log | tail -1)"; wait; cat $L/side.txt
sort -rn $L/nvrtc.log | head -15; save
# a second call: spsolve beside CuPy (symrcm), then METIS cuprum-only
# timeout 120 .gpu/bin/cuprum-bench --device cuda:0 --git-rev $R --out $L --name spsolve --size full --no-cpu --compare cupy --suite sparse --filter "spsolve | poisson 500x500"
# CUPRUM_SPSOLVE_REORDER=3 timeout 90 .gpu/bin/cuprum-bench --device cuda:0 --size full --no-cpu --suite sparse --filter "spsolve | poisson 500x500"
