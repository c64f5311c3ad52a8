#!/usr/bin/env bash
# Session 11, call 1 (carry .gpu with pay1.tar.xz: test binaries, cuprum-run, cuprum-fuzz):
# issue 23's GPU checks (bit generators and Philox on CUDA, the pinned allocator, the nccl ids,
# sparse sputils) and the whole of core, sparse, distributed, conformance, bitwise, multiprocess
# (cuprum-run beside the binary); compute-sanitizer's remainder for issue 22 item 8 (memcheck
# with leak check over sparse, fft integration, linalg and the workspace tests; racecheck over
# every core test of reductions, scans, sort, transpose), each tool run split into shards by
# test name so they finish inside the call; the fuzz targets on the CPU cores left (nice 19).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay1.tar.xz | tar -C .gpu -xf -
cp .gpu/bin/cuprum-run .gpu/tests/ 2>/dev/null
[ -d tests/data/conformance ] && export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
L=/tmp/logs1; mkdir -p $L
END=$((SECONDS + ${BUDGET:-480}))
nvidia-smi --query-gpu=index,name,memory.total,driver_version --format=csv,noheader
CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
$CS --version | tail -1
t=.gpu/tests
# ---- fuzz (CPU, background): WORKERS="target:n ..." each a share of FUZZ_N inputs, own seed
FZ=$((END - SECONDS - 25))
for spec in ${FUZZ:-hb:6}; do
  tg=${spec%%:*}; n=${spec##*:}
  for w in $(seq 1 $n); do
    nice -n 19 timeout $((FZ + 15)) .gpu/bin/cuprum-fuzz $tg --iters $((${FUZZ_N:-10000000} / n + 1)) --seconds $FZ --seed $((${SEED0:-2000} + w)) --out $L/fz-$tg-$w > $L/fuzz-$tg-$w.log 2>&1 &
  done
done
# ---- sanitizer shards (GPU, background)
san() { tag=$1; tool=$2; shift 2; local left=$((END - SECONDS - 20))
  timeout $left $CS --tool $tool --report-api-errors no --error-exitcode 9 "$@" > $L/san-$tag.log 2>&1; echo "$tag rc=$?" >> $L/san.txt; }
shards() {  # shards TAG TOOL K BIN [FILTER...]: the binary's tests matching FILTER split K ways
  local tag=$1 tool=$2 k=$3 bin=$4; shift 4
  $t/$bin --list --format terse "$@" 2>/dev/null | sed -n 's/: test$//p' > $L/list-$tag.txt
  echo "$tag: $(wc -l < $L/list-$tag.txt) tests in $k shards" >> $L/san.txt
  for i in $(seq 0 $((k - 1))); do
    awk -v k=$k -v i=$i 'NR % k == i' $L/list-$tag.txt > $L/list-$tag-$i.txt
    [ -s $L/list-$tag-$i.txt ] || continue
    extra=(); [ "$tool" = memcheck ] && extra=(--leak-check full)
    san $tag-$i $tool "${extra[@]}" $t/$bin --test-threads 2 --exact $(cat $L/list-$tag-$i.txt) &
  done
}
shards mem-sparse memcheck 4 cuprum_sparse-lib --skip beyond_2_pow_31
shards mem-fftint memcheck 2 fft_integration-test
shards mem-recompose memcheck 2 recompose-test
shards mem-scipymore memcheck 2 scipy_more-test
shards mem-schur memcheck 1 special_schur-test
shards mem-ws memcheck 1 workspace-test
shards race-core racecheck 4 cuprum_core-lib reduce:: sort:: scan cumsum transpose
# ---- tests (GPU)
one() {  # one BINARY THREADS [ARGS...]
  local b=$1 th=$2; shift 2; local left=$((END - SECONDS - 20))
  [ -x $t/$b ] || { echo "$b missing" >> $L/summary.txt; return; }
  [ $left -lt 10 ] && { echo "$b NOT RUN" >> $L/summary.txt; return; }
  timeout $left $t/$b --test-threads $th "$@" > $L/$b.log 2>&1
  echo "$b rc=$? $(grep -E '^test result' $L/$b.log | tail -1) failed: $(grep -E '^test .* FAILED$' $L/$b.log | sed 's/^test //; s/ \.\.\. FAILED//' | tr '\n' ' ')" >> $L/summary.txt
}
( one cuprum_core-lib 6 ) &
( one pinned_allocator-test 1; one cuprum_distributed-lib 2; one multiprocess-test 2; one bitwise-test 4; one cuprum_memory-lib 2 ) &
( one conformance-test 4; one cuprum_sparse-lib 4 --skip beyond_2_pow_31 ) &
wait
sort $L/summary.txt
sort $L/san.txt
for f in $L/san-*.log; do
  n=$(grep -c "^test .* ok$" $f); fl=$(grep -c "^test .* FAILED$" $f)
  s=$(grep -E "ERROR SUMMARY" $f | tail -1)
  echo "$(basename $f .log): ok=$n failed=$fl ${s:-no summary (cut by the limit)}"
  grep -E "^=========  ?(Invalid|Uninitialized|Race|Barrier|Leaked|Address|Program hit|Error)" $f | sort | uniq -c | sort -rn | head -4
done | tee $L/san-summary.txt
for f in $L/fuzz-*.log; do echo "$(basename $f .log): $(tail -1 $f)"; done | tee $L/fuzz-summary.txt
tar -C $L -czf $OUT/logs1.tgz .
