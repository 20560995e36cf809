"""gui.fast_enums: PySide6's enum classes made by the shortcut are the enum module's own."""

from __future__ import annotations

import enum
import sys
import types
from typing import Any

import pytest

from gui import fast_enums
from tests.gui.child_report import child_report

pytestmark = pytest.mark.skipif(
    sys.version_info[:2] != (3, 11), reason="the shortcut mirrors Python 3.11's enum module"
)

#: A fresh process records every enum class PySide6 makes for the Qt modules the app uses
#: (each Qt class makes its enum classes the first time it is touched): the base, the name,
#: the (name, value) pairs and the keywords, as PySide6 passed them.
RECORD_PYSIDE_ENUMS = """
import enum, importlib, json

calls = []
ordinary = enum.EnumType._create_

def recording(cls, class_name, names, **keywords):
    calls.append([
        cls.__name__,
        class_name,
        [list(pair) for pair in names],
        {key: getattr(value, "name", value) for key, value in keywords.items()},
    ])
    return ordinary(cls, class_name, names, **keywords)

enum.EnumType._create_ = recording
seen = set()

def touch(owner, depth):
    for name in dir(owner):
        try:
            value = getattr(owner, name)
        except Exception:
            continue
        if isinstance(value, type) and not isinstance(value, enum.EnumType):
            if id(value) not in seen:
                seen.add(id(value))
                if depth < 3:
                    touch(value, depth + 1)

for module in ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtSvg"):
    touch(importlib.import_module(module), 0)
print(json.dumps(calls))
"""

BASES = {base.__name__: base for base in (enum.Enum, enum.IntEnum, enum.Flag, enum.IntFlag)}


@pytest.fixture(autouse=True)
def _put_back(monkeypatch):
    """Whichever way enum classes were made before a test (tests/conftest.py installs the
    shortcut for the whole run), so they are again after it."""
    monkeypatch.setattr(enum.EnumType, "__call__", enum.EnumType.__call__)


@pytest.fixture
def shortcut():
    fast_enums.install()


def build(base: Any, name: str, pairs: Any, **keywords: Any) -> Any:
    """`base(name, pairs, ...)`, from one place whichever way it is made (the functional
    API names the caller's module)."""
    return base(name, pairs, **keywords)


def both_ways(base: Any, name: str, pairs: Any, **keywords: Any) -> tuple[Any, Any]:
    fast_enums.uninstall()
    ordinary = build(base, name, pairs, **keywords)
    fast_enums.install()
    return ordinary, build(base, name, pairs, **keywords)


def describe(cls: Any) -> Any:
    """Everything the class holds, entry for entry in its dictionary's order, with its own
    members and the class itself named rather than compared by identity."""

    def plain(value: Any) -> Any:
        if value is cls:
            return ("the class",)
        if isinstance(value, cls):
            return ("member", value._name_, value is cls._member_map_.get(value._name_))
        if isinstance(value, enum.property):
            member = getattr(value, "member", None)
            return (
                "redirect",
                value.name,
                value.clsname,
                None if member is None else member._name_,
                value.fget,
                value.fset,
                value.fdel,
            )
        if isinstance(value, dict):
            return ("dict", [(key, plain(item)) for key, item in value.items()])
        if isinstance(value, list):
            return ("list", [plain(item) for item in value])
        if isinstance(value, types.MethodType):
            return ("method", value.__func__, plain(value.__self__))
        if isinstance(value, types.FunctionType):
            return ("function", value.__qualname__, value.__code__)
        return ("value", type(value), value)

    members = [
        (
            name,
            type(member) is cls,
            [(key, plain(item)) for key, item in vars(member).items()],
            member._value_,
            repr(member),
        )
        for name, member in cls._member_map_.items()
    ]
    return (
        type(cls),
        cls.__name__,
        cls.__qualname__,
        cls.__module__,
        cls.__mro__[1:],
        [(key, plain(item)) for key, item in vars(cls).items()],
        members,
        [member._name_ for member in cls],
        repr(cls),
    )


def test_every_enum_class_pyside_makes_for_the_app_is_the_enum_modules_own():
    calls = child_report(RECORD_PYSIDE_ENUMS)
    assert len(calls) > 500  # QtCore, QtGui, QtWidgets and QtSvg: 637 with PySide6 6.11
    different = []
    for base_name, name, pairs, keywords in calls:
        assert set(keywords) == {"module", "qualname", "type", "start", "boundary"}
        assert keywords["module"] is None
        assert keywords["qualname"] is None
        assert keywords["type"] is None
        ordinary, shortcut = both_ways(
            BASES[base_name],
            name,
            [tuple(pair) for pair in pairs],
            boundary=enum.FlagBoundary[keywords["boundary"]],
        )
        if describe(ordinary) != describe(shortcut):
            different.append(f"{base_name} {name}")
    assert not different


