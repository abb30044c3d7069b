"""The rules core: positions, moves, scoring, maps, bots, records (no widgets)."""
