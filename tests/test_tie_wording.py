"""A prediction whose label ties with another says it is a tie and whose tie-break chose it (newuser41).

Found on an invented glaze-firing host with a forest of 40 trees (probabilities are vote shares): a what-if
answered "the prediction stays crawled (...; after: crawled 50.0%, crazed 0.0%, perfect 50.0%)", as if the
model still preferred crawled.
"""

from __future__ import annotations

from simxai.results import Change, PredictionResult, Subject, WhatIfResult

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
