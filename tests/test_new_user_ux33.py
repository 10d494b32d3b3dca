"""What a new user bringing a small model of their own (a ski-rental shop's bookings) ran into, fixed (ux33).

The new user's model (not in the repository): one booking per row, `Ski Len (cm)`, `rental_days`, `Bookings` (the
customer's earlier bookings), `powder_day` (True/False) and `gear` (five kinds), labelled on_time, late or damaged.
The tests build hosts of their own with other words, so that nothing is fitted to that model: a community
orchestra's rehearsals (`Hall Dist (km)`, `n_absent`, `guest_conductor`, `section`; labels full / partial /
cancelled, and a count of the earlier `Rehearsals` named like the rows), and tiny schemas (a beach, a bakery).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai.hosts.base import FeatureSchema, HostSchema
from tests.router_conversation import calls as _calls
from tests.router_conversation import send as _send

SECTIONS = ["strings", "woodwind", "brass", "percussion"]


def _rehearsals() -> tuple[Any, pd.DataFrame]:
    from sklearn.compose import make_column_transformer
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import OneHotEncoder

    rng = np.random.default_rng(3333)
    n = 160
    data = pd.DataFrame(
        {
            "rehearsal_id": np.arange(301, 301 + n),
            "Hall Dist (km)": np.round(rng.uniform(0.5, 30, n), 1),
            "n_absent": rng.integers(0, 9, n),
            "Rehearsals": rng.integers(0, 20, n),
            "guest_conductor": rng.uniform(0, 1, n) < 0.3,
            "section": rng.choice(SECTIONS, n),
        }
    )
    trouble = data["Hall Dist (km)"] / 10 + data.n_absent / 3 - data.guest_conductor * 1.2 + (data.section == "brass")
    data["attendance"] = np.where(trouble > 2.6, "cancelled", np.where(trouble < 1.2, "full", "partial"))
    features = ["Hall Dist (km)", "n_absent", "Rehearsals", "guest_conductor", "section"]
    encoder = make_column_transformer((OneHotEncoder(), ["section"]), remainder="passthrough")
    model = make_pipeline(encoder, RandomForestClassifier(n_estimators=15, random_state=0))
    return model.fit(data[features], data.attendance), data


@pytest.fixture(scope="module")
def orchestra() -> tuple[Any, pd.DataFrame]:
    from simxai.hosts import host_from_model

    model, data = _rehearsals()
    host = host_from_model(
        model, data, name="orchestra", target="attendance", instance_noun="rehearsal", id_column="rehearsal_id"
    )
    return host, data


def _schema(features: list[FeatureSchema], noun: str = "day") -> HostSchema:
    return HostSchema(
        name="tiny",
        kind="tabular",
        instance_noun=noun,
        class_names=["calm", "busy", "closed"],
        features=features,
        id_range=(1, 90),
    )


def _category(name: str, values: list[str]) -> FeatureSchema:
    return FeatureSchema(name=name, type="categorical", categories=values)


def _number(name: str) -> FeatureSchema:
    return FeatureSchema(name=name, type="numeric", min=0, max=100)


# --- two values of one category joined by "or" ---------------------------------------------------------------------

_FLAGS = ["green", "yellow", "red", "purple"]


@pytest.mark.parametrize(
    ("condition", "text", "groups"),
    [
        # "or": the rows of either value, as the rows of none of the others
        ("flag = red and flag = yellow", "crowds on red or yellow flag days", ["flag != green and flag != purple"]),
        (
            "wind > 20 and flag = red and flag = purple",
            "windy days with a purple or red flag",
            ["wind > 20 and flag != green and flag != yellow"],
        ),
        ("flag = red and flag = yellow and flag = green and flag = purple", "red, yellow, green or purple", ["all"]),
        # joined otherwise: one group each, to compare (as before)
        ("flag = red and flag = yellow", "red and yellow flag days", ["flag = red", "flag = yellow"]),
        ("flag = red and flag = yellow", "red vs yellow flags", ["flag = red", "flag = yellow"]),
        # one value of the feature: as it is
        ("flag = red and wind > 20", "red flag days or windy ones", ["flag = red and wind > 20"]),
    ],
)
def test_values_joined_by_or_are_the_rows_of_either(condition: str, text: str, groups: list[str]) -> None:
    from simxai.extraction._either_values import either_groups

    schema = _schema([_category("flag", _FLAGS), _number("wind")])
    assert either_groups(condition, text, schema) == groups


def test_a_statistic_of_two_sections_joined_by_or_is_of_their_rows(orchestra: Any) -> None:
    """It was "None of the rehearsals has section = strings and section = brass": a confident answer for nobody."""
    host, data = orchestra
    turn = _send(host, "what's the average Hall Dist (km) for strings or brass?")
    group = "section != percussion and section != woodwind"
    assert _calls(turn) == [("get_data_information", {"feature": "Hall Dist (km)", "group": group})]
    either = data[data.section.isin(["strings", "brass"])]
    assert f"Among the {len(either)} rehearsals with {group}" in turn.reply


def test_two_sections_joined_by_and_are_described_one_by_one(orchestra: Any) -> None:
    host, _ = orchestra
    turn = _send(host, "what's the average Hall Dist (km) for strings and brass?")
    assert [c[1].get("group") for c in _calls(turn)] == ["section = strings", "section = brass"]


# --- steps after a what-if ------------------------------------------------------------------------------------------


def test_one_higher_after_a_what_if_is_a_step(orchestra: Any) -> None:
    """After a what-if, "and one higher?" was answered as a turn about something else. Since dlg45 a step said on a
    turn that goes on ("and ...") continues from the value the what-if set (2 -> 3), not from the recorded one."""
    host, data = orchestra
    recorded = int(data.n_absent[data.rehearsal_id == 305].iloc[0])
    value = 2 if recorded != 2 else 4
    turn = _send(host, f"what if rehearsal 305 had n_absent {value}?", "and one higher?")
    assert _calls(turn) == [("explain_what_if", {"changes": {"n_absent": value + 1}, "instance": 305})]


@pytest.mark.parametrize(
    ("name", "length"),
    [
        ("Hall Dist (km)", True),
        ("depth_m", True),
        ("BoardLength", True),
        ("wall height", True),
        ("rehearsal_minutes", False),
        ("n_absent", False),
        ("longitude", False),
    ],
)
def test_what_measures_a_length(name: str, length: bool) -> None:
    from simxai.followup_length import measures_length

    assert measures_length(_number(name)) is length


def test_longer_of_a_length_in_focus_changes_it_not_a_span_of_time() -> None:
    """After a what-if of `Ski Len (cm)`, "and 10 longer?" changed the host's one span of time (its rental days)."""
    from simxai.followup import extract_step, step_changes

    schema = _schema([_number("Board Len (cm)"), _number("rental_days")])
    step = extract_step("and 10 longer?", schema)
    assert step is not None and step.duration
    assert step_changes(step, "Board Len (cm)", schema) == {"Board Len (cm)": "+10"}
    assert step_changes(step, "wind", _schema([_number("wind"), _number("rental_days")])) == {"rental_days": "+10"}


