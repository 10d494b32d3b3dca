"""The table behind a `TabularHost`: feature metadata, checking of user-given values, model-ready frames.

Inside the host a feature value is a float (numeric features) or a category name (categorical
features); a category name is the name the host config gives the recorded code (`category_names`), or
else the text of the recorded value (`"1"` for the code 1.0), so numeric codes and strings are handled
alike. `Table.frame` turns such values back into the dtypes the model was
trained on.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import pandas as pd

from simxai.exceptions import ArgumentError, UsageError
from simxai.hosts.month_wrap import month_of_year
from simxai.instances import closest
from simxai.results import format_number, listed

#: The largest magnitude a numeric value may have (float32's largest finite number).
MAX_MAGNITUDE = float(np.finfo(np.float32).max)

Value = float | str


def holds_text(column: pd.Series) -> bool:
    """Whether a column holds strings, pandas categories or True/False: it can only be categorical, listed or not.

    A True/False column is the two categories "True" and "False" (`category_name`), given to the model as bools.
    """
    if isinstance(column.dtype, pd.CategoricalDtype | pd.StringDtype) or pd.api.types.is_bool_dtype(column):
        return True
    if not pd.api.types.is_object_dtype(column.dtype):
        return False
    # a CSV's True/False column with empty cells reads as objects: True, False and NaN (its gaps)
    recorded = column.dropna()
    return all(isinstance(v, str) for v in column) or (
        len(recorded) > 0 and all(isinstance(v, bool | np.bool_) for v in recorded)
    )


def words_among_numbers(name: str, column: pd.Series) -> str:
    """'wind_kn holds numbers in 89 of 90 rows, and 'calm' in the other' for a number column with a few words; else ''.

    A CSV column of wind speeds with "calm" in one cell reads as text: a typo in the data, not a category.
    """
    if pd.api.types.is_numeric_dtype(column) or isinstance(column.dtype, pd.CategoricalDtype):
        return ""
    numbers = pd.to_numeric(column.map(lambda v: v if isinstance(v, str | int | float) else None), errors="coerce")
    words = column[numbers.isna() & column.notna()]
    if not len(words) or numbers.notna().sum() < 0.9 * len(column):
        return ""
    shown = ", ".join(repr(str(v)) for v in sorted({str(v) for v in words})[:3])
    others = len(words)
    return f"{name} holds numbers in {int(numbers.notna().sum())} of {len(column)} rows, and {shown} in the " + (
        "other" if others == 1 else f"other {others}"
    )


def category_name(raw: Any) -> str:
    """The name of a recorded categorical value: its text, with numbers written plainly (1.0 -> "1")."""
    if isinstance(raw, bool | np.bool_):
        return str(bool(raw))
    if isinstance(raw, int | float | np.integer | np.floating):
        return format_number(float(raw), digits=6)
    return str(raw)


def _code_text(key: Any) -> str:
    """A code as the host config writes it (0, "0", 0.0) in `category_name`'s form."""
    if isinstance(key, str):
        try:
            return category_name(float(key))
        except ValueError:
            return key.strip()
    return category_name(key)


def named_codes(feature: str, raw: Mapping[str, Any], names: Mapping[Any, str]) -> dict[str, str]:
    """{code text: name} for a categorical feature whose codes the host config names.

    Raises:
        UsageError: a code in the data without a name, a name for a code the data does not hold, or names
            that are empty, repeated, or the text of another code.
    """
    given = {_code_text(k): v for k, v in names.items()}
    unnamed = [code for code in raw if code not in given]
    unknown = [code for code in given if code not in raw]
    if unnamed or unknown:
        raise UsageError(
            f"category_names for {feature!r} must name each code in the data ({', '.join(raw)}) and nothing else"
            + (f"; unnamed: {', '.join(unnamed)}" if unnamed else "")
            + (f"; not in the data: {', '.join(unknown)}" if unknown else "")
        )
    labels = [v.strip() if isinstance(v, str) else v for v in given.values()]
    if not all(isinstance(v, str) and v for v in labels) or len({v.lower() for v in labels}) != len(labels):
        raise UsageError(
            f"category_names for {feature!r} must be distinct non-empty strings; got {list(given.values())}"
        )
    clash = [v for code, v in zip(given, labels, strict=True) if v in raw and v != code]
    if clash:
        raise UsageError(f"category_names for {feature!r}: {clash} would name another code; choose other names")
    return {code: str(name).strip() for code, name in given.items()}


def _plain_number(dtype: Any) -> bool:
    """A numpy integer or float dtype (not bool, not a pandas extension type with missing values)."""
    return isinstance(dtype, np.dtype) and dtype.kind in "iuf"


