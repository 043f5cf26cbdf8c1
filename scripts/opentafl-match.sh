#!/usr/bin/env bash
# taflengine against OpenTafl's own AI, inside the real OpenTafl, at equal time per move.
#
# Usage: OPENTAFL_DIR=DIR scripts/opentafl-match.sh [OPTIONS]
#   OPENTAFL_DIR      the OpenTafl harness folder (play-one.sh, lib/OpenTafl.jar, ...;
#                     see docs/opentafl.md); required.
#   --games N         games per variant, sides alternating (default 10: 5 pairs)
#   --variants "V..." OpenTafl variants (default "copenhagen brandub")
#   --seconds S       seconds per move for both AIs (default 1; OpenTafl takes whole seconds)
#   --engine SPEC     taflengine's --engine (default search:movetime=<seconds>000ms: equal
#                     time; a shorter one gives OpenTafl's AI time odds)
#   --engine-bin PATH taflengine to play (default target/release/taflengine, built if absent)
#   --out DIR         where every game's files go (default opentafl-match); must not exist
# Writes DIR/GAME/{engine.log,game.*} per game, DIR/games.tsv (one line a game) and prints a
# Markdown table on stdout: taflengine's wins-draws-losses, score and Elo with its 95%
# interval (taflcount's formula, as `taflcount::stats::elo::Trinomial::estimate`: Elo =
# -400 log10(1/s - 1) of the mean score s clamped to [0.001, 0.999]; the interval is the
# Elo of s -/+ 1.96 standard errors of the per-game score). A variant won (lost) in every
# game has no finite Elo; its one-sided 95% bound is the Elo of 0.05^(1/n) (of 1 - that),
# the exact binomial bound on the win rate after n wins in n games. Progress: stderr.
# Exit: 0 every game finished with no refused move and no engine error, 1 otherwise,
# 2 usage error or missing OpenTafl/Java.
set -euo pipefail

die() { echo "opentafl-match: $*" >&2; exit 2; }
games=10 variants="copenhagen brandub" seconds=1 bin="" spec="" out="opentafl-match"
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games=${2:?}; shift 2 ;;
    --variants) variants=${2:?}; shift 2 ;;
    --seconds) seconds=${2:?}; shift 2 ;;
    --engine) spec=${2:?}; shift 2 ;;
    --engine-bin) bin=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    -h|--help) sed -n 2,23p "$0"; exit 0 ;;
    *) die "unknown argument \`$1\` (--help lists the options)" ;;
  esac
done
[[ $games =~ ^[1-9][0-9]{0,3}$ ]] || die "--games: \`$games\` is not a number from 1 to 9999"
[[ $seconds =~ ^[1-9][0-9]{0,2}$ ]] || die "--seconds: \`$seconds\` is not a whole number of seconds from 1 to 999"
[ -n "${OPENTAFL_DIR:-}" ] || die "set OPENTAFL_DIR to the OpenTafl harness folder (docs/opentafl.md)"
[ -x "$OPENTAFL_DIR/play-one.sh" ] && [ -f "$OPENTAFL_DIR/lib/OpenTafl.jar" ] \
  || die "OPENTAFL_DIR=$OPENTAFL_DIR has no play-one.sh and lib/OpenTafl.jar"
command -v java >/dev/null || die "java not found (apt-get install default-jre-headless)"
[ -e "$out" ] && die "--out $out exists; choose a new folder"
if [ -z "$bin" ]; then
  bin=target/release/taflengine
  [ -x "$bin" ] || cargo build --release --bin taflengine >&2
