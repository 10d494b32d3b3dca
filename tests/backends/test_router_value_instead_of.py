"""An instance with a new value "instead of" the one it has is a what-if, not the instance named again (dev20).

"81012 with 3 feeds instead of 1?" names a record and a value set against its current one; the selector reads the
what-if, and the check for a turn that names only an instance (whose masked words are all filler: the id, a
group-like span, "with", "instead of") must not turn it into a prediction. Two groups set against each other ("and
for the rye batches instead of the spelt ones?") and another instance in place of one ("and 62004 instead of
62003?") still name nothing new. Run on the invented greenhouse and bakery schemas of `tests/test_said_units.py`.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.backends._router_masking import mask, only_names_instance
from simxai.backends.router import RouterBackend
from simxai.hosts.base import HostSchema
from tests.backends.routing import route
from tests.test_said_units import BAKERY, GREENHOUSE


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


@pytest.mark.parametrize(
    ("schema", "text", "changes"),
    [
        (GREENHOUSE, "81012 with 3 feeds instead of 1?", {"feed_additions": 3}),
        (BAKERY, "62040 with 6 folds instead of 2", {"fold_count": 6}),
        (BAKERY, "and 62007 with 5 folds instead of the 2 it got?", {"fold_count": 5}),
    ],
)
def test_a_value_set_against_the_current_one_is_a_what_if(
    router: RouterBackend, schema: HostSchema, text: str, changes: dict[str, Any]
) -> None:
    question, calls = route(router, text, schema)
    assert question == ""
    assert [name for name, _ in calls] == ["explain_what_if"]
    assert calls[0][1]["changes"] == changes


@pytest.mark.parametrize(
    ("schema", "text"),
    [(BAKERY, "and 62004 instead of 62003?"), (GREENHOUSE, "what about tray 81004 instead of 81003?")],
)
def test_another_instance_in_place_of_one_still_only_names_it(schema: HostSchema, text: str) -> None:
    assert only_names_instance(mask(text, schema), schema, text)
