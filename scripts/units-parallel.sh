#!/usr/bin/env bash
# Runs the units of any taflcount plan folder with GNU parallel, on this machine or on
# several hosts (--sshlogin), then merges them. PROGRAM is the tool that planned it:
# taflmatch, taflcount or taflperft (scripts/perft-parallel.sh does the same with
# perft's options). A unit that already has its result is skipped by the program
# itself, so running again after an interruption resumes the run.
#
# Usage: scripts/units-parallel.sh PROGRAM PLAN_DIR [--jobs N] [--unit-args "ARGS"]
#                                  [--sshlogin LOGINS] [--transfer]
#   --jobs N          units at once per host (default: parallel's default, one per core)
#   --unit-args ARGS  options of `PROGRAM unit`, e.g. "--concurrency 2"
#   --sshlogin S      GNU parallel's host list, e.g. "8/node1,8/node2" or ":,node2";
#                     PROGRAM must be on each host's PATH (or set TAFL_BIN)
#   --transfer        no shared file system: send each unit file, bring its result back
# Environment: TAFL_BIN (default: target/release/PROGRAM, then PROGRAM on PATH).
set -euo pipefail
usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 2 ] || usage
program="$1"; shift
case "$program" in taflmatch|taflcount|taflperft) ;; *) usage ;; esac
dir="$1"; shift
jobs=() unit_args=() ssh=() transfer=0
while [ $# -gt 0 ]; do
  case "$1" in
    --jobs) jobs=(--jobs "$2"); shift 2 ;;
    --unit-args) read -r -a unit_args <<<"$2"; shift 2 ;;
    --sshlogin) ssh=(--sshlogin "$2"); shift 2 ;;
    --transfer) transfer=1; shift ;;
    *) usage ;;
  esac
done
command -v parallel >/dev/null || { echo "units-parallel: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }
bin="${TAFL_BIN:-}"
if [ -z "$bin" ]; then
  root="$(cd "$(dirname "$0")/.." && pwd)"
  if [ -x "$root/target/release/$program" ] && [ ${#ssh[@]} -eq 0 ]; then
    bin="$root/target/release/$program"
  else bin="$program"; fi
fi
[ -f "$dir/plan.json" ] || { echo "units-parallel: $dir has no plan.json" >&2; exit 2; }
cd "$dir"
remote=()
if [ ${#ssh[@]} -gt 0 ]; then
  if [ "$transfer" = 1 ]; then
    remote=("${ssh[@]}" --transferfile {} --return '{.}.result.json' --cleanup)
  else
    remote=("${ssh[@]}" --workdir "$PWD")
  fi
fi
find . -maxdepth 1 -name 'unit-*.json' ! -name '*.result.json' | sort |
  parallel --halt soon,fail=1 --line-buffer "${jobs[@]}" "${remote[@]}" \
    "$bin" unit {} "${unit_args[@]}"
"$bin" merge .
