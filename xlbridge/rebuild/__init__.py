"""Changing a running session without losing anything: rebuild a workbook with new settings
(:mod:`xlbridge.families.pairs.rebuild`) and import an electronic scorer's results
(:mod:`xlbridge.families.pairs.importer`)."""
