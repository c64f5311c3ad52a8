#!/usr/bin/env bash
# Session 16, call 5 (the sort change and the plan cache's exit hook, built here): the sort rows
# beside CuPy on the quiet GPU, then at once: core's sort/unique/searchsorted tests, the
# conformance corpus, every FFT integration test under memcheck with leak check (one a process),
# the racecheck crash of call 3 again (three plain runs, two with a 64 MiB test stack), and the
# distributed crate's tests under memcheck (one a process, child ranks too; without
# CUPRUM_REQUIRE_CUDA, so the tests that need two GPUs skip: one GPU is lent).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs5; mkdir -p $L; CS=/usr/local/cuda/bin/compute-sanitizer; t=.gpu/tests
timeout 200 .gpu/bin/cuprum-bench --device cuda:0 --out $L --name sort --size full --no-cpu --compare cupy --suite core --filter "sort | 16777216" > $L/bench-sort.txt 2>&1
echo "bench rc=$?"; grep -a -E "^\| core" $L/bench-sort.txt | cut -d'|' -f3-4,6,10-11
(timeout 300 $t/cuprum_core-lib --test-threads 4 sort:: unique searchsorted > $L/core-sort.log 2>&1; echo "core-sort rc=$?" >> $L/done.txt) &
(CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance timeout 300 $t/conformance-test > $L/conformance.log 2>&1; echo "conformance rc=$?" >> $L/done.txt) &
$t/fft_integration-test --list 2>/dev/null | grep ': test$' | sed 's/: test$//' > $L/tests.txt
one() { local T=$1 tag=memcheck-${1//::/-} s=$SECONDS
  timeout 300 $CS --tool memcheck --leak-check full --report-api-errors no --error-exitcode 9 $t/fft_integration-test --exact --test-threads 1 "$T" > $L/$tag.log 2>&1
  echo "$tag rc=$? $((SECONDS - s)) s" >> $L/done.txt; }
export -f one; export CS t L
(timeout 400 xargs -P 10 -L 1 bash -c 'one $0' < $L/tests.txt) &
T=cuda::cuda_real_transforms_and_fht_match_cpu
for k in 1 2 3; do (timeout 400 $CS --tool racecheck --report-api-errors no --error-exitcode 9 $t/fft_integration-test --exact --test-threads 1 $T > $L/race-fht-$k.log 2>&1; echo "race-fht-$k rc=$?" >> $L/done.txt) & done
for k in 1 2; do (RUST_MIN_STACK=67108864 timeout 400 $CS --tool racecheck --report-api-errors no --error-exitcode 9 $t/fft_integration-test --exact --test-threads 1 $T > $L/race-fht-stack-$k.log 2>&1; echo "race-fht-stack-$k rc=$?" >> $L/done.txt) & done
dist() { local b=$1 T=$2 tag=dist-$1-${2//::/-} s=$SECONDS
  env -u CUPRUM_REQUIRE_CUDA timeout 300 $CS --tool memcheck --leak-check full --target-processes all --report-api-errors no --error-exitcode 9 $t/$b --exact --test-threads 1 "$T" > $L/$tag.log 2>&1
  echo "$tag rc=$? $((SECONDS - s)) s" >> $L/dist-done.txt; }
export -f dist
for b in cuprum_distributed-lib multiprocess-test; do $t/$b --list 2>/dev/null | grep ': test$' | sed "s/: test$//; s/^/$b /"; done > $L/dist-tests.txt
(timeout 450 xargs -P 6 -L 1 bash -c 'dist $0 $1' < $L/dist-tests.txt) &
wait
echo "== distributed under memcheck: $(wc -l < $L/dist-tests.txt) tests"; awk '{print $2}' $L/dist-done.txt | sort | uniq -c
grep -v "rc=0 \|rc=255 " $L/dist-done.txt
for f in $L/dist-*.log; do grep -a -E "ERROR SUMMARY|LEAK SUMMARY" $f | tr '\n' ' '; echo; done | sort | uniq -c
grep -a -l "skipped: needs" $L/dist-*.log | wc -l
grep -v "^memcheck" $L/done.txt
grep "^memcheck" $L/done.txt | awk '{print $2}' | sort | uniq -c
grep "^memcheck" $L/done.txt | grep -v "rc=0 \|rc=255 "
for f in $L/memcheck-*.log; do grep -a -E "ERROR SUMMARY|LEAK SUMMARY" $f | tr '\n' ' '; echo; done | sort | uniq -c
grep -a -E "test result|panicked|FAILED" $L/core-sort.log $L/conformance.log | head
for f in $L/race-fht-*.log; do echo "$f: $(grep -a -E 'test result|RACECHECK SUMMARY|Error' $f | tr '\n' ' ')"; done
tar -C $L -czf $OUT/logs5.tgz .
