"""Checking a `TabularHost`'s arguments: its plain arguments, the model and its feature columns, the class names,
the id column and held-out ids, and the options that name features; each mistake is a `UsageError` that names
the argument and what would be valid.
"""

from __future__ import annotations

import importlib.util
import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from simxai.exceptions import UsageError
from simxai.hosts._tabular_cards import scalar
from simxai.hosts._xgboost_categories import restore_xgboost_categories
from simxai.hosts.base import plural, regular_plural
from simxai.instances import closest

#: The host's own logger: a binding of class names by position is the host's warning.
_log = logging.getLogger("simxai.hosts.tabular")

#: Class names: a mapping from each of the model's class values to its name, or a list in `classes_` order.
ClassNames = Mapping[Any, str] | Sequence[str]
COUNTERFACTUAL_METHODS = ("nearest", "dice")


def check_arguments(name: Any, instance_noun: Any, data: Any, target: str, seed: Any, background_size: Any) -> None:
    """The host's plain arguments: its name and instance noun, the data and its target column, the seed and the
    background sample's size.
    """
    if not isinstance(name, str) or not name.strip():
        raise UsageError("name must be a non-empty string")
    if not isinstance(instance_noun, str) or not instance_noun.strip():
        raise UsageError("instance_noun must be a non-empty string, e.g. 'patient'")
    if not isinstance(data, pd.DataFrame) or data.empty:
        raise UsageError("data must be a non-empty pandas DataFrame of the features and the target")
    if data.columns.duplicated().any():
        raise UsageError(f"data has duplicate columns: {sorted(set(data.columns[data.columns.duplicated()]))}")
    if target not in data.columns:
        near = closest(str(target), map(str, data.columns)) if target else []
        raise UsageError(
            f"target {target!r} is not a column of data; columns are {', '.join(map(str, data.columns))}"
            + (f" (did you mean {', '.join(near)}?)" if near else "")
        )
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise UsageError(f"seed must be an integer, got {seed!r}")
    if not isinstance(background_size, int) or background_size < 1:
        raise UsageError(f"background_size must be a positive integer, got {background_size!r}")


