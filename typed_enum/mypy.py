"""The typed_enum mypy plugin, under the package's own name.

Name it in your mypy configuration (the recommended spelling)::

    [mypy]
    plugins = typed_enum.mypy

``plugins = mypy_plugin`` names the same plugin and keeps working.  Importing
``typed_enum`` at run time never imports this module, nor mypy.
"""

from __future__ import annotations

from mypy_plugin import plugin

__all__ = ["plugin"]
