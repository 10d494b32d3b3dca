"""Round 44 (ux44), on invented hosts in our own wording: a brickworks' bricks (sound / cracked) and a market
garden's crates (sell / compost). Single-turn readings: a category value named by the one word of its name that
tells it apart; "N times" as a count, never a feature whose alias holds "time"; "breakdown <id>" as the record's
explanation; a what-if that makes a value unknown (null: run when the model reads missing values, refused naming
why when it does not); "why is 4 not X?" when 4 is predicted X, said plainly with the question for its explanation.
"""

from __future__ import annotations

import asyncio
from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import HistGradientBoostingClassifier

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes, extract_group, missing_changes
from simxai.extraction.mentions import feature_mentions
from simxai.hosts import host_from_model
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import calls, logistic_host, route, talk, what_if_history

BRICKS = HostSchema(
    name="brickworks bricks",
    kind="tabular",
    instance_noun="brick",
    class_names=["sound", "cracked"],
    features=[
        FeatureSchema(name="kiln temp (C)", type="numeric", min=800, max=1300),
        FeatureSchema(name="PressCount", type="numeric", min=1, max=9, aliases=["presses"]),
        FeatureSchema(name="DryingSeconds", type="numeric", min=5, max=60, aliases=["drying time"]),
        FeatureSchema(name="clay", type="categorical", categories=["red earthenware", "fire clay", "white stoneware"]),
    ],
    id_range=(3001, 3400),
)
CRATES = HostSchema(
    name="market garden crates",
    kind="tabular",
    instance_noun="crate",
    class_names=["sell", "compost"],
    features=[
        FeatureSchema(name="crop", type="categorical", categories=["sweet pepper", "chilli pepper", "butter bean"]),
        FeatureSchema(name="days_picked", type="numeric", min=0, max=9),
    ],
    id_range=(501, 900),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- a value named by the word of its name that tells it apart --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "host", "group"),
    [
        ("precision on the stoneware", BRICKS, "clay = white stoneware"),
        ("how often is it right on the earthenware ones?", BRICKS, "clay = red earthenware"),
        ("how accurate is it for the earthenware bricks", BRICKS, "clay = red earthenware"),
        ("how accurate is it on the beans?", CRATES, "crop = butter bean"),
        ("precision on white stoneware", BRICKS, "clay = white stoneware"),  # said whole
    ],
)
def test_a_value_named_by_its_telling_word(router: RouterBackend, text: str, host: HostSchema, group: str) -> None:
    _asked, made = route(router, text, host)
    assert [a.get("group") for _n, a in made] == [group]


def test_a_word_of_two_values_names_neither(router: RouterBackend) -> None:
    _asked, made = route(router, "how accurate is it on the peppers?", CRATES)  # sweet or chilli pepper
    assert all(not str(a.get("group", "")).startswith("crop =") for _n, a in made)


def test_the_router_scores_the_group_a_telling_word_names(router: RouterBackend) -> None:
    _asked, made = route(router, "precision on the stoneware", BRICKS)
    assert made == [("get_model_performance", {"metric": "precision", "group": "clay = white stoneware"})]


# --- "N times" is a count ---------------------------------------------------------------------------------------------


def test_times_after_a_count_names_no_feature() -> None:
    # since ext45 the rule lives in `feature_mentions` itself (`_counted_times`), not after the fact in the router
    said = "pressed two more times, with a drying time of 20"
    assert [m.feature.name for m in feature_mentions(said, BRICKS)] == ["PressCount", "DryingSeconds"]
    assert extract_group("bricks pressed more than 3 times", BRICKS) == "PressCount > 3"
    assert extract_changes("what if brick 3010 were pressed two more times", BRICKS) == {"PressCount": "+2"}


@pytest.mark.parametrize(
    ("text", "called"),
    [
        ("how does it do on bricks pressed more than 3 times", ("get_model_performance", "group", "PressCount > 3")),
        ("what if brick 3010 was pressed three more times", ("explain_what_if", "changes", {"PressCount": "+3"})),
    ],
)
def test_a_count_of_times_is_no_change_or_bound_of_a_time(
    router: RouterBackend, text: str, called: tuple[str, str, Any]
) -> None:
    _asked, made = route(router, text, BRICKS)
    name, argument, value = called
    assert [(n, a.get(argument)) for n, a in made] == [(name, value)]


