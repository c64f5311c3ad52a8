#!/usr/bin/env bash
# Session 11, call 3 (carry .gpu with pay3.tar.xz: test binaries, cuprum-bench, cuprum-fuzz):
# the fuzz targets hb and mm after this session's fixes on cores 5-15 (nice 19) for the whole
# call; on cores 0-4: the GPU tests of this session's CUDA changes (issue 23's random::, device
# indexing and nonzero, onesweep sort, fused map+reduce, sparse), then the benchmark rows side
# by side with CuPy/PyTorch in the same run: sort (20), cavity Re 1000 257^2 (21), sparse 2048^2
# products and cg (16, 17), the fused map+reduce row (19), eigsh and spsolve (17).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay3.tar.xz | tar -C .gpu -xf -
[ -d tests/data/conformance ] && export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
L=/tmp/logs3; mkdir -p $L
END=$((SECONDS + ${BUDGET:-570}))
R=${REV:-unknown}
nvidia-smi --query-gpu=index,name,memory.total,driver_version --format=csv,noheader
FZ=$((END - SECONDS - 25)); c=5
for spec in ${FUZZ:-hb:3 mm:8}; do
  tg=${spec%%:*}; n=${spec##*:}
  for w in $(seq 1 $n); do
    taskset -c $c nice -n 19 timeout $((FZ + 15)) .gpu/bin/cuprum-fuzz $tg --iters $((${FUZZ_N:-10000000} / n + 1)) --seconds $FZ --seed $((${SEED0:-4000} + w)) --out $L/fz-$tg-$w > $L/fuzz-$tg-$w.log 2>&1 &
    c=$((c + 1)); [ $c -gt 15 ] && c=5
  done
done
T="taskset -c 0-4"
one() {  # one BINARY THREADS [ARGS...]
  local b=$1 th=$2; shift 2; local left=$((END - SECONDS - 20))
  [ -x .gpu/tests/$b ] || { echo "$b missing" >> $L/summary.txt; return; }
  timeout ${TL:-200} $T .gpu/tests/$b --test-threads $th "$@" > $L/$b.log 2>&1
  echo "$b rc=$? $(grep -E '^test result' $L/$b.log | tail -1) failed: $(grep -E '^test .* FAILED$' $L/$b.log | sed 's/^test //; s/ \.\.\. FAILED//' | tr '\n' ' ')" >> $L/summary.txt
}
( one cuprum_core-lib 4 random:: indexing:: sort:: ) &
( one cuprum_sparse-lib 4 --skip beyond_2_pow_31 ) &
( one fuse-test 2; one kernels-test 2; one cuprum_kernel-lib 2; one conformance-test 2 ) &
wait
sort $L/summary.txt
b() { name=$1 lim=$2; shift 2; left=$((END - SECONDS - 20)); [ $lim -gt $left ] && lim=$left; [ $lim -lt 15 ] && { echo "== $name NOT RUN"; return; }
  timeout $lim $T .gpu/bin/cuprum-bench --device cuda:0 --compare cupy --git-rev $R --out $L --name $name --size full --no-cpu "$@" > $L/$name.txt 2>&1
  echo "== $name rc=$? ($SECONDS s)"; grep -E "^\| |rror" $L/$name.txt; }
b h200-sort 60 --suite core --filter sort
b h200-cavity 160 --suite cavity --filter "cavity Re 1000"
b h200-sparse-2048 150 --suite sparse --filter "2048x2048"
b h200-fusered 40 --suite fuse --filter "sum(exp"
b h200-sparse-eigsh 200 --suite sparse --filter "eigsh k=6 LM | poisson 1000x1000"
wait
for f in $L/fuzz-*.log; do echo "$(basename $f .log): $(tail -1 $f)"; done | tee $L/fuzz-summary.txt
tar -C $L -czf $OUT/logs3.tgz .
