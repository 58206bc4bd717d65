"""The club's own database: its register of members and its recorded sessions, in one SQLite
file (``club.sqlite`` by default). A kit: it knows no game family.

:mod:`~xlbridge.club.schema` creates and migrates the file, :mod:`~xlbridge.club.store` opens it
for a command and writes in transactions, :mod:`~xlbridge.club.members` keeps the register and
:mod:`~xlbridge.club.sessions` the recorded sessions.

>>> from xlbridge.club.schema import open_database
>>> open_database(":memory:").execute("SELECT COUNT(*) FROM members").fetchone()
(0,)
"""
