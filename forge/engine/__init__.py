"""The rules engine: games as states and moves, worked examples, simulation."""
