"""``typed-enum check --against REF``: enum changes that break stored and sent data.

Compares every enum class of a tree with the same tree at a git revision.
One job a module:

- ``cli``: arguments, exit status, the run from start to end;
- ``git``: the repository, revisions, temporary worktrees (always removed);
- ``tree``: which files and modules of a tree are read, their dotted names;
- ``_child``: the script a child process runs to import a tree and describe its enums;
- ``source``: what a module's source says (lines, ``auto()``; the enums of a module
  that cannot be imported);
- ``snapshot``: every enum of one revision, by importable dotted path;
- ``rules``: the comparison, one finding per breaking change;
- ``policy``: ``[tool.typed_enum.check]`` in pyproject.toml;
- ``accept``: the breaks a revision lands on purpose (``[[tool.typed_enum.check.accept]]``),
  and the entries gone stale;
- ``output``: text, json, github and sarif.
"""

from __future__ import annotations

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Run the command; see ``typed-enum check --help``."""
    from typed_enum.check.cli import main as run

    return run(argv)
