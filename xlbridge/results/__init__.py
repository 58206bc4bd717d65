"""The results engine: a session's results read, scored in Python and published.

- :mod:`xlbridge.results.traveller`: one board's traveller CSV, scored (typed, frozen results).
- :mod:`xlbridge.results.session`: a session scored again in Python (its reader, scorer and
  DataFrames live with the pairs and individual form, :mod:`xlbridge.families.duplicate`).
- :mod:`xlbridge.results.tables`, ``html``, ``usebio``, ``pbn``: the outputs (text, CSV, the
  HTML page, USEBIO 1.2, PBN 2.1 score tables).
- :mod:`xlbridge.results.vector`: a million results scored and matchpointed with numpy.

pandas and numpy are imported only by ``vector`` (and the form's ``frames``), never by
``import xlbridge``.
"""

from __future__ import annotations
