"""Two labels' groups compared on a feature (claims-16): "progressing patients sit higher than stable ones",
"healthy packs average more cycles than degraded ones", "stable patients average slightly more".

A data summary gives each feature's mean over each label's rows (`mean_by_label`, kept in `Facts.statistics` as
"mean|<label>"). A sentence that names a label, a comparative ("higher", "more", "fewer", "older", ...), "than"
and another label compares the two groups' means of the feature it names (else of the feature the sentence before
it named last, else of the one feature the outputs give such means of): the comparative must go the way the two
means do. Not read when the comparison is denied, or is of
something else than the feature's values ("more likely", "more important", "more often").

One class's group given a pair (claims-26): "failed grafts have the better cambium match on average, 78.0 %
against 62.0 %", "negative reviews run longer, 7.9 words against 7.3". A sentence that names one class of a host of
two, then two numbers joined by "against", "versus", "vs" or "to", gives the first to the named class's mean and the
second to the other's: when the two are the feature's two per-class means (in either order), they must be in that
order. Since claims-39 also the class said in the plural for its group, "negatives run a little longer (7.9 words
vs 7.3)" (g27, g28, g29), and the other class named after the second number, "negatives run slightly longer, 7.88
words vs 7.3 for positives" (g24).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Mapping, Sequence

from simxai.guard._mentions import Mention
from simxai.guard._prefilter import gated
from simxai.guard._reading import find_mentions, matches, numbers

__all__ = ["group_mean_claims", "group_pair_claims"]

_MORE = r"higher|more|larger|bigger|greater|heavier|older|longer|above|wider|thicker|taller|deeper|warmer|hotter"
_LESS = r"lower|less|fewer|smaller|lighter|younger|shorter|below|narrower|thinner|shallower|colder|cooler"
#: A comparative, then "than" within a few words and a bracketed figure ("higher than", "more cycles than",
#: "slightly more on average than", "longer on average (45.6) than").
_COMPARED = re.compile(
    rf"\b(?:(?P<more>{_MORE})|(?P<less>{_LESS}))\b(?P<gap>(?:\s+[\w-]+|\s*\([^()]{{0,24}}\)){{0,5}}?)\s+than\b",
    re.IGNORECASE,
)
#: A comparison of something other than the feature's values.
_OTHER = re.compile(r"\b(?:likely|important|influential|often|common|frequent\w*|probab\w*|chance|confident)\b", re.I)
_DENIED = re.compile(r"\b(?:not|no|never|nor)\b|n't\b", re.I)


def group_mean_claims(
    sentence: str,
    features: Mapping[str, str],
    labels: Sequence[str],
    statistics: Mapping[str, Mapping[str, float]],
    before: Sequence[str] = (),
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each comparison of two labels' groups on a feature in `sentence`.

    Args:
        sentence: one sentence of the reply.
        features: spelling -> feature (lower case), as the guard reads names.
        labels: the host's labels.
        statistics: feature (lower case) -> statistic ("mean|<label>" among them) -> value.
        before: the features (lower case) the sentence before named, in order.
    """
    grouped = [f for f, stats in statistics.items() if any(name.startswith("mean|") for name in stats)]
    if not grouped:
        return
    said = find_mentions(sentence, list(labels))
    if len(said) < 2:
        return
    named = find_mentions(sentence, features)
    ends, starts = [m.end for m in said], [m.start for m in said]  # in order: each cue's neighbours by bisection
    named_ends = [m.end for m in named]
    for cue in _COMPARED.finditer(sentence):
        if _OTHER.search(cue.group("gap") or "") or _OTHER.search(sentence[cue.end() : cue.end() + 20]):
            continue
        i, j = bisect_right(ends, cue.start()), bisect_left(starts, cue.end())
        if i == 0 or j == len(said) or said[i - 1].name == said[j].name:
            continue
        a_label, b_label = said[i - 1], said[j]
        if _DENIED.search(sentence[a_label.end : cue.start()]):
            continue
        k = bisect_right(named_ends, cue.end())
        feature = features[named[k - 1].name] if k else None
        feature = feature or (features[named[0].name] if named else None) or (before[-1] if before else None)
        if feature is None and len(grouped) == 1:
            feature = grouped[0]  # the one feature the outputs give per-label means of
        stats = statistics.get(feature or "", {})
        a, b = stats.get(f"mean|{a_label.name}"), stats.get(f"mean|{b_label.name}")
        if a is None or b is None or a == b:
            continue
        more = bool(cue.group("more"))
        yield f"mean of {feature}: {a_label.name} {'above' if more else 'below'} {b_label.name}", (a > b) == more


