taflmatch --variant foteviken-tablut --engine search:depth=3 --games 30 --concurrency 2 --seed 1 --records reports/strength/side-foteviken-tablut.csv --json
