"""General-English word lists the TalkToModel reader uses to find features and numbers in people's wording.

Nothing here names a dataset's column: the lists are shorthand, irregular plurals and nouns for people as any
English reader knows them, and the reader matches them against whatever vocabulary it is given. They were
written for the people-worded training pairs of `ttm_people` (their train part's misses were read, see
docs/talktomodel.md), from general usage rather than from those pairs' phrasings.
"""

from __future__ import annotations

import re

__all__ = [
    "ABBREVIATIONS",
    "AGENT_NOUNS",
    "AGE_LIMIT",
    "AMOUNT_NOUNS",
    "ASKING_VERBS",
    "BACK_REFERENCES",
    "EVERYONE",
    "EXCLUDING",
    "FOLLOW_UP_OPENERS",
    "FOLLOW_UP_WORDS",
    "ID_NOUNS",
    "IRREGULAR_PLURALS",
    "LAY_TERMS",
    "METRIC_NAMES",
    "PERSON_NOUNS",
    "OBJECT_SYNONYMS",
    "TIME_UNITS",
    "UNION_WORDS",
    "UNSPECIFIC_HEADS",
    "VERB_FORMS",
    "rewrite_shorthand",
]

#: Shorthand people type, as the words it stands for (a token the dataset names as a feature is left alone).
ABBREVIATIONS: dict[str, str] = {
    "bp": "blood pressure",
    "bg": "blood glucose",
    "amt": "amount",
    "amnt": "amount",
    "yrs": "years",
    "yr": "year",
    "mos": "months",
    "mths": "months",
    "ppl": "people",
    "pts": "patients",
    "pt": "patient",
    "avg": "average",
    "dur": "duration",
    "tel": "telephone",
    "phone": "telephone",
    "priors": "prior crimes",
    "pls": "please",
    "plz": "please",
    "thru": "through",
    "u": "you",
    "ur": "your",
    "fn": "function",
    "func": "function",
    "auc": "roc",
    "acc": "accuracy",
    "pred": "prediction",
    "preds": "predictions",
    "prob": "probability",
    "probs": "probabilities",
    "feat": "feature",
    "feats": "features",
    "stats": "statistics",
    "pct": "percent",
    "w": "with",
    "wo": "without",
}
#: Everyday words for the technical terms datasets name their columns by (one or two words -> the term). The
#: reader uses one only where a feature's name has the term and no feature's name has the everyday one
#: ("blood sugar" reads as glucose in a dataset with a ``glucose`` column, and stays itself elsewhere).
LAY_TERMS: dict[str, str] = {
    "blood sugar": "glucose",
    "sugar": "glucose",
    "sugars": "glucose",
    "skinfold": "skin thickness",
    "skinfolds": "skin thickness",
    "skin fold": "skin thickness",
    "skin folds": "skin thickness",
    "diastolic pressure": "blood pressure",
    "systolic pressure": "blood pressure",
    "convictions": "crimes",
    "conviction": "crime",
    "offenses": "crimes",
    "offences": "crimes",
    "offense": "crime",
    "offence": "crime",
    "prison": "jail",
    "incarceration": "jail",
    "incarcerated": "jail",
    "locked up": "jail",
    "sex": "gender",
    "salary": "income",
    "earnings": "income",
    "term": "duration",
    "length": "duration",
    "pregnant": "pregnancies",
}
#: Other names of the grammar's metrics, as the metric ("area under the curve" is the ROC curve's).
METRIC_NAMES: dict[str, str] = {
    "roc auc": "roc",
    "auc roc": "roc",
    "area under the curve": "roc",
    "area under the roc curve": "roc",
    "f1 score": "f1",
    "f1-score": "f1",
    "f-score": "f1",
    "f score": "f1",
    "f-measure": "f1",
    "positive predictive value": "ppv",
    "negative predictive value": "npv",
}
#: Words that exclude what follows them ("everyone except the men", "women without a felony"); "but" only after
#: a word for everyone (`EVERYONE`: "all applicants but foreign workers").
EXCLUDING = frozenset({"except", "without"})
EVERYONE = frozenset({"everyone", "everybody", "anyone", "anybody", "all", "everything"})

#: Irregular plurals of a feature's last word (regular ones add "s" or "es").
IRREGULAR_PLURALS: dict[str, str] = {
    "man": "men",
    "woman": "women",
    "person": "people",
    "child": "children",
    "wife": "wives",
    "life": "lives",
}

