"""Constraints of English syntax on the learned parser's mention roles, applied at parse time.

The role classifier sees a few words around each mention; some readings depend on a word order it cannot see
whole. These rules raise or lower a role's score before shape and roles are decoded jointly (`ttm_learned`):

- a number right after a singular noun for one row is an id ("patient 51", "row 65");
- a number written as a possessive is an id ("654's loan", "what happens to 6706's probability");
- the number "how old is" / "how long is" asks about is an id ("how old is 7149");
- a feature "of" (or "for") a number, with another number after it, is that row's feature ("set age of 6458 to
  50", "the loan duration for 545 were 12 months"): the first number is the id, the second the value;
- when the utterance has an "if" clause, a feature outside every such clause is no change;
- the feature right after a word for an average ("mean age of black defendants") is the statistic's argument,
  and no other feature of the utterance is.

General English, nothing of a dataset: each rule reads the masked words only.
"""

from __future__ import annotations

from simxai.integrations.ttm_lexicon import ID_NOUNS
from simxai.integrations.ttm_reader import Reading

__all__ = ["apply_role_rules", "negated_at"]

# what ends an "if" clause, and the words that open a main clause after its comma
_CLAUSE_ENDS = frozenset({".", "?", "!", ";", "then"})
_MAIN_CLAUSE_OPENERS = frozenset(
    {"what", "how", "why", "which", "who", "would", "will", "does", "do", "is", "are", "can", "could", "tell", "show"}
)
_COPULAS = frozenset({"is", "are", "was", "were"})
# words between "a feature of N" and its new value ("set age of 6458 to 50", "... of 298 is set to 12")
_SETTING_WORDS = frozenset({"to", "at", "be", "is", "was", "were", "are", "set", "changed", "equal", "equals", "="})
_OF = frozenset({"of", "for"})
_DETERMINERS = frozenset({"a", "an", "the", "their", "his", "her", "its"})
# words for an average, and what may stand between one and the feature it averages ("the mean of the age")
_AVERAGES = frozenset({"mean", "average", "median"})
_AVERAGE_GAP = frozenset({"of", "the", "a"})

Scores = list[dict[str, float]]


def apply_role_rules(reading: Reading, role_scores: Scores) -> None:
    """Apply every rule of this module to `role_scores` (one dict of role -> score per mention), in place."""
    _ids_after_id_nouns(reading, role_scores)
    _possessive_ids(reading, role_scores)
    _asked_about_ids(reading, role_scores)
    _features_of_rows(reading, role_scores)
    _changes_inside_if(reading, role_scores)
    _averaged_arguments(reading, role_scores)


def negated_at(words: tuple[str, ...], position: int) -> bool:
    """Whether the mention at `position` is negated right before it ("not woman", "does not own a house",
    "not a felony"): a yes/no value read there is ``false``.
    """
    k = position - 1
    if k >= 0 and words[k] in _DETERMINERS:
        k -= 1
    return k >= 0 and words[k] in ("not", "non")


def _prefer(scores: dict[str, float], role: str) -> None:
    if role in scores:
        scores[role] = max(scores.values()) + 1.0


def _ids_after_id_nouns(reading: Reading, role_scores: Scores) -> None:
    """A number right after a singular noun for one row ("patient 51", "row 65") takes the role ``id``."""
    for mention, scores in zip(reading.mentions, role_scores, strict=True):
        if mention.kind == "num" and mention.position and reading.words[mention.position - 1] in ID_NOUNS:
            _prefer(scores, "id")


def _possessive_ids(reading: Reading, role_scores: Scores) -> None:
    """A whole number written as a possessive ("654's loan": the reader's words ``<num> s``) is a row's id."""
    words = reading.words
    for mention, scores in zip(reading.mentions, role_scores, strict=True):
        at = mention.position
        if mention.kind == "num" and mention.value.isdigit() and at + 1 < len(words) and words[at + 1] == "s":
            _prefer(scores, "id")


