"""The human-written TalkToModel parse sets are well formed; no accuracy asserted.

Checked: the TEST sets evalsets/ttm-2026-12-02 (ids `ttmf-dataset-NNN`) and evalsets/ttm-2026-12-07 (ids
`ttmg-dataset-NNN`), and every people-worded TRAINING/DEV folder simxai/integrations/ttm_people/NAME/ (ids
`NAME-dataset-NNN`). These checks hold each set's format and its
authoring rules (every feature a parse names is a column of that dataset's CSV; no utterance copies a template's
`User:` line), never what any parser scores on it.
"""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PEOPLE_DIR = ROOT / "simxai" / "integrations" / "ttm_people"
#: The human-written TEST sets (evalsets/NAME/utterances.jsonl) and the prefix of their ids.
TEST_SETS: dict[str, str] = {"ttm-2026-12-02": "ttmf", "ttm-2026-12-07": "ttmg"}
#: Each set's file and the prefix of its ids; a people-worded folder's ids start with the folder's name.
SETS: dict[str, tuple[Path, str]] = {
    **{name: (ROOT / "evalsets" / name / "utterances.jsonl", prefix) for name, prefix in TEST_SETS.items()},
    **{path.parent.name: (path, path.parent.name) for path in sorted(PEOPLE_DIR.glob("*/utterances.jsonl"))},
}
TTM_DIR = ROOT / ".." / "shared" / "datasets" / "talktomodel"
DATA_DIR = TTM_DIR / "data"
TEMPLATE_DIR = TTM_DIR / "explain" / "prompts" / "dynamic"
CSV_FILES = {"diabetes": "diabetes.csv", "compas": "compas_train.csv", "german": "german_train.csv"}
KEYS = frozenset({"id", "dataset", "utterance", "parse"})
MIN_PER_DATASET = 50
#: A run of this many consecutive words shared with a template's user line counts as a copy.
COPY_RUN = 7
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_ID = r"-(diabetes|compas|german)-\d{3}"
#: Words that may follow an operation keyword without naming a feature.
_NOT_FEATURES = frozenset({"id", "target", "all", "topk"})
_FEATURE_AFTER = frozenset({"filter", "change", "statistic", "define", "important"})
_NUMBER = r"-?\d+(?:\.\d+)?"
#: Every clause the set may use, in the templates' spelling (`and`/`or` split clauses; `or` joins filters only).
_CLAUSE = re.compile(
    r"filter id \d+"
    rf"|filter [a-z0-9]+ (?:(?:not )?equal to|(?:greater|less)(?: equal)? than) {_NUMBER}"
    r"|filter [a-z0-9]+ (?:true|false)"
    rf"|change [a-z0-9]+ (?:(?:increase|decrease|set) {_NUMBER}|true|false)"
    r"|important (?:all|topk \d+|[a-z0-9]+)|statistic [a-z0-9]+|define [a-z0-9]+|mistake (?:sample|typical)"
    r"|score (?:default|accuracy|f1|recall|precision|roc|sensitivity|specificity|ppv|npv)"
    r"|predict|likelihood|explain features|explain cfe|countdata|show|label|interact|self|function|data|model"
)


def load_set(name: str) -> list[dict[str, Any]]:
    """Every line of the named set, parsed as JSON."""
    with SETS[name][0].open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def columns(dataset: str) -> set[str]:
    """The dataset's CSV columns as TalkToModel writes them: lowercased, `_` and `-` removed."""
    with (DATA_DIR / CSV_FILES[dataset]).open(encoding="utf-8", newline="") as handle:
        header = next(csv.reader(handle))
    return {name.lower().replace("_", "").replace("-", "") for name in header if name}


def features_named(parse: str) -> list[str]:
    """The feature names a parse uses: the word after filter/change/statistic/define/important."""
    words = parse.split()
    return [
        following
        for word, following in zip(words, words[1:], strict=False)
        if word in _FEATURE_AFTER and following not in _NOT_FEATURES
    ]


