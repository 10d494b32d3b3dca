"""Readings of a turn that overrule the selector: what it asks, read from words the selector was not trained to weigh.

Each returns the function the turn asks for, or None to keep the selector's choice (`outcome_decision` in
`simxai.backends._router_decision` makes it a sure decision):

- what an output means ("what exactly does 'approved' mean?", "when it says 0.7, what is that number?", "70 % of
  what?", "what labels are there?"), with no instance named: the output description;
- whether the model was right about one named instance ("was it right about patient 12?"): its prediction, which
  states the recorded label beside it; so is a yes-no question naming one instance and a class that the selector
  reads as asking for nothing;
- why a class was not given, the class in the label reading's words ("how come boat 7 isn't back on schedule?"),
  when the selector chose the instance's explanation or prediction or is unsure: the why-not;
- why a class was given, asked with no negation or contrast in the why-question's sentence ("why is member 12 on
  the surcharge tier? she never claims", "so why the decline?"), when the selector chose the why-not: the explanation;
- how the model does on a group it names and nothing else ("how does it do for couriers of brand x?"), whatever the
  selector chose: the performance on that group;
- a statistic of a feature ("mean exam mark over all students?"), with no word of importance, when the
  selector chose the global explanation or the performance: the data's description;
- what it would take for one instance to reach a class ("what would make the model predict 47 as late", "three
  ways in which 47 is approved"), when the selector chose its prediction: the counterfactuals;
- whether the model knows about something, or takes it into account ("does it know anything about frost?"), with
  no instance named: the model's description, which lists what it takes in and its limits;
- a supposition from the turn's start about a named feature ("what if the loan were larger?") that the selector
  read as a question about the data or the model: the what-if (the engine asks what is missing).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from simxai.backends._router_denial import USER_EXPECTS, WHY_NEGATED
from simxai.extraction import (
    extract_argument,
    extract_group,
    extract_ids,
    extract_label,
    extract_metric,
    extract_texts,
    feature_spans,
)
from simxai.hosts.base import HostSchema

__all__ = ["read_function"]

# A turn that supposes a change from its start: "what if ...", "suppose ...", "imagine ..."
_SUPPOSED_FROM_START = re.compile(
    r"^\W*(?:(?:and|so|ok(?:ay)?|but)\W+)?(?:what\s+if|suppos\w*|imagin\w*)\b", re.IGNORECASE
)


def read_function(
    function: str | None, confident: bool, text: str, schema: HostSchema | None, names: Collection[str]
) -> str | None:
    """The function a reading above gives for `text`, or None; `function` and `confident` are the selector's."""
    if schema is None:
        return None
    read = (
        _meaning(function, confident, text, schema, names)
        or _why_not(function, confident, text, schema, names)
        or _why_so(function, text, schema, names)
        or _to_reach(function, text, schema, names)
        or _how_it_does(function, text, schema, names)
        or _statistic(function, text, schema, names)
    )
    if read is None and "get_model_information" in names and _KNOWS.search(text) and not extract_ids(text, schema):
        # "does it know anything about frost?": what the model takes in; of a feature ("does it take age into
        # account?") the selector's choice stands (its importance, its description)
        read = None if feature_spans(text, schema) else "get_model_information"
    if read is not None:
        return read
    if (
        function in (None, "get_data_information", "get_model_information")
        and "get_model_performance" in names
        and _BETTER.search(text)
        and (extract_group(text, schema) is not None or extract_label(text, schema) is not None)
        and not extract_ids(text, schema)
    ):
        return "get_model_performance"  # "is the model better with dhl or ups?": how well it does on each
    if (
        function in ("get_data_information", "get_model_information", "get_global_explanation")
        and "explain_what_if" in names
        and schema.kind == "tabular"
        and _SUPPOSED_FROM_START.match(text)
        and feature_spans(text, schema)
    ):
        return "explain_what_if"
    return None


