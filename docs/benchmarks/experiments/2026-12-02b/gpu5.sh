#!/usr/bin/env bash
# Session 12, call 5 (carry .gpu, rebuilt at REV): the sparse tests alone on every core after
# sparse.cu was split into kernel groups compiled on their own (call 3 cut them at 240 s: 61 of
# 70 passed, the every-dtype tests still compiling); then, in what is left, issue 17's spsolve
# row side by side with CuPy. First the conformance corpus (588 cases, sparse area included).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs5; mkdir -p $L; R=${REV:-unknown}
END=$((SECONDS + ${BUDGET:-300}))
t=.gpu/tests
[ -d tests/data/conformance ] && export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
timeout 60 $t/conformance-test --test-threads 4 > $L/conformance.log 2>&1
echo "conformance rc=$? ($SECONDS s) $(grep -E '^test result' $L/conformance.log | tail -1)"
timeout ${TLIM:-170} $t/cuprum_sparse-lib --test-threads 16 --skip beyond_2_pow_31 > $L/sparse.log 2>&1
echo "sparse rc=$? ($SECONDS s) $(grep -E '^test result' $L/sparse.log | tail -1)"
grep -E "^test .* FAILED|panicked" $L/sparse.log | head -10
grep "has been running" $L/sparse.log | awk '{print $2}' | sort > $L/run.txt; grep -E "^test .* ok$" $L/sparse.log | awk '{print $2}' | sort > $L/ok.txt
echo "unfinished: $(comm -23 $L/run.txt $L/ok.txt | tr '\n' ' ')"
b() { name=$1 lim=$2; shift 2; left=$((END - SECONDS - 10)); [ $lim -gt $left ] && lim=$left; [ $lim -lt 80 ] && { echo "== $name NOT RUN ($left s left)"; return; }
  timeout $lim .gpu/bin/cuprum-bench --device cuda:0 --git-rev $R --out $L --name $name --size full --no-cpu "$@" > $L/$name.txt 2>&1
  echo "== $name rc=$? ($SECONDS s)"; grep -E "^\| |rror" $L/$name.txt; }
b h200-sparse-spsolve 200 --compare cupy --suite sparse --filter "spsolve | poisson 500x500"
tar -C $L -czf $OUT/logs5.tgz .
