"""Changing a running session without losing anything: rebuild a workbook with new settings
(:mod:`xlbridge.rebuild.carry`) and import an electronic scorer's results
(:mod:`xlbridge.rebuild.imports`)."""
