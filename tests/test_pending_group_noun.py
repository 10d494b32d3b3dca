"""An answer to "which group?" is no bound on a feature that only the host's noun names (dev21).

After a group the data cannot select ("the low grown trays"), the engine asks which group; the answer "below 900
litres" is read as said of the host's instances ("trays below 900 litres"). When a feature's name holds the
noun ("days_since_tray"), that added noun named the feature and the bound went to it, a group the user never
said. The added noun names no feature: the answer is left unread (the engine asks again) unless the user's own
words name one. Invented greenhouse and bakery schemas of `tests/test_said_units.py`, each with one more feature.
"""

from __future__ import annotations

import pytest

from simxai._pending_answer import answered_arguments
from simxai.functions import default_registry
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.state import PendingCall
from tests.test_said_units import BAKERY, GREENHOUSE

TRAYS = GREENHOUSE.model_copy(
    update={"features": [*GREENHOUSE.features, FeatureSchema(name="days_since_tray", type="numeric", min=0, max=30)]}
)
BATCHES = BAKERY.model_copy(
    update={"features": [*BAKERY.features, FeatureSchema(name="hours_since_batch", type="numeric", min=0, max=48)]}
)


def _answer(schema: HostSchema, user: str) -> str | None:
    pending = PendingCall(function="get_model_performance", arguments={"metric": "all"}, missing="group")
    answered = answered_arguments(pending, user, schema, default_registry())
    return None if answered is None else answered.arguments.get("group")


@pytest.mark.parametrize(("schema", "user"), [(BATCHES, "over 200 grams")])
def test_the_noun_added_to_an_answer_names_no_feature(schema: HostSchema, user: str) -> None:
    assert _answer(schema, user) is None


def test_a_unit_the_user_says_names_its_one_feature_not_the_added_noun() -> None:
    # "litres" is the unit water_l ends in and people say (read since the twenty-fourth round); the added noun
    # ("tray") still names no feature: days_since_tray is not the group
    assert _answer(TRAYS, "below 900 litres") == "water_l < 900"


@pytest.mark.parametrize(
    ("schema", "user", "group"),
    [(TRAYS, "humidity below 40", "humidity_pct < 40"), (BATCHES, "hydration over 70 please", "hydration > 70")],
)
def test_a_feature_the_answer_names_is_read(schema: HostSchema, user: str, group: str) -> None:
    assert _answer(schema, user) == group
