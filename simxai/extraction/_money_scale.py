"""Money said with a scale word, in the unit a feature's name states: "1.2 million euros", "€2m" or "500k euros"
for `insured_value_kEUR` are 1200, 2000 and 500.

`unscaled` drops the scale word of such an amount so the readings of `extract_changes` see a plain number;
`in_stated_scale` then puts each number read back in the feature's unit: the amount times its scale, divided by
the scale the feature's name or description states (thousands for `kEUR`, `k_usd`, `_k`, `_thousands`, "in
thousands of"; millions for `Mio`, `mEUR`, `_millions`). A feature that states no scale takes the full amount
(500k -> 500000), which the engine questions when it lies far outside the data's range. An amount counts as money
when a currency sign or word is said with it or the scale is spelled out ("million"); a bare "2m" may be metres.

This module also owns which columns hold money and at what scale, for every reader: `holds_money` (a currency in
the description, or one in a word of the name: `value_kEUR`, `fee_chf`, `price_EUR`), `money_features`,
`stated_scale` and `in_thousands`. The readers of an amount said for a money feature they find themselves
(`_said_changes`, `_money_verbs`) read its scale by the word "thousand" (`in_thousands`) or its name and put the
amount in the feature's unit with `said_in_unit`, which takes that scale for an amount said with a scale word ("€300k"
of `insured_kEUR`: 300) and leaves a plain one as said ("€300": 300, as `in_stated_scale` reads it) unless said in
full above the data's values ("€750,000": 750).
"""

from __future__ import annotations

import re

from simxai.extraction._lexicon import _parse_number
from simxai.hosts.base import ChangeValue, FeatureSchema, HostSchema
from simxai.turn_memo import per_host

__all__ = [
    "CURRENCY_WORD",
    "holds_money",
    "in_stated_scale",
    "in_thousands",
    "money_features",
    "plain_in_unit",
    "said_in_unit",
    "scaled_amount",
    "stated_scale",
    "unscaled",
]

_SCALES = {"k": 1e3, "thousand": 1e3, "grand": 1e3, "m": 1e6, "mn": 1e6, "mio": 1e6, "million": 1e6}
_SCALES |= {"bn": 1e9, "billion": 1e9}
#: A currency said in words after an amount ("500k euros", "3 thousand dollars").
CURRENCY_WORD = r"(?:euros?|eur|dollars?|usd|pounds?|gbp)\b"
# "€2m", "$ 1.5 million", "500k euros", "1.2 million", "3 thousand dollars": the sign, number, scale and money word
_SCALED = re.compile(
    r"(?<![\w.])(?P<sign>[$£€]\s?)?(?P<n>\d+(?:\.\d+)?)\s?"
    r"(?P<s>k|mn|mio|m|bn|thousands?|grand|millions?|billions?)(?![\w])"
    rf"(?P<word>\s+{CURRENCY_WORD})?",
    re.IGNORECASE,
)
# the scale a feature's name states: a token of its name split at underscores, spaces and case changes
_NAME_SCALE = {"k": 1e3, "thousand": 1e3, "thousands": 1e3, "mio": 1e6, "million": 1e6, "millions": 1e6}
_NAME_SCALE |= {"bn": 1e9}
_PREFIXED = re.compile(r"^(?P<s>k|m|mio|bn)(?:eur|usd|gbp|chf|dollars?|euros?)$", re.IGNORECASE)
_DESCRIBED = re.compile(r"\bin\s+(?P<s>thousands|millions|billions)\b", re.IGNORECASE)


def _scale_of(match: re.Match[str]) -> float | None:
    """The scale of a said amount when it is money, else None."""
    scale = match.group("s").lower().rstrip("s") if len(match.group("s")) > 2 else match.group("s").lower()
    spelled = scale in ("thousand", "million", "billion", "grand")
    if not (spelled or match.group("sign") or match.group("word")):
        return None
    return _SCALES.get(scale)


def unscaled(text: str) -> str:
    """`text` with the scale word of each amount of money dropped ("€2m" -> "€2", "1.2 million euros" -> "1.2
    euros"), for the readings that take a plain number.
    """
    return _SCALED.sub(
        lambda m: m.group(0) if _scale_of(m) is None else f"{m['sign'] or ''}{m['n']}{m['word'] or ''}", text
    )


def stated_scale(feature: FeatureSchema) -> float:
    """The scale the feature's name or description states its amounts in; 1 when none."""
    tokens = re.split(r"[_\s]+|(?<=[a-z])(?=[A-Z])", feature.name)
    for token in tokens:
        said = _PREFIXED.match(token)
        if said is not None:
            return _NAME_SCALE.get(said.group("s").lower(), 1e6 if said.group("s").lower() == "m" else 1.0)
        if token.lower() in _NAME_SCALE:
            return _NAME_SCALE[token.lower()]
    described = _DESCRIBED.search(feature.description or "")
    return {"thousands": 1e3, "millions": 1e6, "billions": 1e9}[described.group("s").lower()] if described else 1.0


