"""Adapters that put SimXAI's layer inside other conversational XAI systems.

`simxai.integrations.talktomodel` replaces TalkToModel's parser (Slack et al. 2023) with a small parser learned
from TalkToModel's own templates; TalkToModel runs its own operation on the program it writes.
"""

from __future__ import annotations

from simxai.integrations.talktomodel import SORRY, TalkToModelParser, TTMParse

__all__ = ["SORRY", "TTMParse", "TalkToModelParser"]
