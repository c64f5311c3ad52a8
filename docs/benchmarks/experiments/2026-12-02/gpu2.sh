#!/usr/bin/env bash
# Session 11, call 2 (carry .gpuB with payB.tar.xz: cuprum-bench, cuprum-fuzz): the sparse rows
# of issues 16 and 17 on the H200 side by side with cupyx.scipy.sparse(.linalg) (CuPy 14.2) in
# the same run, the whole suite at --size full on the GPU (its own call: it builds and solves the
# 2048^2 problems on both sides); the fuzz targets on the CPU cores (nice 19; the rows are timed
# on the device).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpuB/bin ] || xz -dc .gpuB/payB.tar.xz | tar -C .gpuB -xf -
L=/tmp/logs2; mkdir -p $L
END=$((SECONDS + ${BUDGET:-480}))
R=${REV:-unknown}
nvidia-smi --query-gpu=index,name,memory.total,driver_version --format=csv,noheader
FZ=$((END - SECONDS - 25))
for spec in ${FUZZ:-kernel:4 mm:10}; do
  tg=${spec%%:*}; n=${spec##*:}
  for w in $(seq 1 $n); do
    nice -n 19 timeout $((FZ + 15)) .gpuB/bin/cuprum-fuzz $tg --iters $((${FUZZ_N:-10000000} / n + 1)) --seconds $FZ --seed $((${SEED0:-3000} + w)) --out $L/fz-$tg-$w > $L/fuzz-$tg-$w.log 2>&1 &
  done
done
# one invocation per group of rows (compare.py honours the same filter), so that one slow row
# (CuPy's spsolve is a sparse QR) cannot take the others with it
b() { name=$1 lim=$2; shift 2; left=$((END - SECONDS - 25)); [ $lim -gt $left ] && lim=$left; [ $lim -lt 15 ] && { echo "== $name NOT RUN"; return; }
  timeout $lim .gpuB/bin/cuprum-bench --device cuda:0 --compare cupy --git-rev $R --out $L --name $name --suite sparse --size full --no-cpu "$@" > $L/$name.txt 2>&1
  echo "== $name rc=$? ($SECONDS s)"; grep -E "^\| |rror" $L/$name.txt; }
b h200-sparse-2048 200 --filter "2048x2048"
b h200-sparse-eigsh 110 --filter "eigsh k=6 LM | poisson 1000x1000"
b h200-sparse-spsolve 200 --filter "spsolve | poisson 500x500"
wait
for f in $L/fuzz-*.log; do echo "$(basename $f .log): $(tail -1 $f)"; done | tee $L/fuzz-summary.txt
tar -C $L -czf $OUT/logs2.tgz .
