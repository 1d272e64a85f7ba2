"""Member-added impact for ``typed-enum check`` (issue 55).

For each member added between the two revisions, every site of the new
revision that now receives it through a catch-all (``sites``), in the modules
that import the enum's module (``modules``); the report's parts in each format
(``render``); which kinds fail the check (``policy``).
"""

from typed_enum.check.impact.command import add_options, run, summary, unparsed_notes
from typed_enum.check.impact.kinds import KINDS
from typed_enum.check.impact.run import NOT_LOOKED_AT, Impact, Site, find_impact

__all__ = [
    "KINDS",
    "NOT_LOOKED_AT",
    "Impact",
    "Site",
    "add_options",
    "find_impact",
    "run",
    "summary",
    "unparsed_notes",
]
