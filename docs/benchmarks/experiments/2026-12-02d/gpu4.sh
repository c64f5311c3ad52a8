#!/usr/bin/env bash
# Session 14, call 4, at 91ec9f4 (onesweep 112 bytes by default; the staging ring freed at exit):
# A. cuprum_core-lib sort:: with the new default, then the rest of core's tests but random::
#    (its bit-generator tests alone take ~240 s) on 12 threads, as long as the call allows;
# B. beside it, issue 22 item 8: cuprum_sparse-lib's non-linalg tests under memcheck with leak
#    check (call 3: 4 x 16 MiB of pinned staging leaked; expect 0 bytes now), then every sparse
#    test under racecheck (the sparse kernels' shared memory) and synccheck.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs4; mkdir -p $L; END=$((SECONDS + ${BUDGET:-550})); t=.gpu/tests
save() { tar -C $L -czf $OUT/logs4.tgz . ; }
lim() { local l=$1 left=$((END - SECONDS - 8)); [ $l -gt $left ] && l=$left; echo $l; }
CS=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
( san() { local tool=$1 name=$2 l=$3; shift 3; [ $(lim $l) -lt 20 ] && { echo "$tool $name NOT RUN" >> $L/san.txt; return; }
    local extra=""; [ $tool = memcheck ] && extra="--leak-check full"
    timeout $(lim $l) $CS --tool $tool $extra --error-exitcode 9 $t/cuprum_sparse-lib --test-threads 6 "$@" > $L/$tool-$name.log 2>&1
    echo "$tool $name rc=$? ($SECONDS s): $(grep -E '^test result|ERROR SUMMARY|LEAK SUMMARY|RACECHECK SUMMARY' $L/$tool-$name.log | tr '\n' ' ')" >> $L/san.txt; save; }
  san memcheck rest 200 --skip linalg::
  san racecheck all 250
  san synccheck all 200 ) &
timeout $(lim 120) $t/cuprum_core-lib --test-threads 8 sort:: > $L/core-sort.log 2>&1
echo "core sort:: rc=$? ($SECONDS s) $(grep -E '^test result' $L/core-sort.log)"; save
timeout $(lim 500) $t/cuprum_core-lib --test-threads 12 --skip random:: --skip sort:: > $L/core.log 2>&1
echo "core (no random::, sort::) rc=$? ($SECONDS s) $(grep -E '^test result' $L/core.log)"
grep -E "^test .* FAILED|panicked" $L/core.log $L/core-sort.log | head; grep "has been running" $L/core.log | awk '{print $2}' | sort -u > $L/run.txt
grep -E "^test .* ok$" $L/core.log | awk '{print $2}' | sort > $L/ok.txt; echo "core: $(wc -l < $L/ok.txt) ok; unfinished: $(comm -23 $L/run.txt $L/ok.txt | tr '\n' ' ')"
wait; cat $L/san.txt
grep -hE "^========= (Invalid|Program hit|Leaked|Error|Race|Barrier)" $L/memcheck-*.log $L/racecheck-*.log $L/synccheck-*.log 2>/dev/null | sed 's/0x[0-9a-f]*/0x/g' | sort | uniq -c | sort -rn | head -20
save
