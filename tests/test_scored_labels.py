"""A label named in a metric or global question is honoured, never dropped (issue 12 item 3).

"what is the recall for stable?" is the recall of stable, not of the positive label; on a three-label model, not
the macro average; "which features matter most for dark?" explains dark, not an instance; "how accurate is it for
dark roasts?" scores the roasts recorded dark. Each is checked through the engine with the offline router on the
demo, the sentiment host and a seeded three-label host built here, with the figure checked against the
confusion matrix it must come from; and the guard checks a per-label metric against that label's value.
"""

from __future__ import annotations

import asyncio

import numpy as np
import pandas as pd
import pytest

from simxai.backends.router import RouterBackend
from simxai.exceptions import ArgumentError
from simxai.followup_readings import READINGS_PREFIX
from simxai.functions import default_registry
from simxai.guard import Vocabulary, check_claims
from simxai.results import result_payload
from tests.backends.routing import calls, talk

PERFORMANCE = default_registry().get("get_model_performance")
GLOBAL = default_registry().get("get_global_explanation")
ROASTS = ("light", "medium", "dark")


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.fixture(scope="module")
def roast_host():
    """A seeded three-label host (coffee batches roasted light, medium or dark) whose model makes mistakes, so
    that each label's recall differs from the macro average."""
    from sklearn.linear_model import LogisticRegression

    from simxai.hosts import host_from_model

    rng = np.random.default_rng(7)
    n = 300
    roast = rng.integers(0, 3, n)
    frame = pd.DataFrame(
        {
            "batch": np.arange(1000, 1000 + n),
            "acidity": 6 - 1.2 * roast + rng.normal(0, 1.1, n),
            "bitterness": 2 + 1.5 * roast + rng.normal(0, 1.4, n),
            "moisture": rng.normal(10, 2, n),
            "roast": [ROASTS[k] for k in roast],
        }
    )
    features = ["acidity", "bitterness", "moisture"]
    model = LogisticRegression(max_iter=500).fit(frame[features], frame["roast"])
    return host_from_model(
        model, frame, name="coffee roast", target="roast", instance_noun="batch", id_column="batch", seed=0
    )


def _own_recall(host, label: str, group=None) -> float:
    """The recall of `label` read off the host's own confusion matrix (rows recorded, columns predicted)."""
    scored = host.performance("confusion_matrix", group)
    k = scored.labels.index(label)
    return scored.confusion_matrix[k][k] / sum(scored.confusion_matrix[k])


def _turns(host, router, *texts):
    return asyncio.run(talk(host, router, *texts))


# ---- 1. demo: the recall, precision and f1 of a named label ---------------------------------------------------


def test_the_recall_for_the_label_named_is_that_labels(demo_host, router):
    (turn,) = _turns(demo_host, router, "what is the recall for stable?")
    assert calls(turn) == [("get_model_performance", {"metric": "recall", "label": "stable"})]
    value = turn.calls[0].output["value"]
    assert value == pytest.approx(_own_recall(demo_host, "stable"))
    assert value != pytest.approx(demo_host.performance("recall").value)  # the positive label's, not asked
    assert "for the label stable" in turn.reply


@pytest.mark.parametrize(
    ("text", "metric", "label"),
    [
        ("what's the precision of the stable class?", "precision", "stable"),
        ("f1 score for progressing please", "f1", "progressing"),
        ("how good is it at catching stable patients?", "all", "stable"),
    ],
)
def test_a_metric_of_a_label_on_the_demo(demo_host, router, text, metric, label):
    (turn,) = _turns(demo_host, router, text)
    assert calls(turn) == [("get_model_performance", {"metric": metric, "label": label})]


def test_a_follow_up_keeps_the_label_or_names_another(demo_host, router):
    first, second, third = _turns(
        demo_host, router, "what is the recall for stable?", "and the f1?", "and the precision for progressing?"
    )
    assert calls(second) == [("get_model_performance", {"metric": "f1", "label": "stable"})]
    assert calls(third) == [("get_model_performance", {"metric": "precision", "label": "progressing"})]


def test_the_other_class_swaps_the_label(demo_host, router):
    _, turn = _turns(demo_host, router, "what is the recall for stable?", "same for the other class")
    assert calls(turn) == [("get_model_performance", {"metric": "recall", "label": "progressing"})]


# ---- 2. three labels: a named label's metric, not the macro average --------------------------------------------


