#!/usr/bin/env bash
# Runs every fuzz target in turn, one job at a time, each for SECONDS (default 1800),
# on the stable toolchain (RUSTC_BOOTSTRAP=1 lets cargo-fuzz pass its -Z flags; no
# sanitizer, so no nightly-only std rebuild). Logs go to fuzz/logs/<target>.log.
# Usage, from the repository root: bash fuzz/run-all.sh [SECONDS] [TARGET...]
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-1800}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(rules session save script dice)
mkdir -p fuzz/logs
export RUSTC_BOOTSTRAP=1
cargo fuzz build -O -a -s none || exit 1
for target in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$target" "fuzz/artifacts/$target"
  start=$(date +%s)
  # The binary itself, not `cargo fuzz run`: editing src/ meanwhile must not rebuild.
  nice -n 19 "fuzz/target/x86_64-unknown-linux-gnu/release/$target" \
    -artifact_prefix="fuzz/artifacts/$target/" "fuzz/corpus/$target" \
    -max_total_time="$seconds" -timeout=60 \
    -rss_limit_mb=2048 -malloc_limit_mb=512 -print_final_stats=1 \
    > "fuzz/logs/$target.log" 2>&1
  status=$?
  echo "$target: exit $status after $(( $(date +%s) - start )) s, corpus $(ls "fuzz/corpus/$target" | wc -l) files, artifacts $(ls "fuzz/artifacts/$target" | wc -l)" \
    | tee -a fuzz/logs/summary.txt
done
