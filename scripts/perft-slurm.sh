#!/usr/bin/env bash
# Runs the units of a taflperft plan as a Slurm job array (sbatch --array), one array
# task per unit file, then a merge job that waits for them (afterok). The plan folder
# and taflperft must be visible at the same paths on the compute nodes (a shared file
# system). A unit that already has its result is skipped by taflperft itself, so
# submitting again after a failure or a preemption resumes the run.
#
# Usage: scripts/perft-slurm.sh PLAN_DIR [--hash MB] [--threads N] [--max-running K]
#                               [-- more sbatch options, e.g. --partition=long --time=8:00:00]
# Environment: TAFLPERFT (default: target/release/taflperft, then taflperft on PATH).
set -euo pipefail
usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 1 ] || usage
dir="$(cd "$1" && pwd)"; shift
hash="" threads=1 max="" extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --hash) hash="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --max-running) max="%$2"; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) usage ;;
  esac
done
bin="${TAFLPERFT:-}"
if [ -z "$bin" ]; then
  root="$(cd "$(dirname "$0")/.." && pwd)"
  if [ -x "$root/target/release/taflperft" ]; then bin="$root/target/release/taflperft"
  else bin="$(command -v taflperft)"; fi
fi
[ -f "$dir/plan.json" ] || { echo "perft-slurm: $dir has no plan.json" >&2; exit 2; }
# The unit list, one per array task (index = line - 1).
find "$dir" -maxdepth 1 -name 'unit-*.json' ! -name '*.result.json' | sort >"$dir/units.list"
n="$(wc -l <"$dir/units.list")"
[ "$n" -gt 0 ] || { echo "perft-slurm: no unit files in $dir" >&2; exit 2; }
args=(--threads "$threads")
[ -n "$hash" ] && args+=(--hash "$hash")
mem=$(( ${hash:-0} + 256 ))
array=$(sbatch --parsable --job-name=perft-units --array="0-$((n - 1))$max" \
  --cpus-per-task="$threads" --mem="${mem}M" --output="$dir/slurm-%A_%a.out" \
  "${extra[@]}" \
  --wrap="unit=\$(sed -n \"\$((SLURM_ARRAY_TASK_ID + 1))p\" '$dir/units.list'); exec '$bin' unit \"\$unit\" ${args[*]}")
merge=$(sbatch --parsable --job-name=perft-merge --dependency="afterok:$array" \
  --output="$dir/merge.out" "${extra[@]}" \
  --wrap="'$bin' merge '$dir' --json > '$dir/merged.json' && '$bin' merge '$dir'")
echo "submitted: units array job $array ($n tasks), merge job $merge"
echo "follow:    squeue -j $array,$merge; sacct -j $array,$merge"
echo "result:    $dir/merge.out and $dir/merged.json"
