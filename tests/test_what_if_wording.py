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
        "For applicant 5, region is already north, so nothing changes: the prediction stays rejected "
        "(approved 12.6%, rejected 87.4%)."
    )


def test_an_unchanged_value_beside_a_real_change_is_named_apart():
    reply = _what_if(
        Change(feature="income", old=21.6, new=80),
        Change(feature="region", old="north", new="north"),
        new={"approved": 0.221, "rejected": 0.779},
    ).render()
    assert reply.startswith("For applicant 5, changing income from 21.6 to 80 (region is already north): ")
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
