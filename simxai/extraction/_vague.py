"""Groups named by a word with no threshold: "the older subgroup", "high income applicants", "long reviews".

Such a word names a group only up to a number the user did not give ("older" than what?), or by a property
the data does not hold (a review's length). Extraction must not turn it into a condition by guessing a
threshold, nor drop it and answer for everyone: `vague_group` finds it, so that the caller asks one short
question naming the word and what would make it a group.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from simxai.extraction._features import age_feature, feature_mentions
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.normalize import normalize
from simxai.textbounds import bounds_text_argument

__all__ = ["VagueGroup", "vague_group"]

# Words of age with no number: "older", "the elderly", "young people".
_AGE_WORDS = r"older|younger|elderly|seniors?|young|old|aged"
# Words that grade a quantity: "high bmi", "heavier patients", "long reviews", "big loans".
_GRADED = (
    r"high|higher|highest|low|lower|lowest|large|larger|big|bigger|small|smaller|heavy|heavier|light|lighter|"
    r"rich|richer|wealthy|wealthier|poor|poorer|long|longer|short|shorter|tall|taller|expensive|cheap|cheaper|"
    r"extreme|overweight|obese|thin|" + _AGE_WORDS
)
_GROUP_NOUNS = (
    r"people|persons|ones|individuals|folks|instances|rows|samples|examples|records|cases|entries|group|groups|"
    r"subgroup|subgroups|segment|slice|cohort|population|members|customers|clients|users|applicants|"
    r"policyholders|patients|reviews|texts|sentences|comments|loans|policies|earners|borrowers"
)
# A graded word, up to two words (a feature's name: "high credit score"), then a noun of a group.
_VAGUE = re.compile(
    rf"\b(?P<word>{_GRADED})(?:[\s-]+(?P<between>(?:[a-z_]+[\s-]+){{0,2}}?))?(?P<noun>{_GROUP_NOUNS}|{{noun}})\b"
    rf"|\b(?:the|for|on|among)\s+(?P<alone>elderly|old|young|seniors)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class VagueGroup:
    """A group named with no threshold: the words as written and the numeric feature they grade, if any."""

    words: str
    feature: FeatureSchema | None


@bounds_text_argument(0)
def vague_group(text: str, schema: HostSchema | None) -> VagueGroup | None:
    """The first group in `text` named by a graded word with no number ("f1 on the older subgroup"), or None.

    The feature is the numeric feature named between the word and the noun ("high income applicants"), or the
    age feature for a word of age; None when nothing in the data grades it ("long reviews" on a text host).
    A word followed by a comparison with a number ("older patients, say over 65") is no vague group.
    """
    if schema is None:
        return None
    text = normalize(text, schema)
    noun = re.escape(schema.instance_noun.lower()) + "s?" if schema.instance_noun else "instances"
    pattern = re.compile(_VAGUE.pattern.replace("{noun}", noun), re.IGNORECASE)
    for mention in feature_mentions(text, schema):
        # "patients with high bmi", "low credit score?": a graded word right before a numeric feature's name
        graded = re.search(rf"\b(?:{_GRADED})[\s-]+$", text[max(0, mention.start - 20) : mention.start], re.I)
        if graded is not None and mention.feature.type == "numeric" and not re.search(r"\d", text[mention.end :]):
            return VagueGroup(text[mention.start - len(graded.group(0)) : mention.end], mention.feature)
    for match in pattern.finditer(text):
        if re.search(r"\d", text[match.end() : match.end() + 30]) or re.search(r"\d", match.group(0)):
            continue  # "older patients, say over 65", "high bmi patients (bmi > 30)": the number is given
        word = (match.group("word") or match.group("alone")).lower()
        feature: FeatureSchema | None = None
        for mention in feature_mentions(text, schema):
            if match.start() <= mention.start < match.end() and mention.feature.type == "numeric":
                feature = mention.feature
        if feature is None and re.fullmatch(_AGE_WORDS, word):
            feature = age_feature(schema)
        return VagueGroup(match.group("alone") or match.group(0), feature)
    return None
