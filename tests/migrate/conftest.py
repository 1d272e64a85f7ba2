"""Fixtures of the migrate tests; they live in migrate_helpers (a unique module name)."""

from migrate_helpers import migrate, tree

__all__ = ["migrate", "tree"]