def in_stated_scale(said: str, schema: HostSchema, changes: dict[str, ChangeValue]) -> dict[str, ChangeValue]:
    """The changes with a number said with a money scale in `said` (the turn before `unscaled`) put in the unit
    the feature states.
    """
    out = dict(changes)
    scaled = [(m, _scale_of(m)) for m in _SCALED.finditer(said)]
    for name, value in changes.items():
        feature = schema.feature(name)
        if feature is None or feature.type != "numeric" or isinstance(value, bool):
            continue
        number = re.fullmatch(r"(?P<sign>[+-]?)(?P<n>\d+(?:\.\d+)?)", str(value))
        if number is None:
            continue
        stated, read = stated_scale(feature), _parse_number(number["n"])
        # the number as said, or already put in the feature's unit as if said without its scale ("€2" in kEUR)
        match = next(
            (m for m, s in scaled if s and read in (_parse_number(m["n"]), _parse_number(m["n"]) / stated)), None
        )
        if match is None:
            plain = _plain_amount(said, read, feature, stated)  # "€750,000" in kEUR: 750
            if plain is not None:
                out[name] = f"{number['sign']}{plain}" if number["sign"] else _parse_number(plain)
            continue
        amount = _parse_number(match["n"]) * (_scale_of(match) or 1.0) / stated
        shown = f"{round(amount, 4):g}"
        out[name] = f"{number['sign']}{shown}" if number["sign"] else _parse_number(shown)
    return out


# an amount of money said in full, with its sign or word and no scale word: "€750,000", "750000 euros"
_PLAIN = re.compile(
    rf"(?<![\w.,])(?P<sign>[$£€]\s?)?(?P<n>\d{{1,3}}(?:,\d{{3}})+|\d+)(?![\d.,]\d|\s?(?:k|m|mn|bn|mio)\b)"
    rf"(?P<word>\s+{CURRENCY_WORD})?",
    re.IGNORECASE,
)


def _plain_amount(said: str, read: float, feature: FeatureSchema, stated: float) -> str | None:
    """`read` in the feature's unit when the turn says it as a full amount of money ("€750,000" of a feature in
    thousands of euros: "750"), or None. Only an amount above the data's largest value and of at least one of the
    feature's units: "€500" of a feature in kEUR is left as said (500 thousand), as most users write it.
    """
    if stated == 1.0 or read < stated or feature.max is None or read <= feature.max:
        return None
    for match in _PLAIN.finditer(said):
        if (match["sign"] or match["word"]) and _parse_number(match["n"].replace(",", "")) == read:
            return f"{round(read / stated, 4):g}"
    return None


def plain_in_unit(said: str, feature: FeatureSchema) -> str | None:
    """An amount of money said in full ("€750,000") as the number in the unit the feature states ("750" for
    kEUR), or None when the feature states no scale, the amount is no larger than the data's largest value or is
    no amount of money said in full.
    """
    match = _PLAIN.fullmatch(said.strip())
    if match is None or not (match["sign"] or match["word"]):
        return None
    return _plain_amount(said, _parse_number(match["n"].replace(",", "")), feature, stated_scale(feature))


_NAMED_CURRENCY = re.compile(r"^(?:k|m|mio|bn)?(?:eur|usd|gbp|chf)$", re.IGNORECASE)
_MONEY_SAID = re.compile(r"\b(?:pounds?|gbp|dollars?|usd|euros?|eur)\b|[$£€]", re.IGNORECASE)


def _currency_token(name: str) -> bool:
    """Whether a word of the name is a currency, with a scale before it or not (`value_kEUR`, `fee_chf`)."""
    return any(_NAMED_CURRENCY.match(t) for t in re.split(r"[_\s]+|(?<=[a-z])(?=[A-Z])", name))


def holds_money(feature: FeatureSchema) -> bool:
    """Whether a column holds money: it is numeric, and its description says a currency or a word of its name is one
    (`value_kEUR`, `fee_chf`).
    """
    return feature.type == "numeric" and bool(
        _MONEY_SAID.search(feature.description or "") or _currency_token(feature.name)
    )


@per_host
def money_features(schema: HostSchema) -> list[FeatureSchema]:
    """The numeric features that hold money: a currency in the description, or one in the name (`value_kEUR`)."""
    return [f for f in schema.features if holds_money(f)]


_THOUSANDS = re.compile(r"\bthousands?\b", re.IGNORECASE)


def in_thousands(feature: FeatureSchema) -> bool:
    """The what-if readers' scale of a money column: thousands when its description says "thousand(s)" or its name
    ends in `_k` (`stated_scale` is this module's own, finer reading).
    """
    return bool(_THOUSANDS.search(feature.description or "")) or feature.name.lower().endswith("_k")


def said_in_unit(number: float, scale: float, feature: FeatureSchema) -> float:
    """An amount said as `number` with a scale word worth `scale` (1 when none) in the unit of the money feature, whose
    scale is thousands by `in_thousands`, else the one its name states: an amount said with a scale word in that
    scale ("€300k" of `insured_kEUR` or of `pay_k`: 300); a plain one as said ("€300": 300, as `in_stated_scale`
    reads it), unless it is said in full, of at least one unit and above the data's largest value ("$52,000" of
    `pay_k` up to 90: 52).
    """
    stated = 1000.0 if in_thousands(feature) else stated_scale(feature)
    if scale != 1:
        return number * scale / stated
    in_full = stated != 1 and number >= stated and feature.max is not None and number > feature.max
    return number / stated if in_full else number


def scaled_amount(said: str, feature: FeatureSchema) -> str | None:
    """An amount of money said with a scale word ("500k euros", "€2m") in the unit the feature states, as text;
    None when `said` is no such amount.
    """
    match = _SCALED.fullmatch(said.strip())
    scale = _scale_of(match) if match is not None else None
    if match is None or scale is None:
        return None
    return f"{round(_parse_number(match['n']) * scale / stated_scale(feature), 4):g}"
