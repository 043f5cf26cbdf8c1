taflmatch --variant copenhagen --games 10 --concurrency 2 --seed 1 --engine mcts:movetime=50ms,cutoff=20 --engine search:movetime=50ms --json
