"""No string in the package copies a user utterance of the evaluation or training data (issue 12).

A run of eight or more consecutive words shared with any user utterance in ../shared/datasets (every set's
user fields, the recorded runs' questions, CoXQL's texts and TalkToModel's template `User:` lines) means a
rule or template was written from the data it is measured on. String constants are found with `ast`, so
docstrings and comments-as-strings count too. Held-out files (CoXQL's test split, TalkToModel's
`experiments/`) are not read.
"""

from __future__ import annotations

import ast
import csv
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
DATA_DIR = REPO / ".." / "shared" / "datasets"
RUN = 8
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_USER_KEYS = frozenset({"user", "user_question", "user question", "user_input", "question"})


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _json_utterances(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        speaker = str(value.get("speaker") or value.get("role") or "").lower()
        for key, item in value.items():
            if isinstance(item, str) and (key in _USER_KEYS or (key == "message" and speaker == "user")):
                yield item
            elif key == "dialogues" and isinstance(item, list):
                yield from (d for d in item if isinstance(d, str))
                yield from _json_utterances([d for d in item if not isinstance(d, str)])
            else:
                yield from _json_utterances(item)
    elif isinstance(value, list):
        for item in value:
            yield from _json_utterances(item)


def utterances(data_dir: Path) -> Iterator[str]:
    """Every user utterance of the shared data (the held-out test suites excluded)."""
    for path in sorted((data_dir / "simxai").rglob("*.json")):
        yield from _json_utterances(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((data_dir / "simxai").rglob("*.csv")):
        with path.open(encoding="utf-8", newline="") as handle:
            for row in csv.DictReader(handle):
                yield from (v for k, v in row.items() if k in _USER_KEYS and v)
    for record in json.loads((data_dir / "coxql" / "dataset" / "coxql_train.json").read_text(encoding="utf-8")):
        yield record["text"]
    for folder in (data_dir / "coxql" / "dataset", data_dir / "talktomodel" / "explain" / "prompts"):
        for path in sorted(folder.rglob("*.txt")):
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip().lower().startswith("user:"):
                    yield line.split(":", 1)[1]


def string_constants() -> Iterator[tuple[str, int, str]]:
    """(module path, line, text) of every string constant in `simxai/`."""
    for path in sorted((REPO / "simxai").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield str(path.relative_to(REPO)), node.lineno, node.value


def test_no_string_constant_shares_eight_consecutive_words_with_a_user_utterance() -> None:
    if not (DATA_DIR / "simxai").is_dir() or not (DATA_DIR / "coxql").is_dir():
        pytest.skip(f"the shared datasets folder {DATA_DIR} is absent: nothing to compare the strings with")
    runs: dict[tuple[str, ...], str] = {}
    for utterance in utterances(DATA_DIR):
        words = _words(utterance)
        for start in range(len(words) - RUN + 1):
            runs.setdefault(tuple(words[start : start + RUN]), utterance)
    assert len(runs) > 1000  # the data was read
    copied = []
    for module, line, text in string_constants():
        words = _words(text)
        for start in range(len(words) - RUN + 1):
            run = tuple(words[start : start + RUN])
            if run in runs:
                copied.append(f"{module}:{line}: {' '.join(run)!r} (from {runs[run][:80]!r})")
                break
    assert not copied, "string constants copy user utterances:\n" + "\n".join(copied)
