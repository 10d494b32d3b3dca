"""The instance named between a change's feature and its amount: "increase bmi for patient 3 by 5".

`FOR_ONE` matches "for patient 3 ", "of child #305 ", "for her ": a preposition, then a word and an id, or a
pronoun, and the space after them. The change readings allow it after the feature, before "by" or "to", so that
"increase sessions_attended for child 305 by 3" is the step +3 and not, as it was, a question offering 3 as the
new value. A word is required before the id ("for patient 3"), so that "of 30" stays a value.
"""

from __future__ import annotations

__all__ = ["FOR_ONE"]

FOR_ONE = r"(?:(?:for|of|on)\s+(?:the\s+)?[a-z]+\s+#?\d+\s+|(?:for|of)\s+(?:him|her|them|it|this\s+one)\s+)?"
