#!/usr/bin/env bash
# Session 19, call 2 (e375288): the bench's sort rows beside CuPy with the ceilings measured
# after the rows, three runs; then the 2048² stencil rows on the GPU (both forms).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/bin ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs2; mkdir -p $L
for i in 1 2 3; do
  timeout 170 .gpu/bin/cuprum-bench --device cuda:0 --git-rev e375288 --size full --no-cpu --compare cupy --suite core --filter "sort | 16777216" --out $L --name sort$i > $L/bench-sort$i.txt 2>&1
  echo "bench sort $i rc=$?"; grep -a -E "^\| core \| (sort|argsort)" $L/sort$i.md | cut -d'|' -f3-5,7,10-11
done
tar -C $L -czf $OUT/logs2.tgz .