#: The forms of a verb that opens a feature's name ("owns house": "own a house", "owned their house").
VERB_FORMS: dict[str, tuple[str, ...]] = {
    "has": ("has", "have", "had", "having", "with"),
    "owns": ("owns", "own", "owned", "owning"),
    "rents": ("rents", "rent", "rented", "renting"),
    "is": ("is", "are", "was", "were", "be"),
}
#: Nouns for the one who does what a feature name's verb says ("renters" for ``rentshouse``).
AGENT_NOUNS: dict[str, str] = {
    "renter": "rents",
    "renters": "rents",
    "tenant": "rents",
    "tenants": "rents",
    "homeowner": "owns",
    "homeowners": "owns",
    "owner": "owns",
    "owners": "owns",
}
#: Other words for the object of a feature name's verb ("own their home" for ``ownshouse``).
OBJECT_SYNONYMS: dict[str, str] = {"home": "house", "homes": "houses", "flat": "house", "apartment": "house"}
#: Words that may stand between a feature name's verb and its object ("owns a house").
DETERMINERS = frozenset({"a", "an", "the", "their", "his", "her", "its", "my", "our", "your", "some", "any"})

#: Nouns for people: "patients over 60" compares their age when the dataset has one.
PERSON_NOUNS = frozenset(
    {
        "people",
        "persons",
        "person",
        "patients",
        "patient",
        "applicants",
        "applicant",
        "defendants",
        "defendant",
        "clients",
        "customers",
        "borrowers",
        "individuals",
        "adults",
        "folks",
        "men",
        "women",
        "males",
        "females",
        "those",
        "anyone",
        "everyone",
        "someone",
        "somebody",
        "anybody",
        "ones",
    }
)
#: Nouns and verbs of borrowing: a comparison or a number right after one ("loans over 10000", "a loan above
#: 5000", "borrowed 1000 less", "asking for more than 5000") is the loan's amount, or with a time unit after the
#: number ("loans over 24 months") its duration, when the dataset has one such feature.
AMOUNT_NOUNS = frozenset(
    {"loan", "loans", "credit", "credits", "borrow", "borrows", "borrowed", "borrowing", "owe", "owes"}
)
#: Verbs that take a loan's amount after "for" ("asking for more than 5000").
ASKING_VERBS = frozenset({"ask", "asks", "asked", "asking", "apply", "applies", "applied", "applying", "request"})
TIME_UNITS = frozenset({"day", "days", "week", "weeks", "month", "months", "year", "years"})
#: Singular nouns for one row: the number right after one is its id ("patient 51", "applicant 993", "row 65").
ID_NOUNS = frozenset(
    {
        "id",
        "patient",
        "applicant",
        "defendant",
        "row",
        "case",
        "instance",
        "person",
        "customer",
        "client",
        "borrower",
        "individual",
        "record",
        "entry",
        "point",
    }
)
#: Words that point back to an earlier turn's data ("for the previous instances", "excluding ... from that",
#: "including ... into the prior data", "in addition to"). A request naming filters of its own and none of these
#: does not refer back: "for black defendants, what does the model predict" is about black defendants alone.
BACK_REFERENCES = frozenset(
    {
        "previous",
        "previously",
        "prior",
        "earlier",
        "above",
        "add",
        "adding",
        "added",
        "addition",
        "additionally",
        "include",
        "including",
        "included",
        "exclude",
        "excluding",
        "excluded",
        "same",
        "remaining",
        "these",
    }
)
#: Words that add rows to the earlier turn's data rather than narrow it ("in addition to women", "including
#: those over 60", "adding in the men"): with a reference back, the earlier rows *or* the new filter's.
UNION_WORDS = frozenset({"addition", "additionally", "including", "include", "adding", "plus"})
#: Words that open a follow-up asking the same again for other rows ("and for id 7?", "what about women?").
FOLLOW_UP_OPENERS = frozenset({"and", "what", "how", "same", "now", "then", "also"})
#: Words a follow-up of that kind may hold besides its filters: it names no operation of its own.
FOLLOW_UP_WORDS = frozenset(
    {
        *FOLLOW_UP_OPENERS,
        *("for", "about", "the", "a", "an", "with", "whose", "who", "where", "is", "are", "have", "has", "of", "in"),
        *("over", "under", "above", "below", "greater", "less", "more", "fewer", "than", "equal", "to", "at"),
        *("least", "most", "not", "or", "id", "ids", "instance", "instances", "case", "cases", "row", "rows"),
        *("patient", "patients", "person", "people", "applicant", "applicants", "defendant", "defendants"),
        *("those", "ones", "again", "instead", "too", "please"),
    }
)
#: An age above this is not one: "patients over 120" compares something else.
AGE_LIMIT = 110

