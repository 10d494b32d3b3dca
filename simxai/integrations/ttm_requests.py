"""Written requests for the learned TalkToModel parser's operations: a lexicon of ordinary English.

TalkToModel's templates ask for each operation in a few dozen wordings, and a user has many more: "what does
X mean" and "define X", "which cases does it get wrong" and "show some mistakes". The operations are what the
shape classifier must learn, so the training set also gets requests written here, per operation, from general
English usage (synonyms, the nominal forms of the operation's verb, questions and imperatives), not copied
from any template or evaluation utterance. Each phrasing is a template in TalkToModel's format, filled like
the templates (`ttm_templates.fill_templates`) and aligned like them, so it also teaches the mention roles.

A phrasing is placed three ways: alone, with a filter phrase (``{filter_text}``, from the training split's
filter fillers) before or after it, and with a reference to the previous turn's data ("for these
instances", a ``previousfilter``). Only the last two teach the context classifier: TalkToModel's templates
write an unfiltered request with or without ``previousfilter`` and the written ones should not tip that.
"""

from __future__ import annotations

import random

from simxai.integrations.ttm_templates import Template

__all__ = ["ADDRESSED", "CHANGES", "REFERENCES", "REQUESTS", "SOURCE", "WHAT_IF", "written_templates"]

#: The source name of the written templates (`Template.source`).
SOURCE = "written_requests"

# {feature}: any feature (written twice, for the numeric and the categorical slots); {k}: a top-k count
_F = "{feature}"

