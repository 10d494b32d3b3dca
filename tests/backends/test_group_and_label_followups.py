"""Follow-ups that moved to the wrong question, and one sentence said twice (polish13, found as a user).

- A group said after a question about one instance ("why is patient 12 predicted stable?" -> "what about people
  under 25?") is that question on the group, not the data card; a function that answers for one instance at a
  time asks which one, in words (not its own name), and the answer completes it.
- A metric said as a verb of the model ("how well does it recall stable cases?", "does it catch blighted
  trees?") is that label's, not the positive label's or the macro average.
- A group said after a label's metric keeps the label; "for blighted?" after the importances is that label's.
- "already predicts X; nothing needs to change" has one source: the result's note and its rendering agree.

Each runs through the engine with the offline router on the demo host and on a seeded orchard host built here
(three labels, feature aliases, a string category one-hot encoded in a `Pipeline` before a HistGradientBoosting
model, an id column), so no name of the demo is needed. The phrasings are our own.
"""

from __future__ import annotations

import asyncio
import re

import numpy as np
import pandas as pd
import pytest

from simxai.backends.router import RouterBackend
from simxai.followup_subject import ONE_INSTANCE_FUNCTIONS
from simxai.functions import default_registry
from simxai.results import CounterfactualResult

from .routing import calls, talk

