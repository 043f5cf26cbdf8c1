taflmatch --variant brandub --games 20 --concurrency 2 --seed 1 --engine mcts:movetime=50ms --engine search:movetime=50ms --json
