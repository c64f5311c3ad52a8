#!/usr/bin/env bash
# Session 14, call 2 (the machine still warm from call 1, so the NVRTC cache is too): issue 16's
# COO (duplicates) -> CSR row beside CuPy after the rolled sp_coo_rows; issue 17's spsolve row
# beside CuPy now that csrlsvqr gets symrcm, then CUPRUM_SPSOLVE=chol (csrlsvchol first);
# issue 20's sort rows at 112 bytes beside CuPy (150 s); issue 19's host-time probe.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs2; mkdir -p $L; R=${REV:-unknown}; END=$((SECONDS + ${BUDGET:-560}))
save() { tar -C $L -czf $OUT/logs2.tgz . ; }
lim() { local l=$1 left=$((END - SECONDS - 5)); [ $l -gt $left ] && l=$left; echo $l; }
b() { local name=$1 l=$(lim $2); shift 2; [ $l -lt 15 ] && { echo "== $name NOT RUN"; return; }
  timeout $l .gpu/bin/cuprum-bench --device cuda:0 --git-rev $R --out $L --name $name --size full --no-cpu "$@" > $L/$name.txt 2>&1
  echo "== $name rc=$? ($SECONDS s)"; grep -E "^\| |rror" $L/$name.txt | grep -v "^| suite\|^|---"; save; }
[ -x .gpu/tests/conformance-test ] && { CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance timeout 60 .gpu/tests/conformance-test > $L/conformance.log 2>&1; echo "== conformance rc=$? $(grep "^test result" $L/conformance.log)"; }
[ -x .gpu/examples/hosttime ] && timeout 40 .gpu/examples/hosttime > $L/hosttime.txt 2>&1; echo "== hosttime rc=$?"; cat $L/hosttime.txt; save
b coo-csr 90 --compare cupy --suite sparse --filter "coo (duplicates)"
if [ -n "${SORT28:-}" ]; then CUPRUM_SORT_ITEMS=28 b h200-sort 150 --compare cupy --suite core --filter "sort | 16777216"; fi
b spsolve 130 --compare cupy --suite sparse --filter "spsolve | poisson 500x500"
CUPRUM_SPSOLVE=chol b spsolve-chol 60 --suite sparse --filter "spsolve | poisson 500x500"
save
