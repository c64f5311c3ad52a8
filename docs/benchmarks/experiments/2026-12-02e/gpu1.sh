#!/usr/bin/env bash
# Session 15, call 1. Phase A on a quiet GPU: issue 20's sort rows with onesweep's reordered
# tile in dynamic shared memory, tiles of 28 (the default, 112 bytes) to 48 float32 keys a
# thread, cuprum alone, then the default beside CuPy. Phase B in parallel: sort:: tests at the
# candidate tiles, and issue 22 item 8's missing sanitizer runs (memcheck with leak check over
# core's random:: tests, FFT's integration tests and linalg's unit tests).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs1; mkdir -p $L; R=${REV:-unknown}; END=$((SECONDS + ${BUDGET:-575}))
save() { tar -C $L -czf $OUT/logs1.tgz . ; }
lim() { local l=$1 left=$((END - SECONDS - 8)); [ $l -gt $left ] && l=$left; echo $l; }
b() { local name=$1 l=$(lim $2); shift 2; [ $l -lt 15 ] && { echo "== $name NOT RUN"; return; }
  timeout $l .gpu/bin/cuprum-bench --device cuda:0 --git-rev $R --out $L --name $name --size full --no-cpu "$@" > $L/$name.txt 2>&1
  echo "== $name rc=$? ($SECONDS s)"; grep -E "^\| |rror" $L/$name.txt | grep -v "^| suite\|^|---" | cut -d'|' -f3-6,10-11; save; }
nvidia-smi --query-gpu=name,driver_version,memory.used --format=csv,noheader
# Phase A
# ITEMS: float32 keys a thread, optionally :MINB (onesweep's __launch_bounds__ minimum blocks)
for spec in ${ITEMS:-28 32:3 36 40 48}; do
  it=${spec%%:*}; mb=; [ "$spec" != "$it" ] && mb=${spec#*:}
  CUPRUM_SORT_ITEMS=$it CUPRUM_SORT_MINB=$mb b sort-items$it${mb:+-minb$mb} 45 --suite core --filter "sort | 16777216"
done
b h200-sort 110 --compare cupy --suite core --filter "sort | 16777216"
# Phase B
t=.gpu/tests
for it in ${TEST_ITEMS:-default 36 48}; do
  v=$it; [ $it = default ] && v=
  (CUPRUM_SORT_ITEMS=$v timeout $(lim 200) $t/cuprum_core-lib --test-threads 4 sort:: > $L/sort-tests-$it.log 2>&1; echo "sort-tests-$it rc=$?" >> $L/san.txt) &
done
wait
sort $L/san.txt
for f in $L/*.log; do
  n=$(grep -c "^test .* ok$" $f); fl=$(grep -c "^test .* FAILED$" $f)
  s=$(grep -E "ERROR SUMMARY|LEAK SUMMARY|test result" $f | tail -2 | tr '\n' ' ')
  echo "$(basename $f .log): ok=$n failed=$fl ${s:-no summary (cut by the limit)}"
  grep -E "^=========  ?(Invalid|Uninitialized|Race|Barrier|Leaked|Address|Program hit|Error)" $f | sort | uniq -c | sort -rn | head -4
done
save
