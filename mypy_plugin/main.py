"""The plugin class: dispatch only; each feature lives in ``features/``.

Hooks resolve the fullname they are asked about, decide from tables or from
the class's ``TypeInfo`` which feature owns it, and return that feature's
callback; no type logic lives here.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from functools import partial
from typing import Any, final

from mypy.nodes import MypyFile, TypeInfo
from mypy.options import Options
from mypy.plugin import (
    AnalyzeTypeContext,
    AttributeContext,
    ClassDefContext,
    DynamicClassDefContext,
    FunctionContext,
    FunctionSigContext,
    MethodContext,
    MethodSigContext,
    Plugin,
    ReportConfigContext,
)
from mypy.types import CallableType, Type

from mypy_plugin import cache, config, errorcodes, links, names
from mypy_plugin.config import Settings

# Features used while checking code that uses enums.  Those that only read
# enum class bodies or define enums (constructors, definitions, deps,
# functional, metaclasses) are imported on first use, below: an incremental
# run that re-checks only modules using enums never loads them.
from mypy_plugin.features import (
    aliases,
    constants,
    equality,
    flag_bodies,
    flags,
    lookups,
    maps,
    members,
    membership,
    open_enums,
    ordering,
    reserved,
    traps,
    value_metaclasses,
    value_types,
)

ClassAnalyser = Callable[[Settings, ClassDefContext, membership.ClassBody], None]
AttributeCallback = Callable[[AttributeContext], Type]


@functools.cache
def class_analysers() -> tuple[ClassAnalyser, ...]:
    """What runs for every enum class body, in order.

    ``members.analyse_class`` writes the class's record first; the others
    read it.  Imported at the first enum class a run analyses.
    """
    from mypy_plugin.features import constructors, definitions, deps, metaclasses

    return (
        members.analyse_class,
        membership.analyse_class,
        constructors.analyse_class,
        value_types.analyse_class,
        traps.analyse_class,
        # A Flag's boundary (lookups) decides whether open_enums hides its members.
        lookups.analyse_class,
        open_enums.analyse_class,
        definitions.analyse_class,
        metaclasses.analyse_class,
        # Keep last: it sees every name the others add.
        deps.analyse_class,
    )


def _extend_callback(settings: Settings, ctx: MethodContext) -> Type:
    from mypy_plugin.features import definitions

    return definitions.extend_callback(settings, ctx)


#: typed_enum's classmethods whose calls a feature refines, by bare name.
ENUM_METHODS: dict[str, Callable[[Settings, MethodContext], Type]] = {
    **lookups.METHODS,
    names.EXTEND: _extend_callback,
}

#: ``Constants`` classmethods whose calls are refined, by bare name.
GROUP_METHODS: dict[str, Callable[[Settings, MethodContext], Type]] = {
    names.FROM_VALUE: constants.from_value_callback,
    names.FROM_NAME: constants.from_name_callback,
    names.HAS_NAME: constants.has_name_callback,
}


def _flag_contains(settings: Settings, ctx: MethodSigContext) -> CallableType:
    """``x in c``: a narrowed Flag's own signature first, then the cross-enum check."""
    signature = flags.contains_signature(ctx)
    return equality.contains_signature(settings, ctx._replace(default_signature=signature))


def _define_enum(settings: Settings, ctx: DynamicClassDefContext) -> None:
    from mypy_plugin.features import functional

    functional.define_enum(settings, ctx)


def _analyse_enum_class(settings: Settings, ctx: ClassDefContext) -> None:
    # The body is read once, for every analyser (see membership.class_body).
    body = membership.class_body(ctx.cls.info, ctx.cls.defs.body)
    # What a framework's metaclass keeps as each value (Django's labels).
    value_metaclasses.apply(settings, ctx, body)
    for analyse in class_analysers():
        analyse(settings, ctx, body)


class _Answers(dict[str, Any]):
    """One hook's answers by fullname, each decided once per build.

    Bound as the hook itself (``plugin.get_attribute_hook = answers.__getitem__``):
    mypy then calls a C dict lookup, and only a fullname not seen before runs
    ``decide`` (through ``__missing__``).  Only for hooks whose answer cannot
    change within a build (``MEMOISED_HOOKS``); under the daemon, within an
    update (see ``TypedEnumPlugin``).
    """

    __slots__ = ("_decide",)

    def __init__(self, decide: Callable[[str], Any]) -> None:
        super().__init__()
        self._decide = decide

    def __missing__(self, fullname: str) -> Any:
        answer = self[fullname] = self._decide(fullname)
        return answer


