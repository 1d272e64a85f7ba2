"""``python -m typed_enum.migrate PATH...``."""

import sys

from typed_enum.migrate import main

sys.exit(main())
