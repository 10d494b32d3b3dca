"""A what-if whose change is the instance's own value says so instead of 'changing region from north to north'.

Found on the bundled loan host: "what if applicant 5 lived in the north?" (applicant 5 lives in the north)
was answered "changing region from north to north: the prediction stays rejected (before: ...; after: ...)".
"""

from __future__ import annotations

from simxai.results import Change, Subject, WhatIfResult

PROBABILITIES = {"approved": 0.126, "rejected": 0.874}


def _what_if(*changes: Change, new: dict[str, float] = PROBABILITIES) -> WhatIfResult:
    return WhatIfResult(
        subject=Subject(kind="row", description="applicant 5", id=5),
        changes=list(changes),
        old_label="rejected",
        old_probabilities=PROBABILITIES,
        new_label="rejected" if new["rejected"] > 0.5 else "approved",
        new_probabilities=new,
    )


def test_a_change_to_the_value_it_already_has_is_said_to_change_nothing():
    reply = _what_if(Change(feature="region", old="north", new="north")).render()
    assert reply == (
        "Applicant 5 already has region = north, so nothing changes: the prediction stays rejected "
        "(approved 12.6%, rejected 87.4%)."
    )


def test_an_unchanged_value_beside_a_real_change_is_named_apart():
    reply = _what_if(
        Change(feature="income", old=21.6, new=80),
        Change(feature="region", old="north", new="north"),
        new={"approved": 0.221, "rejected": 0.779},
    ).render()
    assert reply.startswith("For applicant 5, changing income from 21.6 to 80 (it already has region = north): ")
    assert "from north to north" not in reply
    assert reply.endswith("after: approved 22.1%, rejected 77.9%).")


def test_real_changes_read_as_before():
    reply = _what_if(
        Change(feature="region", old="north", new="south"), new={"approved": 0.6, "rejected": 0.4}
    ).render()
    assert reply == (
        "For applicant 5, changing region from north to south: the prediction changes to approved "
        "(before: rejected, approved 12.6%, rejected 87.4%; after: approved 60.0%, rejected 40.0%)."
    )


# The same through the function on a real host: the output itself says it, for the verbaliser as for the rendering.
# Policyholder 5200 of the insurance host (bench/dev_hosts.py) smokes and has a bmi of 34.


def _run(hosts, changes: dict[str, object]) -> tuple[dict, str]:
    from simxai.functions import default_registry
    from simxai.results import render_result, result_payload

    result = default_registry().get("explain_what_if")(hosts["insurance"], {"instance": 5200, "changes": changes})
    return result_payload(result), render_result(result)


def test_a_categorical_value_the_instance_already_has_is_a_note_of_the_output(hosts):
    payload, rendering = _run(hosts, {"smoker": "yes"})
    assert payload["changes"] == [{"feature": "smoker", "old": "yes", "new": "yes"}]
    assert payload["note"] == "policyholder 5200 already has smoker = yes, so nothing changes"
    assert payload["new_probabilities"] == payload["old_probabilities"]
    assert rendering.startswith("Policyholder 5200 already has smoker = yes, so nothing changes: the prediction stays")


def test_a_numeric_value_the_instance_already_has_is_a_note_of_the_output(hosts):
    payload, rendering = _run(hosts, {"bmi": "34"})
    assert payload["changes"] == [{"feature": "bmi", "old": 34.0, "new": 34.0}]
    assert payload["note"] == "policyholder 5200 already has bmi = 34, so nothing changes"
    assert rendering.startswith("Policyholder 5200 already has bmi = 34, so nothing changes: the prediction stays")


def test_beside_a_real_change_the_note_names_only_the_value_already_there(hosts):
    payload, rendering = _run(hosts, {"smoker": "yes", "bmi": 30})
    assert payload["note"] == "policyholder 5200 already has smoker = yes"
    assert rendering.startswith("For policyholder 5200, changing bmi from 34 to 30 (it already has smoker = yes): ")
    assert _run(hosts, {"bmi": 30})[0]["note"] is None  # a real change alone needs no note


def test_a_group_has_no_note_its_change_is_a_summary_of_its_rows():
    group = Subject(kind="group", description="smokers", condition="smoker = yes", size=3, ids=[1, 2, 3])
    result = WhatIfResult(
        subject=group,
        changes=[Change(feature="smoker", old="yes", new="yes")],
        old_label="rejected",
        old_probabilities=PROBABILITIES,
        new_label="rejected",
        new_probabilities=PROBABILITIES,
        old_label_counts={"rejected": 3},
        new_label_counts={"rejected": 3},
    )
    assert result.note is None and "note" in result.model_dump()


# A relative change ("a third higher") computes a value the data never records at that precision: the
# rendering shows it at the feature's recorded decimals, the payload keeps the exact value the model was given.


def test_a_computed_value_is_rendered_at_the_features_precision():
    change = Change(feature="glucose", old=81.0, new=107.9973, decimals=0)
    assert change.render() == "glucose from 81 to 108"
    assert Change(feature="bmi", old=23.7, new=26.07, decimals=1).render() == "bmi from 23.7 to 26.1"
    assert Change(feature="bmi", old=23.7, new=26.07).render() == "bmi from 23.7 to 26.07"  # a value as given


def test_a_relative_what_if_states_the_new_value_at_the_datas_precision(demo_host):
    from simxai.functions import default_registry
    from simxai.results import render_result, result_payload

    glucose = demo_host.resolve(12).values["glucose"]
    result = default_registry().get("explain_what_if")(demo_host, {"instance": 12, "changes": {"glucose": "+33.33%"}})
    payload = result_payload(result)
    exact = glucose * 1.3333
    assert payload["changes"] == [{"feature": "glucose", "old": glucose, "new": round(exact, 10), "decimals": 0}]
    assert f"changing glucose from {glucose:.0f} to {exact:.0f}: " in render_result(result)
    # A value the user gave is stated as given, without a precision.
    assert (
        "decimals" not in result_payload(demo_host.what_if(demo_host.resolve(12), {"glucose": 90.5})).get("changes")[0]
    )


def test_every_value_asked_that_it_already_has_is_named_in_one_sentence():
    reply = _what_if(
        Change(feature="region", old="north", new="north"), Change(feature="income", old=21.6, new=21.6)
    ).render()
    assert reply.startswith("Applicant 5 already has region = north and income = 21.6, so nothing changes: ")


def test_a_word_a_text_already_has_is_named_as_a_word():
    result = WhatIfResult(
        subject=Subject(kind="text", description='the review "a good film"', text="a good film"),
        changes=[Change(feature="good", old="good", new="good")],
        old_label="positive",
        old_probabilities={"negative": 0.2, "positive": 0.8},
        new_label="positive",
        new_probabilities={"negative": 0.2, "positive": 0.8},
    )
    assert result.note == "the review \"a good film\" already has the word 'good', so nothing changes"
    assert result.render().startswith("The review \"a good film\" already has the word 'good', so nothing changes: ")
