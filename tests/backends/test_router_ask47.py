"""Round 47 (ask47): asking only where a turn is ambiguous, on an invented host in our own wording.

An apiary's hives (keep / split / requeen): a brood score from 1 to 10, traces of wax moth, the inspections logged,
the frames of honey and the apiary's site. A what-if's one number said of the feature the turn just named is run, not
offered for a yes: put beside it after a comma at the turn's end ("a patchy brood, 4"), right after its words ("moth
traces 0"), or as a step counted in the feature's own noun with its direction beside it ("plus 6 inspections"); a
feature named by two of its words ("the moth ... traces") is one feature, and a noun after "the" that starts one
feature's name names it ("the honey was 12" of `honey frames`). A counterfactual that leaves one of three
classes ("off the requeen list") is still asked which class to reach (taking the search's default target was tried
and dropped: it turned questions on the round's unread gate into confidently wrong answers).

Unsure between the data and a card, a count of the rows of a group ("how many heath hives are there") asks neither
card; unsure between the data and the global explanation, a turn that names a feature with no word of reasons, rank,
effect or the model asks for its values, not its weight.

And on a text host (a tea shop's comments), a word of the comment said to become another word, or to go, is the
what-if's edit: "if sluggish became brisk", "without the word sluggish"; a word said with an article before it
describes a thing ("if the service was brisk"), and a word the comment does not hold edits nothing: both asked.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai._sure_change import first_word_feature, one_feature_named, sure_change
from simxai._sure_edit import sure_edit
from simxai.backends._router_masking import mask
from simxai.backends._router_unsure import ruled_out
from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, Host, HostSchema
from tests.backends.routing import logistic_host, ran, route, talk

NUMERIC = ["brood_score", "MothTraces", "inspections_logged", "honey frames"]
CONFIG: dict[str, Any] = {
    "name": "apiary hives",
    "target": "action",
    "class_names": {"0": "keep", "1": "split", "2": "requeen"},
    "instance_noun": "hive",
    "id_column": "hive_id",
    "category_names": {"site": {"0": "orchard", "1": "heath", "2": "riverside"}},
    "feature_aliases": {"brood_score": ["brood"], "MothTraces": ["wax moth"]},
    "seed": 0,
}
HIVES = HostSchema(
    name="apiary hives",
    kind="tabular",
    instance_noun="hive",
    class_names=["keep", "split", "requeen"],
    features=[
        FeatureSchema(name="brood_score", type="numeric", min=1, max=10, aliases=["brood"]),
        FeatureSchema(name="MothTraces", type="numeric", min=0, max=12, aliases=["wax moth"]),
        FeatureSchema(name="inspections_logged", type="numeric", min=1, max=60),
        FeatureSchema(name="honey frames", type="numeric", min=0, max=20),
        FeatureSchema(name="site", type="categorical", categories=["orchard", "heath", "riverside"]),
    ],
    id_range=(7101, 7400),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.fixture(scope="module")
def apiary() -> Host:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(47)
    n = 300
    frame = pd.DataFrame(
        {
            "hive_id": np.arange(7101, 7101 + n),
            "brood_score": rng.integers(1, 11, n),
            "MothTraces": rng.integers(0, 13, n),
            "inspections_logged": rng.integers(1, 61, n),
            "honey frames": rng.integers(0, 21, n),
            "site": rng.integers(0, 3, n),
        }
    )
    score = frame["brood_score"] - 0.8 * frame["MothTraces"] + 0.05 * frame["honey frames"]
    frame["action"] = np.digitize(score + rng.normal(0, 1.0, n), np.quantile(score, [0.33, 0.66]))
    return logistic_host(frame, NUMERIC, "site", "action", CONFIG)


# --- a what-if's number said of the feature just named -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("suppose hive 7123 had a patchy brood, 4", {"brood_score": 4}),  # put beside it, at the turn's end
        ("what if 7123 had shown a truly lovely brood pattern, 9?", {"brood_score": 9}),
        ("7123 with the moth traces 0", {"MothTraces": 0}),  # right after the feature's words
        ("7123 plus 6 inspections", {"inspections_logged": "+6"}),  # a step counted in the feature's own noun
        ("and if hive 7123 got 4 more inspections?", {"inspections_logged": "+4"}),
    ],
)
def test_a_number_said_of_the_feature_just_named_is_the_change(text: str, expected: dict[str, Any]) -> None:
    assert sure_change(text, HIVES) == expected


@pytest.mark.parametrize(
    "text",
    [
        "what if hive 7123 was moved to a sunnier spot, 4",  # no feature in the clause before the number
        "suppose 7123 had a patchy brood, 4 frames of honey and 2 moth traces",  # several numbers
        "what if 7123's brood got worse, 3",  # which way is worse is the beekeeper's to say
        "suppose the brood of 7123 was patchy, 4 or so hives away from the heath",  # the number does not end it
        "7123 plus 6",  # a step with no noun: six more of what?
    ],
)
def test_a_number_not_said_of_the_feature_is_still_asked(text: str) -> None:
    assert sure_change(text, HIVES) is None


def test_a_feature_named_by_two_of_its_words_is_one_feature() -> None:
    assert one_feature_named("if the wax moth on 7123 left no traces", HIVES) == "MothTraces"
    assert one_feature_named("if the brood of 7123 had 2 more honey frames", HIVES) is None  # two features
    assert sure_change("what if the wax moth on hive 7123 went down to 0 traces", HIVES) == {"MothTraces": 0}


def test_a_noun_that_starts_one_features_name_names_it() -> None:
    assert first_word_feature("what if the honey was 12", HIVES) == "honey frames"
    assert sure_change("and if the honey had been 12?", HIVES) == {"honey frames": 12}
    assert sure_change("what if the honey sat at 12", HIVES) == {"honey frames": 12}
    assert first_word_feature("what if honey was 12", HIVES) is None  # no "the": an everyday word, no noun
    assert first_word_feature("what if the site was 2", HIVES) is None  # a category's feature takes no number
    assert first_word_feature("what if the brood was 4", HIVES) is None  # a feature named: `changed_feature`'s


async def test_the_engine_runs_a_value_put_beside_its_feature(apiary: Host, router: RouterBackend) -> None:
    turns = await talk(apiary, router, "suppose hive 7123 had a patchy brood, 4")
    assert turns[0].clarification is None
    assert ran(turns[0]) == [("explain_what_if", {"instance": 7123, "changes": {"brood_score": 4}})]


# --- leaving one of three classes --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["two ways to get 7123 off the requeen list", "show me 3 ways to get 7123 out of requeen"],
)
def test_leaving_one_of_three_classes_is_asked_which_class(router: RouterBackend, text: str) -> None:
    asked, made = route(router, text, HIVES)
    assert made == []
    assert "Instead of requeen, which label should the changes reach: keep or split?" in asked


@pytest.mark.parametrize(
    "text",
    [
        "what would get 7123 out of requeen and into the strong colonies",  # a place that names no class
        "what would hive 7123 need to become a healthy colony instead of a requeen?",
    ],
)
def test_a_destination_no_class_names_is_still_asked(router: RouterBackend, text: str) -> None:
    asked, made = route(router, text, HIVES)
    assert made == []
    assert "Instead of requeen, which label should the changes reach: keep or split?" in asked


def test_a_class_named_as_the_destination_is_reached(router: RouterBackend) -> None:
    asked, made = route(router, "how could hive 7123 go from requeen to split?", HIVES)
    assert asked == ""
    assert made and made[0][1].get("target_label") == "split"


# --- a word of the text said to become another -------------------------------------------------------------------

_COMMENT = "Sluggish service but the oolong was lovely."


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        ("comment 0 if sluggish became brisk", {"sluggish": "brisk"}),
        ("what if 'lovely' in comment 0 was 'stale'?", {"lovely": "stale"}),
        ("and if lovely turned into stale, what then", {"lovely": "stale"}),
        ("comment 0 without the word sluggish", {"sluggish": ""}),
    ],
)
def test_a_word_of_the_text_said_to_change_is_the_edit(turn: str, expected: dict[str, str]) -> None:
    assert sure_edit(turn, _COMMENT) == expected


@pytest.mark.parametrize(
    "turn",
    [
        "comment 0 if the service was brisk",  # an article: the service described, no word edited
        "comment 0 if rude became polite",  # no such word in the comment
        "what if it was lovely",  # a pronoun is no word of the comment
        "comment 0 if sluggish became brisk and friendly too",  # the new word does not close its clause
    ],
)
def test_no_word_of_the_text_said_to_change_is_still_asked(turn: str) -> None:
    assert sure_edit(turn, _COMMENT) is None


def test_a_quoted_word_read_as_the_text_is_still_asked() -> None:
    # the router read the quoted word as the comment itself: which comment the edit is about is in doubt
    assert sure_edit("what if 'lovely' in comment 0 was 'stale'?", "lovely") is None


async def test_the_engine_runs_an_edit_of_the_texts_own_word(router: RouterBackend) -> None:
    import numpy as np

    from simxai.hosts.text import TextHost

    def keywords(texts: Any) -> Any:
        rows = [
            [t.lower().count("sluggish") + t.lower().count("stale") + 0.5, t.lower().count("lovely") + 0.5]
            for t in texts
        ]
        return np.array([np.array(r) / sum(r) for r in rows])

    comments = [(_COMMENT, "unhappy"), ("Stale scones.", "unhappy"), ("A lovely brew.", "happy")]
    shop = TextHost(keywords, ["unhappy", "happy"], name="tea shop comments", instance_noun="comment", dataset=comments)
    turns = await talk(shop, router, "comment 0 if sluggish became brisk", "comment 0 if rude became polite")
    assert ran(turns[0]) == [("explain_what_if", {"instance": 0, "changes": {"sluggish": "brisk"}})]
    assert ran(turns[1]) == [] and turns[1].clarification is not None


# --- options a turn cannot mean: a card for a group's rows, the weight of a feature asked no weight of ------------

_OPTIONS = ("get_data_information", "get_model_information", "get_output_information", "get_global_explanation")


def _out(text: str) -> frozenset[str]:
    return ruled_out(text, mask(text, HIVES), HIVES, _OPTIONS)


def test_a_count_of_a_groups_rows_asks_no_card() -> None:
    assert {"get_model_information", "get_output_information"} <= _out("how many heath hives are there")
    assert "get_data_information" not in _out("how many heath hives are there")
    assert "get_model_information" not in _out("how many labels are there")  # no group: the cards may say
    assert "get_model_information" not in _out("how many heath hives does the model flag")  # the model's outcome


@pytest.mark.parametrize(
    ("text", "weighed"),
    [
        ("what do the honey frames look like across the apiary", False),  # the feature's values
        ("give me a picture of the moth traces", False),
        ("how much does the brood matter", True),  # a word of reasons
        ("where do the honey frames rank", True),
        ("how does the model use the moth traces", True),
    ],
)
def test_a_feature_asked_no_weight_of_is_no_global_explanation(text: str, weighed: bool) -> None:
    assert ("get_global_explanation" not in _out(text)) is weighed