def stratified_split(labels: Sequence[Any] | np.ndarray, test_size: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Sorted (train, test) row ids of a stratified split; the default held-out split of a `TabularHost`.

    Raises:
        UsageError: the split is impossible (e.g. a label with a single row).
    """
    from sklearn.model_selection import train_test_split

    ids = np.arange(len(labels))
    try:
        train, test = train_test_split(ids, test_size=test_size, random_state=seed, stratify=np.asarray(labels))
    except ValueError as exc:
        raise UsageError(f"cannot make a stratified {test_size:g} split: {exc}; pass test_ids instead") from exc
    return np.sort(train), np.sort(test)


def check_model(model: Any) -> list[Any]:
    """The model's classes, once it is a fitted classifier with `predict` and `predict_proba`."""
    if not callable(getattr(model, "predict_proba", None)) or not callable(getattr(model, "predict", None)):
        raise UsageError(f"model must be a classifier with predict and predict_proba; got {type(model).__name__}")
    try:
        classes = list(model.classes_)
    except AttributeError as exc:
        raise UsageError(f"model {type(model).__name__} has no classes_: fit it before hosting it") from exc
    if len(classes) < 2:
        raise UsageError(f"model must know at least two classes, it knows {classes}")
    return classes


def check_features(model: Any, data: pd.DataFrame, target: str) -> list[str]:
    """The model's feature names, in its order, once the data's feature columns are exactly they."""
    columns = [str(c) for c in data.columns if c != target]
    # CatBoost keeps the names it was fitted with in `feature_names_`.
    names = getattr(model, "feature_names_in_", None)
    if names is None and type(model).__module__.split(".")[0] == "catboost":
        names = getattr(model, "feature_names_", None)
    if names is None:
        raise UsageError(
            "model was fitted without feature names; fit it on a pandas DataFrame with the feature columns"
        )
    names = [str(n) for n in names]
    missing = [n for n in names if n not in columns]
    extra = [c for c in columns if c not in names]
    if missing or extra:
        raise UsageError(
            "the data's feature columns do not match the model's: "
            + (f"missing {missing} (the model was fitted on {names})" if missing else "")
            + ("; " if missing and extra else "")
            + (
                f"not used by the model {extra} (drop them from data; a column of ids is named by id_column)"
                if extra
                else ""
            )
            + _renamed(missing, extra)
        )
    return names


def _renamed(missing: list[str], extra: list[str]) -> str:
    """'; Hour is the model's hour written otherwise: rename the column' for each column only spelt differently."""
    folded = {"".join(ch for ch in n.lower() if ch.isalnum()): n for n in missing}
    pairs = [(c, folded[key]) for c in extra if (key := "".join(ch for ch in c.lower() if ch.isalnum())) in folded]
    return "".join(f"; {c} is the model's {n} written otherwise: rename the column {n}" for c, n in pairs)


def _mapped_name(class_names: Mapping[Any, str], value: Any) -> str | None:
    """The name a mapping gives a class value; keys match by value (0 and 0.0 and "0" name the same class)."""
    for key, name in class_names.items():
        if isinstance(value, bool) and isinstance(key, str) and key.strip().lower() in ("true", "false"):
            key = key.strip().lower() == "true"  # a JSON config's keys are strings: "true" names the class True
        if isinstance(key, bool) != isinstance(value, bool):
            continue
        if key == value or str(key).strip() == str(value):
            return name
        try:
            if not isinstance(value, str) and float(str(key)) == float(value):
                return name
        except (TypeError, ValueError):
            continue
    return None


def _mapping_fault(class_names: Mapping[Any, str], values: list[Any]) -> str:
    """What a mapping of class names got wrong: the classes it leaves unnamed and the keys that are no class."""
    unnamed = [v for v in values if _mapped_name(class_names, v) is None]
    others = [k for k in class_names if not any(_mapped_name({k: "x"}, v) is not None for v in values)]
    faults = [f"no name for {unnamed}"] if unnamed else []
    if others:
        faults.append(f"{others} {'is' if len(others) == 1 else 'are'} not among them")
    return "; ".join(faults) or "two keys name the same class"


def _rename_hint(names: list[str], values: list[Any]) -> str:
    """The other order, or the mapping that renames string classes, when a list says one of them."""
    classes = [str(v).strip() for v in values]
    if sorted(names) == sorted(classes):
        return " (the same names in another order: a list is read in the order of classes_)"
    folded = {" ".join(c.lower().split()): c for c in classes}
    matched = {folded.get(" ".join(n.lower().split())): n for n in names}
    if len(names) == len(classes) and set(matched) == set(classes):  # "on time" for "On Time": a renaming
        pairs = ", ".join(f"{c}: {matched[c]}" for c in classes)
        return f"; to rename the classes, map each by value: {{{pairs}}}"
    return ""


def _distinct_names(names: list[Any]) -> list[str]:
    if not all(isinstance(n, str) and n.strip() for n in names) or len({n.strip() for n in names}) != len(names):
        raise UsageError(f"class_names must be distinct non-empty strings; got {names}")
    return [n.strip() for n in names]


def check_class_names(class_names: ClassNames | None, classes: list[Any]) -> list[str]:
    """The name of each of the model's classes, in the order of `classes_`, bound by value.

    String classes are their own names: a list must hold them in the order of `classes_`, and a mapping
    may rename them by value. Other classes (numbers) are named by a mapping from each class value to
    its name; a plain list is bound by position, with a warning in the log stating the mapping used.
    """
    values = [scalar(c) for c in classes]
    if class_names is None:
        if not all(isinstance(v, str) for v in values):
            # replies would say "predicts 1": the names are not checked against anything, only their absence said
            _log.warning(
                "class_names not given: the labels are the model's classes_ %s as written; name them with a "
                "mapping such as {%s}",
                values,
                ", ".join(f"{v!r}: <name>" for v in values[:2]) + (", ..." if len(values) > 2 else ""),
            )
        return [str(v) for v in values]
    if isinstance(class_names, Mapping):
        names = [_mapped_name(class_names, v) for v in values]
        if any(n is None for n in names) or len(class_names) != len(values):
            raise UsageError(
                f"class_names {dict(class_names)!r} must map each of the model's classes_ {values} "
                f"(and nothing else) to its name; {_mapping_fault(class_names, values)}"
            )
        checked = _distinct_names([n for n in names if n is not None])
    else:
        if isinstance(class_names, str) or len(list(class_names)) != len(values):
            raise UsageError(
                f"class_names must name each of the model's {len(values)} classes_ {values}; got {class_names!r}"
            )
        checked = _distinct_names(list(class_names))
        if all(isinstance(v, str) for v in values):
            if checked != [str(v).strip() for v in values]:
                raise UsageError(
                    f"class_names {checked} does not match the model's classes_ {values}; omit class_names "
                    f"or list them in that order{_rename_hint(checked, values)}"
                )
        else:
            mapping = ", ".join(f"{v!r}: {n}" for v, n in zip(values, checked, strict=True))
            _log.warning(
                "class_names %s bound to the model's classes_ %s by position: {%s}; write class_names "
                "as that mapping to state it",
                checked,
                values,
                mapping,
            )
    return checked


def bound_by_position(class_names: ClassNames | None, classes: Sequence[Any]) -> bool:
    """Whether `check_class_names` binds these class names to numeric classes by position (a plain list)."""
    return (
        class_names is not None
        and not isinstance(class_names, Mapping | str)
        and not all(isinstance(scalar(c), str) for c in classes)
    )


def check_names_by_position(
    class_names: Sequence[str], classes: Sequence[Any], column: pd.Series, recorded: np.ndarray, predicted: np.ndarray
) -> None:
    """Refuse class names bound by position when the target column, holding those names, contradicts the order.

    A target column of names ("crawled", "perfect") beside a model fitted on codes (0, 1, 2) says which code
    is which name only through the model: under the right binding its predictions agree with the recorded names
    most often. When another binding agrees on more rows, the list is in another order than `classes_` (for
    example sorted by name), and every label the host says would be swapped; the error states the binding the
    data supports so that the user can write it as a mapping, which is then taken as stated.
    """
    values = [scalar(c) for c in classes]
    if not any(isinstance(v, str) and v.strip() not in values for v in column):
        return  # the target holds the class values themselves: nothing to compare the names with
    k = len(class_names)
    agree = np.zeros((k, k), dtype=int)
    np.add.at(agree, (predicted, recorded), 1)
    from scipy.optimize import linear_sum_assignment  # scipy comes with scikit-learn; imported only here

    rows, best = linear_sum_assignment(agree, maximize=True)
    listed, found = int(np.trace(agree)), int(agree[rows, best].sum())
    if found <= listed:
        return
    mapping = ", ".join(f"{v!r}: {class_names[int(j)]}" for v, j in zip(values, best, strict=True))
    raise UsageError(
        f"class_names {list(class_names)} bound by position to the model's classes_ {values} contradicts the "
        f"target column, which holds the names: the model's predictions agree with it on {listed} of "
        f"{len(recorded)} rows in that order, and on {found} as {{{mapping}}}; write class_names as the mapping "
        "from each class value to its name"
    )


def instance_ids(data: pd.DataFrame, id_column: str | None, target: str) -> np.ndarray | None:
    """The values of the id column, checked to be distinct integers; None without one."""
    if id_column is None:
        return None
    if id_column not in data.columns or id_column == target:
        near = closest(str(id_column), [str(c) for c in data.columns if c != target])
        raise UsageError(
            f"id_column {id_column!r} is not a column of data besides the target; "
            f"columns are {', '.join(map(str, data.columns))}" + (f" (did you mean {', '.join(near)}?)" if near else "")
        )
    column = data[id_column]
    if not pd.api.types.is_integer_dtype(column) or pd.api.types.is_bool_dtype(column):
        raise UsageError(f"id_column {id_column!r} must hold integers, but {_id_problem(column)}")
    if column.duplicated().any():
        repeated = sorted(int(v) for v in column[column.duplicated()].unique()[:5])
        raise UsageError(f"id_column {id_column!r} must hold distinct ids; repeated: {repeated}")
    return column.to_numpy(dtype=np.int64)


def _id_problem(column: pd.Series) -> str:
    """What a column refused as ids holds, and the fix: users name instances by whole numbers ("stall day 7001")."""
    given = column.dropna()
    if pd.api.types.is_bool_dtype(column):
        return "holds True/False; give a column of distinct whole numbers"
    if len(given) < len(column):
        empty = len(column) - len(given)
        return f"has {empty} empty {'cell' if empty == 1 else 'cells'}; give every row its own whole number"
    if pd.api.types.is_numeric_dtype(column):
        first = next((v for v in given if not float(v).is_integer()), given.iloc[0])
        return f"holds numbers with a fraction, such as {first!r}; give every row its own whole number"
    return (
        f"holds text, such as {str(given.iloc[0])!r}; give a column of distinct whole numbers instead (the number "
        "in each text, or the row number) and leave the text column out of the data"
    )


def positions(ids: np.ndarray, wanted: Sequence[int], option: str) -> list[int]:
    """The row positions of instance ids."""
    if not all(isinstance(i, int | np.integer) and not isinstance(i, bool) for i in wanted):
        raise UsageError(f"{option} must be integer ids from the id column")
    where = {int(v): i for i, v in enumerate(ids)}
    unknown = [i for i in wanted if int(i) not in where]
    if unknown:
        raise UsageError(f"{option} names ids that are not in the id column: {unknown[:5]}")
    return [where[int(i)] for i in wanted]


def held_out(
    test_ids: Sequence[int] | None, test_size: float, n: int, labels: np.ndarray, seed: int
) -> tuple[np.ndarray, str]:
    """The held-out row positions of `n` rows, and how they were chosen (given, or a stratified split)."""
    if test_ids is not None:
        ids = list(test_ids)
        if not ids or not all(isinstance(i, int | np.integer) and not isinstance(i, bool) for i in ids):
            raise UsageError("test_ids must be a non-empty sequence of integer row ids")
        bad = [int(i) for i in ids if not 0 <= i < n]
        if bad:
            raise UsageError(f"test_ids {bad[:5]} are outside the row ids 0..{n - 1}")
        if len(set(ids)) != len(ids):
            raise UsageError("test_ids contains duplicates")
        return np.sort(np.asarray(ids, dtype=int)), "the rows given as held out"
    if not isinstance(test_size, float | int) or not 0 < test_size < 1:
        raise UsageError(f"test_size must be a fraction between 0 and 1, got {test_size!r}")
    _, test = stratified_split(labels, float(test_size), seed)
    return test, f"a stratified {float(test_size):.0%} split with seed {seed}"


def recorded_labels(
    column: pd.Series, class_position: Mapping[Any, int], class_names: Sequence[str], target: str
) -> np.ndarray:
    """The class position of each recorded label: a class value of the model, or a class's name."""
    by_name = {name: i for i, name in enumerate(class_names)}
    positions = []
    for value in column:
        position = class_position.get(scalar(value))
        if position is None and isinstance(value, str):
            position = by_name.get(value.strip())
        if position is None:
            raise UsageError(
                f"target {target!r} holds {value!r}, which is not one of the model's classes_ "
                f"{list(class_position)} nor one of the class names {class_names}"
            )
        positions.append(position)
    return np.array(positions, dtype=int)


def check_aliases(feature_aliases: Mapping[str, Sequence[str]], instance_noun: str, class_names: Sequence[str]) -> None:
    """An alias names a feature, so it can never be the instance noun, its plural or a label name."""

    def key(term: str) -> str:
        return re.sub(r"[\s_]+", "", term).lower()

    reserved = {
        key(instance_noun): "the instance noun",
        key(plural(instance_noun)): "the plural of the instance noun",
        # "persons" as well as "people": an alias must not be either plural a user may type
        key(regular_plural(instance_noun)): "the plural of the instance noun",
        **{key(name): "a label name" for name in class_names},
    }
    for feature, aliases in feature_aliases.items():
        for alias in [aliases] if isinstance(aliases, str) else aliases:
            what = isinstance(alias, str) and reserved.get(key(alias))
            if what:
                raise UsageError(
                    f"feature_aliases: {alias!r} (an alias of {feature}) is {what}; an alias must not be "
                    f"the instance noun {instance_noun!r}, its plural or a label name"
                )


def check_named_features(feature_order: Sequence[str], options: Sequence[tuple[str, Sequence[str]]]) -> None:
    """Every feature an option names (`(option, features)` pairs) is one of the model's features."""
    for option, features in options:
        unknown = [f for f in features if f not in feature_order]
        if unknown:
            near = [n for u in unknown for n in closest(str(u), feature_order)[:1]]
            hint = f" (did you mean {', '.join(near)}?)" if near else ""
            raise UsageError(
                f"{option} names unknown features {unknown}; features are {', '.join(feature_order)}{hint}"
            )


def check_counterfactual_method(name: str) -> str:
    """The counterfactual method named, once it is known and installed."""
    if name not in COUNTERFACTUAL_METHODS:
        raise UsageError(f"unknown counterfactual_method {name!r}; methods are {', '.join(COUNTERFACTUAL_METHODS)}")
    if name == "dice" and importlib.util.find_spec("dice_ml") is None:
        raise UsageError("counterfactual_method 'dice' needs dice-ml: pip install 'simxai[dice]'")
    return name


# ------------------------------------------------------------------ a LightGBM model's pandas categories
# A LightGBM model fitted on a DataFrame with a `category` column remembers that column's categories, in their
# order, and reads a category by its position among them (`booster_.pandas_categorical`). A CSV has no dtypes: the
# column comes back as plain strings, and LightGBM refuses it ("train and valid dataset categorical_feature do not
# match"). The host turns each such column back into the model's own categories, in the model's order, so that
# every value it gives the model means what it meant in training.


def _lightgbm_categories(model: Any) -> list[list[Any]] | None:
    """The categories of each pandas `category` column a LightGBM model was fitted on, in column order; None for
    any other model (or a LightGBM model fitted without such columns).
    """
    if not type(model).__module__.startswith("lightgbm"):
        return None
    booster = getattr(model, "booster_", None)
    categories = getattr(booster, "pandas_categorical", None)
    return [list(c) for c in categories] if categories else None


def _columns(model: Any, data: pd.DataFrame, features: Sequence[str], count: int) -> list[str]:
    """The features that were `category` columns in training: the model's categorical columns that hold
    categories or text in `data`, in the model's order.
    """
    indices = model.booster_.params.get("categorical_column") or range(len(features))
    return [
        features[i]
        for i in indices
        if i < len(features)
        and (
            isinstance(data[features[i]].dtype, pd.CategoricalDtype)
            or not pd.api.types.is_numeric_dtype(data[features[i]])
        )
    ][: count + 1]


def restore_categories(model: Any, data: pd.DataFrame, features: Sequence[str]) -> pd.DataFrame:
    """`data` with each column the model was fitted on as a pandas `category` given the model's own categories.

    Raises:
        UsageError: the data's columns of text do not match the model's category columns, or a value the model
            has no category for.
    """
    known = _lightgbm_categories(model)
    if known is None:
        return restore_xgboost_categories(model, data, features)  # an XGBoost model's, by name
    columns = _columns(model, data, features, len(known))
    if len(columns) != len(known):
        raise UsageError(
            f"the model was fitted on {len(known)} pandas category "
            f"{'column' if len(known) == 1 else 'columns'} but the data holds text in "
            f"{len(columns)} of its categorical features ({', '.join(columns) or 'none'}); "
            "give the columns the model was fitted on"
        )
    restored = data.copy()
    for name, categories in zip(columns, known, strict=True):
        column = data[name]
        values = column.astype(object).where(column.notna(), None)
        unknown = sorted({str(v) for v in values if v is not None and v not in categories})
        if unknown:
            raise UsageError(
                f"feature {name!r} holds {', '.join(repr(v) for v in unknown[:5])}, which the model has no category "
                f"for; its categories are {', '.join(str(c) for c in categories)}"
            )
        restored[name] = pd.Categorical(values, categories=categories)
    return restored
