"""The cache of each file's census: keyed by blob id, atomic entries, bounded, private."""

from __future__ import annotations

import os
import subprocess
import threading
from pathlib import Path

import pytest

from typed_enum.check.census import Census, blob_id, default_directory
from typed_enum.check.snapshot import _parse_bytes
from typed_enum.check.source import ModuleSource

SOURCE = b"from enum import Enum\nclass Color(Enum):\n    red = 1\n"


def test_the_blob_id_is_gits(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_bytes(SOURCE)
    done = subprocess.run(
        ["git", "hash-object", str(tmp_path / "m.py")], capture_output=True, text=True, check=True
    )
    assert blob_id(SOURCE) == done.stdout.strip()


def test_a_second_run_takes_the_census_from_the_cache(tmp_path: Path) -> None:
    first = Census(tmp_path)
    parsed = first.parse(SOURCE, _parse_bytes)
    assert isinstance(parsed, ModuleSource)
    assert (first.counts.parsed, first.counts.cached) == (1, 0)
    assert first.parse(SOURCE, _parse_bytes) is parsed  # the other revision's file: shared
    assert first.counts.shared == 1
    second = Census(tmp_path)
    again = second.parse(SOURCE, _parse_bytes)
    assert (second.counts.parsed, second.counts.cached) == (0, 1)
    assert isinstance(again, ModuleSource)
    assert list(again.classes) == ["Color"]
    assert again.classes["Color"].members["red"].line == 3


def test_a_damaged_entry_is_parsed_again(tmp_path: Path) -> None:
    Census(tmp_path).parse(SOURCE, _parse_bytes)
    (entry,) = [
        p for p in tmp_path.rglob("*") if p.is_file() and p.parent.name == blob_id(SOURCE)[:2]
    ]
    entry.write_bytes(b"not a pickle")
    census = Census(tmp_path)
    assert isinstance(census.parse(SOURCE, _parse_bytes), ModuleSource)
    assert census.counts.parsed == 1


def test_two_runs_at_once_never_see_half_an_entry(tmp_path: Path) -> None:
    sources = [SOURCE + f"    c{i} = {i + 2}\n".encode() for i in range(60)]
    seen: list[object] = []

    def run() -> None:
        census = Census(tmp_path)
        seen.extend(census.parse(source, _parse_bytes) for source in sources)

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 240
    assert all(isinstance(found, ModuleSource) for found in seen)
    assert not list(tmp_path.rglob(".tmp-*"))  # every temporary file renamed


def test_the_cache_is_bounded_least_recently_used_first(tmp_path: Path) -> None:
    census = Census(tmp_path, limit=1)
    census.parse(SOURCE, _parse_bytes)
    census.parse(SOURCE + b"# other\n", _parse_bytes)
    census.trim()
    assert census.directory is not None
    assert not list(census.directory.glob("*/*"))


def test_a_directory_others_can_write_to_is_not_used(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    (shared / "census").mkdir(parents=True)
    census = Census(shared)
    assert census.directory is not None
    os.chmod(census.directory, 0o777)
    assert Census(shared).directory is None


def test_the_default_directory_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("TYPED_ENUM_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert default_directory() == tmp_path / "typed-enum"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    assert default_directory() == Path.home() / ".cache" / "typed-enum"
    monkeypatch.setenv("TYPED_ENUM_CACHE_DIR", str(tmp_path / "mine"))
    assert default_directory() == tmp_path / "mine"
