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

import hashlib
from pathlib import Path
from typing import Any

from mypy_plugin import metadata
from mypy_plugin.config import Settings


def code_fingerprint() -> str:
    """A hash of the plugin's source files."""
    digest = hashlib.sha256()
    root = Path(__file__).parent
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def config_data(settings: Settings, fingerprint: str) -> dict[str, Any]:
    """What a module's cache entry must agree with to be reused."""
    return {
        "disabled": sorted(settings.disabled),
        "record": metadata.VERSION,
        "code": fingerprint,
    }
