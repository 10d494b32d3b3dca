"""Invented labels and features in the places a fluent reply puts them.

Label places: what a prediction verb or key names ("predicts X", "classified as X", "the model leans towards X",
"comes down on the side of X", "| Predicted label | X |", "Verdict: X"), the class a probability is given to
("assigns 82.7 % to X", "16 % goes to X", "P(X)", "the probability of X"), the heads of a list of the possible
outputs ("- **X**: ...", "**X**, meaning ..."), and the number of labels said in words ("three labels"). What
fills a label place must be a label or a label's noun form; any other word is an invented label.

Feature places: the name a change is given to ("X from 23.3 to 30.6"), the items of a list of columns or drivers
that names a known feature ("Features: text, length, disappointing", "the main drivers are bmi and HbA1c"), the
heads of a list of values whose heads include a feature (names of several words or with digits too), the subject
of a verb of influence ("X makes L more likely", "X tips the scales towards L", "X comes first"), and on a text
model the word an edit is said to change ("replacing superb"), and what each row of the data is said to carry ("442
patients, each with their X and Y", "each with a X from one to five", "with each applicant's X and Y"; claims-21).
A name there that none of the outputs', features', labels' or user's words makes up is an invented feature.
`simxai.guard._causes` and `_lists` read the older places.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from simxai._spoken import UNITS
from simxai.guard._causes import _COMMON
from simxai.guard._enumerated import shortened
from simxai.guard._prefilter import gated
from simxai.guard._reading import find_mentions
from simxai.guard._slots import glossed_by_class

__all__ = ["invented_feature_claims", "invented_label_claims"]

_WORD = r"[A-Za-z][\w-]*"
#: The word a label place holds, then what may follow a label there.
_FILLER = (
    rf"(?P<x>{_WORD})(?=[*_`\"”']*\s*(?:[,.;:!?()|\n]|$|\s-\s|\s(?:for|with|at|here|in|on|but|because|since|so|when|"
    r"while|rather|instead|today|now|again|overall|and|or)\b))"
)
#: Emphasis or quotes around a label ("**stable**", "`improving`", "'neutral'").
_OPT_BOLD = r"[*_`\"“']*"
_LABEL_PLACES = [
    gated(
        r"\b(?:predicts|predicted|predicting|predict)\s+(?:(?:it|her|him|them|this one)\s+)?(?:as\s+|to be\s+)?"
        + _OPT_BOLD
        + _FILLER,
        re.I,
    ),
    gated(
        r"\b(?:classified|classifies|classed|labell?ed|categori[sz]ed|flagged)\s+(?:it\s+)?as\s+" + _OPT_BOLD + _FILLER,
        re.I,
    ),
    gated(r"\b(?:(?:model|it|prediction)\s+(?:\w+\s+)?leans?|leans)\s+(?:towards?|to)\s+" + _OPT_BOLD + _FILLER, re.I),
    gated(
        r"\b(?:comes? down on the side of|sides with|settles on|lands on|opts for|goes with)\s+" + _OPT_BOLD + _FILLER,
        re.I,
    ),
    gated(
        r"\b(?:the model's|its|the)\s+(?:call|verdict|answer|decision)\s+(?:for\s+[\w ]{1,30}?\s+)?(?:is|was)\s+"
        + _OPT_BOLD
        + _FILLER,
        re.I,
    ),
    gated(
        r"(?:^|\n|\|)\s*\**(?:predicted (?:label|class|outcome)|prediction|verdict|predicted)\**\s*"
        r"(?:for [^:|\n]{1,30})?\s*(?:\||:)\s*" + _OPT_BOLD + _FILLER,
        re.I,
    ),
    gated(
        r"\b(?:assigns?|gives?|puts?|places?|attaches)\s+(?:about\s+|roughly\s+|only\s+|a\s+)?\d+(?:\.\d+)?\s*%?\s+"
        r"(?:probability\s+)?(?:to|on|for)\s+" + _OPT_BOLD + _FILLER,
        re.I,
    ),
    gated(r"\d\s*%\s+(?:goes|go|went)\s+to\s+" + _OPT_BOLD + _FILLER, re.I),
    gated(r"\bP\(\s*(?P<x>[A-Za-z][\w-]*)\s*\)"),
    # A key of the model's answer (claims-42): "Model grade: CULINARY SECONDS", "the model's class: X".
    gated(
        r"\b(?:model(?:'s)?|predicted)\s+(?:grade|class|category|label|call|verdict|outcome|rating|decision|tier)\s*:\s*"
        + _OPT_BOLD
        + r"(?P<x>[A-Za-z][\w-]*)(?:\s+[A-Za-z][\w-]*)?(?=[*_`\"”']*\s*(?:[,.;:!?()|\n]|$))",
        re.I,
    ),
]
#: The places of a prediction's verb or key ("predicts X", "classified as X", "leans towards X", "Prediction: X"),
#: read on a reply about any output; the others need the structured outputs the reply verbalizes.
_PREDICTION_PLACES = frozenset(_LABEL_PLACES[i] for i in (0, 1, 2, 5))
#: Words a label place may hold that are no label: determiners, pronouns, adverbs, measures.
_NOT_A_FILLER = frozenset(
    "a an the that this these those it its it's her his their them they which what whether how who why one both "
    "each every either neither all any some most many much more less no not none nothing something anything "
    "correctly incorrectly well badly poorly right wrong correct accurately reliably confidently differently "
    "similarly otherwise same other others different higher lower high low label labels class classes outcome "
    "outcomes probability probabilities score scores value values result results answer answers case cases "
    "here there then now today again too also only just yet still as to of for with by at in on from into "
    "so and or but if when while because given based using stays stay remains remain is was are were would will "
    "becomes become flips flip changes change turns goes moves keeps holds unchanged such another yes true false "
    "everything least unknown missing "
    "patient patients review reviews applicant applicants row rows instance instances".split()
)
#: "The model can output three labels:", "There are two possible outputs": a list of the labels follows.
_LABELS_INTRO = gated(
    r"\b(?:labels?|classes|possible outputs|outputs|outcomes|categories)\b[^.\n]{0,40}(?::|\bare\b)|"
    r"\b(?:can|could|may)\s+(?:output|return|predict|answer)\b",
    re.I,
)
_BOLD_HEAD = re.compile(r"(?:^|\n)\s*(?:[-*•]|\d{1,2}[.)])\s+\*\*(?P<x>[^*\n]{1,40})\*\*\s*(?::|-|,)")
_BOLD_MEANING = re.compile(r"\*\*(?P<x>[^*\n]{1,40})\*\*\s*(?:,\s*)?(?:meaning|means|:\s*(?:the|a|an)\b)", re.I)
#: Bold items joined into one list: "**approved**, **rejected** or **pending review**".
_BOLD_RUN = gated(r"\*\*[^*\n]{1,40}\*\*(?:\s*(?:,\s*(?:or\s+|and\s+)?|or|and)\s*\*\*[^*\n]{1,40}\*\*)+")
_LABEL_COUNT = gated(
    r"\b(?P<n>one|two|three|four|five|six|seven|eight)\s+(?:possible\s+|different\s+|distinct\s+)?"
    r"(?:classes|labels|outcomes|categories|(?:possible\s+)?(?:outputs|answers|predictions))\b",
    re.I,
)
_COUNT_CONTEXT = re.compile(r"\b(?:there are|can (?:output|return|predict)|has|have|one of|in total|only)\b", re.I)


def _plural_of(word: str, known: set[str]) -> bool:
    """Whether `word` is a plural of a class or its form: "-s", or "-es" after s, x, z, ch or sh ("misses")."""
    if word.endswith("es") and word[:-2].endswith(("s", "x", "z", "ch", "sh")):
        return word[:-2] in known
    return word.endswith("s") and not word.endswith("ss") and word[:-1] in known


def invented_label_claims(
    raw: str,
    labels: Iterable[str],
    forms: Iterable[str],
    features: Iterable[str],
    said: set[str],
    structured: bool = True,
) -> Iterator[tuple[str, bool]]:
    """(claim, False) for each label place of `raw` (the reply with its Markdown) filled by no label (nor a
    feature or metric, `features`: "Robust pred. bmi: 18–42" names what the prediction is robust to; nor a word of
    the outputs or the user's, `said`: "predicting progression" names the data's target), and (claim, holds) for a
    number of labels said in words. A question ("Shall I predict another one?") states no label. Unless the
    outputs are `structured`, only a prediction's places are read.
    """
    labels = list(labels)
    known = {x.lower() for x in (*labels, *forms)}
    if not known:
        return
    spelled = {f.lower() for f in features}
    for pattern in _LABEL_PLACES if structured else [p for p in _LABEL_PLACES if p in _PREDICTION_PLACES]:
        for m in pattern.finditer(raw):
            word = m.group("x").lower()
            if (
                word in known
                or _plural_of(word, known)  # "Both are predicted misses" (claims-56, gfa49)
                or word in spelled
                or word in said
                or word in _NOT_A_FILLER
                or word.endswith(("ly", "holder", "holders"))  # "predicts correctly", "classified as policyholders"
                or word[0].isdigit()
                or glossed_by_class(raw, m.end("x"), known)  # "Predicted: bedding-grade (dusty)" (claims-55)
            ):
                continue
            end = re.search(r"[.!?\n]|$", raw[m.end() :])
            if end is not None and end.group(0) == "?":
                continue  # a question ("Shall I predict another one?") states no label
            yield f"label '{m.group('x')}'", False
    if not structured:
        return
    for paragraph in re.split(r"\n\s*\n", raw):
        if not _LABELS_INTRO.search(paragraph):
            continue
        heads = [m.group("x") for p in (_BOLD_HEAD, _BOLD_MEANING) for m in p.finditer(paragraph)]
        if not any(h.strip().lower() in known for h in heads):
            continue  # a list of something else (features, steps)
        for head in heads:
            if head.strip().lower() not in known:
                yield f"label '{head.strip()}'", False
    for m in _BOLD_RUN.finditer(raw):
        items = re.findall(r"\*\*([^*\n]{1,40})\*\*", m.group(0))
        if _LABELS_INTRO.search(raw[max(0, m.start() - 60) : m.start()]) and any(i.lower() in known for i in items):
            for item in items:
                if item.strip().lower() not in known:
                    yield f"label '{item.strip()}'", False
    for m in _LABEL_COUNT.finditer(raw):
        if _COUNT_CONTEXT.search(raw[max(0, m.start() - 40) : m.end() + 20]):
            n = UNITS[m.group("n").lower()]
            yield f"{n} labels", n == len(labels)


# ---- features -------------------------------------------------------------------------------------

#: Words no name holds: joints and verbs ("its chance goes from", "the counterfactual suggests the score would").
_NOT_IN_NAME = (
    r"(?!(?:and|or|is|are|was|were|from|to|also|goes|go|went|going|gone|suggests?|shows?|says?|means?|would|could|"
    r"will|can|may|might|must|should|has|have|had|does|do|did|gets?|makes?|needs?|takes?|raising|lowering|rises|"
    r"falls|drops|moves|changes|up|down)\b)"
)
_NAME = rf"{_NOT_IN_NAME}[A-Za-z][\w'-]*(?:\s+{_NOT_IN_NAME}[A-Za-z][\w'-]*){{0,3}}"
_DET = r"(?:the\s+|her\s+|his\s+|their\s+|its\s+|a\s+|an\s+)?"
#: "X from 23.3 to 30.6", "changing X from 613 to 668", "If X went from 768 to 691.2".
_FROM_TO = gated(
    r"(?:^|[:;,(]\s*|\n\s*(?:[-*•]\s+)?|\b(?:is|and|plus|with|by|changing|change|changes|moving|setting|if|when|"
    r"once|lower(?:ing)?|rais(?:e|ing)|increas(?:e|ing)|decreas(?:e|ing)|reduc(?:e|ing))\s+)"
    + _DET
    + rf"(?P<w>{_NAME})\s+(?:(?:went|goes|going|moved|moving|moves|changed|changing|changes|would go|would change|"
    r"falls|rises|drops|dips|climbs|jumps|shifts|grows|shrinks|slips|sinks)\s+)?"
    r"from\s+-?\d+(?:\.\d+)?\s*%?\s*(?:to|→|->)\s*-?\d",
    re.I,
)
#: A name ending in an object pronoun is a verb and its object ("lifts it", "moves her"; claims-54).
_OBJECT_LAST = re.compile(r"\s(?:it|her|him|them)$", re.I)
#: "X can go anywhere from 583 to 850", "X may range between".
_RANGE_OF = gated(
    r"(?:^|[.;:!?]\s+|\n)" + _DET + rf"(?P<w>{_NAME})\s+(?:can|could|may)\s+(?:go|move|vary|range|sit)\s+"
    r"(?:anywhere\s+)?(?:from|between)\s+-?\d",
    re.I,
)
#: The subject of a verb of influence or rank at a sentence's or clause's start.
_SUBJECT_OF = gated(
    r"(?:^|[.;!?]\s+|\n\s*|,\s+(?:and\s+)?|\b(?:and|but|while|whereas)\s+)"
    + _DET
    # a quantifier leads no name: "No word pulls towards negative", "Every feature counts"
    + rf"(?!(?:no|each|every|any|some|neither|none|nothing|another)\b)(?P<w>{_NAME})\s+"
    r"(?:(?:also|still|clearly|mostly|strongly)\s+)?"
    r"(?:makes?\s+(?:\w+\s+){1,2}(?:more|less)\s+likely|tips?\s+the\s+(?:scales|balance)|"
    r"(?:helps|hurts)\s+the\s+case|is\s+a\s+point\s+(?:in\s+favou?r\s+of|against)|comes?\s+first|"
    r"comes?\s+in\s+at\s+number|is\s+the\s+runner-up|"
    r"would\s+(?:need|have)\s+to\s+(?:go|come|climb|drop|rise|fall|move)|"
    r"(?:pushes|pulls|drives|nudges|weighs|counts|argues|speaks|works)\s+(?:\w+\s+)?(?:towards?|away|against|for|in)\b)",
    re.I,
)
#: A list of columns, inputs or drivers: "Features: a, b, c", "The columns include a, b and c", "the main drivers for
#: patient 12 are a and b", "the model leans on a and b".
_LIST_OF = gated(
    r"\b(?:features|columns|inputs|variables|predictors|drivers|factors|words|measurements|attributes)\b[^.;:\n]{0,40}?"
    r"(?:\s+(?:are|include|includes|were|such as|including|like)\s*:?|\s*:)\s+(?P<rest>[^.;!?\n]+)"
    r"|\b(?:leans?|relies|relying|leaning)\s+(?:most\s+|mainly\s+|heavily\s+)?on\s+(?P<rest2>[^.;!?\n]+)",
    re.I,
)
#: A name the model is said to read: "each review has a star rating that the model uses as input"; since claims-41
#: without "that", with "also", or said by the model itself: "a star rating the model also reads" (g29), "a star
#: rating the model reads" (g30), "a star rating that I also read" (g31).
_READ_BY_MODEL = gated(
    rf"\b(?:a|an|the)\s+(?P<w>{_NAME})\s+(?:(?:that|which)\s+)?the\s+model\s+(?:also\s+)?"
    r"(?:uses|takes|reads|considers|looks at)\b"
    rf"|\b(?:a|an|the)\s+(?P<w2>{_NAME})\s+(?:that|which)\s+I\s+(?:also\s+)?(?:use|read|consider|look at)\b",
    re.I,
)
#: What each row of the data carries: its columns (claims-21).
_EACH_WITH = gated(
    r"(?:,\s*|\b(?:patients|reviews|applicants|applications|rows|records|sentences|people|cases)\s+)each\s+with\s+"
    r"(?:their|its|his|her|a|an|the)\s+(?P<rest>[^.;:!?\n\d]+)"
    r"|\bwith\s+each\s+[a-z]+'s\s+(?P<rest2>[^.;:!?\n\d]+)",
    re.I,
)
#: Where the items of such a list end: a range or a measure of an item ("a rating from one to five").
_EACH_END = re.compile(
    r"\s+(?:from|between|ranging|in|on|at|of\s+(?:one|two|three|four|five|six|seven|eight|nine|ten))\b", re.I
)
#: A bulleted head with its value: "- **HbA1c**: 0.21", "- vitamin D3 (0.2)".
_VALUED_HEAD = re.compile(
    r"^\s*(?:[-*•]|\d{1,2}[.)])\s+\**[\"'“‘]?(?P<w>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3})[\"'”’]?\**\s*"
    r"(?::|\(|-|=)\s*[+-]?\d",
)
#: On a text model, a word an edit is said to change: "replacing superb", "the smallest edit involves flimsy".
_EDITED = re.compile(
    r"\b(?:replac\w*|remov\w*|delet\w*|dropp\w*|swapp\w*|edit\w* involves|chang\w*)\s+(?:the\s+word\s+)?"
    r"(?P<w>[A-Za-z][\w'-]*)(?=\s*(?:[.,;:!?)]|$|\s(?:with|by|for|would|could|makes?|turns?|flips?|is|to)\b))",
    re.I,
)
_MORE_COMMON = frozenset(
    "everything nothing anything something else rest remaining remainder only just also this that these those "
    "word words term terms feature features factor factors input inputs column columns text model prediction "
    "counterfactual what-if edit edits change changes smallest biggest largest main top first second third "
    "most least another none neither either one two three four five plus minus average overall together "
    "combined group mix case i you we they he she it review review's patient's applicant's its anywhere somewhere "
    "everywhere anything ranging going moving running actually really slightly strongly clearly mostly mainly "
    "even further which who whose where among others other etc ranges range run runs varies vary spans goes "
    "found tried always often never usually sometimes balance".split()
)


def _content(name: str) -> list[str]:
    words = [re.sub(r"'s$", "", w) for w in re.findall(r"[a-z][\w'-]*", name.lower())]
    return [w for w in words if w not in _COMMON and w not in _MORE_COMMON]


#: A list's item that moves or bounds a name (claims-42): "crocin 210→211", "aroma score +1", "moisture 5.8–10.2 %",
#: "style fraction under 5 %": the name, then a signed figure, a range or change of two, or a bound.
_MOVED_ITEM = re.compile(
    rf"(?:^|\b(?:if|when|once|with)\s+|:\s*)\s*(?:and\s+|plus\s+)?{_DET}(?P<w>{_NAME})\s*(?:"
    r"[-+±−]\s?\.?\d[\d.]*|\.?\d[\d.]*\s*%?\s*(?:[–→]|->|-(?=\s?\.?\d))\s*\.?\d|"
    r"(?:under|below|above|over|[<>≤≥])\s*\.?\d)"
)
#: A list's item given its signed figure in brackets (claims-48): "the sowing depth (+0.07)", "age (+0.10)".
_BRACKETED_ITEM = re.compile(
    rf"(?:^|:\s*)\s*(?:and\s+|plus\s+|then\s+)?{_DET}(?P<w>{_NAME})\s*\(\s*[-+±−]\s?\.?\d[\d.]*\s*\)"
)
_ITEM_BREAK = re.compile(r"[;,]|\s+(?:and|plus)\s+|\s[-–—]\s")


#: A list of names as the subject of a verb of influence or rank (claims-48): "Moisture, age and the sowing depth
#: push toward failure", "the passenger count and the balloon's age argue against", "A, B and C lead the ranking".
_LIST_SUBJECT = gated(
    r"(?:^|[.;:!?]\s+|\n\s*)(?:(?:only|mostly|mainly|above all|together,?)\s+)?(?P<rest>[^.;:!?\n]{3,160}?)\s+"
    r"(?:(?:together|all|both|also|each|jointly)\s+)?(?:push|pull|argue|lead|stand|drive|weigh|count|speak|point)\s+"
    r"(?:\w+\s+)?(?:towards?|against|for|in favou?r|between|away|the ranking|the list)\b",
    re.I,
)
#: A ranking said on one line, its places numbered and set apart by dots: "Ranking: 1 cooling time · 2 mass · 3 ...".
_DOTTED_PLACE = re.compile(r"^\s*(?P<n>\d{1,2})[.):]?\s+(?P<w>.+?)\s*$")
_LIST_BREAK = re.compile(r"\s*,\s*(?:and\s+|then\s+)?|\s+(?:and|then)\s+", re.I)


def _subject_lists(prose: str, names: list[str], known: set[str]) -> list[str]:
    """The items of each list of two names or more that is a verb of influence's subject and holds a feature."""
    found: list[str] = []
    for m in _LIST_SUBJECT.finditer(prose):
        rest = re.sub(r"\([^()]*\)", " ", m.group("rest"))
        items = [i.strip().strip("'\"“”‘’*`") for i in _LIST_BREAK.split(rest)]
        items = [re.sub(r"^(?:the|her|his|their|its|a|an)\s+", "", i, flags=re.I) for i in items if i]
        if (
            len(items) >= 2
            and all(re.fullmatch(_NAME, i) for i in items)
            and any(find_mentions(i, names) for i in items)
        ):
            found += [i for i in items if not any(shortened(w.lower(), known) for w in i.split())]  # "coils"
    return found


