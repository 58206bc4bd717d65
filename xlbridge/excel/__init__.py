"""The Excel add-in: the ``BRIDGE_*`` functions, their installer and their demo workbook.

- :mod:`xlbridge.excel.udf`: the functions, thin wrappers over the rules layer. Standard
  library and the rules layer only (xlwings optional), so they also run in Pyodide (xlwings
  Lite). Registered under the module name ``xlbridge.udf``, which re-exports them.
- :mod:`xlbridge.excel.cells`: reading what Excel hands over, and the short error texts.
- :mod:`xlbridge.excel.install`: ``xlbridge addin install|status`` (Windows, classic xlwings).
- :mod:`xlbridge.excel.demo`: ``xlbridge addin demo``, a workbook that uses every function.
- :mod:`xlbridge.excel.lite`: ``xlbridge addin lite``, the functions for xlwings Lite (Excel on
  Windows, Mac and the web) with the modules they use, nothing to install.

Importing this package imports none of them.
"""
