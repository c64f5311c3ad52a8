#!/usr/bin/env bash
# Session 12, call 3 (carry .gpu, rebuilt at the revision in REV): the sparse tests alone on
# every core (row merge in registers, SpMM below 17 right-hand sides on cuprum's kernel, cg's
# fused update and its test), core's sort:: tests (onesweep now the default), the SpMV of more
# than 2^31 stored entries (issue 16 item 6; it says on stderr whether it ran), then the timed rows
# that changed: the 2048^2 sparse products and cg x100, the sort rows (CuPy in the same run).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs3; mkdir -p $L; R=${REV:-unknown}
END=$((SECONDS + ${BUDGET:-450}))
t=.gpu/tests
one() {  # one LOGTAG LIMIT BINARY THREADS [ARGS...]
  local tag=$1 lim=$2 b=$3 th=$4; shift 4; local left=$((END - SECONDS - 20)); [ $lim -gt $left ] && lim=$left
  [ $lim -lt 10 ] && { echo "$tag NOT RUN" >> $L/summary.txt; return; }
  timeout $lim $t/$b --test-threads $th "$@" > $L/$tag.log 2>&1
  echo "$tag rc=$? ($SECONDS s) $(grep -E '^test result' $L/$tag.log | tail -1) failed: $(grep -E '^test .* FAILED$' $L/$tag.log | sed 's/^test //; s/ \.\.\. FAILED//' | tr '\n' ' ')" >> $L/summary.txt
}
one sparse 240 cuprum_sparse-lib 16 --skip beyond_2_pow_31
one sort 45 cuprum_core-lib 4 sort::
one big 80 cuprum_sparse-lib 1 --exact kernels::tests::spmv_beyond_2_pow_31_entries_on_gpu --nocapture
cat $L/summary.txt
grep -E "running on|skipped" $L/big.log
grep -E "has been running|^test .* FAILED|panicked" $L/sparse.log | head -20
b() { name=$1 lim=$2; shift 2; left=$((END - SECONDS - 10)); [ $lim -gt $left ] && lim=$left; [ $lim -lt 15 ] && { echo "== $name NOT RUN"; return; }
  timeout $lim .gpu/bin/cuprum-bench --device cuda:0 --git-rev $R --out $L --name $name --size full --no-cpu "$@" > $L/$name.txt 2>&1
  echo "== $name rc=$? ($SECONDS s)"; grep -E "^\| |rror" $L/$name.txt; }
b h200-sparse-2048 60 --compare cupy --suite sparse --filter "2048x2048"
[ -n "${SORT:-}" ] && b h200-sort 90 --compare cupy --suite core --filter sort
# issue 17's solver rows when enough of the call is left (else call 4 runs them)
[ $((END - SECONDS)) -ge 240 ] && b h200-sparse-eigsh 230 --compare cupy --suite sparse --filter "eigsh k=6 LM | poisson 1000x1000"
[ $((END - SECONDS)) -ge 200 ] && b h200-sparse-spsolve 200 --compare cupy --suite sparse --filter "spsolve | poisson 500x500"
tar -C $L -czf $OUT/logs3.tgz .
