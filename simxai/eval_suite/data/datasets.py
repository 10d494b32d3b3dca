"""Loaders for the parsing sets: every case is one user turn with its gold first function.

Each loader reads a user-given data folder laid out like `../shared/datasets` (see its README) and
tolerates the files' quirks: field-name variants, old label vocabularies (mapped through
`labels.LEGACY_LABELS`), duplicate ids, missing trailing newlines. A file it cannot read raises
`UsageError` naming the file and the record.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simxai.eval_suite.data.files import COXQL, EVAL, SIMXAI, SINGLE_TURN, read_json, require_data_dir, require_file
from simxai.eval_suite.data.labels import Gold, coxql_gold, parse_gold
from simxai.eval_suite.data.recorded import load_syn_qa
from simxai.exceptions import UsageError

__all__ = [
    "PARSING_DATASETS",
    "Case",
    "DatasetInfo",
    "FILE_PREFIX",
    "conversation_cases",
    "dataset_info",
    "load_cases",
    "read_json",
    "require_data_dir",
    "require_file",
]


# Field-name variants seen in the files, in order of preference.
USER_FIELDS = ("user", "user_question", "user question", "question", "text", "message")
LABEL_FIELDS = ("parsed", "operation_name", "parsed text", "parsed_text", "tool", "sql")
INPUT_FIELDS = ("input", "custom_input", "user_input")


@dataclass(frozen=True)
class Case:
    """One user turn to parse.

    Attributes:
        dataset: the dataset's name.
        id: unique within the dataset and stable across runs (it keys the cache).
        text: the user's message.
        gold: the acceptable first functions, or None where the data has no gold label.
        argument: the gold argument value, where the data gives one (e.g. Compass `input`).
        reference: for unlabeled sets, the first function a recorded run called (not a gold label).
        dialogue: the dialogue the turn belongs to (None for single-turn sets).
        turn: the turn's index among the dialogue's user turns.
        context: the preceding messages as (role, text), role `user` or `assistant`; assistant texts are
            the data's gold replies (teacher forcing), empty where the data has none.
        source: file and record, for error messages and reports.
    """

    dataset: str
    id: str
    text: str
    gold: Gold | None
    argument: str | None = None
    reference: Gold | None = None
    dialogue: str | None = None
    turn: int = 0
    context: tuple[tuple[str, str], ...] = ()
    source: str = ""

    @property
    def expected(self) -> Gold | None:
        """The gold label, else the recorded reference: what an oracle replays."""
        return self.gold if self.gold is not None else self.reference


@dataclass(frozen=True)
class DatasetInfo:
    """A named parsing set: where it lives, what it is, and how to load it."""

    name: str
    level: str
    description: str
    paths: tuple[Path, ...]
    loader: Callable[[Path, str], list[Case]]
    labeled: bool = True
    notes: tuple[str, ...] = field(default=())


def _field(record: dict[str, Any], names: Sequence[str]) -> Any:
    return next((record[n] for n in names if n in record and record[n] is not None), None)


def _where(path: Path, data_dir: Path, index: int, record: Any) -> str:
    rel = path.relative_to(data_dir) if path.is_relative_to(data_dir) else path
    idx = f" (idx {record['idx']})" if isinstance(record, dict) and "idx" in record else ""
    return f"{rel} record {index}{idx}"


def _text(record: dict[str, Any], names: Sequence[str], where: str, what: str) -> str:
    value = _field(record, names)
    if not isinstance(value, str) or not value.strip():
        raise UsageError(f"{where}: no {what}; expected a non-empty string in one of: {', '.join(names)}")
    return value


def _gold(raw: str, where: str) -> Gold:
    try:
        return parse_gold(raw)
    except ValueError as exc:
        raise UsageError(f"{where}: {exc}") from None


def _argument(record: dict[str, Any], gold: Gold) -> str | None:
    value = _field(record, INPUT_FIELDS)
    if isinstance(value, str) and value.strip():
        return value.strip()
    if " " in gold.raw.strip() and gold.raw.strip().startswith("score "):  # legacy "score accuracy"
        return gold.raw.strip().split()[1]
    return None


def _records(path: Path, data_dir: Path) -> list[dict[str, Any]]:
    data = read_json(path)
    if not isinstance(data, list):
        raise UsageError(f"{path}: expected a JSON list of records, got {type(data).__name__}")
    for i, record in enumerate(data):
        if not isinstance(record, dict):
            raise UsageError(f"{_where(path, data_dir, i, record)}: expected an object, got {type(record).__name__}")
    return data


def _intent_files(data_dir: Path, root: Path, skip: Iterable[str] = ()) -> list[Path]:
    folder = require_file(data_dir, root)
    skipped = set(skip)
    files = sorted(p for p in folder.rglob("*.json") if p.name not in skipped)
    if not files:
        raise UsageError(f"{folder}: no .json files found")
    return files


def _load_intents(data_dir: Path, name: str, root: Path, skip: Iterable[str] = ()) -> list[Case]:
    cases = []
    for path in _intent_files(data_dir, root, skip):
        rel = path.relative_to(data_dir / root).as_posix()
        for i, record in enumerate(_records(path, data_dir)):
            where = _where(path, data_dir, i, record)
            text = _text(record, USER_FIELDS, where, "user text")
            gold = _gold(_text(record, LABEL_FIELDS, where, "gold label"), where)
            cases.append(Case(name, f"{rel}#{i}", text, gold, _argument(record, gold), source=where))
    return cases


def load_single_turn(data_dir: Path, name: str) -> list[Case]:
    """The SimXAI single-turn intent set (1,817 requests; dialogue_parsing.json is a dialogue set)."""
    return _load_intents(data_dir, name, SINGLE_TURN, skip=["dialogue_parsing.json"])


def load_legacy(data_dir: Path, name: str) -> list[Case]:
    """The older pre-migration copies under simxai/data (old vocabulary and field names)."""
    return _load_intents(data_dir, name, SIMXAI / "data")


def load_coxql(data_dir: Path, name: str) -> list[Case]:
    """CoXQL's `{idx, text, sql}` records, each mapped through `labels.COXQL_OPERATIONS`."""
    path = require_file(data_dir, COXQL / "coxql_train.json")
    cases = []
    for i, record in enumerate(_records(path, data_dir)):
        where = _where(path, data_dir, i, record)
        text = _text(record, ("text", "user", "question"), where, "user text")
        sql = _text(record, ("sql", "parsed"), where, "CoXQL parse")
        try:
            gold, argument = coxql_gold(sql)
        except ValueError as exc:
            raise UsageError(f"{where}: {exc}") from None
        cases.append(Case(name, f"coxql_train.json#{i}", text, gold, argument, source=where))
    return cases


