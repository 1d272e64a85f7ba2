"""The kinds of site that receive a new member through a catch-all.

One table: kind -> (what the site is, how to make it explicit).  A kind ending
in ``-raises`` is the same site whose first statement is a ``raise``: the new
member now raises there.
"""

from __future__ import annotations

from typing import Final

__all__ = ["KINDS", "MENTION", "MENTION_RULE"]

#: kind -> (what the site is, how to make it name every member).
KINDS: Final = {
    "wildcard": (
        "a `case _:` or capture arm of a match whose other arms name members: the new member "
        "now runs it",
        "name the member in an arm of its own, or end the match with `case _: assert_never(x)`",
    ),
    "wildcard-raises": (
        "a `case _:` or capture arm that raises, in a match whose other arms name members: "
        "the new member now raises there",
        "name the member in an arm of its own, or end the match with `case _: assert_never(x)`",
    ),
    "else": (
        "the `else:` of an if/elif chain that named every old member: unreachable before, the "
        "new member now runs it",
        "name the member in a branch of its own, and end the chain with `else: assert_never(x)`",
    ),
    "else-raises": (
        "the `else:` of an if/elif chain that named every old member and raises: the new "
        "member now raises there",
        "name the member in a branch of its own, and end the chain with `else: assert_never(x)`",
    ),
    "fall-through": (
        "an if/elif chain that named every old member and has no `else:`: the new member runs "
        "none of its branches",
        "name the member in a branch of its own, and add `else: assert_never(x)`",
    ),
    "branch": (
        "an `if`/`elif` branch that no old member took (found with mypy's types: `if x is not "
        "A and x is not B:`): the new member now runs it",
        "name the member in a branch of its own, and end the chain with `else: assert_never(x)`",
    ),
    "branch-raises": (
        "an `if`/`elif` branch that no old member took and raises (found with mypy's types): "
        "the new member now raises there",
        "name the member in a branch of its own, and end the chain with `else: assert_never(x)`",
    ),
    "table": (
        "a dict literal keyed by every old member, subscripted: the new member raises KeyError",
        "give the member its key, or build the table with exhaustive_map(Enum, {...})",
    ),
    "table-default": (
        "a dict literal keyed by every old member, read with .get(): the new member gets the "
        "default",
        "give the member its key, or build the table with exhaustive_map(Enum, {...})",
    ),
    "membership": (
        "a membership test against an explicit tuple, set or list of members: the new member "
        "is not in it",
        "add the member to the collection, or say why it is left out with a match that names it",
    ),
    "iteration": (
        "a for loop over an explicit tuple, set or list of members: the new member is not "
        "among those it visits",
        "add the member to the collection, or loop over the enum itself",
    ),
}

#: A site of the new revision that still names a removed member (not a catch-all:
#: mypy reports it, the report says where): its rule id, description and fix.
MENTION: Final = "impact-removed-named"
MENTION_RULE: Final = (
    "a site of the new revision that still names a removed member: a mypy error "
    "([attr-defined]) there",
    "name the member that replaces it, or keep the old name as an alias or retire it with "
    "reserved()",
)