def test_a_count_of_times_after_a_what_if_keeps_its_changes_and_adds_none_of_a_time(router: RouterBackend) -> None:
    dried = what_if_history("what if brick 3010 had a drying time of 20", {"DryingSeconds": 20}, None, 3010)
    _asked, made = route(router, "and pressed two more times too", BRICKS, dried)
    assert [a.get("changes") for _n, a in made] == [{"DryingSeconds": 20, "PressCount": "+2"}]
    pressed = what_if_history("what if brick 3010 had 2 presses", {"PressCount": 2}, None, 3010)
    _asked, made = route(router, "and fired it 3 more times too", BRICKS, pressed)
    # no change read: never the previous what-if again as if it were the new one (the engine asks what should change)
    assert [a.get("changes") for _n, a in made] == [None]


# --- "breakdown <id>" -------------------------------------------------------------------------------------------------


def test_breakdown_of_an_id_is_its_explanation(router: RouterBackend) -> None:
    assert route(router, "breakdown 3012", BRICKS) == ("", [("get_local_explanation", {"instance": 3012})])


# --- a value made unknown, and a why-not of the label it has ----------------------------------------------------------


def test_a_value_said_unknown_is_a_null_change() -> None:
    assert missing_changes("and if the kiln temp were unknown for brick 3005?", BRICKS) == {"kiln temp (C)": None}
    assert missing_changes("what if brick 3005 had a missing drying time", BRICKS) == {"DryingSeconds": None}
    assert missing_changes("what if brick 3005 had a higher kiln temp", BRICKS) is None


def _frame(seed: int, gaps: bool) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    n = 160
    frame = pd.DataFrame(
        {
            "brick_no": np.arange(3001, 3001 + n),
            "kiln temp (C)": np.round(rng.uniform(800, 1300, n)),
            "shelves": rng.integers(1, 7, n).astype(float),
            "clay": rng.choice(["red earthenware", "fire clay", "white stoneware"], n),
        }
    )
    score = 0.01 * (frame["kiln temp (C)"] - 1050) - 0.3 * frame.shelves + rng.normal(0, 1, n)
    frame["outcome"] = np.where(score > -0.5, "cracked", "sound")
    if gaps:
        frame.loc[[3, 8, 40], "kiln temp (C)"] = np.nan
    return frame


@pytest.fixture(scope="module")
def bricks() -> Any:
    """Bricks under a scaled logistic regression, which reads no missing value."""
    config = {"name": "brickworks", "target": "outcome", "instance_noun": "brick", "id_column": "brick_no"}
    return logistic_host(_frame(44, False), ["kiln temp (C)", "shelves"], "clay", "outcome", config)


@pytest.fixture(scope="module")
def gapped() -> Any:
    """Bricks under a gradient-boosted model that reads a missing kiln temperature itself."""
    frame = _frame(45, True)
    model = HistGradientBoostingClassifier(max_iter=30, random_state=0)
    model.fit(frame[["kiln temp (C)", "shelves"]], frame.outcome)
    kept = frame[["brick_no", "kiln temp (C)", "shelves", "outcome"]]
    return host_from_model(model, kept, name="kiln", target="outcome", instance_noun="brick", id_column="brick_no")


def test_unknown_is_refused_naming_why_when_the_model_reads_no_gap(bricks: Any, router: RouterBackend) -> None:
    (turn,) = asyncio.run(talk(bricks, router, "and if the kiln temp were unknown for brick 3005?"))
    assert calls(turn) == []
    assert "cannot be set to missing: the model does not read missing values itself" in turn.reply
    assert "What should kiln temp (C) be" not in turn.reply  # no new value asked: the user said it is not known


def test_unknown_runs_as_null_when_the_model_reads_the_gap(gapped: Any, router: RouterBackend) -> None:
    (turn,) = asyncio.run(talk(gapped, router, "what if brick 3005's kiln temp were missing?"))
    assert calls(turn) == [("explain_what_if", {"instance": 3005, "changes": {"kiln temp (C)": None}})]


def test_why_not_the_label_it_has_offers_its_explanation(bricks: Any, router: RouterBackend) -> None:
    label = bricks.predict(bricks.resolve(3005)).label
    (turn,) = asyncio.run(talk(bricks, router, f"why is brick 3005 not {label}?"))
    assert f"already predicts {label} for brick 3005" in turn.reply
    assert f"why does the model predict {label} for brick 3005?" in turn.reply
    assert "nothing needs to change" not in turn.reply