_PAIR = re.compile(r"^User:\s*(.*?)\s*\nParsed:\s*(.*?)\s*$", re.MULTILINE)


def load_coxql_groups(data_dir: Path, name: str) -> list[Case]:
    """CoXQL's `User:` / `Parsed:` pairs by operation group (1,179 pairs)."""
    folder = require_file(data_dir, COXQL)
    cases = []
    for path in sorted(folder.glob("*/*.txt")):
        try:
            raw = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise UsageError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
        # Some files lack a final newline and were concatenated, leaving "[E]User:" on one line.
        text = re.sub(r"(\[E\])\s*(User:)", r"\1\n\2", raw)
        users = [ln for ln in text.splitlines() if ln.startswith("User:")]
        pairs = _PAIR.findall(text)
        rel = path.relative_to(folder).as_posix()
        if len(pairs) != len(users):
            raise UsageError(f"{path}: {len(users)} 'User:' lines but {len(pairs)} complete User:/Parsed: pairs")
        for i, (user, sql) in enumerate(pairs):
            try:
                gold, argument = coxql_gold(sql)
            except ValueError as exc:
                raise UsageError(f"{path} pair {i}: {exc}") from None
            cases.append(Case(name, f"{rel}#{i}", user, gold, argument, source=f"{rel} pair {i}"))
    if not cases:
        raise UsageError(f"{folder}: no */*.txt User:/Parsed: files found")
    return cases