@pytest.mark.parametrize("name", sorted(SETS))
def test_every_line_has_the_keys_and_known_values(name: str) -> None:
    rows = load_set(name)
    for row in rows:
        assert set(row) == KEYS, f"{row.get('id')}: keys {sorted(row)} (valid: {sorted(KEYS)})"
        assert row["dataset"] in CSV_FILES, f"{row['id']}: unknown dataset {row['dataset']!r}"
        assert re.fullmatch(re.escape(SETS[name][1]) + _ID, row["id"]), f"{row['id']}: not {SETS[name][1]}{_ID}"
        assert row["id"].split("-")[1] == row["dataset"], f"{row['id']}: dataset is {row['dataset']!r}"
        assert row["utterance"].strip(), f"{row['id']}: empty utterance"
        assert row["parse"].endswith(" [e]"), f"{row['id']}: parse does not end in ' [e]'"
        assert row["parse"] == row["parse"].lower() == " ".join(row["parse"].split()), f"{row['id']}: not normal"
        assert "previous" not in row["parse"], f"{row['id']}: needs an earlier turn"


@pytest.mark.parametrize("name", sorted(SETS))
def test_ids_are_unique_and_every_dataset_has_enough_lines(name: str) -> None:
    rows = load_set(name)
    ids = Counter(row["id"] for row in rows)
    assert not [i for i, n in ids.items() if n > 1], "duplicate ids"
    per_dataset = Counter(row["dataset"] for row in rows)
    for dataset in CSV_FILES:
        assert per_dataset[dataset] >= MIN_PER_DATASET, f"{dataset}: {per_dataset[dataset]} lines"
    utterances = Counter(row["utterance"].lower() for row in rows)
    assert not [u for u, n in utterances.items() if n > 1], "duplicate utterances"


@pytest.mark.parametrize("name", sorted(SETS))
def test_every_clause_is_in_the_template_grammar(name: str) -> None:
    for row in load_set(name):
        program = row["parse"].removesuffix(" [e]")
        joiners = ["and", *re.findall(r" (and|or) ", program)]
        for joiner, clause in zip(joiners, re.split(r" and | or ", program), strict=True):
            assert _CLAUSE.fullmatch(clause), f"{row['id']}: clause {clause!r} is not in the templates' grammar"
            assert joiner == "and" or clause.startswith("filter "), f"{row['id']}: 'or' before {clause!r}"


def test_the_test_sets_and_the_people_worded_folders_are_found() -> None:
    assert all(SETS[name][0].is_file() for name in TEST_SETS), "a test set's utterances.jsonl is missing"
    assert [name for name in SETS if name not in TEST_SETS], f"no */utterances.jsonl under {PEOPLE_DIR}"


def leaks(name: str, others: Iterable[str]) -> list[str]:
    """Ids of the named set's lines equal to, or sharing COPY_RUN words with, a line of the other sets."""
    texts = [row["utterance"] for other in others for row in load_set(other)]
    equal = {" ".join(_WORD.findall(text.lower())) for text in texts}
    runs = word_runs(texts)
    return [
        row["id"]
        for row in load_set(name)
        if " ".join(words := _WORD.findall(row["utterance"].lower())) in equal or shares_a_run(words, runs)
    ]


@pytest.mark.parametrize("name", sorted(set(SETS) - set(TEST_SETS)))
def test_no_training_utterance_copies_a_test_set_utterance(name: str) -> None:
    leaked = leaks(name, TEST_SETS)
    assert not leaked, f"utterances equal to or sharing {COPY_RUN} words with a test set {sorted(TEST_SETS)}: {leaked}"


def test_the_test_sets_share_no_utterance() -> None:
    first, *rest = sorted(TEST_SETS)
    assert not leaks(first, rest), f"{first} shares utterances or {COPY_RUN}-word runs with {rest}"


def word_runs(texts: Iterable[str]) -> set[tuple[str, ...]]:
    """Every run of COPY_RUN consecutive words in the texts."""
    runs: set[tuple[str, ...]] = set()
    for text in texts:
        words = _WORD.findall(text.lower())
        runs.update(tuple(words[i : i + COPY_RUN]) for i in range(len(words) - COPY_RUN + 1))
    return runs


def shares_a_run(words: list[str], runs: set[tuple[str, ...]]) -> bool:
    """Whether the words contain one of the runs."""
    return any(tuple(words[i : i + COPY_RUN]) in runs for i in range(len(words) - COPY_RUN + 1))


def test_features_named_finds_the_features_of_a_parse() -> None:
    parse = "filter id 5 and change bmi set 30 and important topk 3 and statistic target and define age [e]"
    assert features_named(parse) == ["bmi", "age"]


