"""What a user of their own model asked about groups and words that the engine asked back about, answered for the wrong
thing, or answered with an example that did not fit: categories ranked by how often a class comes with them ("which
carrier is most often late?") are counted per category; "how does it do on <group>" is the performance on that group
whatever the turns before it; a yes/no feature held as 0/1 names a group ("express orders", "raw-milk wheels"); a
word edit of a text that does not contain the word says so and lists the words it has. On the invented parcel host of
tests/conftest.py, a cheese-grading host built here, the loan and sentiment hosts and a small text host built here.
The phrasings are our own.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai import Agent, Turn
from simxai.backends.router import RouterBackend
from simxai.functions import default_registry
from simxai.hosts.base import Host
from simxai.results import DataInformationResult
from tests.backends.routing import CHECKED


@pytest.fixture(scope="module")
def cheese_host() -> Host:
    """Wheels of cheese from three dairies, graded premium, standard or rejected; raw_milk is held as 0/1."""
    from sklearn.compose import ColumnTransformer
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OrdinalEncoder

    from simxai.hosts import host_from_model

    rng = np.random.default_rng(3)
    n = 240
    frame = pd.DataFrame(
        {
            "wheel_id": np.arange(501, 501 + n),
            "dairy": rng.choice(["alpenhof", "brookside", "vallee"], n),
            "aging_weeks": rng.integers(4, 60, n),
            "raw_milk": rng.integers(0, 2, n),
        }
    )
    score = 0.05 * frame.aging_weeks + 0.7 * frame.raw_milk - 0.8 * (frame.dairy == "vallee") + rng.normal(0, 0.4, n)
    frame["grade"] = np.where(score > 1.8, "premium", np.where(score > 0.8, "standard", "rejected"))
    features = ["dairy", "aging_weeks", "raw_milk"]
    encode = ColumnTransformer([("cat", OrdinalEncoder(), ["dairy"])], remainder="passthrough")
    model = Pipeline([("encode", encode), ("fit", RandomForestClassifier(n_estimators=20, random_state=0))])
    model.fit(frame[features], frame.grade)
    return host_from_model(
        model,
        frame,
        name="cheese grading",
        target="grade",
        instance_noun="wheel",
        id_column="wheel_id",
        feature_aliases={"raw_milk": ["raw milk"]},
    )


@pytest.fixture(scope="module")
def ticket_host() -> Host:
    """A text host of support tickets whose 'model' counts words of thanks and of complaint."""
    from simxai.hosts.text import TextHost

    def score(texts: Any) -> np.ndarray:
        rows = []
        for text in texts:
            words = text.lower().split()
            praise = sum(w.strip(".,!") in ("thanks", "quick", "helpful") for w in words)
            complaint = sum(w.strip(".,!") in ("slow", "broken", "rude") for w in words)
            rows.append(np.array([complaint + 0.5, praise + 0.5]) / (praise + complaint + 1.0))
        return np.array(rows)

    tickets = [
        ("Thanks, the agent was quick and helpful.", "praise"),
        ("The app is broken and support was slow.", "complaint"),
        ("Rude reply, still broken.", "complaint"),
        ("Quick fix, thanks!", "praise"),
    ]
    return TextHost(score, ["complaint", "praise"], name="tickets", instance_noun="ticket", dataset=tickets)


async def _turns(host: Host, *texts: str) -> list[Turn]:
    conversation = Agent(host, RouterBackend(), settings=CHECKED).conversation()
    return [await conversation.send(text) for text in texts]


def _ran(turn: Turn) -> list[tuple[str, dict[str, Any]]]:
    return [(c.function, c.arguments) for c in turn.calls if c.status == "ok"]


def _most_often(host: Host, feature: str, label: str) -> str:
    """The category of `feature` whose rows carry `label` most often (by share), from the data function itself."""
    result = default_registry().get("get_data_information")(host, {"feature": feature})
    assert isinstance(result, DataInformationResult) and result.feature is not None
    counts = result.feature.counts_by_label
    assert counts is not None
    return max(counts, key=lambda c: counts[c].get(label, 0) / sum(counts[c].values()))


@pytest.mark.parametrize(
    ("host_name", "text", "feature", "label"),
    [
        ("parcel_host", "which carrier is most often late?", "carrier", "late"),
        ("parcel_host", "lost parcels per carrier?", "carrier", "lost"),
        ("cheese_host", "which dairy gets rejected the most?", "dairy", "rejected"),
        ("cheese_host", "what dairy has the highest share of premium wheels", "dairy", "premium"),
        ("loan_host", "which purpose is rejected most often?", "purpose", "rejected"),
    ],
)
async def test_categories_ranked_by_a_class_are_counted_per_category(
    request: pytest.FixtureRequest, host_name: str, text: str, feature: str, label: str
) -> None:
    host = request.getfixturevalue(host_name)
    (turn,) = await _turns(host, text)
    assert _ran(turn) == [("get_data_information", {"feature": feature})]
    leader = _most_often(host, feature, label)
    assert re.search(rf"most often {label}: {leader} \(\d+ of \d+, [\d.]+%\)", turn.reply, re.IGNORECASE)
    assert turn.faithfulness.passed, turn.faithfulness.unsupported


async def test_the_ranking_binds_no_instance_in_focus(parcel_host: Host, cheese_host: Host) -> None:
    # after a question about one instance, the ranking is still about the whole data, not that instance
    _, ranked = await _turns(parcel_host, "what does the model predict for order 7011?", "which carrier is late most?")
    assert _ran(ranked) == [("get_data_information", {"feature": "carrier"})]
    _, ranked = await _turns(cheese_host, "why was wheel 510 graded like that?", "which dairy gets rejected the most?")
    assert _ran(ranked) == [("get_data_information", {"feature": "dairy"})]


async def test_a_ranking_of_what_the_model_says_counts_its_predictions_per_category(
    parcel_host: Host, cheese_host: Host
) -> None:
    (turn,) = await _turns(parcel_host, "which carrier does the model predict late most often?")
    assert _ran(turn) == [
        ("get_prediction", {"instance": f"carrier = {c}"}) for c in parcel_host.schema().feature("carrier").categories
    ]
    (turn,) = await _turns(cheese_host, "which dairy is predicted premium the most?")
    assert [a["instance"] for _, a in _ran(turn)] == ["dairy = alpenhof", "dairy = brookside", "dairy = vallee"]


async def test_a_metric_or_a_why_by_category_is_no_count(parcel_host: Host, loan_host: Host) -> None:
    (turn,) = await _turns(parcel_host, "which carrier has the highest accuracy?")
    assert all(f != "get_data_information" for f, _ in _ran(turn))
    (turn,) = await _turns(loan_host, "why are car loans rejected most often?")
    assert all(f != "get_data_information" for f, _ in _ran(turn))


async def test_how_it_does_on_a_group_is_its_performance_mid_conversation(parcel_host: Host, loan_host: Host) -> None:
    asked = ("what does it predict for order 7011?", "why?", "how does it do on dhl parcels?")
    *_, turn = await _turns(parcel_host, *asked)
    assert _ran(turn) == [("get_model_performance", {"metric": "all", "group": "carrier = dhl"})]
    *_, turn = await _turns(loan_host, "why was applicant 20 rejected?", "how does the model do with car loans?")
    assert _ran(turn) == [("get_model_performance", {"metric": "all", "group": "purpose = car"})]


async def test_a_yes_no_feature_held_as_0_1_names_a_group(parcel_host: Host, cheese_host: Host) -> None:
    first, second = await _turns(parcel_host, "how does the model do for express orders?", "and on non-express ones?")
    assert _ran(first) == [("get_model_performance", {"metric": "all", "group": "express = 1"})]
    assert _ran(second) == [("get_model_performance", {"metric": "all", "group": "express = 0"})]
    (turn,) = await _turns(cheese_host, "how does it do on raw milk wheels?")
    assert _ran(turn) == [("get_model_performance", {"metric": "all", "group": "raw_milk = 1"})]
    (turn,) = await _turns(cheese_host, "how accurate is it for wheels made without raw milk?")
    assert [a.get("group") for _, a in _ran(turn)] == ["raw_milk = 0"]
    # one instance switched in a what-if stays a change, never a group
    (turn,) = await _turns(parcel_host, "what if order 7003 were an express order?")
    assert _ran(turn) == [("explain_what_if", {"instance": 7003, "changes": {"express": 1}})]


@pytest.mark.parametrize(
    ("host_name", "instance", "edit", "answer", "new_word"),
    [
        ("sentiment_host", 3, "what if it said terrible instead of great?", "lasted instead of broke", "lasted"),
        ("ticket_host", 2, "what if it said slow instead of quick?", "polite instead of rude", "polite"),
    ],
)
async def test_a_word_the_text_lacks_is_said_plainly_and_its_words_offered(
    request: pytest.FixtureRequest, host_name: str, instance: int, edit: str, answer: str, new_word: str
) -> None:
    host = request.getfixturevalue(host_name)
    text = host.resolve(instance).text
    assert text is not None
    noun = host.schema().instance_noun
    _, asked, ran = await _turns(host, f"what does the model predict for {noun} {instance}?", edit, answer)
    missing = re.search(r"instead of (\w+)", edit)
    assert missing is not None and missing.group(1) not in text.lower()
    assert _ran(asked) == [] and f"'{missing.group(1)}' is not in the {host.schema().instance_noun}" in asked.reply
    assert all(word.lower() in asked.reply for word in re.findall(r"\w+", text))  # the words it has, listed
    assert "replace 'good' with 'bad'" not in asked.reply  # no example the text cannot take
    # the answer names a word the text has: that edit runs alone, the refused one is dropped
    ((function, arguments),) = _ran(ran)
    assert function == "explain_what_if" and list(arguments["changes"].values()) == [new_word]


async def test_an_unquoted_word_said_instead_of_another_is_an_edit(sentiment_host: Host, ticket_host: Host) -> None:
    (turn,) = await _turns(sentiment_host, "what if review 0 said awful instead of superb?")
    assert _ran(turn) == [("explain_what_if", {"instance": 0, "changes": {"superb": "awful"}})]
    assert "changing 'superb' to 'awful'" in turn.reply
    (turn,) = await _turns(ticket_host, "what if ticket 0 said slow rather than quick?")
    assert _ran(turn) == [("explain_what_if", {"instance": 0, "changes": {"quick": "slow"}})]


async def test_how_sure_about_another_instance_is_its_prediction(cheese_host: Host, parcel_host: Host) -> None:
    # "sure" is no filler after "how": not the previous question again for another instance
    _, turn = await _turns(
        cheese_host, "what would it take for wheel 505 to be premium?", "how sure is it about wheel 520?"
    )
    assert _ran(turn) == [("get_prediction", {"instance": 520})]
    _, turn = await _turns(parcel_host, "why is order 7011 late?", "how sure is it about order 7020?")
    assert _ran(turn) == [("get_prediction", {"instance": 7020})]


async def test_whether_a_group_usually_has_a_class_counts_its_predictions(cheese_host: Host, loan_host: Host) -> None:
    (turn,) = await _turns(cheese_host, "are vallee wheels mostly rejected?")
    assert _ran(turn) == [("get_prediction", {"instance": "dairy = vallee"})]
    (turn,) = await _turns(loan_host, "are car loans usually approved?")
    assert _ran(turn) == [("get_prediction", {"instance": "purpose = car"})]
    assert re.search(r"the model predicts \d+ approved, \d+ rejected", turn.reply)


async def test_another_class_after_a_ranking_is_the_same_count(parcel_host: Host, cheese_host: Host) -> None:
    # the answer counts every class per category: "and lost?" asks it again, never "which order?"
    _, lost, on_time = await _turns(
        parcel_host, "which carrier is most often late?", "and lost?", "what about on time?"
    )
    assert _ran(lost) == _ran(on_time) == [("get_data_information", {"feature": "carrier"})]
    _, premium = await _turns(cheese_host, "which dairy gets rejected the most?", "and premium?")
    assert _ran(premium) == [("get_data_information", {"feature": "dairy"})]


async def test_a_class_of_several_words_is_a_follow_up_however_joined(parcel_host: Host) -> None:
    _, turn = await _turns(parcel_host, "which features matter most for late?", "what about on time?")
    assert _ran(turn) == [("get_global_explanation", {"label": "on_time"})]


async def test_categories_ranked_by_how_well_the_model_does_are_each_scored(parcel_host: Host, loan_host: Host) -> None:
    carriers = [f"carrier = {c}" for c in parcel_host.schema().feature("carrier").categories]
    (turn,) = await _turns(parcel_host, "which carrier does the model do worst on?")
    assert [(f, a.get("group")) for f, a in _ran(turn)] == [("get_model_performance", g) for g in carriers]
    _, turn = await _turns(parcel_host, "accuracy by carrier", "which carrier is it most accurate for?")
    assert [a.get("group") for _, a in _ran(turn)] == carriers  # each carrier, not the last one scored
    (turn,) = await _turns(loan_host, "which region is the model most reliable for?")
    assert len(_ran(turn)) == 4 and all(a["group"].startswith("region = ") for _, a in _ran(turn))


async def test_groups_set_side_by_side_are_all_scored(parcel_host: Host, loan_host: Host) -> None:
    # no question about the metric: it held one call and dropped the other group
    (turn,) = await _turns(parcel_host, "is the model better with dhl or ups?")
    assert _ran(turn) == [
        ("get_model_performance", {"group": f"carrier = {c}", "metric": "all"}) for c in ("dhl", "ups")
    ]
    (turn,) = await _turns(loan_host, "is it more accurate for car loans or home loans?")
    assert {a["group"] for _, a in _ran(turn)} == {"purpose = car", "purpose = home"}


async def test_a_removed_word_is_said_with_its_own_verb(sentiment_host: Host, ticket_host: Host) -> None:
    (turn,) = await _turns(sentiment_host, "what if I removed boring from review 5?")
    assert _ran(turn) == [("explain_what_if", {"instance": 5, "changes": {"boring": ""}})]
    assert "removing 'boring':" in turn.reply and "changing remove" not in turn.reply
    (turn,) = await _turns(ticket_host, "what if I deleted slow from ticket 1?")
    assert "removing 'slow':" in turn.reply and turn.faithfulness.passed


async def test_the_word_after_which_and_a_feature_is_no_value_of_it(cheese_host: Host, loan_host: Host) -> None:
    # "which purpose gets ...": never "there is no purpose 'gets'"; the best cheese is no ranking of the model
    (turn,) = await _turns(loan_host, "which purpose gets the best rates?")
    assert "'gets'" not in turn.reply
    (turn,) = await _turns(cheese_host, "which dairy makes the best cheese?")
    assert "'makes'" not in turn.reply and all(f != "get_model_performance" for f, _ in _ran(turn))


async def test_a_group_what_if_changes_what_the_group_does_not_already_have(cheese_host: Host, loan_host: Host) -> None:
    (turn,) = await _turns(cheese_host, "what if all vallee wheels were aged 10 weeks more?")
    assert _ran(turn) == [("explain_what_if", {"instance": "dairy = vallee", "changes": {"aging_weeks": "+10"}})]
    assert "from vallee to vallee" not in turn.reply
    (turn,) = await _turns(loan_host, "what if applicants in the east moved to the west?")
    assert _ran(turn) == [("explain_what_if", {"instance": "region = east", "changes": {"region": "west"}})]


async def test_a_text_without_a_word_is_that_word_removed(sentiment_host: Host, ticket_host: Host) -> None:
    (turn,) = await _turns(sentiment_host, "what if review 5 didn't have boring?")
    assert _ran(turn) == [("explain_what_if", {"instance": 5, "changes": {"boring": ""}})]
    (turn,) = await _turns(ticket_host, "what if ticket 2 had no rude?")
    assert _ran(turn) == [("explain_what_if", {"instance": 2, "changes": {"rude": ""}})]