def decimals_of(values: np.ndarray) -> int:
    """The fewest decimals (0-6) that write every value exactly; how finely a feature is recorded."""
    for d in range(7):
        if np.allclose(values, np.round(values, d), rtol=0, atol=1e-9):
            return d
    return 6


#: The words that name a boolean column's values (its categories are exactly "False" and "True"); JSON true and
#: false reach the host as 1 and 0 (the argument's type reads numbers before text), as numpy counts them too.
_YES_NO = {"yes": True, "no": False, "true": True, "false": False, "1": True, "0": False}


def _missing(value: Any) -> bool:
    """None, NaN or pandas' NA: a missing value."""
    return value is None or value is pd.NA or isinstance(value, float | np.floating) and math.isnan(value)


def _a_month(number: float, decimals: int) -> bool:
    """Whether `number` is a month of the year: 1 to 12, and whole when the data records whole months."""
    return 1 <= number <= 12 and (decimals > 0 or float(number).is_integer())


def _is_yes_no(categories: Sequence[str]) -> bool:
    return sorted(c.lower() for c in categories) == ["false", "true"]


@dataclass(frozen=True)
class Feature:
    """One feature of the table, with the statistics the cards and the searches use."""

    name: str
    kind: Literal["numeric", "categorical"]
    description: str | None
    aliases: tuple[str, ...] = ()
    min: float | None = None
    max: float | None = None
    mean: float | None = None
    std: float | None = None
    decimals: int = 6
    categories: tuple[str, ...] = ()
    raw: Mapping[str, Any] = field(default_factory=dict)
    codes: Mapping[str, str] = field(default_factory=dict)
    #: Cells of the data left missing (NaN) because the model reads a missing value itself.
    missing: int = 0

    def category(self, raw: Any) -> Value:
        """The category name of a recorded value: its given name, or its text; NaN for a missing value (a custom
        instance's or a what-if's null of a category the model reads missing itself).
        """
        if _missing(raw):
            return math.nan
        text = category_name(raw)
        return self.codes.get(text, text)

    def round(self, value: float) -> float:
        """`value` written as finely as the data records this feature."""
        return float(round(value, self.decimals))


