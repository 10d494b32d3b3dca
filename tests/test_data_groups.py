"""`get_data_information` on a group ("how many patients with bmi over 30 are there?"): the group's size of the
whole data, its recorded labels and a feature's statistics among its rows, on every kind of host; the router
passes the group it reads, and asks about a group it cannot read instead of describing everyone.
"""

from __future__ import annotations

import asyncio

import numpy as np
import pandas as pd
import pytest

from simxai.agent import Agent
from simxai.backends.router import RouterBackend
from simxai.exceptions import ArgumentError
from simxai.functions import get_data_information
from simxai.guard import Vocabulary, check_claims
from simxai.hosts.base import GroupHost, Host, HostSchema, InstanceRef
from simxai.results import DataInformationResult, Subject
from tests.backends.routing import CHECKED


@pytest.fixture(scope="module")
def kiln_host() -> Host:
    """An invented host: pottery firings, each cracked or sound, with a kiln zone and two temperatures."""
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts import host_from_model

    rng = np.random.default_rng(5)
    n = 200
    frame = pd.DataFrame(
        {
            "PeakTemp": rng.integers(900, 1300, n),
            "CoolMinutes": rng.integers(30, 240, n),
            "Zone": rng.choice(["north", "south"], n),
        }
    )
    frame["Outcome"] = np.where(frame.PeakTemp - frame.CoolMinutes > 1000, "cracked", "sound")
    columns = ["PeakTemp", "CoolMinutes", "Zone"]
    pipeline = Pipeline(
        [
            ("encode", ColumnTransformer([("zone", OneHotEncoder(), ["Zone"])], remainder="passthrough")),
            ("tree", DecisionTreeClassifier(max_depth=3, random_state=0)),
        ]
    ).fit(frame[columns], frame.Outcome)
    return host_from_model(pipeline, frame, name="kiln", target="Outcome", instance_noun="firing")


def _run(host: Host, turns: list[str]):
    agent = Agent(host, RouterBackend(), settings=CHECKED)

    async def run():
        conversation = agent.conversation()
        return [await conversation.send(text) for text in turns]

    return asyncio.run(run())


# ------------------------------------------------------------------------------------------- the function


def test_the_card_of_a_group_counts_its_rows_labels_and_feature_among_them(kiln_host: Host) -> None:
    frame = kiln_host.table.X.assign(Outcome=[kiln_host.class_names[i] for i in kiln_host._y])  # type: ignore[attr-defined]
    hot = frame[frame.PeakTemp > 1200]
    card = get_data_information(kiln_host, feature="CoolMinutes", group="PeakTemp > 1200")
    assert (card.group, card.n_rows, card.n_total, card.nouns) == ("PeakTemp > 1200", len(hot), 200, "firings")
    assert card.class_balance == {c: int((hot.Outcome == c).sum()) for c in kiln_host.class_names}
    assert card.feature is not None
    assert card.feature.mean == pytest.approx(hot.CoolMinutes.mean())
    assert (card.feature.min, card.feature.max) == (hot.CoolMinutes.min(), hot.CoolMinutes.max())
    cracked = hot[hot.Outcome == "cracked"].CoolMinutes.mean()
    assert card.feature.mean_by_label is not None
    assert card.feature.mean_by_label["cracked"] == pytest.approx(cracked)
    # the whole data's card is unchanged
    whole = get_data_information(kiln_host, feature="CoolMinutes")
    assert whole.group is None and whole.n_rows == 200 and whole.feature is not None
    assert whole.feature.mean == pytest.approx(frame.CoolMinutes.mean())


def test_a_categorical_feature_of_a_group_counts_labels_per_value_among_its_rows(kiln_host: Host) -> None:
    card = get_data_information(kiln_host, feature="Zone", group="CoolMinutes < 100")
    assert card.feature is not None and card.feature.counts_by_label is not None
    assert sum(sum(c.values()) for c in card.feature.counts_by_label.values()) == card.n_rows < 200


def test_a_group_that_selects_no_row_is_an_answer(demo_host: Host) -> None:
    card = get_data_information(demo_host, group="bmi > 90")
    assert (card.n_rows, card.n_total, sum(card.class_balance.values())) == (0, 442, 0)
    assert card.render().startswith("None of the 442 patients in the diabetes progression data has bmi > 90")