# --- how many of a label on a True/False event ----------------------------------------------------------------------


def test_how_many_of_a_label_on_an_event_leads_with_that_count(orchestra: Any) -> None:
    """It was the breakdown of every value and label, the count asked for somewhere in it."""
    host, data = orchestra
    turn = _send(host, "how many cancelled rehearsals were there with a guest conductor?")
    group = data[data.guest_conductor]
    count = int((group.attendance == "cancelled").sum())
    assert turn.reply.startswith(f"{count} of the {len(group)} rehearsals with guest_conductor = True")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("how many busy days were there on red flag days?", "2 of the 5 days with red_flag = True"),
        ("how many closed days when there was no red flag?", "3 of the 7 days with red_flag = False"),
        ("how many calm days had a purple flag?", "0 of the 5 days with flag = purple"),
        ("what share of busy days had a red flag?", ""),  # no count asked for
        ("how many red flag days are predicted busy?", ""),  # the model's labels, not the recorded ones
        ("how many busy or closed days on red flag days?", ""),  # two labels
    ],
)
def test_counted_label_of_a_card(text: str, expected: str) -> None:
    from simxai._counted_label import counted_label
    from simxai.results import DataInformationResult, FeatureInfo

    schema = _schema([_category("red_flag", ["False", "True"]), _category("flag", _FLAGS)])
    counts = {"False": {"calm": 3, "busy": 1, "closed": 3}, "True": {"calm": 1, "busy": 2, "closed": 2}}
    if "purple" in text:
        counts = {"purple": {"calm": 0, "busy": 4, "closed": 1}, "red": {"calm": 7, "busy": 0, "closed": 0}}
    feature = "flag" if "purple" in text else "red_flag"
    card = DataInformationResult(
        name="beach",
        description="",
        n_rows=12,
        target="crowd",
        class_balance={"calm": 4, "busy": 3, "closed": 5},
        features=[],
        feature=FeatureInfo(name=feature, type="categorical", categories=list(counts), counts_by_label=counts),
    )
    assert counted_label(card, text, schema).startswith(expected)
    assert bool(counted_label(card, text, schema)) is bool(expected)


