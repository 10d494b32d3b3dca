"""Help-desk frames around the selector's generated requests (round 22, lead22): a ticket header, a greeting with a
polite ask, a hedge, a sign-off. A frame keeps the request inside it whole, is chosen by a hash for a fixed share,
and carries no bare number a host could read as an id.
"""

from __future__ import annotations

import random
import re

from simxai.eval_suite.router_training.noise import FRAME_SHARE, noisy, with_frame

REQUESTS = [f"what does the model predict for patient {i}?" for i in range(3000)]


def test_a_share_of_requests_is_framed_and_keeps_its_request() -> None:
    framed = [(text, with_frame(text)) for text in REQUESTS]
    changed = [(text, f) for text, f in framed if f != text]
    assert abs(len(changed) / len(REQUESTS) - FRAME_SHARE) < 0.02
    for text, f in changed:
        assert text[1:] in f and len(f) > len(text)
        # the only bare number of a framed request is the one of the request itself
        assert re.findall(r"(?<![\w-])\d+\b", f) == re.findall(r"\d+", text)


def test_every_kind_of_frame_occurs() -> None:
    framed = {with_frame(text) for text in REQUESTS} - set(REQUESTS)
    assert any(f.startswith(("Re: ticket", "Ticket", "Re: case", "Fwd:", "Quick one")) for f in framed)
    assert any(
        f.startswith(("Hi team", "Hello all", "Hi there", "Good morning", "Hey folks", "Dear support")) for f in framed
    )
    assert any(f.startswith(("Not sure", "Apologies", "This may", "I might", "Sorry to")) for f in framed)
    assert any(f.endswith(("in advance!", "Many thanks.", "Cheers", "Thank you!")) for f in framed)


def test_a_frame_is_the_same_on_every_run() -> None:
    assert [with_frame(t) for t in REQUESTS[:200]] == [with_frame(t) for t in REQUESTS[:200]]
    assert noisy(REQUESTS[7], random.Random(3)) == noisy(REQUESTS[7], random.Random(3))
