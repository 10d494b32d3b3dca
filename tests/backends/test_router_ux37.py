"""A group a metric question names is scored or refused plainly, never dropped; a refused group is not carried on.

Found by the lead as a new user (round 37):

- "how accurate is it for smokers?" where no feature says who smokes answered everyone's accuracy; now the group
  is passed on as said (read by grammar and the host's schema: a noun phrase after "on" / "for" / "among" that is
  no feature, category, label, instance noun or word of all the data), and the function says plainly that it
  cannot score it and what is valid.
- after "how does it do on women?" was refused, "how accurate is it on the test set?" and "... for smokers?" both
  repeated the refusal of 'women': the waiting call kept the refused group.

Near cases that must stay: a real category is scored ("for the small kayaks"), a follow-up moves it ("and on the
large ones?"), and the instance noun alone or the test set is all of the held-out split. On the demo host and an
invented kayak-rental host built here (ids 136401-136500). The phrasings are our own.
"""

from __future__ import annotations

import asyncio
from typing import Any

import numpy as np
import pandas as pd
import pytest

from simxai import Turn
from simxai.backends.router import RouterBackend

from .routing import logistic_host, talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.fixture(scope="module")
def kayaks() -> Any:
    """Rental kayaks, returned damaged or not, by hull size (small, medium, large), length and age."""
    rng = np.random.default_rng(37)
    n = 100
    frame = pd.DataFrame(
        {
            "kayak_id": np.arange(136401, 136401 + n),
            "length_m": np.round(rng.uniform(2.5, 5.5, n), 1),
            "age_years": rng.integers(0, 12, n),
            "hull": rng.choice(["small", "medium", "large"], n),
        }
    )
    wear = 0.3 * frame.age_years - 0.5 * frame.length_m + (frame.hull == "small") + rng.normal(0, 1, n)
    frame["returned"] = np.where(wear > -0.5, "damaged", "intact")
    config = {
        "name": "kayak rental",
        "target": "returned",
        "instance_noun": "kayak",
        "id_column": "kayak_id",
        "test_ids": frame.kayak_id[60:],
    }
    return logistic_host(frame, ["length_m", "age_years"], "hull", "returned", config)


def _turns(host: Any, router: RouterBackend, *texts: str) -> list[Turn]:
    return asyncio.run(talk(host, router, *texts))


def _performance(turn: Turn) -> list[tuple[str, dict[str, Any]]]:
    return [(c.status, c.arguments) for c in turn.calls if c.function == "get_model_performance"]


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("how accurate is the model for beginners?", "beginners"),
        ("how well does it do on kayaks from the north dock?", "kayaks from the north dock"),
        ("what is the recall among tourists?", "tourists"),
    ],
)
def test_a_group_no_feature_selects_is_refused_plainly_not_dropped(
    kayaks: Any, router: RouterBackend, text: str, group: str
) -> None:
    (turn,) = _turns(kayaks, router, text)
    [(status, arguments)] = _performance(turn)
    assert status == "rejected" and arguments["group"] == group
    assert f"cannot be scored on '{group}'" in turn.reply and "hull" in turn.reply


def test_a_category_of_the_host_is_scored_and_a_follow_up_moves_it(kayaks: Any, router: RouterBackend) -> None:
    first, second = _turns(kayaks, router, "how accurate is it for the small kayaks?", "and on the large ones?")
    [(status, arguments)] = _performance(first)
    assert status == "ok" and arguments["group"] == "hull = small"
    [(status, arguments)] = _performance(second)
    assert status == "ok" and arguments["group"] == "hull = large"


@pytest.mark.parametrize("text", ["how accurate is it on the kayaks?", "how accurate is it on the test set?"])
def test_the_instance_noun_alone_or_the_test_set_is_all_the_data(kayaks: Any, router: RouterBackend, text: str) -> None:
    (turn,) = _turns(kayaks, router, text)
    [(status, arguments)] = _performance(turn)
    assert status == "ok" and arguments.get("group") in (None, "all")


def test_a_refused_group_is_not_carried_to_later_turns(demo_host: Any, router: RouterBackend) -> None:
    refused, whole, other = _turns(
        demo_host,
        router,
        "how does it do on women?",
        "how accurate is it on the test set?",
        "how accurate is it for smokers?",
    )
    assert "cannot be scored on 'women'" in refused.reply
    [(status, arguments)] = _performance(whole)
    assert status == "ok" and arguments.get("group") in (None, "all") and "women" not in whole.reply
    [(status, arguments)] = _performance(other)
    assert status == "rejected" and arguments["group"] == "smokers"
    assert "cannot be scored on 'smokers'" in other.reply and "women" not in other.reply


def test_the_held_out_data_after_a_group_is_all_of_the_split(demo_host: Any, router: RouterBackend) -> None:
    grouped, whole = _turns(demo_host, router, "how accurate is it for people over 60?", "and on the held-out data?")
    [(status, arguments)] = _performance(grouped)
    assert status == "ok" and arguments["group"] == "age > 60"
    [(status, arguments)] = _performance(whole)
    assert status == "ok" and arguments.get("group") in (None, "all")