# What an output means: "what does 'declined' stand for", "how is 'high' measured", "70 % of what?"
_MEANING = re.compile(
    # ("the mean ambient temperature", "its mean": a statistic, not a meaning)
    r"\b(?:(?<!\bthe\s)(?<!\bits\s)(?<!\ba\s)(?<!\btheir\s)mean(?!\s+(?:value|of)\b)|means|(?<!\bI\s)meant|meaning|"
    r"define|definition|defined|measured|count(?:s|ed)?\s+as|stands?\s+for|"
    r"refers?\s+to|of\s+what|what\s+is\s+(?:that|this)\s+(?:number|figure|score|value))\b",
    re.IGNORECASE,
)
_OUTPUT_WORDS = (
    r"labels?|class(?:es)?|outcomes?|outputs?|probabilit(?:y|ies)|scores?|percent|percentage|number|figure|"
    r"\d*\.\d+"
)
# Which outputs there are: "what labels are there?", "can it ever say 'maybe'?"
_OUTPUTS_ASKED = re.compile(
    r"\bwhat\s+(?:labels|classes|outcomes|outputs|categories)\s+(?:are\s+there|can|does|could|are\s+possible)\b|"
    r"\b(?:can|could|does|will|would)\s+it\s+(?:ever\s+)?(?:say|output|return|answer)\s+['\"‘“]",
    re.IGNORECASE,
)
# What kind of quantity a score is: "is that a percent chance of ...", "is an 80% score a probability or ..."
_KIND_OF_SCORE = re.compile(
    r"\b(?:is|are)\s+(?:that|this|it|those|these|an?\s+\S+\s+(?:score|number|value|output))\s+(?:an?\s+|the\s+)?"
    r"(?:[\w-]+\s+)?(?:percent(?:age)?|probabilit(?:y|ies)|chances?|likelihood|confidence|odds|certainty)\b",
    re.IGNORECASE,
)
# A score the model gave, reported back: "it says 0.79 for 65010", "the model gave 69 %" (an id beside it only
# places the score: the question is about the score)
_SCORE_REPORTED = re.compile(
    r"\b(?:it|the\s+model|this\s+model|the\s+classifier)\s+(?:says|said|gives|gave|shows|showed|puts|put|returns|"
    r"returned|reports|reported|outputs)\s+(?:me\s+)?(?:an?\s+)?(?:score\s+of\s+)?(?:0?\.\d+|\d{1,3}(?:\.\d+)?\s?%)",
    re.IGNORECASE,
)
# A scale word a label's place on is asked about: "is 'high' the top of the scale", "is there an 'extreme' level"
_SCALE = r"(?:levels?|labels?|class(?:es)?|categor(?:y|ies)|outcomes?|ratings?|grades?|tiers?|buckets?|scale)"
# Whether the model was right about one instance, not why or what would change it
_RIGHT = re.compile(r"\b(?:right|correct(?:ly)?|wrong(?:ly)?|accurate|mistaken|a\s+mistake|spot[\s-]on)\b", re.I)
_NOT_JUST_RIGHT = re.compile(
    r"\b(?:why|how\s+come|reasons?|explain\w*|factors?|drivers?|if|make|made|makes|change\w*|would|could)\b", re.I
)


def _meaning(
    function: str | None, confident: bool, text: str, schema: HostSchema, names: Collection[str]
) -> str | None:
    """The output description for a question about what an output means, or the prediction for whether the model
    was right about one named instance (also to confirm an unsure prediction); None otherwise. Neither names a
    metric or (for a meaning) an instance.
    """
    metric = extract_metric(text)
    if metric is not None and not (metric == "all" and _KIND_OF_SCORE.search(text)):  # "or just its confidence?"
        return None
    ids = extract_ids(text, schema)
    classes = "|".join(re.escape(c).replace("_", r"[\s_-]+") for c in schema.class_names)
    quoted = [t for t in extract_texts(text) if t.strip().lower() not in {c.lower() for c in schema.class_names}]
    if (
        "get_output_information" in names
        and (not ids or _SCORE_REPORTED.search(text))
        # "what outcomes does it assign to patients over 60": the outputs of a group named are its predictions
        and (_MEANING.search(text) or extract_group(text, schema) is None)
        and not (schema.kind == "text" and quoted)
        and (
            _OUTPUTS_ASKED.search(text)
            or _label_scope(text, classes)
            or (
                (_MEANING.search(text) or _KIND_OF_SCORE.search(text))
                and re.search(rf"(?<![\w-])(?:{classes}|{_OUTPUT_WORDS})(?![\w-])|\d\s*%", text, re.I)
            )
        )
    ):
        return "get_output_information"
    if (
        (function != "get_prediction" or not confident)
        and "get_prediction" in names
        and len(ids) == 1
        and (_RIGHT.search(text) or (_asks_nothing_else(function, text) and extract_label(text, schema)))
        and not _NOT_JUST_RIGHT.search(text)
    ):
        # (a question naming one instance and a class, which the selector reads as asking nothing: "will boat 7012
        # be back on schedule?" asks for its prediction)
        return "get_prediction"
    return None