# --- the instance noun before an id, beside a feature named like it -------------------------------------------------


def test_the_noun_before_an_id_names_no_feature_of_that_name(orchestra: Any) -> None:
    """The prediction for "rehearsal 305" listed `Rehearsals` as a value asked for; "what if rehearsal 305 ..."
    offered to change it."""
    from simxai.extraction._features import feature_mentions

    host, _ = orchestra
    schema = host.schema()
    assert not feature_mentions("what does the model predict for rehearsal 305?", schema)
    assert not feature_mentions("compare rehearsals 305 and 306", schema)
    assert [m.feature.name for m in feature_mentions("what if it had 3 more rehearsals?", schema)] == ["Rehearsals"]
    turn = _send(host, "what does the model predict for rehearsal 305?")
    assert "Rehearsals =" not in turn.reply


# --- one helper each (review leftovers) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("noun", "plural"),
    [("waltz", "waltzes"), ("quiz", "quizzes"), ("child", "children"), ("call", "calls"), ("policy", "policies")],
)
def test_the_one_plural(noun: str, plural: str) -> None:
    from simxai.hosts.base import plural as plural_of

    assert plural_of(noun) == plural


def test_an_event_named_by_a_z_or_irregular_word_is_read_in_its_plural() -> None:
    """`_event_groups` had a plural of its own ("pop quizes", "field childs"); it takes `hosts.base.plural`."""
    from simxai.extraction._event_groups import event_groups

    schema = _schema([_category("pop_quiz", ["False", "True"]), _category("field_child", ["no", "yes"])])
    assert [g for _, _, g in event_groups("accuracy on pop quizzes", schema)] == ["pop_quiz = True"]
    assert [g for _, _, g in event_groups("on non field children", schema)] == ["field_child = no"]


def test_the_event_patterns_are_built_once_per_host() -> None:
    from simxai.extraction._event_groups import _patterns

    schema = _schema([_category("red_flag", ["False", "True"]), _number("wind")])
    assert _patterns(schema) is _patterns(schema)
    assert [name for name, *_ in _patterns(schema)] == ["red_flag"]


@pytest.mark.parametrize(
    ("name", "words"),
    [("night_call", ["night", "call"]), ("Sold-Out", ["sold", "out"]), ("temp_2", None), ("Dist (km)", None)],
)
def test_spelled_words(name: str, words: list[str] | None) -> None:
    from simxai.hosts.schema_words import spelled_words

    assert spelled_words(_number(name)) == words


