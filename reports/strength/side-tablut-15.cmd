taflmatch --variant tablut-15 --engine search:depth=3 --games 30 --concurrency 2 --seed 1 --records reports/strength/side-tablut-15.csv --json