def _dialogues(path: Path, data_dir: Path) -> list[dict[str, Any]]:
    data = read_json(path)
    dialogues = data.get("dialogues") if isinstance(data, dict) else data
    if not isinstance(dialogues, list):
        raise UsageError(f"{path}: expected {{'dialogues': [...]}} or a list of dialogues")
    return dialogues


def conversation_cases(path: Path, data_dir: Path, name: str, *, labeled: bool | None) -> list[Case]:
    """Dialogues of `{speaker|role, message, tool?, input?}` turns: each user turn is one case.

    `labeled`: every user turn must have a gold `tool` (True), none is read (False), or a turn with a `tool`
    is labelled and one without is not (None, as in a partly annotated synthetic set).
    """
    cases = []
    rel = path.name
    for d, dialogue in enumerate(_dialogues(path, data_dir)):
        turns = dialogue.get("conversation") if isinstance(dialogue, dict) else dialogue
        dialogue_id = str(dialogue.get("id", d)) if isinstance(dialogue, dict) else str(d)
        if not isinstance(turns, list):
            raise UsageError(f"{rel} dialogue {d}: expected a list of turns under 'conversation'")
        context: list[tuple[str, str]] = []
        user_turn = 0
        for t, turn in enumerate(turns):
            where = f"{rel} dialogue {d} ({dialogue_id}) turn {t}"
            if not isinstance(turn, dict):
                raise UsageError(f"{where}: expected an object, got {type(turn).__name__}")
            speaker = str(turn.get("speaker", turn.get("role", ""))).strip().lower()
            message = _text(turn, ("message", "content", "text"), where, "message")
            if speaker in ("user", "human"):
                has_tool = _field(turn, ("tool", "parsed")) not in (None, "")
                gold = (
                    _gold(_text(turn, ("tool", "parsed"), where, "gold tool"), where)
                    if labeled or (labeled is None and has_tool)
                    else None
                )
                value = turn.get("input")
                argument = value.strip() if isinstance(value, str) and value.strip() and gold else None
                if isinstance(value, dict):
                    argument = next((str(v) for v in value.values() if v not in (None, "")), None)
                cases.append(
                    Case(
                        name,
                        f"{dialogue_id}#{user_turn}",
                        message,
                        gold,
                        argument,
                        dialogue=dialogue_id,
                        turn=user_turn,
                        context=tuple(context),
                        source=where,
                    )
                )
                context.append(("user", message))
                user_turn += 1
            elif speaker in ("expert", "explainer", "assistant", "system"):
                context.append(("assistant", message))
            else:
                raise UsageError(f"{where}: unknown speaker {speaker!r}; expected user, expert or explainer")
    return cases


def load_compass(data_dir: Path, name: str) -> list[Case]:
    """Compass-MultiTurn: 11 dialogues, 26 user turns, gold tool and input per user turn."""
    path = require_file(data_dir, EVAL / "multi-turn" / "conversation_2turns_compass.json")
    return conversation_cases(path, data_dir, name, labeled=True)


