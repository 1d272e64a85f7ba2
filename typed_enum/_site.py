"""Where the documentation site is published: the one place its address is written.

``SITE_URL`` is the ``site_url`` of ``mkdocs.yml`` (``tests/docs`` checks
that the two agree), the site ``mkdocs build`` makes from ``docs/``.  Every
link to a page is built here from it: the mypy plugin's error-code links
(``--show-error-code-links``), and anything else that points a user at a
page.  While it is None the site has no address, and nothing links to it:
a link is never guessed.
"""

from __future__ import annotations

from typing import Final

__all__ = ["SITE_URL", "page_url"]

#: The site's address, ending in "/"; None would mean it has none (then
#: nothing links to it).  The address the project publishes docs/ at.
SITE_URL: Final[str | None] = "https://typed-enum.readthedocs.io/en/latest/"


def page_url(page: str) -> str | None:
    """The address of the page ``mkdocs`` builds from ``docs/<page>.md``, or None.

    mkdocs makes ``docs/errors/ordering.md`` the directory URL
    ``errors/ordering/`` (``use_directory_urls``, its default).
    """
    site: str | None = SITE_URL
    if site is None:
        return None
    return f"{site.rstrip('/')}/{page}/"
