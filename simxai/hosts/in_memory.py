"""Build a `TabularHost` from a fitted model and its DataFrame, with the fields of a host config, in memory.

A host config file (`load_host_config`, `docs/host-config.md`) names three files: the joblib model, the CSV and,
optionally, the held-out ids. A notebook already holds all three as objects; `host_from_model` takes them as
they are and the other fields of the config as keywords, validates those fields exactly as a config file's
(the same `HostOptions`, the same one-line messages) and builds the same host. Nothing is written to disk.

    from simxai.hosts import host_from_model

    host = host_from_model(
        model,                      # a fitted classifier with predict, predict_proba and feature_names_in_
        frame,                      # its features, the target and, optionally, an id column
        name="customer churn",
        target="churned",
        class_names={0: "stays", 1: "leaves"},
        instance_noun="customer",
        id_column="customer_id",
        test_ids=held_out,          # instead of test_size/seed: the ids the model never saw
        cards={"description": "Customers of a regional telecom."},
    )

`fit_host` does the step before for an unfitted estimator: it fits it on the rows outside the host's held-out
split (the `test_ids`, or the config's `test_size`/`seed` split), so the performance figures are never computed on
rows the model was fitted on, then builds the same host.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from simxai.exceptions import UsageError
from simxai.hosts.config import HostOptions, tabular_host, validate_fields

if TYPE_CHECKING:
    import pandas as pd

    from simxai.hosts.tabular import TabularHost

__all__ = ["fit_host", "host_from_model"]

#: The fields of a config file that name files (`HostConfig`'s own), and what `host_from_model` takes instead.
_IN_PLACE_OF_FILES = {
    "model_path": "pass the fitted model itself as the first argument",
    "data_path": "pass the DataFrame itself as the second argument",
    "test_ids_path": "pass the held-out ids themselves as test_ids=[...]",
}
_WHERE = "host_from_model"


def host_from_model(
    model: Any,
    data: pd.DataFrame,
    /,
    *,
    test_ids: Iterable[int] | None = None,
    **options: Any,
) -> TabularHost:
    """The `TabularHost` of a fitted classifier and its frame, described by the fields of a host config.

    Args:
        model: a fitted classifier with `predict`, `predict_proba`, `classes_` and `feature_names_in_` (fit it
            on a DataFrame); a scikit-learn `Pipeline` works.
        data: the model's feature columns, the target column and, optionally, the `id_column`; nothing else.
        test_ids: the held-out instances the performance figures are computed on (ids of the `id_column`
            when there is one, else row positions); by default the stratified `test_size` split with `seed`.
        **options: the fields of a host config file other than its paths: `name` and `target` (required),
            `class_names`, `instance_noun`, `categorical_features`, `category_names`, `id_column`,
            `immutable_features`, `feature_aliases`, `test_size`, `seed`, `background_size`, `explainer`,
            `counterfactual_method` and `cards` (a mapping of `CardsConfig`'s fields); one given as None is
            left out. See `docs/host-config.md`.

    Raises:
        UsageError: in one line, the field at fault and what is valid (an unknown or missing field, a value of
            the wrong kind, a feature or label the model does not have, ...).
    """
    for field, instead in _IN_PLACE_OF_FILES.items():
        if field in options:
            raise UsageError(
                f"{_WHERE}: field {field!r} names a file, which a host built in memory does not read; {instead}"
            )
    # a keyword given as None is not given, as Python's own defaults read (`category_names=None`)
    fields = validate_fields(HostOptions, {k: v for k, v in options.items() if v is not None}, _WHERE)
    ids = None if test_ids is None else _ids(test_ids)
    try:
        return tabular_host(model, data, fields, ids)
    except UsageError as exc:
        raise UsageError(f"{_WHERE}: {exc}") from exc


def _ids(test_ids: Iterable[int]) -> list[int]:
    """`test_ids` as a list; whether they are integer ids of the data is the host's check."""
    if isinstance(test_ids, str | bytes) or not isinstance(test_ids, Iterable):
        raise UsageError(
            f"{_WHERE}: test_ids must be a list of integer ids (a list, an array or a Series), "
            f"got {type(test_ids).__name__}"
        )
    return list(test_ids)


def fit_host(
    estimator: Any, data: pd.DataFrame, /, *, test_ids: Iterable[int] | None = None, **options: Any
) -> TabularHost:
    """Fit `estimator` on the rows outside the host's held-out split, then build the host of the fitted model.

    The features are every column of `data` but the `target` and the `id_column`. The held-out rows are the ones
    the host scores the model on: `test_ids` when given, else the stratified `test_size` split with `seed`.

    Args:
        estimator: an unfitted classifier with `fit` (a scikit-learn estimator or `Pipeline`); fitted in place.
        data: the feature columns, the target column and, optionally, the `id_column`; nothing else.
        test_ids: the held-out instances (ids of the `id_column` when there is one, else row positions).
        **options: the fields of a host config file other than its paths, as `host_from_model` takes them.

    Raises:
        UsageError: a field at fault (as `host_from_model` words it), or rows the model was fitted on that the
            host would score it on.
    """
    import numpy as np

    from simxai.hosts.tabular import stratified_split

    fields = validate_fields(HostOptions, options, "fit_host")
    features = [c for c in data.columns if c not in (fields.target, fields.id_column)]
    held_out = None if test_ids is None else _ids(test_ids)
    if held_out is None:
        train, _ = stratified_split(data[fields.target].to_numpy(), fields.test_size, fields.seed)
    else:
        keys = data[fields.id_column] if fields.id_column is not None else np.arange(len(data))
        train = np.flatnonzero(~np.isin(np.asarray(keys), held_out))
    estimator.fit(data[features].iloc[train], data[fields.target].iloc[train])
    host = host_from_model(estimator, data, test_ids=held_out, **options)
    if not np.array_equal(host.train_ids, train):
        raise UsageError(
            "fit_host: the rows the model was fitted on are not the rows outside the host's held-out split"
        )
    return host
