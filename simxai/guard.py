"""The faithfulness guard: checks that a reply's claims are supported by the function outputs it verbalizes.

Claims are the numbers, labels, feature names and directions a reply states.

The check is deterministic and deliberately literal. A number is supported when some output number rounds
to it (as a plain value or as a percentage of a probability); a label or feature name when the outputs
mention it; a direction ("bmi pushes towards progressing") when the sign of that feature's attribution
agrees. Small integers up to 10 pass unchecked: replies use them for counts and enumerations ("the top 3").
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

import pydantic

__all__ = ["GuardReport", "Vocabulary", "check_claims"]

_NUMBER = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?)(\s*(?:%|percent\b))?")
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")
_UP = re.compile(
    r"\b(increas\w*|rais\w*|push\w* (?:it |the prediction )?towards|toward|contribut\w* (?:positively|to)|"
    r"support\w*|in favou?r of|higher (?:risk|chance|probability)|boost\w*)\b",
    re.IGNORECASE,
)
_DOWN = re.compile(
    r"\b(decreas\w*|lower\w*|reduc\w*|push\w* (?:it |the prediction )?away|against|contribut\w* negatively|"
    r"lessen\w*)\b",
    re.IGNORECASE,
)
SMALL_INTEGER = 10


class Vocabulary(pydantic.BaseModel):
    """The host's labels and feature names, which the guard treats as checkable claims."""

    labels: list[str] = []
    features: list[str] = []


class GuardReport(pydantic.BaseModel):
    """What the guard checked in a reply and what it found unsupported."""

    claims: list[str] = []
    unsupported: list[str] = []
    passed: bool = True
    regenerated: bool = False
    fallback_used: bool = False


def _walk(value: Any, numbers: list[float], texts: list[str]) -> None:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int | float):
        if math.isfinite(value):
            numbers.append(float(value))
    elif isinstance(value, str):
        texts.append(value)
        numbers.extend(float(m.group(1)) for m in _NUMBER.finditer(value))
    elif isinstance(value, dict):
        for key, item in value.items():
            texts.append(str(key))
            _walk(item, numbers, texts)
    elif isinstance(value, list | tuple):
        for item in value:
            _walk(item, numbers, texts)


def _attributions(outputs: Sequence[Any]) -> list[tuple[str, str, float]]:
    """(feature, explained label, contribution) triples from local-explanation payloads."""
    found = []
    for out in outputs:
        if isinstance(out, dict) and isinstance(out.get("attributions"), list):
            label = str(out.get("label", ""))
            for a in out["attributions"]:
                if isinstance(a, dict) and "feature" in a and isinstance(a.get("contribution"), int | float):
                    found.append((str(a["feature"]), label, float(a["contribution"])))
    return found


_LABEL_FIELDS = (
    "label",
    "predicted_label",
    "current_label",
    "target_label",
    "new_label",
    "old_label",
    "true_label",
)


def _label_fields(outputs: Sequence[Any]) -> set[str]:
    """Labels the outputs state as predicted, targeted or recorded (plus group label counts)."""
    found: set[str] = set()
    for out in outputs:
        if isinstance(out, dict):
            found.update(str(out[k]) for k in _LABEL_FIELDS if isinstance(out.get(k), str))
            for key in ("label_counts", "old_label_counts", "new_label_counts"):
                if isinstance(out.get(key), dict):
                    found.update(str(k) for k in out[key])
            for cf in out.get("counterfactuals") or []:
                if isinstance(cf, dict) and isinstance(cf.get("label"), str):
                    found.add(cf["label"])
    return found


@functools.lru_cache(maxsize=1024)
def _mention_pattern(name: str) -> re.Pattern[str]:
    """One pattern for `name` written as is, or with its underscores as spaces or hyphens, as a whole word.

    The alternation tries every spelling at each position, so it matches wherever one spelling would.
    """
    variants = dict.fromkeys([name, name.replace("_", " "), name.replace("_", "-")])
    alternatives = "|".join(re.escape(v) for v in variants)
    return re.compile(rf"(?<![\w])(?:{alternatives})(?![\w])", re.IGNORECASE)


def _mentions(text: str, name: str) -> bool:
    return _mention_pattern(name).search(text) is not None


