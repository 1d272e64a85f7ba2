"""The plugin's settings: which checks are on.

In ``mypy.ini`` / ``setup.cfg``::

    [mypy.plugins.typed_enum]
    ordering = false

In ``pyproject.toml``::

    [tool.typed_enum]
    ordering = false

Each key is an error code without its ``typed-enum-`` prefix; every check is
on by default but ``wildcard-arm``, which ``wildcard-arm = true`` switches on
for the whole run (on mypy 1.19+ ``enable_error_code`` does it too, also per
module; older mypy rejects a plugin's code there).  One more key,
``value-metaclasses``, names enum metaclasses (fullnames, comma-separated in
an ini file, a list in TOML) that rewrite member values in a way the plugin
does not model: their enums get no value-based check
(features/value_metaclasses.py).  An unknown key or a bad value stops mypy
with a clear message (exit status 2), as a typo in a config file should.
"""

from __future__ import annotations

import configparser
import sys
import tomllib
from typing import Final, NoReturn, final

from mypy.errorcodes import ErrorCode
from mypy.nodes import Import, ImportAll, ImportFrom, MypyFile
from mypy.options import Options

from mypy_plugin import errorcodes
from mypy_plugin.messages import did_you_mean

INI_SECTION: Final = "mypy.plugins.typed_enum"
TOML_TABLE: Final = "tool.typed_enum"

#: Every check that can be switched off, by key.
CHECKS: Final = {
    code.code.removeprefix(errorcodes.PREFIX): code
    for code in vars(errorcodes).values()
    # (errorcodes also imports mypy's own codes, the parents of its sub-codes.)
    if isinstance(code, ErrorCode) and code.code.startswith(errorcodes.PREFIX)
}


class ConfigError(Exception):
    """A malformed ``[mypy.plugins.typed_enum]`` / ``[tool.typed_enum]`` section."""


@final
class Settings:
    """Which checks are off; one instance per plugin, never changed.

    A plain slotted class, not a frozen dataclass: building that class
    (exec of generated methods) cost every mypy run about 1 ms.
    """

    __slots__ = ("disabled", "switched_on", "value_metaclasses")

    def __init__(
        self,
        disabled: frozenset[str] = frozenset(),
        switched_on: frozenset[str] = frozenset(),
        value_metaclasses: frozenset[str] = frozenset(),
    ) -> None:
        self.disabled: Final = disabled
        #: Codes that are off by default, switched on in this section.
        self.switched_on: Final = switched_on
        #: Metaclasses (fullnames) that rewrite member values unknowably.
        self.value_metaclasses: Final = value_metaclasses

    def enabled(self, code: ErrorCode) -> bool:
        return code.code not in self.disabled


#: The key that lists value-rewriting metaclasses (not a check).
VALUE_METACLASSES: Final = "value-metaclasses"


def _fullnames(where: str, value: object) -> frozenset[str]:
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
        raise ConfigError(
            f"{where}: {VALUE_METACLASSES} must list fullnames of metaclasses "
            f"(package.module.Meta), not {value!r}"
        )
    found = frozenset(item.strip() for item in items if item.strip())
    for fullname in found:
        if "." not in fullname or not all(part.isidentifier() for part in fullname.split(".")):
            raise ConfigError(
                f"{where}: {VALUE_METACLASSES}: {fullname!r} is not a fullname "
                "(package.module.Meta, where the metaclass is defined)"
            )
    return found


def _check(where: str, raw: dict[str, object], ini: bool = False) -> Settings:
    # One reader with typed-enum check's policy: TOML booleans only in TOML.
    from typed_enum._settings import boolean

    disabled = set()
    switched_on = set()
    metaclasses: frozenset[str] = frozenset()
    for key, value in raw.items():
        if key == VALUE_METACLASSES:
            metaclasses = _fullnames(where, value)
            continue
        if key not in CHECKS:
            # A full code (typed-enum-ordering) is a near miss of its suffix.
            hint = did_you_mean(key.removeprefix(errorcodes.PREFIX), CHECKS)
            raise ConfigError(
                f"{where}: unknown key {key!r}{hint}; the keys are the checks "
                f"{', '.join(sorted(CHECKS))}, each true or false, and "
                f"{VALUE_METACLASSES}"
            )
        try:
            on = boolean(value, ini=ini)
        except ValueError as exc:
            raise ConfigError(f"{where}: {key} {exc}") from None
        if not on:
            disabled.add(CHECKS[key].code)
        elif not CHECKS[key].default_enabled:
            switched_on.add(CHECKS[key].code)
    return Settings(frozenset(disabled), frozenset(switched_on), metaclasses)


