"""Which way a change goes, said in words beside the numbers that show it (claims-25).

- **Certainty after a what-if that keeps the label**: "still X but less sure", "more surely", "even more firmly
  X", "the model would be surer", "even more X" say that the kept label's probability moves that way; each is
  checked like "X becomes more likely" (`_terse.likely_move_claims`): some old probability of X and some new one
  must differ that way. Read only when every change of the outputs keeps its label ("less sure" of a label that
  flips has no single reading) and the words are not denied or compared with something else ("less sure of that
  than of Y" is a comparison of two classes, not a move).
- **A feature's change said with a comparative beside its two numbers**: "a higher X (5.3 → 4.1)", "a more
  distant borrower: 702 km instead of 2519", "if it weighed more: 9.8 kg up from 25.9". When the sentence gives
  exactly one of the outputs' changes as a pair of numbers (old → new, from old to new, new instead of / up from /
  down from old), the comparatives before the pair (and "up from" / "down from" in it) say its way; they must
  agree with the outputs' old and new values. Comparatives of certainty or likelihood ("more likely", "surer"),
  of a label ("more positive") or before another feature's name are about something else and are not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from simxai.guard._moves import DENIED
from simxai.guard._reading import shown_slack

__all__ = ["certainty_move_claims", "change_way_claims"]

_EVEN = r"(?:even\s+|still\s+|much\s+|far\s+|a\s+(?:bit|little|lot)\s+|slightly\s+|somewhat\s+)*"
#: "surer", "more sure", "less certain", "more surely", "even more firmly", "more confident".
_CERTAIN = re.compile(
    rf"\b(?:(?P<up2>surer|firmer)\b|{_EVEN}(?:(?P<up>more)|(?P<down>less))\s+"
    r"(?:sure|certain|confident|surely|certainly|confidently|firmly|strongly|decisively|clearly)\b)",
    re.I,
)
#: What makes a certainty word a comparison with something other than the state before: "less sure of that than
#: of not fit", "surer than about Y".
_THAN = re.compile(r"^[^.;:]{0,40}?\bthan\s+(?!before\b|it was\b|now\b|today\b|at first\b|originally\b)", re.I)


def certainty_move_claims(
    sentence: str,
    labels: Sequence[str],
    what_if: Sequence[tuple[str | None, str]],
    before: Mapping[str, set[float]],
    after: Mapping[str, set[float]],
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for the kept label's probability said to move by a word of certainty after a what-if.

    Args:
        sentence: one sentence of the reply.
        labels: the host's labels.
        what_if: the outputs' what-ifs as (old label, new label).
        before: label -> its probabilities before the change.
        after: label -> its probabilities after the change.
    """
    kept = {new for old, new in what_if if old == new}
    if len(kept) != 1 or any(old != new for old, new in what_if):
        return
    label = next(iter(kept))
    if label not in labels:
        return
    named = sorted((lab for lab in labels if lab), key=len, reverse=True)
    more_label = re.compile(
        rf"\b{_EVEN}(?:(?P<up>more)|(?P<down>less))\s+(?P<a>{'|'.join(re.escape(n) for n in named)})\b", re.I
    )
    found: list[tuple[re.Match[str], str]] = [(m, label) for m in _CERTAIN.finditer(sentence)]
    found += [(m, next(n for n in labels if n.lower() == m.group("a").lower())) for m in more_label.finditer(sentence)]
    for m, said in found:
        if DENIED.search(sentence[max(0, m.start() - 20) : m.start()]) or _THAN.match(sentence[m.end() :]):
            continue
        if said != label:
            continue  # "more X" of a class that is not the kept one: a comparison, read elsewhere
        olds = {v for v in before.get(label, set()) if 0 <= v <= 1}
        news = {v for v in after.get(label, set()) if 0 <= v <= 1}
        moved = [(o, n) for o in olds for n in news if n != o]
        if moved:
            up = m.group("up") is not None or (m.groupdict().get("up2") is not None)
            yield f"probability of {label} {'up' if up else 'down'}", any((n > o) == up for o, n in moved)