fi
[ -x "$bin" ] || die "--engine-bin $bin is not an executable"
mkdir -p "$out"
spec=${spec:-search:movetime=$((seconds * 1000))ms}
echo -e "game\tvariant\tside\tresult\tpoints\tplies\treason\trefused\tengine_errors\ttime_expired\twall_s" > "$out/games.tsv"
failed=0
for variant in $variants; do
  for i in $(seq 1 "$games"); do
    if [ $((i % 2)) -eq 1 ]; then side=attackers; else side=defenders; fi
    name="$variant-$(printf %03d "$i")-$side"
    echo "opentafl-match: $name ..." >&2
    mkdir -p "$out/$name"
    if ! AI_THINK=$seconds "$OPENTAFL_DIR/play-one.sh" "$bin" "$variant" "$side" "$out/$name" \
         --engine "$spec" > "$out/$name/opentafl.out" 2>&1; then
      echo "opentafl-match: $name: OpenTafl ended with an error (see $out/$name/opentafl.out)" >&2
    fi
    r="$out/$name/game.result.txt"
    get() { sed -n "s/^$1=//p" "$r" 2>/dev/null | head -1; }
    result=$(get result); result=${result:-crash}
    case "$result" in
      "taflengine won") points=1 ;;
      "OpenTafl AI won") points=0 ;;
      draw) points=0.5 ;;
      *) points=-; failed=1 ;;
    esac
    refused=$(get refused_moves); errors=$(get engine_errors)
    [ "${refused:-1}" = 0 ] && [ "${errors:-1}" = 0 ] || failed=1
    echo -e "$name\t$variant\t$side\t$result\t$points\t$(get plies)\t$(get reason)\t$refused\t$errors\t$(get time_expired)\t$(get wall_seconds)" >> "$out/games.tsv"
    echo "opentafl-match: $name: $result ($(get reason), $(get plies) plies)" >&2
  done
done

# The table: one row per variant and one for all, from games.tsv.
awk -F'\t' -v secs="$seconds" -v spec="$spec" '
function elo(s) { if (s < 0.001) s = 0.001; if (s > 0.999) s = 0.999; return -400 * log(1 / s - 1) / log(10) }
function row(label, k,   n, s, v, se, lo, hi) {
  n = w[k] + d[k] + l[k]
  if (n == 0) return
  s = (w[k] + d[k] / 2) / n
  v = (w[k] * (1 - s)^2 + d[k] * (0.5 - s)^2 + l[k] * s^2) / n
  se = sqrt(v / n)
  lo = elo(s - 1.959964 * se); hi = elo(s + 1.959964 * se)
  if (w[k] == n) e = sprintf("unbounded, >= %+.0f (all won)", elo(0.05 ^ (1 / n)))
  else if (l[k] == n) e = sprintf("unbounded, <= %+.0f (all lost)", elo(1 - 0.05 ^ (1 / n)))
  else e = sprintf("%+.0f [%+.0f, %+.0f]", elo(s), lo, hi)
  printf "| %s | %d | %d-%d-%d | %d-%d-%d | %d-%d-%d | %.1f / %d (%.1f%%) | %s | %d | %d | %d |\n", \
    label, n, w[k], d[k], l[k], w[k "a"], d[k "a"], l[k "a"], w[k "d"], d[k "d"], l[k "d"], \
    w[k] + d[k] / 2, n, 100 * s, e, un[k], rf[k], er[k]
}
NR > 1 {
  for (j = 0; j < 2; j++) {
    k = j ? "all" : $2; sd = k ($3 == "attackers" ? "a" : "d")
    if ($5 == "1") { w[k]++; w[sd]++ } else if ($5 == "0") { l[k]++; l[sd]++ }
    else if ($5 == "0.5") { d[k]++; d[sd]++ } else un[k]++
    rf[k] += $8; er[k] += $9
  }
  if (!($2 in seen)) { seen[$2] = 1; order[++nv] = $2 }
}
END {
  printf "taflengine `%s` against OpenTafl AI at %d s a move (wins-draws-losses of taflengine)\n\n", spec, secs
  print "| variant | games | W-D-L | as attackers | as defenders | score | Elo [95%] | unfinished | refused moves | engine errors |"
  print "|---|---|---|---|---|---|---|---|---|---|"
  for (i = 1; i <= nv; i++) row(order[i], order[i])
  if (nv > 1) row("all", "all")
}' "$out/games.tsv"
exit $failed