def _asked_about_ids(reading: Reading, role_scores: Scores) -> None:
    """The number a "how <quantity> is" question asks about is a row's id ("how old is 7149", "how long was 12's
    loan"): the reader masks the quantity's adjective as its feature (``how <fnum> is <num>``).
    """
    words = reading.words
    for mention, scores in zip(reading.mentions, role_scores, strict=True):
        at = mention.position
        if (
            mention.kind == "num"
            and mention.value.isdigit()
            and at >= 3
            and words[at - 1] in _COPULAS
            and words[at - 2] == "<fnum>"
            and words[at - 3] == "how"
        ):
            _prefer(scores, "id")
            scores["value"] = min(scores.values()) - 1.0


def _features_of_rows(reading: Reading, role_scores: Scores) -> None:
    """A feature followed by "of" / "for" and a whole number, then by setting words and a second number before
    any other feature, is that row's feature: the first number is the id, the second the value ("set age of 6458
    to 50", "the age of row 65 were 45", "the loan duration for 545 were 12 months").
    """
    words, mentions = reading.words, reading.mentions
    for k, feature in enumerate(mentions):
        if feature.kind not in ("fnum", "fcat"):
            continue
        at = feature.position + 1
        if at >= len(words) or words[at] not in _OF:
            continue
        at += 1 + (at + 1 < len(words) and words[at + 1] in ID_NOUNS)
        row = next((j for j in range(k + 1, len(mentions)) if mentions[j].position == at), None)
        if row is None or mentions[row].kind != "num" or not mentions[row].value.isdigit():
            continue
        end = at + 1
        while end < len(words) and words[end] in _SETTING_WORDS:
            end += 1
        value = next((j for j in range(row + 1, len(mentions)) if mentions[j].position == end), None)
        if end == at + 1 or value is None or mentions[value].kind != "num":
            continue
        _prefer(role_scores[row], "id")
        role_scores[row]["value"] = min(role_scores[row].values()) - 1.0
        _prefer(role_scores[value], "value")


def _changes_inside_if(reading: Reading, role_scores: Scores) -> None:
    """When the utterance has an "if" clause, a feature outside every such clause is no change: "would people with
    a 37 of age be less likely ... if glucose were decreased by 10?" changes glucose and filters on age.
    """
    words = reading.words
    inside: set[int] = set()
    for start, word in enumerate(words):
        if word == "if":
            end = next((k for k in range(start + 1, len(words)) if _ends_clause(words, k)), len(words))
            inside.update(range(start + 1, end))
    if not inside:
        return
    for mention, scores in zip(reading.mentions, role_scores, strict=True):
        if "change" in scores and mention.position not in inside:
            scores["change"] = min(scores.values()) - 1.0


def _ends_clause(words: tuple[str, ...], k: int) -> bool:
    """Whether an "if" clause ends at `k`: a sentence end or "then", or a comma before a main clause ("..., what
    would ..."); a comma inside a list of changes ("if you raised X by 5, lowered Y by 3, and ...") does not.
    """
    if words[k] in _CLAUSE_ENDS:
        return True
    return words[k] == "," and k + 1 < len(words) and words[k + 1] in _MAIN_CLAUSE_OPENERS


def _averaged_arguments(reading: Reading, role_scores: Scores) -> None:
    """The feature right after a word for an average, maybe past "of the", is the argument of the statistic; any
    other feature of the utterance is then no argument ("mean age of the unemployed": unemployed is a filter).
    """
    words = reading.words
    averaged = None
    for k, mention in enumerate(reading.mentions):
        at = mention.position - 1
        while at >= 0 and words[at] in _AVERAGE_GAP and at >= mention.position - 2:
            at -= 1
        if mention.kind in ("fnum", "fcat") and at >= 0 and words[at] in _AVERAGES and "arg" in role_scores[k]:
            averaged = k
            break
    if averaged is None:
        return
    _prefer(role_scores[averaged], "arg")
    for k, mention in enumerate(reading.mentions):
        if k != averaged and mention.kind in ("fnum", "fcat") and "arg" in role_scores[k]:
            role_scores[k]["arg"] = min(role_scores[k].values()) - 1.0
