#!/usr/bin/env bash
# Next GPU session, call 3: compute-sanitizer (issue 22 item 8), the plan of session 8's call3.sh
# (../2026-12-01b/call3.sh) over the binaries of this revision.
exec bash docs/benchmarks/experiments/2026-12-01b/call3.sh
