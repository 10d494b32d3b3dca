"""One reading of a turn about all the data (`followup_context.says_all_the_data`): only asking for it ("and
overall?", `asks_overall`), or a word of it said anywhere, so a count of the model's errors is not about the group in
focus (`_router_judged_focus`).
"""

from __future__ import annotations

import pytest

from simxai.followup_context import asks_overall, says_all_the_data


@pytest.mark.parametrize(
    ("text", "only", "said"),
    [
        ("and overall?", True, True),
        ("all of them", True, True),
        ("for all the lots now?", True, True),  # the host's noun, read as records
        ("how often is it wrong overall?", False, True),
        ("how many errors on the held-out rows?", False, True),
        ("what share does it get right in general", False, True),
        ("how often is it wrong for them?", False, False),
        ("how many of those does it get right?", False, False),
    ],
)
def test_a_turn_about_all_the_data(text: str, only: bool, said: bool) -> None:
    assert asks_overall(text, "lot") is only
    assert says_all_the_data(text, "lot") is said
