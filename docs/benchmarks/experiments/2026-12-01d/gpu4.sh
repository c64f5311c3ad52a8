#!/usr/bin/env bash
# Session 10, call 4 (carry .gpu with payC.tar.xz: the test binaries of the merged work, the
# bench, probe, fuzz and example binaries): the host-time probe on three kinds of stream; the
# fuzz targets mm/hb/kernel on the idle CPU cores (issue 22 item 7) in the background; the test
# binaries that exercise this session's CUDA changes (texture objects, bit generators, signal,
# allocators, the vector-load ReductionKernel, the distributed fallback, the fixed test); the
# ReductionKernel l2norm row (issue 18); then the sparse rows (issues 16, 17) with what is left.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/payC.tar.xz | tar -C .gpu -xf -
[ -d tests/data/conformance ] && export CUPRUM_CONFORMANCE_DIR=$PWD/tests/data/conformance
L=/tmp/logs4; mkdir -p $L
END=$((SECONDS + ${BUDGET:-500}))
R=${REV:-unknown}
nvidia-smi --query-gpu=index,name,memory.total,driver_version --format=csv,noheader
timeout 60 .gpu/bin/hosttime > $L/hosttime.md 2>&1; cat $L/hosttime.md
# fuzz: 12 workers on the CPU cores, each a share of 10^7 inputs of its target, own seed
FZ=$((END - SECONDS - 20))
for spec in "hb 5" "mm 4" "kernel 3"; do
  set -- $spec
  for w in $(seq 1 $2); do
    nice -n 10 timeout $((FZ + 15)) .gpu/bin/cuprum-fuzz $1 --iters $((10000000 / $2 + 1)) --seconds $FZ --seed $((1000 + w)) --out $L/fz-$1-$w > $L/fuzz-$1-$w.log 2>&1 &
  done
done
one() {  # one BINARY THREADS [FILTER...]
  local b=$1 th=$2; shift 2; local left=$((END - SECONDS - 150))
  [ -x .gpu/tests/$b ] || { echo "$b missing" >> $L/summary.txt; return; }
  [ $left -lt 10 ] && { echo "$b NOT RUN" >> $L/summary.txt; return; }
  timeout $left .gpu/tests/$b --test-threads $th "$@" > $L/$b.log 2>&1
  echo "$b rc=$? $(grep -E '^test result' $L/$b.log | tail -1) failed: $(grep -E '^test .* FAILED$' $L/$b.log | sed 's/^test //; s/ \.\.\. FAILED//' | tr '\n' ' ')" >> $L/summary.txt
}
pids=()
( one cuprum_core-lib 6 cuda:: random:: dlpack texture bitgen introspect memo allocator ) & pids+=($!)
( one kernels-test 4; one cuprum_kernel-lib 4; one bitwise-test 4; one cuprum_fft-lib 4; one fft_integration-test 4 ) & pids+=($!)
( one cuprum_memory-lib 2; one pinned_allocator-test 2; one cuprum_distributed-lib 2; one cuprum-lib 2; one coverage-test 1; one cuda_api-test 2; one examples-test 2; one multiprocess-test 2; one cuprum_sparse-lib 4 safely cast ) & pids+=($!)
wait "${pids[@]}"
sort $L/summary.txt
B=.gpu/bin/cuprum-bench
bench() { name=$1 lim=$2; shift 2; left=$((END - SECONDS)); [ $lim -gt $left ] && lim=$left; [ $lim -lt 15 ] && { echo "== $name NOT RUN"; return; }
  timeout $lim $B --device cuda:0 --compare cupy --git-rev $R --out $L --name $name "$@" > $L/$name.txt 2>&1; echo "== $name rc=$?"; grep -E "^\| (kernel|sparse|core)" $L/$name.txt; }
bench h200-kernel 60 --suite kernel --size full --no-cpu --filter l2norm
CUPRUM_KERNEL_RED_BLOCKS_PER_SM=32 bench h200-kernel-b32 60 --suite kernel --size full --no-cpu --filter l2norm
bench h200-sparse 400 --suite sparse --size full --no-cpu
wait
for f in $L/fuzz-*.log; do echo "$(basename $f .log): $(tail -1 $f)"; done | tee $L/fuzz-summary.txt
tar -C $L -czf $OUT/logs4.tgz .
