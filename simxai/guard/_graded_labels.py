"""A text model's class said in a grade the model has not (claims-38): "very positive", "mildly negative".

A sentiment model gives two classes and a probability; a reply that files a text as "very positive" or "mildly
negative" names a band the model does not have: "The model calls the hotel review very positive, at 76.3 %" (g23),
"The spotless-room review is very positive with roughly three chances in four" (g26), "it stays mildly negative"
(g26), "reads as mildly negative to the model" (g27); older writers wrote the same band in quotes or after a colon
("Review 4: very positive, 89.8 %", g2; "lands in the very negative band", g14; "very negative, 77.9 %", g22), most
of them caught by other readings. The invented-label readers took the class after the grade and passed it.

Read only on a text model (its features are a text's words) with a prediction in the turn: "very", "mildly",
"strongly", "extremely" or "highly" before a class, followed by a break, a number or a word that starts the rest of
the clause. A class said with a grade before a noun ("a very positive word", "mildly negative push") describes the
noun, not the call, and is not read; nor is "slightly", "clearly" or "firmly" (a call or a word's lean, said of
faithful replies: "leans slightly negative (−0.0016)", "lands firmly negative (0.859)"). A graded form the outputs or
the user say is theirs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

__all__ = ["graded_label_claims"]

_GRADES = r"very|mildly|strongly|extremely|highly"
#: What may follow the class for it to be the call: a break, a number, or a word that starts the rest of a clause.
_AFTER = (
    r"(?=[*_`\"”']*\s*(?:[,.;:!?()|\n—–]|$|\s-\s|\s*\d|\s(?:at|with|to|for|here|but|because|since|so|while|"
    r"and|or|after|overall|now|again|still|band|category|tier)\b))"
)


def graded_label_claims(
    raw: str, labels: Iterable[str], said: set[str], *, text_model: bool, predicted: bool
) -> Iterator[tuple[str, bool]]:
    """(claim, False) for each class of `labels` said with a grade in `raw` (`said`: the outputs' and the user's
    lower-case words), on a text model's turn that predicts.
    """
    names = sorted({lab for lab in labels if lab.strip()}, key=len, reverse=True)
    if not (text_model and predicted and names):
        return
    alternatives = "|".join(re.escape(n) for n in names)
    pattern = re.compile(rf"\b(?P<grade>{_GRADES})[ -](?P<label>{alternatives})\b{_AFTER}", re.I)
    for m in pattern.finditer(raw):
        grade = m.group("grade").lower()
        if grade in said:
            continue  # the outputs or the user grade the call themselves
        yield f"label '{m.group(0)}'", False
