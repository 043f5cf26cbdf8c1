#!/usr/bin/env bash
# Runs the units of a taflperft plan with GNU parallel, on this machine or on several
# hosts (--sshlogin), then merges them. A unit that already has its result is skipped by
# taflperft itself, so running again after an interruption resumes the run.
#
# Usage: scripts/perft-parallel.sh PLAN_DIR [--jobs N] [--hash MB] [--threads N]
#                                  [--sshlogin LOGINS] [--transfer]
#   --jobs N        units at once per host (default: parallel's default, one per core)
#   --sshlogin S    GNU parallel's host list, e.g. "8/node1,8/node2" or ":,node2";
#                   taflperft must be on each host's PATH (or set TAFLPERFT)
#   --transfer      no shared file system: send each unit file, bring its result back
# Environment: TAFLPERFT (default: target/release/taflperft, then taflperft on PATH).
set -euo pipefail
usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 1 ] || usage
dir="$1"; shift
jobs=() hash=() threads=(--threads 1) ssh=() transfer=0
while [ $# -gt 0 ]; do
  case "$1" in
    --jobs) jobs=(--jobs "$2"); shift 2 ;;
    --hash) hash=(--hash "$2"); shift 2 ;;
    --threads) threads=(--threads "$2"); shift 2 ;;
    --sshlogin) ssh=(--sshlogin "$2"); shift 2 ;;
    --transfer) transfer=1; shift ;;
    *) usage ;;
  esac
done
command -v parallel >/dev/null || { echo "perft-parallel: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }
bin="${TAFLPERFT:-}"
if [ -z "$bin" ]; then
  root="$(cd "$(dirname "$0")/.." && pwd)"
  if [ -x "$root/target/release/taflperft" ] && [ ${#ssh[@]} -eq 0 ]; then
    bin="$root/target/release/taflperft"
  else bin=taflperft; fi
fi
[ -f "$dir/plan.json" ] || { echo "perft-parallel: $dir has no plan.json" >&2; exit 2; }
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
    "$bin" unit {} "${hash[@]}" "${threads[@]}"
"$bin" merge .
