"""What a new user's own model got wrong, on invented hosts built here.

A brine-tank host (cheese wheels salted in tanks): a binary target stored as 0/1 with names bound by value, an
instance noun of two words ("cheese wheel", said "wheels"), ids from 7001 with gaps, a share kept as a 0-1
fraction (`salt_uptake_share`), a month of the year (`brining_month`) and a span of time (`days_in_brine`), and a
scikit-learn Pipeline (one-hot + scaling) in front of a gradient-boosting classifier:

- a share kept as 0-1 said in percent is a fraction: "above 80%" bounds at 0.8, "were 90 percent" sets 0.9, "10
  points higher" steps by 0.1 (never 80, 90 or 10, which select every row or none, or leave the range);
- "a month later" of a month feature is a step of +1 (never the value 1); "in july or later" bounds it at 7;
- "aged wheels in tank b" keeps the category said before the two-word noun's last word;
- "wheels between 7100 and 7160" bounds the ids;
- "sorry, I meant X not Y" with the noun's plural, "no, I meant the <category> <feature word>", and a correction
  after a breakdown by the feature (the meant category becomes the group); "what share of" names no `..._share`;
- "twice as long" changes the feature that counts a span of time, not a temperature in focus;
- a step question offers a numeric feature as its example.

A restoration-crate host (three outcomes, `none` among them; a money feature in thousands of euros): "come back
with no damage" targets `none`; "€750,000" is 750 and "between 100k and 1.2 million euros" bounds 100-1200.

The phrasings are our own.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

from simxai import Agent
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_argument, extract_changes
from simxai.followup import extract_step, step_feature
from simxai.hosts import host_from_model
from simxai.hosts.tabular import TabularHost, stratified_split
from simxai.prompts import step_question


@pytest.fixture(scope="module")
def wheels() -> tuple[TabularHost, pd.DataFrame]:
    rng = np.random.default_rng(26)
    n = 260
    data = pd.DataFrame(
        {
            "wheel_no": 7001 + np.sort(rng.choice(np.arange(400), n, replace=False)),
            "milk_type": rng.choice(["cow", "goat", "sheep"], n),
            "tank": rng.choice(["oak", "steel", "clay"], n),
            "brine_temp_[c]": np.round(rng.uniform(8, 16, n), 1),
            "days_in_brine": rng.integers(1, 12, n),
            "salt_uptake_share": np.round(rng.uniform(0.3, 0.95, n), 2),
            "brining_month": rng.integers(1, 13, n),
        }
    )
    score = 4 * (data.salt_uptake_share - 0.6) + 0.2 * (data["brine_temp_[c]"] - 12) + rng.normal(0, 0.4, n)
    data["cracked"] = (score > 0).astype(int)
    features = [c for c in data.columns if c not in ("wheel_no", "cracked")]
    numbers = [c for c in features if c not in ("milk_type", "tank")]
    encode = ("cat", OneHotEncoder(handle_unknown="ignore"), ["milk_type", "tank"])
    pre = ColumnTransformer([encode, ("num", StandardScaler(), numbers)])
    model = Pipeline([("pre", pre), ("clf", GradientBoostingClassifier(n_estimators=30, random_state=0))])
    train, test = stratified_split(data.cracked.to_numpy(), 0.2, 0)
    model.fit(data[features].iloc[train], data.cracked.iloc[train])
    host = host_from_model(
        model,
        data,
        name="brine tanks",
        target="cracked",
        class_names={0: "sound", 1: "cracked"},
        instance_noun="cheese wheel",
        id_column="wheel_no",
        test_ids=data.wheel_no.iloc[test],
        feature_aliases={"salt_uptake_share": ["salt uptake"], "brine_temp_[c]": ["brine temperature"]},
    )
    return host, data


def test_a_share_kept_as_a_fraction_is_bounded_in_percent(wheels: tuple[TabularHost, pd.DataFrame]) -> None:
    host, data = wheels
    schema = host.schema()
    assert extract_argument("group", "wheels with a salt uptake above 80%", schema) == "salt_uptake_share > 0.8"
    assert extract_argument("group", "wheels with a salt uptake under 50 percent", schema) == "salt_uptake_share < 0.5"
    between = extract_argument("group", "wheels with a salt uptake between 40 and 60 %", schema)
    assert between == "salt_uptake_share >= 0.4 and salt_uptake_share <= 0.6"
    assert extract_argument("group", "wheels with a salt uptake of 70% or more", schema) == "salt_uptake_share >= 0.7"
    # a number said as the fraction stays as said
    assert extract_argument("group", "wheels with a salt uptake above 0.8", schema) == "salt_uptake_share > 0.8"
    selected = host.resolve("salt_uptake_share < 0.5").ids or []
    assert sorted(selected) == sorted(int(i) for i in data.wheel_no[data.salt_uptake_share < 0.5])
    assert 0 < len(selected) < len(data)


def test_a_share_kept_as_a_fraction_is_changed_in_percent(wheels: tuple[TabularHost, pd.DataFrame]) -> None:
    schema = wheels[0].schema()
    assert extract_changes("what if the salt uptake were 90 percent?", schema) == {"salt_uptake_share": 0.9}
    assert extract_changes("what if the salt uptake were 85%?", schema) == {"salt_uptake_share": 0.85}
    assert extract_changes("what if its salt uptake were 10 points higher?", schema) == {"salt_uptake_share": "+0.1"}
    lower = extract_changes("what if its salt uptake were 5 percentage points lower?", schema)
    assert lower == {"salt_uptake_share": "-0.05"}
    # a relative change and a value said as the fraction stay as read
    assert extract_changes("what if its salt uptake were 10% higher?", schema) == {"salt_uptake_share": "+10%"}
    assert extract_changes("what if the salt uptake were 0.9?", schema) == {"salt_uptake_share": 0.9}
    # a feature that is no fraction keeps its number
    assert extract_changes("what if the brine temperature were 10 degrees?", schema) == {"brine_temp_[c]": 10}


def test_a_month_later_is_a_step(wheels: tuple[TabularHost, pd.DataFrame]) -> None:
    schema = wheels[0].schema()
    assert extract_changes("what if it had been brined a month later?", schema) == {"brining_month": "+1"}
    assert extract_changes("what if it had been brined 2 months earlier?", schema) == {"brining_month": "-2"}
    assert extract_changes("what if the brining month were 3?", schema) == {"brining_month": 3}


def test_months_said_by_name(wheels: tuple[TabularHost, pd.DataFrame]) -> None:
    schema = wheels[0].schema()
    assert extract_argument("group", "wheels brined in july or later", schema) == "brining_month >= 7"
    ranged = extract_argument("group", "wheels brined between march and may", schema)
    assert ranged == "brining_month >= 3 and brining_month <= 5"
    assert extract_argument("group", "wheels brined before april", schema) == "brining_month < 4"
    assert extract_changes("what if it was brined in july?", schema) == {"brining_month": 7}
    # "may" the verb is no month
    assert extract_argument("group", "what may the model predict for wheels in the oak tank?", schema) == "tank = oak"


def test_a_two_word_noun_said_by_its_last_word(wheels: tuple[TabularHost, pd.DataFrame]) -> None:
    host, data = wheels
    schema = host.schema()
    said = extract_argument("group", "show me the goat wheels in the steel tank", schema) or ""
    assert sorted(said.split(" and ")) == ["milk_type = goat", "tank = steel"]
    ids = extract_argument("group", "which wheels between 7100 and 7160 are predicted cracked?", schema)
    assert ids is not None and ids.startswith("id >= 7100 and id <= 7160")
    said = extract_argument("group", "cheese wheels with ids between 7100 and 7160", schema)
    assert said == "id >= 7100 and id <= 7160"
    # numbers with a feature's word after them bound that feature, not the ids
    assert "id" not in (extract_argument("group", "wheels between 7100 and 7160 days in brine", schema) or "")
    expected = sorted(int(i) for i in data.wheel_no[(data.wheel_no >= 7100) & (data.wheel_no <= 7160)])
    assert sorted(host.resolve("id >= 7100 and id <= 7160").ids or []) == expected


async def test_corrections_of_a_category(wheels: tuple[TabularHost, pd.DataFrame]) -> None:
    host, _ = wheels
    conversation = Agent(host, RouterBackend()).conversation()
    await conversation.send("what is the average brine temperature of goat wheels with more than 5 days in brine?")
    turn = await conversation.send("sorry, I meant sheep wheels not goat")
    assert [c.arguments.get("group") for c in turn.calls] == ["days_in_brine > 5 and milk_type = sheep"]
    await conversation.send("what's the average salt uptake of wheels in the oak tank?")
    turn = await conversation.send("no, I meant the clay tank")
    assert [c.arguments.get("group") for c in turn.calls] == ["tank = clay"]


async def test_a_correction_after_a_breakdown(wheels: tuple[TabularHost, pd.DataFrame]) -> None:
    host, _ = wheels
    conversation = Agent(host, RouterBackend()).conversation()
    # "share" asks the question here, it names no salt_uptake_share
    first = await conversation.send("what share of steel tank wheels cracked?")
    assert [(c.function, c.arguments) for c in first.calls] == [("get_data_information", {"feature": "tank"})]
    turn = await conversation.send("sorry, I meant clay not steel")
    assert [(c.function, c.arguments) for c in turn.calls] == [("get_data_information", {"group": "tank = clay"})]


async def test_twice_as_long_changes_the_span_not_the_focus(wheels: tuple[TabularHost, pd.DataFrame]) -> None:
    host, data = wheels
    schema = host.schema()
    step = extract_step("what if it had been in the brine for twice as long?", schema)
    assert step is not None and step.duration
    assert step_feature(step, "brine_temp_[c]", schema) == "days_in_brine"
    assert step_feature(step, "days_in_brine", schema) == "days_in_brine"
    plain = extract_step("what if it were twice as high?", schema)
    assert plain is not None and step_feature(plain, "brine_temp_[c]", schema) == "brine_temp_[c]"
    wheel = int(data.wheel_no.iloc[0])
    conversation = Agent(host, RouterBackend()).conversation()
    await conversation.send(f"what if wheel {wheel} had a brine temperature 2 degrees lower?")
    turn = await conversation.send("what if it had been brined for twice as long?")
    changed = [c.arguments.get("changes") for c in turn.calls if c.function == "explain_what_if"]
    assert changed == [{"days_in_brine": "*2"}]


def test_a_step_question_offers_a_numeric_feature(wheels: tuple[TabularHost, pd.DataFrame]) -> None:
    schema = wheels[0].schema()
    step = extract_step("what if it were twice as high?", schema)
    assert step is not None
    question = step_question(schema, step, None)
    assert question.split("'")[1].startswith("brine_temp_[c]")  # the first numeric feature, never milk_type


@pytest.fixture(scope="module")
def crates() -> TabularHost:
    rng = np.random.default_rng(3)
    n = 240
    data = pd.DataFrame(
        {
            "CrateID": np.arange(3001, 3001 + n),
            "insured_kEUR": np.round(rng.uniform(20, 1800, n), 0),
            "transit_days": rng.integers(1, 15, n),
        }
    )
    score = data.transit_days / 5 + data.insured_kEUR / 900 + rng.normal(0, 0.5, n)
    data["damage"] = np.where(score > 3, "severe", np.where(score > 1.8, "minor", "none"))
    model = RandomForestClassifier(n_estimators=20, random_state=0)
    model.fit(data[["insured_kEUR", "transit_days"]], data.damage)
    aliases = {"insured_kEUR": ["insured value"]}
    return host_from_model(
        model, data, name="crates", target="damage", instance_noun="crate", id_column="CrateID", feature_aliases=aliases
    )


def test_no_damage_names_the_class_none(crates: TabularHost) -> None:
    schema = crates.schema()
    for text in (
        "what would need to change for crate 3010 to come back with no damage?",
        "how could crate 3010 arrive without any damage?",
    ):
        assert extract_argument("target_label", text, schema) == "none"
    assert extract_argument("target_label", "what would it take for crate 3010 to be severe?", schema) == "severe"
    # "no" before a feature's word is no class
    assert extract_argument("target_label", "what if crate 3010 had no transit days?", schema) is None


def test_money_said_in_full_for_a_feature_in_thousands(crates: TabularHost) -> None:
    schema = crates.schema()
    assert extract_changes("what if its insured value were €750,000?", schema) == {"insured_kEUR": 750}
    assert extract_changes("what if its insured value were 750,000 euros?", schema) == {"insured_kEUR": 750}
    assert extract_changes("what if its insured value were €750k?", schema) == {"insured_kEUR": 750}
    # an amount within the data's range is read in the feature's unit, as most users write it
    assert extract_changes("what if its insured value were €500?", schema) == {"insured_kEUR": 500}
    assert extract_argument("group", "crates insured for more than €500,000", schema) == "insured_kEUR > 500"
    ranged = extract_argument("group", "how many crates are insured between 100k and 1.2 million euros?", schema)
    assert ranged == "insured_kEUR >= 100 and insured_kEUR <= 1200"
