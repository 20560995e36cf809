"""PySide6's enum classes made by a shortcut through Python 3.11's `enum` module.

PySide6 gives every C++ enum a Python enum class, made the first time its Qt class is
touched, through the enum module's functional API: `IntFlag("AlignmentFlag", [(name,
value), ...], boundary=KEEP)` and the like. On Python 3.11 that path runs some hundred
lines of Python per member (`_EnumDict.__setitem__`, then `_proto_member.__set_name__` with
its `delattr`, `hasattr` and `setattr` through `EnumType`'s own hooks): the `Qt` namespace's
93 classes (1,195 members), built at the first `Qt.` anything, took 23 to 34 ms of a
start-up, and the window's first frame has PySide6 build some 215 classes in all
(bench/README.md, "Start-up, ninth round").

`install()` puts a shortcut into `EnumType.__call__` for exactly the calls PySide6
makes: `Enum`, `IntEnum`, `Flag` or `IntFlag` itself, a list of (name, int) pairs with
distinct public names, no module, qualname or mixed-in type. It makes the class as
`EnumType.__new__` would, step by step, with the per-member work done once per class or in
one loop: the same class dictionary in the same order, the same members with the same
attributes, the same aliases, masks and look-up tables. Any other call, and any Python
but 3.11 (whose `enum` module this mirrors; 3.12 rewrote it), goes the ordinary way.
`tests/gui/test_fast_enums.py` makes every enum class of QtCore, QtGui, QtWidgets and QtSvg
both ways and compares them entry for entry.
"""

from __future__ import annotations

import enum
import sys
from enum import Enum, EnumType, Flag, IntEnum, IntFlag
from itertools import repeat
from typing import Any, NamedTuple

#: The enum module's own, put back by `uninstall()`.
_ordinary_call = EnumType.__call__

_PYSIDE_BASES = (Enum, IntEnum, Flag, IntFlag)
#: The Python whose enum module the shortcut mirrors, step by step.
MIRRORED_PYTHON = (3, 11)

_FLAG_OPERATORS = ("__or__", "__and__", "__xor__", "__ror__", "__rand__", "__rxor__", "__invert__")

#: Whether `install()` found PySide6's QtCore not yet imported (None before it is called):
#: the bundle's self-test checks that its runtime hook came first.
installed_before_qt: bool | None = None


class _Recipe(NamedTuple):
    """What `EnumType.__new__` works out from the bases alone, once per base."""

    member_type: type
    first_enum: Any
    generate_next_value: Any
    new_member: Any
    use_args: bool
    value_repr: Any
    boundary: Any
    is_flag: bool
    #: Every name in the dictionaries of the base's classes (its MRO): a member named so
    #: needs the ordinary path's look for a descriptor to redirect through.
    base_names: frozenset[str]
    #: The methods `EnumType.__new__` puts on the new class after its members: the base's
    #: own `__repr__`, `__str__`, `__format__` and `__reduce_ex__` where the class would
    #: otherwise find the data type's or object's.
    methods: tuple[tuple[str, Any], ...]


_recipes: dict[type, _Recipe] = {}


def _recipe(base: Any) -> _Recipe:
    recipe = _recipes.get(base)
    if recipe is None:
        bases = (base,)
        member_type, first_enum = EnumType._get_mixins_(base.__name__, bases)  # type: ignore[attr-defined]
        # No __new__ in the class body, so `_find_new_` never asks for one to be saved.
        new_member, _, use_args = EnumType._find_new_(  # type: ignore[attr-defined]
            {}, member_type, first_enum
        )
        methods = []
        for name in ("__repr__", "__str__", "__format__", "__reduce_ex__"):
            found_method = getattr(base, name)  # what the new class finds, through its base
            if found_method in (getattr(member_type, name), getattr(object, name)):
                methods.append((name, getattr(first_enum, name)))
        recipe = _recipes[base] = _Recipe(
            member_type=member_type,
            first_enum=first_enum,
            generate_next_value=getattr(first_enum, "_generate_next_value_", None),
            new_member=new_member,
            use_args=use_args,
            value_repr=EnumType._find_data_repr_(base.__name__, bases),  # type: ignore[attr-defined]
            boundary=getattr(first_enum, "_boundary_", None),
            is_flag=issubclass(base, Flag),
            base_names=frozenset(name for ancestor in base.__mro__ for name in ancestor.__dict__),
            methods=tuple(methods),
        )
    return recipe


