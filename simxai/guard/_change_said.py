"""Whether a label's clause states a what-if's change as its condition (split from `_predictions`, claims-27):
"with" and one of the changes' new values ("With a BMI of 31 the model predicts X"), a quoted text that is the
changed input, a move to a change's new value ("nudge X up from 4.08 to 4.12 and ..."); and the labels a change
reaches. The label after such a condition is the what-if's outcome, not today's prediction.
"""

from __future__ import annotations

import re
from dataclasses import replace

from simxai.guard._facts import Facts
from simxai.guard._reading import fits, numbers

__all__ = ["goals", "with_change"]

#: "up from 4.08 to 4.12", "rent rose to 33 %": a number after "to" that may be a change's new value.
_TO_VALUE = re.compile(r"\bto\s+(?:about\s+|roughly\s+|around\s+|~\s*|exactly\s+|just\s+)?(?=-?\d)", re.I)
#: "with a BMI of 31", "with 'worst'": what follows may be a what-if's new value.
_WITH = re.compile(r"\bwith\b(?P<rest>[^.;:\n]{0,40})", re.I)
_VALUE = re.compile(r"-?\d+(?:\.\d+)?")
_QUOTED_TEXT = re.compile(r"[\"“]([^\"”]{5,400})[\"”]")


def with_change(text: str, facts: Facts) -> bool:
    """Whether `text` states a what-if's change as its condition: "with" and one of the changes' new values
    ("With a BMI of 31 the model predicts X", "with 'worst': X"); an old value ("with a bmi of 30.5") is today's.
    A move to a change's new value or to a probability after the change ("nudge X up from 4.08 to 4.12 and ...",
    "drops from 77.9 % to 50 %, which ...") states it too.
    """
    if _to_new_value(text, facts):
        return True
    if not (facts.what_if or facts.hypothetical) or not facts.changes:
        return False
    new_values = [new for pairs in facts.changes.values() for _, new in pairs]
    old_words = {old.lower() for pairs in facts.changes.values() for old, _ in pairs if isinstance(old, str)}
    # '"Honestly the worst purchase ..." reads as negative': a quoted text holding a new word and none of the old
    # ones is the changed input, so what it reads as is the outcome.
    for q in _QUOTED_TEXT.finditer(text):
        words = {w.lower() for w in re.findall(r"\w[\w-]*", q.group(1))}
        if len(words) >= 3 and not words & old_words:
            if any(isinstance(new, str) and new.lower() in words for new in new_values):
                return True
    for m in _WITH.finditer(text):
        rest = m.group("rest")
        numbers = [float(n) for n in _VALUE.findall(rest)]
        words = {w.lower() for w in re.findall(r"\w[\w-]*", rest)}
        for new in new_values:
            if isinstance(new, (int, float)) and not isinstance(new, bool):
                if any(abs(n - float(new)) <= 0.005 * max(1.0, abs(float(new))) for n in numbers):
                    return True
            elif isinstance(new, str) and new.lower() in words:
                return True
    return False


def goals(facts: Facts) -> set[str]:
    """The labels a change reaches in the outputs (a counterfactual's or what-if's new label)."""
    return set(facts.hypothetical) | {new for _, new in facts.what_if}


def _to_new_value(text: str, facts: Facts) -> bool:
    """Whether `text` moves something to a value only a change gives: a counterfactual's or what-if's new value of
    a feature, or a class's probability after the change that is none of today's.
    """
    new_values = {float(new) for pairs in facts.changes.values() for _, new in pairs if _numeric(new)}
    after = {x for xs in facts.after_numbers.values() for x in xs} - {
        x for xs in facts.before_numbers.values() for x in xs
    }
    if not new_values and not after:
        return False
    for m in _TO_VALUE.finditer(text):
        claim = next(iter(numbers(text[m.end() :])), None)
        if claim is None or claim.start != 0:
            continue
        share = bool(claim.percent or claim.decimals)
        if fits(replace(claim, percent=False), new_values) or (share and fits(claim, after)):
            return True
    return False


def _numeric(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
