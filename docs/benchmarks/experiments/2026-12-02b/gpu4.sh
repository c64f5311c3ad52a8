#!/usr/bin/env bash
# Session 12, call 4 (carry .gpu): issue 17's solver rows side by side with CuPy, each its own
# limit (CuPy's spsolve is a sparse QR, its eigsh a Lanczos with restarts).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs4; mkdir -p $L; R=${REV:-unknown}
END=$((SECONDS + ${BUDGET:-450}))
b() { name=$1 lim=$2; shift 2; left=$((END - SECONDS - 10)); [ $lim -gt $left ] && lim=$left; [ $lim -lt 15 ] && { echo "== $name NOT RUN"; return; }
  timeout $lim .gpu/bin/cuprum-bench --device cuda:0 --git-rev $R --out $L --name $name --size full --no-cpu "$@" > $L/$name.txt 2>&1
  echo "== $name rc=$? ($SECONDS s)"; grep -E "^\| |rror" $L/$name.txt; }
b h200-sparse-eigsh ${EIG_LIM:-220} --compare cupy --suite sparse --filter "eigsh k=6 LM | poisson 1000x1000"
b h200-sparse-spsolve ${LU_LIM:-220} --compare cupy --suite sparse --filter "spsolve | poisson 500x500"
tar -C $L -czf $OUT/logs4.tgz .