def _pairs_taken(names: object) -> bool:
    """Whether `names` is a list of (public name, int) pairs, each name once (checked a
    whole list at a time: this runs for every class PySide6 makes)."""
    if type(names) is not list:
        return False
    if not names:
        return True
    if set(map(type, names)) != {tuple} or set(map(len, names)) != {2}:
        return False
    keys, values = zip(*names, strict=True)
    if set(map(type, keys)) != {str} or set(map(type, values)) != {int}:
        return False
    distinct = set(keys)
    return (
        len(distinct) == len(keys)
        and "" not in distinct
        and "mro" not in distinct
        and not any(map(str.startswith, keys, repeat("_")))
    )


def _call(
    cls: Any,
    value: Any,
    names: Any = None,
    *,
    module: str | None = None,
    qualname: str | None = None,
    type: type | None = None,
    start: int = 1,
    boundary: Any = None,
) -> Any:
    """`EnumType.__call__`, with the shortcut for the calls PySide6 makes."""
    if names is None:  # a look-up by value, as the enum module's own does it
        return cls.__new__(cls, value)
    if (
        cls in _PYSIDE_BASES
        and type is None
        and module is None
        and qualname is None
        and _pairs_taken(names)
    ):
        return _make(cls, value, names, boundary)
    # The functional API as the enum module's own __call__ calls it, from as many frames
    # below the caller (`_create_` looks two frames up for the caller's module).
    return cls._create_(
        value,
        names,
        module=module,
        qualname=qualname,
        type=type,
        start=start,
        boundary=boundary,
    )


