"""How the router reads a turn: its instance, groups, features, numbers and labels masked as placeholders.

The learned selector reads the masked turn (`selector_text`), and the follow-up rules test what is left of a
turn around its placeholders ("and for patient 4?" is only fillers around INSTANCE).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from simxai.backends._router_attributes import ABOUT_A_RECORD
from simxai.extraction import (
    class_name_pattern,
    class_said_as_class,
    everyday_class,
    extract_changes,
    extract_ids,
    extract_instance,
    extract_texts,
    feature_spans,
    group_spans,
    inflected_class,
    pasted_request,
)
from simxai.extraction.mentions import request_word
from simxai.hosts.base import HostSchema
from simxai.normalize import word_stems

# Words that can surround an instance in a follow-up without asking anything new ("and what about 4?").
_FILLER = frozenset(
    "and what about how for the a an now then same please ok okay so try with one instead too as well also "
    "do does it is this that case of show me again can you could i see give tell let's let us question thing "
    "thanks thank yes no sure id instance row sample example number record item entry text sentence review "
    "input data point one ones people those NUM INSTANCE GROUP "
    # emphasis that narrows to the instance ("for 29006 specifically?") asks nothing new
    "specifically in particular particularly just only exactly individually "
    # and the reflexive that does the same ("and for 107 itself?": that one, not the model overall)
    "itself himself herself themselves".split()
)


# Words around a feature or a change in a follow-up that asks nothing new ("and the bmi feature?", "and if
# she were 10 years older?").
# "and the satisfaction scores?", "her glucose levels?": the words a feature's values go by
FEATURE_FILLER = _FILLER | frozenset(
    "feature variable column attribute field of on about score scores value values level levels figures".split()
)
CHANGE_FILLER = _FILLER | frozenset(
    "if she he they were was had been would be years year older younger higher lower more less by points % "
    "instead increase decrease raise reduce set to with a an also too as well month months week weeks day days "
    # "and with debt-to-income at 0.35 on top of that?": a change added to the previous ones
    "at on top plus addition additionally "
    # "and not night call?", "and without a night call?" after a what-if: a True/False column turned False
    "not no without".split()
)


# Words of `ABOUT_A_RECORD` that may also be the user's own name for a record ("case 5483", "file 5483")
_RECORD_NOUNS = frozenset("id row entry instance sample record records case file profile number item".split())


# "the other one", "the other LABEL one", "the other cloth one" said before an id: a description of the id that
# follows it (one word at most between "other" and "one"), which asks nothing of its own
_OTHER_ONE = re.compile(r"\b(?:the\s+)?other\s+(?:[A-Za-z]+\s+)?one\b(?=\W*(?:[a-z]+\s+)?(?:NUM|INSTANCE)\b)")


def only_fillers(masked: str, fillers: frozenset[str]) -> bool:
    """Whether every word of a masked turn is one of `fillers` (the placeholders taken out first by the caller)."""
    return all(w.lower() in fillers or w in fillers for w in re.findall(r"[A-Za-z']+|%", masked))


def only_names_instance(masked: str, schema: HostSchema | None, text: str | None = None) -> bool:
    """Whether a turn names an instance and nothing else ("and for 4?", "what about patient 7?").

    With the turn's `text`, one word of the user's own right before the number may name the instance ("and for
    member 5483" on a host whose noun is "policyholder"), when the number is the turn's one id.
    """
    if "INSTANCE" not in masked and "NUM" not in masked and "GROUP" not in masked:
        return False
    if "GROUP" in masked and re.search(r"\b(?:show|display|list|print|see|give)\b", masked, re.IGNORECASE):
        return False  # "show me those with bmi over 30": the group's rows, not the previous question again
    if re.search(r"\bNUM\b.*\b(?:GROUP|FEATURE)\b.*\binstead\s+of\s+(?!GROUP\b)", masked):
        # "81012 with 3 feeds instead of 1": an instance and a new value for the one it has, a what-if of its own
        return False  # ("and for smokers instead of non-smokers?" names two groups: the previous question again)
    if re.search(r"\bhow\s+sure\b", masked, re.IGNORECASE):
        return False  # "how sure is it about order 7020?": how confident the model is, a question of its own
    noun = schema.instance_noun.lower() if schema is not None and schema.instance_noun else ""
    if re.search(r"\b(?:NUM|INSTANCE)\b", masked):
        # "and the other one, 4412?", "and the other LABEL one, NUM": which one is meant, then its id
        masked = _OTHER_ONE.sub(" ", masked)
    words = re.findall(r"[A-Za-z']+", masked)
    other = [w for w in words if not (w in _FILLER or w.lower() in _FILLER or w.lower() in (noun, noun + "s"))]
    if not other:
        return True
    if text is None or len(other) != 1 or request_word(other[0]):  # "why 47043" asks why
        return False
    if other[0].lower() in ABOUT_A_RECORD and other[0].lower() not in _RECORD_NOUNS:
        return False  # "breakdown 3012", "reasons 3012": what is asked of the record, not another name for it
    ids = extract_ids(text, schema)
    # "member 5483" names the record; "said 0.69 for 66022" reports a score, and the word is not before the id
    return len(ids) == 1 and re.search(rf"\b{re.escape(other[0])}\s+#?\s*{ids[0]}(?![\d.])", text) is not None


# An "if" of discourse, no supposition: "and if so, on what grounds?", "if I may ask", "if it's not too much
# trouble", "if you don't mind", "if possible". A what-if supposes a change; these suppose nothing of the model.
_DISCOURSE_IF = re.compile(
    r"\bif\s+(?:so|not|possible|necessary|any|i\s+(?:may|might)(?:\s+ask)?|you\s+(?:please|like|wish|"
    r"(?:don'?t|do\s+not)\s+mind)|(?:it|that)(?:'s|\s+is)\s+(?:not\s+too\s+much(?:\s+(?:trouble|to\s+ask))?|"
    r"(?:ok(?:ay)?|alright|all\s+right|possible))|that\s+makes\s+sense)\b",
    re.IGNORECASE,
)


def without_discourse_ifs(text: str) -> str:
    """`text` without its "if"s of discourse ("if so", "if I may", "if it's not too much trouble")."""
    return _DISCOURSE_IF.sub(" ", text)


def mask(text: str, schema: HostSchema | None) -> str:
    """The turn with its instance and labels replaced by placeholders, so only the request is compared."""
    masked = without_discourse_ifs(text)
    labels = {name.lower() for name in schema.class_names} if schema is not None else set()
    for span in sorted(extract_texts(text), key=len, reverse=True):
        if pasted_request(span, schema):  # 'Customer asks: "why was my bike pulled?"': the request itself
            continue
        if span.lower() not in labels:  # "is 'stays' over a year?": a quoted class name is the label, no text
            masked = masked.replace(span, " INSTANCE ")
    masked = re.sub(r"['\"“”‘’]\s*INSTANCE\s*['\"“”‘’]", " INSTANCE ", masked)
    masked = masked.replace("’", "'").replace("‘", "'")
    if schema is not None and schema.kind == "text" and "INSTANCE" not in masked:
        instance = extract_instance(masked, schema)
        if isinstance(instance, str) and instance != "INSTANCE" and len(instance) < len(masked):
            masked = masked.replace(instance, " INSTANCE ")
    if schema is not None:
        masked = mask_spans(masked, group_spans(masked, schema), " GROUP ")  # a text host's: by length
    if schema is not None and schema.kind != "text":
        masked = mask_spans(masked, feature_spans(masked, schema), " FEATURE ")
    # "on all the data": the scope of the question, whose word "data" must not make it a question about the data
    masked = _WHOLE_DATA.sub(" across everything ", masked)
    masked = re.sub(r"#?\b\d+(?:[.,]\d+)*\b", " NUM ", masked)
    if schema is not None:
        masked = _masked_labels(masked, schema.class_names)
    return " ".join(masked.split())


def _masked_labels(masked: str, class_names: Sequence[str]) -> str:
    """`masked` with the class names, and a one-word class said as a verb or a plural, as LABEL: "rejects",
    "surcharged", "dried" of `dry`, "kept" of `keep` (the label as what the model does: "does the model reject").
    A class that is an everyday word of requests ("keep", "on") is LABEL only where it is used as the class
    (`class_said_as_class`: "was kept", "stays on"; "what keeps 5 on release" keeps its verb).
    """
    for name in sorted(class_names, key=len, reverse=True):
        masked = class_name_pattern(name).sub(functools.partial(_label_or_word, name=name), masked)
    words = [name for name in class_names if " " not in name]
    stems = {name: word_stems(name) for name in words}

    def inflected(match: re.Match[str]) -> str:
        word = match.group(0)
        if word == "LABEL":
            return word
        name = next(
            (n for n in words if (len(word) >= 4 and word_stems(word) & stems[n]) or inflected_class(word, n)), None
        )
        return word if name is None else _label_or_word(match, name=name)

    return re.sub(r"[A-Za-z]{3,}", inflected, masked)


def _label_or_word(match: re.Match[str], *, name: str) -> str:
    """LABEL for a form of class `name`, unless the class is an everyday word not used as the class here."""
    if everyday_class(name) and not class_said_as_class(match.string, match.start(), match.end(), name):
        return match.group(0)
    return " LABEL "


_WHOLE_DATA = re.compile(
    r"\b(?:on|for|across|over|of|to)\s+(?:all|every|the\s+(?:whole|entire|full))\s+(?:of\s+)?(?:the\s+)?(?:training\s+|test\s+)?"
    r"(?:data\s*set|data|instances|rows|samples|examples|records|people|cases|data\s*points)\b",
    re.IGNORECASE,
)


def selector_text(text: str, schema: HostSchema | None) -> str:
    """The turn as the learned selector reads it: masked, with the host's noun generic and named changes flagged."""
    from simxai.backends.router_model import model_text

    # a group's condition ("those with bmi of 30") is no change, and feature values name a change only in a
    # conditional or with a change verb ("if her bmi were 30", "set bmi to 30"), not in "a patient with bmi 30"
    masked = mask(text, schema)
    # every reading of the changes, amounts said in words too ("weighed 2 kilos less", "3 degrees warmer", "the
    # fine were £50"): the selector is trained with them since the forty-eighth round (ext48, docs/router.md)
    changes = (_CHANGE_WORDS.search(masked) or _change_syntax(masked)) and extract_changes(
        mask_spans(text, group_spans(text, schema), " "), schema
    )
    return model_text(masked, schema, names_changes=bool(changes), asks_why_not=asks_why_not(masked))


# A why-question about a label that was not given: "why was patient 3 not regarded as LABEL?", "how come it
# isn't LABEL?", "why didn't applicant 7 get LABEL", "what is the reason 5 was never LABEL". The negation comes
# after the question word and at most five words before the label, within one sentence.
_WHY_NOT = re.compile(
    r"\b(?:why|how\s+come|reason)\b[^.?!;]{0,80}?(?:\bnot|n't|\bnever)\b(?:\s+\S+){0,5}?\s+LABEL\b",
    re.IGNORECASE,
)


def asks_why_not(masked: str) -> bool:
    """Whether a masked turn asks why a label was not given (the selector's `zwhynot` flag)."""
    return _WHY_NOT.search(masked) is not None


_CHANGE_WORDS = re.compile(
    r"\b(?:if|suppos\w*|imagin\w*|assum\w*|instead|were|had|chang\w*|set|increas\w*|decreas\w*|rais\w*|"
    r"lower\w*|reduc\w*|replac\w*|swap\w*|remov\w*|delet\w*|doubl\w*|halv\w*|add\w*|subtract\w*|drop\w*|"
    r"rose|fell|went|los[et]\w*|gain\w*|t[ao]ok|take|taking|switch\w*|cut|shorten\w*|lengthen\w*|extend\w*|"
    r"brought|bump\w*|trimm\w*|times|"
    # a habit ended or begun: "quits smoking", "gave up drinking", "started vaping"
    r"quit\w*|stop(?:s|ped|ping)?|g[ai]ves?\s+up|giving\s+up|start(?:s|ed|ing)?|began|kick\w*|ceas\w*)\b|"
    r"^\W*(?:let'?s\s+)?say\b",
    re.IGNORECASE,
)


def _change_syntax(masked: str) -> bool:
    """A change written as arithmetic, without a verb: "annual_claims +2", "bmi += 5", "dti -0.1"; and "bmi=30"
    said of an instance ("bmi=30 for pt 3?": another number or an instance in the turn), where alone ("predict
    bmi=30") it may describe a new row.
    """
    if re.search(r"FEATURE\s*(?:[+-]=?|->|→)\s*NUM", masked):
        return True
    return bool(re.search(r"FEATURE\s*=\s*NUM", masked)) and ("INSTANCE" in masked or masked.count("NUM") >= 2)


def mask_spans(text: str, spans: Sequence[tuple[int, int]], placeholder: str) -> str:
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + placeholder + text[end:]
    return text
