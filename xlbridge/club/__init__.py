"""The club's own database: its register of members and its recorded sessions, in one SQLite
file (``club.sqlite`` by default). A kit: it knows no game family."""
