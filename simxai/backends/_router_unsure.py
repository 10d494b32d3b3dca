"""What an unsure choice of the selector leaves open: the functions a turn cannot be asking for, by what it names.

Below the clarification threshold the router would ask which of the two likeliest functions is meant. A question
is worth asking only when both options could answer the turn; one that could not (it needs something the turn does
not give, or reads the turn against its words) is no real option. Each reading is general, about a function's own
contract (`ruled_out`):

- a what-if changes something: a turn that names no change, no feature, supposes nothing and refers to no
  changes made before ("the same changes") is no what-if ("compare patients 1, 2, 3, 4, 5 and 6", "what would I
  have to change so the model says I'll pay?");
- a why-not asks why a class was *not* given: a turn with no negation in its why-question ("why isn't 14
  approved?"), no negation beside a class named, no contrast or expectation and nothing said to stand in the way
  ("what's keeping 12 from a yes?") is no why-not ("patient 31, why the progression?", "explain patient 8 to me,
  I'm a nurse not a statistician");
- the descriptions of the model and of its outputs are about no instance and no group, and the data's description
  and the global explanation about no instance: a turn that names one instance by its id, or a group, asks about
  them, not about the model or the data as a whole ("explain patient 7" is not "describe the data");
- an instance's explanation answers why: torn between one instance's prediction and its explanation, a turn with
  no word of reasons ("what's the call on patient 8?", "score this comment: '...'") asks for the verdict, and one
  that opens by asking why ("why model say weak for 52010? the lid is fine") asks for the reasons;
- a search for what may change while the class stays keeps a class: a turn that moves an instance from one class
  to another ("what would take it from weak to strong?") asks for counterfactuals, and one with no word of keeping,
  changing, a margin or a limit ("need the outlook for 12") asks for no such search;
- an instance's explanation is about one instance: a turn that speaks of the model as a whole ("the global
  ranking", "overall", "across the board") and names none is no such explanation; the data's description ranks
  nothing: a turn that asks for a ranking or an importance does not ask for it;
- the data's description holds no predictions: a turn that names a metric or the model's errors ("show me all the
  metrics", "where does it go wrong") does not ask for it;
- a count of rows ("how many pots are on sand?") that names no metric, no error and nothing got right scores nothing:
  it is no question of the model's performance, nor, naming no class and no word of the model's outcome, of
  its predictions;
- a turn that names exactly one instance by its id asks for *something* about it, so "no function" is no reading
  ("what's the churn score of 12": an attribute of instance 12, asked about by `unknown_attribute`), nor, with no
  metric and no word of errors, the model's performance, which is measured on a group ("how does 75032 look");
- a why-question about a class ("why is it dead in the first place") asks the cause of a prediction, not a
  description of the model or its outputs.

The exclusions are readings, not certainties, and the selector's order among the rest is less reliable when its
top choice was ruled out; so the remaining top answers without a question only when it stands alone (`ONE_LEFT` of
the remaining probability: "compare patients 1, 2, 3, 4, 5 and 6" once the what-if is out, "patient 31, why the
progression?" once the why-not is out). Otherwise the router asks between the two likeliest *remaining* options
(`fit_options`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence

from simxai.backends._router_decision import ASKS_CAUSE, REASONS, Decision
from simxai.backends._router_denial import denies_a_class
from simxai.backends._router_masking import mask, without_discourse_ifs
from simxai.extraction import extract_changes, extract_group, extract_ids, extract_label, extract_metric
from simxai.followup import last_call
from simxai.hosts.base import HostSchema
from simxai.messages import Message

__all__ = ["ONE_LEFT", "fit_options", "names_one_instance", "repeated_data_question", "ruled_out"]

# A supposition: a what-if may name its change in words the extraction does not read ("if she earned 50 grand").
_SUPPOSED = re.compile(
    r"\b(?:if|suppos\w*|imagin\w*|assum\w*|hypothetic\w*|scenarios?|instead|were|what\s+about|same\s+chang\w*)\b",
    re.IGNORECASE,
)
# What a search for changes that reach another class is about: a change, a becoming or reaching, a possibility or
# a need, another outcome, a way; a turn with none of these and no class named asks for no such search.
_REACHES = re.compile(
    r"\b(?:chang\w*|differ\w*|flip\w*|becom\w*|turn\w*|get\w*|got|take\w*|took|mak\w*|made|reach\w*|would|could|"
    r"should|can|might|must|if|need(?:s|ed)?\s+to|so\s+that|avoid\w*|away|else|other|opposite|instead|switch\w*|"
    r"mov\w*|push\w*|improv\w*|fix\w*|help\w*|counterfactual\w*|cfs?|alternativ\w*|scenarios?|ways?|paths?|"
    r"steps?|what\s+it\s+takes|to\s+be|into|out\s+of|from|rather)\b|'d\b",
    re.IGNORECASE,
)
# A possibility asked ("would", "could"): a why-question with it may suppose its values ("why would 12 ... with ...").
_MAY = re.compile(r"\b(?:would|could|might)\b|'d\b", re.IGNORECASE)
# The model as a whole, not one instance: "the global ranking", "overall", "across the board", "in general".
_WHOLE_MODEL = re.compile(r"\b(?:global(?:ly)?|overall|across\s+the\s+board|in\s+general|model[\s-]wide)\b", re.I)
# A ranking of what the model weighs: "the feature ranking", "where does bmi rank", "importance".
_RANKING = re.compile(r"\b(?:rank\w*|importances?)\b", re.IGNORECASE)
# Words of the model's errors or its metrics, which the data's description does not hold.
_ERRORS = re.compile(
    r"\b(?:metrics?|wrong\w*|mistak\w*|errors?|miss(?:es|ed)?|misclassif\w*|incorrect\w*|false\s+(?:positive|"
    r"negative)s?)\b",
    re.IGNORECASE,
)
# What a search for changes that keep the class is about: keeping, changing, a margin or a limit ("how solid is",
# "how much could ... before", "what could change and it still ...") or a supposition ("would that help"); a turn
# with none of these asks no such search.
_MARGIN_OR_CHANGE = (
    r"robust\w*|stab\w*|solid\w*|firm\w*|secure\w*|sure|certain\w*|chang\w*|differ\w*|flip\w*|margin|slack|room|"
    r"leeway|wiggle|tweak\w*|fiddl\w*|without|sensitiv\w*|fragil\w*|vary|varies|budge|tip\w*|alter\w*|shift\w*|swing\w*|"
    r"los[et]|losing|before|leav\w*|until|far|much|edits?|would|could|might|help\w*"
)
_KEEPS_OR_CHANGES = re.compile(
    rf"\b(?:still|stay\w*|keep\w*|kept|remain\w*|same|hold\w*|intact|{_MARGIN_OR_CHANGE})\b", re.IGNORECASE
)
# ... of which a why-question needs more than the outcome kept: "and still gets rejected, why?" says the outcome
# stands (a surprise), it sets no margin to search within
_MARGIN_OR_CHANGE_SAID = re.compile(rf"\b(?:{_MARGIN_OR_CHANGE})\b", re.IGNORECASE)
# A count of rows ("how many pots are on sand?"), unless it counts what the model gets right ("how many are correct")
_COUNTS_ROWS = re.compile(r"\bhow\s+many\b(?![^.?!]*\b(?:right|correct\w*|accurate\w*)\b)", re.IGNORECASE)
# Words of what the model says of the rows it counts ("how many are predicted to fail", "will be", "ends up")
_OUTCOME_WORDS = re.compile(
    r"\b(?:predict\w*|forecast\w*|flag\w*|classif\w*|label\w*|model|says?|think\w*|expect\w*|likely|chances?|"
    r"probab\w*|will|would|going\s+to|end\w*\s+up|outcomes?|results?|verdicts?|calls?|called|gives?|reckon\w*|"
    # the model doing something ("how many does it reckon die", "how many of each grade does it give")
    r"(?:does|do|did|can|could)\s+(?:it|they|the\s+model))\b",
    re.IGNORECASE,
)
# The functions about the model or its outputs as a whole: they take no instance and no group.
_ABOUT_THE_MODEL = frozenset({"get_model_information", "get_output_information"})
_NONE = "none"
# A comparison or a step, which a sure what-if may say without naming the feature ("fired hotter", "twice as long")
_COMPARES = re.compile(
    r"\b(?:more|less|fewer|higher|lower|\w{3,}er|double\w*|half|halv\w*|twice|triple\w*|without|no)\b", re.IGNORECASE
)
# A turn that opens by asking the cause ("why model say weak for 52010?", "reason it call 7 weak?"): no verdict answers
_OPENS_WITH_WHY = re.compile(
    r"\W*(?:so\s+|but\s+|and\s+|ok\s+)?(?:why|how\s+come|(?:the\s+)?reasons?)\b", re.IGNORECASE
)
# Words of the inputs' shares in one decision ("feature weights", "contributions", "shap values"), and words that
# ask for the decision itself ("what does it predict", "its verdict", "the chances"): with the first and none of the
# second, a turn about one instance asks for its explanation, not its prediction (ux49)
_ATTRIBUTION = re.compile(
    r"\b(?:weights?|weighting|contributions?|attributions?|shap|importances?|drivers?|factors?)\b", re.IGNORECASE
)
_VERDICT = re.compile(
    r"\b(?:predict\w*|verdict|says?|said|label\w*|class\w*|outcome|result|chances?|probab\w*|likel\w*|odds|"
    r"decision|decided|call(?:ed)?|risk|status)\b",
    re.IGNORECASE,
)
# An outcome other than the one given, asked for ("so the result is different", "a different verdict", "flip the
# call"): what the changes must reach, never a margin within which the outcome stays (ux49)
_OUTCOME_NOUN = r"(?:result|outcome|prediction|decision|verdict|label|class|call|answer)"
_OTHER_OUTCOME = re.compile(
    rf"\b(?:different|another|other|opposite|new)\s+{_OUTCOME_NOUN}\b|"
    rf"\b{_OUTCOME_NOUN}\s+(?:(?:is|be|would\s+be|will\s+be|becomes?|turns?|comes?\s+out)\s+)?"
    r"(?:different|otherwise|flips?|flipped|changes?|changed)\b|\bflip\w*\s+(?:the\s+|its\s+)?" + _OUTCOME_NOUN,
    re.IGNORECASE,
)
# What the model says of what the turn names ("what does it predict for ...", "what would the model say"), and words
# of the model's inputs, which make it a question about them ("what does it say about the features for ...")
_ASKS_VERDICT = re.compile(
    r"\bwhat\s+(?:does|do|did|would|will)\s+(?:the\s+model|it|the\s+classifier|the\s+system)\s+"
    r"(?:say|predict|think|expect|make\s+of)\b",
    re.IGNORECASE,
)
_INPUTS_NAMED = re.compile(
    r"\b(?:importan\w*|features?|factors?|inputs?|weigh\w*|driv\w*|matter\w*|influen\w*)\b", re.IGNORECASE
)
# A margin before the outcome moves ("before the call flips", "without the result changing"): what keeps it
_MARGIN_BEFORE = re.compile(r"\b(?:before|without|until|till|unless|not|never)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)


def _asks_other_outcome(text: str) -> bool:
    """Whether a turn asks for an outcome other than the one given (`_OTHER_OUTCOME`), not for a margin before it."""
    return any(not _MARGIN_BEFORE.search(text[: m.start()]) for m in _OTHER_OUTCOME.finditer(text))


#: The share of the remaining probability the remaining top needs, once an option is ruled out, to be answered.
ONE_LEFT = 0.9


def names_one_instance(text: str, masked: str, schema: HostSchema | None) -> bool:
    """Whether a turn names exactly one instance (an id or a quoted text) and no group of instances.

    A model's global explanation has no instance: a question that names one asks about that instance.
    """
    if schema is None or "GROUP" in masked or ("INSTANCE" not in masked and not any(c.isdigit() for c in text)):
        return False  # no digit and no text: no instance named (and no extraction to run); an id glued to a letter
        # of the instance noun ("R140850") is no NUM of the masked text, but it is a digit
    ids = extract_ids(text, schema)
    quoted = masked.count("INSTANCE")
    return len(ids) + quoted == 1


def ruled_out(text: str, masked: str, schema: HostSchema | None, candidates: Collection[str]) -> frozenset[str]:
    """The `candidates` (functions, or "none") that the turn cannot be asking for, by what it names (module doc)."""
    out: set[str] = set()
    changes = extract_changes(text, schema)
    supposes = _SUPPOSED.search(without_discourse_ifs(text))  # "and if so, why?" supposes nothing
    if "explain_what_if" in candidates and not supposes and ("FEATURE" not in masked and not changes):
        out.add("explain_what_if")
    elif "explain_what_if" in candidates and _cause_of_stated_values(text, changes or {}):
        out.add("explain_what_if")  # "88 has an 810 credit score and is still rejected, why": values stated
    if "explain_why_not" in candidates and not denies_a_class(text, schema):
        out.add("explain_why_not")
    if "explain_how_to_be_that" in candidates and not _REACHES.search(text) and not _names_a_class(text, schema):
        out.add("explain_how_to_be_that")  # "how does patient 40 look", "the verdict on 220": nothing to reach
    one_instance = schema is not None and bool(extract_ids(text, schema)) and names_one_instance(text, masked, schema)
    if one_instance or "GROUP" in masked or (ASKS_CAUSE.search(text) and "LABEL" in masked):
        out |= _ABOUT_THE_MODEL  # "why is it dead in the first place": the cause of a class, no description
    if one_instance:
        out |= {_NONE, "get_data_information", "get_global_explanation"}
        if extract_metric(text) is None and not _ERRORS.search(text):
            out.add("get_model_performance")  # "how does 75032 look": one record, no metric, no errors
    elif _WHOLE_MODEL.search(text) and not extract_ids(text, schema) and "INSTANCE" not in masked:
        out.add("get_local_explanation")  # "the global ranking", "across the board": no one instance's reasons
    if _RANKING.search(text):
        out.add("get_data_information")  # "where does bmi rank": the data holds values, not their weight
    # one instance named, between its verdict and its reasons
    one_instance = {"get_prediction", "get_local_explanation"} <= set(candidates) and names_one_instance(
        text, masked, schema
    )
    if one_instance and not REASONS.search(text):
        out.add("get_local_explanation")
    if one_instance and _OPENS_WITH_WHY.match(text):
        out.add("get_prediction")  # "why model say weak for 52010?": its reasons (ux48)
    if one_instance and _ATTRIBUTION.search(text) and not _VERDICT.search(text):
        out.add("get_prediction")  # "input weights 4012", "shap for 4012": the inputs' shares, no verdict (ux49)
    if "explain_how_to_still_be_this" in candidates and (
        _between_classes(text, schema) or not _KEEPS_OR_CHANGES.search(text) or _cause_of_a_kept_outcome(text)
    ):
        # "move it from weak to strong": a class to leave, one to reach; "the rating for 65061": nothing kept;
        # "... and still gets rejected, why?": the cause of the outcome, no search within a margin
        out.add("explain_how_to_still_be_this")
    if (
        _ASKS_VERDICT.search(text)
        and not _INPUTS_NAMED.search(text)
        and not extract_ids(text, schema)
        and ("GROUP" in masked or _condition_named(text, schema))
    ):
        # "what does it say for the back yard ones overall": the group's predictions, no ranking, no records (ux49)
        out |= {"get_global_explanation", "get_data_information"}
        if extract_metric(text) is None and not _ERRORS.search(text):
            out.add("get_model_performance")  # ... and no score of it either
    if "explain_how_to_still_be_this" in candidates and _asks_other_outcome(text):
        out.add("explain_how_to_still_be_this")  # "change so the verdict is different": a new outcome (ux49)
    if extract_metric(text) not in (None, "all"):
        out.add(_NONE)  # a metric named by its name ("f1 for members of a shared house") asks for its value
    if "get_data_information" in candidates and (_ERRORS.search(text) or extract_metric(text) not in (None, "all")):
        out.add("get_data_information")
    if _COUNTS_ROWS.search(text) and extract_metric(text) is None and not _ERRORS.search(text):
        out.add("get_model_performance")  # "how many pots are on sand?": rows counted, nothing scored
        if not _names_a_class(text, schema) and not _OUTCOME_WORDS.search(text):
            out.add("get_prediction")  # ... and no class, no word of the model's outcome: nothing predicted
            if _condition_named(text, schema):
                out |= _ABOUT_THE_MODEL  # "how many heath hives are there": rows of a group, no card (ask47)
    if "FEATURE" in masked and not (REASONS.search(text) or _WEIGHS.search(text)):
        out.add("get_global_explanation")  # "what do the heath's rainfalls look like": values, no weight (ask47)
    return frozenset(out & set(candidates))


# What the global explanation answers beside the words of reasons: a feature's weight, rank or effect on the model.
_WEIGHS = re.compile(
    r"\b(?:rank\w*|importan\w*|top|most|least|biggest|main|key|sensitiv\w*|affect\w*|effect\w*|impact\w*|roles?|"
    r"sway\w*|count(?:s|ed)?|care\w*|use[sd]?|using|rel(?:y|ies|ied)|depend\w*|signific\w*|strong\w*|weak\w*|"
    r"push\w*|pull\w*|decid\w*|predict\w*|model|classifier|global\w*|overall)\b",
    re.IGNORECASE,
)


def _condition_named(text: str, schema: HostSchema | None) -> bool:
    """Whether a turn names a group of the data by a condition on its features ("the heath hives": site = heath)."""
    group = extract_group(text, schema) if schema is not None and schema.kind == "tabular" else None
    return isinstance(group, str) and re.search(r"[=<>]", group) is not None


def _cause_of_a_kept_outcome(text: str) -> bool:
    """Whether a turn asks the cause of an outcome that stands ("still on the surcharge, what's keeping her there?"),
    supposing nothing and naming no change or margin: the explanation answers it, not a search for what may change.
    """
    return bool(ASKS_CAUSE.search(text)) and not _SUPPOSED.search(text) and not _MARGIN_OR_CHANGE_SAID.search(text)


def _cause_of_stated_values(text: str, changes: Mapping[str, object]) -> bool:
    """Whether a turn asks the cause of an outcome while stating the instance's values ("she earns a fortune and still
    got rejected, what tipped it?"), supposing nothing and stepping no value up or down: it describes the instance,
    it changes nothing.
    """
    relative = any(isinstance(v, str) and v[:1] in "+-*" for v in changes.values())
    return bool(ASKS_CAUSE.search(text)) and not _SUPPOSED.search(text) and not _MAY.search(text) and not relative


def _names_a_class(text: str, schema: HostSchema | None) -> bool:
    """Whether a turn names one of the host's classes, in the label reading's words."""
    return schema is not None and extract_label(text, schema) is not None


def _between_classes(text: str, schema: HostSchema | None) -> bool:
    """Whether a turn names a move from one class to another ("from weak to strong"), which keeps nothing as it is."""
    if schema is None or len(schema.class_names) < 2:
        return False
    names = "|".join(re.escape(c).replace("_", r"[\s_-]+") for c in schema.class_names)
    match = re.search(rf"\bfrom\s+(?:the\s+)?({names})\b.{{0,30}}?\b(?:to|into)\s+(?:the\s+)?({names})\b", text, re.I)
    return match is not None and match.group(1).lower() != match.group(2).lower()


def fit_options(
    probabilities: dict[str, float], threshold: float, text: str, schema: HostSchema | None
) -> tuple[dict[str, float], float]:
    """The selector's probabilities renormalised over the options the turn can mean, and the bar to answer without
    asking: `threshold`, or `ONE_LEFT` once an option was ruled out (module doc). A sure choice is left as it is,
    but for a what-if or a why-not that the turn cannot mean (`ruled_out`), set aside as an unsure choice's would be.
    """
    if not probabilities:
        return probabilities, threshold
    if max(probabilities.values()) >= threshold:
        # a sure what-if of a turn that names no change, no feature and supposes nothing ("odds that 4021 fails
        # early?") would only be asked what should change: set aside as for an unsure choice (asks30)
        # and a sure why-not of a turn that denies no class ("why the second analysis?": an ordinal is no "not")
        top = max(probabilities, key=probabilities.__getitem__)
        if threshold <= 0.0 or top not in ("explain_what_if", "explain_why_not") or _COMPARES.search(text):
            return probabilities, threshold  # "52044 fired hotter": a step said without a feature's name
        if not ruled_out(text, mask(text, schema), schema, (top,)):
            return probabilities, threshold
    unfit = ruled_out(text, mask(text, schema), schema, probabilities)
    kept = {name: p for name, p in probabilities.items() if name not in unfit}
    total = sum(kept.values())
    if not unfit or total <= 0.0:
        return probabilities, threshold
    return {name: p / total for name, p in kept.items()}, max(threshold, ONE_LEFT)


def repeated_data_question(
    decision: Decision, text: str, history: Sequence[Message], schema: HostSchema | None
) -> Decision:
    """The data question before, repeated for one named instance ("what about brake wear for 500120?" after "what
    does battery cycles mean?"), asks between that instance's explanation and the data: the data's statistics would
    drop the instance. Any other decision is returned as it is (the selector's own reading of "the income of
    applicant 12", with no data question before, stands).
    """
    previous = last_call(history)
    if (
        decision.function == "get_data_information"
        and previous is not None
        and previous.name == decision.function
        and names_one_instance(text, mask(text, schema), schema)
    ):
        return Decision("get_local_explanation", decision.confidence, False, runner_up=decision.function)
    return decision
