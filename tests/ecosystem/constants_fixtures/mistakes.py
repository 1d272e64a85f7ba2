"""The negative control: each checker must report both lines."""

from __future__ import annotations

from typed_enum import constant

READ = constant("READ", 4)

wrong: str = READ | 2  # error
also_wrong: bytes = (READ | 2).value  # error
