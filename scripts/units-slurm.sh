#!/usr/bin/env bash
# Runs the units of any taflcount plan folder as a Slurm job array (sbatch --array), one
# array task per unit file, then a merge job that waits for them (afterok). PROGRAM is
# the tool that planned it: taflmatch (taflmatch plan), taflcount (taflcount complexity
# --legal --plan) or taflperft (taflperft plan; scripts/perft-slurm.sh does the same
# with perft's options). The plan folder and the program must be visible at the same
# paths on the compute nodes (a shared file system). A unit that already has its result
# is skipped by the program itself, so submitting again resumes the run; a taflmatch
# unit that starts after the SPRT decided (decision.json) exits at once.
#
# Usage: scripts/units-slurm.sh PROGRAM PLAN_DIR [--cpus N] [--max-running K]
#                               [--unit-args "ARGS"] [-- more sbatch options]
#   --cpus N          CPUs per task (default 1); pass the unit's own option for them in
#                     --unit-args (taflmatch: --concurrency N, taflcount: --threads N)
#   --unit-args ARGS  options of `PROGRAM unit`, e.g. "--concurrency 2"
# Environment: TAFL_BIN (default: target/release/PROGRAM, then PROGRAM on PATH).
set -euo pipefail
usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 2 ] || usage
program="$1"; shift
case "$program" in taflmatch|taflcount|taflperft) ;; *) usage ;; esac
dir="$(cd "$1" && pwd)"; shift
cpus=1 max="" unit_args="" extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --cpus) cpus="$2"; shift 2 ;;
    --max-running) max="%$2"; shift 2 ;;
    --unit-args) unit_args="$2"; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) usage ;;
  esac
done
command -v sbatch >/dev/null || { echo "units-slurm: sbatch not found (is Slurm installed? scripts/slurm-local.sh starts a one-node Slurm)" >&2; exit 2; }
bin="${TAFL_BIN:-}"
if [ -z "$bin" ]; then
  root="$(cd "$(dirname "$0")/.." && pwd)"
  if [ -x "$root/target/release/$program" ]; then bin="$root/target/release/$program"
  else bin="$(command -v "$program")" || { echo "units-slurm: $program not found" >&2; exit 2; }; fi
fi
[ -f "$dir/plan.json" ] || { echo "units-slurm: $dir has no plan.json" >&2; exit 2; }
# The unit list, one per array task (index = line - 1).
find "$dir" -maxdepth 1 -name 'unit-*.json' ! -name '*.result.json' | sort >"$dir/units.list"
n="$(wc -l <"$dir/units.list")"
[ "$n" -gt 0 ] || { echo "units-slurm: no unit files in $dir" >&2; exit 2; }
array=$(sbatch --parsable --job-name="$program-units" --array="0-$((n - 1))$max" \
  --cpus-per-task="$cpus" --mem=512M --output="$dir/slurm-%A_%a.out" \
  "${extra[@]}" \
  --wrap="unit=\$(sed -n \"\$((SLURM_ARRAY_TASK_ID + 1))p\" '$dir/units.list'); exec '$bin' unit \"\$unit\" $unit_args")
merge=$(sbatch --parsable --job-name="$program-merge" --dependency="afterok:$array" \
  --output="$dir/merge.out" "${extra[@]}" \
  --wrap="'$bin' merge '$dir' --json > '$dir/merged.json' && '$bin' merge '$dir'")
echo "submitted: units array job $array ($n tasks), merge job $merge"
echo "follow:    squeue -j $array,$merge; sacct -j $array,$merge"
echo "result:    $dir/merge.out and $dir/merged.json"
