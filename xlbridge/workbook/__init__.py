"""The workbook kit, which knows no game family: cells read and written, styles, text safety,
the input cells of a contract row, the shared formulas (Law 77, matchpoints, ranks), the
traveller form, the Checks sheet and recalculation. Each family's sheets are in its folder
(``xlbridge/families/``).

>>> from xlbridge.text import clean_text
>>> clean_text("Club pairs", "event")
'Club pairs'
"""