def _dotted_ranking(raw: str, names: list[str], known: set[str]) -> list[str]:
    """The names of a ranking said on one line whose places, numbered 1, 2, 3 ..., are set apart by "·"."""
    found: list[str] = []
    for line in raw.split("\n"):
        pieces = line.split("·")
        if len(pieces) < 3:
            continue
        pieces[0] = pieces[0].rsplit(":", 1)[-1]
        places = [_DOTTED_PLACE.match(p) for p in pieces]
        if not all(places) or [int(p.group("n")) for p in places if p] != list(range(1, len(places) + 1)):
            continue
        items = [w for p in places if p and re.fullmatch(_NAME, w := p.group("w").strip(" .*"))]
        if any(find_mentions(i, names) for i in items):
            found += [i for i in items if not any(shortened(w.lower(), known) for w in i.split())]  # "coils"
    return found


def _moved_items(prose: str, names: list[str], known: set[str], pattern: re.Pattern[str] = _MOVED_ITEM) -> list[str]:
    """The names of a list of moved or bounded items in one sentence when another of its items is a feature's:
    "crocin 210→211 and aroma score +1" puts "aroma score" in a feature's place; with `_BRACKETED_ITEM`, the items
    given their signed figures in brackets.
    """
    found: list[str] = []
    for sentence in re.split(r"(?<=[.!?])\s+|\n", prose):
        items = [m.group("w") for piece in _ITEM_BREAK.split(sentence) if (m := pattern.search(piece))]
        if len(items) >= 2 and any(find_mentions(i, names) for i in items):
            # "barns +2.7" of barnacle_load: a name cut short is the feature's (claims-29)
            found += [i for i in items if not any(shortened(w.lower(), known) for w in i.split())]
    return found


