"""A feature asked of one instance is no question about the data: "what about brake wear for 500120?" would get the
data's statistics of the feature and silently drop the instance. The router asks which is meant (the instance's
explanation, with the feature's value and weight, or the feature across the data) unless the turn reads otherwise.
On the invented scooter host of tests/conftest.py (six-digit ids). The phrasings are our own.
"""

from __future__ import annotations

from simxai import Agent
from simxai.backends.router import RouterBackend
from simxai.hosts.base import Host


async def test_a_feature_asked_of_one_instance_keeps_the_instance(scooter_host: Host) -> None:
    conversation = Agent(scooter_host, RouterBackend()).conversation()
    await conversation.send("what does trips logged mean?")
    turn = await conversation.send("what about days since repair for 640012?")
    ran = [(c.function, c.arguments) for c in turn.calls if c.status == "ok"]
    # never the data's statistics with the instance dropped: asked, or answered about 640012
    assert all(f != "get_data_information" for f, _ in ran), ran
    assert not ran or any(a.get("instance") == 640012 for _, a in ran), ran


async def test_a_feature_of_the_data_is_still_the_data(scooter_host: Host) -> None:
    turn = await Agent(scooter_host, RouterBackend()).conversation().send("what does trips logged mean?")
    assert [(c.function, c.arguments) for c in turn.calls] == [("get_data_information", {"feature": "Trips Logged"})]
