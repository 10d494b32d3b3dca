"""Adapters that put SimXAI's layer inside other conversational XAI systems.

`simxai.integrations.talktomodel` replaces TalkToModel's parser (Slack et al. 2023): SimXAI selects the
function, TalkToModel runs its own operation on the program the adapter writes.
"""

from __future__ import annotations

from simxai.integrations.talktomodel import FUNCTION_OPERATIONS, SORRY, TalkToModelParser, TTMParse

__all__ = ["FUNCTION_OPERATIONS", "SORRY", "TTMParse", "TalkToModelParser"]
