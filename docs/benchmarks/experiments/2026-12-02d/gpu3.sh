#!/usr/bin/env bash
# Session 14, call 3, at 18ef599 (CUDA spsolve: Cholesky first on Hermitian matrices):
# 1. cuprum_sparse-lib (every test, the new Cholesky/fallback test among them) on 16 threads;
#    beside it race_smoke under memcheck (the pinned probe through cuPointerGetAttributes:
#    expect 0 errors) and issue 19's host-time probe (examples/hosttime);
# 2. the spsolve row beside CuPy with the new default;
# 3. issue 22 item 8: cuprum_sparse-lib under memcheck with leak check, two shards side by side.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs3; mkdir -p $L; R=${REV:-unknown}; END=$((SECONDS + ${BUDGET:-550})); t=.gpu/tests
save() { tar -C $L -czf $OUT/logs3.tgz . ; }
lim() { local l=$1 left=$((END - SECONDS - 8)); [ $l -gt $left ] && l=$left; echo $l; }
CS=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
( timeout 90 $CS --tool memcheck --leak-check full --error-exitcode 9 .gpu/examples/race_smoke > $L/memcheck-race_smoke.log 2>&1
  echo "memcheck race_smoke rc=$? $(grep -E 'race_smoke:|ERROR SUMMARY|LEAK SUMMARY' $L/memcheck-race_smoke.log | tr '\n' ' ')" > $L/side.txt
  timeout 60 .gpu/examples/hosttime > $L/hosttime.txt 2>&1; echo "hosttime rc=$?" >> $L/side.txt ) &
timeout $(lim 150) $t/cuprum_sparse-lib --test-threads 16 > $L/sparse.log 2>&1
echo "sparse rc=$? ($SECONDS s) $(grep -E '^test result' $L/sparse.log | tail -1)"; grep -E "FAILED|panicked" $L/sparse.log | head
wait; cat $L/side.txt $L/hosttime.txt; save
timeout $(lim 130) .gpu/bin/cuprum-bench --device cuda:0 --git-rev $R --out $L --name spsolve --size full --no-cpu --compare cupy --suite sparse --filter "spsolve | poisson 500x500" > $L/spsolve.txt 2>&1
echo "== spsolve rc=$? ($SECONDS s)"; grep -E "^\| sparse|rror" $L/spsolve.txt; save
run() { local name=$1; shift
  timeout $(lim 400) $CS --tool memcheck --leak-check full --error-exitcode 9 $t/cuprum_sparse-lib --test-threads 6 "$@" > $L/mc-$name.log 2>&1
  echo "memcheck $name rc=$? ($SECONDS s): $(grep -E '^test result|ERROR SUMMARY|LEAK SUMMARY' $L/mc-$name.log | tr '\n' ' ')" >> $L/mc.txt; }
run linalg linalg:: & run rest --skip linalg:: & wait; cat $L/mc.txt
grep -hE "^========= (Invalid|Program hit|Leaked|Error|Uninit)" $L/mc-*.log | sed 's/0x[0-9a-f]*/0x/g' | sort | uniq -c | sort -rn | head -20
grep -hE "^test .* (ok|FAILED)$" $L/mc-*.log | awk '{print $NF}' | sort | uniq -c
save
