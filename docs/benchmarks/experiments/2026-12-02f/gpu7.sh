#!/usr/bin/env bash
# Session 16, call 7: the 144-byte tile for 8-byte keys with a payload (built here): core's
# sort/unique/searchsorted tests, the sort rows beside CuPy, twice; then initcheck and synccheck
# over every FFT integration test and racecheck/initcheck/synccheck over the two distributed
# tests that use the one GPU, one test a process.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs7; mkdir -p $L; t=.gpu/tests
timeout 200 $t/cuprum_core-lib --test-threads 4 sort:: unique searchsorted > $L/core-sort.log 2>&1; echo "core-sort rc=$?"
grep -a -E "test result|FAILED|panicked" $L/core-sort.log | head
for k in 1 2; do
  timeout 150 .gpu/bin/cuprum-bench --device cuda:0 --out $L --name sort$k --size full --no-cpu --compare cupy --suite core --filter "sort | 16777216" > $L/bench-sort$k.txt 2>&1
  echo "bench $k rc=$?"; grep -a -E "^\| core" $L/bench-sort$k.txt | cut -d'|' -f3-4,6,10-11
done
CS=/usr/local/cuda/bin/compute-sanitizer
one() { local tool=$1 b=$2 T=$3 tag=$1-$2-${3//::/-} s=$SECONDS
  env -u CUPRUM_REQUIRE_CUDA timeout 300 $CS --tool $tool --target-processes all --report-api-errors no --error-exitcode 9 $t/$b --exact --test-threads 1 "$T" > $L/san-$tag.log 2>&1
  echo "$tag rc=$? $((SECONDS - s)) s" >> $L/san-done.txt; }
export -f one; export CS t L
{ $t/fft_integration-test --list 2>/dev/null | grep ': test$' | sed 's/: test$//' | while read -r T; do
    echo "initcheck fft_integration-test $T"; echo "synccheck fft_integration-test $T"; done
  for T in nccl_world_of_one_in_process; do for tool in racecheck initcheck synccheck; do echo "$tool multiprocess-test $T"; done; done
  for tool in racecheck initcheck synccheck; do echo "$tool cuprum_distributed-lib jacobi::tests::cuda_sweeps_match_the_host_loop"; done
} > $L/san-jobs.txt
timeout 330 xargs -P 12 -L 1 bash -c 'one $0 $1 $2' < $L/san-jobs.txt
echo "== sanitizer: $(wc -l < $L/san-jobs.txt) jobs, $(wc -l < $L/san-done.txt) done"
awk '{print $1" "$2}' $L/san-done.txt | sed 's/-[^ ]* / /' | sort | uniq -c
grep -v "rc=0 \|rc=255 " $L/san-done.txt
for f in $L/san-*.log; do grep -a -E "ERROR SUMMARY|RACECHECK SUMMARY" $f | tr '\n' ' '; echo; done | sort | uniq -c
cp $L/sort1.md $L/sort2.md $OUT/ 2>/dev/null
tar -C $L -czf $OUT/logs7.tgz .