def load_compass_legacy(data_dir: Path, name: str) -> list[Case]:
    """The older Compass copy `{idx, dialogues, parsing, input}` in the pre-migration vocabulary."""
    path = require_file(data_dir, SINGLE_TURN / "dialogue_parsing.json")
    cases = []
    for d, record in enumerate(_records(path, data_dir)):
        where = _where(path, data_dir, d, record)
        texts, labels = record.get("dialogues"), record.get("parsing")
        if not isinstance(texts, list) or not isinstance(labels, list) or len(texts) != len(labels):
            raise UsageError(f"{where}: needs lists 'dialogues' and 'parsing' of equal length")
        inputs = record.get("input") or [None] * len(texts)
        if not isinstance(inputs, list):
            raise UsageError(f"{where}: 'input' must be a list (one entry per turn), got {type(inputs).__name__}")
        context: list[tuple[str, str]] = []
        # idx repeats in the file (two records have idx 5), so the position identifies the dialogue.
        for t, (text, label) in enumerate(zip(texts, labels, strict=True)):
            if not isinstance(text, str) or not text.strip():
                raise UsageError(f"{where} turn {t}: no user text; expected a non-empty string in 'dialogues'")
            gold = _gold(label, f"{where} turn {t}")
            value = inputs[t] if t < len(inputs) else None
            argument = value.strip() if isinstance(value, str) and value.strip() else None
            cases.append(
                Case(
                    name,
                    f"d{d}#{t}",
                    text,
                    gold,
                    argument,
                    dialogue=f"d{d}",
                    turn=t,
                    context=tuple(context),
                    source=f"{where} turn {t}",
                )
            )
            context.append(("user", text))
    return cases


def load_sentiment_dialogues(data_dir: Path, name: str) -> list[Case]:
    """Five sentiment dialogues with a gold tool per user turn (`no tool` allowed): 40 turns."""
    path = require_file(data_dir, SIMXAI / "agent" / "conversation_eval_set" / "conversation_test.json")
    return conversation_cases(path, data_dir, name, labeled=True)


def load_number_dialogues(data_dir: Path, name: str) -> list[Case]:
    """Four dialogues about a number-game classifier with gold tools: 31 turns."""
    path = require_file(data_dir, SIMXAI / "agent" / "conversation_eval_set" / "conversation_test_number.json")
    return conversation_cases(path, data_dir, name, labeled=True)


def _syn(data_dir: Path, name: str, file: str, domain: str) -> list[Case]:
    path = require_file(data_dir, EVAL / "dialogue" / file)
    cases = conversation_cases(path, data_dir, name, labeled=False)
    # The recorded run's first calls on the same turns, where SYN-QA holds the turn (not a gold label).
    recorded: dict[str, set[str]] = {}
    for row in load_syn_qa(data_dir):
        if row.domain == domain and row.functions:
            recorded.setdefault(row.question.strip(), set()).add(row.functions[0])
    out = []
    for case in cases:
        calls = recorded.get(case.text.strip(), set())
        reference = Gold(raw=next(iter(calls)), alternatives=tuple(calls)) if len(calls) == 1 else None
        out.append(dataclasses.replace(case, reference=reference))
    return out


def load_syn_sentiment(data_dir: Path, name: str) -> list[Case]:
    """The four scripted SYN sentiment dialogues: 48 user turns, no gold labels."""
    return _syn(data_dir, name, "Sentiment_dialogues.json", "sentiment")


def load_syn_heart_rate(data_dir: Path, name: str) -> list[Case]:
    """The four scripted SYN heart-rate dialogues: 56 user turns, no gold labels."""
    return _syn(data_dir, name, "Heart_Rate_dialogues.json", "heart-rate")


_UNLABELED = (
    "The SYN dialogues have no gold labels: accuracy is not computed. Where SYN-QA records the first "
    "function a reference run called on the same turn, agreement with it is reported as "
    "`reference_agreement` (a recorded run, not a gold label).",
)
_SENTIMENT_HOST = ("Parsed against the sentiment text host: function selection does not need the matching model.",)

