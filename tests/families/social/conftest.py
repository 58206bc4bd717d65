"""Fixtures the social tests share (the helpers they import live in their modules or in
``tests/support``)."""
