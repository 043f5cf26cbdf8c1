//! How many legal positions a variant has (issue 26): a superset counted exactly and
//! sampled uniformly, each sample decided legal (a proof game), illegal (a proven
//! necessary condition) or undecided. Work in progress.
