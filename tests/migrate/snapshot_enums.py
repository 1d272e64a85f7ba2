"""Print, as JSON, what the given packages' modules and enums are at run time.

Run by test_migrate_packages.py in a subprocess whose PYTHONPATH puts one copy
of the packages (unmigrated or migrated) first: every module is imported, and
for each enum class defined at a module's top level its members in iteration
order, their values, its aliases and value lookups are recorded, plus whether
the class is now a typed_enum class (recorded apart: it is what differs).
``classes`` lists every enum class the modules define, nested ones too (as
``module:qualname``), each with whether it is a typed_enum class: the count
a migration must account for (moved or reported).
"""

from __future__ import annotations

import enum
import importlib
import json
import pkgutil
import re
import sys
import warnings


def _repr(value: object) -> str:
    """``repr(value)`` without the address of a sentinel ``object()``."""
    return re.sub(r" at 0x[0-9a-f]+", " at 0x...", repr(value))


def _enum(cls: enum.EnumMeta) -> dict[str, object]:
    members = list(cls)
    return {
        "members": [[m.name, _repr(m.value)] for m in members],
        "aliases": {name: m.name for name, m in cls.__members__.items() if m.name != name},
        "lookups": [[_repr(m.value), cls(m.value).name] for m in members],
        "by_name": {name: cls[name].name for name in cls.__members__},
    }


def _typed_enum_type() -> type | tuple[()]:
    """typed_enum's metaclass; ``()`` (nothing is an instance) where typed_enum is
    not installed, as in a package's venv before its migration
    (benchmarks/migrate_real.py counts enums there with ``classes``)."""
    try:
        from typed_enum import TypedEnumType
    except ImportError:
        return ()
    return TypedEnumType


def classes(owner: object, prefix: str, module: str, found: dict[str, bool]) -> None:
    """Every enum class under ``owner`` defined in ``module``, nested ones too, into
    ``found`` as ``module:qualname`` -> whether it is a typed_enum class."""
    typed_enum_type = _typed_enum_type()
    for name, value in sorted(vars(owner).items()):
        if not isinstance(value, type) or getattr(value, "__module__", None) != module:
            continue
        qualname = prefix + name
        if getattr(value, "__qualname__", None) != qualname or f"{module}:{qualname}" in found:
            continue
        if isinstance(value, enum.EnumMeta):
            found[f"{module}:{qualname}"] = isinstance(value, typed_enum_type)
        classes(value, qualname + ".", module, found)


def main(packages: list[str]) -> None:
    warnings.simplefilter("ignore")
    imports: dict[str, str] = {}
    enums: dict[str, object] = {}
    typed: list[str] = []
    found: dict[str, bool] = {}
    typed_enum_type = _typed_enum_type()

    names: list[str] = []
    for package in packages:
        root = importlib.import_module(package)
        names.append(package)
        if hasattr(root, "__path__"):
            names.extend(
                info.name
                for info in pkgutil.walk_packages(
                    root.__path__, f"{package}.", onerror=lambda _: None
                )
            )
    for name in sorted(set(names)):
        try:
            module = importlib.import_module(name)
        except BaseException as exc:  # an optional dependency missing, before and after
            imports[name] = type(exc).__name__
            continue
        imports[name] = "ok"
        classes(module, "", name, found)
        for attr, value in sorted(vars(module).items()):
            if (
                isinstance(value, enum.EnumMeta)
                and value.__module__ == name
                and attr == value.__name__
            ):
                key = f"{name}.{attr}"
                enums[key] = _enum(value)
                if isinstance(value, typed_enum_type):
                    typed.append(key)
    json.dump(
        {"imports": imports, "enums": enums, "typed": typed, "classes": found},
        sys.stdout,
        indent=1,
    )


if __name__ == "__main__":
    main(sys.argv[1:])
