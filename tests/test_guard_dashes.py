"""Patterns written with a long dash ("—", "–") as a break see it as the guard reads it: `normalise` turns every
long dash into "-" before any pattern runs, so a spaced long dash is a spaced hyphen by then (guard23). Each case
below did not match before.
"""

import pytest

from simxai.guard import _causes, _enumerated, _plain
from simxai.guard._reading import normalise


@pytest.mark.parametrize(
    ("pattern", "text", "group", "name"),
    [
        (_causes._CAUSE_AFTER, "Flagged mostly because of income — and little else.", "w", "income"),
        (_causes._SET_AT, "The top feature is income — by a wide margin.", "x", "income"),
        (_causes._RANKED, "The most important feature here is bmi — far ahead of age.", "w", "bmi"),
        (_causes._POSITIONS, "The second most important is blood pressure — then age.", "g", "blood pressure"),
        (
            _causes._CONTRIBUTES,
            "One thing that also weighs in here is the smoking status — a little.",
            "e",
            "smoking status",
        ),
        (_causes._CONTRIBUTES, "Another route would be lowering the waist size — if you can.", "f", "waist size"),
        (_causes._CONTRIBUTES, "Age ranks fourth, just behind waist size — a close call.", "g", "waist size"),
        (_causes._VALUED, "Stable — a bmi of 32 keeps it there.", "a", "bmi"),
        (_causes._VALUED, "It reads 32 for bmi — the highest value.", "b", "bmi"),
        (_causes._LIST_ITEM, ", stable or progressing — nothing else.", 1, "progressing"),
        (_plain._APPOSED, "It is the predicted label — positive, with 91 %.", "x", "positive"),
    ],
)
def test_a_pattern_meets_a_spaced_long_dash(pattern, text, group, name):
    said = [m.group(group) for m in pattern.finditer(normalise(text)) if m.group(group)]
    assert name in [s.lower() for s in said]


@pytest.mark.parametrize("dash", ["—", "–"])
def test_a_long_dash_breaks_a_clause(dash):
    text = normalise(f"Income is high {dash} age is above 50")
    assert [m.end() for m in _plain._CLAUSE_BREAK.finditer(text)] == [text.index("- ") + 2]
    assert any(m.group() == " - " for m in _enumerated._PART.finditer(text))
    # a range's hyphen ("18-42") is no break
    assert not _enumerated._PART.search(normalise("bmi 18 – 42"))


def test_behind_one_of_a_kind_is_no_ranking():
    text = normalise("A forest behind an encoder — right on three in four applicants.")
    assert not [m.group("g") for m in _causes._CONTRIBUTES.finditer(text) if m.group("g")]
