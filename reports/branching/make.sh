#!/usr/bin/env bash
# Regenerates every branching report in this folder:  bash reports/branching/make.sh
# Self-play: greedy vs greedy (the one-ply player of the Octagon Theory essay), seed 1,
# ply cap 1000; recorded games: every game of fixtures/games/*.csv.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --quiet --bin taflcount
run() { ./target/release/taflcount branching "$@" --report reports/branching --force > /dev/null; }
run --variant copenhagen --player greedy --games 1000 --seed 1
run --variant brandub --player greedy --games 2000 --seed 1
run --variant tablut --player greedy --games 1000 --seed 1
run --variant copenhagen --records fixtures/games/copenhagen.csv
run --variant brandubh --records fixtures/games/brandubh.csv