#: Two numbers joined as a pair: "78.0 % against 62.0 %", "54.3k vs 45.0k", "7.9 words against 7.3".
_PAIR = gated(
    r"(?<![\w.])(?P<a>\d+(?:\.\d+)?)\s*(?:%|k\b|[a-z]+\b)?\s*(?:against|versus|vs\.?|to)\s+(?P<b>\d+(?:\.\d+)?)(?![\w.]\d)",
    re.I,
)


def _plurals(labels: Sequence[str]) -> dict[str, str]:
    """A class said in the plural for its group ("negatives", "positives"), each mapped to the class; not of a
    class that ends in "s" already ("tunnels") or is more than one word.
    """
    return {f"{label}s": label for label in labels if label.isalpha() and not label.lower().endswith("s")}


#: The other class's group right after the pair's second number: "7.88 words vs 7.3 for positives" (claims-39).
_FOR_OTHER = re.compile(r"\s*(?:[a-z]+\s+)?(?:for|in|among|of)\s+(?:the\s+)?$", re.I)


def _other_after(rest: str, after: Sequence[Mention], said: set[str], plurals: Mapping[str, str]) -> bool:
    """Whether the one class named after the pair is the other class, said as the second number's group."""
    return (
        len(after) == 1
        and plurals.get(after[0].name, after[0].name) not in said
        and bool(_FOR_OTHER.fullmatch(rest[: after[0].start]))
    )


def group_pair_claims(
    sentence: str,
    features: Mapping[str, str],
    labels: Sequence[str],
    statistics: Mapping[str, Mapping[str, float]],
    before: Sequence[str] = (),
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for a pair of numbers given to one class's group and the other's on a host of two classes."""
    if len(labels) != 2:
        return
    plurals = _plurals(labels)  # "negatives run a little longer (7.9 words vs 7.3)" (claims-39)
    for pair in _PAIR.finditer(sentence):
        said = {plurals.get(m.name, m.name) for m in find_mentions(sentence[: pair.start()], [*labels, *plurals])}
        after = find_mentions(sentence[pair.end() :], [*labels, *plurals])
        if len(said) != 1 or (after and not _other_after(sentence[pair.end() :], after, said, plurals)):
            continue
        named = find_mentions(sentence[: pair.start()], features)
        feature = features[named[-1].name] if named else (before[-1] if before else None)
        grouped = [f for f, stats in statistics.items() if any(name.startswith("mean|") for name in stats)]
        if feature not in grouped and len(grouped) == 1:
            feature = grouped[0]  # the one feature the outputs give per-class means of
        stats = statistics.get(feature or "", {})
        first = next(iter(said))
        other = next(label for label in labels if label != first)
        mine, theirs = stats.get(f"mean|{first}"), stats.get(f"mean|{other}")
        if mine is None or theirs is None:
            continue
        a, b = next(numbers(pair.group("a")), None), next(numbers(pair.group("b")), None)
        if a is None or b is None:
            continue
        in_order = matches(a, {mine}) and matches(b, {theirs})
        if in_order or (matches(a, {theirs}) and matches(b, {mine})):
            yield f"mean of {feature}: {first} {a.raw}, {other} {b.raw}", in_order
