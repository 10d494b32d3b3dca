"""A bare "why?" after a turn that named one instance and was answered without it (dlg31, docs/router.md).

"Standby 105804. Call?" answered by a call that holds no instance (the model's outputs described, a metric), then
"Why?": the user asks why the model decides as it does for the one instance their last turn named; the answer
just given explains nothing of its own. `repeated_call` asks, after a call without an instance, whether "why?"
means an instance's explanation or the model's overall, because an instance discussed *earlier* may be stale; an
instance named in the very turn that call answered is not stale, it is the turn's subject. This reading takes it.

It reads only a bare "why?" (`bare_why`), on a host that registers the local explanation, when the user's last
turn names exactly one id and every call made for that turn holds no instance. An earlier instance, two ids, no
call at all (the router asked instead), or a call about an instance are left as they were.
"""

from __future__ import annotations

from collections.abc import Sequence

from simxai.backends._router_decision import Decision
from simxai.backends.base import CompletionRequest
from simxai.extraction import extract_ids
from simxai.followup_calls import bare_why
from simxai.messages import Message, last_user_index

__all__ = ["why_of_the_one_named"]


def why_of_the_one_named(text: str, history: Sequence[Message], request: CompletionRequest) -> Decision | None:
    """The local explanation of the one instance the last user turn named, for a bare "why?" after calls that held
    no instance (module doc); None otherwise.
    """
    schema = request.host
    if schema is None or not bare_why(text) or "get_local_explanation" not in {s.name for s in request.functions}:
        return None
    last = last_user_index(history)
    if last is None:
        return None
    calls = [call for message in history[last + 1 :] if message.role == "assistant" for call in message.tool_calls]
    if not calls or any("instance" in call.arguments for call in calls):
        return None  # the router asked, or answered about an instance: the question stands as it was
    ids = extract_ids(history[last].content, schema)
    if len(ids) != 1:
        return None
    return Decision("get_local_explanation", 1.0, True, arguments={"instance": ids[0]})
