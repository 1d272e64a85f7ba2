"""A small shop, as a code-review scenario for typed_enum's mypy plugin.

``status`` defines the enums; the other modules use them the ways real code
does: a ``match`` (``workflow``), an ``if/elif`` chain ending in
``assert_never`` (``notifications``), lookup tables that must name every
member (``labels``), lookups from stored values (``orders``), and an open
enum that plugins extend (``shipping``).  Add a member to ``OrderStatus``
and ``mypy --config-file examples/mypy.ini examples/`` names every place
that no longer handles all of them, and nothing else.
"""
