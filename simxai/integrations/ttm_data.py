"""TalkToModel's three tabular datasets (diabetes, COMPAS, German credit) as SimXAI hosts and vocabularies.

TalkToModel converses about its `*_test.csv` file (the rows users filter and ask about) and explains a model
trained on `*_train.csv`. Here both files become one `TabularHost`: the rows are sorted by TalkToModel's id
(the CSVs' first column), the model is a small seeded gradient-boosting classifier trained in-process on the
training rows, and the test rows are the host's held-out split. For diabetes and German credit the ids are
0..n-1, so a host row id *is* the TalkToModel id; COMPAS ids have gaps, so there host ids are row positions
(the parser copies ids from the utterance either way).

The grammar's vocabulary follows TalkToModel's own conventions (`explain/utils.py`, `explain/parser.py`):
column names lowercased with `_` and `-` removed, the target `y` popped, and a column categorical when its
ten most frequent values cover more than 95 % of the conversation data.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from simxai.exceptions import UsageError
from simxai.integrations.ttm_grammar import TTMVocabulary, ttm_name

if TYPE_CHECKING:
    import pandas as pd

    from simxai.hosts.tabular import TabularHost

__all__ = [
    "TTM_DATASETS",
    "TTMDataset",
    "TTMDatasetSpec",
    "load_ttm_dataset",
    "semantic_name",
    "value_text",
    "vocabulary_from_frame",
]

TARGET = "y"
#: TalkToModel's categorical guess: the ten most frequent values cover more than this share of the rows.
CATEGORICAL_SHARE = 0.95


@dataclass(frozen=True)
class TTMDatasetSpec:
    """Where one TalkToModel dataset lives and what its labels mean (from TalkToModel's gin configs)."""

    name: str
    train_file: str
    test_file: str
    class_names: tuple[str, str]
    objective: str
    instance_noun: str


TTM_DATASETS: dict[str, TTMDatasetSpec] = {
    "diabetes": TTMDatasetSpec(
        "diabetes",
        "diabetes_train.csv",
        "diabetes_test.csv",
        ("unlikely to have diabetes", "likely to have diabetes"),
        "predict whether someone has diabetes",
        "patient",
    ),
    "compas": TTMDatasetSpec(
        "compas",
        "compas_train.csv",
        "compas_test.csv",
        ("likely to commit a crime", "unlikely to commit a crime"),
        "predict whether someone will commit a crime",
        "person",
    ),
    "german": TTMDatasetSpec(
        "german",
        "german_train.csv",
        "german_test.csv",
        ("bad credit risk", "good credit risk"),
        "predict whether someone is good or bad credit risk",
        "applicant",
    ),
}

# Gradient boosting, as TalkToModel's own models; depth-3 trees train in well under a second on these tables.
MODEL_PARAMS: dict[str, Any] = {"n_estimators": 100, "max_depth": 3, "learning_rate": 0.1}

# Compound words the camel-case split leaves joined (TalkToModel splits names with `wordninja`).
_JOINED_WORDS = {"loanpurpose": "loan purpose"}


def semantic_name(column: str) -> str:
    """How a user writes a column name: words split at `_`, `-` and camel case, lowercased.

    ``BloodPressure`` -> ``blood pressure``, ``number_of_prior_crimes`` -> ``number of prior crimes``,
    ``CheckingAccountBalanceGreaterOrEqualTo0`` -> ``checking account balance greater or equal to 0``.
    """
    spaced = re.sub(r"[_\-]+", " ", column)
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=\d)|(?<=[A-Z])(?=[A-Z][a-z])", " ", spaced)
    words = [_JOINED_WORDS.get(w.lower(), w.lower()) for w in spaced.split()]
    return " ".join(words)


def value_text(value: Any) -> str:
    """A value as TalkToModel writes it into its grammar: `str()` of the pandas value (1, 0.0, 33.6)."""
    return str(value.item() if hasattr(value, "item") else value)


def vocabulary_from_frame(
    frame: pd.DataFrame,
    target: str = TARGET,
    *,
    categorical: Sequence[str] | None = None,
    numeric: Sequence[str] | None = None,
    semantic_names: Mapping[str, str] | None = None,
) -> TTMVocabulary:
    """The grammar vocabulary TalkToModel builds from its conversation data.

    Args:
        frame: the conversation data with the target column (TalkToModel's `dataset_file_path`).
        target: the target column.
        categorical: categorical columns (original names); with `numeric` None, guessed as TalkToModel does.
        numeric: numeric columns (original names).
        semantic_names: how users write each column (default: `semantic_name`).

    Raises:
        UsageError: the target is missing.
    """
    if target not in frame.columns:
        raise UsageError(f"target {target!r} is not a column; columns are {', '.join(map(str, frame.columns))}")
    features = [str(c) for c in frame.columns if c != target]
    if not categorical and not numeric:
        categorical = [c for c in features if frame[c].value_counts(normalize=True).head(10).sum() > CATEGORICAL_SHARE]
    categorical = list(categorical or [])
    numeric = list(numeric) if numeric else [c for c in features if c not in categorical]
    categories: dict[str, list[str]] = {}
    for column in categorical:
        values = list(frame[column].unique())
        texts = [value_text(v) for v in values]
        # TalkToModel adds true / false to columns holding exactly 0 and 1 (`1 in values and 0 in values`).
        if len(values) == 2 and 1 in values and 0 in values:
            texts = ["true", "false", *texts]
        categories[ttm_name(column)] = texts
    names = dict(semantic_names or {})
    return TTMVocabulary(
        numeric=[ttm_name(c) for c in numeric],
        categorical=categories,
        classes=sorted({value_text(v) for v in frame[target].unique()}),
        semantic={ttm_name(c): names.get(c, semantic_name(c)) for c in features},
    )


