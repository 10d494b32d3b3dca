"""Load a `TabularHost` from a YAML or JSON file naming a saved model, a CSV of data and the cards.

Security: the model file is loaded with joblib, which unpickles it, and unpickling runs code. A model
file is therefore a program: load only files from a source you trust, exactly as you would run a script
from it. Nothing else in the configuration is executed.

Example (`host.yaml`; relative paths are resolved against the folder of the configuration file):

```yaml
name: loan approval
model_path: model.joblib
data_path: loans.csv
target: approved
class_names: {0: rejected, 1: approved}
instance_noun: applicant
categorical_features: [region]
immutable_features: [age]
test_size: 0.2
seed: 0
explainer: auto   # or tree, linear, kernel (auto: the fastest exact SHAP explainer for the model)
counterfactual_method: nearest   # or dice (needs the dice extra)
cards:
  description: Loan applications from 2020.
  feature_descriptions: {income: yearly income in k€}
  label_meanings: {approved: the loan is granted}
```

`class_names` binds a name to each value in the model's `classes_`, never to a position: the model above
was trained on 0/1, so the mapping says which number is which label. A model trained on string labels
needs no `class_names` (its classes are the names); a list that disagrees with `classes_` is refused, and a
plain list for numeric classes is bound by position with a warning in the log stating the mapping used.
The target column may hold the class values or their names.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import pydantic

from simxai.exceptions import UsageError
from simxai.hosts._memory import keep_large_allocations_mapped
from simxai.hosts.noun_number import checked_instance_noun
from simxai.hosts.tabular import DataCard, ModelCard, OutputCard, TabularHost
from simxai.instances import closest

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CardsConfig", "HostConfig", "HostOptions", "load_host_config", "tabular_host", "validate_fields"]


class CardsConfig(pydantic.BaseModel):
    """The plain-words parts of the data, model and output cards; anything left out is generated."""

    model_config = pydantic.ConfigDict(extra="forbid")

    description: str | None = None
    feature_descriptions: dict[str, str] = {}
    target_description: str | None = None
    model_description: str | None = None
    training: str | None = None
    strengths: list[str] | None = None
    limitations: list[str] | None = None
    label_meanings: dict[str, str] = {}
    probability_meaning: str | None = None


class HostOptions(pydantic.BaseModel):
    """What a host config says besides its files: the words, the split and the explainer of a `TabularHost`.

    `host_from_model` takes these fields as keywords; `HostConfig` adds the paths of the files a config names.
    """

    model_config = pydantic.ConfigDict(extra="forbid", protected_namespaces=())

    name: str
    target: str
    # bool first: YAML's `{false: fails, true: passes}` keeps its booleans (a True/False target), not 0 and 1
    class_names: dict[bool | int | float | str, str] | list[str] | None = None
    instance_noun: str = "instance"
    categorical_features: list[str] = []
    category_names: dict[str, dict[bool | int | float | str, str]] = {}
    id_column: str | None = None
    immutable_features: list[str] = []
    feature_aliases: dict[str, list[str]] = {}
    test_size: float = pydantic.Field(0.2, gt=0, lt=1)
    seed: int = 0
    background_size: int = pydantic.Field(100, ge=1)
    explainer: Literal["auto", "tree", "linear", "kernel"] = "auto"
    counterfactual_method: Literal["nearest", "dice"] = "nearest"
    cards: CardsConfig = CardsConfig()

    @pydantic.field_validator("instance_noun")
    @classmethod
    def _singular_noun(cls, noun: str) -> str:
        """A plural ("analyses") refused, naming the singular; one that only looks plural ("customers") warned of."""
        return checked_instance_noun(noun)


class HostConfig(HostOptions):
    """Everything `load_host_config` needs to build a `TabularHost`: the options and the files they describe."""

    model_path: Path
    data_path: Path
    test_ids_path: Path | None = None


_Fields = TypeVar("_Fields", bound=HostOptions)


def _read(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"{path}: not a UTF-8 text file (byte {exc.start} cannot be decoded); save it as UTF-8"
        ) from None
    suffix = path.suffix.lower()
    if suffix in (".yaml", ".yml"):
        import yaml

        try:
            return yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise UsageError(f"{path}: not valid YAML: {_yaml_problem(exc)}") from None
    if suffix == ".json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise UsageError(f"{path}: not valid JSON: {exc}") from None
    raise UsageError(f"{path}: a host configuration must be a .yaml, .yml or .json file")


def _yaml_word(value: bool) -> str:
    return "yes" if value else "no"


def _booleans(path: Path, raw: dict[str, Any]) -> None:
    """Refuse names YAML read as booleans (`[no, yes]`), saying how to quote them."""
    _boolean_names(path, "class_names", raw.get("class_names"))
    categories = raw.get("category_names")
    if isinstance(categories, dict):
        for feature, names in categories.items():
            _boolean_names(path, f"category_names.{feature}", names)


def _boolean_names(path: Path, field: str, names: Any) -> None:
    values = list(names.values()) if isinstance(names, dict) else names if isinstance(names, list) else []
    if not any(isinstance(v, bool) for v in values):
        return

    def quote(value: Any) -> str:
        return f"'{_yaml_word(value)}'" if isinstance(value, bool) else repr(value)

    if isinstance(names, dict):
        quoted = "{" + ", ".join(f"{k}: {quote(v)}" for k, v in names.items()) + "}"
    else:
        quoted = "[" + ", ".join(quote(v) for v in values) + "]"
    raise UsageError(
        f"{path}: field {field!r}: YAML reads unquoted no/yes/on/off/true/false as booleans "
        f"(got {names}); quote them: {quoted}"
    )


def _yaml_problem(exc: Exception) -> str:
    """PyYAML's error on one line, without the quoted source lines it prints beneath.

    "mapping values are not allowed here at line 3, column 12".
    """
    problem = getattr(exc, "problem", None)
    mark = getattr(exc, "problem_mark", None)
    if not problem:
        return " ".join(str(exc).split())
    where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
    return f"{problem}{where}"


def _parse(path: Path, raw: Any) -> HostConfig:
    if not isinstance(raw, dict):
        raise UsageError(f"{path}: the configuration must be a mapping of fields, got {type(raw).__name__}")
    _booleans(path, raw)
    return validate_fields(HostConfig, raw, str(path))


def validate_fields(schema: type[_Fields], raw: dict[str, Any], where: str) -> _Fields:
    """`raw` validated as `schema` (`HostConfig` or `HostOptions`), or one line naming each field at fault.

    Raises:
        UsageError: "`where`: field 'target' is required; field 'feature_alias' is not a known field (did you
            mean feature_aliases? fields are ...)".
    """
    try:
        return schema.model_validate(raw)
    except pydantic.ValidationError as exc:
        problems = []
        for error in exc.errors():
            field = ".".join(str(part) for part in error["loc"]) or "(top level)"
            if error["type"] == "extra_forbidden":
                # Only a misspelt field name needs the list of names (a wrong value names what is valid itself).
                valid = list((CardsConfig if error["loc"][:1] == ("cards",) else schema).model_fields)
                # a close spelling only ("colour" is no misspelt id_column): difflib's ratio of at least 0.6
                near = difflib.get_close_matches(str(error["loc"][-1]).lower(), valid, n=1, cutoff=0.6)
                hint = f"did you mean {near[0]}? " if near else ""
                reason = f"is not a known field ({hint}fields are {', '.join(valid)})"
            elif error["type"] == "missing":
                reason = "is required"
            elif error["type"] == "value_error" and isinstance(cause := error.get("ctx", {}).get("error"), ValueError):
                reason = f"is refused: {cause}"  # a validator's own sentence, which names the value itself
            else:
                given = error.get("input")
                # the value as written ("test_size: 20" meant as percent): what was wrong, beside what is valid
                shown = f" (got {given!r})" if isinstance(given, str | int | float) and len(repr(given)) <= 60 else ""
                reason = error["msg"].lower() + shown
            problems.append(f"field {field!r} {reason}")
        raise UsageError(f"{where}: " + "; ".join(problems)) from None


def _file(config_path: Path, field: str, value: Path) -> Path:
    resolved = value if value.is_absolute() else config_path.parent / value
    if not resolved.is_file():
        raise UsageError(f"{config_path}: field {field!r}: no file at {resolved}{_nearby(resolved, {resolved.suffix})}")
    return resolved


def _nearby(missing: Path, suffixes: set[str]) -> str:
    """The files beside a missing one with one of `suffixes`, the closest first ("modle.joblib": " (did you mean
    model.joblib?)"), or the folder's few such files, or nothing.
    """
    folder = missing.parent
    others = (
        sorted(p.name for p in folder.iterdir() if p.is_file() and p.suffix.lower() in suffixes)
        if folder.is_dir()
        else []
    )
    near = closest(missing.name, others)
    return f" (did you mean {near[0]}?)" if near else (f"; {folder} holds {', '.join(others[:5])}" if others else "")


def _test_ids(config_path: Path, path: Path) -> list[int]:
    text = path.read_text(encoding="utf-8")
    try:
        raw = json.loads(text) if path.suffix.lower() == ".json" else text.replace(",", " ").split()
        ids = [int(v) for v in raw]
        if any(isinstance(v, bool) or (isinstance(v, float) and not v.is_integer()) for v in raw):
            raise ValueError("ids must be integers")
    except (ValueError, TypeError) as exc:
        raise UsageError(
            f"{config_path}: field 'test_ids_path': {path} must hold integer row ids "
            f"(a JSON list, or ids separated by spaces, commas or lines): {exc}"
        ) from None
    return ids


def load_host_config(path: str | Path) -> TabularHost:
    """Build the `TabularHost` described by a YAML or JSON configuration file.

    The model file is unpickled: load configurations only from trusted sources (see the module docstring).

    Args:
        path: the configuration file (.yaml, .yml or .json).

    Raises:
        UsageError: naming the file and the field at fault (a missing file, an unknown target column, a
            class_names that does not match the model's classes_, ...).
    """
    config_path = Path(path)
    if not config_path.is_file():
        raise UsageError(
            f"no host configuration file at {config_path}{_nearby(config_path, {'.yaml', '.yml', '.json'})}"
        )
    config = _parse(config_path, _read(config_path))
    model_file = _file(config_path, "model_path", config.model_path)
    data_file = _file(config_path, "data_path", config.data_path)

    import joblib
    import pandas as pd

    # Before the CSV is read: the reader's large buffers then go back to the system once it is done.
    keep_large_allocations_mapped()

    try:
        model = joblib.load(model_file)
    except Exception as exc:
        reason = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        raise UsageError(
            f"{config_path}: field 'model_path': cannot load {model_file} with joblib ({reason}); "
            "it must be a file written by joblib.dump(model, path)"
        ) from None
    if not callable(getattr(model, "predict_proba", None)) or not callable(getattr(model, "predict", None)):
        raise UsageError(
            f"{config_path}: field 'model_path': {model_file} holds a {type(model).__name__}, not a classifier; "
            "it must hold a fitted classifier with predict and predict_proba (a scikit-learn model or Pipeline)"
        )
    try:
        data = pd.read_csv(data_file)
    except UnicodeDecodeError:
        raise UsageError(
            f"{config_path}: field 'data_path': {data_file} is not a text CSV (it is not UTF-8); "
            "it must be a CSV file with a header row, e.g. written by DataFrame.to_csv(path, index=False)"
        ) from None
    except Exception as exc:
        raise UsageError(f"{config_path}: field 'data_path': cannot read {data_file} as CSV: {exc}") from None
    test_ids = (
        _test_ids(config_path, _file(config_path, "test_ids_path", config.test_ids_path))
        if config.test_ids_path is not None
        else None
    )
    try:
        return tabular_host(model, data, config, test_ids)
    except UsageError as exc:
        raise UsageError(f"{config_path}: {exc}") from exc


def tabular_host(model: Any, data: pd.DataFrame, options: HostOptions, test_ids: Sequence[int] | None) -> TabularHost:
    """The `TabularHost` of a fitted model and its frame, as `options` describe it (the one mapping of fields).

    Raises:
        UsageError: the model, the data or an option does not fit the others (see `TabularHost`).
    """
    cards = options.cards
    try:
        return _built(model, data, options, test_ids, cards)
    except UsageError as exc:  # the cards are one field here: "cards.label_meanings", never "output_card...."
        said = str(exc)
        for part in ("data_card.", "model_card.", "output_card."):
            if said.startswith(part):
                raise UsageError(f"cards.{said.removeprefix(part)}") from exc
        raise


def _built(
    model: Any, data: pd.DataFrame, options: HostOptions, test_ids: Sequence[int] | None, cards: CardsConfig
) -> TabularHost:
    """The host of `tabular_host`, its cards' problems named by the card they were checked in."""
    return TabularHost(
        model,
        data,
        options.target,
        options.class_names,
        name=options.name,
        instance_noun=options.instance_noun,
        categorical_features=options.categorical_features,
        test_ids=test_ids,
        test_size=options.test_size,
        seed=options.seed,
        feature_aliases=options.feature_aliases,
        immutable_features=options.immutable_features,
        data_card=DataCard(
            description=cards.description,
            feature_descriptions=cards.feature_descriptions,
            target_description=cards.target_description,
        ),
        model_card=ModelCard(
            description=cards.model_description,
            training=cards.training,
            strengths=cards.strengths,
            limitations=cards.limitations,
        ),
        output_card=OutputCard(label_meanings=cards.label_meanings, probability_meaning=cards.probability_meaning),
        background_size=options.background_size,
        id_column=options.id_column,
        category_names=options.category_names,
        explainer=options.explainer,
        counterfactual_method=options.counterfactual_method,
    )
