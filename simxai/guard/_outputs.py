"""The facts a reply may be checked against, read from function outputs by their structure.

Every structured output (a result payload with a `kind`) becomes facts about its subject: the labels the
model predicts now, the labels it would predict after a change, the recorded label, each class's
probabilities, the numbers tied to each feature, each metric's value, and the attributions and rankings.
Outputs that are plain text (a remote host's strings) only give a pool of numbers and words.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

from simxai.guard._explanation_facts import read_explanation
from simxai.guard._facts import MACRO, Facts, _num, _tie, _walk_free
from simxai.guard._statistics import STATISTICS
from simxai.instances import condition_fields

__all__ = ["read_outputs", "text_output"]


def _probabilities(facts: Facts, probabilities: Any, phase: dict[str, set[float]] | None = None) -> None:
    if isinstance(probabilities, dict):
        for label, p in probabilities.items():
            _tie(facts.label_numbers, str(label), p)
            if phase is not None:
                _tie(phase, str(label), p)


def _counts(facts: Facts, counts: Any, recorded: dict[str, set[float]] | None = None) -> None:
    if isinstance(counts, dict):
        total = sum(n for n in counts.values() if isinstance(n, int | float))
        for label, n in counts.items():
            for table in (facts.label_numbers, *([recorded] if recorded is not None else [])):
                _tie(table, str(label), n)
            if isinstance(n, int | float) and total:
                _tie(facts.label_numbers, str(label), n / total)  # its share: "831 (55 %) approved"


def _ranking(items: Iterable[tuple[str, float]]) -> list[list[str]]:
    """Names grouped by rank (ties share a rank), largest magnitude first."""
    ranked: list[list[str]] = []
    last: float | None = None
    for name, size in sorted(items, key=lambda item: -abs(item[1])):
        if last is not None and math.isclose(abs(size), last, rel_tol=1e-9, abs_tol=1e-12):
            ranked[-1].append(name)
        else:
            ranked.append([name])
        last = abs(size)
    return ranked


def _subject(payload: dict[str, Any], facts: Facts) -> None:
    subject = payload.get("subject")
    if not isinstance(subject, dict):
        return
    if isinstance(subject.get("id"), int) and subject.get("kind") != "group":
        facts.subject_id = subject["id"]
    for feature, value in (subject.get("values") or {}).items():
        _tie(facts.feature_numbers, str(feature).lower(), value)
        if isinstance(value, str) and _num(value) is None:
            facts.categories[str(feature).lower()] = value
    for key in ("description", "text", "condition"):
        if isinstance(subject.get(key), str):
            facts.texts.append(subject[key])
    if isinstance(subject.get("size"), int) and subject["size"] > 1:
        facts.free_numbers.add(float(subject["size"]))
    for i in subject.get("ids") or []:
        facts.free_numbers.add(float(i))


def _change(facts: Facts, change: Any) -> None:
    if isinstance(change, dict) and "feature" in change:
        key = str(change["feature"]).lower()
        facts.changes.setdefault(key, []).append((change.get("old"), change.get("new")))
        old, new = _num(change.get("old")), _num(change.get("new"))
        if old is not None and new is not None:  # its size, and its signed move ("bmi -2.0" for 29.2 -> 27.2)
            facts.amounts |= {round(abs(new - old), 6), round(new - old, 6)}
            if old:
                facts.amounts.add(abs(new - old) / abs(old))
        _tie(facts.feature_numbers, key, change.get("old"), change.get("new"))
        for value in (change.get("old"), change.get("new")):
            if isinstance(value, str):
                facts.texts.append(value)


def _class_counts(facts: Facts, labels: Any, matrix: Any) -> None:
    """A class's counts in a confusion matrix: its true cases, its predictions and its right answers ("of the
    45 truly stable cases, 33 are right"); the cells between two classes stay free (each belongs to both), and a
    number said of one of the two classes may be one (`Facts.label_cells`).
    """
    if not (isinstance(labels, list) and _derived_counts(matrix) and len(labels) == len(matrix)):
        return
    for i, label in enumerate(labels):
        row = [_num(x) or 0.0 for x in matrix[i]]
        col = [_num(r[i]) or 0.0 for r in matrix]
        _tie(facts.label_numbers, str(label), sum(row), sum(col), row[i])
        # "0 stable called progressing", "1 progressing called stable": a cell off the diagonal is both classes'.
        _tie(
            facts.label_cells,
            str(label),
            *(x for j, x in enumerate(row) if j != i),
            *(x for j, x in enumerate(col) if j != i),
        )


def _labelled_matrix(facts: Facts, labels: Any, label: Any, rows: list[list[float]]) -> None:
    """A confusion matrix with its classes (`Facts.confusions`); its positive class is the one the call named,
    else the second of two.
    """
    if not (isinstance(labels, list) and len(labels) == len(rows) >= 2):
        return
    names = tuple(str(x) for x in labels)
    positive = str(label) if isinstance(label, str) and label in names else names[-1]
    facts.confusions.append((names, tuple(tuple(r) for r in rows), positive))


def _derived_counts(matrix: Any) -> set[float]:
    """What a confusion matrix states besides its cells: each true class's and each predicted class's total,
    the right and the wrong answers, and each of those as a share of its total ("65 of 89 right", "12 wrong",
    "27 % wrong", "catches 32 of the 44").
    """
    if not (isinstance(matrix, list) and matrix and all(isinstance(r, list) and len(r) == len(matrix) for r in matrix)):
        return set()
    cells = [[_num(x) for x in row] for row in matrix]
    if any(x is None for row in cells for x in row):
        return set()
    m = [[float(x or 0) for x in row] for row in cells]
    k = len(m)
    rows = [sum(r) for r in m]
    cols = [sum(m[i][j] for i in range(k)) for j in range(k)]
    n = sum(rows)
    right = sum(m[i][i] for i in range(k))
    found = {*rows, *cols, right, n - right}
    for part, whole in [(right, n), (n - right, n)]:
        if whole:
            found.add(part / whole)
    for i in range(k):
        for j in range(k):
            found |= {m[i][j] / rows[i] if rows[i] else 0.0, m[i][j] / cols[j] if cols[j] else 0.0}
    return found


def _structured(payload: dict[str, Any]) -> Facts:
    """Facts from one result payload, read by its kind."""
    facts = Facts()
    kind = payload.get("kind")
    _subject(payload, facts)
    get = payload.get
    read_explanation(payload, facts)  # a local explanation's base value and output (free numbers) and ends
    if kind == "prediction":
        facts.predicted.add(str(get("label")))
        _probabilities(facts, get("probabilities"))
        _counts(facts, get("label_counts"))
        facts.counted = facts.calls_counted = isinstance(get("label_counts"), dict)
        if isinstance(get("true_label"), str):
            facts.recorded.add(str(get("true_label")))
            facts.correct = get("true_label") == get("label")
    elif kind == "local_explanation":
        facts.predicted.add(str(get("predicted_label")))
        _tie(facts.label_numbers, str(get("predicted_label")), get("probability"))
        if isinstance(get("recorded_label"), str):
            facts.recorded.add(str(get("recorded_label")))  # given when the explained label is not predicted
        label = str(get("label"))
        facts.explained.add(label)
        items = []
        base = _num(get("base_value"))
        for a in get("attributions") or []:
            if isinstance(a, dict) and _num(a.get("contribution")) is not None:
                name = str(a.get("feature"))
                items.append((name.lower(), float(a["contribution"])))
                facts.attributions.append((name, label, float(a["contribution"])))
                # "from a 0.5 baseline, 'rude' alone lifts it to 0.73": where it alone takes the base (claims-49); not
                # for a push too small to tell from the base itself, which stays a free number
                push = float(a["contribution"])
                alone = None if base is None or abs(push) < 0.05 else round(base + push, 6)
                _tie(facts.feature_numbers, name.lower(), a.get("value"), push, alone)
        facts.local_ranking = _ranking(items)
    elif kind == "global_explanation":
        if get("label") is not None:
            facts.explained.add(str(get("label")))
        items = []
        for imp in get("importances") or []:
            if isinstance(imp, dict) and _num(imp.get("importance")) is not None:
                name = str(imp.get("feature")).lower()
                items.append((name, float(imp["importance"])))
                _tie(facts.feature_numbers, name, imp["importance"], imp.get("mean_contribution"))
                signed = _num(imp.get("mean_contribution"))
                if signed is not None and get("label") is not None:
                    # "on average X pushes towards L": the sign of X's mean contribution to the explained label
                    facts.attributions.append((str(imp.get("feature")), str(get("label")), signed))
        facts.global_ranking = _ranking(items)
        _walk_free(get("n_samples"), facts)
    elif kind == "counterfactual":  # a text output read as rewrites (`text_output`) names no labels
        for name, labels in (("current_label", facts.predicted), ("target_label", facts.hypothetical)):
            if get(name) is not None:
                labels.add(str(get(name)))
        if get("target_label") is not None and get("counterfactuals") == []:
            facts.unreached.add(str(get("target_label")))
        for cf in get("counterfactuals") or []:
            if isinstance(cf, dict):
                if cf.get("label") is not None:
                    facts.hypothetical.add(str(cf["label"]))
                    _probabilities(facts, {cf["label"]: cf.get("probability")}, facts.after_numbers)
                changed: set[str] = set()
                for change in cf.get("changes") or []:
                    _change(facts, change)
                    if isinstance(change, dict):
                        changed |= {str(change.get(k)).lower() for k in ("feature", "old", "new") if change.get(k)}
                p = _num(cf.get("probability"))
                if cf.get("label") is not None and p is not None:
                    facts.options.append((frozenset(changed), {str(cf["label"]): p}))
                if isinstance(cf.get("text"), str):
                    facts.texts.append(cf["text"])
                    facts.rewrites.append(cf["text"])
        _walk_free(get("note"), facts)
    elif kind == "still_this":
        facts.still = True
        facts.assessed = True  # how robust the prediction is
        facts.predicted.add(str(get("label")))
        _tie(facts.label_numbers, str(get("label")), get("probability"))
        for r in get("ranges") or []:
            if isinstance(r, dict):
                key = str(r.get("feature")).lower()
                _tie(facts.feature_numbers, key, r.get("current"), r.get("low"), r.get("high"))
                current = _num(r.get("current"))
                low, high = _num(r.get("low")), _num(r.get("high"))
                if current is not None and low is not None and high is not None:
                    facts.kept[key] = (low, current, high)
                for end in (low, high):
                    if current is not None and end is not None:
                        # The room to a kept range's end ("headroom to 27.2 (+3.5)").
                        facts.amounts |= {round(end - current, 6), round(abs(end - current), 6)}
                _tie(facts.feature_numbers, key, *(r.get("categories") or []))
                facts.texts += [str(c) for c in r.get("categories") or []]
        for e in get("kept_edits") or []:
            if isinstance(e, dict):
                facts.texts += [str(e.get("old")), str(e.get("new"))]
                facts.kept_edits.append((str(e.get("old") or ""), str(e.get("new") or "")))
        _walk_free([get("samples_checked"), get("samples_kept")], facts)
        kept, checked = get("samples_kept"), get("samples_checked")
        if isinstance(kept, int) and isinstance(checked, int):  # a table model's checks too (claims-30)
            facts.samples.append((kept, checked))
    elif kind == "what_if":
        old, new = get("old_label"), get("new_label")
        if old is not None:
            facts.predicted.add(str(old))
        facts.hypothetical.add(str(new))
        facts.what_if.append((str(old) if old is not None else None, str(new)))
        _probabilities(facts, get("old_probabilities"), facts.before_numbers)
        _probabilities(facts, get("new_probabilities"), facts.after_numbers)
        before, after = get("old_probabilities"), get("new_probabilities")
        if isinstance(before, dict) and isinstance(after, dict):
            for label in before.keys() & after.keys():
                move = _num(after[label]) is not None and _num(before[label]) is not None
                if move:
                    diff = abs(float(after[label]) - float(before[label]))
                    facts.amounts |= {diff, round(diff * 100, 6)}
                    if float(before[label]) > 0:  # "cuts the failure risk by about a third" (claims-46)
                        facts.amounts.add(round(diff / float(before[label]), 6))
        _counts(facts, get("old_label_counts"))
        _counts(facts, get("new_label_counts"))
        facts.counted = facts.calls_counted = isinstance(get("new_label_counts"), dict)
        for change in get("changes") or []:
            _change(facts, change)
    elif kind == "performance":
        facts.counted = facts.assessed = True
        facts.calls_counted = bool(_derived_counts(get("confusion_matrix")))  # the model's calls, counted
        for name, value in (get("metrics") or {}).items():
            number = _num(value)
            if number is not None:
                facts.metrics.setdefault(str(name), set()).add(number)
        value = _num(get("value"))
        if get("metric") not in (None, "all", "confusion_matrix") and value is not None:
            facts.metrics.setdefault(str(get("metric")), set()).add(value)
        own = {str(k): n for k, v in (get("metrics") or {}).items() if (n := _num(v)) is not None}
        if get("metric") not in (None, "all", "confusion_matrix") and value is not None:
            own[str(get("metric"))] = value
        _label_metrics(facts, get("label"), get("labels"), own)
        _walk_free([get("n"), get("confusion_matrix"), get("split")], facts)
        size = _num(get("n"))
        facts.evaluated |= {size} if size is not None else set()
        facts.free_numbers |= _derived_counts(get("confusion_matrix"))
        _class_counts(facts, get("labels"), get("confusion_matrix"))
        matrix = get("confusion_matrix")
        if isinstance(matrix, list) and _derived_counts(matrix):
            facts.matrices.append([[_num(x) or 0.0 for x in row] for row in matrix])
            facts.evaluated.add(sum(sum(row) for row in facts.matrices[-1]))
            _labelled_matrix(facts, get("labels"), get("label"), facts.matrices[-1])
    elif kind == "data_information":
        facts.counted = True
        _counts(facts, get("class_balance"))
        _counts(facts, get("class_balance"), facts.recorded_counts)  # the recorded labels' counts (claims-52)
        features = list(get("features") or [])
        if isinstance(get("feature"), dict):
            features.append(get("feature"))
        for f in features:
            if isinstance(f, dict):
                key = str(f.get("name")).lower()
                _tie(facts.feature_numbers, key, *(f.get(s) for s in STATISTICS))
                stats = {s: v for s in STATISTICS if (v := _num(f.get(s))) is not None}
                if stats:
                    facts.statistics[key] = stats
                for label, mean in (f.get("mean_by_label") or {}).items():
                    _tie(facts.feature_numbers, key, mean)
                    _tie(facts.label_means, str(label), mean)
                    if (number := _num(mean)) is not None:  # "mean|L": the mean over label L's rows
                        facts.statistics.setdefault(key, {})[f"mean|{label}"] = number
                    facts.texts.append(str(label))
                histogram = f.get("histogram_by_label")
                if isinstance(histogram, dict):
                    # A bin's edges are the feature's numbers, a bin's counts its label's ("0 stable, 2 progressing").
                    _tie(facts.feature_numbers, key, *(histogram.get("edges") or []))
                    for label, counts in (histogram.get("counts") or {}).items():
                        if isinstance(counts, list) and all(isinstance(n, int | float) for n in counts):
                            # and the bins below or above an edge together ("11 failed below 41.1"; claims-26)
                            ends = [sum(counts[:i]) for i in range(2, len(counts))] + [
                                sum(counts[-i:]) for i in range(2, len(counts))
                            ]
                            _tie(facts.label_numbers, str(label), *counts, *ends)
                for by_label in (f.get("counts_by_label") or {}).values():
                    # a category's rows per recorded label, their shares of it and its size ("79 of 143, 55.2%")
                    _counts(facts, by_label)
                    _walk_free([sum(n for n in by_label.values() if isinstance(n, int | float))], facts)
                _walk_free([f.get("description"), f.get("categories")], facts)
        _walk_free([get("name"), get("description"), get("n_rows"), get("target")], facts)
        facts.free_numbers.add(float(len(features)))
        rows, total = _num(get("n_rows")), _num(get("n_total"))
        if get("group") is not None and total:  # a group's card: "95 of the 442 patients (21.5%) have bmi > 30"
            _walk_free([get("group"), get("n_total"), get("nouns")], facts)
            if rows is not None:
                facts.free_numbers |= {rows / total, round(rows / total * 100, 6)}
                # "0 have bmi > 90": the size, beside each field the condition tests: an empty group's card lists
                # them as it parsed them (`DataInformationResult.group_fields`); a group with rows, as its condition
                # names them ("Wave Height > 9" keeps its spaces)
                fields = get("group_fields") if rows == 0 else condition_fields(str(get("group")))
                for field in fields if isinstance(fields, list) else ():
                    _tie(facts.feature_numbers, str(field).lower(), rows)
    else:
        settings = get("hyperparameters")
        if kind == "model_information" and isinstance(settings, dict):
            for name, value in settings.items():
                number = _num(value)
                if number is not None:
                    facts.settings[str(name)] = number
        for label in get("labels") or [] if kind == "output_information" else []:
            if isinstance(label, dict) and isinstance(label.get("meaning"), str):
                facts.meanings[str(label.get("name"))] = label["meaning"]
        _walk_free(payload, facts)
        return facts
    _walk_free(_names(payload), facts)
    return facts


def _label_metrics(facts: Facts, label: Any, labels: Any, metrics: dict[str, float]) -> None:
    """File a result's precision, recall and f1 under the label they are of: the one the call named, else the
    second of two labels (the positive one), else the average over the labels (`MACRO`).
    """
    if not isinstance(label, str):
        names = labels if isinstance(labels, list) else []
        label = str(names[1]) if len(names) == 2 else MACRO
    for m in ("precision", "recall", "f1"):
        if m in metrics:
            facts.label_metrics.setdefault(label, {}).setdefault(m, set()).add(metrics[m])


def _names(payload: dict[str, Any]) -> list[str]:
    """The strings of a payload (labels, names, methods), for mention checks; numbers are read above."""
    out: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                out.append(str(key))
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    walk(payload)
    return out


def _payload(output: Any) -> Any:
    if isinstance(output, str):
        try:
            output = json.loads(output)
        except ValueError:
            return output
    if isinstance(output, dict) and "kind" not in output and isinstance(output.get("result"), dict):
        return output["result"]  # a tool message: {"result": ..., "summary": ...}
    return output


def _cut(text: str) -> bool:
    """Whether a text output stops mid-sentence: several sentences' worth of words and no closing mark."""
    return len(text.split()) >= 8 and not re.search(r"[.!?\"'`)\]>]\s*$", text.strip())