def parse(config_file: str | None) -> Settings:
    """Read the plugin's section of mypy's config file (none means defaults)."""
    if not config_file:
        return Settings()
    if config_file.endswith(".toml"):
        with open(config_file, "rb") as f:
            table: object = tomllib.load(f)
        for part in TOML_TABLE.split("."):
            table = table.get(part, {}) if isinstance(table, dict) else {}
        if not isinstance(table, dict):
            raise ConfigError(f"{config_file}: [{TOML_TABLE}] must be a table")
        return _check(f"{config_file}: [{TOML_TABLE}]", table)
    parser = configparser.ConfigParser()
    parser.read(config_file)
    if not parser.has_section(INI_SECTION):
        return Settings()
    return _check(f"{config_file}: [{INI_SECTION}]", dict(parser.items(INI_SECTION)), ini=True)


def stop(message: str) -> NoReturn:
    """A configuration error: the message on stderr, mypy's exit status 2."""
    print(f"typed_enum mypy plugin: {message}", file=sys.stderr)
    raise SystemExit(2)


def load(config_file: str | None) -> Settings:
    """``parse``, turning a config error into mypy's exit status 2."""
    try:
        return parse(config_file)
    except ConfigError as exc:
        stop(str(exc))


#: The runtime package, whose classes the plugin types.
RUNTIME: Final = "typed_enum"
#: follow_imports values with which mypy reads an imported module as Any.
_HIDING = ("skip", "error")


def hidden_runtime(options: Options) -> str | None:
    """Why mypy would read ``typed_enum`` as ``Any``, or None.

    With ``follow_imports = skip`` (or ``error``) applying to typed_enum,
    every ``from typed_enum import Enum`` is ``Any``: every class derived
    from it is ``Any``, mypy reports "cannot subclass" under ``--strict``,
    and the plugin sees no enum at all.  ``silent`` reads it: that is fine.
    """
    follow = options.clone_for_module(RUNTIME).follow_imports
    if follow not in _HIDING:
        return None
    return (
        f"follow_imports = {follow} applies to typed_enum, so mypy reads every typed_enum "
        "class as Any (no enum is checked, and --strict reports each subclass); add "
        "[mypy-typed_enum.*] follow_imports = normal to the configuration "
        '([[tool.mypy.overrides]] module = ["typed_enum.*"] follow_imports = "normal" '
        "in pyproject.toml)"
    )


def imports_runtime(file: MypyFile) -> bool:
    """Whether ``file`` imports typed_enum (or one of its modules)."""
    for imported in file.imports:
        ids = (
            [name for name, _ in imported.ids]
            if isinstance(imported, Import)
            else [imported.id]
            if isinstance(imported, ImportFrom | ImportAll)
            else []
        )
        if any(i == RUNTIME or i.startswith(RUNTIME + ".") for i in ids):
            return True
    return False


def optional_code_enabled(settings: Settings, options: Options, code: ErrorCode) -> bool:
    """Whether the configuration enables an off-by-default ``code`` anywhere.

    mypy's own ``enable_error_code`` (globally, or in a ``[mypy-pkg.*]``
    section) takes a plugin's codes from mypy 1.19; older mypy reads it
    before it loads plugins and drops the code as invalid.  So ``code =
    true`` in the plugin's section enables it too, for the whole run, on
    every version: the code is added to mypy's enabled codes here, before
    mypy derives each module's options from them.
    """
    if code.code in settings.switched_on:
        # TODO: [mypy 1.19+] enable_error_code takes plugin codes; this stays for older mypy.
        options.enabled_error_codes.add(code)
        options.disabled_error_codes.discard(code)
        return True
    if code in options.enabled_error_codes or code.code in options.enable_error_code:
        return True
    return any(
        code.code in (section.get("enable_error_code") or ())  # type: ignore[operator]
        for section in options.per_module_options.values()
    )
