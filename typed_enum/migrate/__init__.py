"""``typed-enum migrate``: move a codebase from stdlib ``enum`` to typed_enum.

Run as ``typed-enum migrate PATH...`` or ``python -m typed_enum.migrate
PATH...``.  It needs libcst (``pip install 'typed_enum[migrate]'``), which
keeps formatting and comments.  One job a module:

- ``cli``: arguments, the file walk, progress, ``--diff``/``--check``, exit status;
- ``analysis``: what each module declares (enum classes, metaclasses, references);
- ``plan``: which classes can move, decided over the whole tree;
- ``meta_aliases``: metaclasses whose enums repeat values, which stay stdlib's;
- ``identity``: checks that tell stdlib's enum classes apart by identity, kept;
- ``rewrite``: the libcst transformer that applies the plan to one module;
- ``values``: safe evaluation of member values (no code is run);
- ``report``: findings and how they are printed.
"""

from __future__ import annotations

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Run the command; see ``typed-enum migrate --help``."""
    from typed_enum.migrate.cli import main as run

    return run(argv)
