"""The results engine: a session's results read, scored in Python and published.

- :mod:`xlbridge.results.traveller`: one board's traveller CSV, scored (typed, frozen results).
- :mod:`xlbridge.results.readers`: a reader per workbook family (a registry), input cells only.
- :mod:`xlbridge.results.session`: a session scored again in Python, compared cell by cell.
- :mod:`xlbridge.results.tables`, ``html``, ``usebio``, ``pbn``, ``frames``: the outputs (text,
  CSV, the HTML page, USEBIO 1.2, PBN 2.1 score tables, pandas DataFrames).
- :mod:`xlbridge.results.vector`: a million results scored and matchpointed with numpy.

pandas and numpy are imported only by ``frames`` and ``vector``, never by ``import xlbridge``.
"""

from __future__ import annotations
