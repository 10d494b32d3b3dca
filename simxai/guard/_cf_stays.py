"""A counterfactual's change said to leave the label where it is (claims-16).

Every counterfactual a search returns reaches its label (the target, re-checked with the model). A sentence that
states one of them — one of its changes' new values is in it — and says the subject still has, stays, remains,
keeps or is left at today's label ("drop the score to 611 and the model still approves", "cycles 497 and age 38
improve things but it remains degraded", "still short of approval") contradicts the counterfactual's `label`.

Read only when the outputs about the subject hold counterfactuals and none of them keeps today's label, and not
in a sentence that limits the change ("unless", "alone", "on its own", "anything less", "today ..."): what such
a sentence says of a smaller or partial change, the outputs do not state.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from simxai.guard._reading import NUMBER, shown_slack
from simxai.guard._spaced import spaced

__all__ = ["counterfactual_stay_claims"]

#: "still", "stays", "remains", "keeps it", "leaves it": the label after it is where the prediction is left.
_STAY = re.compile(
    # "stays with stable", "sticks with approved" (claims-42): the label after "with" is where it is left
    r"\b(?:still|stay(?:s|ed|ing)?(?:\s+with\b)?|stick(?:s|ing)?\s+with|stuck\s+with|remain(?:s|ed|ing)?|keep(?:s|ing)?|"
    r"kept|leav(?:e|es|ing))\b"
    # "'great' still pulls towards positive": a verb of influence after "still" is no stay
    r"(?!\s+(?:\w+ly\s+)?(?:pull|push|drive|add|contribut|count|weigh|favou?r|support|work|help|lean|tip|point|argu|"
    r"speak|matter|nudg|in\s+mind)\w*)",
    re.IGNORECASE,
)
#: What may stand between the cue and the label: a few words, no clause break, no contrast and no comparison.
_BETWEEN = re.compile(r"[^.;:!?\n]{0,48}")
_BREAK = re.compile(r"\b(?:but|than|while|whereas|and then|from|if|when|with)\b|,", re.IGNORECASE)
_SHORT_OF = re.compile(r"\b(?:" + spaced("short of|shy of|below|under") + r")\b|\bnot\b|n't\b|\bnever\b", re.I)
#: Words that limit the change the sentence speaks of to a part or a smaller one, or set today apart.
_LIMITED = re.compile(
    r"\b(?:unless|until|without|otherwise|alone|on its own|by itself|by themselves|as long as|only one|"
    + spaced("any (?:less|smaller|fewer)|anything (?:less|short|smaller)|short of that|less than that")
    + r"|smaller|fewer|"
    r"not enough to|before (?:the|any|a|this|that) (?:change|edit)|today|now|currently|at present|"
    r"as (?:it|things) stands?|either way|no matter)\b",
    re.IGNORECASE,
)
#: A negation right before the cue ("would not stay rejected", "doesn't remain") says it does not stay.
_DENIED = re.compile(r"(?:\bnot|n't|\bno longer|\bnever)\s+(?:\w+\s+)?$", re.IGNORECASE)


def _forms(labels: Sequence[str], nouns: Mapping[str, str]) -> list[tuple[str, str]]:
    """Each spelling of a label after a stay cue, with its label: the label, its noun forms ("approval"), and a
    label ending in -ed as a verb ("still approves", "still rejects").
    """
    forms = [(label, label) for label in labels] + [(noun, label) for noun, label in nouns.items()]
    for label in labels:
        low = label.lower()
        if low.endswith("ed") and len(low) > 4:
            forms += [(f"{low[:-1]}s", label), (f"{low[:-2]}s", label)]
    return sorted(forms, key=lambda f: len(f[0]), reverse=True)


def _spelled(form: str) -> str:
    return r"[\s_-]+".join(re.escape(part) for part in re.split(r"[\s_-]+", form))


def _states_change(sentence: str, new_values: Sequence[Any]) -> bool:
    """Whether `sentence` holds a counterfactual change's new value: a number at the precision shown, or a
    quoted word ("inserting 'not'", "'fails' becomes 'succeeds'").
    """
    said = list(NUMBER.finditer(sentence))
    for value in new_values:
        if isinstance(value, bool):
            continue
        if isinstance(value, (int, float)):
            for m in said:
                if abs(float(m.group(1)) - float(value)) <= shown_slack(m.group(1)):
                    return True
        elif isinstance(value, str) and value.strip():
            quoted = rf"[\"'‘’“”`]{re.escape(value.strip())}[\"'‘’“”`]"
            if re.search(quoted, sentence, re.IGNORECASE):
                return True
    return False


def counterfactual_stay_claims(
    sentence: str,
    labels: Sequence[str],
    nouns: Mapping[str, str],
    current: set[str],
    reached: set[str],
    new_values: Sequence[Any],
) -> Iterator[tuple[str, bool]]:
    """The claims of `sentence` that a counterfactual's change leaves today's label (`current`) in place,
    each holding when the counterfactuals reach that label (`reached`: the labels they reach).
    """
    if not reached or not current or reached & current:
        return
    forms = _forms(labels, nouns)
    pattern = re.compile(r"\b(?:" + "|".join(_spelled(f) for f, _ in forms) + r")\b", re.IGNORECASE)
    lookup = {re.sub(r"[\s_-]+", " ", f.lower()): label for f, label in forms}
    # "066 → prem if moist 12.9→12.2" (claims-42): the label an arrow points to before the change's condition
    for arrow in re.finditer(rf"(?:→|->)\s*({pattern.pattern})\s+(?:if|when|once|with|by|after)\b", sentence, re.I):
        label = lookup.get(re.sub(r"[\s_-]+", " ", arrow.group(1).lower()))
        if label is not None and not _DENIED.search(sentence[max(0, arrow.start() - 24) : arrow.start()]):
            yield f"counterfactual outcome {label}", label in reached
            return
    if _LIMITED.search(sentence) or not _states_change(sentence, new_values):
        return
    for cue in _STAY.finditer(sentence):
        if _DENIED.search(sentence[max(0, cue.start() - 24) : cue.start()]):
            continue
        window = _BETWEEN.match(sentence, cue.end())
        ahead = sentence[cue.end() : window.end() if window else cue.end()]
        found = pattern.search(ahead)
        if not found:
            continue
        between = ahead[: found.start()]
        if _BREAK.search(between) or len(between.split()) > 5:
            continue
        label = lookup.get(re.sub(r"[\s_-]+", " ", found.group(0).lower()))
        if label is None:
            continue
        if _SHORT_OF.search(between):
            yield f"counterfactual outcome not {label}", label not in reached
        else:
            yield f"counterfactual outcome stays {label}", label in reached
        return
