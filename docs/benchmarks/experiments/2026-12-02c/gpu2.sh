#!/usr/bin/env bash
# Session 13, call 3 (carry .gpu packed at REV): issue 20's sort with onesweep's own 96-byte
# tile beside CuPy (and 112 bytes, cuprum only), then issue 16/17's sparse tests on every core
# with core's sort:: tests beside them (compile-bound; the cache dir's file times say how fast
# NVRTC compiled), and core's kernel families under compute-sanitizer (race_smoke).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
[ -d tests/data/conformance ] && export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
L=/tmp/logs3; mkdir -p $L; R=${REV:-unknown}
END=$((SECONDS + ${BUDGET:-530}))
t=.gpu/tests
save() { tar -C $L -czf $OUT/logs3.tgz . ; }
lim() { local l=$1 left=$((END - SECONDS - 5)); [ $l -gt $left ] && l=$left; echo $l; }
b() { local name=$1 l=$(lim $2); shift 2; [ $l -lt 15 ] && { echo "== $name NOT RUN"; return; }
  timeout $l .gpu/bin/cuprum-bench --device cuda:0 --git-rev $R --out $L --name $name --size full --no-cpu "$@" > $L/$name.txt 2>&1
  echo "== $name rc=$? ($SECONDS s)"; grep -E "^\| |rror" $L/$name.txt; save; }
b h200-sort 60 --compare cupy --suite core --filter "sort | 16777216"
CUPRUM_SORT_ITEMS=28 b sort-items-28 30 --suite core --filter "sort | 16777216"
T0=$SECONDS
# issue 22 item 8: the shared-memory kernel families of core under racecheck (both sorts),
# synccheck and memcheck with leak check, on the small race_smoke program, beside the tests
CS=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
( for run in "racecheck onesweep" "racecheck lsd" "synccheck onesweep" "memcheck onesweep"; do
    set -- $run; extra=""; [ $1 = memcheck ] && extra="--leak-check full"; [ $1 = racecheck ] && extra="--racecheck-report all"
    CUPRUM_SORT_ALGO=$2 timeout $(lim 200) $CS --tool $1 $extra --error-exitcode 9 .gpu/examples/race_smoke > $L/san-$1-$2.log 2>&1
    echo "$1 $2 rc=$? ($SECONDS s): $(grep -E 'race_smoke:|ERROR SUMMARY|RACECHECK SUMMARY|LEAK SUMMARY' $L/san-$1-$2.log | tr '\n' ' ')" >> $L/san.txt
  done ) &
timeout $(lim 120) $t/cuprum_core-lib --test-threads 4 sort:: > $L/core-sort.log 2>&1 &
timeout $(lim 420) $t/cuprum_sparse-lib --test-threads 16 > $L/sparse.log 2>&1
echo "sparse rc=$? ($SECONDS s) $(grep -E '^test result' $L/sparse.log | tail -1)"
wait; cat $L/san.txt; echo "core sort:: $(grep -E '^test result' $L/core-sort.log | tail -1)"
grep -E "^test .* FAILED|panicked" $L/sparse.log $L/core-sort.log | head -10
grep "has been running" $L/sparse.log | awk '{print $2}' | sort -u > $L/run.txt; grep -E "^test .* ok$" $L/sparse.log | awk '{print $2}' | sort > $L/ok.txt
echo "unfinished: $(comm -23 $L/run.txt $L/ok.txt | tr '\n' ' ')"
find /tmp/cuprum-cache -type f -printf '%T@ %s %p\n' | sort -n > $L/cache-files.txt
echo "cache: $(wc -l < $L/cache-files.txt) files, $(du -sh /tmp/cuprum-cache | cut -f1); first/last mtime - start: $(awk -v s=$(date +%s) -v e=$SECONDS -v t0=$T0 'NR==1{f=$1} {l=$1} END{printf "%.0f / %.0f s", f-(s-e+t0), l-(s-e+t0)}' $L/cache-files.txt)"
save