def _unknown(name: str, known: set[str]) -> bool:
    """Whether most of `name`'s content words are unknown ("resting heart rate": "rate" is a metric's word, the
    name none of the outputs').
    """
    words = _content(name)
    joined = "_".join(re.findall(r"[a-z][\w'-]*", name.lower()))
    if not words or joined in known:
        return False
    unknown = [
        w for w in words if not (w in known or w.rstrip("s") in known or f"{w}s" in known or _parts_known(w, known))
    ]
    return 2 * len(unknown) > len(words)


def _parts_known(word: str, known: set[str]) -> bool:
    parts = [p for p in re.split(r"[-_]", word) if len(p) > 2]
    return len(parts) > 1 and all(p in known for p in parts)


def invented_feature_claims(
    prose: str, raw: str, known: set[str], names: Iterable[str], text_model: bool
) -> Iterator[tuple[str, bool]]:
    """(claim, False) for each name in a feature place of the reply that no known word makes up.

    Args:
        prose: the reply as the guard reads it (tables as sentences, no Markdown emphasis).
        raw: the reply as written (its lists).
        known: the words a name may be made of (features, labels, aliases, the outputs' and the user's words).
        names: the spellings of the host's features and labels (a name that holds one is known).
        text_model: whether the host's features are the words of a text.
    """
    names = list(names)
    found: list[str] = []
    listed: list[str] = []  # the items of a list of columns or drivers: their head word is read too (claims-47)
    patterns = [_FROM_TO, _RANGE_OF, _SUBJECT_OF, _READ_BY_MODEL] + ([_EDITED] if text_model else [])
    for pattern in patterns:
        for m in pattern.finditer(prose):
            said = m.groupdict().get("w") or m.groupdict().get("w2") or ""
            if pattern is _FROM_TO and _OBJECT_LAST.search(said):
                continue  # "and lifts it from 0.71 to 0.76": a verb and its object, no name (claims-54, gfa47)
            found.append(said)
    for m in _LIST_OF.finditer(prose):
        rest = m.group("rest") or m.group("rest2") or ""
        rest = re.split(r"\s+(?:the most|most|above all|first|which|that|because|so)\b", rest, flags=re.I)[0]
        rest = re.sub(r"\([^()]*\)", " ", rest)
        items = [i.strip().strip("'\"“”‘’*`") for i in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", rest)]
        items = [re.sub(r"^(?:the|her|his|their|its|a|an)\s+", "", i, flags=re.I) for i in items if i]
        if len(items) < 2 or not all(re.fullmatch(_NAME, i) for i in items):
            continue
        if any(find_mentions(i, names) for i in items):
            found += items  # a list that holds a feature: its other items are in a feature's place
            listed += items
    for m in _EACH_WITH.finditer(prose):
        rest = _EACH_END.split(m.group("rest") or m.group("rest2") or "")[0]
        items = [i.strip().strip("'\"“”‘’*`") for i in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", rest)]
        found += [i for i in items if i and re.fullmatch(_NAME, i)]  # each row's columns
    found += _moved_items(prose, names, known)
    # claims-48: items with bracketed signed figures, a verb's listed subjects, a dotted ranking's places
    said_in_lists = _moved_items(prose, names, known, _BRACKETED_ITEM) + _subject_lists(prose, names, known)
    said_in_lists += _dotted_ranking(raw, names, known)
    found += said_in_lists
    listed += said_in_lists
    block: list[str] = []
    for line in [*raw.split("\n"), ""]:
        head = _VALUED_HEAD.match(line)
        if head is not None:
            block.append(head.group("w"))
            continue
        if any(find_mentions(w, names) for w in block):
            found += block
        block = []
    for name in found:
        if find_mentions(name, names):
            continue
        if _unknown(name, known) or (name in listed and _head_unknown(name, known)):
            yield f"feature {' '.join(_content(name))}", False


def _head_unknown(name: str, known: set[str]) -> bool:
    """Whether a listed name of two content words or more has a head word no known word makes up ("bell diameter",
    "seed supplier", "the colour of the item"): its other word may be a feature's ("bell" of bell mass) while the
    name is none of the host's (claims-47). The head is the last word, or the first before "of".
    """
    words = _content(name.split(" of ")[0]) if " of " in name.lower() else _content(name)
    if len(_content(name)) < 2 or not words:
        return False
    head = words[0] if " of " in name.lower() else words[-1]
    return not (head in known or head.rstrip("s") in known or f"{head}s" in known or _parts_known(head, known))
