#!/usr/bin/env bash
# Session 17, call 3: are the first rows after the bench's ceiling GEMMs slow? The SM clock and
# power sampled every 50 ms while cuprum-bench runs (a) the argsort rows alone (argsort float32
# is then the first row after the ceilings) and (b) the sort rows again.
set -u
export CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -f .gpu/pay.tar.xz ] && [ ! -d .gpu/bin ] && xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs3; mkdir -p $L
for f in "argsort | 16777216" "sort | 16777216"; do
  tag=$(echo "$f" | cut -d' ' -f1)
  nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv,noheader -lms 50 > $L/smi-$tag.csv 2>&1 &
  P=$!
  CUPRUM_BENCH_TRACE=1 timeout 120 .gpu/bin/cuprum-bench --device cuda:0 --size full --no-cpu --suite core --filter "$f" > $L/bench-$tag.txt 2>&1
  kill $P
  echo "== $f"; grep -a -E "^\| core" $L/bench-$tag.txt | cut -d'|' -f3-4,6
  awk -F', ' '{print $2" "$4}' $L/smi-$tag.csv | uniq -c | head -40
done
tar -C $L -czf $OUT/logs3.tgz .
