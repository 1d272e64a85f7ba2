"""``python -m typed_enum COMMAND ...``: the ``typed-enum`` console script."""

import sys

from typed_enum.cli import command

sys.exit(command())
