"""Wording found on invented three-label glaze-firing hosts (newuser41).

A prediction whose label ties with another says it is a tie and whose tie-break chose it: with a forest of 40
trees (probabilities are vote shares) a what-if answered "the prediction stays crawled (...; after: crawled 50.0%,
crazed 0.0%, perfect 50.0%)", as if the model still preferred crawled. And the attributions of a multi-class
boosting model, in its raw score, said only "the model's own score", which a newcomer cannot read.
"""

from __future__ import annotations

from simxai.results import Attribution, Change, LocalExplanationResult, PredictionResult, Subject, WhatIfResult

TIED = {"crawled": 0.5, "crazed": 0.0, "perfect": 0.5}
SUBJECT = Subject(kind="row", description="firing 5023", id=5023)


def test_a_tied_prediction_names_the_tie_and_the_tie_break():
    reply = PredictionResult(subject=SUBJECT, label="crawled", probabilities=TIED).render()
    assert reply == (
        "The model predicts crawled for firing 5023 (probabilities: crawled 50.0%, crazed 0.0%, perfect 50.0%). "
        "It is a tie: crawled and perfect have 50.0% each; the model's own tie-break gives crawled."
    )


def test_a_what_if_that_ends_in_a_tie_says_so():
    reply = WhatIfResult(
        subject=SUBJECT,
        changes=[Change(feature="kiln_temp_c", old=1237.6, new=1300)],
        old_label="crawled",
        old_probabilities={"crawled": 0.625, "crazed": 0.0, "perfect": 0.375},
        new_label="crawled",
        new_probabilities=TIED,
    ).render()
    assert "the prediction stays crawled" in reply
    assert reply.endswith("It is a tie: crawled and perfect have 50.0% each; the model's own tie-break gives crawled.")


def test_a_clear_prediction_says_nothing_of_ties():
    clear = {"crawled": 0.55, "crazed": 0.0, "perfect": 0.45}
    assert "It is a tie" not in PredictionResult(subject=SUBJECT, label="crawled", probabilities=clear).render()


def test_attributions_in_a_multi_class_raw_score_say_what_that_score_is():
    reply = LocalExplanationResult(
        subject=SUBJECT,
        label="crawled",
        predicted_label="crawled",
        probability=0.436,
        base_value=-0.19,
        output=1.3,
        output_space="score",
        method="exact path-dependent TreeSHAP",
        attributions=[Attribution(feature="glaze", value="shino", contribution=1.87)],
    ).render()
    assert reply.endswith(
        "The contributions are in the model's own score for crawled, its raw score before the scores of all the "
        "labels become probabilities; positive values favour crawled. From a base value of -0.19 they add up to 1.3. "
        "Method: exact path-dependent TreeSHAP."
    )
