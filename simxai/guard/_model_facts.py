"""Model facts a reply states against what the outputs of the turn say about the model (invent18).

Read only when an output of the turn states the fact's ground, from the output's own text, never a writer's:

- where a metric was measured: an output that gives a held-out split (a performance output's `split`, a model's
  `training` text) denies "measured on the training patients", "on its own training reviews", "on the jobs it was
  trained on", and, on a performance output, a metric "by cross-validation" or "averaged over 5 folds";
- how many folds: "10-fold", "over 5 folds" against the fold counts the outputs give ("5-fold", "3-fold");
- whether it was trained: an output that says the model was not trained on data denies "after training on",
  "its training data", "fine-tuned on";
- whether its probability is calibrated: an output that says it is not denies "a calibrated probability";
- what its scores are (claims-48): an output that says what they mean (`probability_meaning`: "the share of the
  forest's trees' votes", "the model's score from predict_proba") denies "calibrated" unless an output says the
  scores are calibrated, and "log-odds" (or logits) unless an output names log-odds;
- calibration no output mentions (claims-55): SimXAI's own result payloads name a calibration wherever there is one
  (a model card's type or description, a `probability_meaning`), so on payloads that never mention calibrating, "a
  calibrated 50.5 % chance", "since the forest is calibrated" is unsupported. Text outputs (a remote host's strings)
  may leave it unsaid: there it stays unread.

A claim said under a negation in its clause ("not on the training patients", "was never trained", "is not
calibrated") or in a question is no claim here. Whatever the outputs do not state stays unread.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence

from simxai._spoken import UNITS
from simxai.guard._reading import sentences

__all__ = ["model_fact_claims"]

#: An output's words saying the figures come from rows the model was not fitted on.
_HELD_OUT = re.compile(r"\bheld[- ]out\b|\bnot trained on\b|\bnot used to build\b", re.I)
#: An output's words saying the model was fitted on no data at all.
_UNTRAINED = re.compile(r"\bnot trained\b|\bnot used to build\b", re.I)
#: An output's words denying its probability is calibrated.
_UNCALIBRATED = re.compile(r"\bnot (?:guaranteed to be |a |an? \w+ )?calibrated\b|\buncalibrated\b", re.I)
_FOLDS_SAID = re.compile(
    r"\b(?P<k>\d+|two|three|four|five|six|seven|eight|nine|ten)(?:-fold\b|\s+(?:\w+\s+)?folds\b)", re.I
)

#: Where a clause ends inside a sentence.
#: (`normalise` writes every dash as "-": a long dash is a spaced hyphen here, and one without spaces a hyphen.)
_BREAK = re.compile(r"[;,:|()]|\s-\s")
_NEGATED = re.compile(
    r"\b(?:not|no|never|nor|without|rather than|instead of|unlike|neither|none|nobody|nothing|apart from|outside|"
    r"excluded|separate|except|unseen|held[- ]out)\b|n't\b|"
    r"\bun(?:calibrated|trained)",
    re.I,
)
#: A clause about a figure measured (a metric's name, or a verb of measuring).
_MEASURE = re.compile(
    r"\b(?:measured|evaluated|tested|scored|scores?|performance|perf|accuracy|acc|precision|recall|f1|auc|roc|"
    r"catches|error rate|right label|right answer|gets? \w+ right|correct)\b",
    re.I,
)
#: A clause about fitting or tuning, where the training rows are the truth ("settings chosen on the training part").
_TUNING = re.compile(r"\b(?:trained|fitted|fit|chosen|picked|tuned|selected|learned|learnt)\b", re.I)
_ON_TRAINING = re.compile(
    r"\b(?:on|over|from)\s+(?:the\s+|its\s+|their\s+)?(?:own\s+)?training\s+(?:data|set|split|part|rows|[a-z]+s)\b|"
    r"\b(?:on|over)\s+the\s+(?:[a-z0-9]+\s+){1,2}it\s+was\s+(?:self-)?trained\s+on\b|\bin-sample\b|"
    # "on the 89 patients it was trained on" (g26), "on 89 patients the model saw during training" (g23; claims-38)
    r"\b(?:on|over)\s+(?:the\s+)?(?:[a-z0-9]+\s+){1,2}(?:it|the\s+model)\s+(?:saw|had\s+seen|learn[et]d?\s+from)\s+"
    r"(?:during|in)\s+training\b",
    re.I,
)
_CROSS_VALIDATED = re.compile(r"\bcross[- ]?validat\w*|\bfolds\b|\b\d+-fold\b", re.I)
_TRAINED = re.compile(
    r"\b(?:trained|fine-tuned|fitted|retrained)\s+(?:\w+\s+){0,2}?on\b|\btraining\s+(?:data|set|split|[a-z]+s)\b|"
    r"\bafter training\b|\bused to (?:fit|train|tune)\b|\bfine-tuned\b",
    re.I,
)
_CALIBRATED = re.compile(r"\bcalibrated\b", re.I)
#: Any mention of calibrating in an output ("CalibratedClassifierCV", "sigmoid calibration", "calibrated").
_CALIBRATION = re.compile(r"calibrat", re.I)
_LOG_ODDS = re.compile(r"\blog[- ]?odds\b|\blogits?\b", re.I)


def _clauses(sentence: str) -> list[str]:
    return [c for c in _BREAK.split(sentence) if c.strip()]


def _stated(clause: str, match: re.Match[str]) -> bool:
    """Whether the clause states what `match` found: no negation before it, nor right after its verb."""
    return not _NEGATED.search(clause[: match.start()]) and not _NEGATED.search(match.group(0))


def _folds(texts: Sequence[str]) -> set[int]:
    counts: set[int] = set()
    for text in texts:
        for m in _FOLDS_SAID.finditer(text):
            k = m.group("k").lower()
            counts.add(int(k) if k.isdigit() else UNITS[k])
    return counts


@functools.lru_cache(maxsize=2048)
def _grounds(text: str) -> tuple[bool, bool, bool, frozenset[int]]:
    """What one output string grounds (held out, not trained, not calibrated, its fold counts): an output's field
    names and values recur in every turn, so each string is read once, not once per reply.
    """
    folds = frozenset(_folds([text]))
    return bool(_HELD_OUT.search(text)), bool(_UNTRAINED.search(text)), bool(_UNCALIBRATED.search(text)), folds


def model_fact_claims(
    reply: str, texts: Sequence[str], fields: set[str], structured: bool = False
) -> Iterator[tuple[str, bool]]:
    """(claim, holds) for each model fact of `reply` that the outputs' `texts` settle.

    Args:
        reply: the reply as the guard reads it.
        texts: the strings of the turn's outputs.
        fields: the names of the outputs' fields (a performance output has `split`).
        structured: the outputs are result payloads (a `kind`), not text.
    """
    grounds = [_grounds(t) for t in texts]
    held_out = any(g[0] for g in grounds)
    untrained = any(g[1] for g in grounds)
    uncalibrated = any(g[2] for g in grounds)
    performance = "split" in fields and held_out
    folds = {k for g in grounds for k in g[3]}
    # the outputs say what the scores are: what they do not say of them is denied (claims-48)
    described = "probability_meaning" in fields
    calibrated = any(_CALIBRATED.search(t) for t in texts) if described else True
    # payloads that never mention calibrating deny it (claims-55, guard48)
    unmentioned = structured and not any(_CALIBRATION.search(t) for t in texts)
    calibrated = calibrated and not unmentioned
    log_odds = any(_LOG_ODDS.search(t) for t in texts) if described else True
    if not (held_out or untrained or uncalibrated or folds or described or unmentioned):
        return
    for sentence in sentences(reply):
        if sentence.rstrip().endswith("?"):
            continue
        for clause in _clauses(sentence):
            measured = bool(_MEASURE.search(clause)) or performance
            m = _ON_TRAINING.search(clause)
            if held_out and m and measured and _stated(clause, m) and not _TUNING.search(clause[: m.start()]):
                yield "model fact: measured on the training rows", False
            m = _CROSS_VALIDATED.search(clause)
            if performance and m and _MEASURE.search(clause) and _stated(clause, m) and not _TUNING.search(clause):
                yield "model fact: measured by cross-validation", False
            for f in _FOLDS_SAID.finditer(clause) if folds else ():
                k = f.group("k").lower()
                yield f"model fact: {k} folds", (int(k) if k.isdigit() else UNITS[k]) in folds
            m = _TRAINED.search(clause)
            if untrained and m and _stated(clause, m):
                yield "model fact: trained on data", False
            m = _CALIBRATED.search(clause)
            if (uncalibrated or not calibrated) and m and _stated(clause, m):
                yield "model fact: calibrated", False
            m = _LOG_ODDS.search(clause)
            if not log_odds and m and _stated(clause, m):
                yield "model fact: scores are log-odds", False