def _make(base: EnumType, class_name: str, pairs: list[tuple[str, int]], boundary: Any) -> Any:
    """`base(class_name, pairs, boundary=boundary)` as `EnumType._create_` and
    `EnumType.__new__` of Python 3.11 make it, for the calls `_call` lets through."""
    recipe = _recipe(base)
    # The class dictionary, key for key in the ordinary path's order (its members, placed
    # between the first two keys there, leave and come back last as each is made).
    classdict: dict[str, Any] = {"_generate_next_value_": recipe.generate_next_value}
    try:
        # The caller's module, as `_create_` finds it: two frames up (`_call` is the
        # enum module's __call__ here, as `_create_` is called from that).
        module = sys._getframe(2).f_globals["__name__"]
    except (AttributeError, ValueError, KeyError):
        module = None
    if module is None:
        enum._make_class_unpicklable(classdict)  # type: ignore[attr-defined]
    else:
        classdict["__module__"] = module
    classdict["_new_member_"] = new_member = recipe.new_member
    classdict["_use_args_"] = use_args = recipe.use_args
    member_names: list[str] = []
    member_map: dict[str, Any] = {}
    value2member_map: dict[int, Any] = {}
    classdict["_member_names_"] = member_names
    classdict["_member_map_"] = member_map
    classdict["_value2member_map_"] = value2member_map
    classdict["_unhashable_values_"] = []
    classdict["_member_type_"] = member_type = recipe.member_type
    classdict["_value_repr_"] = recipe.value_repr
    is_flag = recipe.is_flag
    if is_flag:  # the ordinary path puts these in every class and deletes them from others
        classdict["_boundary_"] = boundary or recipe.boundary
        classdict["_flag_mask_"] = 0
        classdict["_singles_mask_"] = 0
        classdict["_all_bits_"] = 0
        classdict["_inverted_"] = None
    enum_class: Any = type.__new__(EnumType, class_name, (base,), classdict)
    base_names = recipe.base_names
    set_class_attribute = type.__setattr__
    flag_mask = singles_mask = 0
    for member_name, given in pairs:
        if use_args:
            member = new_member(enum_class, given)
            member._value_ = value = member_type(given)
        else:
            member = new_member(enum_class)
            member._value_ = value = given
        member._name_ = member_name
        member.__objclass__ = enum_class
        # Enum.__init__ does nothing; _sort_order_ counts the members named before.
        member._sort_order_ = len(member_names)
        single_bit = False
        if is_flag:
            single_bit = value != 0 and value & (value - 1) == 0  # enum._is_single_bit
            flag_mask |= value
            if single_bit:
                singles_mask |= value
        canonical = value2member_map.get(value)
        if canonical is not None:
            member = canonical  # an alias of a member made before
        elif not is_flag or single_bit:
            member_names.append(member_name)
        if member_name in base_names:
            _redirect(enum_class, member_name, member)
        else:
            set_class_attribute(enum_class, member_name, member)
        member_map[member_name] = member
        value2member_map.setdefault(value, member)
    if is_flag and pairs:
        set_class_attribute(enum_class, "_flag_mask_", flag_mask)
        set_class_attribute(enum_class, "_singles_mask_", singles_mask)
        set_class_attribute(enum_class, "_all_bits_", 2 ** (flag_mask.bit_length()) - 1)
    # What `EnumType.__new__` does once the class and its members are made.
    for name, method in recipe.methods:
        if name not in classdict:  # __reduce_ex__ stays the unpicklable one
            set_class_attribute(enum_class, name, method)
    if is_flag:
        for name in _FLAG_OPERATORS:
            set_class_attribute(enum_class, name, getattr(Flag, name))
    set_class_attribute(enum_class, "__new__", Enum.__new__)
    if is_flag:
        member_list = [member_map[name]._value_ for name in member_names]
        if member_list != sorted(member_list):
            set_class_attribute(enum_class, "_iter_member_", enum_class._iter_member_by_def_)
    return enum_class


def _redirect(enum_class: Any, member_name: str, member: Any) -> None:
    """A member named like an attribute of a base class: `_proto_member.__set_name__`'s
    own handling, a redirecting property where the base's attribute is a descriptor."""
    found_descriptor = None
    for ancestor in enum_class.__mro__[1:]:
        descriptor = ancestor.__dict__.get(member_name)
        if descriptor is not None:
            if isinstance(descriptor, (property, enum.property)):
                found_descriptor = descriptor
                break
            if (
                hasattr(descriptor, "fget")
                and hasattr(descriptor, "fset")
                and hasattr(descriptor, "fdel")
            ):
                found_descriptor = descriptor
                continue
    if found_descriptor:
        redirect = enum.property()
        redirect.member = member
        redirect.__set_name__(enum_class, member_name)
        redirect.fget = found_descriptor.fget
        redirect.fset = found_descriptor.fset
        redirect.fdel = found_descriptor.fdel
        setattr(enum_class, member_name, redirect)
    else:
        setattr(enum_class, member_name, member)


def install() -> None:
    """Take the shortcut for PySide6's enum classes from now on (on Python 3.11, whose enum
    module it mirrors, where every base's __init__ is Enum's, which does nothing)."""
    global installed_before_qt  # noqa: PLW0603  (what the self-test reads)
    if installed_before_qt is None:
        installed_before_qt = "PySide6.QtCore" not in sys.modules
    if sys.version_info[:2] == MIRRORED_PYTHON and all(
        base.__init__ is Enum.__init__ for base in _PYSIDE_BASES
    ):
        EnumType.__call__ = _call  # type: ignore[method-assign]


def installed() -> bool:
    """Whether PySide6's enum classes are being made by the shortcut."""
    return EnumType.__call__ is _call


def uninstall() -> None:
    """The enum module's own way again (for the tests)."""
    EnumType.__call__ = _ordinary_call  # type: ignore[method-assign]
