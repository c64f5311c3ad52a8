#!/usr/bin/env bash
set -u
L=$OUT/q; mkdir -p $L
bash .gpu/run.sh exec environment > /dev/null 2>&1; cp .gpu/extra/cuprum-bench .gpu/bin/cuprum-bench
cat > /tmp/q.py <<'PY'
import cupy as cp, time
g = cp.random.default_rng(0); n = 2048
A = g.random((n, n)) + n * cp.eye(n)
cp.linalg.qr(A); cp.cuda.Device().synchronize()
ts = []
for _ in range(5):
    a, b = cp.cuda.Event(), cp.cuda.Event(); a.record(); cp.linalg.qr(A); b.record(); b.synchronize(); ts.append(cp.cuda.get_elapsed_time(a, b))
print("cupy qr 2048 ms", sorted(ts))
PY
python3 /tmp/q.py > $L/cupy_time.log 2>&1
timeout 150 ncu --metrics gpu__time_duration.sum --launch-skip 0 --launch-count 4000 --print-summary per-kernel python3 /tmp/q.py > $L/cupy_ncu.log 2>&1
timeout 200 ncu --metrics gpu__time_duration.sum --launch-skip 0 --launch-count 4000 --print-summary per-kernel .gpu/bin/cuprum-bench --suite linalg --size full --filter qr --device cuda:0 --no-cpu > $L/ours_ncu.log 2>&1
cat $L/cupy_time.log
for f in cupy_ncu ours_ncu; do echo "== $f"; grep -v "==PROF==\|==WARNING==" $L/$f.log | grep -E "^  [^ ]|gpu__time_duration" | awk '/^  [^ ]/{k=$0; next} {print substr(k,1,70), $0}' | sed 's/  */ /g' | head -45; done
tar -C $OUT -czf $OUT/q.tgz q