REGISTRY = default_registry()


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.fixture(scope="module")
def orchard():
    """Fruit trees rated healthy, wilting or blighted by a Pipeline (one-hot soil, HistGradientBoosting)."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder

    from simxai.hosts import host_from_model

    rng = np.random.default_rng(3)
    n = 400
    frame = pd.DataFrame(
        {
            "tree_id": np.arange(5001, 5001 + n),
            "trunk_girth": np.round(rng.normal(60, 15, n), 1),
            "leaf_moisture": np.round(rng.uniform(20, 90, n), 1),
            "age_years": rng.integers(2, 40, n),
            "soil": rng.choice(["clay", "loam", "sand"], n),
            "rainfall": np.round(rng.normal(700, 150, n)),
        }
    )
    vigour = (frame.leaf_moisture - 50) / 15 + (frame.soil == "loam") - 0.8 * (frame.soil == "sand")
    vigour = vigour + rng.normal(0, 0.8, n)
    frame["health"] = np.where(vigour > 0.6, "healthy", np.where(frame.age_years > 22, "blighted", "wilting"))
    features = ["trunk_girth", "leaf_moisture", "age_years", "soil", "rainfall"]
    encode = ColumnTransformer([("soil", OneHotEncoder(), ["soil"])], remainder="passthrough")
    model = Pipeline([("encode", encode), ("boost", HistGradientBoostingClassifier(max_iter=40, random_state=0))])
    train = frame.sample(frac=0.75, random_state=0)
    model.fit(train[features], train.health)
    test = frame.tree_id[~frame.tree_id.isin(train.tree_id)]
    return host_from_model(
        model,
        frame,
        name="orchard health",
        target="health",
        instance_noun="tree",
        id_column="tree_id",
        test_ids=test,
        feature_aliases={"trunk_girth": ["girth"], "leaf_moisture": ["moisture"]},
    )


def _turns(host, router, *texts):
    return asyncio.run(talk(host, router, *texts))


def _predicted(host, low: int, label: str) -> int:
    """The first id from `low` on that the model predicts `label` for."""
    high = host.schema().id_range[1]
    return next(i for i in range(low, high + 1) if host.predict(host.resolve(i)).label == label)


def _recall(host, label: str) -> float:
    scored = host.performance("confusion_matrix")
    k = scored.labels.index(label)
    return scored.confusion_matrix[k][k] / sum(scored.confusion_matrix[k])


# ---- 1. a group after a question about one instance -------------------------------------------------------


def test_a_group_after_an_instance_explanation_explains_the_group(demo_host, orchard, router):
    _, moved = _turns(demo_host, router, "why is patient 12 predicted stable?", "what about people under 25?")
    assert calls(moved) == [("get_local_explanation", {"instance": "age < 25"})]
    assert "19 patients with age < 25" in moved.reply
    tree = _predicted(orchard, 5001, "healthy")
    _, moved = _turns(orchard, router, f"why is tree {tree} rated healthy?", "and for the trees older than 30?")
    assert calls(moved) == [("get_local_explanation", {"instance": "age_years > 30"})]


def test_a_group_after_a_what_if_makes_the_same_change_to_the_group(demo_host, orchard, router):
    _, moved = _turns(demo_host, router, "what if patient 12 had bmi 30?", "what about those under 25?")
    assert calls(moved) == [("explain_what_if", {"changes": {"bmi": 30}, "instance": "age < 25"})]
    _, moved = _turns(orchard, router, "what if tree 5010 had leaf_moisture 30?", "and for trees on sand?")
    assert calls(moved) == [("explain_what_if", {"changes": {"leaf_moisture": 30}, "instance": "soil = sand"})]
    _, moved = _turns(orchard, router, "what if tree 5010 were on sand?", "what about those on loam?")
    assert calls(moved) == [("explain_what_if", {"changes": {"soil": "sand"}, "instance": "soil = loam"})]


def test_a_group_after_a_counterfactual_asks_which_one_in_words_and_the_answer_completes_it(demo_host, orchard, router):
    stable = _predicted(demo_host, 3, "progressing")
    _, asked, answered = _turns(
        demo_host,
        router,
        f"what would patient {stable} need to change to be stable?",
        "what about people over 60?",
        "patient 40",
    )
    assert not calls(asked) and asked.clarification is not None
    assert "one patient at a time" in asked.reply and "explain_how_to_be_that" not in asked.reply.lower()
    assert calls(answered) == [("explain_how_to_be_that", {"target_label": "stable", "instance": 40})]
    tree = _predicted(orchard, 5001, "wilting")
    _, asked = _turns(orchard, router, f"how could tree {tree} become healthy?", "what about the trees on loam?")
    assert not calls(asked) and "one tree at a time" in asked.reply and "'soil = loam'" in asked.reply


def test_another_instance_or_a_question_of_its_own_is_no_group_follow_up(demo_host, router):
    _, other = _turns(demo_host, router, "why is patient 12 predicted stable?", "what about patient 20?")
    assert [(f, a.get("instance")) for f, a in calls(other)] == [("get_local_explanation", 20)]
    _, own = _turns(demo_host, router, "why is patient 12 predicted stable?", "and how many patients are over 60?")
    assert all(a.get("instance") != "age > 60" or f != "get_local_explanation" for f, a in calls(own))


def test_the_functions_said_to_answer_one_instance_at_a_time_are_those_that_refuse_a_group(demo_host):
    refusing = set()
    for name in REGISTRY.names():
        spec = REGISTRY.get(name).spec
        if "instance" not in [p.name for p in spec.parameters]:
            continue
        arguments = {"instance": "age > 60", **({"changes": {"bmi": 30}} if name == "explain_what_if" else {})}
        try:
            REGISTRY.get(name)(demo_host, arguments)
        except Exception as exc:  # noqa: BLE001 - which functions refuse is what is measured
            assert "needs one instance" in str(exc)
            refusing.add(name)
    assert refusing == ONE_INSTANCE_FUNCTIONS


# ---- 2. a metric said as a verb of the model ----------------------------------------------------------------


def test_a_metric_said_as_a_verb_is_the_named_labels(demo_host, orchard, router):
    (turn,) = _turns(demo_host, router, "how well does it recall stable cases?")
    assert calls(turn) == [("get_model_performance", {"metric": "recall", "label": "stable"})]
    assert turn.calls[0].output["value"] == pytest.approx(_recall(demo_host, "stable"))
    (turn,) = _turns(orchard, router, "how well does the model recall wilting trees?")
    assert calls(turn) == [("get_model_performance", {"metric": "recall", "label": "wilting"})]
    assert turn.calls[0].output["value"] == pytest.approx(_recall(orchard, "wilting"))
    assert turn.calls[0].output["value"] != pytest.approx(orchard.performance("recall").value)
    (turn,) = _turns(orchard, router, "does the model catch blighted trees?")
    assert [(f, a.get("label")) for f, a in calls(turn)] == [("get_model_performance", "blighted")]


# ---- 3. a label kept when a group follows, and a label alone after the importances -------------------------


def test_a_group_after_a_labels_metric_keeps_the_label(demo_host, orchard, router):
    _, moved = _turns(demo_host, router, "what is the recall for stable?", "what about patients over 60?")
    assert calls(moved) == [("get_model_performance", {"metric": "recall", "label": "stable", "group": "age > 60"})]
    _, moved = _turns(orchard, router, "what is the precision for wilting?", "what about trees on sand?")
    assert calls(moved) == [
        ("get_model_performance", {"metric": "precision", "label": "wilting", "group": "soil = sand"})
    ]


def test_a_label_alone_after_the_importances_is_that_labels_importances(demo_host, orchard, router):
    _, turn = _turns(demo_host, router, "which features matter most?", "for stable?")
    assert calls(turn) == [("get_global_explanation", {"label": "stable"})]
    _, turn = _turns(orchard, router, "what does the model rely on most?", "for blighted?")
    assert calls(turn) == [("get_global_explanation", {"label": "blighted"})]


# ---- 4. "already predicts": one sentence, from one place ----------------------------------------------------


def test_already_predicted_is_one_sentence_from_one_source(demo_host, orchard, sentiment_host, router):
    label = demo_host.predict(demo_host.resolve(41)).label
    (turn,) = _turns(demo_host, router, f"how could patient 41 become {label}?")
    result = REGISTRY.get("explain_how_to_be_that")(demo_host, {"instance": 41, "target_label": label})
    assert result.note == result.render() == turn.reply
    assert turn.reply.count("already predicts") == 1
    tree = _predicted(orchard, 5001, "healthy")
    (turn,) = _turns(orchard, router, f"why is tree {tree} not healthy?")
    assert turn.reply.count("already predicts healthy") <= 1
    for host, instance in ((orchard, tree), (sentiment_host, 0)):
        subject = host.resolve(instance)
        current = host.predict(subject).label
        result = host.counterfactuals(subject, current, 1, "why_not")
        assert isinstance(result, CounterfactualResult) and not result.found
        # a why-not of the label it has: said plainly, with the question that asks for its explanation
        assert result.note == result.render() and "there is no other label to explain" in result.render()
        assert f"why does the model predict {current} for {subject.description}?" in result.render()


# ---- 5. a question about the one prediction in focus, and the instances of a class --------------------------


@pytest.mark.parametrize("text", ["is that right?", "how sure is the model?", "so was that prediction wrong?"])
def test_a_question_about_the_prediction_in_focus_is_its_prediction(demo_host, orchard, router, text):
    _, turn = _turns(demo_host, router, "why is patient 20 predicted stable?", text)
    assert calls(turn) == [("get_prediction", {"instance": 20})]
    assert "recorded label" in turn.reply
    what_if, turn = _turns(orchard, router, "what if tree 5010 had leaf_moisture 30?", text)
    if text.startswith("how sure"):  # the changed tree's probabilities, which the what-if states
        assert (
            calls(turn) == calls(what_if) == [("explain_what_if", {"instance": 5010, "changes": {"leaf_moisture": 30}})]
        )
    else:  # whether the model is right: the tree as it is, beside its recorded label
        assert calls(turn) == [("get_prediction", {"instance": 5010})]


def test_without_one_instance_in_focus_correctness_is_no_ones_prediction(demo_host, router):
    _, turn = _turns(demo_host, router, "how accurate is the model?", "is it accurate?")
    assert [f for f, _ in calls(turn)] == ["get_model_performance"]
    _, turn = _turns(demo_host, router, "what is the prediction for patient 20?", "how accurate is the model overall?")
    assert [f for f, _ in calls(turn)] == ["get_model_performance"]


def test_which_instances_have_a_class_lists_the_predicted_group(demo_host, orchard, router):
    (turn,) = _turns(demo_host, router, "which patients are progressing?")
    assert calls(turn) == [("get_prediction", {"instance": "prediction = progressing"})]
    (turn,) = _turns(orchard, router, "which trees are blighted?")
    assert calls(turn) == [("get_prediction", {"instance": "prediction = blighted"})]


# ---- 6. a new instance described by its values is predicted, never a what-if on the instance in focus --------


def test_a_new_instance_described_by_its_values_is_predicted_not_changed(demo_host, orchard, router):
    _, turn = _turns(
        orchard,
        router,
        "how many of the trees on clay are predicted healthy?",
        "whats the prediction for a tree with girth 50, moisture 40, age 30, soil sand, rainfall 600?",
    )
    described = {"trunk_girth": 50, "leaf_moisture": 40, "age_years": 30, "soil": "sand", "rainfall": 600}
    assert calls(turn) == [("get_prediction", {"instance": described})]
    described = "whats the prediction for a patient with bmi 30, age 50 and glucose 120?"
    _, turn = _turns(demo_host, router, "show me patient 20", described)
    assert [(c.function, c.arguments.get("instance")) for c in turn.calls] == [
        ("get_prediction", {"bmi": 30, "age": 50, "glucose": 120})
    ]
    _, turn = _turns(orchard, router, "show me tree 5010", "what if it had girth 50 and soil sand?")
    assert [f for f, _ in calls(turn)] == ["explain_what_if"]  # a supposition about the tree in focus stays one


# ---- 7. the answer to "which metric?" that names a label and a group; how the model works -----------------


def test_an_answer_to_which_metric_keeps_the_label_and_group_it_names(demo_host, orchard, router):
    asked, answered = _turns(orchard, router, "which trees does it get wrong?", "the precision for blighted on loam")
    assert asked.clarification is not None and "metric" in asked.reply
    assert calls(answered) == [
        ("get_model_performance", {"metric": "precision", "label": "blighted", "group": "soil = loam"})
    ]
    asked, answered = _turns(
        demo_host, router, "which patients does it get wrong?", "recall for stable among those over 60"
    )
    assert asked.clarification is not None
    assert calls(answered) == [("get_model_performance", {"metric": "recall", "label": "stable", "group": "age > 60"})]


def test_how_the_model_works_is_the_model_card(demo_host, orchard, router):
    for host in (demo_host, orchard):
        (turn,) = _turns(host, router, "how does the model work?")
        assert calls(turn) == [("get_model_information", {})]
        (turn,) = _turns(host, router, "does the model work well?")  # how well: its performance
        assert [c.function for c in turn.calls] == ["get_model_performance"]


# ---- 8. a bare number that is no id after a what-if that set a value ---------------------------------------


def test_a_bare_number_that_is_no_id_sets_the_value_again(demo_host, orchard, router):
    _, _, again = _turns(orchard, router, "predict tree 5077", "what if its moisture were 80?", "and 70?")
    assert calls(again) == [("explain_what_if", {"changes": {"leaf_moisture": 70}, "instance": 5077})]
    _, again = _turns(demo_host, router, "what if patient 77 had bmi 30?", "and 500?")
    assert [(c.function, c.arguments) for c in again.calls] == [
        ("explain_what_if", {"changes": {"bmi": 500}, "instance": 77})
    ]  # no patient 500: the value, which the engine checks against the data's range
    _, both = _turns(demo_host, router, "what if patient 77 had bmi 30?", "and 35?")
    assert not both.calls and "two ways" in both.reply  # an id and a value in range: asked, as before


# ---- 9. a group's predictions: the commonest first, "most" only for a majority, and the guard agrees --------


def test_a_groups_prediction_names_the_commonest_first_and_passes_the_guard(demo_host, orchard, router):
    (turn,) = _turns(demo_host, router, "what does the model predict for patients over 60?")
    output = turn.calls[0].output
    counts = output["label_counts"]
    top = max(counts, key=counts.get)
    assert f"the model predicts {counts[top]} {top}," in turn.reply and turn.faithfulness.passed
    (turn,) = _turns(orchard, router, "what does the model predict for trees on loam?")
    counts = turn.calls[0].output["label_counts"]
    ranked = sorted(counts.values(), reverse=True)
    said = [int(n) for n in re.findall(r"(\d+) (?:blighted|healthy|wilting)", turn.reply.split(".")[0])]
    assert said == ranked and turn.faithfulness.passed


def test_most_is_said_only_of_a_majority(demo_host):
    from simxai.results import PredictionResult

    subject = demo_host.resolve("age > 60")
    split = PredictionResult(
        subject=subject,
        label="a",
        probabilities={"a": 0.4, "b": 0.35, "c": 0.25},
        label_counts={"b": 9, "a": 10, "c": 5},
    )
    assert "the model predicts 10 a, 9 b, 5 c" in split.render()
    assert "Most are" not in split.render() and "under half" in split.render()
    clear = split.model_copy(update={"label_counts": {"a": 20, "b": 3, "c": 1}})
    assert "Most are predicted a" in clear.render()


def test_what_should_i_ask_lists_the_questions(demo_host, orchard, router):
    for host in (demo_host, orchard):
        (turn,) = _turns(host, router, "what should i ask?")
        assert not turn.calls and "Try " in turn.reply
