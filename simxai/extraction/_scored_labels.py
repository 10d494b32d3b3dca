"""The label a metric or a global importance is asked for: "recall for stable", "features that push towards barbera".

A label attached by "for", "on", "of", "towards", "at catching" or a verb of finding said of the model ("how well
does it recall stable cases?", "does it catch barbera?") qualifies the metric or the importance when
nothing follows it, or a word for a label ("the stable class"). Followed by a noun for instances ("for barbera
wines", "on the stable patients"), the words describe instances: for a metric that is the group of instances
recorded with the label (`label_group`), for an importance still the label explained. A label named any other way
("why not stable", "predicted barbera") is no scored label: it belongs to another argument or a group condition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from simxai.extraction._class_names import class_mentions
from simxai.extraction._polarity import label_mentions
from simxai.hosts.base import HostSchema
from simxai.normalize import normalize
from simxai.turn_memo import per_turn

__all__ = ["ScoredLabel", "explained_label", "importance_label", "label_group", "scored_label"]

# The words that attach a label to a metric or an importance, right before it ("recall for the stable class",
# "how good is it at catching barbera", "what drives the model towards progressing"); a per-class metric's own
# name is one too, in a terse request ("recall stable", "f1 negative", "precision approved, east region").
_CUE = re.compile(
    r"\b(?:for|on|of|towards?|in\s+favou?r\s+of|recall|precision|f1(?:[\s-]*score)?|sensitivity|specificity|"
    r"(?:at|for|in)\s+(?:catching|finding|spotting|detecting|recogni[sz]ing|"
    r"identifying|predicting)|to\s+(?:be|become|finish|end\s+up|come\s+out|turn\s+out|stay|remain)|(?P<verb>(?:does|do|did|can|could|will|would|it|model|classifier)\s+"
    r"(?:recall|catch|find|spot|detect|recogni[sz]e|identify|pick\s+up|pick\s+out)|"
    r"(?:recalls|catches|finds|spots|detects|recogni[sz]es|identifies|picks\s+(?:up|out)))|"
    # "when it says ready, how often is that right" (precision), "loads that really need resmoking", "when a night
    # really should be closed" (recall): the class the model names, or the one that is really so
    r"(?:it|model|classifier)\s+(?:says|calls|predicts|flags|labels|marks|tags)(?:\s+(?:it|them|one|(?:a|an|the)\s+"
    r"[a-z]+))?(?:\s+(?:as|is|are|needs?|should\s+be))?|(?:really|actually|truly)\s+(?:is|are|was|were|needs?|"
    r"should\s+(?:be|get)|deserves?|ought\s+to\s+be))"
    # ("of the real late ones", "for the actual rejections": the class as it really is)
    r"\s+(?:(?:the|a|an|all|most)\s+)?(?:(?:real|actual|true|genuine)\s+)?(?:(?:label|class|category|outcome)\s+)?"
    r"['\"‘“]?$",
    re.IGNORECASE,
)
# A label said as a prediction or a recorded value ("predicted barbera", "labelled stable"): a group condition.
_CONDITION = re.compile(r"\b(?:predicted|labell?ed|classified|recorded|tagged)\s+(?:as\s+)?$", re.IGNORECASE)
# Between two labels named together: "positive or negative", "stable vs progressing", "approved rather than rejected".
_PAIRED = re.compile(r"\s*(?:,\s*)?(?:or|and|vs\.?|versus|rather\s+than|than|/)\s*(?:the\s+)?", re.IGNORECASE)
# After a label: a word for the label itself, so the label still qualifies the metric ("the stable class").
_LABEL_WORD = re.compile(r"^\s*(?:label|class|category|outcome|prediction)s?\b", re.IGNORECASE)
# After a label: a noun for instances ("barbera wines", "stable patients", "positive ones", "negative cases").
_INSTANCE_WORD = re.compile(r"^[\s-]*(?P<word>[a-z]+)", re.IGNORECASE)
_GENERIC_NOUNS = frozenset(
    "ones one cases case instances instance examples example rows row samples sample items item people persons "
    "individuals records record entries entry data".split()
)
# Words ending in s that are no plural noun ("is", "was", "this"): after a label they start a new clause.
_NOT_NOUNS = frozenset(
    "is was has does goes gets seems looks means works this its as thus plus yes less class always perhaps".split()
)


# A question about what the model relies on: features, factors or words that matter, drive, push or weigh.
_IMPORTANCE = re.compile(
    r"\b(?:features?|factors?|words?|variables?|inputs?|matters?|important|importance|drives?|driving|"
    r"rel(?:y|ies)|influenc\w*|weigh\w*|push(?:es)?|counts?\s+most)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class ScoredLabel:
    """A label a turn attaches to a metric or an importance, and whether its words describe instances."""

    label: str
    instances: bool  # "for barbera wines": instances of the label; "recall for barbera": the label itself


@per_turn
def scored_label(text: str, schema: HostSchema | None, *, bare: bool = True) -> ScoredLabel | None:
    """The label attached by a cue to the metric or importance a turn asks for, or None.

    When several labels are attached, the last one wins (a request names one). With `bare`, a turn that is
    only a label ("barbera", "the stable one") is that label, as the answer to "which label?".
    """
    if schema is None or not schema.class_names:
        return None
    text = normalize(text, schema)
    mentions = label_mentions(text, schema, class_mentions(text, schema))
    alone = _bare_label(text, mentions) if bare else None
    if alone is not None:
        return ScoredLabel(alone, False)
    found: ScoredLabel | None = None
    for start, end, name in mentions:
        before = text[max(0, start - 60) : start]
        cue = _CUE.search(before)
        if cue is None or _CONDITION.search(before) is not None:
            continue
        paired = _PAIRED.match(text, end)
        if paired is not None and any(m[0] == paired.end() and m[2] != name for m in mentions):
            return None  # "towards positive or negative": both labels, so neither is the one asked for
        # "at catching stable cases", "how well does it recall stable cases": the cases are what the label's
        # recall counts, not a group to score
        catching = cue.group().lower().startswith("at") or cue.group("verb") is not None
        found = ScoredLabel(name, not catching and _describes_instances(text[end:], schema))
    return found


def explained_label(text: str, schema: HostSchema | None) -> str | None:
    """The label an importance question is asked for ("which features matter most for barbera?"), or None.

    Only a label attached by a cue in a question about features, factors or words that matter: a turn that is
    only a label, or names one as the prediction ("why predicted stable?"), asks something else.
    """
    if schema is None or _IMPORTANCE.search(text) is None:
        return None
    found = scored_label(text, schema, bare=False)
    return found.label if found is not None else None


# Before a label: a negation ("is not late", "won't be filled"), so the class is not the one explained.
_NEGATED = re.compile(r"\b(?:not|never|no|isn't|aren't|wasn't|won't|doesn't|don't|didn't|n't)\s+(?:\w+\s+)?$", re.I)


def importance_label(text: str, schema: HostSchema | None) -> str | None:
    """The one class a question about what the model relies on names, cued or not, or None.

    "which inputs decide whether a departure is cancelled", "what does it look at when it calls a lift out of
    order": a global importance is asked for one class at a time, and the only class the turn names is it. Two
    classes named ("late rather than cancelled"), a negated class or a class said as a condition name none.
    """
    if schema is None or not schema.class_names:
        return None
    text = normalize(text, schema)
    mentions = label_mentions(text, schema, class_mentions(text, schema))
    if len({name for _, _, name in mentions}) != 1:
        return None
    for start, _, _ in mentions:
        before = text[max(0, start - 30) : start]
        if _NEGATED.search(before) or _CONDITION.search(before):
            return None
    return mentions[0][2]


def label_group(text: str, schema: HostSchema | None) -> str | None:
    """The group condition of a label named with a noun for instances ("for barbera wines" -> "label = barbera")."""
    found = scored_label(text, schema)
    return f"label = {found.label}" if found is not None and found.instances else None


def _bare_label(text: str, mentions: list[tuple[int, int, str]]) -> str | None:
    """The label a turn consists of ("barbera", "the stable one please"), or None."""
    if len(mentions) != 1:
        return None
    start, end, name = mentions[0]
    rest = (text[:start] + " " + text[end:]).lower()
    words = re.findall(r"[a-z]+", rest)
    filler = {"the", "a", "an", "one", "label", "class", "please", "for", "of", "i", "mean", "meant", "just", "only"}
    return name if all(w in filler for w in words) else None


def _describes_instances(after: str, schema: HostSchema) -> bool:
    """Whether the words right after a label name instances of it ("wines", "patients", "ones")."""
    if _LABEL_WORD.match(after):
        return False
    match = _INSTANCE_WORD.match(after)
    if match is None:
        return False
    word = match.group("word").lower()
    noun = (schema.instance_noun or "").lower()
    if noun and word in (noun, noun + "s", noun + "es"):
        return True
    if word in _GENERIC_NOUNS:
        return True
    return len(word) >= 4 and word.endswith("s") and not word.endswith("ss") and word not in _NOT_NOUNS
