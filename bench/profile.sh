#!/usr/bin/env bash
# A perf profile of one bench program run natively, as bench/SHORTFALLS.md's were taken:
#   bench/profile.sh DIR PROGRAM.fx [ARGS...] -- [TAIL...]
# runs `fluxion run --native PROGRAM ARGS... DIR TAIL...` once to fill the compiled-program
# cache (so that compiling is not in the profile), then again under `perf record` with DWARF
# call graphs (the generated C and the runtime are built without frame pointers), and writes
# DIR/self.txt (self time per function), DIR/children.txt (time including callees) and
# DIR/timing.txt (the mean of each `timing LABEL SECONDS` label the program printed). TAIL is
# what follows OUT on the program's command line: MIN_RUNS MIN_SECONDS for §A and §B (with
# MIN_SECONDS 0, the primal and the derivative run MIN_RUNS times each, so their shares of the
# samples are in the ratio D/P), STEPS for the seed models. perf is Debian's linux-perf
# (scripts/install-deps.sh --bench). FLUXION overrides the CLI's path.
set -euo pipefail
if [ $# -lt 3 ]; then sed -n 2,12p "$0"; exit 2; fi
dir=$1; shift
program=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do program+=("$1"); shift; done
[ $# -gt 0 ] && shift
fluxion=${FLUXION:-build/fluxion}
mkdir -p "$dir"
export OPENBLAS_NUM_THREADS=1
"$fluxion" run --native "${program[@]}" "$dir" "$@" > /dev/null
perf record -F 1999 --call-graph dwarf,16384 -o "$dir/perf.data" -- \
  "$fluxion" run --native "${program[@]}" "$dir" "$@" > "$dir/stdout" 2> "$dir/perf.log"
report() { perf report -i "$dir/perf.data" --stdio -g none "$@" 2>/dev/null | grep -v '^#' | grep -v '^$' || true; }
report --no-children --sort dso,sym --percent-limit 0.7 > "$dir/self.txt"
report --children --sort sym --percent-limit 3 > "$dir/children.txt"
awk '/^timing/ { s[$2] += $3; n[$2]++ } END { for (k in s) printf "%s runs=%d mean=%.3g s\n", k, n[k], s[k] / n[k] }' \
  "$dir/stdout" > "$dir/timing.txt"
cat "$dir/timing.txt"
head -20 "$dir/self.txt"
