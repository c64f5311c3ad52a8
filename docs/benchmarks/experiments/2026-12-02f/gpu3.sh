#!/usr/bin/env bash
# Session 16, call 3: every FFT integration test, one test a process (call 2: one a process
# finishes in 2-17 s; session 15's runs with many test threads in one process never did), under
# memcheck with leak check and under racecheck, 12 processes at a time.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs3; mkdir -p $L; CS=/usr/local/cuda/bin/compute-sanitizer; t=.gpu/tests
cp /tmp/san2/one-cuda-cuda_large_contiguous_paths.log $L/call2-large-contiguous.log 2>/dev/null
$t/fft_integration-test --list 2>/dev/null | grep ': test$' | sed 's/: test$//' > $L/tests.txt
jobs_list() { while read -r T; do echo "memcheck $T"; echo "racecheck $T"; done < $L/tests.txt; }
one() { local tool=$1 T=$2 extra=; [ $tool = memcheck ] && extra="--leak-check full"
  local tag=$tool-${T//::/-} s=$SECONDS
  timeout 400 $CS --tool $tool $extra --report-api-errors no --error-exitcode 9 $t/fft_integration-test --exact --test-threads 1 "$T" > $L/$tag.log 2>&1
  echo "$tag rc=$? $((SECONDS - s)) s" >> $L/done.txt; }
export -f one; export CS t L
jobs_list | timeout 540 xargs -P 12 -L 1 bash -c 'one $0 $1'
sort $L/done.txt | awk '{print $2}' | sort | uniq -c
grep -v "rc=0 " $L/done.txt
for f in $L/memcheck-*.log $L/racecheck-*.log; do grep -a -E "ERROR SUMMARY|LEAK SUMMARY|RACECHECK SUMMARY" $f | tr '\n' ' ' | sed "s|^|$(basename $f .log): |"; echo; done | awk '{$1=""; print}' | sort | uniq -c
grep -a -B2 -A30 "Leaked" $L/call2-large-contiguous.log | head -60
tar -C $L -czf $OUT/logs3.tgz .