def test_a_denied_yes_no_column_is_turned_to_its_no_as_written() -> None:
    from simxai.followup_denied import denied_condition

    schema = _schema([_category("red_flag", ["No", "Yes"]), _number("wind")])
    assert denied_condition("and not red flag?", "wind > 3 and red_flag = Yes", schema) == "wind > 3 and red_flag = No"
    assert denied_condition("and not red flag?", "red_flag = No", schema) is None


class _Counting:
    """A host that counts its predictions: `still_this` predicts (once), `predict` is the other way."""

    def __init__(self, host: Any) -> None:
        self.host, self.predicted, self.still = host, 0, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.host, name)

    def predict(self, subject: Any) -> Any:
        self.predicted += 1
        return self.host.predict(subject)

    def still_this(self, subject: Any) -> Any:
        self.still += 1
        return self.host.still_this(subject)


def test_keeping_the_predicted_label_predicts_once(orchestra: Any) -> None:
    from simxai.functions.counterfactual import explain_how_to_still_be_this

    host, _ = orchestra
    predicted = host.predict(host.resolve(305)).label
    other = next(label for label in host.schema().class_names if label != predicted)
    counting = _Counting(host)
    kept = explain_how_to_still_be_this(counting, 305, predicted)  # type: ignore[arg-type]
    assert (counting.predicted, counting.still) == (0, 1)
    assert kept.ranges and kept.label == predicted
    assert kept.model_dump() == explain_how_to_still_be_this(host, 305).model_dump()
    refused = explain_how_to_still_be_this(counting, 305, other)  # type: ignore[arg-type]
    assert refused.label == predicted and refused.kept_label == other and refused.samples_checked == 0


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("and one higher?", "and 1 higher?"),
        ("one lower please", "1 lower please"),
        ("the one higher", "the one higher"),  # a pronoun
        ("which one older", "which one older"),
        ("one more?", "one more?"),  # "one more question" stays words
    ],
)
def test_a_lone_one_before_a_comparative_is_an_amount(text: str, read: str) -> None:
    """After a what-if, "and one higher?" was answered as a turn about something else."""
    from simxai.normalize import normalize

    assert normalize(text, None) == read


@pytest.mark.parametrize(
    "group", ["section = strings or section = brass", "section = strings or brass", "section = 'strings' or 'brass'"]
)
def test_or_in_a_condition_is_answered_with_the_condition_it_means(orchestra: Any, group: str) -> None:
    """A condition with "or" was refused as "section has no value 'strings or section = brass'", under "no feature
    or value of this data selects it"."""
    from simxai.exceptions import ArgumentError
    from simxai.functions import get_data_information

    host, _ = orchestra
    with pytest.raises(ArgumentError) as refused:
        get_data_information(host, feature="n_absent", group=group)
    said = str(refused.value)
    assert "joins its clauses by 'and' only" in said
    assert "'section != percussion and section != woodwind'" in said
    assert "no feature or value" not in said and "has no value" not in said


def test_a_value_unknown_beside_or_keeps_the_old_refusal(orchestra: Any) -> None:
    from simxai.exceptions import ArgumentError
    from simxai.functions import get_data_information

    host, _ = orchestra
    with pytest.raises(ArgumentError, match="has no value 'strings or harps'"):
        get_data_information(host, feature="n_absent", group="section = strings or harps")


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        ("how many guest conductor rehearsals were there?", "True"),
        ("how many non guest conductor rehearsals were there?", "False"),
    ],
)
def test_how_many_of_an_event_leads_with_its_rows(orchestra: Any, text: str, lead: str) -> None:
    """The True/False column's card came alone, its two values side by side, the count asked for not said first."""
    host, data = orchestra
    turn = _send(host, text)
    rows = data[data.guest_conductor == (lead == "True")]
    # since the forty-first round (ux41) a count of one value is that group's rows, its count said first
    assert _calls(turn) == [("get_data_information", {"group": f"guest_conductor = {lead}"})]
    assert turn.reply.startswith(f"Among the {len(rows)} rehearsals with guest_conductor = {lead} (of {len(data)})")
