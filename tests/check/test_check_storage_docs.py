"""docs/check-storage.md: each library's example is read as the page shows.

tests/docs runs each example with the real library and checks what it prints:
the name or the value that library stores.  Here the same file is read by the
storage map, which must say where and how each enum is stored as the page's
``typed-enum check --show-storage`` block does.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from typed_enum.check.storage import find
from typed_enum.check.storage.report import show

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "check-storage.md").read_text()
_EXAMPLE = re.compile(
    r'^```python title="(?P<file>[\w.]+)"\n(?P<code>.*?)^```\n\n```console\n.*?^```\n\n'
    r'```text title="typed-enum check --show-storage"\n(?P<shown>.*?)^```$',
    re.MULTILINE | re.DOTALL,
)
EXAMPLES = {m["file"]: (m["code"], m["shown"]) for m in _EXAMPLE.finditer(PAGE)}


def test_every_library_has_an_example() -> None:
    assert sorted(EXAMPLES) == [
        "events_msgspec.py",
        "orders_pydantic.py",
        "orders_sqlalchemy.py",
        "tickets_django.py",
    ]


@pytest.mark.parametrize("file", sorted(EXAMPLES))
def test_the_example_is_read_as_the_page_shows(file: str, tmp_path: Path) -> None:
    code, shown = EXAMPLES[file]
    (tmp_path / file).write_text(code)
    enums = re.findall(r"^(\S+): stored", shown, re.MULTILINE)
    storage = find(tmp_path, [file], enums)
    printed = show(storage, enums, "the working tree").splitlines()[1:]
    # The page leaves out each place's file:line.
    assert [re.sub(r"  \S+:\d+$", "", line) for line in printed] == shown.splitlines()
    assert storage.unread == []
