#!/usr/bin/env bash
# Session 18, call 2: onesweep's passes take the short float key transform when no key is a
# NaN. The sort tests first, then the sort probe of ecf965e (old) and of this tree (new)
# alternated on one machine, the bench's sort rows beside CuPy twice, then every core test.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs2; mkdir -p $L; t=.gpu/tests
s=$SECONDS; timeout 200 $t/cuprum_core-lib sort:: --test-threads 8 > $L/core-sort.log 2>&1; echo "sort tests rc=$? $((SECONDS - s)) s"
grep -a -E "test result|FAILED|panicked" $L/core-sort.log | head -20
for i in 1 2 3; do
  for v in old new; do
    .gpu/bin/zz_sort_probe_$v > $L/probe-$v-$i.txt 2>&1
    echo "$v $i: $(grep -a '^sort' $L/probe-$v-$i.txt | awk '{print $2, $4}' | tr '\n' ' ')"
  done
done
for v in old new; do grep -a -h "^argsort" $L/probe-$v-*.txt | awk -v v=$v '{print v, $2, $4}' | sort | tr '\n' ' '; echo; done
for r in 1 2; do
  timeout 170 .gpu/bin/cuprum-bench --device cuda:0 --git-rev 72ccd16 --out $L --name sort$r --size full --no-cpu --compare cupy --suite core --filter "sort | 16777216" > $L/bench-sort$r.txt 2>&1
  echo "bench $r rc=$?"; grep -a -E "^\| core" $L/bench-sort$r.txt | cut -d'|' -f3-4,6,10-11
done
s=$SECONDS; timeout 400 $t/cuprum_core-lib --test-threads 8 > $L/core.log 2>&1; echo "core rc=$? $((SECONDS - s)) s"
grep -a -E "test result|FAILED|panicked" $L/core.log | head -20
cp $L/sort1.md $L/sort2.md $OUT/ 2>/dev/null
tar -C $L -czf $OUT/logs2.tgz .
