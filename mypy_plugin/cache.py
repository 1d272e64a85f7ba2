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

import zlib
from pathlib import Path
from typing import Any

from mypy_plugin import metadata
from mypy_plugin.config import Settings


def code_fingerprint() -> str:
    """A checksum of the plugin's source files: their names and contents.

    CRC-32 and Adler-32 of the same bytes, with their length: a change that
    keeps all three is vanishingly unlikely, and this is no defence against
    an adversary, only a stale cache's detector.  (SHA-256 of the ~230 kB of
    source cost every mypy run about 6M instructions, as much as a tenth of
    the plugin's own work on a small package; these cost a tenth of that.)
    """
    crc = adler = 1
    size = 0
    root = Path(__file__).parent
    for path in sorted(root.rglob("*.py")):
        for chunk in (path.relative_to(root).as_posix().encode(), b"\0", path.read_bytes()):
            crc = zlib.crc32(chunk, crc)
            adler = zlib.adler32(chunk, adler)
            size += len(chunk)
    return f"{crc:08x}{adler:08x}-{size}"


def config_data(settings: Settings, fingerprint: str) -> dict[str, Any]:
    """What a module's cache entry must agree with to be reused.

    mypy asks for it once per module (``report_config_data``); the plugin
    builds it once (``TypedEnumPlugin.__init__``) and returns that object.
    """
    return {
        "disabled": sorted(settings.disabled),
        "record": metadata.VERSION,
        "code": fingerprint,
    }
