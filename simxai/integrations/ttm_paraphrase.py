"""Generated training examples for the learned TalkToModel parser's filter classifiers.

TalkToModel's templates phrase a numeric comparison or a yes/no condition in a few dozen ways (its filter
fillers); a user has many more. The comparison and the value of a filter are small compositional decisions,
so the training set gets them from a lexicon of ordinary English phrasings rather than from the few the
templates happen to use: each aligned filter of a training pair is re-written with other phrasings of the
same or another comparison (or yes/no value), and labelled with it. The lexicon below is written from
general English usage, not copied from any template or evaluation utterance.

Only the filter's own words change (the words between the feature and its number, or the words right after a
categorical feature); the rest of the utterance, and so the program's shape, is untouched.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from simxai.integrations.ttm_linear import Features
from simxai.integrations.ttm_reader import Mention, Reading

__all__ = [
    "COMPARISON_PHRASES",
    "JOIN_PHRASES",
    "NUMBER_FIRST_UPDATES",
    "UPDATE_PHRASES",
    "VALUE_PHRASES",
    "paraphrased_filters",
    "paraphrased_joins",
]

#: Ways to write "feature <comparison> number". ``N`` marks where the number goes when it is not at the end.
COMPARISON_PHRASES: dict[str, tuple[str, ...]] = {
    "greater than": (
        "greater than",
        "more than",
        "above",
        "over",
        "higher than",
        "larger than",
        "bigger than",
        "is greater than",
        "is above",
        "is over",
        "is higher than",
        "exceeding",
        "exceeds",
        "surpasses",
        "in excess of",
        "beyond",
        "strictly above",
        ">",
    ),
    "greater equal than": (
        "at least",
        "is at least",
        "greater than or equal to",
        "greater or equal to",
        "more than or equal to",
        "equal to or greater than",
        "equal to or more than",
        "equal to or above",
        "the same as or greater than",
        "no less than",
        "not less than",
        "not below",
        "is not below",
        "a minimum of",
        "N or more",
        "N or greater",
        "N or higher",
        "N or above",
        "N and above",
        "N and up",
        ">=",
    ),
    "less than": (
        "less than",
        "lower than",
        "below",
        "under",
        "smaller than",
        "fewer than",
        "is less than",
        "is below",
        "is under",
        "is lower than",
        "beneath",
        "strictly below",
        "<",
    ),
    "less equal than": (
        "at most",
        "is at most",
        "less than or equal to",
        "less or equal to",
        "lower than or equal to",
        "equal to or less than",
        "equal to or lower than",
        "equal to or below",
        "the same as or less than",
        "no more than",
        "not more than",
        "not above",
        "is not above",
        "up to",
        "a maximum of",
        "N or less",
        "N or fewer",
        "N or lower",
        "N or below",
        "N and below",
        "N and under",
        "<=",
    ),
    "equal to": ("equal to", "is equal to", "equals", "of", "is", "exactly", "is exactly", "=", "at", "being"),
    "not equal to": (
        "not equal to",
        "is not equal to",
        "other than",
        "different from",
        "is not",
        "isn't",
        "except",
        "!=",
        "unequal to",
    ),
}

#: Ways to write a what-if change "feature <update> number" (``N`` as above).
UPDATE_PHRASES: dict[str, tuple[str, ...]] = {
    "increase": (
        "were increased by",
        "increased by",
        "is increased by",
        "raised by",
        "were raised by",
        "went up by",
        "up by",
        "incremented by",
        "grew by",
        "plus",
        "were N higher",
        "were N more",
        "N higher",
        "N more",
        "N greater",
        "N larger",
        "N bigger",
    ),
    "decrease": (
        "were decreased by",
        "decreased by",
        "is decreased by",
        "reduced by",
        "were reduced by",
        "lowered by",
        "went down by",
        "down by",
        "cut by",
        "dropped by",
        "minus",
        "were N lower",
        "were N less",
        "N lower",
        "N less",
        "N smaller",
        "N fewer",
    ),
    "set": (
        "were set to",
        "set to",
        "is set to",
        "were",
        "was",
        "is",
        "changed to",
        "were changed to",
        "equal to",
        "became",
        "of",
        "at",
        "=",
    ),
}

#: Ways to write a what-if with the number before the feature ("had 3 more prior crimes", "lost 5 bmi", "had no
#: prior crimes" once "no" is read as 0): ``N`` marks the number, the feature follows the phrase.
NUMBER_FIRST_UPDATES: dict[str, tuple[str, ...]] = {
    "increase": (
        *("had N more", "N more", "gained N", "N extra", "got N more", "added N", "had N additional"),
        *("another N", "an extra N", "a further N", "more N", "had another N"),
    ),
    "decrease": (
        *("had N fewer", "N fewer", "N less", "lost N", "had N less", "shed N", "N lower"),
        *("less N", "fewer N", "dropped N", "gave up N"),
    ),
    "set": ("had N", "with N", "having N", "had only N", "had exactly N", "has N"),
}

#: Ways to say a yes/no feature holds or not, right after the feature's name.
VALUE_PHRASES: dict[str, tuple[str, ...]] = {
    "true": ("is true", "are true", "equal to true", "is yes", "= true", "being true", "holds", "is set"),
    "false": (
        "is false",
        "are false",
        "is not true",
        "are not true",
        "isn't true",
        "equal to false",
        "= false",
        "is no",
        "not true",
        "does not hold",
        "is not set",
    ),
}
#: Ways to join two filters, written between them.
JOIN_PHRASES: dict[str, tuple[str, ...]] = {
    "and": (
        "and",
        ",",
        ", and",
        "but",
        "and also",
        "and that have",
        "who also have",
        "with",
        "where",
        "and with",
        "and where",
        "that also have",
        "as well as",
        "along with",
    ),
    "or": ("or", ", or", "or with", "or those with", "or where", "or that have", "or else", "or if", "or whose"),
}
# prefixes that negate a yes/no feature written alone ("not woman", "non smokers")
_VALUE_PREFIXES: dict[str, tuple[str, ...]] = {"false": ("not", "non", "no", "never")}
# how many phrasings of each comparison (or value) one aligned filter yields
_PER_LABEL = 2


def paraphrased_filters(
    reading: Reading,
    pairs: list[tuple[int, int | None, str, str, str]],
    featurize: Callable[[Reading, int, int | None, str], Features],
    seed: int,
) -> list[tuple[str, Features, str]]:
    """Examples for the comparison, update and value classifiers from the filters and changes of one aligned
    pair, re-phrased.

    Args:
        reading: the masked utterance.
        pairs: its aligned filters and changes, (feature position, number position or None, role, model, label).
        featurize: the pair features (`ttm_features.pair_features`).
        seed: seeds the choice of phrasings (the build stays deterministic).
    """
    rng = random.Random(seed)
    found: list[tuple[str, Features, str]] = []
    for feature_at, number_at, role, model, _label in pairs:
        if role != "filter" and model != "update":
            continue
        if model == "comparison" and number_at is not None and feature_at < number_at:
            if number_at - feature_at > 7:
                continue
            for label, phrases in COMPARISON_PHRASES.items():
                for phrase in rng.sample(phrases, _PER_LABEL):
                    found.append(_rephrased(reading, feature_at, number_at, phrase, featurize, role, model, label))
        elif model == "update" and number_at is not None and 0 <= number_at - feature_at - 1 <= 5:
            for label, phrases in UPDATE_PHRASES.items():
                for phrase in rng.sample(phrases, _PER_LABEL):
                    found.append(_rephrased(reading, feature_at, number_at, phrase, featurize, role, model, label))
            # drawn apart, so that the draws of every other phrasing stay as they were
            first = random.Random(f"{seed} {feature_at} number first")
            for label, phrases in NUMBER_FIRST_UPDATES.items():
                for phrase in first.sample(phrases, _PER_LABEL):
                    new, number, feature = _number_first(reading, feature_at, number_at, phrase)
                    found.append((model, featurize(new, feature, number, role), label))
        elif model == "value" and number_at is None:
            following = set(reading.words[feature_at + 1 : feature_at + 4])
            preceding = set(reading.words[max(0, feature_at - 2) : feature_at])
            if following & {"true", "false", "not", "no", "yes"} or preceding & {"not", "no", "non", "never"}:
                continue
            for label, phrases in VALUE_PHRASES.items():
                for phrase in rng.sample(phrases, _PER_LABEL):
                    new = _replace(reading, feature_at + 1, feature_at + 1, phrase.split(), [])
                    found.append(("value", featurize(new, feature_at, None, role), label))
            for label, prefixes in _VALUE_PREFIXES.items():
                prefix = rng.choice(prefixes)
                new = _replace(reading, feature_at, feature_at, [prefix], [])
                found.append(("value", featurize(new, feature_at + 1, None, role), label))
    return found


def paraphrased_joins(
    reading: Reading,
    gaps: list[tuple[int, int, str]],
    featurize: Callable[[Reading, int, int], Features],
    seed: int,
) -> list[tuple[str, Features, str]]:
    """Examples for the join classifier: each gap between two aligned filters whose words hold no number or
    feature, re-written with other phrasings of ``and`` and ``or``.

    Args:
        reading: the masked utterance.
        gaps: its aligned gaps, (left anchor, right anchor, join).
        featurize: the gap features (`ttm_features.gap_features`).
        seed: seeds the choice of phrasings.
    """
    rng = random.Random(seed)
    found: list[tuple[str, Features, str]] = []
    for left, right, _join in gaps:
        if any(w.startswith("<") for w in reading.words[left + 1 : right]):
            continue  # the gap holds the left filter's value: its words are the comparison's too
        for label, phrases in JOIN_PHRASES.items():
            for phrase in rng.sample(phrases, _PER_LABEL):
                words = phrase.split()
                new = _replace(reading, left + 1, right, words, [])
                found.append(("join", featurize(new, left, left + 1 + len(words)), label))
    return found


def _rephrased(
    reading: Reading,
    feature_at: int,
    number_at: int,
    phrase: str,
    featurize: Callable[[Reading, int, int | None, str], Features],
    role: str,
    model: str,
    label: str,
) -> tuple[str, Features, str]:
    """One example: the words between a feature and its number replaced by `phrase` (``N``: the number)."""
    words = phrase.split()
    after = words[words.index("N") + 1 :] if "N" in words else []
    before = words[: words.index("N")] if "N" in words else words
    new = _replace(reading, feature_at + 1, number_at, before, after)
    shift = len(before) - (number_at - feature_at - 1)
    return (model, featurize(new, feature_at, number_at + shift, role), label)


def _number_first(reading: Reading, feature_at: int, number_at: int, phrase: str) -> tuple[Reading, int, int]:
    """`reading` with "feature ... number" (positions `feature_at` < `number_at`) written number first by
    `phrase` ("had N more" -> "had <num> more <fnum>"); the new reading and the number's and feature's positions.
    """
    words = phrase.split()
    before, after = words[: words.index("N")], words[words.index("N") + 1 :]
    old = reading.words
    number = feature_at + len(before)
    feature = number + 1 + len(after)
    new = (*old[:feature_at], *before, old[number_at], *after, old[feature_at], *old[number_at + 1 :])
    shift = feature - number_at

    def moved(position: int) -> int:
        if position == feature_at:
            return feature
        if position == number_at:
            return number
        return position if position < feature_at else position + shift

    mentions = tuple(
        Mention(m.kind, m.value, moved(m.position)) for m in reading.mentions if not feature_at < m.position < number_at
    )
    return Reading(reading.text, new, tuple(sorted(mentions, key=lambda m: m.position))), number, feature


def _replace(reading: Reading, start: int, stop: int, words: list[str], after: list[str]) -> Reading:
    """`reading` with words[start:stop] replaced by `words` and `after` inserted right after position `stop`
    (the number's mask, when `after` is given). Mentions keep their masks; positions shift.
    """
    old = list(reading.words)
    new = [*old[:start], *words, old[stop], *after, *old[stop + 1 :]] if after else [*old[:start], *words, *old[stop:]]
    shift = len(words) - (stop - start)

    def moved(position: int) -> int:
        if position < start:
            return position
        return position + shift + (len(after) if after and position > stop else 0)

    mentions = tuple(
        Mention(m.kind, m.value, moved(m.position)) for m in reading.mentions if not start <= m.position < stop
    )
    return Reading(reading.text, tuple(new), mentions)
