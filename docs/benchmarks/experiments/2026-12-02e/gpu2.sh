#!/usr/bin/env bash
# Session 15, call 2: issue 22 item 8's remaining compute-sanitizer runs, all at once (the
# tools' cost is mostly on the host; 16 cores): memcheck with leak check over core's random::
# tests, FFT's integration tests (four shards) and the conformance corpus (588 cases on the CPU
# and the H200); racecheck over the 34 sparse tests that session 14's racecheck runs did not
# finish, one test a process at a time in eight queues (--exact).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs2; mkdir -p $L; END=$((SECONDS + ${BUDGET:-570}))
lim() { local left=$((END - SECONDS - 10)); echo $left; }
CS=/usr/local/cuda/bin/compute-sanitizer
san() { local tag=$1 tool=$2; shift 2
  timeout $(lim) $CS --tool $tool --report-api-errors no --error-exitcode 9 "$@" > $L/$tag.log 2>&1; echo "$tag rc=$?" >> $L/san.txt; }
# Phase 0 (quiet GPU, ~70 s): onesweep tiles of 30 and 32 float32 keys at 4 blocks an SM
for spec in ${ITEMS:-30:4 32:4 28}; do
  it=${spec%%:*}; mb=; [ "$spec" != "$it" ] && mb=${spec#*:}
  CUPRUM_SORT_ITEMS=$it CUPRUM_SORT_MINB=$mb timeout 40 .gpu/bin/cuprum-bench --device cuda:0 --out $L --name sort-items$it${mb:+-minb$mb} --size full --no-cpu --suite core --filter "sort | 16777216" > $L/sort-items$it.txt 2>&1
  echo "== sort-items$it${mb:+-minb$mb} rc=$?"; grep -a -E "^\| core" $L/sort-items$it.txt | cut -d'|' -f3-4,6
done
t=.gpu/tests
san mem-random memcheck --leak-check full $t/cuprum_core-lib --test-threads 10 random:: &
san mem-fft1 memcheck --leak-check full $t/fft_integration-test --test-threads 3 conformance:: cuda:: &
san mem-fft2 memcheck --leak-check full $t/fft_integration-test --test-threads 3 hermitian_nd:: properties:: &
san mem-fft3 memcheck --leak-check full $t/fft_integration-test --test-threads 3 realtransforms:: &
san mem-fft4 memcheck --leak-check full $t/fft_integration-test --test-threads 3 signal:: &
CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance san mem-conformance memcheck --leak-check full $t/conformance-test --test-threads 2 &
# racecheck queues: test k goes to queue k mod 8
mapfile -t todo < .gpu/rc-todo.txt
for q in 0 1 2 3 4 5 6 7; do
  ( for ((k = q; k < ${#todo[@]}; k += 8)); do
      [ $(lim) -lt 20 ] && break
      san "race-$k" racecheck $t/cuprum_sparse-lib --test-threads 1 --exact "${todo[$k]}"
    done ) &
done
wait
sort -V $L/san.txt
for f in $L/*.log; do
  n=$(grep -c "^test .* ok$" $f); fl=$(grep -c "^test .* FAILED$" $f)
  s=$(grep -E "ERROR SUMMARY|LEAK SUMMARY|RACECHECK SUMMARY" $f | tail -2 | tr '\n' ' ')
  echo "$(basename $f .log): ok=$n failed=$fl $(grep -m1 -o '^test [^ ]*' $f | head -1) ${s:-no summary (cut by the limit)}"
  grep -E "^=========  ?(Invalid|Uninitialized|Race|Barrier|Leaked|Address|Program hit|Error|Internal)" $f | sort | uniq -c | sort -rn | head -4
done
tar -C $L -czf $OUT/logs2.tgz .
