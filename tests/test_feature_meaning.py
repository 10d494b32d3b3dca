"""A feature's statistics state the card's words for it: "what does volatile acidity mean?" on a user's own model
answered only with a range and a mean, although the host config described the feature."""

from __future__ import annotations

import asyncio

from simxai import Agent, load_backend
from tests.backends.routing import CHECKED


def test_a_features_statistics_open_with_its_description(demo_host) -> None:
    bmi = demo_host.data_information("bmi")
    assert bmi.feature is not None and bmi.feature.description
    reply = bmi.render()
    assert f"bmi ({bmi.feature.description}) ranges from " in reply, reply
    plain = bmi.model_copy(update={"feature": bmi.feature.model_copy(update={"description": None})}).render()
    assert ", bmi ranges from " in plain and "()" not in plain


def test_the_guard_passes_the_described_statistics(demo_host) -> None:
    async def ask() -> tuple[str, bool]:
        turn = (
            await Agent(demo_host, load_backend("router"), settings=CHECKED)
            .conversation()
            .send("what is the mean bmi in the data?")
        )
        return turn.reply, turn.faithfulness.passed

    reply, passed = asyncio.run(ask())
    assert "(body mass index" in reply and passed, reply
