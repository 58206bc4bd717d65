"""Fixtures the duplicate tests share (the helpers they import live in their modules or in
``tests/support``)."""
