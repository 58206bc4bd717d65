"""Movements: who sits where, which boards they play, when they move (rules layer)."""
