"""A word that two or more features' names share, said alone as a feature: which one is meant is asked.

"what's the usual border?" on a host with `border_width_cm` and `BorderStyle`, "accuracy for rail over 10" with
`rail_height` and `RailGauge`: the word names neither feature more than the other, and reading it as one of them would
answer a question the user may not have asked. When the router's call lacks what the word would have given it (a data
question with no feature and no group, a what-if with no change, a group the host cannot read such as "over 10"), it
asks one short question naming the features that share the word: "Which border do you mean: border_width_cm or
BorderStyle?". A change or group that holds the word itself is left to the function's own question, whose answer is
read back. A turn that also names one of those features in full ("the border width") or gives the word with a value
of one of them ("a scalloped border") is read as it is; so is a word that is a whole alias of one feature.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.exceptions import ArgumentError
from simxai.extraction.mentions import feature_mentions, unnamed_subject
from simxai.followup import extract_step
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.name_words import name_words
from simxai.instances import parse_condition
from simxai.messages import Message, ToolCall
from simxai.normalize import normalize

__all__ = ["shared_word_answer", "shared_word_question"]

# Words names share that name no feature alone: units, counts and the generic words of a measurement.
_GENERIC = frozenset(
    "the and for per of in on at to is no num number count total avg mean min max pct percent percentage h hrs hours "
    "mins minutes days weeks months years yrs mm cm km kg g c f kmh mph score level rate index value flag type id "
    "time date".split()
)


# The question below, as asked: the shared word and the features it lists
_ASKED = re.compile(r"^Which (?P<word>[a-z]+) do you mean: (?P<listed>.+)\?$")
# Words an answer may hold besides the feature's own: fillers, and the words that point at one of the listed features
_ANSWER_WORDS = frozenset(
    "the a one i mean meant it's its is was please pls ok okay oh sorry yes yeah that this thanks".split()
)


def _sharers(word: str, schema: HostSchema) -> list[FeatureSchema]:
    return [f for f in schema.features if word in name_words(f.name)]


def _lacks_what_the_word_gives(call: ToolCall, word: str, said: str, schema: HostSchema) -> bool:
    """Whether `call` lacks what the shared `word` would have given it: a data question's feature, a what-if's
    change, a readable group. A change or a group that holds the word itself ("wear > 0.5", a what-if's ambiguous
    head) is left to the questions that read their answer back (the function's "Which wear do you mean? ..."), and so
    is a step said of the word ("a 10% higher dues"), which the engine asks about naming the same features.
    """
    if call.name == "get_data_information":
        return "feature" not in call.arguments and not call.arguments.get("group")
    if call.name == "explain_what_if":
        stepped = extract_step(said, schema) is not None and unnamed_subject(said, schema) == word
        return not call.arguments.get("changes") and not stepped
    group = call.arguments.get("group", call.arguments.get("instance"))
    if call.name not in ("get_model_performance", "get_prediction") or not isinstance(group, str):
        return False
    if re.search(rf"\b{re.escape(word)}", group.lower()):
        return False
    try:
        parse_condition(group, schema)
    except ArgumentError:  # a bound the host cannot read ("over 10"): the word was not read into it
        return True
    return False


def shared_word_question(text: str, calls: Sequence[ToolCall], schema: HostSchema | None) -> str | None:
    """One question naming the features a word of the turn shares, when the calls lack what it would give."""
    if schema is None or schema.kind != "tabular" or not calls:
        return None
    said = normalize(text, schema)
    named = {m.feature.name for m in feature_mentions(said, schema)}
    aliases = {a.lower() for f in schema.features for a in f.aliases}
    values = {w for f in schema.features for c in f.categories or [] for w in re.findall(r"[a-z]+", c.lower())}
    for word in dict.fromkeys(re.findall(r"[a-z]+", said.lower())):
        singular = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
        for form in dict.fromkeys((word, singular)):
            if len(form) < 3 or form in _GENERIC or form in aliases:
                continue
            sharers = _sharers(form, schema)
            if len(sharers) < 2 or any(f.name in named for f in sharers):
                continue
            if not any(_lacks_what_the_word_gives(c, form, said, schema) for c in calls):
                continue
            if any(re.search(rf"\b{re.escape(v)}\s+{re.escape(word)}\b", said.lower()) for v in values if v != form):
                continue  # "a scalloped border": a value of one of them
            listed = ", ".join(f.name for f in sharers[:-1]) + " or " + sharers[-1].name
            return f"Which {form} do you mean: {listed}?"
    return None


def shared_word_answer(text: str, history: Sequence[Message], schema: HostSchema | None) -> str | None:
    """The turn the shared-word question was asked about, with its word replaced by the feature the answer names;
    None unless the last message is that question, the one before it a user turn, and `text` names exactly one of
    the listed features and nothing more.
    """
    if schema is None or len(history) < 2 or history[-1].role != "assistant" or history[-2].role != "user":
        return None
    asked = _ASKED.match((history[-1].content or "").strip())
    if asked is None:
        return None
    word = asked.group("word")
    listed = [f for f in _sharers(word, schema) if f.name in asked.group("listed")]
    said = normalize(text, schema)
    chosen = {m.feature.name for m in feature_mentions(said, schema)} & {f.name for f in listed}
    if not chosen:  # "the thickness": a word of exactly one listed feature's name, the shared word aside
        words = set(re.findall(r"[a-z]+", said.lower())) - {word} - _ANSWER_WORDS
        chosen = {f.name for f in listed if words & (set(name_words(f.name)) - {word})}
    if len(chosen) != 1:
        return None
    (name,) = chosen
    rest = said.lower().replace(name.lower(), " ")
    names = {w for f in listed for w in name_words(f.name)}
    if set(re.findall(r"[a-z]+", rest)) - names - _ANSWER_WORDS - _GENERIC:
        return None  # an answer with words of its own ("the thickness, and what about mug 12?") is read as said
    before = normalize(history[-2].content or "", schema)
    replaced, count = re.subn(rf"\b{re.escape(word)}s?\b", name, before, flags=re.IGNORECASE)
    return replaced if count else None
