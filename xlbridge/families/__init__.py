"""Game families: each family's workbook, reader, rebuild adapter and importer, in one folder
(``pairs``, ``individual``, ``teams``, ``social``), and the one registry that dispatches to them.

>>> from xlbridge.families.registry import FAMILY_NAMES
>>> FAMILY_NAMES
('pairs', 'individual', 'teams', 'social')
"""
