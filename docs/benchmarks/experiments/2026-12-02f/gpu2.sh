#!/usr/bin/env bash
# Session 16, call 2 (call 1 again with san.sh and the probe fixed): the FFT sanitizer jobs of san.sh started detached (call 2 collects them;
# they are host-bound while cuFFT's modules are instrumented), the sort probe (sort_probe.py),
# then the SpMV racecheck, also detached.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
D=docs/benchmarks/experiments/2026-12-02f
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs2; mkdir -p $L; END=$((SECONDS + ${BUDGET:-565}))
CS=/usr/local/cuda/bin/compute-sanitizer
{ $CS --version; $CS --help; } > $L/cs-help.txt 2>&1
grep -i -E "lazy|patch|kernel-name|filter" $L/cs-help.txt | head -20
SAN_DIR=/tmp/san2 setsid nohup bash $D/san.sh fft > /tmp/san2-fft.out 2>&1 < /dev/null &
timeout 200 python3 $D/sort_probe.py . > $L/probe.txt 2>&1; echo "probe rc=$?"
cat $L/probe.txt
# (the SpMV racecheck finished in call 1)
while [ $((END - SECONDS)) -gt 25 ]; do
  sleep 20
  [ -f /tmp/san2/done.txt ] && [ $(wc -l < /tmp/san2/done.txt) -ge 13 ] && break
done
echo "== after $SECONDS s"; cat /tmp/san2/done.txt 2>/dev/null
for f in /tmp/san2/*.log; do echo "$(basename $f): $(grep -a -c '^test .* ok$' $f) ok, $(wc -c < $f) bytes, last: $(tail -c 200 $f | tr '\n' ' ' | cut -c1-160)"; done
cp -r /tmp/san2 $L/san-now
tar -C $L -czf $OUT/logs2.tgz .