def test_the_recall_of_one_of_three_labels_is_not_the_macro_average(roast_host, router):
    (turn,) = _turns(roast_host, router, "what is the recall for dark?")
    assert calls(turn) == [("get_model_performance", {"metric": "recall", "label": "dark"})]
    value = turn.calls[0].output["value"]
    assert value == pytest.approx(_own_recall(roast_host, "dark"))
    assert value != pytest.approx(roast_host.performance("recall").value)
    assert "macro" not in turn.reply and "dark" in turn.reply


def test_every_metric_of_one_label_says_which(roast_host):
    result = PERFORMANCE(roast_host, {"metric": "all", "label": "light"})
    assert result.label == "light" and set(result.metrics) == {"accuracy", "precision", "recall", "f1"}
    assert "recall for the label light" in result.render()
    assert result.metrics["recall"] == pytest.approx(_own_recall(roast_host, "light"))


def test_a_per_label_auc_of_three_labels_is_refused_plainly(roast_host):
    with pytest.raises(ArgumentError, match="not measured per label"):
        PERFORMANCE(roast_host, {"metric": "roc_auc", "label": "dark"})


def test_an_unknown_label_names_the_valid_ones(roast_host):
    with pytest.raises(ArgumentError, match="unknown label") as caught:
        PERFORMANCE(roast_host, {"metric": "recall", "label": "espresso"})
    assert caught.value.valid == "one of dark, light or medium"  # listed as every refusal lists


def test_a_label_undefined_on_a_group_says_so(demo_host):
    """Scored on the patients recorded progressing, stable's recall has no row to count."""
    with pytest.raises(ArgumentError, match="recall of stable is undefined"):
        PERFORMANCE(demo_host, {"metric": "recall", "group": "label = progressing", "label": "stable"})


def test_a_metric_naming_no_label_after_a_class_group_scores_that_class(demo_host, router):
    """ "what is the recall?" after a question on the stable patients is stable's recall on the held-out split (ux49):
    within the stable patients alone, the default label's recall has no row to count and answers nothing asked."""
    _, turn = _turns(demo_host, router, "how accurate is it on the stable patients?", "what is the recall?")
    assert calls(turn) == [("get_model_performance", {"metric": "recall", "label": "stable"})]
    assert "stable" in turn.reply and "undefined" not in turn.reply


# ---- 3. global explanations of a named label ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host_name", "text", "label"),
    [
        ("roast_host", "which features matter most for dark?", "dark"),
        ("roast_host", "what pushes the model towards a light roast in general?", "light"),
        ("demo_host", "which features matter most for progressing?", "progressing"),
        ("demo_host", "what drives the model towards stable overall?", "stable"),
        ("sentiment_host", "which words matter most for negative reviews?", "negative"),
    ],
)
def test_an_importance_question_for_a_label_explains_that_label(request, router, host_name, text, label):
    host = request.getfixturevalue(host_name)
    (turn,) = _turns(host, router, text)
    assert calls(turn) == [("get_global_explanation", {"label": label})]
    assert turn.calls[0].output["label"] == label


def test_the_label_explained_changes_the_ranking_on_three_labels(roast_host):
    dark, light = (GLOBAL(roast_host, {"label": x}) for x in ("dark", "light"))
    assert (dark.label, light.label) == ("dark", "light")
    assert [i.mean_contribution for i in dark.importances] != [i.mean_contribution for i in light.importances]


def test_an_importance_question_about_an_instance_stays_local(demo_host, router):
    (turn,) = _turns(demo_host, router, "which features matter most for progressing in patient 12?")
    assert [name for name, _ in calls(turn)] == ["get_local_explanation"]


# ---- 4. a label named with a noun for instances is a group; both readings are offered where they differ --------


def test_accuracy_for_a_labels_instances_scores_that_group(roast_host, router):
    (turn,) = _turns(roast_host, router, "how accurate is it for dark roasts?")
    assert calls(turn) == [("get_model_performance", {"metric": "accuracy", "group": "label = dark"})]
    # the accuracy on the instances recorded dark is dark's recall
    assert turn.calls[0].output["value"] == pytest.approx(_own_recall(roast_host, "dark"))


def test_accuracy_of_a_label_is_the_accuracy_on_its_instances(roast_host):
    by_label = PERFORMANCE(roast_host, {"metric": "accuracy", "label": "medium"})
    assert by_label.group == "label = medium"
    assert by_label.value == pytest.approx(_own_recall(roast_host, "medium"))