@pytest.mark.parametrize("name", sorted(SETS))
def test_every_feature_in_a_parse_is_a_column_of_its_dataset(name: str) -> None:
    if not DATA_DIR.is_dir():
        pytest.skip(f"the TalkToModel data folder {DATA_DIR} is absent: no CSV header to check feature names with")
    known = {dataset: columns(dataset) for dataset in CSV_FILES}
    unknown = [
        f"{row['id']}: {feature!r}"
        for row in load_set(name)
        for feature in features_named(row["parse"])
        if feature not in known[row["dataset"]]
    ]
    assert not unknown, "features that are no column of their dataset:\n" + "\n".join(unknown)


@pytest.mark.parametrize("name", sorted(SETS))
def test_no_utterance_copies_a_template_user_line(name: str) -> None:
    if not TEMPLATE_DIR.is_dir():
        pytest.skip(f"the TalkToModel template folder {TEMPLATE_DIR} is absent: nothing to compare with")
    runs: set[tuple[str, ...]] = set()
    for path in sorted(TEMPLATE_DIR.glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.lower().startswith("user:"):
                words = _WORD.findall(line.split(":", 1)[1].lower())
                runs.update(tuple(words[i : i + COPY_RUN]) for i in range(len(words) - COPY_RUN + 1))
    assert len(runs) > 500  # the templates were read
    copied = []
    for row in load_set(name):
        words = _WORD.findall(row["utterance"].lower())
        if any(tuple(words[i : i + COPY_RUN]) in runs for i in range(len(words) - COPY_RUN + 1)):
            copied.append(f"{row['id']}: {row['utterance']!r}")
    assert not copied, "utterances sharing a run of words with a template:\n" + "\n".join(copied)


#: People-worded folders whose brief asks them to cover every operation the templates use (ttmw2: issue 12, item 5).
COVERAGE_REQUIRED: dict[str, int] = {"ttmw2": 240}
#: Each operation the templates use, as the clause that marks it in a parse.
_OPERATIONS = {
    "predict": re.compile(r"(?:^| and )predict(?: and| \[e\])"),
    "likelihood": re.compile(r"(?:^| and )likelihood(?: and| \[e\])"),
    "explain features": re.compile(r"explain features"),
    "explain cfe": re.compile(r"explain cfe"),
    "important": re.compile(r"(?:^| and )important "),
    "change": re.compile(r"(?:^| and )change "),
    "statistic": re.compile(r"(?:^| and )statistic "),
    "countdata": re.compile(r"countdata"),
    "show": re.compile(r"(?:^| and )show(?: and| \[e\])"),
    "label": re.compile(r"(?:^| and )label(?: and| \[e\])"),
    "mistake": re.compile(r"mistake (?:sample|typical)"),
    "score": re.compile(r"(?:^| and )score "),
    "define": re.compile(r"(?:^| and )define "),
    "interact": re.compile(r"(?:^| and )interact(?: and| \[e\])"),
    "self": re.compile(r"(?:^| and )self(?: and| \[e\])"),
    "function": re.compile(r"(?:^| and )function(?: and| \[e\])"),
    "data": re.compile(r"(?:^| and )data(?: and| \[e\])"),
    "model": re.compile(r"(?:^| and )model(?: and| \[e\])"),
    "filter id": re.compile(r"filter id \d+"),
    "filter or": re.compile(r" or filter "),
    "two filters": re.compile(r"filter [a-z0-9]+ [^\[]* and filter [a-z0-9]+ "),
}


def test_the_operation_markers_find_their_operation() -> None:
    parse = "filter id 5 and change age set 30 and predict and explain features [e]"
    found = {name for name, pattern in _OPERATIONS.items() if pattern.search(parse)}
    assert found == {"filter id", "change", "predict", "explain features"}


@pytest.mark.parametrize("name", sorted(set(COVERAGE_REQUIRED) & set(SETS)))
def test_a_covering_folder_has_its_lines_and_every_operation_in_every_dataset(name: str) -> None:
    rows = load_set(name)
    assert len(rows) >= COVERAGE_REQUIRED[name], f"{name}: {len(rows)} lines (needs {COVERAGE_REQUIRED[name]})"
    missing = [
        f"{dataset}: {operation}"
        for dataset in CSV_FILES
        for operation, pattern in _OPERATIONS.items()
        if not any(row["dataset"] == dataset and pattern.search(row["parse"]) for row in rows)
    ]
    assert not missing, f"{name}: operations without a line:\n" + "\n".join(missing)
