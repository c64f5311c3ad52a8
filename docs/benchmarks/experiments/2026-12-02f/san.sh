#!/usr/bin/env bash
# Session 16: compute-sanitizer jobs started detached (setsid) by call 1 so that they can run
# past one call's 600 s; call 2 (chained, same machine) collects /tmp/san. `san.sh fft`: one
# cuFFT-loading FFT test under memcheck in five settings (plain run, default, lazy and eager
# module loading, a kernel filter that matches nothing), and eight more FFT tests one a process;
# `san.sh spmv`: racecheck of the 2^31-entry SpMV test.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
L=${SAN_DIR:-/tmp/san}; mkdir -p $L; CS=/usr/local/cuda/bin/compute-sanitizer; t=$PWD/.gpu/tests
END=$((SECONDS + ${SAN_BUDGET:-1150}))
run() { local tag=$1; shift; local s=$SECONDS
  timeout $((END - SECONDS)) "$@" > $L/$tag.log 2>&1; echo "$tag rc=$? $((SECONDS - s)) s" >> $L/done.txt; }
MEM="$CS --tool memcheck --leak-check full --report-api-errors no --error-exitcode 9"
case ${1:-fft} in
fft)
  T=realtransforms::bad_arguments_are_errors
  run plain $t/fft_integration-test --exact --test-threads 1 $T &
  run f-default $MEM $t/fft_integration-test --exact --test-threads 1 $T &
  CUDA_MODULE_LOADING=LAZY run f-lazy $MEM $t/fft_integration-test --exact --test-threads 1 $T &
  CUDA_MODULE_LOADING=EAGER run f-eager $MEM $t/fft_integration-test --exact --test-threads 1 $T &
  run f-nomatch $MEM --kernel-name kns=zz_no_such_kernel $t/fft_integration-test --exact --test-threads 1 $T &
  for T2 in cuda::explicit_plans_and_two_streams properties::single_precision_round_trip \
    properties::parseval_holds signal::freq_shift_matches_numpy signal::pulse_compression_matches_numpy \
    realtransforms::fht_and_ifht_match_scipy properties::dtypes_follow_numpy cuda::cuda_large_contiguous_paths; do
    run "one-${T2//::/-}" $MEM $t/fft_integration-test --exact --test-threads 1 $T2 &
  done
  wait ;;
spmv)
  run race-spmv31 $CS --tool racecheck --report-api-errors no --error-exitcode 9 \
    $t/cuprum_sparse-lib --exact --test-threads 1 kernels::tests::spmv_beyond_2_pow_31_entries_on_gpu ;;
esac