#: Per operation of the grammar (a feature slot as ``{feature}``), ways to ask for it, and whether it applies
#: to a subset of the data (so it takes a filter or a reference to the previous data).
REQUESTS: dict[str, tuple[bool, tuple[str, ...]]] = {
    "predict": (
        True,
        (
            "what does the model predict",
            "what would the model predict",
            "what are the model's predictions",
            "show the predictions",
            "what is the predicted outcome",
            "what outcome does the classifier give",
            "which class does the model assign",
            "what is the model's output",
            "what would you predict",
            "give me the model's predictions",
            "what is the forecast",
            "what verdict does the model reach",
            "predict the outcome",
            "how does the model classify them",
        ),
    ),
    "explain features": (
        True,
        (
            "why does the model predict that",
            "why did the model decide that way",
            "explain the predictions",
            "give an explanation of the predictions",
            "what is the reasoning behind the predictions",
            "what drives the model's decisions",
            "what is the rationale for the model's decision",
            "what are the reasons for the predictions",
            "justify the model's predictions",
            "how did the model arrive at its predictions",
            "which factors led to the decision",
            "how does the model reach its decisions",
            "what is behind the model's choice",
            "what explains the outcome",
        ),
    ),
    "explain cfe": (
        True,
        (
            "what would have to change to flip the prediction",
            "how could the outcome be changed",
            "what changes would give the opposite outcome",
            "how can the prediction be reversed",
            "what is the smallest change that alters the prediction",
            "what would it take to get the other outcome",
            "show counterfactual explanations",
            "how could the model be made to predict otherwise",
            "what should be different to change the decision",
            "what would make the model decide the other way",
            "how do i get another result",
            "what could be altered so the prediction switches",
        ),
    ),
    "likelihood": (
        True,
        (
            "how likely is each outcome",
            "what is the probability of each class",
            "how confident is the model",
            "what are the chances of each outcome",
            "what probability does the model give",
            "how probable is the predicted class",
            "what are the odds according to the model",
            "with what certainty does the model predict",
            "give the predicted probabilities",
            "how sure is the model",
        ),
    ),
    "mistake typical": (
        True,
        (
            "what errors does the model commonly make",
            "what are the typical errors",
            "where does the model usually go wrong",
            "what kinds of errors are most frequent",
            "what patterns do the model's errors follow",
            "in what situations does the model tend to fail",
            "summarize the model's errors",
            "what are the usual failure modes",
            "what characterizes the cases the model misclassifies",
            "is there a pattern in the wrong predictions",
        ),
    ),
    "mistake sample": (
        True,
        (
            "show me some examples the model gets wrong",
            "give a few misclassified instances",
            "list some wrong predictions",
            "which instances are predicted wrongly",
            "show cases where the model was wrong",
            "display a sample of the errors",
            "point out some erroneous predictions",
            "give me examples of incorrect predictions",
            "which data points are misclassified",
            "are any of the predictions wrong",
        ),
    ),
    "score accuracy": (
        True,
        (
            "how accurate is the model",
            "how often is the model right",
            "how many does the model get right",
            "what share of predictions are correct",
            "what fraction does it classify correctly",
        ),
    ),
    "score default": (
        True,
        (
            "how well does the model perform",
            "rate the model's performance",
            "how reliable are the predictions",
            "evaluate the model",
        ),
    ),
    "countdata": (
        True,
        (
            "how many instances are there",
            "count the data points",
            "what is the number of records",
            "how many rows are there",
            "how many cases are there",
            "what is the size of the group",
            "how many samples does it have",
            "give me a count",
        ),
    ),
    "show": (
        True,
        (
            "show the data",
            "display the instances",
            "list the records",
            "let me see the data points",
            "print the rows",
            "show me the raw values",
            "what do the instances look like",
            "output the entries",
        ),
    ),
    "label": (
        True,
        (
            "what are the true labels",
            "show the ground truth",
            "what are the actual outcomes",
            "what outcome was recorded",
            "what do the labels say",
            "show the real classes",
            "what were the observed results",
        ),
    ),
    "statistic target": (
        True,
        (
            "what is the distribution of the outcome",
            "how are the labels distributed",
            "what share belongs to each class",
            "how balanced are the classes",
            "what proportion has each outcome",
            "summarize the labels",
            "give the class counts",
        ),
    ),
    f"statistic {_F}": (
        True,
        (
            f"what is the average {_F}",
            f"what are the statistics of {_F}",
            f"summarize {_F}",
            f"what are the mean and spread of {_F}",
            f"what is the range of {_F}",
            f"how is {_F} distributed",
            f"describe the values of {_F}",
            f"what is the typical value of {_F}",
            f"give summary statistics for {_F}",
        ),
    ),
    f"define {_F}": (
        False,
        (
            f"define {_F}",
            f"what does {_F} mean",
            f"what is meant by {_F}",
            f"what is the meaning of {_F}",
            f"explain the term {_F}",
            f"give me the definition of {_F}",
            f"what exactly is {_F}",
            f"what does the feature {_F} refer to",
            f"how is {_F} defined",
            f"clarify what {_F} stands for",
            f"i do not know what {_F} is",
            f"what do you mean by {_F}",
        ),
    ),
    f"important {_F}": (
        True,
        (
            f"how important is {_F}",
            f"how much does {_F} matter",
            f"what role does {_F} play in the predictions",
            f"does {_F} influence the model",
            f"how much weight does the model give {_F}",
            f"what is the importance of {_F}",
            f"is {_F} relevant to the predictions",
            f"how strongly does {_F} affect the outcome",
            f"where does {_F} rank among the features",
        ),
    ),
    "important all": (
        True,
        (
            "what are the most important features",
            "rank the features by importance",
            "which features matter most",
            "which variables have the most influence",
            "list the features in order of importance",
            "what does the model rely on most",
            "which factors count the most",
            "what are the key drivers",
        ),
    ),
    "important topk {k}": (
        True,
        (
            "what are the top {k} features",
            "name the {k} most important features",
            "which {k} features matter most",
            "list the {k} most influential variables",
            "give me the {k} strongest factors",
        ),
    ),
    "interact": (
        True,
        (
            "are there interactions between the features",
            "do any features interact",
            "which features work together",
            "show the feature interaction effects",
            "how do the features combine",
            "do the effects of the features depend on each other",
        ),
    ),
    "data": (
        False,
        (
            "tell me about the data",
            "describe the dataset",
            "what data was the model trained on",
            "what is in the dataset",
            "give an overview of the data",
            "what kind of data is this",
            "what information does the dataset hold",
        ),
    ),
    "model": (
        False,
        (
            "what kind of model is this",
            "describe the model",
            "what model are you using",
            "what algorithm makes the predictions",
            "tell me about the classifier",
            "how was the model built",
        ),
    ),
    "self": (
        False,
        (
            "who are you",
            "introduce yourself",
            "what is this assistant",
            "what kind of bot are you",
            "what is your name",
        ),
    ),
    "function": (
        False,
        (
            "what can you do",
            "what can i ask you",
            "what are your capabilities",
            "how can you help me",
            "what options do i have",
            "what questions can i ask",
            "how do i use this",
            "what is this tool able to do",
            "what services do you provide",
            "what am i able to do with this",
        ),
    ),
    # an answer to the bot's suggestion: TalkToModel's `followup` (beside the small talk of `ttm_smalltalk`,
    # which asks for nothing, so that a bare "yes" is not taken for a greeting)
    "followup": (
        False,
        (
            "yes",
            "yes please",
            "yep",
            "sure",
            "sure, go ahead",
            "go ahead",
            "please do",
            "definitely",
            "absolutely, show it",
            "i would like that",
            "yes, i would like to know",
            "tell me more",
            "go on",
        ),
    ),
    "self and function": (
        False,
        (
            "who are you and what can you do",
            "what is this tool and what does it do",
            "what is this application for",
            "what is the point of this app",
            "what is this system meant to do",
            "what is the goal of this interface",
            "what is this site used for",
        ),
    ),
}

