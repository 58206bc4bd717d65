"""Interchange engine: reading user files safely, and the file formats xlbridge reads and writes.

Every file a user hands xlbridge (workbooks, templates, CSV, PBN) goes through
:mod:`xlbridge.interchange.gate`, which checks size, archive expansion and XML entities before
any parser sees the bytes.
"""

from __future__ import annotations
