"""The plugin's per-class record holds only what every supported cache format writes.

mypy 1.20-2.1's fixed-format cache (the default in 2.0 and 2.1) writes None,
int, str, bool, lists and dicts, and stops mypy with an INTERNAL ERROR on a
float (issue 38): the Planet example of the Python docs crashed mypy with the
plugin.  ``tests/test_mypy_versions.py`` and the version matrix run the real
thing on every mypy minor; this checks the record itself on any mypy.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from mypy_plugin import metadata
from mypy_plugin.metadata import EnumRecord, Value

CACHEABLE = (type(None), int, str, bool)


def _only_cacheable(data: Any) -> bool:
    if isinstance(data, dict):
        return all(isinstance(k, str) and _only_cacheable(v) for k, v in data.items())
    if isinstance(data, list):
        return all(_only_cacheable(item) for item in data)
    return type(data) in CACHEABLE


VALUES: dict[str, Value] = {
    "half": ["float", 0.5],
    "tiny": ["float", 5e-324],
    "negative": ["float", -1.5e300],
    "infinite": ["float", math.inf],
    "planet": ["tuple", [["float", 3.303e23], ["float", 2.4397e6], ["str", "Mercury"]]],
    "big": ["int", 123456789012345678901234567890],
    "flag": ["bool", True],
    "data": ["bytes", "\\x89PNG"],
    "unknown": None,
}


def test_a_record_with_float_values_is_stored_without_floats() -> None:
    record = EnumRecord(typed=True, members=list(VALUES), values=dict(VALUES))
    assert _only_cacheable(record.serialize())


def test_a_stored_record_reads_back_the_same_values() -> None:
    record = EnumRecord(typed=False, members=list(VALUES), values=dict(VALUES))
    again = EnumRecord.deserialize(record.serialize())
    assert again is not None
    assert again.values == VALUES


def test_nan_reads_back_as_nan() -> None:
    record = EnumRecord(typed=False, members=["x"], values={"x": ["float", math.nan]})
    again = EnumRecord.deserialize(record.serialize())
    assert again is not None
    value = again.values["x"]
    assert value is not None
    assert value[0] == "float"
    assert math.isnan(value[1])


class _Info:
    """The one attribute of a TypeInfo that metadata.write_constants uses."""

    def __init__(self) -> None:
        self.metadata: dict[str, Any] = {}


@pytest.mark.parametrize("value", [["float", 3.14159], ["tuple", [["float", -0.0]]]])
def test_constants_are_stored_without_floats(value: Value) -> None:
    info: Any = _Info()
    metadata.write_constants(info, {"PI": value})
    assert _only_cacheable(info.metadata)
    assert metadata.read_constants(info) == {"PI": value}