def test_selecting_no_row_is_a_value_of_the_host_and_resolve_still_refuses_it(demo_host, sentiment_host) -> None:
    assert isinstance(demo_host, GroupHost) and demo_host.describes_groups()
    empty = demo_host.select("bmi > 90 and age > 50")
    assert (empty.subject, empty.condition, empty.fields) == (None, "bmi > 90 and age > 50", ["bmi", "age"])
    group = demo_host.select("age > 60")
    assert group.subject == demo_host.resolve("age > 60") and group.fields == ["age"]
    assert demo_host.select("patient 3").subject == demo_host.resolve(3)  # no condition: what resolve reads
    with pytest.raises(ArgumentError, match="no patient matches 'bmi > 90' \\(bmi ranges from 18 to 42.2\\)"):
        demo_host.resolve("bmi > 90")
    assert isinstance(sentiment_host, GroupHost) and sentiment_host.describes_groups()
    none = sentiment_host.select("label = negative and label = positive")
    assert none.subject is None and none.fields == ["label"]
    with pytest.raises(ArgumentError, match="no review matches"):
        sentiment_host.resolve("label = negative and label = positive")


def test_the_ranges_beside_an_empty_group_keep_feature_names_with_spaces() -> None:
    """The sentence names each feature of the condition as parsed: "Load (t)" and "Wave Height" keep their range."""
    from sklearn.tree import DecisionTreeClassifier

    from simxai.hosts import host_from_model

    rng = np.random.default_rng(3)
    frame = pd.DataFrame({"Wave Height": rng.uniform(0.5, 6, 120).round(1), "Load (t)": rng.integers(10, 80, 120)})
    frame["Outcome"] = np.where(frame["Wave Height"] * 10 + frame["Load (t)"] > 70, "late", "on time")
    columns = ["Wave Height", "Load (t)"]
    model = DecisionTreeClassifier(max_depth=2, random_state=0).fit(frame[columns], frame.Outcome)
    host = host_from_model(model, frame, name="ferry", target="Outcome", instance_noun="crossing")
    card = get_data_information(host, group="Wave Height > 9 and Load (t) < 5")
    wave, load = frame["Wave Height"], frame["Load (t)"]
    assert card.render() == (
        "None of the 120 crossings in the ferry data has Wave Height > 9 and Load (t) < 5 "
        f"(Wave Height ranges from {wave.min():g} to {wave.max():g}; "
        f"Load (t) ranges from {load.min()} to {load.max()})."
    )


@pytest.mark.parametrize(
    ("group", "said", "valid"),
    [
        ("women", "the data cannot be described for 'women'", "sex is 1 or 2"),
        ("older patients", "'older patients' has no threshold", "age >"),
        ("patient 3", "'patient 3' is no condition the data can select", "label = stable"),
    ],
)
def test_a_group_the_data_cannot_select_is_a_one_line_error_naming_what_is_valid(
    demo_host: Host, group: str, said: str, valid: str
) -> None:
    with pytest.raises(ArgumentError) as exc:
        get_data_information(demo_host, group=group)
    assert exc.value.argument == "group" and said in str(exc.value) and valid in exc.value.valid
    assert "\n" not in str(exc.value)


def test_a_feature_named_as_the_group_is_that_features_card(demo_host: Host) -> None:
    card = get_data_information(demo_host, group="bmi")
    assert card.group is None and card.feature is not None and card.feature.name == "bmi"


def test_the_text_host_describes_a_group_it_reads_and_names_its_fields_otherwise(sentiment_host: Host) -> None:
    card = get_data_information(sentiment_host, feature="length", group="label = negative")
    assert card.class_balance["negative"] == card.n_rows > 0 and card.class_balance["positive"] == 0
    assert card.n_total == 120 and card.feature is not None and card.feature.max is not None
    assert card.render().startswith(f"Among the {card.n_rows} reviews with label = negative (of 120)")
    with pytest.raises(ArgumentError) as exc:
        get_data_information(sentiment_host, group="age > 60")
    assert "'age' is not a field" in str(exc.value) and "prediction" in exc.value.valid
    with pytest.raises(ArgumentError, match="is no condition the data can select"):
        get_data_information(sentiment_host, group="long reviews")  # read as a text of its own


