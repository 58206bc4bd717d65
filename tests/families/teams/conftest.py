"""Fixtures the teams tests share (the helpers they import live in their modules or in
``tests/support``)."""
