"""A feature's number said as its importance (claims-48, gfa41): "BMI has an importance of 0.033", "the crack
count's importance is 0.044", "the importance of storage time is 0.07", "mould (importance 0.006)".

A global explanation gives each feature two numbers, its importance (the mean size of its contributions) and its
mean contribution (signed); the number checks bind a feature's number to either, so a writer who gave the mean
contribution as the importance, or a negative importance, went unread. Read here where the word "importance" ties
the number to one feature, on a turn whose outputs explain the model globally and no subject locally (a local
explanation's contributions are numbers of the same features): the number must be one of the feature's numbers
other than its mean contribution, and an importance below zero is none when the outputs give no negative one.
Nothing of a host's domain.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence

from simxai.guard._reading import find_mentions

__all__ = ["importance_claims"]

_NUM = r"(?P<n>[-−]?\d*\.\d+|[-−]?\d+(?![\d.]))"
_ABOUT = r"(?:(?:about|around|roughly|only|just|some|nearly|almost)\s+)?"
#: a mean contribution may be written with its sign: "+0.119" (claims-53)
_SIGNED = r"(?P<n>[-−+]?\d*\.\d+|[-−+]?\d+(?![\d.]))"
#: "F has an importance of N", "F's importance is N", "F (importance N)": the feature right before.
#: "F's importance for a lost pot is N": the class it is of, in a few words, before the verb (claims-52).
_FOR_CLASS = r"(?:for\s+(?:(?:an?|the)\s+)?[\w-]+(?:\s+[\w-]+){0,2}\s+(?=(?:is|was|of|at|comes|sits|stands)\b|[:=]))?"
_AFTER_NAME = re.compile(
    rf"^(?:'s|’s|'|’)?\s*(?:\(\s*|,\s*)?(?:(?:has|have|had|with|gets|get|carries|carry|shows)\s+)?(?:an?\s+)?"
    rf"(?:mean\s+|global\s+)?importance\s*(?:score\s*)?{_FOR_CLASS}"
    rf"(?:of|is|was|at|:|=|sits at|comes to)?\s*{_ABOUT}{_NUM}",
    re.I,
)
#: "F has an average effect of N", "F's mean contribution toward L is N", "F has the highest average effect, N": its
#: mean contribution (signed), never its importance (the mean size of its contributions; claims-52).
_MEAN_AFTER_NAME = re.compile(
    rf"^(?:'s|’s|'|’)?\s*(?:\(\s*|,\s*)?(?:(?:has|have|had|with|gets|get|carries|carry|shows)\s+)?"
    rf"(?:an?\s+|the\s+|its\s+)?(?:(?:highest|largest|biggest|greatest|strongest|smallest|lowest|weakest)\s+)?"
    rf"(?:average|mean)\s+(?:effect|contribution|push)\s*"
    rf"(?:(?:for|on|toward|towards)\s+(?:(?:an?|the)\s+)?[\w-]+(?:\s+[\w-]+){{0,2}}?\s*)?"
    rf"(?:of|is|was|at|:|=|,|comes to)?\s*{_ABOUT}{_SIGNED}(?!\s*%)",
    re.I,
)
#: "On average F raises approval by N", "F pushes L up by N on average": a move said of the feature on average is its
#: mean contribution too (claims-53), when "on average" comes right before the feature or right after the number.
_ON_AVERAGE_BEFORE = re.compile(r"\bon\s+(?:the\s+)?average,?\s+(?:the\s+|its\s+|a\s+)?$", re.I)
_MOVES_BY = re.compile(
    r"^(?:'s|’s|'|’)?\s+(?:raises|lifts|lowers|cuts|pushes|pulls|adds|takes|moves|shifts|nudges|drags|changes)\b"
    rf"(?:\s+[\w-]+){{0,3}}?\s+by\s+{_ABOUT}{_SIGNED}(?!\s*%)(?P<after>\s+on\s+(?:the\s+)?average\b)?",
    re.I,
)
#: "the importance of F is N", "importance of F: N": the feature right after.
_BEFORE_NAME = re.compile(r"\bimportance\s+(?:score\s+)?(?:of|for)\s+(?:the\s+)?$", re.I)
_THEN_NUMBER = re.compile(rf"^\s*(?:is|was|:|=|,|comes to|sits at|stands at)\s*{_ABOUT}{_NUM}", re.I)


def importance_claims(
    sentence: str,
    names: Mapping[str, str],
    numbers: Mapping[str, set[float]],
    means: Mapping[str, set[float]],
    quoted_only: Iterable[str] = (),
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each number `sentence` gives a feature as its importance.

    Args:
        sentence: one sentence of the reply.
        names: each spelling of a feature (and alias) -> the feature (lower case).
        numbers: each feature's numbers in the outputs.
        means: each feature's mean contributions in the outputs' global explanations.
        quoted_only: the names that count only inside quotes (a text model's words).
    """
    for m in find_mentions(sentence, names, quoted_only=quoted_only):
        feature = names.get(m.name, m.name)
        if feature not in means:
            continue
        end = m.end + (1 if m.quoted else 0)
        moved = _MOVES_BY.match(sentence[end:])
        if moved and not (moved.group("after") or _ON_AVERAGE_BEFORE.search(sentence[: m.start])):
            moved = None
        if mean := _MEAN_AFTER_NAME.match(sentence[end:]) or moved:
            raw = mean.group("n").replace("−", "-")
            yield f"average effect of {feature} {raw}", _is_mean(raw, means[feature])
            continue
        said = _AFTER_NAME.match(sentence[end:])
        if said is None and _BEFORE_NAME.search(sentence[: m.start - (1 if m.quoted else 0)]):
            said = _THEN_NUMBER.match(sentence[end:])
        if said is None:
            continue
        raw = said.group("n").replace("−", "-")
        yield f"importance of {feature} {raw}", _holds(raw, numbers.get(feature, set()), means[feature])


def _holds(raw: str, numbers: set[float], means: set[float]) -> bool:
    """Whether the number as written is one of the feature's `numbers` other than its `means` at the precision it
    shows. An importance is never below the size of the mean contribution, so a mean with no larger number beside
    it may be the importance too (a feature whose contributions all push one way) and is not denied.
    """
    x = float(raw)
    others = numbers - means
    if x < 0 and not any(v < 0 for v in others):
        return False
    step = 10.0 ** -(len(raw.split(".")[1]) if "." in raw else 0)
    if any(abs(x - v) <= step / 2 + 1e-9 for v in others):
        return True
    return any(abs(x - m) <= step / 2 + 1e-9 and not any(v >= abs(m) - 1e-12 for v in others) for m in means)


def _is_mean(raw: str, means: set[float]) -> bool:
    """Whether the number as written is one of a feature's mean contributions at the precision it shows; with no
    sign written, of either sign (the direction is a claim of its own).
    """
    x = float(raw)
    step = 10.0 ** -(len(raw.split(".")[1]) if "." in raw else 0)
    unsigned = not raw.startswith(("-", "+"))
    return any(abs(x - m) <= step / 2 + 1e-9 or (unsigned and abs(x - abs(m)) <= step / 2 + 1e-9) for m in means)


def global_means(attributions: Sequence[tuple[str, str, float]], local: bool) -> dict[str, set[float]]:
    """Each feature's mean contributions (a global explanation's attributions), none when a subject is explained
    locally too (its contributions are attributions of the same features).
    """
    if local:
        return {}
    out: dict[str, set[float]] = {}
    for feature, _, value in attributions:
        out.setdefault(feature.lower(), set()).add(value)
    return out
