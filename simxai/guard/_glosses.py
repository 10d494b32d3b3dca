"""What a label stands for, said in words: "**surcharge** means the standard premium", "rejected: the bank grants
the loan".

An output information's `labels[].meaning` says what each label stands for. A reply that glosses a label with the
words only another label's meaning has (and none of its own) has swapped the meanings. Only the words that tell
two meanings apart count ("bank" is in both "the bank grants the loan" and "the bank turns the application
down"); a gloss with a negation ("the bank does not grant the loan") or with words of neither is not read.
Thresholds in a meaning ("above 140") are `simxai.guard._meanings`'s.

A feature's name glossed in brackets ("debt_to_income (monthly debt payments over monthly income) has a mean of
0.27") says what the feature is, not what the numbers after it are of: the words of the gloss (here another
feature's, "income") are masked before numbers are bound (`mask_feature_glosses`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard import _cues as cue
from simxai.guard._reading import find_mentions

__all__ = ["gloss_claims", "mask_feature_glosses"]

#: What binds a gloss to the label before it: "X: ...", "X means ...", "X, meaning ...", "X stands for ...".
_BINDS = re.compile(
    r"^\s*[\"'”’*]*\s*(?::|=|,?\s*(?:meaning|which means|means|stands for|i\.e\.|is when|is used for)\b)", re.I
)
#: What ends a gloss before a label that starts the next one: "..., and X", "... and X", "...; X".
_NEXT = re.compile(r"(?:,|;|\band|\bwhile|\bwhereas)\s*[\"'“‘*]*$", re.I)
_STOP = frozenset("the and for with are its was has that this than from into one any not".split())


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"[a-z]{3,}", text.lower()) if w not in _STOP}


def gloss_claims(sentence: str, labels: Sequence[str], meanings: Mapping[str, str]) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each gloss the sentence binds to a label, when it has words of one meaning only."""
    if len(meanings) < 2:
        return
    words = {label.lower(): _words(meaning) | _words(label) for label, meaning in meanings.items()}
    mentions = find_mentions(sentence, list(labels))
    bound = [(m, b) for m in mentions if (b := _BINDS.match(sentence[m.end + m.quoted :]))]
    for i, (m, binding) in enumerate(bound):
        own = m.name.lower()
        if own not in words:
            continue
        start = m.end + m.quoted + binding.end()
        # a label inside a gloss ("the standard premium") is part of it; the next gloss starts at a bound label
        end = bound[i + 1][0].start if i + 1 < len(bound) else len(sentence)
        # "standard means the normal premium and surcharge a risk surcharge": the next label of an enumeration
        # starts the next gloss
        later = [o for o in mentions if start <= o.start < end and _NEXT.search(sentence[start : o.start])]
        end = later[0].start if later else end
        gloss = re.split(r";|\n|,\s*(?:whereas|while|and)\b|\bwhereas\b", sentence[start:end])[0]
        if cue.NEGATION.search(gloss):
            continue
        said = _words(gloss)
        for other, theirs in words.items():
            if other == own:
                continue
            mine, only_theirs = words[own] - theirs, theirs - words[own]
            if said & only_theirs and not said & mine:
                yield f"meaning of {m.name} ('{gloss.strip()}')", False
                break
        else:
            if said & words[own] - set().union(*(w for o, w in words.items() if o != own)):
                yield f"meaning of {m.name}", True


#: A gloss in brackets: no number (a value or a contribution in brackets is the feature's), no list ("(and age)").
_BRACKETED = re.compile(r"\s*\((?!\s*(?:and|or|plus|with|vs\.?|versus)\b)([^()\d\n]{3,100})\)")


def mask_feature_glosses(text: str, features: Sequence[str], labels: Sequence[str]) -> str:
    """`text` with the words of each bracketed gloss right after a feature's own name blanked (same length, so
    offsets hold): "income_ratio (rent as a % of take-home pay) runs 12 to 72" binds 12-72 to income_ratio, not to
    the rent the gloss names. A gloss that names a label is left: it may be a claim ("bmi (the stable side's)").
    """
    names = sorted((f for f in features if len(f) >= 3), key=len, reverse=True)
    if not names or "(" not in text:
        return text
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w-])", re.I)
    out = list(text)
    for name in pattern.finditer(text):
        gloss = _BRACKETED.match(text, name.end())
        if gloss is None or find_mentions(gloss.group(1), list(labels)):
            continue
        for i in range(gloss.start(1), gloss.end(1)):
            out[i] = " "
    return "".join(out)
