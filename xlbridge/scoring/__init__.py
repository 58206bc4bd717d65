"""Scoring rules: contract scores, matchpoints, IMPs, victory points, rubber and Chicago."""
