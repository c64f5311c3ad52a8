#!/usr/bin/env bash
# Session 18, call 4: the status words back on 64-byte lines (the NaN flag padded to 16 words).
# The sort tests, the probes of ecf965e (old) and of this tree (new, which also checks its
# sorts against the CPU's) alternated on one machine, then the bench's sort rows beside CuPy.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs4; mkdir -p $L; t=.gpu/tests
[ -x $t/cuprum_core-lib ] && { s=$SECONDS; timeout 200 $t/cuprum_core-lib sort:: --test-threads 8 > $L/core-sort.log 2>&1; echo "sort tests rc=$? $((SECONDS - s)) s"; }
[ -f $L/core-sort.log ] && grep -a -E "test result|FAILED|panicked" $L/core-sort.log | head -20
for i in 1 2 3; do
  for v in old new; do
    timeout 120 .gpu/bin/zz_sort_probe_$v > $L/probe-$v-$i.txt 2>&1
    echo "$v $i: $(grep -a '^sort' $L/probe-$v-$i.txt | awk '{print $2, $4}' | tr '\n' ' ')"
  done
done
for v in old new; do grep -a -h "^argsort" $L/probe-$v-*.txt | awk -v v=$v '{print v, $2, $4}' | sort | tr '\n' ' '; echo; done
grep -a -h "^check" $L/probe-new-*.txt | sort | uniq -c
for r in 1 2; do
  timeout 170 .gpu/bin/cuprum-bench --device cuda:0 --git-rev 132ff94 --out $L --name sort$r --size full --no-cpu --compare cupy --suite core --filter "sort | 16777216" > $L/bench-sort$r.txt 2>&1
  echo "bench $r rc=$?"; grep -a -E "^\| core" $L/bench-sort$r.txt | cut -d'|' -f3-4,6,10-11
done
cp $L/sort1.md $L/sort2.md $OUT/ 2>/dev/null
tar -C $L -czf $OUT/logs4.tgz .