def _number_supported(value: float, decimals: int, percent: bool, pool: Iterable[float]) -> bool:
    tolerance = 0.5 * 10 ** (-decimals) + 1e-9
    for x in pool:
        candidates = [x * 100, x] if percent else [x, x * 100] if abs(x) <= 1 else [x]
        if any(abs(c - value) <= tolerance for c in candidates):
            return True
    return False


def check_claims(
    reply: str,
    outputs: Sequence[Any],
    *,
    vocabulary: Vocabulary | None = None,
    context: str = "",
) -> GuardReport:
    """Check the claims of `reply` against `outputs` (JSON payloads or strings).

    Args:
        reply: the text to check.
        outputs: the function outputs the reply verbalizes.
        vocabulary: labels and feature names to treat as claims (without it, only numbers and directions).
        context: the user's own words; numbers the user stated are supported.
    """
    numbers: list[float] = []
    texts: list[str] = []
    for out in outputs:
        if isinstance(out, str):
            try:
                out = json.loads(out)
            except ValueError:
                pass
        _walk(out, numbers, texts)
    _walk(context, numbers, texts)  # what the user said is not the model's claim
    output_text = "\n".join(texts)
    claims: list[str] = []
    unsupported: list[str] = []

    masked = reply
    vocab = vocabulary or Vocabulary()
    # A class name is a fair word once the outputs talk about labels ("pushes towards stable");
    # what a reply says is *predicted* is checked against the label fields below.
    outputs_name_labels = any(_mentions(output_text, label) for label in vocab.labels)
    for name in sorted(vocab.labels + vocab.features, key=len, reverse=True):
        if _mentions(reply, name):
            kind = "label" if name in vocab.labels else "feature"
            claim = f"{kind} {name}"
            claims.append(claim)
            if not _mentions(output_text, name) and not (kind == "label" and outputs_name_labels):
                unsupported.append(claim)
        # Numbers inside names (e.g. "f1", "s1") are not numeric claims.
        masked = re.sub(re.escape(name), " ", masked, flags=re.IGNORECASE)

    predicted = _label_fields(outputs)
    if predicted and vocab.labels:
        alternatives = "|".join(re.escape(lab) for lab in sorted(vocab.labels, key=len, reverse=True))
        for match in re.finditer(
            rf"\bpredict(?:s|ed|ion is)?\s+(?:(?:it |this |as |to be |the )*)({alternatives})\b",
            reply,
            re.IGNORECASE,
        ):
            label = next(lab for lab in vocab.labels if lab.lower() == match.group(1).lower())
            claim = f"prediction {label}"
            claims.append(claim)
            if label not in predicted:
                unsupported.append(claim)

    for match in _NUMBER.finditer(masked):
        raw, percent = match.group(1), bool(match.group(2))
        value = float(raw)
        decimals = len(raw.split(".")[1]) if "." in raw else 0
        if not percent and decimals == 0 and 0 <= value <= SMALL_INTEGER:
            continue
        claim = f"number {raw}{'%' if percent else ''}"
        claims.append(claim)
        if not _number_supported(value, decimals, percent, numbers):
            unsupported.append(claim)

    attributions = _attributions(outputs)
    if attributions:
        labels = vocab.labels or sorted({label for _, label, _ in attributions})
        for sentence in _SENTENCE.split(reply):
            features = [f for f, _, _ in attributions if _mentions(sentence, f)]
            up, down = bool(_UP.search(sentence)), bool(_DOWN.search(sentence))
            if len(set(features)) != 1 or up == down:
                continue
            feature = features[0]
            _, explained, contribution = next(a for a in attributions if a[0] == feature)
            named = [lab for lab in labels if _mentions(sentence, lab)]
            sign = 1 if up else -1
            if len(named) == 1 and named[0] != explained and len(labels) == 2:
                sign = -sign  # "pushes towards stable" is "pushes away from progressing"
            claim = f"direction {feature} {'+' if sign > 0 else '-'}"
            claims.append(claim)
            if contribution != 0 and (contribution > 0) != (sign > 0):
                unsupported.append(claim)
    return GuardReport(claims=claims, unsupported=unsupported, passed=not unsupported)
