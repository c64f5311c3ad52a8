#!/bin/bash
# interleaved before/after: base = main@fc2f6c8 (the lead's release build), new = cpuperf working tree
BASE=/tmp/cpuperf-base/cuprum-bench
NEW=/work/wt-cpuperf/target/release/cuprum-bench
date -u +%H:%M:%S
for i in 1 2 3; do
  for B in BASE NEW; do
    eval X=\$$B
    echo "--- $B run $i"
    $X --suite core --device cpu --compare cupy --filter "stencil step (slices) | 2048" 2>&1 | grep -E "^\| core"
    $X --suite sparse --device cpu --compare cupy --filter spmv 2>&1 | grep -E "^\| sparse"
  done
done
date -u +%H:%M:%S
