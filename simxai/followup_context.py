"""Turns read against the question before them: a metric moved to a group or back, and answers to a question.

"and for those who rent?" after a metric question scores the metric on that group (`group_follow_up`, with the
group read by `group_phrase` when the data's features do not select it); "what about vans instead?" names the
next group without a preposition (`continued_group`); "recall for that group?" reuses the previous call's
group (`referred_group`); "and overall?" drops it (`asks_overall`; a word of all the data said anywhere in a
turn, `says_all_the_data`). After the engine asked "which instance?", `is_new_request` tells a request of its own
from an answer.

Every pattern here is linear: one optional token at a time, with no two adjacent runs of the same spaces.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.extraction import extract_argument, extract_changes, extract_label, extract_metric
from simxai.extraction.mentions import feature_mentions
from simxai.followup import CONTINUES, LastCall, extract_step, last_call
from simxai.hosts.base import HostSchema
from simxai.instances import condition_fields
from simxai.messages import Message, last_user_index

__all__ = [
    "asks_overall",
    "beyond_group",
    "continued_group",
    "group_follow_up",
    "group_in_focus",
    "group_phrase",
    "is_new_request",
    "is_new_request_for",
    "says_all_the_data",
    "scored_group",
    "asks_its_own_question",
    "only_an_instance",
    "referred_group",
]

# The words an answer that only names an instance may hold besides the noun and the id ("it's member 5099").
_INSTANCE_ANSWER_WORDS = frozenset(
    "the a for about it's its it is this that one id number no i mean meant please ok okay sorry oh".split()
)


def only_an_instance(text: str, schema: HostSchema | None) -> bool:
    """Whether a turn only names one instance by its id ("member 5099", "it's 5099", "for policyholder 5099")."""
    if schema is None:
        return False
    noun = (schema.instance_noun or "").lower()
    ids = [n for n in re.findall(r"\d+(?:\.\d+)?", text) if "." not in n and schema.has_id(int(n))]
    words = re.findall(r"[a-z']+", text.lower())
    allowed = _INSTANCE_ANSWER_WORDS | {noun, noun + "s", "member", "instance", "row", "case", "customer"}
    return len(ids) == 1 and len(re.findall(r"\d+", text)) == 1 and all(w in allowed for w in words)


_GROUP_PHRASE = re.compile(
    r"^\W*(?:(?:and|but|also|now|what\s+about|how\s+about)\s+)?(?:(?:just|only)\s+)?(?:for|on|among|in|with)\s+"
    r"(?:the\s+|those\s+)?(?P<g>[A-Za-z][A-Za-z'-]*(?:\s[A-Za-z][A-Za-z'-]*){0,3})\W*$",
    re.IGNORECASE,
)
_WHOLE = re.compile(
    r"^(?:all|everyone|everybody|everything|whole\s+data|all\s+of\s+them|overall|general|total|test\s+set|data)$", re.I
)
# Words after "for" / "in" that name no group ("for now?", "in that case?").
_NO_GROUP = frozenset("now sure real me you us that this it them example instance a while good example case".split())


def group_phrase(text: str) -> str | None:
    """The group a short continuation names in words the data may not select ("for women?"), or None.

    After a metric question the phrase is passed on as the group: the function scores it or says plainly
    that no feature of the data selects it, which beats answering for everyone.
    """
    match = _GROUP_PHRASE.match(text)
    if match is None:
        return None
    phrase = match.group("g").strip()
    if phrase.lower().split()[0] in _NO_GROUP:
        return None
    # "on the held-out data", "on the test split": all of the held-out split, never a group of that name
    last = phrase.lower().split()[-1]
    whole = _WHOLE.match(phrase) or _ALL_SAID.search(phrase) or last in ("data", "dataset", "split")
    return "all" if whole else phrase


# The group a metric is computed on, at the end of a turn: "how accurate is it on the labradors?", "for dogs from
# the north branch", "among renters only"
_SCORED_ON = re.compile(
    r"\b(?:on|for|among(?:st)?)\s+(?:the\s+|those\s+|these\s+|our\s+)?"
    r"(?P<g>[a-z][a-z'-]*(?:\s[a-z][a-z'-]*){0,4}?)(?:\s+only)?\W*$",
    re.IGNORECASE,
)
# Words of all the data, or of no group ("on the held-out split", "for each class", "on average", "for it")
_NOT_A_GROUP = frozenset(
    "all every each any both everyone everybody everything overall whole entire full data dataset set split test "
    "testing tests held held-out heldout unseen new validation train training eval evaluation examples samples "
    "records rows cases points average general total model it them they me you us him her this that those these "
    "whom which what there here one ones different various".split()
)


def scored_group(text: str, schema: HostSchema | None, vocabulary: frozenset[str]) -> str | None:
    """The group a metric question names in words the data does not select ("how accurate is it for smokers?",
    "on dogs from the north branch"), as said, or None.

    Read by grammar: a noun phrase after "on" / "for" / "among" that ends the turn, with a plural head. A phrase
    holding a word of all the data ("the test set", "held-out"), of the functions' specs (`vocabulary`), a
    feature, category or label, or a number is no such group (the extraction reads what the data selects). Only
    the instance noun ("on the dogs") is all the data; with a qualifier after it it names a group. The phrase is
    passed on, so the function scores it or says plainly that it cannot, and names what is valid.
    """
    match = _SCORED_ON.search(text)
    if match is None or schema is None or schema.kind != "tabular":
        return None
    phrase = match.group("g").strip()
    words = phrase.lower().split()
    noun = (schema.instance_noun or "").lower()
    nouns = {noun, noun + "s", noun + "es"} if noun else set()
    known = {p for f in schema.features for p in re.split(r"[\s_]+", f.name.lower())}
    known |= {str(v).lower() for f in schema.features for v in (f.categories or ())}
    known |= {c.lower() for c in schema.class_names}
    # the things the host's own name counts ("boots" of "ski boot fittings") are its instances in other words
    # ("on the ski boots": its name's other words may lead in)
    named = {w for w in re.findall(r"[a-z]{3,}", schema.name.lower()) if w not in known and w + "s" not in known}
    nouns |= {w if w.endswith("s") else w + "s" for w in named}  # "cooperage casks": casks
    counted = set(words) & nouns and set(words) <= nouns | named
    if words[0] in _NO_GROUP or counted or any(c.isdigit() for c in phrase):
        return None
    parts = {p for w in words for p in re.split(r"[-_']", w) if p} - nouns
    if parts & (_NOT_A_GROUP | vocabulary | known) or words[0].endswith("ing"):
        return None
    if extract_label(phrase, schema) is not None:
        return None  # "recall on the losses": a class in another form ("lost"), the label's metric
    plural = any(w.endswith("s") and not w.endswith("ss") and len(w) > 3 for w in words) or words[-1] in _GROUP_HEADS
    return phrase if plural else None


_CONTINUED_GROUP = re.compile(
    r"^\W*(?:(?:and|but|ok(?:ay)?|so|now)\s+)?"
    r"(?:(?:what|how)\s+about|and|(?:(?:can|could)\s+(?:i|we|you)\s+(?:get|have|see|do)\s+|give\s+me\s+|show\s+me\s+)?"
    r"the\s+same\s+(?:thing\s+|one\s+)?for)\s+(?:the\s+|those\s+)?"
    r"(?P<g>[A-Za-z][\w'-]*(?:\s[\w'-]+){0,3}?)(?:\s+(?:instead|then|too|only|please))?\W*$",
    re.IGNORECASE,
)
# The last word of a group said in words of the user's own: "the wet ones", "the heavier people".
_GROUP_HEADS = frozenset("ones people folks group groups".split())


def continued_group(text: str, schema: HostSchema | None, vocabulary: frozenset[str]) -> str | None:
    """The group a continuation of a metric question names without "for" ("what about vans instead?"), or None.

    The phrase is read as if it followed "for" ("and peat soils instead" -> `soil_type = peat`). A phrase the
    data does not select ("what about the wet ones", "the same for the part-timers") is passed on as said, so
    the function asks which group is meant instead of the answer going to the data card or to everyone; a
    phrase holding a word of the functions' specs (`vocabulary`: "what about the features?") or a feature's
    name is a question of its own, never a group.
    """
    match = _CONTINUED_GROUP.match(text)
    if match is None or schema is None:
        return None
    phrase = match.group("g").strip()
    words = phrase.lower().split()
    if words[0] in _NO_GROUP or _WHOLE.match(phrase):
        return None
    group = extract_argument("group", f"for {phrase}", schema)
    if isinstance(group, str):
        return group
    parts = {p for w in words for p in re.split(r"[-_']", w) if p}
    names = {p for f in schema.features for p in f.name.lower().split("_")}
    plural = words[-1] in _GROUP_HEADS or (words[-1].endswith("s") and len(words[-1]) > 3)
    if not plural or parts & (vocabulary | names) or any(c.isdigit() for c in phrase):
        return None
    return phrase


def group_follow_up(text: str, group: str | None, ids: Sequence[int], previous: LastCall | None) -> bool:
    """Whether a turn only moves the previous metric question to a group ("and for those who rent?")."""
    return (
        previous is not None
        and previous.name == "get_model_performance"
        and group is not None
        and not ids
        and bool(CONTINUES.match(text))
    )


_THAT_GROUP = re.compile(
    # "that same group": "same" may stand between the pointer and the noun
    r"\b(?:(?:that|this|the|those|these)\s+same\s+|(?:that|this|those|these)\s+)"
    r"(?:group|subgroup|segment|population|subset|people|ones)\b|"
    # "that age group", "this price segment": one word saying what the group was drawn by
    r"\b(?:that|this|those|these)\s+[a-z]+\s+(?:group|subgroup|segment|bracket|band)s?\b|"
    r"\b(?:for|on|among)\s+(?:them|those|these)\b|"
    # "and f1 there?", "how accurate is it in there": the place a group was named, never "are there" (how many exist)
    r"(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!\bwere\s)(?<!\bbe\s)\bthere\b"
    r"(?=\s*(?:[?.!,]|$|(?:too|as\s+well|then|instead|please)\b))",
    re.IGNORECASE,
)
# "f1, same tank", "and recall for the same region": the group in focus named by the feature it was drawn on
_SAME_FEATURE = re.compile(r"\b(?:the\s+)?same\s+(?P<word>[a-z][a-z_]*)\W*$", re.IGNORECASE)
# all the data in a word said anywhere in a turn ("is it right overall?", "for everyone"), and the split it is
# scored on ("on the test set", "held-out")
_ALL_WORDS = r"overall|in\s+general|everyone"
_ALL_SAID = re.compile(rf"\b(?:{_ALL_WORDS}|all\s+the\s+data|test\s+set|held[\s-]*out)\b", re.IGNORECASE)
# all the data, in a word or a phrase: "overall", "everyone", "the whole cellar", "all the records", "every record"
_ALL_OF_IT = (
    rf"(?:{_ALL_WORDS}|everybody|everything|all(?:\s+of\s+them)?|"
    r"the\s+(?:whole|entire|full)\s+(?:test\s+)?[a-z]+|(?:all|every)\s+(?:of\s+)?(?:the\s+)?(?:data|rows?|records?))"
)
_OVERALL = re.compile(
    # "same on all records": the previous question asked again ("the same", "same thing") on all the data
    r"^\W*(?:(?:and|but|now|then|ok(?:ay)?|what\s+about|how\s+about|(?:the\s+)?same(?:\s+thing)?)\W+)*"
    r"(?:(?:for|on|over|across)\s+)?"
    rf"{_ALL_OF_IT}(?:\s+now)?(?:\W+(?:(?:for|on|over|across)\s+)?{_ALL_OF_IT})?"
    r"(?:\s+(?:then|instead|again|now))?\W*$",
    re.IGNORECASE,
)


def referred_group(text: str, history: Sequence[Message], schema: HostSchema | None = None) -> str | None:
    """The group of the last call when `text` refers back to it ("recall for that group?"), else None.

    With `schema`, a group named by the last user turn that the engine answered with a question, not a call ("how
    many patients over 60 are there?" asked back, then "what's the recall there?"), is the one referred to.
    """
    if _THAT_GROUP.search(text):
        return group_in_focus(history, schema)
    same = _SAME_FEATURE.search(text)
    if same is None or schema is None:
        return None
    # "f1, same tank" after a metric on `tank = reef`: the feature a clause of the group in focus is on
    group = group_in_focus(history, schema)
    said = same.group("word").lower()
    clauses = [c for c in (group or "").split(" and ") if re.search(r"[=<>]", c)]
    on = {re.split(r"\s*(?:[=<>]|!=)", c.strip(), maxsplit=1)[0].strip().lower() for c in clauses}
    for feature in schema.features:
        words = {feature.name.lower(), feature.name.lower().replace("_", " "), *(a.lower() for a in feature.aliases)}
        if feature.name.lower() in on and said in words:
            return group
    return None


def group_in_focus(history: Sequence[Message], schema: HostSchema | None = None) -> str | None:
    """The group a turn referring back means: the group of the last user turn the engine asked about (with
    `schema`), else the group (or the group's instance) of the last call; None when it was about no group.
    """
    asked = _asked_turn_group(history, schema)
    if asked is not None:
        return asked
    previous = last_call(history)
    if previous is None:
        return None
    for name in ("group", "instance"):
        value = previous.arguments.get(name)
        if isinstance(value, str) and value != "all" and not value.strip().isdigit():
            return value
    return None


def _asked_turn_group(history: Sequence[Message], schema: HostSchema | None) -> str | None:
    """The group the last user turn of `history` names (a condition), when the engine answered it with no call."""
    if schema is None or schema.kind != "tabular":
        return None
    index = last_user_index(history)
    if index is None or any(m.tool_calls for m in history[index + 1 :]):
        return None
    group = extract_argument("group", history[index].content, schema, "get_model_performance")
    return group if isinstance(group, str) and re.search(r"[=<>]", group) else None


def asks_overall(text: str, noun: str | None = None) -> bool:
    """Whether a turn only asks for the previous answer on all the data ("and overall?", "all attempts now");
    `noun` is the host's instance noun, which "all" and "every" take as they take "records".
    """
    if noun:
        text = re.sub(rf"\b{re.escape(noun)}(?:e?s)?\b", "records", text, flags=re.IGNORECASE)
    return bool(_OVERALL.match(text))


def says_all_the_data(text: str, noun: str | None = None) -> bool:
    """Whether a turn is about all the data: it only asks for it (`asks_overall`), or a word of it is said anywhere
    ("how often is it wrong overall?", "errors on the held-out rows"), so no group in focus is meant.
    """
    return asks_overall(text, noun) or _ALL_SAID.search(text) is not None


_ASKS_OF_ITS_OWN = re.compile(
    r"\b(?:what|why|how|which|who|show|tell|give|explain|predict\w*|compare|describe|list)\b", re.IGNORECASE
)


def is_new_request(text: str, schema: HostSchema | None) -> bool:
    """Whether a turn after "which instance?" is a request of its own rather than only the answer.

    "Applicant 988, reduce it by 5" names a change and "why is patient 4 not approved?" asks its own
    question: such a turn is routed anew (with the dialogue so far), never pasted into the pending call's
    slot. "patient 12 please", "12" and "the cloth one, 12" are answers.
    """
    if schema is not None and schema.kind == "tabular":
        # "the oak-shelf one, 4417": a value said in "the ... one" tells which one is meant, it changes nothing
        described = _DESCRIBED_ONE.sub(" ", text)
        if extract_changes(described, schema) or extract_step(described, schema) is not None:
            return True
    return len(text.split()) > 5 and bool(_ASKS_OF_ITS_OWN.search(text))


# "the <a few words> one" before or after the id answering "which one?": a description of the one meant
_DESCRIBED_ONE = re.compile(r"\b(?:the|that)\s+(?:[\w'-]+\s+){1,3}?one\b(?!\s+(?:of|with|where|if)\b)", re.IGNORECASE)


def is_new_request_for(text: str, schema: HostSchema | None, missing: str, instance: object) -> bool:
    """Whether a turn after the engine's question for `missing` is a request of its own, not the answer.

    After "which instance?", `is_new_request`. After a question for another argument ("what should change?"),
    a turn that asks its own question about another instance than the pending call's ("okay and how sure is it
    about review 78") is routed anew; "bmi 30" or "what about the f1" stay answers.
    """
    if missing == "instance":
        return is_new_request(text, schema)
    # a change named in a question of its own answers "what should change?" ("what would it say if bmi were 30?"),
    # unless the question names a metric: "how accurate is it on monthly contracts?" asks for a score, and its
    # "monthly" is a group, not the value the what-if waits for
    supposes = missing == "changes" and extract_changes(text, schema) and extract_metric(text) is None
    if asks_its_own_question(text) and not supposes:
        # "which group is 'women'?" -> "how many patients are predicted progressing?": a question of its own
        return True
    named = extract_argument("instance", text, schema)
    other = isinstance(named, int) and not isinstance(named, bool) and named != instance
    if supposes and other and isinstance(instance, int) and not isinstance(instance, bool):
        # "is 18 hours intended?" about pot 8310 -> "and if pot 8320 had 2 coats": a what-if of its own, on another pot
        return True
    if len(text.split()) <= 5 or not _ASKS_OF_ITS_OWN.search(text):
        return False
    return other


# Words that open a turn without asking anything ("ok", "thanks, and ..."), skipped before its question is read.
_OPENERS = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|alright|right|thanks|thank\s+you|sure|fine|never\s?mind|forget\s+(?:it|that)|and|so|"
    r"also|now|then|actually|instead|hmm+|oh|well|wait|anyway|no|nah|cool|great)\b\W*)*",
    re.IGNORECASE,
)
# A question of its own: a wh-word and, within three words, the verb it asks with ("how many patients are ...",
# "what does it ..."), a verb-first question ("is it ...", "can you ..."), or a request ("show me ...").
_OWN_QUESTION = re.compile(
    r"^(?:(?:how|what|which|who|whom|whose|why|when|where)(?:\s+[\w'-]+){0,3}?\s+"
    r"(?:is|are|was|were|do|does|did|can|could|will|would|should|has|have|had|isn't|aren't|doesn't|don't|didn't)\b"
    r"|(?:what|who|how|where)'(?:s|re)\s+[\w'-]+\s+[\w'-]+"
    r"|(?:is|are|was|were|does|do|did|can|could|will|would|should|has|have)\s+(?:it|the|there|you|they|this|that|"
    r"any|anyone|a|an|more|most|its|their)\b"
    r"|(?:show|tell|give|explain|list|describe|compare|predict)\s+(?:me\s+|us\s+)?[\w'-]+\s+[\w'-]+"
    r"|what\s+(?:share|proportion|fraction|percentage|part)\s+of\s+[\w'-]+\s+[\w'-]+)",
    re.IGNORECASE,
)
# What only carries the question on ("what about those over 60?", "how about for men", "what if her bmi were 30").
_CARRIES_ON = re.compile(r"^(?:(?:what|how)\s+(?:about|of|if)|for|on|in|among|with|only|just|same)\b", re.IGNORECASE)
# A question that only refers back to the one asked before ("can you do it for those over 60?", "try the same on men").
_REFERS_BACK = re.compile(r"\b(?:do|try|run|repeat)\s+(?:it|that|this|the\s+same)\b", re.IGNORECASE)


def asks_its_own_question(text: str) -> bool:
    """Whether a turn is a whole question of its own, phrased with its own verb, rather than a short answer.

    After the engine asked for an argument ("which group is 'women'?"), "how many patients are predicted
    progressing?" asks something new, while "over 60", "the ones with bmi above 30", "what about those over 60?"
    and "41028" answer, as does a question that only refers back ("can you do it for those over 60?"). The
    reading is of the turn's form only (general English): a wh-word followed closely by the verb it asks with, a
    verb-first question, a request verb or a share asked of a group ("what share of loans in ... ended ..."), in
    at least five words, and not a continuation of the question before ("what about ...", "for ...").
    """
    rest = _OPENERS.sub("", text, count=1)
    if len(rest.split()) < 5 or _CARRIES_ON.match(rest) or _REFERS_BACK.search(rest):
        return False
    return _OWN_QUESTION.match(rest) is not None


def beyond_group(masked: str, text: str, group: object, schema: HostSchema) -> str:
    """`masked` (the router's masked turn) without its FEATURE placeholders when every feature `text` names is one the
    condition `group` tests: "above 70 percent humidity" names humidity as its group's own, and asks nothing of it.
    """
    if not isinstance(group, str) or "FEATURE" not in masked:
        return masked
    tested = set(condition_fields(group))
    named = {m.feature.name for m in feature_mentions(text, schema)}
    return masked.replace("FEATURE", " ") if named and named <= tested else masked