@dataclass(frozen=True)
class TTMDataset:
    """One TalkToModel dataset: its host, its grammar vocabulary, and the values templates are filled with.

    Attributes:
        spec: where it lives and what its labels mean.
        host: the SimXAI host (all rows, sorted by TalkToModel id; the test rows are held out).
        vocabulary: TalkToModel's grammar vocabulary, from the conversation (test) rows.
        conversation: the conversation rows with TalkToModel's column names, without the target.
        ttm_ids: the TalkToModel id of each host row.
    """

    spec: TTMDatasetSpec
    host: TabularHost
    vocabulary: TTMVocabulary
    conversation: pd.DataFrame
    ttm_ids: tuple[int, ...]

    @property
    def name(self) -> str:
        """The data set's name (`diabetes`, `compas`, `german`)."""
        return self.spec.name

    @property
    def class_names(self) -> tuple[str, str]:
        """The label of target value 0 and of target value 1."""
        return self.spec.class_names


def load_ttm_dataset(name: str, data_dir: str | Path, seed: int = 0) -> TTMDataset:
    """Build (once per process) the host and vocabulary of one TalkToModel dataset.

    Args:
        name: diabetes, compas or german.
        data_dir: the folder holding TalkToModel's CSVs (e.g. ``../shared/datasets/talktomodel/data``), or a
            folder with a ``talktomodel/data`` subfolder.
        seed: seeds the model and the host's explainers.

    Raises:
        UsageError: an unknown dataset, or its CSVs are missing.
    """
    if name not in TTM_DATASETS:
        raise UsageError(f"unknown TalkToModel dataset {name!r}; valid: {', '.join(TTM_DATASETS)}")
    folder = Path(data_dir).expanduser().resolve()
    spec = TTM_DATASETS[name]
    if not (folder / spec.test_file).is_file() and (folder / "talktomodel" / "data" / spec.test_file).is_file():
        folder = folder / "talktomodel" / "data"
    for file in (spec.train_file, spec.test_file):
        if not (folder / file).is_file():
            raise UsageError(f"{file} is not in {folder}; --data-dir must hold TalkToModel's data CSVs")
    return _load(name, str(folder), seed)


@functools.lru_cache(maxsize=8)
def _load(name: str, folder: str, seed: int) -> TTMDataset:
    import pandas as pd
    from sklearn.ensemble import GradientBoostingClassifier

    from simxai.hosts.tabular import DataCard, ModelCard, OutputCard, TabularHost

    spec = TTM_DATASETS[name]
    train = pd.read_csv(Path(folder) / spec.train_file, index_col=0)
    test = pd.read_csv(Path(folder) / spec.test_file, index_col=0)
    vocabulary = vocabulary_from_frame(test)
    categorical = [c for c in test.columns if c != TARGET and ttm_name(c) in vocabulary.categorical]
    data = pd.concat([train, test]).sort_index(kind="stable")
    ttm_ids = tuple(int(i) for i in data.index)
    data = data.reset_index(drop=True)
    features = [c for c in data.columns if c != TARGET]
    is_test = set(test.index)
    test_ids = [position for position, ttm_id in enumerate(ttm_ids) if ttm_id in is_test]
    train_rows = [position for position, ttm_id in enumerate(ttm_ids) if ttm_id not in is_test]
    model = GradientBoostingClassifier(random_state=seed, **MODEL_PARAMS)
    model.fit(data.loc[train_rows, features], data.loc[train_rows, TARGET])
    host = TabularHost(
        model,
        data,
        TARGET,
        dict(enumerate(spec.class_names)),  # target y = 0 and y = 1, named by value
        name=f"TalkToModel {spec.name}",
        instance_noun=spec.instance_noun,
        categorical_features=categorical,
        test_ids=test_ids,
        seed=seed,
        feature_aliases={c: [semantic_name(c)] for c in features if semantic_name(c) != c.lower()},
        data_card=DataCard(description=f"TalkToModel's {spec.name} data ({len(data)} rows): {spec.objective}."),
        model_card=ModelCard(
            description=f"A gradient-boosting classifier (scikit-learn, {MODEL_PARAMS['n_estimators']} depth-"
            f"{MODEL_PARAMS['max_depth']} trees) trained to {spec.objective}.",
            training=f"Trained on TalkToModel's {spec.train_file} ({len(train_rows)} rows, seed {seed}); "
            f"{spec.test_file} ({len(test_ids)} rows) is held out.",
        ),
        output_card=OutputCard(
            label_meanings={spec.class_names[0]: "target y = 0", spec.class_names[1]: "target y = 1"}
        ),
    )
    conversation = test.drop(columns=[TARGET]).rename(columns=ttm_name)
    return TTMDataset(spec, host, vocabulary, conversation, ttm_ids)