#: Requests that address the model as "you" ("what are some cases you get wrong", "what motivated your
#: decisions"), per operation, placed as `REQUESTS` are (all on a subset of the data). Kept apart and drawn last,
#: so that adding them leaves the earlier phrasings' placements and fillings as they were. A few instances "you"
#: get wrong are a sample of the mistakes, not their pattern; a motive for deciding is an explanation, not a
#: prediction; "your decision" is also what a counterfactual changes.
ADDRESSED: dict[str, tuple[str, ...]] = {
    "mistake sample": (
        "what are some instances you get wrong",
        "which rows did you misclassify",
        "show me a few records you predicted incorrectly",
        "name some cases you got incorrect",
        "what are a couple of examples you classify incorrectly",
    ),
    "explain features": (
        "what motivated your predictions",
        "what was your reasoning in deciding the outcomes",
        "on what grounds did you decide the predicted classes",
        "what made you decide on those predictions",
        "what is the motive behind your choice of outcomes",
    ),
    "explain cfe": (
        "what would you need to see to change your decision",
        "how could someone get a different answer from you",
        "what should be different for you to decide otherwise",
    ),
}

#: What-if questions, per the operation run on the changed data (``change ... and OPERATION``).
WHAT_IF: dict[str, tuple[str, ...]] = {
    "predict": (
        "what would the model predict",
        "what would the prediction be",
        "what outcome would the model give",
        "would the predicted class change",
    ),
    "likelihood": (
        "how likely would each outcome be",
        "what would the probabilities be",
        "how would the chances of each class change",
    ),
    "explain features": (
        "why would the model decide as it does",
        "what would drive the predictions",
        "how would the explanation look",
    ),
    "previousoperation": ("what would happen", "how would things change", "what would be different"),
    f"important {_F}": (
        f"how important would {_F} be",
        f"how much would {_F} matter",
        f"what weight would the model give {_F}",
    ),
}
#: Ways to state a what-if change of a numeric feature (``{num_features}``, ``{num_values}``), per update.
CHANGES: dict[str, tuple[str, ...]] = {
    "increase": (
        "{num_features} were increased by {num_values}",
        "{num_features} went up by {num_values}",
        "{num_features} were {num_values} higher",
        "we raised {num_features} by {num_values}",
        "we added {num_values} to {num_features}",
    ),
    "decrease": (
        "{num_features} were reduced by {num_values}",
        "{num_features} went down by {num_values}",
        "{num_features} were {num_values} lower",
        "we lowered {num_features} by {num_values}",
        "we subtracted {num_values} from {num_features}",
    ),
    "set": (
        "{num_features} were set to {num_values}",
        "{num_features} were changed to {num_values}",
        "{num_features} were {num_values}",
        "we set {num_features} to {num_values}",
        "{num_features} became {num_values}",
    ),
}

