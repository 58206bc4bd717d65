import sys

from xlbridge.cli import main

sys.exit(main())
