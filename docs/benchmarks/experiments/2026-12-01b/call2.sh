#!/usr/bin/env bash
# Session 8, GPU call 2 (every branch merged): every test binary in parallel with timeouts, the
# conformance corpus on cpu + cuda:0, then the rows the issues ask for side by side with CuPy:
# host time (core), fuse + graph (fuse), L2 norm (kernel), sparse solvers (sparse), to_vec/sort
# (core), and the cavity at Re 1000.
set -u
rev=${1:-unknown}
mkdir -p /work && ln -sfn "$PWD" /work/main
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
xz -dc .gpu/payload.tar.xz | tar -C .gpu -xf -
mkdir -p .gpu/examples && for e in .gpu/bin/*; do ln -sf ../bin/$(basename $e) .gpu/examples/; done
L=/tmp/logs; mkdir -p $L $OUT/bench
echo "rev $rev"; nvidia-smi --query-gpu=name,memory.used --format=csv,noheader
t0=$(date +%s)
run() { b=$1; shift; timeout 250 .gpu/tests/$b "$@" > $L/$b.log 2>&1; echo "$b rc=$?" >> $L/rc.txt; }
for b in $(ls .gpu/tests | grep -E '^cuprum_(core|sparse)-lib'); do run $b --test-threads 12 & done
for b in $(ls .gpu/tests | grep -vE '^cuprum_(core|sparse)-lib|^workspace-test'); do run $b --test-threads 4 & done
run workspace-test --test-threads 4 --skip conformance_corpus_on_every_device &
( timeout 220 .gpu/bin/xtask conformance --dir tests/data/conformance --device all > $L/conformance.log 2>&1; echo "conformance rc=$?" >> $L/rc.txt ) &
wait
echo "tests took $(( $(date +%s) - t0 )) s"
sort $L/rc.txt | grep -v "rc=0$"; echo "binaries rc=0: $(grep -c 'rc=0$' $L/rc.txt) of $(wc -l < $L/rc.txt)"
cat $L/*.log | awk '/^test result/{p+=$4; f+=$6} END{print "tests passed",p,"failed",f}'
grep -h -E "^test .*FAILED|panicked at" $L/*.log | head -40
grep -h "running on\|skipp" $L/cuprum_sparse-lib.log | head -3
grep -E "^conformance" $L/conformance.log | tail -3; grep -E "^FAIL" $L/conformance.log | head -10
B=.gpu/bin/cuprum-bench
bench() { name=$1; lim=$2; shift 2; timeout $lim $B "$@" --compare cupy --out $OUT/bench --name $name --git-rev "$rev" > $L/bench-$name.log 2>&1; echo "bench $name rc=$?"; grep -E "^\| [a-z]" $OUT/bench/$name.md 2>/dev/null | cut -d'|' -f3,4,6,8,10,11,12,13 | head -30; }
bench h200-host 60 --suite core --size full --device cuda:0 --filter "host time"
bench h200-fuse 90 --suite fuse --size full --device cuda:0
bench h200-kernel 60 --suite kernel --size full --no-cpu --filter "ReductionKernel"
bench h200-core20 90 --suite core --size full --device cuda:0 --filter "to_vec" 
bench h200-sort 90 --suite core --size full --device cuda:0 --filter "sort"
bench h200-sparse 150 --suite sparse --size full --no-cpu
( timeout 150 .gpu/bin/cavity --re 1000 --n 257 --device cuda:0 --out $OUT/cavity --check 0.02 --quiet > $L/cavity.log 2>&1; echo "cavity rc=$?" >> $L/cavity.log ) 
tail -15 $L/cavity.log
( timeout 40 .gpu/bin/heat2d --n 512 --steps 2000 --device cuda:0 > $L/heat2d.log 2>&1; echo "heat2d rc=$?" >> $L/heat2d.log ); tail -8 $L/heat2d.log
tar -C $L -czf $OUT/logs.tgz .
