#!/usr/bin/env bash
# Compiles kernels/random.cu as host C++ (stub.h stands in for the CUDA intrinsics, with
# -ffp-contract=off like the kernel's --fmad=false) and runs the rejection samplers' kernel
# sequentially: 2000 samples, seed 2026, start block 5, printed one per line to /tmp/out_NAME.txt.
# Compare with the Rust CPU path's values for the same draw (see README.md in the folder above).
# It catches CUDA C syntax errors without NVRTC and any difference in the formulas; only the
# libm-vs-libdevice ulps are left for the GPU run.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(git -C "$here" rev-parse --show-toplevel)
for spec in "4 1 double 0.3 1.5 0 %.17g g03" "4 1 double 30.0 1.0 0 %.17g g30" \
            "5 1 double 0.5 0.5 0 %.17g b05" "5 1 double 2.0 5.0 0 %.17g b25" \
            "6 2 i64 3.5 0 0 %lld p35" "6 2 i64 50.0 0 0 %lld p50" \
            "7 2 i64 0.3 0 10 %lld n10" "7 2 i64 0.4 0 1000 %lld n1000" \
            "7 2 i64 0.95 0 1000 %lld n1000b"; do
  set -- $spec
  cat "$here/stub.h" "$root/kernels/random.cu" "$here/host_main.cpp" > /tmp/h.cpp
  g++ -O1 -std=c++17 -ffp-contract=off -DDIST=$1 -DPREC=$2 -DPER_BLOCK=1 -DOUT_T=$3 \
    -DKERNEL_NAME=k -DP0=$4 -DP1=$5 -DILOW=$6 "-DFMT=\"$7\"" /tmp/h.cpp -o /tmp/h_$8
  /tmp/h_$8 > /tmp/out_$8.txt
  echo "$8: $(head -3 /tmp/out_$8.txt | tr '\n' ' ')"
done
