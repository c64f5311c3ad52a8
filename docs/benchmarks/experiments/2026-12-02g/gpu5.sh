#!/usr/bin/env bash
# Session 17, call 5 (046d539): the other crates' test binaries on the H200 (sparse, fft,
# linalg, memory, kernel libraries and integration tests, the facade's tests), one binary at a
# time, CUPRUM_REQUIRE_CUDA=1.
set -u
export NCCL_NVLS_ENABLE=0 CUPRUM_REQUIRE_CUDA=1 CUPRUM_CACHE_DIR=/tmp/cuprum-cache
[ -d .gpu/tests ] || xz -dc .gpu/pay.tar.xz | tar -C .gpu -xf -
L=/tmp/logs5; mkdir -p $L; t=.gpu/tests
pass=0; fail=0
for b in $(ls $t); do
  s=$SECONDS; timeout 240 $t/$b --test-threads 8 > $L/$b.log 2>&1; rc=$?
  r=$(grep -a -E "^test result" $L/$b.log | tail -1)
  echo "$b rc=$rc $((SECONDS - s)) s: $r"
  [ $rc = 0 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); grep -a -E "FAILED|panicked" $L/$b.log | head -5; }
done
echo "== binaries passed $pass, failed $fail"
tar -C $L -czf $OUT/logs5.tgz .