def test_a_host_written_before_groups_says_it_cannot_rather_than_describe_everyone(demo_host: Host) -> None:
    class OldHost:
        """A host of the protocol before groups: no `describes_groups`, and a data card that takes no group."""

        def schema(self) -> HostSchema:
            return demo_host.schema()

        def resolve(self, instance: InstanceRef) -> Subject:
            return demo_host.resolve(instance)

        def data_information(self, feature: str | None) -> DataInformationResult:
            return demo_host.data_information(feature)

    assert not isinstance(OldHost(), GroupHost)

    with pytest.raises(ArgumentError, match="cannot describe part of its data") as exc:
        get_data_information(OldHost(), group="bmi > 30")  # type: ignore[arg-type]
    assert exc.value.argument == "group"
    assert get_data_information(OldHost(), feature="bmi").n_rows == 442  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------- the router


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("how many patients in the data have bmi over 30?", {"group": "bmi > 30"}),  # the group's rows (ux41)
        ("what is the average glucose of patients over 60?", {"feature": "glucose", "group": "age > 60"}),
        ("what share of patients over 60 are progressing in the data?", {"group": "age > 60"}),
    ],
)
def test_the_router_passes_the_group_of_a_data_question(demo_host: Host, text: str, arguments: dict) -> None:
    (turn,) = _run(demo_host, [text])
    assert [(c.function, c.arguments) for c in turn.calls] == [("get_data_information", arguments)]


def test_the_router_passes_the_group_on_an_invented_host(kiln_host: Host) -> None:
    (turn,) = _run(kiln_host, ["how many firings have a peak temp above 1200?"])
    assert [c.function for c in turn.calls] == ["get_data_information"]
    assert turn.calls[0].arguments.get("group") == "PeakTemp > 1200"


def test_a_breakdown_of_a_data_question_is_no_group(demo_host: Host) -> None:
    (turn,) = _run(demo_host, ["what is the average glucose by sex?"])
    assert [(c.function, c.status) for c in turn.calls] == [("get_data_information", "ok")]
    assert "group" not in turn.calls[0].arguments


@pytest.mark.parametrize(
    ("text", "asked"),
    [("how many women are in the data?", "women"), ("average bmi for the vegetarian patients?", "vegetarian")],
)
def test_a_data_question_with_a_group_it_cannot_read_asks(demo_host: Host, text: str, asked: str) -> None:
    (turn,) = _run(demo_host, [text])
    assert not [c for c in turn.calls if c.status == "ok"]
    assert turn.clarification is not None and asked in turn.clarification.question


def test_a_count_of_predictions_stays_with_the_prediction(demo_host: Host) -> None:
    (turn,) = _run(demo_host, ["how many patients over 60 are predicted progressing?"])
    assert [c.function for c in turn.calls] == ["get_prediction"]


# ---------------------------------------------------------------------------------------- the verbalization


def test_the_reply_states_the_group_and_the_guard_passes_it(demo_host: Host) -> None:
    (turn,) = _run(demo_host, ["how many patients with bmi over 30 are there?"])
    card = get_data_information(demo_host, feature="bmi", group="bmi > 30")
    assert turn.reply.startswith(
        f"Among the {card.n_rows} patients with bmi > 30 (of 442), the recorded labels (progression) are"
    )
    assert turn.faithfulness is not None and turn.faithfulness.passed


def test_the_guard_reads_a_group_card_said_in_other_words(demo_host: Host) -> None:
    card = get_data_information(demo_host, feature="glucose", group="age > 60")
    payload = card.model_dump(mode="json")
    stable, progressing = card.class_balance["stable"], card.class_balance["progressing"]
    vocabulary = Vocabulary(labels=["stable", "progressing"], features=["age", "glucose"], instance_noun="patient")
    share = f"{100 * card.n_rows / 442:.1f}%"
    faithful = (
        f"{card.n_rows} of the 442 patients ({share}) are over 60: {progressing} progressing and {stable} stable. "
        f"Their mean glucose is {card.feature.mean:.2f}."  # type: ignore[union-attr]
    )
    assert check_claims(faithful, [payload], vocabulary=vocabulary, context="patients over 60").passed
    wrong = f"There are {card.n_rows + 17} patients over 60 in the data."
    assert not check_claims(wrong, [payload], vocabulary=vocabulary, context="patients over 60").passed
    empty = get_data_information(demo_host, group="bmi > 90").model_dump(mode="json")
    assert check_claims("No patient has bmi > 90: 0 of 442.", [empty], vocabulary=vocabulary, context="").passed


def test_a_label_beside_a_group_is_counted_in_it_not_made_part_of_it(demo_host: Host) -> None:
    (turn,) = _run(demo_host, ["what is the average bmi of progressing patients over 60?"])
    assert [(c.function, c.arguments) for c in turn.calls] == [
        ("get_data_information", {"feature": "bmi", "group": "age > 60"})
    ]
    assert "progressing" in turn.reply  # the group's mean bmi by recorded label
