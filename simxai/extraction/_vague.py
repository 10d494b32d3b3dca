"""Groups named by a word with no threshold: "the older subgroup", "high income applicants", "long reviews".

Such a word names a group only up to a number the user did not give ("older" than what?), or by a property
the data does not hold (a review's length). Extraction must not turn it into a condition by guessing a
threshold, nor drop it and answer for everyone: `vague_group` finds it, so that the caller asks one short
question naming the word and what would make it a group. Besides a graded word before a noun or a feature, three
forms are read: a graded word or adverb before a participle and a plural ("the well paid ones"), a quantity with no
number before a numeric feature ("with lots of visits"), and a capitalised name the host's words do not hold ("the
Dundee branch": a place the data lacks).
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
    r"extreme|overweight|obese|thin|fast|faster|slow|slower|quick|quicker|" + _AGE_WORDS
)
# Words that grade a feature only when its name follows ("good credit scores", "severe storms"): before a noun alone
# they may name a class ("bad reviews") or ask about the model ("good predictions").
_GRADED_BEFORE_FEATURE = r"bad|worse|worst|good|better|best|severe|mild"
# Words that grade a quantity the data may hold, said of a plural noun after "the", "our", ... ("the wetter plots",
# "the busy marinas", "our large households"; not "new patients", which may be instances the model never saw); the
# noun is any plural, so the host's own words are read too.
_GRADED_OF_PLURAL = _GRADED + r"|wet|wetter|dry|drier|hot|hotter|cold|colder|warm|warmer|far|distant|busy"
# Plurals that are things the model or the data give, not groups of instances ("the high values").
_NOT_A_GROUP = frozenset(
    "values probabilities scores numbers contributions effects changes errors features weights predictions outputs "
    "labels classes results importances figures stats statistics metrics means averages amounts levels rates odds "
    "chances risks differences variables columns parts bits words tokens".split()
)
_OF_PLURAL = re.compile(
    rf"(?:^\s*|\b(?:the|our|my|your|those|these|all|for|on|among|with)\s+)(?P<word>{_GRADED_OF_PLURAL})[\s-]+"
    # "the low water days", "high mileage cars": a noun the word grades may stand before the plural
    r"(?:(?P<mid>[a-z]{3,})[\s-]+)?"
    r"(?P<noun>[a-z]{3,}(?<!ss)(?<!us)(?<!is)s|staff|people|folk|workforce|crowd)\b",
    re.IGNORECASE,
)
# Adverbs that grade only the participle after them ("well paid", "poorly rated"); a graded word may do so too
# ("high grown", "low rated").
_GRADING_ADVERBS = r"well|badly|poorly|highly|lowly|heavily|lightly|newly|recently|rarely|often|frequently"
# A graded word, a participle, then a plural after "the", "our", ...: "the high grown coffees", "the well paid jobs".
_OF_PARTICIPLE_PLURAL = re.compile(
    rf"\b(?:the|our|my|your|those|these|all|for|on|among)\s+(?P<word>{_GRADED_OF_PLURAL}|{_GRADING_ADVERBS})[\s-]+"
    r"(?P<mid>[a-z]{2,}(?:ed|en|wn|id|lt|nt|ing))[\s-]+(?P<noun>[a-z]{3,}(?<!ss)(?<!us)(?<!is)s|ones)\b",
    re.IGNORECASE,
)
# Words of quantity with no number before a numeric feature's name, after "with" or alone (a group argument):
# "the jobs with lots of interviews", "many interviews".
_WITH_MANY = re.compile(
    r"(?:\bwith\s+|^\s*)(?P<q>lots\s+of|a\s+lot\s+of|loads\s+of|plenty\s+of|many|few|a\s+few)[\s-]+$",
    re.IGNORECASE,
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
        graded = re.search(
            rf"\b(?:{_GRADED}|{_GRADED_BEFORE_FEATURE})[\s-]+$", text[max(0, mention.start - 20) : mention.start], re.I
        )
        many = _WITH_MANY.search(text[: mention.start])
        if graded is None and many is not None and mention.feature.type == "numeric":
            if not re.search(r"\d", text[mention.end :]):  # "jobs with lots of interviews": how many is lots?
                return VagueGroup(text[many.start("q") : mention.end], mention.feature)
        asked_how = graded is not None and re.search(r"\bhow\s+$", text[: mention.start - len(graded.group(0))], re.I)
        if (
            graded is not None
            and not asked_how  # "how high is the bmi of ...": a question about the feature, no group
            and mention.feature.type == "numeric"
            and not re.search(r"\d", text[mention.end :])
        ):
            return VagueGroup(text[mention.start - len(graded.group(0)) : mention.end], mention.feature)
    for match in pattern.finditer(text):
        if re.search(r"\d", text[match.end() : match.end() + 30]) or re.search(r"\d", match.group(0)):
            continue  # "older patients, say over 65", "high bmi patients (bmi > 30)": the number is given
        # "the long straw roofs", "in the old barn": the word begins a value the data holds, no grade
        if _starts_a_category(text, match.start("alone") if match.group("alone") else match.start(), schema):
            continue
        if re.search(r"\bhow\s+$", text[: match.start()], re.IGNORECASE):
            continue  # "how old are the patients": a question about the feature, no group
        word = (match.group("word") or match.group("alone")).lower()
        feature: FeatureSchema | None = None
        for mention in feature_mentions(text, schema):
            if match.start() <= mention.start < match.end() and mention.feature.type == "numeric":
                feature = mention.feature
        if feature is None and re.fullmatch(_AGE_WORDS, word):
            feature = age_feature(schema)
        return VagueGroup(match.group("alone") or match.group(0), feature)
    return _graded_plural(text, schema)


def _starts_a_category(text: str, start: int, schema: HostSchema) -> bool:
    """Whether a category value of the data is said whole from `start` ("long straw" of a material long straw)."""
    for feature in schema.features:
        for value in feature.categories or ():
            words = [re.escape(w) for w in re.split(r"[\s_-]+", str(value)) if w]
            if words and re.match(r"[\s_-]+".join(words) + r"\b", text[start:], re.IGNORECASE):
                return True
    return False


def _graded_plural(text: str, schema: HostSchema) -> VagueGroup | None:
    """A graded word before a plural that is no thing the model gives ("the busy marinas", "our large households")."""
    for match in _OF_PLURAL.finditer(text):
        if re.search(r"\bhow\s+$", text[: match.start("word")], re.IGNORECASE):
            continue
        if _starts_a_category(text, match.start("word"), schema):
            continue
        if match.group("noun").lower() in _NOT_A_GROUP or re.search(r"\d", text[match.end() : match.end() + 30]):
            continue
        word = match.group("word").lower()
        feature = age_feature(schema) if re.fullmatch(_AGE_WORDS, word) else None
        return VagueGroup(text[match.start("word") : match.end()], feature)
    return _graded_participle(text, schema)


def _graded_participle(text: str, schema: HostSchema) -> VagueGroup | None:
    """A graded word and a participle before a plural ("the high grown coffees", "our well paid jobs"), or None.

    A participle that is one of the host's labels or category values names a group the data holds ("the newly
    filled postings" is a class): no vague group then; a number after it gives the threshold.
    """
    named = {name.lower() for name in schema.class_names}
    for feature in schema.features:
        named.update(str(value).lower() for value in feature.categories or ())
    for match in _OF_PARTICIPLE_PLURAL.finditer(text):
        if re.search(r"\bhow\s+$", text[: match.start("word")], re.IGNORECASE):
            continue
        if match.group("noun").lower() in _NOT_A_GROUP or re.search(r"\d", text[match.end() : match.end() + 30]):
            continue
        if match.group("mid").lower() in named:
            continue
        return VagueGroup(text[match.start("word") : match.end()], None)
    return _named_place(text, schema)


# "for the Leeds office", "through the Glasgow depot": a capitalised name after "the" and before a noun.
_PLACE = re.compile(
    r"\b(?:[Ff]or|[Oo]n|[Ii]n|[Aa]t|[Ff]rom|[Tt]hrough|[Vv]ia|[Aa]mong)\s+(?:the|our|my|your|that|those)\s+"
    r"(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?P<noun>[a-z]{3,})\b"
)
# Names of the model's own data, no group: "on the Test set", "for the Training data".
_OWN_DATA = frozenset("set sets split splits data dataset datasets model models sample samples fold folds".split())


def _named_place(text: str, schema: HostSchema) -> VagueGroup | None:
    """A group named by a capitalised name the data does not hold ("for the Leeds office"), or None.

    A name that is one of the host's words (a feature, an alias, a category value, a label, its noun) names what
    the data holds and is left to the other readings; a title-cased turn says nothing by its capitals.
    """
    words = re.findall(r"[A-Za-z]+", text)
    if sum(1 for word in words if word[0].isupper()) * 2 > len(words):
        return None
    known = {name.lower() for name in schema.class_names}
    known.add((schema.instance_noun or "").lower())
    for feature in schema.features:
        known.update(part.lower() for name in (feature.name, *feature.aliases) for part in re.split(r"[\s_]+", name))
        known.update(str(value).lower() for value in feature.categories or ())
    for match in _PLACE.finditer(text):
        names = match.group("name").lower().split()
        if any(name in known for name in names) or match.group("noun").lower() in _OWN_DATA | _NOT_A_GROUP:
            continue
        return VagueGroup(f"{match.group('name')} {match.group('noun')}", None)
    return None