def test_a_precision_on_a_labels_instances_asks_which_reading(demo_host, router):
    text = "what is the precision on the stable patients?"
    (asked,) = _turns(demo_host, router, text)
    assert asked.reply.startswith(READINGS_PREFIX) and not calls(asked)
    assert "precision of stable" in asked.reply and "patients recorded stable" in asked.reply
    _, first = _turns(demo_host, router, text, "1")
    assert calls(first) == [("get_model_performance", {"metric": "precision", "label": "stable"})]
    _, second = _turns(demo_host, router, text, "the second")
    assert calls(second) == [("get_model_performance", {"metric": "precision", "group": "label = stable"})]


@pytest.mark.parametrize("host_name", ["demo_host", "roast_host"])
def test_a_recall_on_a_labels_instances_is_that_labels_recall(request, router, host_name):
    """On the instances recorded X, a recall is X's own (or undefined): one reading, nothing to ask."""
    host = request.getfixturevalue(host_name)
    label = host.schema().class_names[0]
    noun = host.schema().instance_noun
    (turn,) = _turns(host, router, f"what is the recall on the {label} {noun}s?")
    assert calls(turn) == [("get_model_performance", {"metric": "recall", "label": label})]
    assert turn.calls[0].output["value"] == pytest.approx(_own_recall(host, label))


# ---- sentiment: the label words positive / negative --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("what is the precision for negative?", {"metric": "precision", "label": "negative"}),
        ("recall of the positive class", {"metric": "recall", "label": "positive"}),
    ],
)
def test_a_metric_of_a_sentiment_label(sentiment_host, router, text, arguments):
    (turn,) = _turns(sentiment_host, router, text)
    assert calls(turn) == [("get_model_performance", arguments)]


@pytest.mark.parametrize(
    "text",
    [
        "what is the true positive rate?",  # a metric's name, no label
        "why not positive?",  # a label wanted, not a label scored
        "how many are predicted negative?",  # a group condition
    ],
)
def test_a_label_named_otherwise_is_no_scored_label(sentiment_host, text):
    from simxai.extraction import extract_argument

    assert extract_argument("label", text, sentiment_host.schema(), "get_model_performance") is None


# ---- the guard: a per-label metric against that label's value ---------------------------------------------------


def test_the_guard_flags_a_reply_that_swaps_two_labels_recall(demo_host):
    stable, progressing = (PERFORMANCE(demo_host, {"metric": "recall", "label": x}) for x in ("stable", "progressing"))
    outputs = [result_payload(stable), result_payload(progressing)]
    vocabulary = Vocabulary.for_schema(demo_host.schema())
    s, p = f"{stable.value:.3f}", f"{progressing.value:.3f}"
    assert s != p
    faithful = f"The recall for stable is {s} and for progressing {p}."
    swapped = f"The recall for stable is {p} and for progressing {s}."
    assert check_claims(faithful, outputs, vocabulary=vocabulary).passed
    assert not check_claims(swapped, outputs, vocabulary=vocabulary).passed
    assert not check_claims(f"Stable's recall is {p}.", outputs, vocabulary=vocabulary).passed


def test_the_guard_flags_the_default_recall_given_as_the_other_labels(demo_host):
    """A two-label result of no label is the positive label's recall: said of stable, it is unsupported."""
    default = PERFORMANCE(demo_host, {"metric": "recall"})
    outputs = [result_payload(default)]
    vocabulary = Vocabulary.for_schema(demo_host.schema())
    value = f"{default.value:.3f}"
    assert check_claims(f"The recall for progressing is {value}.", outputs, vocabulary=vocabulary).passed
    assert not check_claims(f"The recall for stable is {value}.", outputs, vocabulary=vocabulary).passed


def test_the_guard_flags_a_macro_average_given_as_one_labels(roast_host):
    macro = PERFORMANCE(roast_host, {"metric": "recall"})
    outputs = [result_payload(macro)]
    vocabulary = Vocabulary.for_schema(roast_host.schema())
    value = f"{macro.value:.3f}"
    assert check_claims(f"The macro-averaged recall is {value}.", outputs, vocabulary=vocabulary).passed
    assert not check_claims(f"The recall for dark is {value}.", outputs, vocabulary=vocabulary).passed


# ---- the specs and the page ------------------------------------------------------------------------------------


def test_the_tools_offer_the_hosts_labels_for_both_functions(demo_host):
    from simxai.agent import Agent
    from simxai.backends.testing import ScriptedBackend

    tools = {t["function"]["name"]: t["function"] for t in Agent(demo_host, ScriptedBackend()).tools}
    for name in ("get_model_performance", "get_global_explanation"):
        label = tools[name]["parameters"]["properties"]["label"]
        assert label["enum"] == ["stable", "progressing"] and "label" not in tools[name]["parameters"]["required"]
