"""The text host's cards: data, model and output."""

from __future__ import annotations

import pydantic


class TextDataCard(pydantic.BaseModel):
    """What the host's labelled texts are; the statistics are computed from the data itself."""

    model_config = pydantic.ConfigDict(frozen=True)

    name: str
    description: str
    target: str = "label"
    text_description: str = "the text the model reads, its only input"


class TextModelCard(pydantic.BaseModel):
    """What the classifier is and how it was built (the host appends its measured accuracy)."""

    model_config = pydantic.ConfigDict(frozen=True)

    model_type: str
    description: str
    hyperparameters: dict[str, float | int | str | bool | None] = {}
    training: str
    strengths: list[str] = []
    limitations: list[str] = []


class TextOutputCard(pydantic.BaseModel):
    """What each label and the predicted probability mean."""

    model_config = pydantic.ConfigDict(frozen=True)

    label_meanings: dict[str, str]
    probability_meaning: str
