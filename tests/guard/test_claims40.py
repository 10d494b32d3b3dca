"""The guard's claims-40 recall work (helper guard41), on an invented host of this file's own: a pottery's glaze
firings (classes `glossy` / `crawled` / `pinholed`, features glaze_thickness_mm, cone and clay_body, instance noun
"pot"), and the same pottery's shelf check (`approved` / `rejected`) for a class said by its noun ("approval").

- a model family said in prose against a model card that names a family scikit-learn spells its own way
  (ExtraTrees, one ExtraTree, NuSVC, RidgeClassifier, QuadraticDiscriminantAnalysis);
- the class a global explanation ranks for, said with "for X", "explaining X", "the X verdict" or "(label X, n=...)";
- the recorded class said by a keeper of the record the guard did not know ("the shelf survey said"), or graded or
  agreed by one ("rack graded it X", "Loft agreed: X").
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.guard import Vocabulary, check_claims

POTTERY = Vocabulary(
    labels=["glossy", "crawled", "pinholed"],
    features=["glaze_thickness_mm", "cone", "clay_body"],
    aliases={"glaze_thickness_mm": ["glaze thickness"], "clay_body": ["clay"]},
    instance_noun="pot",
)
KILN = Vocabulary(
    labels=["approved", "rejected"],
    features=["glaze_thickness_mm", "cone", "clay_body"],
    aliases={"glaze_thickness_mm": ["glaze thickness"], "clay_body": ["clay"]},
    instance_noun="pot",
)


def _card(description: str, model_type: str = "Pipeline(StandardScaler → CalibratedClassifierCV)") -> dict[str, Any]:
    return {
        "kind": "model_information",
        "name": "glaze firings",
        "model_type": model_type,
        "description": description,
        "hyperparameters": {},
        "training": "Fitted on 160 of the 200 invented pots; the other 40 are held out.",
        "strengths": [],
        "limitations": ["Invented pots, made up for testing."],
    }


def _global(label: str) -> dict[str, Any]:
    return {
        "kind": "global_explanation",
        "label": label,
        "method": "SHAP KernelExplainer",
        "n_samples": 40,
        "importances": [
            {"feature": "glaze_thickness_mm", "importance": 0.21, "mean_contribution": 0.04},
            {"feature": "cone", "importance": 0.12, "mean_contribution": -0.02},
            {"feature": "clay_body", "importance": 0.05, "mean_contribution": 0.01},
        ],
    }


def _verdict(reply: str, outputs: list[dict[str, Any]], vocabulary: Vocabulary = POTTERY) -> tuple[bool, list[str]]:
    report = check_claims(reply, outputs, vocabulary=vocabulary)
    return report.passed, list(report.unsupported)


ENSEMBLE = _card(
    "scikit-learn ExtraTreesClassifier, 60 extremely randomized trees, depth at most 5.", "ExtraTreesClassifier"
)
ONE_TREE = _card(
    "scikit-learn ExtraTreeClassifier: one extremely randomized tree, depth at most 5.", "ExtraTreeClassifier"
)
NU = _card("scikit-learn NuSVC (RBF kernel, nu 0.4) after a StandardScaler, Platt-scaled over 5 folds.")
RIDGE = _card("scikit-learn RidgeClassifier (alpha 2) on standardized columns, Platt-scaled by a sigmoid.")
QDA = _card("scikit-learn QuadraticDiscriminantAnalysis (reg_param 0.2) on standardized columns.", "Pipeline")


@pytest.mark.parametrize(
    ("reply", "card"),
    [
        ("The kiln model is a random forest of 60 trees, depth at most 5.", ENSEMBLE),
        ("It is a forest of extremely randomized trees, depth at most 5.", ONE_TREE),
        ("Under the hood: a gradient-boosted ensemble of trees after a StandardScaler.", NU),
        ("The model is a gradient-boosted tree ensemble whose scores pass through a sigmoid.", RIDGE),
        ("The model is a linear discriminant analysis on standardized columns.", QDA),
    ],
)
def test_a_family_said_against_a_card_in_scikit_learns_own_names_is_checked(reply: str, card: dict[str, Any]) -> None:
    passed, unsupported = _verdict(reply, [card])
    assert not passed
    assert any(u.startswith("model family ") for u in unsupported)


@pytest.mark.parametrize(
    ("reply", "card"),
    [
        ("An extra-trees ensemble: 60 extremely randomized trees, depth at most 5.", ENSEMBLE),
        ("It is a forest of 60 extremely randomized trees, at most 5 deep.", ENSEMBLE),
        ("It is one randomized decision tree, at most 5 deep.", ONE_TREE),
        ("A support vector machine (a nu-SVM) after a scaler, Platt-scaled over 5 folds.", NU),
        ("A ridge classifier on standardized columns, its scores Platt-scaled.", RIDGE),
        ("A quadratic discriminant analysis on standardized columns.", QDA),
    ],
)
def test_the_right_family_in_other_words_passes(reply: str, card: dict[str, Any]) -> None:
    passed, unsupported = _verdict(reply, [card])
    assert passed, unsupported


@pytest.mark.parametrize(
    "reply",
    [
        "Global ranking for glossy: glaze thickness, then cone, then clay.",
        "Over 40 sampled pots, for the glossy class the biggest factor is glaze thickness (0.21).",
        "What drives the pinholed verdict across the shelf? Glaze thickness first (0.21), then cone.",
        "Globally (label glossy, 40 pots): glaze thickness leads at 0.21.",
        "Q. Which columns matter most for glossy? A. Glaze thickness, 0.21, then cone, 0.12.",
    ],
)
def test_a_global_ranking_said_of_another_class_is_a_swapped_label(reply: str) -> None:
    passed, unsupported = _verdict(reply, [_global("crawled")])
    assert not passed
    assert any(u.startswith("explained label ") for u in unsupported)


def test_a_class_said_by_its_noun_names_the_explained_class() -> None:
    reply = "Explaining approval over 40 pots, glaze thickness weighs most (0.21)."
    passed, unsupported = _verdict(reply, [_global("rejected")], KILN)
    assert not passed
    assert "explained label approved" in unsupported
    passed, unsupported = _verdict(reply.replace("approval", "rejection"), [_global("rejected")], KILN)
    assert passed, unsupported


@pytest.mark.parametrize(
    "reply",
    [
        "Global ranking for crawled: glaze thickness, then cone, then clay.",
        "Over 40 pots, what drives the crawled verdict is glaze thickness (0.21), then cone (0.12).",
        # a class after a word of direction is where a feature pushes, not the class explained
        "For crawled, glaze thickness matters most (0.21); on average it pushes towards the glossy class.",
        "Over 40 pots glaze thickness leads (0.21); on average a thick glaze counts for glossy.",
    ],
)
def test_the_explained_class_or_a_direction_passes(reply: str) -> None:
    _, unsupported = _verdict(reply, [_global("crawled")])
    assert not any(u.startswith("explained label ") for u in unsupported), unsupported


def test_for_a_class_is_not_read_beside_a_prediction() -> None:
    prediction = {
        "kind": "prediction",
        "subject": {
            "kind": "row",
            "description": "pot 41",
            "id": 41,
            "values": {"glaze_thickness_mm": 0.8, "cone": 6, "clay_body": "stoneware"},
            "text": None,
            "condition": None,
            "size": 1,
            "ids": None,
            "nouns": None,
        },
        "label": "crawled",
        "probabilities": {"crawled": 0.6, "glossy": 0.3, "pinholed": 0.1},
        "label_counts": None,
        "true_label": None,
    }
    _, unsupported = _verdict("Pot 41: 30 % for glossy, 60 % crawled.", [prediction, _global("crawled")])
    assert not any(u.startswith("explained label ") for u in unsupported)


def _pot_prediction(label: str, recorded: str) -> dict[str, Any]:
    return {
        "kind": "prediction",
        "subject": {
            "kind": "row",
            "description": "pot 77",
            "id": 77,
            "values": {"glaze_thickness_mm": 0.6, "cone": 6, "clay_body": "porcelain"},
            "text": None,
            "condition": None,
            "size": 1,
            "ids": None,
            "nouns": None,
        },
        "label": label,
        "probabilities": {label: 0.7, "glossy" if label != "glossy" else "crawled": 0.3},
        "label_counts": None,
        "true_label": recorded,
    }


@pytest.mark.parametrize(
    "sentence",
    [
        "The shelf survey said {x}.",
        "Pot 77: crawled, 0.7. Rack graded it {x} too.",
        "Pot 77: crawled at 0.7. Loft agreed: {x}.",
    ],
)
def test_a_keeper_of_the_record_states_the_recorded_class(sentence: str) -> None:
    outputs = [_pot_prediction("crawled", "crawled")]
    passed, unsupported = _verdict(sentence.format(x="crawled"), outputs)
    assert passed, unsupported
    passed, unsupported = _verdict(sentence.format(x="glossy"), outputs)
    assert not passed
    assert "recorded label glossy" in unsupported
