#!/usr/bin/env bash
# Session 18, call 1 (ecf965e): every test of cuprum-core's library and the conformance corpus
# on the H200 (cbcc850 and ecf965e had not run there), then the sort probe with the bench's
# inputs in three processes, under nsys when it is there (per-kernel times).
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs1; mkdir -p $L; t=.gpu/tests
s=$SECONDS; timeout 120 $t/conformance-test > $L/conformance.log 2>&1; echo "conformance rc=$? $((SECONDS - s)) s"
grep -a -E "test result|FAILED|panicked" $L/conformance.log | head
for i in 1 2 3; do .gpu/bin/zz_sort_probe > $L/probe-$i.txt 2>&1; echo "probe $i:"; cat $L/probe-$i.txt; done
NS=$(command -v nsys || ls /usr/local/cuda*/bin/nsys /opt/nvidia/nsight-systems/*/bin/nsys 2>/dev/null | head -1)
echo "nsys: ${NS:-none}"
if [ -n "$NS" ]; then
  for dt in float32 float64; do
    timeout 90 $NS profile -o $L/ns-$dt --force-overwrite true .gpu/bin/zz_sort_probe $dt > $L/nsys-$dt.txt 2>&1
    timeout 60 $NS stats -r cuda_gpu_kern_sum $L/ns-$dt.nsys-rep > $L/kern-$dt.txt 2>&1
    timeout 60 $NS stats -r cuda_gpu_trace -f csv $L/ns-$dt.nsys-rep > $L/trace-$dt.csv 2>&1
    grep -a -E "onesweep|Time" $L/kern-$dt.txt | head -12
  done
  rm -f $L/*.nsys-rep $L/*.sqlite
fi
s=$SECONDS; timeout 420 $t/cuprum_core-lib --test-threads 8 > $L/core.log 2>&1; echo "core rc=$? $((SECONDS - s)) s"
grep -a -E "test result|FAILED|panicked" $L/core.log | head -20
tar -C $L -czf $OUT/logs1.tgz .