def _label_scope(text: str, classes: str) -> bool:
    """Whether the turn asks what a label covers or where it sits among the labels: "does 'adopted' count a dog
    that came back?", "is 'high' the top of the scale, or is there an 'extreme' level?".
    """
    label = rf"['\"‘“]?(?:{classes})['\"’”]?"
    return bool(
        re.search(
            rf"\b(?:does|do|would|will)\s+{label}\s+(?:(?:also|still|ever)\s+)?(?:count|include|cover)\b", text, re.I
        )
        or re.search(rf"\bis\s+{label}\s+the\s+(?:top|bottom|highest|lowest|worst|best|last|first)\b", text, re.I)
        or (
            re.search(rf"\bis\s+there\s+(?:an?|any)\s+(?:[\w'‘’-]+\s+){{0,2}}{_SCALE}\b", text, re.I) is not None
            and re.search(rf"(?<![\w-]){label}(?![\w-])", text, re.I) is not None
        )
    )


# Whether the model knows of something, as a yes-no question of its own: "does it know anything about frost", "does
# the model take rain into account" (not "which words does it know about most")
_KNOWS = re.compile(
    r"(?:^|[.?!;,:])\s*(?:(?:and|but|so|ok|also)\s+)?(?:does|do|did|can|could|would)\s+"
    r"(?:it|the\s+model|this\s+model|the\s+classifier|your\s+model)\s+"
    r"(?:know\s+(?:(?:anything|something|much|a\s+thing)\s+)?about|take\s+(?:[\w'-]+\s+){0,4}into\s+account|"
    r"account\s+for|factor\s+in)\b",
    re.IGNORECASE,
)
# A yes-no question about the outcome ("will 7012 be back on schedule?"): asked, and no wh-word asks for more
_YES_NO = re.compile(r"^(?!.*\b(?:what|which|how|why|who|where|when)\b).*\?", re.IGNORECASE | re.DOTALL)
# A yes-no question that asks whether a class can be reached ("could 7012 get back on schedule?"), not what it is
_REACHABLE = re.compile(r"\b(?:can|could|would|might|possible|becom\w*|turn\w*|get\w*|chang\w*|mak\w*)\b", re.I)


def _asks_nothing_else(function: str | None, text: str) -> bool:
    """A yes-no question the selector read as asking nothing, as the prediction (unsure), or as how to reach the class
    it names, when it does not ask whether the class can be reached: "7012 back on schedule?" asks what the model
    predicts.
    """
    if not _YES_NO.search(text):
        return False
    return function in (None, "get_prediction") or (
        function == "explain_how_to_be_that" and not _REACHABLE.search(text)
    )


# How well the model does, compared between groups or classes: "better with dhl or ups", "more accurate for women"
_BETTER = re.compile(
    r"\b(?:better|worse|(?:more|less)\s+(?:accurate|reliable|often\s+right|often\s+wrong)|"
    r"(?:more|fewer)\s+(?:mistakes|errors))\b",
    re.IGNORECASE,
)


def _why_not(
    function: str | None, confident: bool, text: str, schema: HostSchema, names: Collection[str]
) -> str | None:
    """The why-not for a why-question that denies a class named after the negation, in whatever words the label
    reading knows ("how come 7 isn't predicted on schedule", "why doesn't it think she'll leave"), when the selector
    chose an instance's explanation or prediction, or is unsure; None otherwise.
    """
    if "explain_why_not" not in names or (function == "explain_why_not" and confident):
        return None  # an unsure why-not that the reading confirms is a sure one
    if confident and function not in ("get_local_explanation", "get_prediction"):
        return None
    negated = WHY_NEGATED.search(text)
    if negated is None or extract_label(text[negated.end() :], schema) is None:
        return None
    return "explain_why_not"


# A why-question's own sentence: "why" or "how come" up to the end of its sentence.
_WHY_SENTENCE = re.compile(r"\b(?:why|how\s+come)\b[^.?!;]*", re.IGNORECASE)
# What makes a why-question ask about a class not given: a negation in it, or a contrast with another outcome.
_DENIES = re.compile(
    r"\b(?:not|no|none|never|miss\w*|refus\w*|fail\w*|den(?:y|ies|ied)|avoid\w*|lack\w*)\b|n't\b|"
    r"\b(?:is|was|does|did|do|are|were)nt\b",
    re.IGNORECASE,
)
_CONTRASTS = re.compile(
    rf"\brather\s+than\b|\binstead\b|\bother\s+than\b|{USER_EXPECTS}|\bthought\b|\bshould\b|\bsupposed\b|"
    r"\bvs\.?\b|\bversus\b",
    re.IGNORECASE,
)


