"""Round 49 (twins49): one reading of the class conditions of a group, for the class group carried into a metric
question (stale48) and for the class counted by a count that a turn then narrows (dlg42), on the ropeway host of
dlg42's tests and in our own wording.

The narrowing read only "label = X" / "prediction = X"; a count of two classes ("predicted halt or slow") is kept
as the class left out ("prediction != run"), which stayed in the narrowed group: the predictions of the halted and
slowed cabins only, where one class counted got the predictions of every cabin of the group.
"""

from __future__ import annotations

import pytest

from simxai.backends._dialogue_narrowing import narrowed_count
from simxai.backends._router_class_group import class_conditions_dropped, without_class_conditions
from simxai.backends._router_decision import Decision
from simxai.messages import Message
from tests.backends.test_router_dlg42 import _ASKED, _request


@pytest.mark.parametrize(
    ("group", "kept"),
    [
        ("prediction = halt and line = valley line", "line = valley line"),
        ("prediction != run and line = valley line", "line = valley line"),
        ("Label = halt", ""),
        ("line = upper line and wind (km/h) > 40", "line = upper line and wind (km/h) > 40"),
    ],
)
def test_the_class_conditions_of_a_group(group: str, kept: str) -> None:
    assert class_conditions_dropped(group) == kept


@pytest.mark.parametrize(
    "asked",
    [
        "how many cabins on the valley line does it halt",
        "how many cabins on the valley line are predicted halt or slow",  # was kept as prediction != run
    ],
)
def test_a_narrowed_count_of_one_class_or_two_drops_the_classes_counted(asked: str) -> None:
    history = [Message.user(asked), Message.assistant(_ASKED)]
    text = "just the ones with wind over 40"
    decision = narrowed_count(text, history, _request(history, text))
    assert decision == Decision(
        "get_prediction", 1.0, True, arguments={"instance": "line = valley line and wind (km/h) > 40"}
    )


def test_a_carried_group_loses_its_class_conditions_as_before() -> None:
    carried = "line = upper line and prediction != run"
    kept = without_class_conditions({"metric": "recall", "label": "halt", "group": carried}, carried)
    assert kept == {"metric": "recall", "label": "halt", "group": "line = upper line"}
    plain = {"metric": "recall", "group": "line = upper line"}
    assert without_class_conditions(plain, "line = upper line") == plain
