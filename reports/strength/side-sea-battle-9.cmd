taflmatch --variant sea-battle-9 --engine search:depth=3 --games 30 --concurrency 2 --seed 1 --records reports/strength/side-sea-battle-9.csv --json
