"""Whether a label is said as a change's outcome rather than as today's prediction (claims-31).

A counterfactual's or a what-if's reply states the label the change leads to with the same verbs as a prediction
("the model says X", "Outcome: X", "it comes out X"). What tells it apart is what comes before the label: a
rewritten input the reply quotes, a change as the subject of the verb ("a very small change moves it to X", "that
single swap gets an X verdict"), a flip an earlier clause states ("it changes the outcome: X"), a move joined by
"and" ("dig the score up from 559 and she is X"), or, in a later sentence, a change the outputs compute said just
before a word of outcome ("Single change: score 588. Outcome: X", "Step 2: add wind. Step 3: the model now says
X"). Such a label is checked against the outcome the outputs give, never against today's prediction; a label of
today's state ("currently", "as it stands") is read as before.
"""

from __future__ import annotations

import re

from simxai.guard import _cues as cue
from simxai.guard._change_outcomes import said_for_change
from simxai.guard._facts import Facts
from simxai.guard._reading import fits, numbers

__all__ = ["outcome_said"]

_REWRITTEN = re.compile(r"\ba rewritten quotation\b", re.I)
#: A change as the subject of a verb of outcome: "a very small change moves", "that single swap gets".
_CHANGE_DOES = re.compile(
    r"\b(?:a|an|the|that|this|one|its|each|either)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:change|edit|swap|tweak|fix|substitution|replacement|nudge|bump)\s+(?:alone\s+|by itself\s+|on its own\s+)?"
    r"(?:moves|pushes|brings|gets|takes|tips|sends|puts|shifts|turns|makes|earns|lands|wins|gives|flips|switches)\b",
    re.I,
)
#: A move said with its size or end, joined to what follows by "and": "dig the score up from 559 and ...".
_MOVE_AND = re.compile(
    r"\b(?:up|down)\s+(?:from|to|by)\s+(?:about\s+|around\s+)?-?\d+(?:\.\d+)?[^.;!?]{0,60}?,?\s+and\s+(?:then\s+)?[^,;]*$",
    re.I,
)
#: A word of a change's result in the label's clause, after a sentence that stated the change.
_OUTCOME_WORD = re.compile(
    r"\b(?:outcome|result|now|then|afterwards|after that|c[oa]mes? out|ends? up|ended up|lands?|landed)\b", re.I
)
#: A change verb opening a sentence or the part after its key ("Step 2: add two km/h of wind").
_IMPERATIVE = re.compile(
    r"(?:^|:)\s*(?:just\s+)?(?:add|raise|lower|increase|decrease|reduce|cut|drop|swap|replace|change|set|bump|lift|"
    r"trim|nudge|push|remove|delete|insert|give|take|make|put)\b",
    re.I,
)
#: How far back a sentence's change is read: the few sentences before the label's.
_REACH = 300


def outcome_said(lead: str, earlier: str, before: str, facts: Facts) -> bool:
    """Whether the label after `lead` (its clause up to it) is said as a change's outcome: `earlier` is the
    sentence's clauses before this one, `before` the reply's text before the sentence, `facts` the subject's.
    Read only when the outputs give a change's outcome (a counterfactual's or a what-if's label).
    """
    if not (facts.hypothetical or facts.what_if) or cue.TODAY.search(lead):
        return False
    if _REWRITTEN.search(f"{earlier} {lead}") or _CHANGE_DOES.search(lead) or _MOVE_AND.search(lead):
        return True
    if said_for_change(lead):  # "enough for the model to say X", "... thinner and the model says X" (claims-37)
        return True
    # a flip said before the clause or before a colon or dash of it: "Yes, it changes the outcome: X"
    said = f"{earlier} {' '.join(re.split(r'[:—–]', lead)[:-1])}"
    flip = cue.FLIP.search(said)
    if flip and not cue.STAY.search(said) and not cue.NEGATION.search(said[: flip.start()][-25:]):
        return True
    return bool(_OUTCOME_WORD.search(lead)) and changed(before[-_REACH:], facts)


def changed(text: str, facts: Facts) -> bool:
    """Whether `text` states a change the outputs compute: a change's new value ("credit score 588", "3.4 km →
    2.6 km", "4.4 instead of 5.5") or a change verb opening a sentence or its part after a key ("add two km/h").
    """
    new = {float(n) for pairs in facts.changes.values() for old, n in pairs if _numeric(n) and n != old}
    olds = {float(o) for pairs in facts.changes.values() for o, _ in pairs if _numeric(o)}
    for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
        if sentence.rstrip().endswith("?"):
            continue  # a question states no change
        if _IMPERATIVE.search(sentence):
            return True
        if any(fits(n, new) and not fits(n, olds) for n in numbers(sentence)):
            return True
    return False


def _numeric(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