def read_outputs(outputs: Sequence[Any]) -> list[Facts]:
    """Facts per output, in order. Plain text or other data gives a pool of numbers and words."""
    found = []
    for output in outputs:
        payload = _payload(output)
        facts = Facts()
        if isinstance(payload, dict) and isinstance(payload.get("kind"), str):
            facts = _structured(payload)
            facts.structured = True
            facts.fields = _keys(payload)
        else:
            _walk_free(payload, facts)
            facts.truncated = isinstance(payload, str) and _cut(payload)
        found.append(facts)
    return found


def _keys(value: Any) -> set[str]:
    """The keys of a payload's objects, at any depth."""
    if isinstance(value, dict):
        return {str(k) for k in value} | {k for item in value.values() for k in _keys(item)}
    if isinstance(value, list | tuple):
        return {k for item in value for k in _keys(item)}
    return set()


#: A list of quoted strings, as a text output writes one (`['...', "..."]`).
_STRING_LIST = re.compile(r"""^\[\s*(?:(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*,?\s*)+\]$""", re.DOTALL)
_LISTED = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")


def text_output(function: str, text: str, labels: Sequence[str]) -> Any:
    """A function's text output as a payload when its structure says what it is, else the text.

    A prediction or what-if output that is exactly one of the host's labels states the predicted label; a
    counterfactual output that is a list of strings states the rewritten inputs (and no labels).
    """
    if function == "explain_how_to_be_that" and _STRING_LIST.match(text.strip()):
        rewrites = [(m.group(1) if m.group(1) is not None else m.group(2)) for m in _LISTED.finditer(text)]
        return {"kind": "counterfactual", "counterfactuals": [{"text": t.replace("\\'", "'")} for t in rewrites]}
    bare = text.strip().strip("'\"").strip()
    label = next((lab for lab in labels if lab.lower() == bare.lower()), None)
    if label is None:
        return text
    if function == "get_prediction":
        return {"kind": "prediction", "label": label}
    if function == "explain_what_if":
        return {"kind": "what_if", "old_label": None, "new_label": label}
    return text