#: Every parsing set `simxai-eval parse --dataset` accepts, in the order `--dataset all` runs them.
PARSING_DATASETS: dict[str, DatasetInfo] = {
    info.name: info
    for info in (
        DatasetInfo(
            "simxai-single-turn",
            "single-turn",
            "SimXAI single-turn intent set",
            (SINGLE_TURN,),
            load_single_turn,
        ),
        DatasetInfo(
            "coxql",
            "single-turn",
            "CoXQL requests, operations mapped to the eleven",
            (COXQL / "coxql_train.json",),
            load_coxql,
        ),
        DatasetInfo(
            "coxql-groups",
            "single-turn",
            "CoXQL User:/Parsed: pairs by operation group",
            (COXQL,),
            load_coxql_groups,
        ),
        DatasetInfo(
            "simxai-legacy",
            "single-turn",
            "pre-migration copies under simxai/data",
            (SIMXAI / "data",),
            load_legacy,
        ),
        DatasetInfo(
            "compass-multiturn",
            "multi-turn",
            "Compass-MultiTurn (11 dialogues, 26 user turns)",
            (EVAL / "multi-turn" / "conversation_2turns_compass.json",),
            load_compass,
        ),
        DatasetInfo(
            "compass-legacy",
            "multi-turn",
            "older Compass copy in the pre-migration vocabulary",
            (SINGLE_TURN / "dialogue_parsing.json",),
            load_compass_legacy,
            notes=("No gold replies: teacher-forced history holds the earlier user turns only.",),
        ),
        DatasetInfo(
            "sentiment-dialogues",
            "dialogue",
            "five sentiment dialogues with gold tools (40 turns)",
            (SIMXAI / "agent" / "conversation_eval_set" / "conversation_test.json",),
            load_sentiment_dialogues,
        ),
        DatasetInfo(
            "number-dialogues",
            "dialogue",
            "number-game dialogues with gold tools (31 turns)",
            (SIMXAI / "agent" / "conversation_eval_set" / "conversation_test_number.json",),
            load_number_dialogues,
            notes=_SENTIMENT_HOST,
        ),
        DatasetInfo(
            "syn-sentiment",
            "dialogue",
            "SYN sentiment dialogues (48 user turns, unlabeled)",
            (EVAL / "dialogue" / "Sentiment_dialogues.json",),
            load_syn_sentiment,
            labeled=False,
            notes=_UNLABELED,
        ),
        DatasetInfo(
            "syn-heart-rate",
            "dialogue",
            "SYN heart-rate dialogues (56 user turns, unlabeled)",
            (EVAL / "dialogue" / "Heart_Rate_dialogues.json",),
            load_syn_heart_rate,
            labeled=False,
            notes=_UNLABELED + _SENTIMENT_HOST,
        ),
    )
}


#: The prefix of a dataset named by its file: `file:PATH` reads dialogues in the Compass layout from PATH.
FILE_PREFIX = "file:"


def _file_dataset(name: str) -> DatasetInfo:
    path = Path(name.removeprefix(FILE_PREFIX))

    def load(data_dir: Path, dataset: str) -> list[Case]:
        if not path.is_file():
            raise UsageError(f"{path} is not a file; --dataset file:PATH reads a dialogues JSON file")
        return conversation_cases(path, path.parent, dataset, labeled=None)

    return DatasetInfo(
        name,
        "dialogue",
        f"dialogues read from {path}",
        (),
        load,
        notes=("Turns without a gold tool are unlabelled: accuracy counts the labelled turns.",),
    )


def dataset_info(name: str) -> DatasetInfo:
    """The parsing set called `name` (or `file:PATH`), or a UsageError listing the valid names."""
    if name.startswith(FILE_PREFIX):
        return _file_dataset(name)
    info = PARSING_DATASETS.get(name)
    if info is None:
        valid = ", ".join(PARSING_DATASETS)
        raise UsageError(f"unknown parsing dataset {name!r}; valid: {valid}, all, or file:PATH")
    return info


def load_cases(name: str, data_dir: str | Path) -> list[Case]:
    """Load every case of the parsing set `name` from `data_dir`.

    Raises:
        UsageError: the name is unknown, the folder or a file is missing, or a record is malformed.
    """
    info = dataset_info(name)
    root = Path(data_dir) if name.startswith(FILE_PREFIX) else require_data_dir(data_dir)
    cases = info.loader(root, name)
    ids = [c.id for c in cases]
    if len(set(ids)) != len(ids):
        raise UsageError(f"{name}: duplicate case ids in {root}")
    return cases