#: Ways to refer to the previous turn's data, written after a request (``previousfilter and``).
REFERENCES: tuple[str, ...] = (
    "for these instances",
    "for them",
    "for those",
    "for this group",
    "for the same data points",
    "for these cases",
    "for that subset",
    "for the ones from before",
    "on those rows",
)
# how a filter phrase is attached: after the request, or before it
_AFTER = ("for {filter_text}", "among {filter_text}", "on the data where {filter_text}", "restricted to {filter_text}")
_BEFORE = ("for {filter_text},", "among {filter_text},", "considering {filter_text},", "looking at {filter_text},")
_SLOTS = ("{num_features}", "{cat_features}")
# a change stated as a property of the subset, after "with"
_WITH = {"set": "set to", "increase": "raised by", "decrease": "lowered by"}
_TOPK = ("2", "3", "4", "5")


def written_templates(seed: int = 0) -> list[Template]:
    """Every phrasing of `REQUESTS` as templates: alone, and (for the operations on a subset of the data)
    with a filter phrase on one side chosen by the seeded draw and with one reference to the previous data.

    Args:
        seed: seeds which attachment and reference each phrasing gets (the build stays deterministic).
    """
    rng = random.Random(seed)
    templates: list[Template] = []
    for operation, (subset, phrasings) in REQUESTS.items():
        templates += _placed(operation, phrasings, subset, rng)
    for operation, questions in WHAT_IF.items():
        for question in questions:
            for update, conditions in CHANGES.items():
                condition = rng.choice(conditions)
                first = rng.random() < 0.5
                user = f"{question} if {condition}" if first else f"if {condition}, {question}"
                # the k-th feature slot of the user line fills the parse's k-th: a numeric argument must come
                # after the change's feature, as it does in the parse
                slot = "{cat_features}" if first else "{num_features}"
                parsed = f"change {{num_features}} {update} {{num_values}} and {operation} [E]"
                templates.append(Template(user.replace(_F, slot), parsed.replace(_F, slot), SOURCE))
    # the questions on a subset, the change stated as a property of it ("... for X with Y set to N"); drawn
    # apart, so that the draws above stay as they were
    with_rng = random.Random(seed + 1)
    for operation, questions in WHAT_IF.items():
        for question in (q for q in questions if _F not in q):
            update = with_rng.choice(tuple(_WITH))
            user = f"{question} for {{filter_text}} with {{num_features}} {_WITH[update]} {{num_values}}"
            parsed = f"{{filter_parse}} and change {{num_features}} {update} {{num_values}} and {operation} [E]"
            templates.append(Template(user, parsed, SOURCE))
    addressed_rng = random.Random(seed + 2)
    for operation, phrasings in ADDRESSED.items():
        templates += _placed(operation, phrasings, True, addressed_rng)
    return templates


def _placed(operation: str, phrasings: tuple[str, ...], subset: bool, rng: random.Random) -> list[Template]:
    """Each phrasing alone and, for an operation on a subset of the data, with a filter phrase on the side the
    seeded draw picks and with one reference to the previous data.
    """
    templates: list[Template] = []
    for i, phrasing in enumerate(phrasings):
        for user, parsed in _slotted(phrasing, operation, _TOPK[i % len(_TOPK)]):
            templates.append(Template(user, f"{parsed} [E]", SOURCE))
            if not subset:
                continue
            if rng.random() < 0.5:
                filtered = f"{user} {rng.choice(_AFTER)}"
            else:
                filtered = f"{rng.choice(_BEFORE)} {user}"
            templates.append(Template(filtered, f"{{filter_parse}} and {parsed} [E]", SOURCE))
            referred = f"{user} {rng.choice(REFERENCES)}"
            templates.append(Template(referred, f"previousfilter and {parsed} [E]", SOURCE))
    return templates


def _slotted(phrasing: str, operation: str, k: str) -> list[tuple[str, str]]:
    """The phrasing and its parse with the feature slot as each of TalkToModel's slots (or the top-k count)."""
    if "{k}" in phrasing:
        return [(phrasing.replace("{k}", k), operation.replace("{k}", k))]
    if _F not in phrasing:
        return [(phrasing, operation)]
    return [(phrasing.replace(_F, slot), operation.replace(_F, slot)) for slot in _SLOTS]