_NUMBER = r"(?P<{0}>-?\d+(?:\.\d+)?)"
_UNIT = r"(?:\s*(?:%|[a-zA-Z]{1,3}\b))?"
#: A change said as a pair of numbers: "5.3 → 4.1", "from 86 to 101", "702 km instead of 2519", "9.8 up from 25.9".
_PAIRS = (
    re.compile(rf"(?<![\w.]){_NUMBER.format('old')}{_UNIT}\s*(?:→|->|=>)\s*{_NUMBER.format('new')}(?![\d.]\d)"),
    re.compile(rf"\bfrom\s+{_NUMBER.format('old')}{_UNIT}\s+to\s+{_NUMBER.format('new')}(?![\d.]\d)", re.I),
    re.compile(
        rf"(?<![\w.]){_NUMBER.format('new')}{_UNIT}\s+(?:instead\s+of|rather\s+than|(?P<up>up\s+from)|"
        rf"(?P<down>down\s+from))\s+{_NUMBER.format('old')}(?![\d.]\d)",
        re.I,
    ),
    # "stretch it to 21.2 s from 39.9" (claims-27)
    re.compile(rf"\bto\s+{_NUMBER.format('new')}{_UNIT}\s+from\s+{_NUMBER.format('old')}(?![\d.]\d)", re.I),
)
_UP_WORDS = (
    r"higher|more distant|further|farther|longer|larger|bigger|greater|heavier|older|wider|damper|wetter|warmer|"
    r"stretch|stretched|lengthen|lengthened|extend|extended|"  # verbs of lengthening (claims-27)
    r"raised|raising|increased|increasing|weighed more|weighs more|weigh more|costs? more|earned more|earns? more"
)
_DOWN_WORDS = (
    r"lower|closer|nearer|shorter|smaller|lighter|younger|narrower|drier|cooler|fewer|"
    r"shorten|shortened|"
    r"lowered|lowering|reduced|reducing|decreased|decreasing|weighed less|weighs less|weigh less|costs? less|"
    r"earned less|earns? less"
)
_WAY = re.compile(rf"\b(?:(?P<up>{_UP_WORDS})|(?P<down>{_DOWN_WORDS}))\b", re.I)
#: A comparative about the model's certainty, likelihood or a chance, not about the changed value.
_OF_CERTAINTY = re.compile(
    r"^\s+(?:\w+\s+)?(?:likely|sure|certain|confident|probable|chance|chances|probability|odds|risk|score|confidence)\b",
    re.I,
)


def _close(said: str, value: float) -> bool:
    return abs(float(said) - value) <= shown_slack(said)


def change_way_claims(
    sentence: str,
    changes: Mapping[str, Sequence[tuple[Any, Any]]],
    spellings: Mapping[str, str],
    labels: Sequence[str],
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for the way of the one change the sentence gives as a pair of numbers, said by the
    comparatives before the pair (or "up from" / "down from" in it).

    Args:
        sentence: one sentence of the reply.
        changes: feature -> its (old, new) values in the outputs.
        spellings: each spelling of a host's feature -> the feature (lower case), to skip a comparative said of
            another feature ("a higher bmi" beside glucose's change).
        labels: the host's labels (a comparative of a label, "more positive", is no change's way).
    """
    numeric = {
        feature: [(float(o), float(n)) for o, n in pairs if _is_number(o) and _is_number(n) and float(o) != float(n)]
        for feature, pairs in changes.items()
    }
    found = []
    for pattern in _PAIRS:
        for m in pattern.finditer(sentence):
            hits = [
                (feature, o, n)
                for feature, pairs in numeric.items()
                for o, n in pairs
                if _close(m.group("old"), o) and _close(m.group("new"), n)
            ]
            if hits:
                found.append((m, hits))
    if len(found) != 1 or len({(f, o, n) for f, o, n in found[0][1]}) != 1:
        return
    # the same change can stand in the outputs more than once (two counterfactuals that both move bmi 23.7 -> 27.3)
    m, [(feature, old, new), *_] = found[0]
    ways = []
    if m.groupdict().get("up") or m.groupdict().get("down"):
        ways.append(m.groupdict().get("up") is not None)
    others = {s.lower() for s, f in spellings.items() if s and f.lower() != feature.lower()}
    others |= {lab.lower() for lab in labels if lab}
    alternatives = "|".join(re.escape(n) for n in sorted(others, key=len, reverse=True)) or r"(?!)"
    blocked = re.compile(rf"^\s+(?:\w+\s+)?(?:{alternatives})\b", re.I)
    for w in _WAY.finditer(sentence[: m.start()]):
        rest = sentence[w.end() :]
        if _OF_CERTAINTY.match(rest) or blocked.match(rest):
            continue
        if DENIED.search(sentence[max(0, w.start() - 12) : w.start()]):
            return
        ways.append(w.group("up") is not None)
    if not ways or len(set(ways)) != 1:
        return
    up = ways[0]
    yield f"change {feature} {'up' if up else 'down'}", (new > old) == up


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
