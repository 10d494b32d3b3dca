"""Class names that are ordinary words, on two hosts built here: phone customers who `stays` or `switches`, and
magazine readers who `keeps` or `cancels` the subscription. The engine's own what-if says "the prediction stays
switches (before: switches, stays 31.0 %, ...)": "stays" there is once the verb of the class after it and once the
class of a number, never the cue of a state after a change. Its data card opens with the data's description,
whose count ("about 2,400 readers") and class words are the output's own. Each rendering is the engine's, and the
guard must pass it; a wrong one is still flagged. Our own words and hosts.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from simxai.functions import default_registry
from simxai.guard import Vocabulary, check_claims
from simxai.hosts.tabular import TabularHost
from simxai.results import render_result, result_payload

REGISTRY = default_registry()
FIRST_ID = 6101


def _host(name: str, classes: tuple[str, str], noun: str, description: str) -> TabularHost:
    import numpy as np
    import pandas as pd
    from sklearn.linear_model import LogisticRegression

    from simxai.hosts.in_memory import fit_host

    rng = np.random.default_rng(len(name))
    n = 240
    frame = pd.DataFrame(
        {
            "member_id": np.arange(FIRST_ID, FIRST_ID + n),
            "monthly_fee": np.round(rng.uniform(8, 60, n), 1),
            "complaints": rng.integers(0, 6, n),
            "years_member": np.round(rng.uniform(0.1, 12, n), 1),
        }
    )
    score = 0.05 * (frame.monthly_fee - 34) + 0.5 * (frame.complaints - 2.5) - 0.2 * (frame.years_member - 6)
    frame["outcome"] = (score + rng.normal(0, 0.7, n) > 0).astype(int)
    return fit_host(
        LogisticRegression(max_iter=500),
        frame,
        name=name,
        target="outcome",
        class_names={"0": classes[0], "1": classes[1]},
        instance_noun=noun,
        id_column="member_id",
        cards={"description": description},
    )


@pytest.fixture(scope="module")
def word_hosts() -> dict[str, TabularHost]:
    return {
        "phones": _host(
            "phone plan churn",
            ("stays", "switches"),
            "customer",
            "Customers of an invented phone network (about 12,500 lines); a customer is marked switches when the "
            "number was ported out within the year, else stays.",
        ),
        "magazines": _host(
            "magazine renewals",
            ("keeps", "cancels"),
            "reader",
            "Readers of an invented monthly magazine (about 2,400 readers); a reader is marked cancels when the "
            "subscription ended before the renewal date, else keeps.",
        ),
    }


def _check(host: TabularHost, reply: str, output: Any) -> Any:
    vocabulary = Vocabulary.for_schema(host.schema(), REGISTRY.names())
    return check_claims(reply, [output], vocabulary=vocabulary)


def _what_ifs(host: TabularHost) -> list[Any]:
    """What-ifs on ten customers: a higher fee, fewer complaints, and a fee they already pay."""
    what_if = REGISTRY.get("explain_what_if")
    results = []
    for instance in range(FIRST_ID, FIRST_ID + 10):
        raised = what_if(host, {"instance": instance, "changes": {"monthly_fee": "+15"}})
        fee = raised.changes[0].old
        results += [raised, what_if(host, {"instance": instance, "changes": {"complaints": 0}})]
        results.append(what_if(host, {"instance": instance, "changes": {"monthly_fee": fee}}))
    return results


@pytest.mark.parametrize("name", ["phones", "magazines"])
def test_the_engine_s_what_if_passes_on_classes_that_are_verbs(word_hosts: dict[str, TabularHost], name: str) -> None:
    host = word_hosts[name]
    results = _what_ifs(host)
    flipped = [r for r in results if r.old_label != r.new_label]
    kept = [r for r in results if r.old_label == r.new_label]
    assert flipped and kept  # both renderings are met: "changes to X" and "stays X"
    for result in results:
        report = _check(host, render_result(result), result_payload(result))
        assert report.passed, (render_result(result), report.unsupported)


@pytest.mark.parametrize("name", ["phones", "magazines"])
def test_a_wrong_what_if_on_such_classes_is_still_flagged(word_hosts: dict[str, TabularHost], name: str) -> None:
    host = word_hosts[name]
    kept = next(r for r in _what_ifs(host) if r.old_label == r.new_label and min(r.old_probabilities.values()) > 0.1)
    first, second = host.schema().class_names
    other = second if kept.new_label == first else first
    # the other class's probability before the change given as the class that stays
    output = result_payload(kept)
    wrong = copy.deepcopy(output)
    wrong["old_probabilities"] = {k: 1 - v for k, v in output["old_probabilities"].items()}
    rendered = render_result(kept)
    assert not _check(host, rendered, wrong).passed
    # the outcome said to be the other class
    said = rendered.replace(f"stays {kept.new_label} (", f"stays {other} (", 1)
    assert said != rendered and not _check(host, said, output).passed


@pytest.mark.parametrize(("name", "count", "wrong"), [("phones", "12,500", "12,800"), ("magazines", "2,400", "2,700")])
def test_the_data_card_s_own_description_is_no_claim(
    word_hosts: dict[str, TabularHost], name: str, count: str, wrong: str
) -> None:
    host = word_hosts[name]
    result = REGISTRY.get("get_data_information")(host, {})
    rendered = render_result(result)
    assert count in rendered and "marked" in rendered  # the description, class names and all
    assert _check(host, rendered, result_payload(result)).passed, _check(host, rendered, result_payload(result))
    # a count in the reply's own words is read, the thousands separator as the output writes it
    own = f"The data describes about {count} members; the table holds {result.n_rows} rows."
    assert _check(host, own, result_payload(result)).passed
    assert not _check(host, own.replace(count, wrong), result_payload(result)).passed


@pytest.mark.parametrize(
    ("host", "instance", "reply", "wrong"),
    [
        (
            "demo",
            71,
            "Patient 71 is predicted progressing, and that prediction is very stable: no single value moves it.",
            "Patient 71 is predicted stable.",
        ),
        (
            "insurance",
            5480,
            "Policyholder 5480 is predicted surcharge, and the prediction is rather standard for a bmi this high.",
            "Policyholder 5480 is predicted standard.",
        ),
    ],
)
def test_a_class_name_said_in_degrees_is_an_adjective(
    check_reply: Any, host: str, instance: int, reply: str, wrong: str
) -> None:
    # a class has no degrees: "very stable", "rather standard" describe, they name no class predicted
    report = check_reply(host, "get_prediction", {"instance": instance}, reply)
    assert report.passed, report.unsupported
    assert not check_reply(host, "get_prediction", {"instance": instance}, wrong).passed
