#!/usr/bin/env bash
# GPU call 2 (session 7): every test binary (in parallel), conformance on cpu+cuda:0, then the
# sparse suite and the scalar-vs-array host-time rows side by side with CuPy/SciPy.
set -u
rev=${1:-unknown}
mkdir -p /work && ln -sfn "$PWD" /work/main
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
xz -dc .gpu/payload.tar.xz | tar -C .gpu -xf -
L=/tmp/logs; mkdir -p $L
echo "rev $rev"; nvidia-smi --query-gpu=name,memory.used --format=csv,noheader
t0=$(date +%s)
run() { b=$1; shift; timeout 200 .gpu/tests/$b "$@" > $L/$b.log 2>&1; echo "$b rc=$?" >> $L/rc.txt; }
for b in $(ls .gpu/tests | grep -E '^cuprum_(core|sparse)-lib'); do run $b --test-threads 12 & done
for b in $(ls .gpu/tests | grep -vE '^cuprum_(core|sparse)-lib|^workspace-test'); do run $b --test-threads 4 & done
run workspace-test --test-threads 4 --skip conformance_corpus_on_every_device &
( timeout 140 .gpu/bin/xtask conformance --dir tests/data/conformance --device all > $L/conformance.log 2>&1; echo "conformance rc=$?" >> $L/rc.txt ) &
wait
echo "tests took $(( $(date +%s) - t0 )) s"
sort $L/rc.txt | grep -v "rc=0$"; echo "binaries rc=0: $(grep -c 'rc=0$' $L/rc.txt) of $(wc -l < $L/rc.txt)"
cat $L/*.log | awk '/^test result/{p+=$4; f+=$6} END{print "tests passed",p,"failed",f}'
grep -h -E "^test .*FAILED|panicked at" $L/*.log | head -30
grep -E "^conformance" $L/conformance.log
grep -E "^FAIL" $L/conformance.log | head -20
timeout 120 .gpu/bin/cuprum-bench --suite sparse --size full --compare cupy --out $OUT/bench --name h200-sparse --git-rev "$rev" > $L/bench-sparse.log 2>&1; echo "bench sparse rc=$?"
grep -E "^\| sparse" $OUT/bench/h200-sparse.md | cut -d'|' -f3,4,6,8,10,11,13
timeout 45 .gpu/bin/cuprum-bench --suite core --size full --filter "small multiply" --compare cupy --out $OUT/bench --name h200-scalar --git-rev "$rev" > $L/bench-scalar.log 2>&1; echo "bench scalar rc=$?"
grep -E "^\| core" $OUT/bench/h200-scalar.md | cut -d'|' -f3,4,6,8,10,11,13
( for m in lund_a.mtx lund_a.rsa pores_1.mtx utm300.rua rua_32_ax.rua jgl009.mtx; do for meth in spsolve gmres; do echo "$m $meth $(timeout 5 .gpu/bin/sparse_solve tests/data/matrices/$m --method $meth --precond ilu0 --device cuda:0 --json 2>&1 | tail -1)"; done; done ) > $OUT/sparse_solve_h200.txt 2>&1
head -14 $OUT/sparse_solve_h200.txt | cut -c1-220
tar -C $L -czf $OUT/logs.tgz .
