"""What mypy's cache must be invalidated by: the plugin's settings and code.

mypy re-checks a cached module when its options change, but it knows
nothing of ``[mypy.plugins.typed_enum]`` / ``[tool.typed_enum]``, and of the
plugin's code it hashes only ``mypy_plugin/__init__.py``.  Without this,
switching a check on with a warm cache reports nothing for modules that were
clean (mypy 1.14.1 and 2.4.1), switching one off still replays its errors
from the cache (2.4.1), and after an upgrade of the plugin the classes read
back from the cache carry records of the old shape (``metadata.read`` then
returns None and the plugin's checks are silently off for them).

``report_config_data`` is stored in every module's cache entry; a different
value makes mypy re-check the module.
"""

from __future__ import annotations

import os
import zlib
from typing import Any

from mypy_plugin import metadata
from mypy_plugin.config import Settings


def code_fingerprint(root: str = os.path.dirname(__file__)) -> str:
    """A checksum of the plugin's source files under ``root``: their paths and contents.

    CRC-32 of every ``.py`` file's path and bytes, in path order, with the
    total length: a change that keeps both is vanishingly unlikely, and this
    is no defence against an adversary, only a stale cache's detector.  It is
    paid by every mypy run, incremental ones included, so it is kept cheap:
    ``os.scandir`` and one checksum cost 2.0M instructions for the ~230 kB
    of source, against 6.2M for ``Path.rglob`` with CRC-32 and Adler-32
    (callgrind, Python 3.11): 0.6% of an incremental run that re-checks one
    module.
    """
    files: list[str] = []
    folders = [""]
    while folders:
        folder = folders.pop()
        with os.scandir(os.path.join(root, folder)) as entries:
            for entry in entries:
                if entry.is_dir():
                    if entry.name != "__pycache__":
                        folders.append(f"{folder}{entry.name}/")
                elif entry.name.endswith(".py"):
                    files.append(folder + entry.name)
    crc = 0
    size = 0
    for name in sorted(files):
        with open(os.path.join(root, name), "rb") as source:
            data = source.read()
        crc = zlib.crc32(data, zlib.crc32(name.encode() + b"\0", crc))
        size += len(name) + 1 + len(data)
    return f"{crc:08x}-{size}"


def config_data(settings: Settings, fingerprint: str, links: str | None = None) -> dict[str, Any]:
    """What a module's cache entry must agree with to be reused.

    mypy asks for it once per module (``report_config_data``); the plugin
    builds it once (``TypedEnumPlugin.__init__``) and returns that object.
    ``links`` is where this run's error-code links point (``links.site``):
    mypy 2.x replays a cached module's errors with the notes it had.
    """
    return {
        "disabled": sorted(settings.disabled),
        "switched_on": sorted(settings.switched_on),
        "record": metadata.VERSION,
        "code": fingerprint,
        "links": links,
    }
