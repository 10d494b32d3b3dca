"""Prompt tokens the engine sends before any dialogue: the system prompt plus the eleven tool specs, per host.

Counted with `simxai.budget.estimate_tokens`, an estimate calibrated on Llama-3's tokenizer (3.35 characters
a token; see that module for the calibration), as every request of a turn repeats them.

    python bench/prompt_tokens.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai.agent import Agent  # noqa: E402
from simxai.backends.testing import ScriptedBackend  # noqa: E402
from simxai.budget import estimate_tokens  # noqa: E402
from simxai.hosts.demo import load_demo_host  # noqa: E402
from simxai.hosts.sentiment import load_sentiment_host  # noqa: E402
from simxai.messages import Message  # noqa: E402


def _loan() -> Any:
    from simxai.hosts.loan import load_loan_host

    return load_loan_host()


def main() -> None:
    print("| host | system prompt chars | tools chars | estimated Llama-3 tokens |\n| --- | --- | --- | --- |")
    for name, host in (("demo", load_demo_host()), ("sentiment", load_sentiment_host()), ("loan", _loan())):
        agent = Agent(host, ScriptedBackend())
        tokens = estimate_tokens([Message.system(agent.system_prompt)], agent.tools)
        print(f"| {name} | {len(agent.system_prompt)} | {len(json.dumps(agent.tools))} | {tokens} |")


if __name__ == "__main__":
    main()
