"""What the router says itself: its plain reply, its question between two functions, and the answer to it.

A turn no function answers gets a short honest reply with a few of the host's own questions. When the router
is unsure, it asks one question offering the two likeliest functions; the next turn may pick one ("1", "the
second"), and a bare "yes" picks neither, so the question is asked again. A yes to a reply of ours that offers a
question asks that question; the letter "y" alone after an answer that offered nothing is "why".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.followup_readings import picked_option
from simxai.host_examples import example_questions
from simxai.hosts.base import HostSchema
from simxai.messages import Message
from simxai.registry import FunctionSpec

#: How a clarifying question of the router starts; the next turn may answer it.
CLARIFICATION_PREFIX = "To answer the right question:"

#: Questions about SimXAI itself, as a whole turn: answered with what it can do, never by a function.
CAPABILITY = re.compile(
    r"^\W*(?:help(?:\s+me)?|what\s+(?:can|could|should)\s+(?:you|i)\s+(?:do|ask(?:\s+you)?)|what\s+do\s+you\s+do|"
    r"what\s+are\s+you|who\s+are\s+you|how\s+does\s+(?:this|it)\s+work|what\s+is\s+this)\W*$",
    re.IGNORECASE,
)
_GREETING = re.compile(r"^\W*(?:hi|hello|hey|hiya|good\s+(?:morning|afternoon|evening)|greetings)\b", re.IGNORECASE)
_THANKS = re.compile(r"\b(?:thanks?|thx|cheers|appreciate)\b", re.IGNORECASE)
_GOODBYE = re.compile(r"\b(?:bye|goodbye|see\s+you|later|that'?s\s+all)\b", re.IGNORECASE)
#: A turn that only says yes: "y", "yes please", "sure, go ahead".
BARE_YES = re.compile(
    r"^\W*(?:y|ya|yes|yeah|yep|yup|sure|ok(?:ay)?|please|go\s+ahead|do\s+it)"
    r"(?:\W+(?:please|thanks|go\s+ahead|do\s+it|then))*\W*$",
    re.IGNORECASE,
)
# The question a reply of ours offers to answer, at its end: "To see what would have to change, ask why it does not
# predict rest.", "..., ask: what would need to change for tray 4 to be predicted ready?"
_OFFERED = re.compile(r"\bask(?::\s*|\s+)(?P<q>(?:why|what|how|which)\b[^.?!]*)[.?!]\s*$", re.IGNORECASE)
AMBIGUOUS_YES = re.compile(r"^\W*(?:yes|yeah|yep|ok(?:ay)?|sure|please|both|either)\W*(?:please)?\W*$", re.IGNORECASE)


def clarifying_question(first: FunctionSpec, second: FunctionSpec, instance: str | None = None) -> str:
    """One short question offering two functions, the likelier first; `instance` ("patient 5") names the instance
    in focus where a function's summary says "an instance", so that the option says what it would run on.
    """
    topics = [_topic(first), _topic(second)]
    if instance is not None:
        topics = [re.sub(r"\ban instance\b", instance, t, count=1) for t in topics]
    return (
        f"{CLARIFICATION_PREFIX} do you want me to {topics[0]} (1), or to {topics[1]} (2)? "
        "Answer 1 or 2, or rephrase your question."
    )


def answered_question(text: str, history: Sequence[Message]) -> tuple[int, bool] | None:
    """Where in `history` the question is that `text` answers by picking an option, and whether it picked the second.

    None when `text` picks no option, or the last assistant turn is no clarifying question of the router.
    """
    choice = picked_option(text)  # "1", "the second", "the first one please"
    if choice is None or len(history) < 2:
        return None
    asked = history[-1]
    if asked.role != "assistant" or asked.tool_calls or not asked.content.startswith(CLARIFICATION_PREFIX):
        return None
    end = len(history) - 2
    # the question asked again after a "yes" that picked neither option: the request is before the first ask
    while end >= 2 and AMBIGUOUS_YES.match(history[end].content) and history[end - 1].content == asked.content:
        end -= 2
    if history[end].role != "user":
        return None
    return end, choice == 1


def accepted_offer(text: str, history: Sequence[Message]) -> str | None:
    """The question our last reply offered to answer, for a turn that only says yes to it; else None.

    A reply that ends by offering a question ("..., ask why it does not predict rest.") makes "y" or "sure" that
    question: the user accepts what we offered, and nothing else is read into the yes.
    """
    if not BARE_YES.match(text) or not history:
        return None
    last = history[-1]
    if last.role != "assistant" or last.tool_calls:
        return None
    offered = _OFFERED.search(last.content.strip())
    return offered.group("q").strip() if offered is not None else None


# "y" alone: in chat spelling the letter is "why" as often as "yes"
_LONE_Y = re.compile(r"^\W*y\W*$", re.IGNORECASE)


def spelled_why(text: str, history: Sequence[Message]) -> str | None:
    """The question "why" for the letter "y" alone after a function's answer that offered nothing; else None.

    With nothing of ours to say yes to (`accepted_offer` found no offer, the last turn was answered by a call, and
    our reply asked nothing), the one letter can only be "why": the reason of the answer just given.
    """
    if not _LONE_Y.match(text) or len(history) < 2:
        return None
    last = history[-1]
    if last.role != "assistant" or last.tool_calls or _OFFERED.search(last.content.strip()) or "?" in last.content:
        return None  # an offer, or a question of ours ("... is that intended?"): "y" may be yes to it
    users = [i for i, m in enumerate(history) if m.role == "user"]
    answered = history[users[-1] + 1 :] if users else []
    return "why" if any(m.role == "tool" for m in answered) else None


def lone_letter(text: str) -> bool:
    """The letter "y" alone: when `spelled_why` and `accepted_offer` find nothing it answers, it asks for nothing."""
    return _LONE_Y.match(text) is not None


def reply(text: str, specs: Sequence[FunctionSpec], schema: HostSchema | None) -> str:
    """A short friendly reply to a turn no function answers, with two or three of this host's questions."""
    model = f"the {schema.name} model" if schema is not None else "the model"
    if not specs:
        content = f"I'm SimXAI's offline router (no LLM), and no functions are registered for {model} yet."
    elif _GREETING.search(text):
        content = (
            f"Hello! I'm SimXAI's offline router (no LLM): I answer questions about {model} with its "
            f"explanation functions. Try {_examples(specs, schema)}."
        )
    elif _THANKS.search(text):
        content = f"You're welcome. Anything else? Try {_examples(specs, schema)}."
    elif _GOODBYE.search(text):
        content = "Goodbye!"
    elif BARE_YES.match(text):
        # a yes to nothing we offered: what we can do, not a guess at what it agrees to
        content = (
            f"There was no question or offer of mine to say yes to. I answer questions about {model}: its predictions "
            f"and why, what would change them, and its performance, data and outputs. Try {_examples(specs, schema)}."
        )
    elif CAPABILITY.match(text):
        content = (
            f"I answer questions about {model} (I'm SimXAI's offline router, no LLM): its predictions and "
            f"why, what would change them, and its performance, data and outputs. Try {_examples(specs, schema)}."
        )
    else:
        content = (
            f"I can only answer questions about {model} (I'm SimXAI's offline router, no LLM): its "
            f"predictions and why, what would change them, and its performance, data and outputs. "
            f"Try {_examples(specs, schema)}."
        )
    return content


