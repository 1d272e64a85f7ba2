"""Fixtures of the check tests; they live in check_helpers (a unique module name)."""

from check_helpers import repo

__all__ = ["repo"]
