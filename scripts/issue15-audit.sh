#!/usr/bin/env bash
# Reruns the commands of issue 15 ("Hostile input") against a build of the tools and
# prints one markdown row per command: the command, its exit code, wall time, peak
# memory, and the first line it wrote to stderr (or stdout when stderr is empty).
#
#   cargo build --release --bins && scripts/issue15-audit.sh [target/release]
#
# Each command runs from the repository root with a 60 s limit (exit 124 = limit hit).
# The files the commands need are made in a scratch folder under $TMPDIR.
set -u
cd "$(dirname "$0")/.."
bin=${1:-target/release}
export PATH="$PWD/$bin:$PATH"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Inputs.
printf '%s' '{"schema_version": 1, "tool": "taflbench", "quick": true, "machine": {"commit": "abc", "rustc": "rustc", "cpu": "cpu", "cpus": 2, "threads": 1, "date": "2026-11-23", "load_average": null}, "figures": [{"variant": "brandub", "kernel": "movegen", "unit": "moves/s", "work": "every move", "median": 100.0, "spread": 2.0, "rates": [100.0], "noisy": false}]}' >"$tmp/run.json"
sed 's/"median": 100.0/"median": 0.0/' "$tmp/run.json" >"$tmp/zero.json"
sed 's/"median": 100.0/"median": -5.0/' "$tmp/run.json" >"$tmp/negative.json"
sed 's/"median": 100.0/"median": 50.0/; s/"rates": \[100.0\]/"rates": [50.0]/' "$tmp/run.json" >"$tmp/slower.json"
printf 'id a\nrules brandub\nperft 1 40\nperft 2 961\n' >"$tmp/wrong.perft"
printf 'id deep\nrules brandub\nperft 100 1\n' >"$tmp/deep.perft"
printf '\xef\xbb\xbfid brandub-start\nrules brandub\nperft 1 40\n' >"$tmp/bom.perft"
printf 'id a\nrules brandub\nperft 1 40\nrules tablut\n' >"$tmp/rules-twice.perft"
printf 'id a\nrules brandub\nperft 1 40\nid a\nrules brandub\nperft 1 40\n' >"$tmp/id-twice.perft"
printf '# nothing\n' >"$tmp/empty.perft"
mkdir -p "$tmp/dir-games/copenhagen.csv" "$tmp/bin-games" "$tmp/fixtures"
printf '\xff\xfe\x00binary' >"$tmp/bin-games/copenhagen.csv"
cp fixtures/misplays/*.json "$tmp/fixtures/"

row() { # row COMMAND: runs it under sh, prints | command | exit | time | memory | says |
    local cmd=$1
    local t0 t1 code says mem
    t0=$(date +%s.%N)
    /usr/bin/time -f '%M' -o "$tmp/mem" timeout 60 bash -c "$cmd" >"$tmp/out" 2>"$tmp/err"
    code=$?
    t1=$(date +%s.%N)
    mem=$(tail -1 "$tmp/mem" 2>/dev/null)
    says=$(grep -v '^\s*$' "$tmp/err" | grep -v '^Command exited' | head -1)
    [ -z "$says" ] && says="(stdout) $(grep -v '^\s*$' "$tmp/out" | head -1)"
    says=$(printf '%s' "$says" | cut -c1-160 | sed 's/|/\\|/g; s/`/'"'"'/g')
    printf '| `%s` | %s | %.2f s | %s kB | %s |\n' \
        "$(printf '%s' "$cmd" | sed "s#$tmp#\$TMP#g; s/|/\\\\|/g")" "$code" "$(echo "$t1 - $t0" | bc)" "${mem:-?}" \
        "$(printf '%s' "$says" | sed "s#$tmp#\$TMP#g")"
}

# A pipe whose reader has gone: `CMD | true` gives the exit code of CMD.
piped() { row "$1 | true; exit \${PIPESTATUS[0]}"; }

echo '| command | exit | wall | peak RSS | first line |'
echo '|---|---|---|---|---|'
# Crashes and hangs.
row "timeout 3 taflcount branching --games 1000000000 --variant brandub --threads 1 >/dev/null"
row "timeout 3 taflcount branching --games 18446744073709551615 --variant brandub --threads 1 >/dev/null"
piped "taflperft --depth 4"
row "taflperft --list-variants | head -1; exit \${PIPESTATUS[0]}"
row "taflregress --json | head -5 >/dev/null; exit \${PIPESTATUS[0]}"
piped "taflregress bench"
piped "taflbench --from $tmp/run.json"
piped "taflcount complexity --all"
piped "taflmatch --variant brandub --engine greedy --engine random --games 20"
piped "taflengine </dev/null"
row "taflbench --from $tmp/slower.json --baseline $tmp/run.json | head -1; exit \${PIPESTATUS[0]}"
row "taflperft --suite $tmp/wrong.perft | head -1; exit \${PIPESTATUS[0]}"
row "taflperft --depth 1 --threads 1000000"
row "taflperft --depth 1 --threads 4294967295"
row "taflperft --variant brandub --depth 1 --threads 1024"
row "RUST_MIN_STACK=1099511627776 taflperft --variant brandub --depth 3 --threads 8"
row "RUST_MIN_STACK=1099511627776 taflcount branching --variant brandub --games 20 --threads 8"
row "taflmatch --variant brandub --engine greedy --engine random --games 2 --concurrency 1000000"
row "RUST_MIN_STACK=1099511627776 taflmatch --variant brandub --engine greedy --engine random --games 4 --concurrency 2"
row "timeout 3 taflmatch --variant brandub --engine random --engine random --concurrency 1 --games 18446744073709551614 >/dev/null"
row "taflperft --suite $tmp/deep.perft --max-nodes 1000"
# Silent wrong answers.
row "taflregress mine --records fixtures/games/copenhagen.csv --variant brandubh"
row "taflperft --estimate --depth 80 | grep -c -i 'inf\\|nan'"
row "taflperft --estimate --depth 1000 --samples 50 --json | grep -c -i 'inf\\|nan\\|null'"
row "taflbench --from $tmp/run.json --baseline $tmp/zero.json"
row "taflbench --from $tmp/run.json --baseline $tmp/negative.json"
row "taflcount complexity --branching 1e308 --length 1e308"
row "taflcount branching --max-plies 0"
row "taflperft --variant brandub --position starti:/7/7/1t1Kt2/7/7/7/7/ --side attackers --moves b5-c5xd5 --depth 1 --json | grep -c '\"nodes\": \"0\"'"
# Lost files.
row "taflregress add --records fixtures/games/brandubh.csv --game 10 --ply 8 --out $tmp/fixtures"
row "taflregress add --records fixtures/games/brandubh.csv --game 26 --ply 30 --id ../../x --out $tmp/fixtures"
# Clearer errors.
row "taflperft --variant brandub --position /7/7/7/2é4/7/7/7/ --side attackers --depth 1"
row "taflperft --suite $tmp/bom.perft"
row "taflperft --variant brandub --position /3t3/3t3/3T3//ttTKTtt/3T3/3t3/3t3/ --side attackers --depth 1"
row "taflregress mine --records /nonexistent.csv"
row "taflbench --quick --variant copenhagen --games $tmp/dir-games"
row "taflbench --quick --variant copenhagen --games $tmp/bin-games"
row "taflperft --suite $tmp/rules-twice.perft"
row "taflperft --suite $tmp/id-twice.perft"
row "taflperft --suite $tmp/empty.perft"
row "taflperft --list-variants --depth 3"
row "taflperft --depth 3 --max-nodes 1000"
row "taflcount complexity --all --json --report $tmp/report"
row "taflperft --depth -1"
row "taflmatch --engine greedy --engine random --games -2"
row "taflperft --depth 3 --moves 'd1-d3 e5-e2 g1-g3' --divide >/dev/null"
row "taflregress add --records fixtures/games/copenhagen.csv --game 12 --ply 40 --out $tmp"
row "taflregress mine --help | grep -c '1 ply (3 with --deep)'"
