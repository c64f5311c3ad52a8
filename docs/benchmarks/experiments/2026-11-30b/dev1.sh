#!/usr/bin/env bash
# One 2xH200 call: the full GPU test run, the QR replica, and 1 MiB all-reduce under NCCL knobs.
set -u
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
L=$OUT/logs; mkdir -p $L
bash .gpu/run.sh exec environment > /dev/null 2>&1
ls .gpu/extra 2>/dev/null && cp -f .gpu/extra/* .gpu/bin/ 2>/dev/null
# 1. tests
bash .gpu/run.sh tests --test-threads 16 > $L/tests.log 2>&1; echo "tests rc=$?"
grep -E "^test result|FAILED|panicked|test binaries" $L/tests.log | sort | uniq -c | sort -rn | head -40
# 2. QR
python3 docs/benchmarks/experiments/2026-11-30b/qr_replica.py > $L/qr_replica.log 2>&1; cat $L/qr_replica.log
LD_DEBUG=libs .gpu/bin/cuprum-bench --suite linalg --size full --filter qr --device cuda:0 --no-cpu > $L/qr_ours.log 2>&1
grep -E "calling init: .*(cusolver|cublas)" $L/qr_ours.log | sort -u; grep -E "^\|" $L/qr_ours.log | head
# 3. all-reduce 1 MiB
ar() {
  f=$L/ar_$1.json; rm -f $f
  env "${@:2}" CUPRUM_BENCH_DIST_WORKER="1048576,1048576,20,300;64,64,1;64,64,1" CUPRUM_BENCH_DIST_RESULT=$f \
    timeout 60 .gpu/bin/cuprum-run --nproc-per-node 2 .gpu/bin/cuprum-bench > $L/ar_$1.log 2>&1
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); r=d['all_reduce'][0]; print(sys.argv[2], 'us', round(r['time']['value'], 2))" $f $1 2>/dev/null || { echo "$1 failed"; tail -5 $L/ar_$1.log; }
}
ar default X=1
ar default2 X=1
ar LL NCCL_PROTO=LL
ar LL128 NCCL_PROTO=LL128
ar Simple NCCL_PROTO=Simple
ar Tree NCCL_ALGO=Tree
ar minch8 NCCL_MIN_NCHANNELS=8
ar minch16 NCCL_MIN_NCHANNELS=16
ar maxch2 NCCL_MAX_NCHANNELS=2
ar debug NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=TUNING
grep -iE "AllReduce|1048576" $L/ar_debug.log | head -20
for lib in cupy torch; do
  timeout 90 python3 -m torch.distributed.run --nproc_per_node 2 --master_port 29611 crates/cuprum/src/bin/cuprum-bench/dist_allreduce.py $lib 1048576 1048576 20 300 29612 2>&1 | grep RESULT | sed "s/^/$lib /"
done
ar default3 X=1
