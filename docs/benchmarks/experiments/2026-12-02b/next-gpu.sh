#!/usr/bin/env bash
# For the next session with a GPU (carry .gpu with pay.tar.xz holding tests/{cuprum_sparse-lib,
# conformance-test,cuprum_core-lib} and bin/cuprum-bench, built at the newest revision). Session
# 12's last call (gpu5.sh) was cut by the device budget before it printed anything, so the
# revisions that split sparse.cu into kernel groups (4b82303) and tidied the SpGEMM dispatcher
# (06f794f) have not run on a GPU. If this
# checkout is reused, .gpu/pay.tar.xz was already packed at 06f794f (see .gpu/PACKED_AT: sparse,
# conformance, core and fft_integration tests, cuprum-bench); repack if the code changed since.
# 1. the sparse tests alone on every core (their every-dtype tests compile many modules on a cold
#    cache: give them the time), then the conformance corpus (588 cases);
# 2. issue 17's two rows that never finished inside a call: eigsh (1 M rows) and spsolve (250 k),
#    CuPy beside them, each its own limit; then the 2048^2 sparse rows again (issue 16's SpGEMM at
#    0.78x CuPy in one run: confirm);
# 2b. issue 20's sort: onesweep is the default now but its tile size (16 float32 keys a thread)
#    was tuned for the LSD sort; sweep CUPRUM_SORT_ITEMS for onesweep (cuprum rows only, ~2 s
#    each), then time the best against CuPy:
#      for i in 8 12 16 20 24; do CUPRUM_SORT_ITEMS=$i .gpu/bin/cuprum-bench --device cuda:0 \
#        --size full --no-cpu --suite core --filter "sort | 16777216"; done
# 3. issue 22's sanitizer remainder in a call of its own: memcheck with leak check over the sparse
#    tests (4+ shards), racecheck of core's last four tests (none finished in 526 s: consider
#    smaller inputs for a racecheck-only run).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
[ -d tests/data/conformance ] && export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
L=/tmp/logs; mkdir -p $L; R=${REV:-unknown}
t=.gpu/tests
timeout 400 $t/cuprum_sparse-lib --test-threads 16 > $L/sparse.log 2>&1; echo "sparse rc=$? $(grep -E '^test result' $L/sparse.log)"
timeout 60 $t/conformance-test --test-threads 4 > $L/conformance.log 2>&1; echo "conformance rc=$? $(grep -E '^test result' $L/conformance.log)"
b() { name=$1 lim=$2; shift 2; timeout $lim .gpu/bin/cuprum-bench --device cuda:0 --compare cupy --git-rev $R --out $L --name $name --size full --no-cpu "$@" > $L/$name.txt 2>&1; echo "== $name rc=$?"; grep -E "^\| " $L/$name.txt; }
# (a second call:) b h200-sparse-eigsh 280 --suite sparse --filter "eigsh k=6 LM | poisson 1000x1000"
# b h200-sparse-spsolve 250 --suite sparse --filter "spsolve | poisson 500x500"
# b h200-sparse-2048 60 --suite sparse --filter "2048x2048"
tar -C $L -czf $OUT/logs.tgz .