def _topic(spec: FunctionSpec) -> str:
    """What a function does, as the object of "do you want me to ...": its summary's first clause, lowercased."""
    summary = re.sub(r"\s*\([^)]*\)", "", spec.summary).split(":")[0].rstrip(". ")
    return summary[0].lower() + summary[1:] if summary else spec.name


#: The function that answers an example question, by how the question begins ("why?" needs a previous turn).
_EXAMPLE_FUNCTIONS = {
    "what does the model predict": "get_prediction",
    "what if": "explain_what_if",
    "which": "get_global_explanation",
}


def _examples(specs: Sequence[FunctionSpec], schema: HostSchema | None) -> str:
    """Up to three questions this host answers, quoted: built from its schema, for registered functions."""
    names = {s.name for s in specs}
    questions = [
        q
        for q in (example_questions(schema) if schema is not None else [])
        if any(q.startswith(start) and f in names for start, f in _EXAMPLE_FUNCTIONS.items())
    ]
    if not questions:  # another registry: the specs' own examples
        questions = [s.examples[0] for s in specs if s.examples][:2]
    # A question that quotes a text is itself quoted with single quotes.
    quoted = [f"'{q}'" if '"' in q else f'"{q}"' for q in questions[:3]] or ['"which features matter most?"']
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" or {quoted[-1]}"