#: Beyond what PySide6 makes today: aliases, multi-bit flags, a zero, a negative, 64-bit
#: and unsorted values, names of the bases' own attributes (`name` and `value` are the enum
#: module's properties, the others int's), no members at all, another boundary.
AWKWARD_PAIRS = {
    "aliases": [("A", 1), ("B", 2), ("C", 1), ("AB", 3), ("D", 4), ("AB2", 3)],
    "zeros": [("Zero", 0), ("One", 1), ("Nothing", 0)],
    "unsorted": [("High", 8), ("Low", 1), ("Mid", 4), ("Neg", -1), ("Big", 2**64 - 1)],
    "attribute names": [
        ("name", 1),
        ("value", 2),
        ("real", 4),
        ("conjugate", 8),
        ("denominator", 16),
        ("bit_length", 32),
        ("Other", 64),
    ],
    "empty": [],
}


@pytest.mark.parametrize("base", BASES.values(), ids=BASES)
@pytest.mark.parametrize("pairs", AWKWARD_PAIRS.values(), ids=AWKWARD_PAIRS)
@pytest.mark.parametrize("boundary", [enum.KEEP, enum.STRICT, None])
def test_awkward_members_are_made_as_the_enum_module_makes_them(base, pairs, boundary):
    ordinary, shortcut = both_ways(base, "Awkward", list(pairs), boundary=boundary)
    assert describe(shortcut) == describe(ordinary)


def test_the_shortcut_is_taken_for_pyside_calls_only(shortcut, monkeypatch):
    made = []
    monkeypatch.setattr(fast_enums, "_make", lambda *arguments: made.append(arguments[1]))
    build(enum.IntFlag, "Taken", [("A", 1)], boundary=enum.KEEP)
    assert made == ["Taken"]
    for name, pairs, keywords in [
        ("Words", "RED GREEN", {}),
        ("Mapping", {"A": 1}, {}),
        ("Tuple", (("A", 1),), {}),
        ("Private", [("_A", 1)], {}),
        ("Twice", [("A", 1), ("A", 2)], {}),
        ("Text", [("A", "a")], {}),
        ("Module", [("A", 1)], {"module": __name__}),
        ("Qualified", [("A", 1)], {"qualname": "Outer.Qualified"}),
        ("Mixed", [("A", 1)], {"type": int}),
    ]:
        try:
            build(enum.Enum, name, pairs, **keywords)
        except TypeError:
            assert name == "Twice"  # the enum module's own error, as without the shortcut
    build(enum.StrEnum, "NotPySides", [("A", "a")])
    assert made == ["Taken"]


def test_calls_the_shortcut_leaves_are_answered_as_before(shortcut):
    # The functional API names the caller's module two frames up: the same frames with the
    # shortcut in place.
    assert build(enum.Enum, "Words", "RED GREEN").__module__ == __name__
    assert build(enum.IntFlag, "Pairs", [("A", 1)]).__module__ == __name__
    colour = build(enum.Enum, "Colour", {"RED": 1, "GREEN": 2})
    assert colour(2) is colour.GREEN


def test_look_ups_by_value_are_the_enum_modules_own(shortcut):
    flag = build(enum.IntFlag, "Alignment", [("Left", 1), ("Right", 2), ("Centre", 4)])
    assert flag(3) == flag.Left | flag.Right
    assert flag(2) is flag.Right
    plain = build(enum.Enum, "Plain", [("A", 1)])
    with pytest.raises(ValueError, match="is not a valid Plain"):
        plain(5)


#: A fresh process with the shortcut on from the start, as the bundle has it: PySide6 takes
#: its classes both ways (Python to C++ and back), and they are Qt's own.
USE_QT_ENUMS = """
import json
from gui import fast_enums
fast_enums.install()
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([])
label = QLabel("x")
label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
label.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
print(json.dumps([
    fast_enums.installed(),
    fast_enums.installed_before_qt,
    label.alignment() == Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
    label.focusPolicy() is Qt.FocusPolicy.StrongFocus,
    QLocale.Language.German.value,
    Qt.Key(0x41).name,
]))
"""


def test_pyside_takes_the_shortcuts_classes_both_ways():
    assert child_report(USE_QT_ENUMS) == [True, True, True, True, 94, "Key_A"]


def test_the_window_start_installs_the_shortcut(monkeypatch):
    from gui import app, launcher

    fast_enums.uninstall()
    seen = []
    monkeypatch.setattr(app, "main", lambda arguments: seen.append(fast_enums.installed()) or 0)
    assert launcher.main([]) == 0
    assert seen == [True]


def test_install_leaves_other_pythons_alone(monkeypatch):
    fast_enums.uninstall()
    monkeypatch.setattr(sys, "version_info", (3, 12, 0, "final", 0))
    fast_enums.install()
    assert not fast_enums.installed()
