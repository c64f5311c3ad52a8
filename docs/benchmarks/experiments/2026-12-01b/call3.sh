#!/usr/bin/env bash
# Session 8, GPU call 3: compute-sanitizer (issue 22 item 8) over the GPU test suite, split by
# module so the pieces run in parallel inside the call's limit: memcheck (with leak check) over
# core's, sparse's, fft's and linalg's unit tests and the kernel/fuse integration tests,
# racecheck over the shared-memory kernels (reductions, scans, sort, transpose), initcheck over
# sparse, synccheck over the kernel and fuse tests.
set -u
mkdir -p /work && ln -sfn "$PWD" /work/main
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
xz -dc .gpu/payload.tar.xz | tar -C .gpu -xf -
L=/tmp/logs; mkdir -p $L
CS=/usr/local/cuda/bin/compute-sanitizer
T=${T:-280}
san() { tag=$1; tool=$2; shift 2; timeout $T $CS --tool $tool --report-api-errors no --error-exitcode 9 "$@" > $L/$tag.log 2>&1; echo "$tag rc=$?" >> $L/san.txt; }
t=.gpu/tests
san mem-core-ops memcheck --leak-check full $t/cuprum_core-lib --test-threads 6 ops:: backend:: cast:: view:: index &
san mem-core-red memcheck $t/cuprum_core-lib --test-threads 6 reduce:: sort:: stats:: products:: &
san mem-core-rest memcheck $t/cuprum_core-lib --test-threads 6 random:: cuda:: transfer:: creation:: manip:: npy:: oplock:: &
san mem-core-routines memcheck $t/cuprum_core-lib --test-threads 6 routines:: &
san mem-sparse memcheck $t/cuprum_sparse-lib --test-threads 6 --skip beyond_2_pow_31 &
san mem-kernel memcheck $t/kernels-test --test-threads 4 &
san mem-fuse memcheck $t/fuse-test --test-threads 4 &
san mem-fft memcheck $t/cuprum_fft-lib --test-threads 4 &
san race-core racecheck $t/cuprum_core-lib --test-threads 6 reduce:: sort:: scan cumsum transpose &
san init-sparse initcheck $t/cuprum_sparse-lib --test-threads 6 --skip beyond_2_pow_31 &
san sync-kernel synccheck $t/kernels-test --test-threads 4 &
san sync-fuse synccheck $t/fuse-test --test-threads 4 &
wait
sort $L/san.txt
for f in $L/*.log; do
  n=$(grep -c "^test .* ok$" $f); fl=$(grep -c "^test .* FAILED$" $f)
  s=$(grep -E "ERROR SUMMARY" $f | tail -1)
  echo "$(basename $f .log): ok=$n failed=$fl ${s:-no summary (cut by the limit)}"
  grep -E "^=========  ?(Invalid|Uninitialized|Race|Barrier|Leaked|Address|Program hit|Error)" $f | sort | uniq -c | sort -rn | head -4
done
tar -C $L -czf $OUT/logs.tgz .
