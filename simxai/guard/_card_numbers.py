"""The numbers a host's cards state, a source a reply may quote (claims-49, issue 13's false alarms on unseen hosts).

A writer who knows the host quotes its cards: the data's size ("trained on 300 anvils"), a class's share of the
rows ("about a third of the looms were overhauled"), a number of a card's description ("checked again after 30
days"), a setting of the model ("100 trees"). The guard reads the turn's outputs only, so such a number, when no
output holds it, was flagged as unsupported. `card_numbers` reads them through the host's own functions (the output,
data and model cards), once when the vocabulary is built; the guard holds them as free numbers (`Facts.free_numbers`,
as an output's sizes and base values are): a number no field names passes when a card states it, and a number bound
to a field that holds another number is still wrong.

A card's words stay `_card_words`'s; a card never adds a label, a feature or a claim of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from simxai.exceptions import SimXAIError
from simxai.guard._facts import NUMBER
from simxai.guard._reading import normalise

__all__ = ["card_numbers"]


def _said(texts: Iterable[str]) -> set[float]:
    """The numbers written in `texts` ("300 anvils", "after 30 days", "0.5")."""
    return {float(m.group(1)) for text in texts if text for m in NUMBER.finditer(normalise(text))}


def _shares(counts: dict[str, Any]) -> set[float]:
    """Each class's count in `counts`, its share of their total (a fraction and a percentage), and the total."""
    values = [float(v) for v in counts.values() if isinstance(v, (int, float)) and not isinstance(v, bool)]
    total = sum(values)
    if total <= 0:
        return set(values)
    return {*values, total, *(round(v / total, 6) for v in values), *(round(100 * v / total, 6) for v in values)}


def card_numbers(host: Any) -> frozenset[float]:
    """The numbers of `host`'s output, data and model cards: what their texts write, the data's rows and each class's
    count and share, and the model's numeric settings; none for a card the host cannot give.

    Args:
        host: a host (`simxai.hosts.Host`); read through `output_information()`, `data_information(None)` and
            `model_information()`.
    """
    found: set[float] = set()
    try:
        output = host.output_information()
        found |= _said([output.probability_meaning, *(label.meaning for label in output.labels)])
    except (SimXAIError, NotImplementedError):
        pass  # a host without an output card
    try:
        data = host.data_information(None)
        found |= _said([data.description, data.target, *(f.description or "" for f in data.features)])
        found |= {float(n) for n in (data.n_rows,) if isinstance(n, (int, float)) and not isinstance(n, bool)}
        if isinstance(data.class_balance, dict):
            found |= _shares(data.class_balance)
    except (SimXAIError, NotImplementedError):
        pass
    try:
        model = host.model_information()
        found |= _said([model.description, model.training, *model.strengths, *model.limitations])
        settings = model.hyperparameters.values()
        found |= {float(v) for v in settings if isinstance(v, (int, float)) and not isinstance(v, bool)}
    except (SimXAIError, NotImplementedError):
        pass
    return frozenset(found)
