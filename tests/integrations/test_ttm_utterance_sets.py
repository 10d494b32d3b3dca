"""Human-written TalkToModel utterance sets: the reader's checks, and `bench/ttm_parse.py --set` on a tiny set."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from simxai.exceptions import UsageError
from simxai.integrations.ttm_utterance_sets import SET_FILE, SetCase, read_utterance_set

BENCH = Path(__file__).resolve().parents[2] / "bench"

# two right golds and one wrong one for diabetes, one right for compas, none for german
ROWS: list[dict[str, Any]] = [
    {"id": "d1", "dataset": "diabetes", "utterance": "how many people have glucose over 120?",
     "parse": "filter glucose greater than 120 and countdata [e]"},
    {"id": "d2", "dataset": "diabetes", "utterance": "why is id 5 predicted that way?",
     "parse": "filter id 5 and explain features [E]"},
    {"id": "d3", "dataset": "diabetes", "utterance": "why is id 5 predicted that way?",
     "parse": "filter id 5 and predict [e]"},
    {"id": "c1", "dataset": "compas", "utterance": "what does age mean?", "parse": "define age [e]"},
]  # fmt: skip


def write_set(folder: Path, rows: list[dict[str, Any]] | list[str]) -> Path:
    folder.mkdir(exist_ok=True)
    lines = [row if isinstance(row, str) else json.dumps(row) for row in rows]
    (folder / SET_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def test_a_set_reads_in_file_order_with_lowercased_golds(tmp_path):
    cases = read_utterance_set(write_set(tmp_path / "tiny", ROWS))
    assert [c.id for c in cases] == ["d1", "d2", "d3", "c1"]
    assert cases[1] == SetCase(
        "d2", "diabetes", "why is id 5 predicted that way?", "filter id 5 and explain features [e]"
    )


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (["{not json"], "not JSON"),
        ([{"id": "a", "dataset": "diabetes", "utterance": "hi"}], "needs the fields id, dataset, utterance, parse"),
        ([{**ROWS[0], "dataset": "adult"}], "unknown dataset 'adult'; valid: diabetes, compas, german"),
        ([{**ROWS[0], "parse": "countdata"}], "does not end in [e]"),
        ([ROWS[0], ROWS[0]], "id 'd1' appears twice"),
        ([""], "holds no utterances"),
    ],
)
def test_a_malformed_set_is_refused_with_what_is_wrong(tmp_path, rows, message):
    folder = write_set(tmp_path / "bad", rows)
    with pytest.raises(UsageError, match=message.replace("[", r"\[").replace("]", r"\]")):
        read_utterance_set(folder)


def test_a_folder_without_the_set_file_is_refused(tmp_path):
    with pytest.raises(UsageError, match=f"no {SET_FILE} in"):
        read_utterance_set(tmp_path)


def test_the_bench_scores_a_set_per_dataset_with_talktomodels_metric(tmp_path, datasets_dir, capsys):
    sys.path.insert(0, str(BENCH))
    import ttm_parse

    folder = write_set(tmp_path / "tiny", ROWS)
    ttm_parse.main(["--data-dir", str(datasets_dir), "--set", str(folder), "--show-misses"])
    out = capsys.readouterr().out
    assert "diabetes  set tiny: 2/3 = 66.7%" in out
    assert "compas    set tiny: 1/1 = 100.0%" in out
    assert "german" not in out  # no cases for it
    assert "overall   set tiny: 3/4 = 75.0%" in out
    assert "gold: filter id 5 and predict [e]" in out  # the wrong gold is listed among the misses
