"""Ids after another word for the record ("voucher 5302", "why does it rate 40217 ..."), on hosts whose ids lie
far beyond every feature's values, and the numbers that stay no id there.

The positive forms run on two invented hosts with different id ranges (an insurer with ids 5001-5600 and a
meter host with ids 40001-40800); the demo host (ids 0-441, cholesterol up to 301) checks that the rule stays
out wherever an id could also be a feature's value.
"""

from __future__ import annotations

import pytest

from simxai.extraction import extract_changes, extract_ids, extract_instance
from simxai.hosts.base import FeatureSchema, Host, HostSchema

INSURER = HostSchema(
    name="insurer",
    kind="tabular",
    instance_noun="policyholder",
    class_names=["standard", "surcharge"],
    features=[
        FeatureSchema(name="age", type="numeric", min=18, max=80),
        FeatureSchema(name="bmi", type="numeric", min=16, max=45),
        FeatureSchema(name="claims_last_year", type="numeric", min=0, max=9, aliases=["claims"]),
        FeatureSchema(name="region", type="categorical", categories=["north", "south"]),
    ],
    id_range=(5001, 5600),
)
METER = HostSchema(
    name="meters",
    kind="tabular",
    instance_noun="meter",
    class_names=["on_time", "late"],
    features=[
        FeatureSchema(name="usage_kwh", type="numeric", min=40, max=2400, aliases=["usage", "reading"]),
        FeatureSchema(name="late_payments", type="numeric", min=0, max=12),
        FeatureSchema(name="monthly_bill", type="numeric", min=20, max=400, aliases=["bill"]),
        FeatureSchema(name="tariff", type="categorical", categories=["fixed", "flexible"]),
    ],
    id_range=(40001, 40800),
)
FAR = {"insurer": (INSURER, 5302, "claims"), "meter": (METER, 40217, "reading")}

# Another noun, a verb or nothing before the id, and text after it; "{f}" is a word of one of the host's features.
FORMS = [
    "what does it predict for voucher {n}",
    "explain docket {n} for me please",
    "how come it rates {n} so badly",
    "does it expect {n} to end up the other way",
    "ref is {n}, what did the model say",
    "what happens to {n} if nothing changes",
    "Suppose {n} were in the other group. Same answer?",
    "is it right about {f} {n}? I know how that one ended",
    "how robust is {n} to small changes",
    "the north one is {n} - what counts against it",
]


@pytest.mark.parametrize("host", sorted(FAR))
@pytest.mark.parametrize("form", FORMS)
def test_an_id_no_feature_could_take_is_the_instance_whatever_word_leads_it(form: str, host: str) -> None:
    schema, number, word = FAR[host]
    text = form.format(n=number, f=word)
    assert extract_ids(text, schema) == [number]
    assert extract_instance(text, schema) == number


# Numbers in the id range that a count, a bound, a new value, a unit or a second number still claims.
STILL_CLAIMED = [
    "show the top {n}",
    "how does it do on everyone over {n}",
    "what if the bmi were {n}",
    "set usage to {n} and predict again",
    "{n}% less",
    "{n} records in all",
    "voucher {n} {f}",  # a feature's name or unit after the number
    "is it {n} or {m}?",
    "citation {n} and citation {m}",
]


@pytest.mark.parametrize("host", sorted(FAR))
@pytest.mark.parametrize("text", STILL_CLAIMED)
def test_a_claimed_or_doubtful_number_stays_no_id(text: str, host: str) -> None:
    schema, number, word = FAR[host]
    assert extract_ids(text.format(n=number, m=number + 1, f=word), schema) == []


@pytest.mark.parametrize("host", sorted(FAR))
def test_a_number_outside_the_id_range_stays_the_engines_question(host: str) -> None:
    schema, _, _ = FAR[host]
    assert schema.id_range is not None
    assert extract_ids(f"what does it predict for voucher {schema.id_range[1] + 50}", schema) == []


@pytest.mark.parametrize(
    "text", ["what does it predict for voucher 302", "how come it rates 302 so badly", "glucose 120"]
)
def test_on_the_demo_ids_overlap_feature_values_so_a_foreign_word_keeps_the_number(text: str, demo_host: Host) -> None:
    schema = demo_host.schema()
    assert schema.id_range == (0, 441)
    assert extract_ids(text, schema) == []


def test_a_feature_with_no_known_range_may_take_any_number() -> None:
    open_ended = INSURER.model_copy(
        update={"features": [*INSURER.features, FeatureSchema(name="premium", type="numeric")]}
    )
    assert extract_ids("what does it predict for voucher 5302", INSURER) == [5302]
    assert extract_ids("what does it predict for voucher 5302", open_ended) == []


# Hosts with a feature alias that holds the host's noun ("age of the ticket", "patient's age"): "ticket 21065"
# names the record; the alias still names its feature where no id follows.
TICKETS = HostSchema(
    name="tickets",
    kind="tabular",
    instance_noun="ticket",
    class_names=["unpaid", "paid"],
    features=[
        FeatureSchema(name="days_open", type="numeric", min=1, max=56, aliases=["age of the ticket", "days"]),
        FeatureSchema(name="vehicle", type="categorical", categories=["car", "van"]),
        FeatureSchema(name="fine_amount", type="numeric", min=35, max=110, aliases=["fine"]),
    ],
    id_range=(21001, 21500),
)
WARD = HostSchema(
    name="ward",
    kind="tabular",
    instance_noun="patient",
    class_names=["stable", "progressing"],
    features=[
        FeatureSchema(name="age", type="numeric", min=19, max=79, aliases=["age of the patient"]),
        FeatureSchema(name="smoker", type="categorical", categories=["no", "yes"]),
    ],
    id_range=(0, 441),
)
NOUN_HOSTS = {"tickets": (TICKETS, 21065, "days_open", "vehicle", "van"), "ward": (WARD, 302, "age", "smoker", "yes")}


@pytest.mark.parametrize("host", sorted(NOUN_HOSTS))
def test_the_hosts_noun_before_an_id_is_no_change_of_a_feature_whose_alias_holds_it(host: str) -> None:
    schema, number, numeric, categorical, category = NOUN_HOSTS[host]
    noun = schema.instance_noun
    assert extract_changes(f"what if {noun} {number} had {categorical} {category}", schema) == {categorical: category}
    assert extract_changes(f"what if {noun} #{number} had {categorical} {category}", schema) == {categorical: category}
    assert extract_changes(f"what if the {noun} were 30", schema) == {numeric: 30}  # no id after the noun
