#!/usr/bin/env bash
# Session 15, call 3 (297f0b0): sort:: tests with CUPRUM_SORT_ITEMS=36 and 48 now that the
# LSD tile keeps 112 bytes (call 1: its kernels did not compile past 48 KiB), and at the
# default; memcheck with leak check over the 31 FFT integration tests that call 2 did not
# finish (one process, 16 test threads); racecheck over the sparse test call 2 did not finish.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs3; mkdir -p $L; END=$((SECONDS + ${BUDGET:-570}))
lim() { local left=$((END - SECONDS - 10)); echo $left; }
CS=/usr/local/cuda/bin/compute-sanitizer
san() { local tag=$1 tool=$2; shift 2
  timeout $(lim) $CS --tool $tool --report-api-errors no --error-exitcode 9 "$@" > $L/$tag.log 2>&1; echo "$tag rc=$?" >> $L/san.txt; }
t=.gpu/tests
for it in default 36 48; do
  v=$it; [ $it = default ] && v=
  (CUPRUM_SORT_ITEMS=$v timeout 200 $t/cuprum_core-lib --test-threads 4 sort:: > $L/sort-tests-$it.log 2>&1; echo "sort-tests-$it rc=$?" >> $L/san.txt) &
done
skip=()
for s in properties::bad_arguments_are_errors hermitian_nd::hermitian_nd_transforms_as_scipy \
  properties::frequencies_match_numpy_formulas signal::ca_cfar_2d_matches_scipy \
  signal::ca_cfar_integers_and_errors signal::ca_cfar_1d_matches_scipy \
  signal::channelize_poly_promotes_and_rejects signal::convolve1d3o_integers_layouts_and_errors; do
  skip+=(--skip "$s")
done
san mem-fft memcheck --leak-check full $t/fft_integration-test --test-threads 16 "${skip[@]}" --exact &
san race-spgemm racecheck $t/cuprum_sparse-lib --test-threads 1 --exact kernels::tests::spgemm_every_cuda_algorithm_forced &
wait
sort -V $L/san.txt
for f in $L/*.log; do
  n=$(grep -a -c "^test .* ok$" $f); fl=$(grep -a -c "^test .* FAILED$" $f)
  s=$(grep -a -E "ERROR SUMMARY|LEAK SUMMARY|RACECHECK SUMMARY|test result" $f | tail -2 | tr '\n' ' ')
  echo "$(basename $f .log): ok=$n failed=$fl ${s:-no summary (cut by the limit)}"
  grep -a -E "^=========  ?(Invalid|Uninitialized|Race|Barrier|Leaked|Address|Program hit|Error|Internal)" $f | sort | uniq -c | sort -rn | head -4
done
grep -a "^test .* ok$" $L/mem-fft.log
tar -C $L -czf $OUT/logs3.tgz .