class Table:
    """The features of a host's data, in the model's column order, and the conversions around them."""

    def __init__(
        self,
        features_frame: pd.DataFrame,
        categorical: Sequence[str],
        descriptions: Mapping[str, str],
        aliases: Mapping[str, Sequence[str]],
        category_names: Mapping[str, Mapping[Any, str]] | None = None,
        filled: Mapping[int, tuple[str, ...]] | None = None,
        reads_missing: frozenset[str] = frozenset(),
    ) -> None:
        self.X = features_frame.reset_index(drop=True)
        #: The features whose missing value (NaN) the model reads itself (numbers, and categories it reads without an
        #: encoder): kept as missing, never filled.
        self.reads_missing = reads_missing
        #: {row position: the features missing there in the data}, whose cells hold the model's imputer's value.
        self.filled: Mapping[int, tuple[str, ...]] = filled or {}
        self.features: list[Feature] = []
        for name in self.X.columns:
            column = self.X[name]
            description = descriptions.get(name)
            names = tuple(aliases.get(name, ()))
            if column.isna().any() and (name not in reads_missing or holds_text(column)):
                raise UsageError(
                    f"feature {name!r} has {int(column.isna().sum())} missing values; "
                    "fill them in the data, or give a model whose imputer fills them"
                )
            if name in categorical or holds_text(column):
                raw_values = sorted(pd.unique(column), key=lambda v: (category_name(v), str(type(v))))
                raw = {category_name(v): v for v in raw_values}
                if len(raw) != len(raw_values):
                    raise UsageError(f"categorical feature {name!r} has values whose names collide: {raw_values}")
                given = (category_names or {}).get(name)
                codes = named_codes(name, raw, given) if given is not None else {}
                if codes:
                    raw = {codes[code]: value for code, value in raw.items()}
                self.features.append(
                    Feature(name, "categorical", description, names, categories=tuple(raw), raw=raw, codes=codes)
                )
                continue
            if not pd.api.types.is_numeric_dtype(column) or pd.api.types.is_bool_dtype(column):
                odd = words_among_numbers(name, column)
                raise UsageError(
                    f"{odd}: write a number there"
                    if odd
                    else f"feature {name!r} is not numeric (dtype {column.dtype}); "
                    "list it in categorical_features if it holds categories"
                )
            values = column.to_numpy(dtype=float)
            missing = int(np.isnan(values).sum())
            values = values[~np.isnan(values)]
            if np.isinf(values).any():
                raise UsageError(f"feature {name!r} has infinite values")
            if not len(values):
                raise UsageError(f"feature {name!r} has no recorded value; drop the column or record some values")
            self.features.append(
                Feature(
                    name,
                    "numeric",
                    description,
                    names,
                    min=float(values.min()),
                    max=float(values.max()),
                    mean=float(values.mean()),
                    std=float(values.std(ddof=1)) if len(values) > 1 else 0.0,
                    decimals=decimals_of(values),
                    missing=missing,
                )
            )
        self.by_name = {f.name: f for f in self.features}
        self.names = [f.name for f in self.features]
        self._dtypes = dict(self.X.dtypes)
        # Each numeric column as a numpy view of the frame's own memory (no copy), so that one row's values
        # are read without building a pandas object; a column of strings or categories stays in the frame.
        self._arrays: list[np.ndarray | None] = [
            self.X[name].to_numpy(copy=False) if _plain_number(self.X[name].dtype) else None for name in self.X.columns
        ]
        #: Whether every column is a plain number (numeric features and numerically coded categories), so
        #: that the table's rows can be read as one float matrix (`matrix`).
        self.numeric = all(array is not None for array in self._arrays)

    def __len__(self) -> int:
        return len(self.X)

    def lookup(self, name: str, argument: str) -> Feature:
        """The feature called `name` (exact, case-insensitive, spaces as underscores, or an alias).

        Raises:
            ArgumentError: no such feature, with the closest names as suggestions.
        """
        if name in self.by_name:
            return self.by_name[name]
        key = str(name).strip().lower().replace(" ", "_")
        for feature in self.features:
            if key == feature.name.lower() or key in (a.lower().replace(" ", "_") for a in feature.aliases):
                return feature
        raise ArgumentError(
            f"unknown feature {name!r}",
            argument=argument,
            valid=", ".join(self.names),
            suggestions=closest(key, self.names),
        )

    def check(self, feature: Feature, value: Any, argument: str) -> Value:
        """A user-given value of `feature`, checked and in the host's form (float or category name).

        Raises:
            ArgumentError: a non-number for a numeric feature, NaN, infinity or a magnitude beyond
                `MAX_MAGNITUDE`, or an unknown category.
        """
        if feature.name in self.reads_missing and _missing(value):
            return math.nan  # the model reads a missing value (a number or a category) itself
        if feature.kind == "categorical":
            if isinstance(value, float) and not math.isfinite(value):
                raise ArgumentError(
                    f"{feature.name} cannot be {value}",
                    argument=argument,
                    valid=", ".join(feature.categories),
                )
            text = category_name(value) if not isinstance(value, str) else value.strip().strip("'\"")
            if _is_yes_no(feature.categories) and (isinstance(value, bool) or text.lower() in _YES_NO):
                # a column of True/False (a CSV's boolean): JSON true and "yes" name True, as the user means
                text = str(value if isinstance(value, bool) else _YES_NO[text.lower()])
            try:
                # "2.0" names the numeric code 2 as well as 2.0 does.
                spellings = {text.lower(), category_name(float(text)).lower()}
            except ValueError:
                spellings = {text.lower()}
            for category in feature.categories:
                if category.lower() in spellings:
                    return category
            for code, category in feature.codes.items():
                if code.lower() in spellings:  # the code of a named category ("region 2")
                    return category
            raise ArgumentError(
                f"{feature.name} has no category {text!r}; valid categories are {listed(feature.categories)}",
                argument=argument,
                valid=listed(feature.categories),
                suggestions=closest(text, feature.categories),
            )
        number: float | None
        if isinstance(value, bool):
            number = None
        elif isinstance(value, int | float | np.integer | np.floating):
            number = float(value)
        elif isinstance(value, str):
            try:
                number = float(value.strip())
            except ValueError:
                number = None
        else:
            number = None
        if number is None:
            raise ArgumentError(
                f"{feature.name} is numeric; {value!r} is not a number",
                argument=argument,
                valid=f"a number (observed {format_number(feature.min)} to {format_number(feature.max)})",
            )
        # Beyond float32's range a value is infinite to scikit-learn's tree models, which read float32.
        if not math.isfinite(number) or abs(number) > MAX_MAGNITUDE:
            raise ArgumentError(
                f"{feature.name} must be a finite number of magnitude at most {MAX_MAGNITUDE:.3g}, got {value!r}",
                argument=argument,
                valid=f"a number (observed {format_number(feature.min)} to {format_number(feature.max)})",
            )
        if month_of_year(feature.name, feature.min, feature.max) and not _a_month(number, feature.decimals):
            # a month 13 is no month: refused, never scored as an extrapolation of the year
            raise ArgumentError(
                f"{feature.name} is a month of the year; {format_number(number)} is not one",
                argument=argument,
                valid="a whole number from 1 (January) to 12 (December)",
            )
        return number

    def row_values(self, row: int) -> dict[str, Value]:
        """The values of one row in the host's form."""
        values: dict[str, Value] = {}
        for j, (f, array) in enumerate(zip(self.features, self._arrays, strict=True)):
            value = self.X.iat[row, j] if array is None else array[row]
            values[f.name] = f.category(value) if f.kind == "categorical" else float(value)
        return values

    def frame(self, rows: Sequence[Mapping[str, Value]]) -> pd.DataFrame:
        """Model input for rows of host-form values (every feature present), in the model's dtypes."""
        return self.frame_of_columns({f.name: [r[f.name] for r in rows] for f in self.features})

    def frame_of_columns(self, columns: Mapping[str, Sequence[Value] | np.ndarray]) -> pd.DataFrame:
        """Model input from one sequence of host-form values per feature, in the model's dtypes."""
        raw = dict(columns)
        for f in self.features:
            if f.kind == "categorical":
                names = np.asarray(columns[f.name], dtype=object)
                recorded = np.empty(len(names), dtype=object)
                for category in f.categories:
                    recorded[names == category] = f.raw[category]
                raw[f.name] = recorded
        return self._model_frame(raw)

    def _model_frame(self, raw: Mapping[str, Sequence[Value] | np.ndarray]) -> pd.DataFrame:
        """Model input from one column of recorded values per feature, in the model's dtypes (numbers as floats)."""
        data: dict[str, Any] = {}
        for f in self.features:
            if f.kind == "categorical":
                data[f.name] = pd.Series(raw[f.name], dtype=self._dtypes[f.name])
            else:
                data[f.name] = np.asarray(raw[f.name], dtype=float)
        return pd.DataFrame(data)

    def rows(self, ids: Sequence[int] | np.ndarray) -> pd.DataFrame:
        """Model input for rows of the table."""
        return self.X.iloc[np.asarray(ids, dtype=int)].reset_index(drop=True)

    def matrix(self, ids: Sequence[int] | np.ndarray) -> np.ndarray | None:
        """Rows of the table as a float matrix in the model's column order; None unless the table is `numeric`.

        What an explainer reads for a bare estimator, without the cost of building a DataFrame of the rows.
        """
        if not self.numeric:
            return None
        index = np.asarray(ids, dtype=int)
        out = np.empty((len(index), len(self._arrays)))
        for j, array in enumerate(self._arrays):
            assert array is not None
            out[:, j] = array[index]
        return out

    def set_column(self, frame: pd.DataFrame, feature: Feature, values: Sequence[Value]) -> None:
        """Overwrite one feature of `frame` (in place) with host-form values."""
        if feature.kind == "categorical":
            frame[feature.name] = pd.Series(
                [None if _missing(v) else feature.raw[str(v)] for v in values],
                dtype=self._dtypes[feature.name],
                index=frame.index,
            )
        else:
            frame[feature.name] = np.asarray(values, dtype=float)

    def encode(self, frame: pd.DataFrame) -> np.ndarray:
        """`frame` as a float matrix, a column per feature: numbers as they are, categories as their positions."""
        columns = []
        for f in self.features:
            if f.kind == "categorical":
                index = {name: i for i, name in enumerate(f.categories)}
                # a missing category the model reads itself is NaN, decoded back to missing
                column = [math.nan if _missing(v) else index[str(v)] for v in self.value_column(f, frame)]
                columns.append(np.array(column, dtype=float))
            else:
                columns.append(frame[f.name].to_numpy(dtype=float))
        return np.column_stack(columns)

    def decode(self, matrix: np.ndarray) -> pd.DataFrame:
        """Model input from a matrix `encode` made (category positions rounded to the nearest category)."""
        # As `frame_of_columns` of the category names, but a position picks its raw value directly (the
        # explainers decode hundreds of thousands of rows, where comparing names per category dominated).
        raw: dict[str, np.ndarray] = {}
        for j, f in enumerate(self.features):
            if f.kind == "categorical":
                recorded = np.empty(len(f.categories) + 1, dtype=object)  # the last: None, a missing category
                recorded[:-1] = [f.raw[name] for name in f.categories]
                positions = np.nan_to_num(np.rint(matrix[:, j]), nan=len(f.categories)).astype(int)
                raw[f.name] = recorded[positions]
            else:
                raw[f.name] = matrix[:, j]
        return self._model_frame(raw)

    def value_column(self, feature: Feature, frame: pd.DataFrame) -> list[Value]:
        """One feature of `frame` in the host's form."""
        if feature.kind == "categorical":
            return [feature.category(v) for v in frame[feature.name]]
        return [float(v) for v in frame[feature.name]]
