#!/usr/bin/env bash
# Session 12, call 1 (carry .gpu with pay.tar.xz): untimed checks.
# Cores 0-7: core's random:: CUDA tests (issue 23; NVRTC modules now compile in parallel across
# threads), sort:: (onesweep forced by its tests; under a limit: a hang is an answer), the new
# nvrtc concurrency test, the rest of core; sparse (row-merge SpGEMM) and the conformance corpus.
# Cores 8-15: compute-sanitizer remainder of issue 22 item 8: memcheck of fft_integration in
# shards (lazy patching when this sanitizer has it), racecheck of core's last 4 tests, memcheck
# with leak check of sparse again (cuSOLVER-sparse handles now destroyed).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
[ -d tests/data/conformance ] && export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
L=/tmp/logs1; mkdir -p $L
END=$((SECONDS + ${BUDGET:-540}))
nvidia-smi --query-gpu=index,name,memory.total,driver_version --format=csv,noheader
CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
$CS --version | tail -1
LP=(); $CS --help 2>&1 | grep -q -- "--lazy-patching" && LP=(--lazy-patching yes)
echo "lazy patching: ${LP[*]:-not available}"
t=.gpu/tests
san() { tag=$1; tool=$2; shift 2; local left=$((END - SECONDS - 20))
  timeout $left taskset -c 8-15 $CS --tool $tool --report-api-errors no --error-exitcode 9 "$@" > $L/san-$tag.log 2>&1; echo "$tag rc=$? ($SECONDS s)" >> $L/san.txt; }
shards() {  # shards TAG TOOL K BIN [FILTER...]
  local tag=$1 tool=$2 k=$3 bin=$4; shift 4
  $t/$bin --list --format terse "$@" 2>/dev/null | sed -n 's/: test$//p' > $L/list-$tag.txt
  echo "$tag: $(wc -l < $L/list-$tag.txt) tests in $k shards" >> $L/san.txt
  for i in $(seq 0 $((k - 1))); do
    awk -v k=$k -v i=$i 'NR % k == i' $L/list-$tag.txt > $L/list-$tag-$i.txt
    [ -s $L/list-$tag-$i.txt ] || continue
    extra=(); [ "$tool" = memcheck ] && extra=(--leak-check full "${LP[@]}")
    san $tag-$i $tool "${extra[@]}" $t/$bin --test-threads 1 --exact $(cat $L/list-$tag-$i.txt) &
  done
}
shards mem-fftint memcheck 5 fft_integration-test
printf '%s\n' reduce::tests::cuda_reductions_match_cpu sort::gpu_tests::cuda_sort_argsort_match_cpu sort::key::tests::canon_special_values view::tests::prop_transpose_and_permute > $L/list-race.txt
san race-core racecheck $t/cuprum_core-lib --test-threads 2 --exact $(cat $L/list-race.txt) &
shards mem-sparse memcheck 2 cuprum_sparse-lib --skip beyond_2_pow_31
one() {  # one LOGTAG LIMIT BINARY THREADS [ARGS...]
  local tag=$1 lim=$2 b=$3 th=$4; shift 4; local left=$((END - SECONDS - 20)); [ $lim -gt $left ] && lim=$left
  [ $lim -lt 10 ] && { echo "$tag NOT RUN" >> $L/summary.txt; return; }
  timeout $lim taskset -c 0-7 $t/$b --test-threads $th "$@" > $L/$tag.log 2>&1
  echo "$tag rc=$? ($SECONDS s) $(grep -E '^test result' $L/$tag.log | tail -1) failed: $(grep -E '^test .* FAILED$' $L/$tag.log | sed 's/^test //; s/ \.\.\. FAILED//' | tr '\n' ' ')" >> $L/summary.txt
}
( one random 330 cuprum_core-lib 8 random::; one sort 120 cuprum_core-lib 4 sort::; one core-rest 400 cuprum_core-lib 6 --skip random:: --skip sort:: ) &
( one sparse 300 cuprum_sparse-lib 4 --skip beyond_2_pow_31; one conformance 300 conformance-test 4 ) &
wait
cat $L/summary.txt; sort $L/san.txt
for f in $L/san-*.log; do
  n=$(grep -c "^test .* ok$" $f); fl=$(grep -c "^test .* FAILED$" $f)
  s=$(grep -E "ERROR SUMMARY" $f | tail -1)
  echo "$(basename $f .log): ok=$n failed=$fl ${s:-no summary (cut by the limit)}"
  grep -E "^=========  ?(Invalid|Uninitialized|Race|Barrier|Leaked|Address|Program hit|Error)" $f | sort | uniq -c | sort -rn | head -4
done | tee $L/san-summary.txt
tar -C $L -czf $OUT/logs1.tgz .
