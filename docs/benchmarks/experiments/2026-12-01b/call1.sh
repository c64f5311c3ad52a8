#!/usr/bin/env bash
# Session 8, GPU call 1: every test binary of main (in parallel, with timeouts), the conformance
# corpus on cpu + cuda:0, the host-time probe at this revision and at session 6's end (7ba71f9),
# then compute-sanitizer (memcheck with leak check, racecheck, initcheck, synccheck) probes.
set -u
rev=${1:-unknown}
mkdir -p /work && ln -sfn "$PWD" /work/main
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
xz -dc .gpu/payload.tar.xz | tar -C .gpu -xf -
L=/tmp/logs; mkdir -p $L
echo "rev $rev"; nvidia-smi --query-gpu=name,memory.used --format=csv,noheader
which strace perf nsys compute-sanitizer 2>&1 | tr '\n' ' '; echo
t0=$(date +%s)
run() { b=$1; shift; timeout 240 .gpu/tests/$b "$@" > $L/$b.log 2>&1; echo "$b rc=$?" >> $L/rc.txt; }
for b in $(ls .gpu/tests | grep -E '^cuprum_(core|sparse)-lib'); do run $b --test-threads 12 & done
for b in $(ls .gpu/tests | grep -vE '^cuprum_(core|sparse)-lib|^workspace-test'); do run $b --test-threads 4 & done
run workspace-test --test-threads 4 --skip conformance_corpus_on_every_device &
( timeout 200 .gpu/bin/xtask conformance --dir tests/data/conformance --device all > $L/conformance.log 2>&1; echo "conformance rc=$?" >> $L/rc.txt ) &
wait
echo "tests took $(( $(date +%s) - t0 )) s"
sort $L/rc.txt | grep -v "rc=0$"; echo "binaries rc=0: $(grep -c 'rc=0$' $L/rc.txt) of $(wc -l < $L/rc.txt)"
cat $L/*.log | awk '/^test result/{p+=$4; f+=$6} END{print "tests passed",p,"failed",f}'
grep -h -E "^test .*FAILED|panicked at" $L/*.log | head -30
grep -E "^conformance" $L/conformance.log; grep -E "^FAIL" $L/conformance.log | head -10
for p in hosttime_probe hosttime_old; do [ -x .gpu/bin/$p ] && { echo "== $p"; timeout 60 .gpu/bin/$p 2>&1 | tail -12; }; done
if command -v strace >/dev/null && [ -x .gpu/bin/hosttime_probe ]; then timeout 60 strace -c -f -o $L/strace.txt .gpu/bin/hosttime_probe > /dev/null 2>&1; head -25 $L/strace.txt; fi
CS=/usr/local/cuda/bin/compute-sanitizer
t1=$(date +%s)
san() { tool=$1; b=$2; shift 2; timeout 230 $CS --tool $tool --report-api-errors no "$@" > $L/san-$tool-$b.log 2>&1; echo "san $tool $b rc=$?" >> $L/san.txt; }
san memcheck cuprum_core-lib --leak-check full --error-exitcode 9 .gpu/tests/cuprum_core-lib --test-threads 8 &
san racecheck cuprum_core-lib --error-exitcode 9 .gpu/tests/cuprum_core-lib --test-threads 8 reduce sort scan &
san initcheck cuprum_sparse-lib --error-exitcode 9 .gpu/tests/cuprum_sparse-lib --test-threads 8 &
san synccheck cuprum_kernel-lib --error-exitcode 9 .gpu/tests/cuprum_kernel-lib --test-threads 4 &
wait
echo "sanitizers took $(( $(date +%s) - t1 )) s"; cat $L/san.txt
for f in $L/san-*.log; do echo "== $f"; grep -E "ERROR SUMMARY|LEAK SUMMARY|^test result|=========  (Invalid|Uninit|Race|Barrier|Leaked)" $f | sort | uniq -c | sort -rn | head -8; done
tar -C $L -czf $OUT/logs.tgz .
