"""Why-questions with a wrong premise, through the offline router on the demo, loan and sentiment hosts.

    python bench/premise.py [--rows 30]

For each of the first `--rows` rows of a host it asks "why is <noun> <id> <label the model does not predict>?"
and counts the turns that call `get_local_explanation` with that label, that open by correcting the premise
("The model predicts X for <noun> <id>, not Y"), that state the row's recorded label, and that pass the
faithfulness guard. These are counts of the engine's own behaviour on its bundled hosts, not a measure of
how well it understands questions.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable

from simxai.agent import Agent, AgentSettings
from simxai.backends import load_backend
from simxai.functions import get_prediction
from simxai.hosts.base import Host
from simxai.hosts.demo import load_demo_host
from simxai.hosts.loan import load_loan_host
from simxai.hosts.sentiment import load_sentiment_host

HOSTS: dict[str, tuple[Callable[[], Host], str]] = {
    "demo": (load_demo_host, "is"),
    "loan": (load_loan_host, "was"),
    "sentiment": (load_sentiment_host, "is"),
}


#: `guard_passed` counts the guard's passes of the router's replies: it re-reads the renderings (not the default).
CHECKED = AgentSettings(guard_renderings=True)


async def measure(host: Host, verb: str, rows: int) -> dict[str, int]:
    """The counts for one host over its first `rows` rows."""
    noun = host.schema().instance_noun
    counts = {"questions": 0, "routed": 0, "corrected": 0, "recorded": 0, "guard_passed": 0}
    for i in range(rows):
        prediction = get_prediction(host, i)
        other = next(name for name in host.schema().class_names if name != prediction.label)
        agent = Agent(host, load_backend("router"), settings=CHECKED)  # guard_passed: the rendering is re-read
        turn = await agent.conversation().send(f"why {verb} {noun} {i} {other}?")
        first = turn.reply.split(". ")[0]
        called = [(c.function, c.arguments.get("prediction_label")) for c in turn.calls]
        counts["questions"] += 1
        counts["routed"] += called == [("get_local_explanation", other)]
        counts["corrected"] += first.startswith(f"The model predicts {prediction.label} for {noun} {i}") and (
            f", not {other}" in first
        )
        counts["recorded"] += f"recorded label is {prediction.true_label}" in turn.reply
        counts["guard_passed"] += turn.faithfulness.passed
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=30, help="rows asked about per host (default 30)")
    args = parser.parse_args()
    for name, (load, verb) in HOSTS.items():
        counts = asyncio.run(measure(load(), verb, args.rows))
        print(f"{name:10s} " + ", ".join(f"{key} {value}" for key, value in counts.items()))


if __name__ == "__main__":
    main()
