"""Round 47 (neg47): what a new user hit on their own model, in our own wording on an invented host.

An apiary's hives (thriving / weak): the sugar fed in kilograms (0-20), the frames of brood, the inspections and
whether the hive stands on a stand. A new value said with a minus ("-4 kg of sugar", "minus 4", "negative 4")
keeps its sign, so the engine questions it as below the data's range; a range ("4-8"), a marked id ("#-4") or a
hyphenated word gives no sign; and after the question, saying the signed value again runs it as said. "What does
X do?", "how does X matter?", "what's the effect of X?" with a feature alone is the feature's overall effect (the
global explanation), not a what-if nor the data's description of X.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_argument
from simxai.extraction._signed_values import insisted_changes, signed_values
from simxai.hosts.base import FeatureSchema, Host, HostSchema
from tests.backends.routing import logistic_host, ran, route, talk

NUMERIC = ["sugar_kg", "brood_frames", "inspections"]
CONFIG: dict[str, Any] = {
    "name": "apiary hives",
    "target": "weak",
    "class_names": {"0": "thriving", "1": "weak"},
    "instance_noun": "hive",
    "id_column": "hive_no",
    "category_names": {"on_stand": {"0": "no", "1": "yes"}},
    "seed": 0,
}
HIVES = HostSchema(
    name="apiary hives",
    kind="tabular",
    instance_noun="hive",
    class_names=["thriving", "weak"],
    features=[
        FeatureSchema(name="sugar_kg", type="numeric", min=0, max=20),
        FeatureSchema(name="brood_frames", type="numeric", min=4, max=12),
        FeatureSchema(name="inspections", type="numeric", min=0, max=9),
        FeatureSchema(name="on_stand", type="categorical", values=["no", "yes"]),
    ],
    id_range=(8001, 8200),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.fixture(scope="module")
def apiary() -> Host:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(47)
    n = 200
    frame = pd.DataFrame(
        {
            "hive_no": np.arange(8001, 8001 + n),
            "sugar_kg": rng.integers(0, 21, n),
            "brood_frames": rng.integers(4, 13, n),
            "inspections": rng.integers(0, 10, n),
            "on_stand": rng.integers(0, 2, n),
        }
    )
    score = -0.1 * frame["sugar_kg"] - 0.3 * frame["brood_frames"] + 0.1 * frame["inspections"]
    frame["weak"] = (score + rng.normal(0, 0.5, n) > score.median()).astype(int)
    return logistic_host(frame, NUMERIC, "on_stand", "weak", CONFIG)


# --- a value said with its sign keeps it -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "what if hive 8012 had been fed -4 kg of sugar",
        "suppose hive 8012 got minus 4 kg of sugar",
        "what if hive 8012 had negative 4 kg of sugar?",
        "what if hive 8012 had −4 kg of sugar",  # the typographic minus
    ],
)
def test_a_signed_value_keeps_its_sign(text: str) -> None:
    assert extract_argument("changes", text, HIVES) == {"sugar_kg": -4}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what if hive 8012 had been fed 4 kg of sugar", 4),
        ("what if hive 8012 had been fed 4-8 kg of sugar", 8),  # a range: the 8 has no sign
        ("what if hive 8012 had 10 minus 4 kg of sugar", 4),  # a sum, not a sign
    ],
)
def test_a_dash_that_is_no_sign_gives_none(text: str, expected: int) -> None:
    changes = extract_argument("changes", text, HIVES)
    assert isinstance(changes, dict) and changes.get("sugar_kg") == expected


def test_only_a_number_said_with_a_sign_every_time_is_negated() -> None:
    assert signed_values("4 kg of sugar, not -4", {"sugar_kg": 4}) == {"sugar_kg": 4}
    assert signed_values("hive #-4 had 4 kg of sugar", {"sugar_kg": 4}) == {"sugar_kg": 4}
    assert signed_values("a follow-up 4 kg of sugar", {"sugar_kg": 4}) == {"sugar_kg": 4}
    assert signed_values("-4 kg of sugar", {"sugar_kg": 4, "on_stand": "yes"}) == {"sugar_kg": -4, "on_stand": "yes"}
    assert signed_values("sugar -4", {"sugar_kg": "-4"}) == {"sugar_kg": "-4"}  # a step stays a step


def test_an_insisted_value_replaces_the_offered_step() -> None:
    questioned: dict[str, Any] = {"sugar_kg": "-4", "inspections": 3}
    assert insisted_changes(questioned, "no, really -4") == {"sugar_kg": -4, "inspections": 3}
    assert insisted_changes(questioned, "I said minus 4") == {"sugar_kg": -4, "inspections": 3}
    assert insisted_changes(questioned, "no, 4 lower") is None  # a step, read as before
    assert insisted_changes(questioned, "no, -3") is None  # another value: read as before
    assert insisted_changes({"sugar_kg": 30}, "yes, 30") is None  # nothing was offered


async def test_the_engine_questions_a_signed_value_and_runs_it_when_insisted(
    apiary: Host, router: RouterBackend
) -> None:
    asked, insisted = await talk(apiary, router, "what if hive 8012 had been fed -4 kg of sugar?", "no, really -4")
    assert not ran(asked) and "below the data's range" in asked.reply
    assert ran(insisted) == [("explain_what_if", {"instance": 8012, "changes": {"sugar_kg": -4}})]


async def test_yes_to_the_question_still_takes_the_step(apiary: Host, router: RouterBackend) -> None:
    _, stepped = await talk(apiary, router, "what if hive 8012 had been fed -4 kg of sugar?", "yes")
    assert ran(stepped) == [("explain_what_if", {"instance": 8012, "changes": {"sugar_kg": "-4"}})]


# --- "what does X do?": the feature's overall effect ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "what does on_stand do?",
        "what does sugar_kg do",
        "how does sugar matter?",
        "what's the effect of inspections?",
        "so what is the role of brood_frames and sugar_kg?",
    ],
)
def test_a_feature_alone_asks_its_effect(router: RouterBackend, text: str) -> None:
    assert route(router, text, HIVES) == ("", [("get_global_explanation", {})])


@pytest.mark.parametrize(
    "text",
    [
        "what does on_stand do for hive 8012?",  # one hive's: not the overall effect
        "what does on_stand = yes do?",  # a value: not the feature alone
        "what does hive 8012 do?",
    ],
)
def test_a_subject_or_a_value_is_no_bare_effect_question(router: RouterBackend, text: str) -> None:
    _, found = route(router, text, HIVES)
    assert found != [("get_global_explanation", {})]


async def test_the_reply_leads_with_the_feature_asked_about(apiary: Host, router: RouterBackend) -> None:
    [turn] = await talk(apiary, router, "what does on_stand do?")
    assert ran(turn) == [("get_global_explanation", {})]
    assert turn.reply.startswith("on_stand is ")
