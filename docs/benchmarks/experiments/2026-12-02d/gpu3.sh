#!/usr/bin/env bash
# Session 14, call 3 (warm machine and NVRTC cache from calls 1-2): issue 22 item 8 for the
# sparse crate — every cuprum_sparse-lib test under compute-sanitizer memcheck with leak check,
# in two shards side by side (linalg:: and the rest); API errors are reported.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs3; mkdir -p $L; END=$((SECONDS + ${BUDGET:-540})); t=.gpu/tests
save() { tar -C $L -czf $OUT/logs3.tgz . ; }
lim() { local l=$1 left=$((END - SECONDS - 8)); [ $l -gt $left ] && l=$left; echo $l; }
CS=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
echo "cache before: $(ls /tmp/cuprum-cache 2>/dev/null | wc -l) files"
run() { local name=$1; shift
  timeout $(lim 520) $CS --tool memcheck --leak-check full --error-exitcode 9 $t/cuprum_sparse-lib --test-threads 6 "$@" > $L/mc-$name.log 2>&1
  echo "memcheck $name rc=$? ($SECONDS s): $(grep -E '^test result|ERROR SUMMARY|LEAK SUMMARY' $L/mc-$name.log | tr '\n' ' ')" >> $L/mc.txt; }
run linalg linalg:: &
run rest --skip linalg:: &
wait; cat $L/mc.txt
grep -hE "^========= (Invalid|Program hit|Leaked|Error)" $L/mc-*.log | sort | uniq -c | sort -rn | head -20
grep -hE "^test .* (ok|FAILED)$" $L/mc-*.log | awk '{print $NF}' | sort | uniq -c
save
