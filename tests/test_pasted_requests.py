"""A request pasted in quotes on a tabular host is the request, not a text to classify: a support agent writes
'Customer asks: "why was scooter 640077 taken off the street?"'. Its words reach the selector and its id is the
instance; on a text host a quoted text stays the text to classify, and a quoted class name stays the class. The
phrasings are our own.
"""

from __future__ import annotations

from simxai import Agent
from simxai.backends._router_masking import mask
from simxai.extraction import extract_ids, pasted_request
from simxai.hosts.base import Host


def test_a_long_quote_on_a_tabular_host_is_a_pasted_request(scooter_host: Host, sentiment_host: Host) -> None:
    schema = scooter_host.schema()
    assert pasted_request("why was scooter 640077 taken off the street?", schema)
    assert not pasted_request("needs repair", schema)  # a quoted class name
    assert not pasted_request("the battery died after two days", sentiment_host.schema())  # a text to classify


def test_the_words_and_id_of_a_pasted_request_are_read(scooter_host: Host) -> None:
    schema = scooter_host.schema()
    text = 'Customer asks: "why was scooter 640077 taken off the street?"'
    assert extract_ids(text, schema) == [640077]
    assert "INSTANCE" not in mask(text, schema) and "why" in mask(text, schema)


async def test_a_pasted_why_is_answered_for_its_instance(scooter_host: Host) -> None:
    from simxai.backends.router import RouterBackend

    turn = (
        await Agent(scooter_host, RouterBackend())
        .conversation()
        .send('Ticket from a rider: "why was scooter 640077 taken off the street?"')
    )
    ran = [(c.function, c.arguments) for c in turn.calls if c.status == "ok"]
    assert ran == [("get_local_explanation", {"instance": 640077})] or ran == [], ran  # answered, or asked
