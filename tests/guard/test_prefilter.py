"""The guard's pattern prefilter (`simxai.guard._prefilter`): a gated pattern answers as the pattern itself.

A gated pattern skips a text that holds none of its needles; these tests hold that every match of every gated pattern
of the guard holds one of them (so no skipped text had a match), on the replies of a DEV set and on texts whose
characters match ASCII letters without case, and that the needles are read from a pattern's parse as intended.
"""

from __future__ import annotations

import _sre
import importlib
import json
import pkgutil
import re
from pathlib import Path

import pytest

import simxai.guard
from simxai.guard._prefilter import Gated, caseless, folded, gated, needles

DEV = Path(simxai.guard.__file__).resolve().parents[1] / "eval_suite" / "guard" / "written"


def _gated_patterns() -> dict[str, Gated]:
    found: dict[str, Gated] = {}
    for info in pkgutil.iter_modules(simxai.guard.__path__, "simxai.guard."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            # a pattern is held by name, in a table (dict) or in a list or tuple the readers loop over
            if isinstance(value, dict):
                values = list(value.items())
            elif isinstance(value, (list, tuple)):
                values = list(enumerate(value))
            else:
                values = [(name, value)]
            for key, item in values:
                if isinstance(item, Gated):
                    found.setdefault(f"{info.name}.{name}[{key}]", item)
    return found


def _texts() -> list[str]:
    texts = []
    for folder in ("g17", "g30"):  # DEV sets: replies of two rounds' writers
        texts += [json.loads(line)["reply"] for line in (DEV / folder / "replies.jsonl").read_text().splitlines()]
    # characters IGNORECASE matches with ASCII letters, arrows, dashes and a non-ASCII text
    texts += [
        "\u212aEEPS IT \u017fTABLE",
        "\u0130F \u0131T FLIPS",
        "bmi 23.7 \u2192 27.3, approval \u2013 high",
        "caf\u00e9 \u20ac5",
    ]
    return texts


GATED = _gated_patterns()
TEXTS = _texts()


def test_the_guard_gates_its_costly_patterns() -> None:
    assert len(GATED) > 80
    assert all(g.needles for g in GATED.values()), [k for k, g in GATED.items() if not g.needles]


@pytest.mark.parametrize("name", sorted(GATED))
def test_every_match_holds_a_needle(name: str) -> None:
    pattern = GATED[name]
    for text in TEXTS:
        for match in pattern.regex.finditer(text):
            if match.end() > match.start():
                assert pattern.possible(match.group(0)), (name, text, match.group(0))
        assert [m.span() for m in pattern.finditer(text)] == [m.span() for m in pattern.regex.finditer(text)]


def test_needles_are_each_alternatives_longest_literal() -> None:
    assert needles(re.compile(r"\bthe forest(?:'s)?\b|\bforest of\b", re.I)) == {
        ("the forest", True),
        ("forest of", True),
    }
    assert needles(re.compile(r"(?:because of|due to)\s+\w+")) == {("because of", False), ("due to", False)}
    assert needles(re.compile(r"\d+\s*(?:→|->)\s*\d", re.I)) == {("→", True), ("->", True)}
    # an alternative with no literal, or a literal only in an optional part, requires nothing
    assert needles(re.compile(r"forest|\w+")) is None
    assert needles(re.compile(r"(?:about )?\d+")) is None
    assert needles(re.compile(r"(?i:Forest) of")) == {("forest", True)}  # a local flag: the longer run


def test_a_gated_pattern_skips_only_texts_without_its_needles() -> None:
    pattern = gated(r"\b(?:held[- ]out|synthetic)\b", re.I)
    assert pattern.search("rows are SYNTHETIC") is not None
    assert pattern.search("nothing here") is None
    assert pattern.sub("x", "nothing here") == "nothing here"
    assert pattern.split("nothing here") == ["nothing here"]
    assert list(pattern.finditer("no")) == [] and pattern.findall("no") == []


def test_folding_maps_case_partners_of_ascii_letters() -> None:
    assert folded("\u212aEEP \u017fTAY \u0130F \u0131T") == "keep stay if it"
    assert folded("Caf\u00e9 \u2192 Bar") == "caf\u00e9 \u2192 bar"
    assert folded("ABC") == "abc"


def test_caseless_characters_are_matched_by_themselves_alone() -> None:
    """No other character lowers to a caseless one, nor is it one of the matcher's extra case partners."""
    targets = {low for c in range(0x110000) if (low := _sre.unicode_tolower(c)) != c}
    extra = importlib.import_module("re._casefix")._EXTRA_CASES if hasattr(re, "_casefix") else {}
    partners = set(extra) | {p for group in extra.values() for p in group}
    checked = [c for c in range(0x80, 0x110000) if not 0xD800 <= c < 0xE000 and caseless(chr(c))]
    assert len(checked) > 1000
    assert not [c for c in checked if c in targets or c in partners or _sre.unicode_tolower(c) != c]
    assert caseless("\u2192") and not caseless("\u212a") and not caseless("\u24b6")  # an arrow; Kelvin; circled A
