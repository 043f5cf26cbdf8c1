taflmatch --variant alea-evangelii --engine search:depth=3 --games 30 --concurrency 2 --seed 1 --records reports/strength/side-alea-evangelii.csv --json