#: Hooks whose answer for a fullname holds for the whole build.  The
#: check-phase ones are asked when every class a fullname can name is
#: analysed and its plugin record written.  The two semantic-analysis ones
#: decide from the named class's ``is_enum`` and MRO only, and mypy asks
#: them for a base class or callee it has already resolved to a complete
#: ``TypeInfo`` (it defers the class or call until then); a wrapper that
#: recomputed every answer and compared it with the first found no change
#: over the typecheck cases (mypy 1.14.1 and 2.4.1), python-telegram-bot,
#: cryptography, click and the generated codebase.
MEMOISED_HOOKS = (
    "get_base_class_hook",
    "get_dynamic_class_hook",
    "get_attribute_hook",
    "get_class_attribute_hook",
    "get_function_hook",
    "get_function_signature_hook",
    "get_method_hook",
    "get_method_signature_hook",
)


def _class_info(plugin: Plugin, fullname: str) -> TypeInfo | None:
    """The class ``fullname`` names, or None (one compiled lookup, no more)."""
    sym = plugin.lookup_fully_qualified(fullname)
    node = sym.node if sym is not None else None
    return node if isinstance(node, TypeInfo) else None


@final
class TypedEnumPlugin(Plugin):
    """Makes mypy understand typed_enum (and stdlib enums) exactly.

    Cost (issue 20): mypy asks some hooks for every name of the checked code
    (each annotation, call, attribute and operator), so a hook must say
    "not mine" in next to no time.  Hooks whose answer depends only on the
    fullname are bound, per instance, to the ``get`` of their table: mypy
    then calls a C method and no Python frame runs (the methods below give
    the same answers and document them).  The others find a name's class
    with one compiled lookup and decide from it, once per fullname and
    build: ``MEMOISED_HOOKS`` are bound to an ``_Answers`` table.  Under the
    daemon (``fine_grained_incremental``) the plugin object outlives a run
    and a fullname (even the same ``TypeInfo`` object, which fine-grained
    updates merge in place) can change meaning between updates, so the
    tables are emptied at the start of each update (``get_additional_deps``).
    A hook is returned only where
    its callback can act: a returned hook makes mypy build a context and
    copy the signature or type at every site.
    """

    def __init__(self, options: Options) -> None:
        super().__init__(options)
        self.settings = config.load(options.config_file)
        self._config_data = cache.config_data(
            self.settings, cache.code_fingerprint(), links.site(options)
        )
        self._attribute_hooks: dict[str, Callable[[AttributeContext], Type]] = {
            **dict.fromkeys(names.ENUM_VALUE_ACCESS, value_types.value_callback),
            **dict.fromkeys(names.ENUM_NAME_ACCESS, value_types.name_callback),
        }
        self._function_hooks: dict[str, Callable[[FunctionContext], Type]] = {
            names.EXHAUSTIVE_MAP: maps.make_callback(self.settings),
            names.CONSTANT: constants.constant_callback,
            names.AUTO: flag_bodies.auto_callback,
        }
        self._function_signature_hooks: dict[str, Callable[[FunctionSigContext], CallableType]] = {
            names.EXHAUSTIVE_MAP: maps.make_signature_callback(self.settings),
            **dict.fromkeys(
                names.ASSERT_NEVER, open_enums.make_assert_never_callback(self.settings)
            ),
            **{
                fullname: partial(ordering.sorting_signature, self.settings, function)
                for fullname, function in (
                    (names.SORTED, "sorted"),
                    (names.MIN, "min"),
                    (names.MAX, "max"),
                )
            },
        }
        # Operator methods by bare name, for any receiver class: the enum may
        # be the argument ("x" < Mode.read asks builtins.str.__lt__) or a
        # Literal (asked under the class defining the method).  Each callback
        # returns at its first check when no enum is involved.
        self._operator_signature_hooks: dict[str, Callable[[MethodSigContext], CallableType]] = {
            **{
                method: partial(ordering.comparison_signature, self.settings, method)
                for method in names.ORDERING_METHODS
            },
            **{
                method: partial(equality.equality_signature, self.settings, method)
                for method in names.EQUALITY_METHODS
            },
            names.CONTAINS: partial(_flag_contains, self.settings),
            names.ITER: partial(equality.iter_signature, self.settings),
        }
        literal = traps.make_literal_callback()
        self._type_analyze_hooks: dict[str, Callable[[AnalyzeTypeContext], Type]] = (
            dict.fromkeys(names.LITERAL, literal) if literal is not None else {}
        )
        self._method_signature_hooks: dict[str, Callable[[MethodSigContext], CallableType]] = {
            names.LIST_SORT: partial(ordering.list_sort_signature, self.settings),
        }
        # Callbacks built once, not at every call site.
        self._enum_class_hook = partial(_analyse_enum_class, self.settings)
        self._enum_call_hook = partial(lookups.call_callback, self.settings)
        self._functional_hook = partial(_define_enum, self.settings)
        self._enum_method_hooks = {
            method: partial(callback, self.settings) for method, callback in ENUM_METHODS.items()
        }
        self._group_method_hooks = {
            method: partial(callback, self.settings) for method, callback in GROUP_METHODS.items()
        }
        #: Bare method names get_method_hook can answer for; any other is None at once.
        self._hooked_methods = (
            frozenset(ENUM_METHODS) | frozenset(GROUP_METHODS) | flags.SELF_RETURNING
        )
        # A pure table lookup: mypy calls dict.get directly (see the class docstring).
        # (setattr: dict.get's overloads do not match the method's declared type.)
        setattr(self, "get_type_analyze_hook", self._type_analyze_hooks.get)  # noqa: B010
        #: The class a check-phase hook's fullname names (``_class_info``).
        #: Many fullnames share a class (6,703 attribute fullnames of a few
        #: hundred classes on zigpy), so outside the daemon each class is
        #: looked up once per build.  Only the check-phase hooks use it:
        #: while mypy analyses, a name may still be a placeholder.
        self._checked_class: Callable[[str], TypeInfo | None] = partial(_class_info, self)
        #: typed-enum-wildcard-arm is off by default: where the configuration
        #: does not enable it, its feature is not even imported.
        self._wildcard_arms: (
            Callable[[TypeInfo, str, AttributeCallback | None], AttributeCallback | None] | None
        ) = None
        if config.optional_code_enabled(self.settings, options, errorcodes.WILDCARD_ARM):
            from mypy_plugin.features import wildcard

            self._wildcard_arms = partial(wildcard.member_callback, self.settings)
        #: Every memo; under the daemon each update starts with them empty
        #: (``get_additional_deps``).
        self._memos: list[_Answers] = []
        for hook in MEMOISED_HOOKS:
            answers = _Answers(getattr(self, hook))
            self._memos.append(answers)
            setattr(self, hook, answers.__getitem__)
        checked = _Answers(self._checked_class)
        self._memos.append(checked)
        self._checked_class = checked.__getitem__
        self._fine_grained = options.fine_grained_incremental
        #: Why mypy would read typed_enum as Any (follow_imports = skip), or None.
        self._hidden_runtime = config.hidden_runtime(options)

    def get_base_class_hook(self, fullname: str) -> Callable[[ClassDefContext], None] | None:
        info = _class_info(self, fullname)
        if info is None:
            return None
        if info.is_enum:
            return self._enum_class_hook
        return constants.analyse_group if constants.is_group(info) else None

    def get_class_attribute_hook(self, fullname: str) -> Callable[[AttributeContext], Type] | None:
        owner, _, attribute = fullname.rpartition(".")
        info = self._checked_class(owner)
        if info is None:
            return None
        if not info.is_enum:
            if constants.is_group(info) and attribute in constants.group_constants(info):
                return constants.make_attribute_callback(info, attribute)
            return None
        if reserved.is_retired(info, attribute):
            return reserved.make_access_callback(self.settings, info, attribute)
        target = aliases.alias_target(info, attribute)
        callback = aliases.make_alias_callback(info, target) if target else None
        if open_enums.is_open_member(info, attribute):
            return open_enums.make_member_callback(self.settings, info, attribute, callback)
        if callback is None:
            callback = membership.attribute_callback(self.settings, info, attribute)
        if self._wildcard_arms is not None:
            return self._wildcard_arms(info, attribute, callback)
        return callback

    def get_type_analyze_hook(self, fullname: str) -> Callable[[AnalyzeTypeContext], Type] | None:
        return self._type_analyze_hooks.get(fullname)

    def get_attribute_hook(self, fullname: str) -> Callable[[AttributeContext], Type] | None:
        hook = self._attribute_hooks.get(fullname)
        if hook is not None:
            return hook
        owner, _, attribute = fullname.rpartition(".")
        info = self._checked_class(owner)
        if info is None or not info.is_enum:
            return None
        if attribute in names.SHADOWED_ATTRIBUTES:
            # A member named value/name: instance access finds it, not Enum's.
            if value_types.shadowing_member(info, attribute):
                return self._attribute_hooks.get(f"{names.STD_ENUM}.{attribute}")
            return None
        if open_enums.is_open_member(info, attribute):
            # ``self.NONE`` in a Flag's method: the member, as ``F.NONE`` is.
            # mypy alone reads the member's Var, which analyse_class hid from
            # its expansion, and types it by its value (``int``).
            return open_enums.make_member_callback(self.settings, info, attribute, None)
        return None

    def get_function_hook(self, fullname: str) -> Callable[[FunctionContext], Type] | None:
        hook = self._function_hooks.get(fullname)
        if hook is not None:
            return hook
        info = self._checked_class(fullname)
        return self._enum_call_hook if info is not None and info.is_enum else None

    def get_dynamic_class_hook(
        self, fullname: str
    ) -> Callable[[DynamicClassDefContext], None] | None:
        info = _class_info(self, fullname)
        if info is None or not info.is_enum:
            return None
        from mypy_plugin.features import functional  # on first use (see the imports)

        return self._functional_hook if functional.accepts(info) else None

    def get_method_hook(self, fullname: str) -> Callable[[MethodContext], Type] | None:
        owner, _, method = fullname.rpartition(".")
        if method not in self._hooked_methods:
            return None
        info = self._checked_class(owner)
        if info is None:
            return None
        if info.is_enum and method in ENUM_METHODS and _inherited(info, method, names.ENUM):
            return self._enum_method_hooks[method]
        if (
            method in GROUP_METHODS
            and constants.is_group(info)
            and _inherited(info, method, names.CONSTANTS)
        ):
            return self._group_method_hooks[method]
        if method in flags.SELF_RETURNING and info.is_enum and flags.is_flag(info):
            return flags.self_return_callback
        return None

    def get_function_signature_hook(
        self, fullname: str
    ) -> Callable[[FunctionSigContext], CallableType] | None:
        hook = self._function_signature_hooks.get(fullname)
        if hook is not None:
            return hook
        # A functional-API call (Enum("Color", names, module=...)) that is not
        # an assignment's right side: stdlib's signature, not __new__'s.
        info = self._checked_class(fullname)
        if info is None or not info.is_enum:
            return None
        from mypy_plugin.features import functional  # on first use (see the imports)

        return functional.call_signature

    def get_method_signature_hook(
        self, fullname: str
    ) -> Callable[[MethodSigContext], CallableType] | None:
        hook = self._operator_signature_hooks.get(fullname.rpartition(".")[2])
        return hook if hook is not None else self._method_signature_hooks.get(fullname)

    def report_config_data(self, ctx: ReportConfigContext) -> Any:
        return self._config_data

    def get_additional_deps(self, file: MypyFile) -> list[tuple[int, str, int]]:
        """No extra imports.  Under the daemon: a module read anew empties the memos.

        Also where a checked module imports typed_enum while the configuration
        makes mypy skip it (``config.hidden_runtime``): a configuration error.

        mypy reads (parses) every module before it analyses any in a build,
        and reads a changed module again at the start of each daemon update:
        so every answer memoised after that reflects the update's code, and
        none outlives it (a class, even the same ``TypeInfo`` object, may
        change meaning between updates).  Issue 29: deciding every question
        afresh under the daemon cost every recheck about 3,000 class lookups
        on python-telegram-bot.
        """
        if self._fine_grained:
            for memo in self._memos:
                memo.clear()
        if self._hidden_runtime is not None and config.imports_runtime(file):
            config.stop(self._hidden_runtime)
        return []


def _inherited(info: TypeInfo, method: str, defined_in: str) -> bool:
    """Whether ``info.method`` is ``defined_in``'s own method (not overridden)."""
    sym = info.get(method)
    return sym is not None and sym.fullname == f"{defined_in}.{method}"
