#!/usr/bin/env bash
# Session 13, call 1 (carry .gpu packed at 06f794f): issue 16's sparse tests alone on every core
# (kernel groups compiled on their own since 4b82303, which never ran on a GPU), the conformance
# corpus (588 cases), the 2048^2 sparse rows beside CuPy (SpGEMM at 0.78x in one run: confirm),
# then issue 20's onesweep tile sweep (CUPRUM_SORT_ITEMS, cuprum rows only) in what is left.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
[ -d tests/data/conformance ] && export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
L=/tmp/logs1; mkdir -p $L; R=${REV:-unknown}
END=$((SECONDS + ${BUDGET:-530}))
t=.gpu/tests
save() { tar -C $L -czf $OUT/logs1.tgz . ; }
lim() { local l=$1 left=$((END - SECONDS - 5)); [ $l -gt $left ] && l=$left; echo $l; }
timeout $(lim 330) $t/cuprum_sparse-lib --test-threads 16 > $L/sparse.log 2>&1
echo "sparse rc=$? ($SECONDS s) $(grep -E '^test result' $L/sparse.log | tail -1)"
grep -E "^test .* FAILED|panicked" $L/sparse.log | head -10
grep "has been running" $L/sparse.log | awk '{print $2}' | sort -u > $L/run.txt; grep -E "^test .* ok$" $L/sparse.log | awk '{print $2}' | sort > $L/ok.txt
echo "unfinished: $(comm -23 $L/run.txt $L/ok.txt | tr '\n' ' ')"; save
timeout $(lim 60) $t/conformance-test --test-threads 4 > $L/conformance.log 2>&1
echo "conformance rc=$? ($SECONDS s) $(grep -E '^test result' $L/conformance.log | tail -1)"; save
b() { local name=$1 l=$(lim $2); shift 2; [ $l -lt 15 ] && { echo "== $name NOT RUN"; return; }
  timeout $l .gpu/bin/cuprum-bench --device cuda:0 --git-rev $R --out $L --name $name --size full --no-cpu "$@" > $L/$name.txt 2>&1
  echo "== $name rc=$? ($SECONDS s)"; grep -E "^\| |rror" $L/$name.txt; save; }
b h200-sparse-2048 80 --compare cupy --suite sparse --filter "2048x2048"
for i in 16 20 24 12 8; do CUPRUM_SORT_ITEMS=$i b sort-items-$i 40 --suite core --filter "sort | 16777216"; done
save
