"""The duplicate form that pairs and individual games share: travellers scored against each
other, the Names and Recap sheets, the Session sheet's settings, and the reader and scorer of
such a workbook. It is no family of its own (no ``FAMILY``): ``pairs`` and ``individual``
declare that they build on it (``DEPENDS``), and no other family imports it.

>>> from xlbridge.families.duplicate.session_sheet import movement_options_text
>>> from xlbridge.movements.options import MovementOptions
>>> movement_options_text(MovementOptions(half_table=True))
'--half-table'
"""
