"""Fixtures two or more pairs test modules share go here (none yet: each module keeps its
own). The teams and social folders show the pattern: a family corpus, built and recalculated
once a run, its modules listed in ``tests/support/scopes.py`` so they run on one worker.
Helpers a test imports live in a module (its own, or ``tests/support``), never here."""
