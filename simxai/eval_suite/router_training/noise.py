"""A filled request as people type it (`noisy`): a wrapper ("quick question: "), an ending ("pls"), no question mark,
a capital or one typo, drawn from the filling's random generator; and, for hash-chosen shares of requests, a
sentence of context (`with_context`) and a help-desk frame (`with_frame`), which leave the generator's draws as
they were. `router_training.filling` fills the templates whose requests this writes.
"""

from __future__ import annotations

import hashlib
import random

__all__ = ["CONTEXT_SHARE", "FRAME_SHARE", "noisy", "with_context", "with_frame"]

_WRAPPERS = (
    "",
    "",
    "",
    "",
    "",
    "",
    "can you tell me ",
    "could you please tell me ",
    "please, ",
    "i'd like to know ",
    "i want to know ",
    "hey, ",
    "ok so ",
    "now ",
    "and ",
    "so ",
    "i wonder ",
    "tell me, ",
    "quick question: ",
    "hmm, ",
    "btw ",
    "just curious, ",
    "sorry, ",
    "could you check ",
    "so basically ",
    "one more thing: ",
)
# Endings people add to a request ("... pls", "... thanks").
_ENDINGS = ("", "", "", "", "", "", "", "", " please", " pls", " thanks", " thx", "??", " :)", " then")


# A sentence about the asker before the request, or after it: people give context the request does not need.
_CONTEXT_BEFORE = (
    "I'm reviewing a few cases today. ",
    "My manager asked me to look into this. ",
    "Sorry if this is a basic question. ",
    "I'm new to this tool. ",
    "We are auditing the model this week. ",
    "I need this for a report. ",
    "Hello! ",
    "I have a question about the model. ",
    "Following up on yesterday. ",
    "For a presentation tomorrow: ",
    "A client called me about this. ",
    "Not sure this is the right place to ask, but ",
)
_CONTEXT_AFTER = (
    " Thanks in advance.",
    " I need to explain it to a client.",
    " Keep it short please.",
    " Just curious.",
    " It's for an audit.",
    " I'm trying to understand the tool.",
)
CONTEXT_SHARE = 0.15  # of requests get a sentence of context, chosen by a hash of the request (not the rng)


def with_context(text: str) -> str:
    """`text` with a sentence of context before or after it for a fixed, hash-chosen share of requests.

    Chosen by a hash of the text rather than the filling's random generator, so the other fillings stay as
    they were.
    """
    value = int(hashlib.sha256(text.encode()).hexdigest()[:8], 16)
    if value % 1000 >= CONTEXT_SHARE * 1000:
        return text
    value //= 1000
    if value % 3 == 0:
        return text + _CONTEXT_AFTER[(value // 3) % len(_CONTEXT_AFTER)]
    return _CONTEXT_BEFORE[(value // 3) % len(_CONTEXT_BEFORE)] + text


# Frames of a request written to a team or a help desk, which say nothing of what is asked: a ticket's header, a
# greeting with a polite ask, a hedge before the request, a sign-off after it (round 22, lead22).
_HEADERS = (
    "Re: ticket INC-{n} - ",
    "Ticket SR{n}: ",
    "Re: case C-{n}, ",
    "Quick one: ",
    "Fwd: customer question - ",
    "Follow-up on ticket T{n}: ",
    "Urgent-ish: ",
)
_GREETINGS = ("Hi team, ", "Hello all, ", "Hi there, ", "Good morning, ", "Hey folks, ", "Dear support, ")
_POLITE_ASKS = ("could you please tell me ", "can someone tell me ", "I was hoping to find out ", "")
_HEDGES = (
    "Not sure if this is the right place but ",
    "Apologies if this was asked before, ",
    "This may be a silly question, but ",
    "I might be missing something, but ",
    "Sorry to bother you again - ",
)
_SIGN_OFFS = (" Thanks in advance!", " Many thanks.", " Cheers", " Best regards, Sam", " Thank you!", " Appreciate it.")
FRAME_SHARE = 0.08  # of requests get a frame, chosen by a hash of the request (not the rng)


def with_frame(text: str) -> str:
    """`text` in a frame of a help-desk message for a fixed, hash-chosen share of requests: a ticket header, a
    greeting with a polite ask or a hedge before it, often a sign-off after it ("Hi team, could you please tell me
    ... Thanks in advance!"). The request itself is unchanged, so its function is too.
    """
    value = int(hashlib.sha256(f"frame:{text}".encode()).hexdigest()[:12], 16)
    if value % 1000 >= FRAME_SHARE * 1000:
        return text
    value //= 1000
    kind, value = value % 3, value // 3
    request = text[:1].lower() + text[1:] if text[1:2].islower() else text
    if kind == 0:
        header = _HEADERS[value % len(_HEADERS)].format(n=1000 + value % 9000)
        framed = header + text
    elif kind == 1:
        value //= len(_HEADERS)
        framed = _GREETINGS[value % len(_GREETINGS)] + _POLITE_ASKS[(value // 7) % len(_POLITE_ASKS)] + request
    else:
        framed = _HEDGES[value % len(_HEDGES)] + request
    value //= 11
    return framed + _SIGN_OFFS[value % len(_SIGN_OFFS)] if value % 2 else framed


def noisy(text: str, rng: random.Random) -> str:
    """The request as people type it: sometimes a wrapper, no question mark, a capital, or one typo."""
    text = rng.choice(_WRAPPERS) + text
    ending = rng.choice(_ENDINGS)
    if ending:
        text = text.rstrip("?") + ending
    roll = rng.random()
    if roll < 0.15:
        text = text.rstrip("?")
    elif roll < 0.3:
        text = text[:1].upper() + text[1:]
    if rng.random() < 0.12:
        words = text.split()
        candidates = [i for i, w in enumerate(words) if w.isalpha() and len(w) > 4]
        if candidates:
            i = rng.choice(candidates)
            word = words[i]
            j = rng.randrange(1, len(word) - 1)
            words[i] = (
                word[:j] + word[j + 1 :] if rng.random() < 0.5 else word[:j] + word[j + 1] + word[j] + word[j + 2 :]
            )
            text = " ".join(words)
    return with_frame(with_context(text))