#: Last words of feature names too common to stand for the feature alone ("the function of this",
#: "other people", "individuals").
UNSPECIFIC_HEADS = frozenset(
    {
        "function",
        "other",
        "individuals",
        "home",
        "bank",
        "store",
        "elsewhere",
        "income",
        "number",
        "rate",
        "class",
        "account",
        "balance",
        "current",
        "purpose",
        "loan",
        "loans",
        "time",
        "value",
        "level",
        "count",
        "score",
        "type",
        "status",
        "data",
        "model",
        "age",
    }
)

# "12k" -> 12000, "1.5k" -> 1500; "3+" -> "3 or more"; "aged 40 or older" -> "aged 40 or more"
_THOUSANDS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)k(?![a-z0-9])")
_PLUS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?\+(?![\d])")
# ... unless a comparison follows: "older than 40 or younger than 20" is two conditions
_OR_MORE = re.compile(r"(?<=\d )(or|and) (?:older|over|above|up|upwards|higher|longer|greater|larger)\b(?! than)")
_OR_LESS = re.compile(r"(?<=\d )(or|and) (?:younger|under|below|fewer|lower|shorter|smaller)\b(?! than)")
# ... also after a unit: "48 months or longer"
_UNIT_OR = re.compile(
    r"(?<=\d )((?:day|week|month|year)s? )(or|and) (longer|older|more|shorter|younger|less)\b(?! than)"
)
# "20-25", "20 – 25": a range, as "20 to 25"; "no. 812", "nr 812": the row numbered so, as "id 812"
_DASHED_RANGE = re.compile(r"(?<![\w.-])(\d+(?:\.\d+)?)\s*[-\u2013]\s*(\d+(?:\.\d+)?)(?![\w.-]|\.\d)")
_NUMBERED = re.compile(r"(?<![\w.])(?:no\.|nr\.?|n\u00ba)\s*(?=\d)")
_WITH = re.compile(r"(?<![\w/])w/(o\b)?\s*")
# "under-21s", "over-60s": an age group, as "people under 21"
_AGE_GROUP = re.compile(r"\b(over|under)[- ](\d{2})s\b")
_METRIC_NAME = re.compile(
    r"(?<![\w-])(?:"
    + "|".join(r"\s+".join(map(re.escape, n.split())) for n in sorted(METRIC_NAMES, key=len, reverse=True))
    + r")(?![\w-])"
)


def rewrite_shorthand(text: str) -> str:
    """Lowercased text with numeric shorthand written out: "12k" -> "12000", "3+" -> "3 or more", "or older" ->
    "or more", "under-21s" -> "people under 21"; a metric's other names as the grammar's ("roc auc" -> "roc");
    "w/" and "w/o" as "with" and "without"; "20-25" as "20 to 25"; "no. 812" as "id 812".
    """
    text = _METRIC_NAME.sub(lambda m: METRIC_NAMES[" ".join(m.group(0).split())], text)
    text = _WITH.sub(lambda m: "without " if m.group(1) else "with ", text)
    text = _DASHED_RANGE.sub(r"\1 to \2", text)
    text = _NUMBERED.sub("id ", text)
    text = _THOUSANDS.sub(lambda m: _thousands(m.group(1)), text)
    text = _PLUS.sub(r"\1 or more", text)
    text = _UNIT_OR.sub(lambda m: f"{m.group(1)}{m.group(2)} {_UNIT_WAY[m.group(3)]}", text)
    text = _OR_MORE.sub(r"\1 more", text)
    text = _OR_LESS.sub(r"\1 less", text)
    return _AGE_GROUP.sub(r"people \1 \2", text)


_UNIT_WAY = {"longer": "more", "older": "more", "more": "more", "shorter": "less", "younger": "less", "less": "less"}


def _thousands(number: str) -> str:
    value = float(number) * 1000
    return str(int(value)) if value == int(value) else str(value)