def _why_so(function: str | None, text: str, schema: HostSchema, names: Collection[str]) -> str | None:
    """The instance's explanation for a why-question that asks why a class was given ("why is member 12 on
    the surcharge tier? She never claims.", "so why the decline?"), when the selector chose the why-not.

    A why-not needs its question to deny a class ("why isn't ...") or the turn to set another against it ("rather
    than ...", "I expected ..."); a negation in another sentence ("he doesn't even smoke") is the user's objection,
    not the question.
    The why-question names one instance by its id and nothing in its own sentence denies or contrasts.
    """
    if function != "explain_why_not" or "get_local_explanation" not in names or len(extract_ids(text, schema)) != 1:
        return None
    asked = _WHY_SENTENCE.search(text)
    if asked is None or _DENIES.search(asked.group()) or _CONTRASTS.search(text):
        return None  # "I expected approved", in any sentence, sets another outcome against the one given
    if _DENIES.search(text[max(0, asked.start() - 40) : asked.start()]):
        return None  # "not approved, why?": the negation leads into the question
    return "get_local_explanation"


# What it would take to reach an outcome: "what would it take for ...", "what would make the model predict ...",
# "what do I need to do so ...", "three scenarios where ...", "ways for ... to ..."
_TAKES = re.compile(
    r"\bwhat\s+(?:would|will|does|did)\s+(?:it\s+take|make|get)\b"
    r"|\bwhat\s+(?:do|does|would|should|must)\s+(?:i|we|you|he|she|they|it)\s+(?:need|have)\s+to\s+(?:do|change)\b"
    r"|\b(?:scenarios?|ways?|paths?|routes?)\s+(?:where|in\s+which|for|to|that)\b",
    re.IGNORECASE,
)


def _to_reach(function: str | None, text: str, schema: HostSchema, names: Collection[str]) -> str | None:
    """The counterfactuals for a turn that asks what it would take for one named instance to reach a class, when
    the selector chose that instance's prediction, or the search itself without being sure of it: "what would make
    the model call applicant 8 approved" asks for changes, not for the prediction it already has, nor a question
    between the two. The class comes after the construction that asks for it.
    """
    if function not in ("get_prediction", "explain_how_to_be_that") or "explain_how_to_be_that" not in names:
        return None
    if len(extract_ids(text, schema)) != 1:
        return None
    takes = _TAKES.search(text)
    if takes is None or extract_label(text[takes.end() :], schema) is None:
        return None
    return "explain_how_to_be_that" if extract_argument("target_label", text, schema) is not None else None


# How the model does, asked with no metric named: "how does it do for ...", "how well does the model do on ..."
_HOW_IT_DOES = re.compile(
    r"^\W*(?:(?:and|so|ok(?:ay)?)\W+)?how\s+(?:well\s+)?(?:does|did|do|is)\s+(?:it|the\s+model|this\s+model)\s+"
    r"(?:do|doing|perform|performing)\s+(?:for|on|with|among|across)\b",
    re.IGNORECASE,
)


def _how_it_does(function: str | None, text: str, schema: HostSchema, names: Collection[str]) -> str | None:
    """The performance for "how does it do for <group>" when the turn names no instance, only a group the data
    selects, whatever the selector chose: a prediction needs an instance, the model card says nothing of a group, and
    how the model does on a group is its quality there ("how does it do on dhl parcels?", mid-conversation too).
    """
    if "get_model_performance" not in names or not _HOW_IT_DOES.match(text):
        return None
    if extract_ids(text, schema) or extract_texts(text):
        return None
    group = extract_argument("group", text, schema)
    return "get_model_performance" if isinstance(group, str) and re.search(r"[=<>]", group) else None


# A statistic of the data said of a feature: "mean exam mark", "the spread of bmi", "median income"
_STATISTIC = re.compile(
    r"\b(?:average|mean|median|typical|spread|distribution|range|minimum|maximum|min|max|std|standard\s+deviation)\b",
    re.IGNORECASE,
)
_IMPORTANCE = re.compile(
    r"\b(?:matter\w*|important|importance|influen\w*|weigh\w*|driv\w*|factors?|effects?|impact\w*|contribut\w*|"
    r"rank\w*|shap|predict\w*|accura\w*|metrics?|wrong|right|correct\w*)\b",
    re.IGNORECASE,
)


def _statistic(function: str | None, text: str, schema: HostSchema, names: Collection[str]) -> str | None:
    """The data's description for a statistic of a feature the turn names ("mean exam mark over all
    students?"), when the selector chose the global explanation or the performance: neither reports a feature's
    values. Nothing of importance, quality or prediction is asked, and no instance is named.
    """
    if function not in ("get_global_explanation", "get_model_performance") or "get_data_information" not in names:
        return None
    if schema.kind != "tabular" or _IMPORTANCE.search(text) or extract_ids(text, schema):
        return None
    said = _STATISTIC.search(text)
    spans = feature_spans(text, schema)
    if said is None or not any(abs(start - said.end()) <= 12 or abs(said.start() - end) <= 12 for start, end in spans):
        return None
    return "get_data_information"
