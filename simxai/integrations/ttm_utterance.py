"""Reading an utterance for the TalkToModel adapter: its numbers, ids, filters, what-if changes and cue words.

The layer chooses the function; this module only reads what TalkToModel's programs copy from the utterance
(ids, numbers, feature comparisons, changes, top-k counts) and which variant of an operation family a turn
asks for (``predict`` or ``likelihood``, ``explain features`` or ``important topk 3`` ...). Everything is
derived from the dataset's vocabulary: a feature is recognised by its grammar name (``bloodpressure``) or
by its words (``blood pressure``), so the same code serves any TalkToModel dataset.

The utterance becomes a *skeleton*: a list of symbols where each feature mention is ``F<k>``, each number
``N<k>`` and each class name ``C<k>``; the patterns below are regular expressions over that skeleton, and a
symbol a pattern used is *claimed* so no other reading reuses it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from simxai.integrations.ttm_grammar import Operation, TTMVocabulary

__all__ = ["Filter", "Utterance"]

# Number words TalkToModel's parser turns into digits (it uses word2number); "one" is left out because it is
# far more often a pronoun ("a different one") than a count.
_UNITS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_ONES_AFTER_TENS = {"one": 1, **{k: v for k, v in _UNITS.items() if v < 10}}

# Comparison phrases and the grammar's comparison words; the longest phrase wins.
_COMPARISON_PHRASES: dict[str, str] = {}
for _words, _phrases in (
    (
        "greater equal than",
        ">=|greater than or equal to|greater than or equal|greater or equal to|greater equal than|"
        "the same or more than|same or more than|not less than|no less than|at least|"
        "equal to or greater than|equal to or more than|equal to or above",
    ),
    (
        "less equal than",
        "<=|less than or equal to|less or equal to|less equal than|equal to or below|"
        "equal to or less than|equal to but not greater than|is not greater than|not greater than|"
        "not more than|no more than|at most|but not greater than",
    ),
    ("not equal to", "!=|not equal to|is not equal to|is not|isn't|not|different from"),
    (
        "greater than",
        ">|greater than|greater that|more than|higher than|larger than|bigger than|over|above|"
        "older than|upper than|exceeds|exceeding|taller than|is beyond|beyond|heavier than",
    ),
    (
        "less than",
        "<|less than|less that|lower than|smaller than|fewer than|below|under|younger than|"
        "shorter than|lighter than",
    ),
    ("equal to", "equal to|is equal to|equals|exactly|is exactly|is of|of|is|are|=|is set to|set to"),
):
    for _phrase in _phrases.split("|"):
        _COMPARISON_PHRASES.setdefault(_phrase, _words)
_CMP = "|".join(re.escape(p) for p in sorted(_COMPARISON_PHRASES, key=len, reverse=True))
_TAIL = r"or more|or greater|or above|or higher|or less|or fewer|or below|or lower"
_DET = r"(?:(?:a|an|the|their|his|her|its|my|feature)\s)?"

_ID_NOUN = (
    r"(?:ids?|id's|instances?|samples?|data\s?points?|datapoints?|data|points?|items?|rows?|records?|"
    r"patients?|person|applicants?)"
)
_ID_FILLER = r"(?:with|an|a|the|of|number|no|id|ids|sample|point|#)"

_CLASS_MARK = "C"


@dataclass(frozen=True)
class Filter:
    """A filter read from the utterance, with where it starts (for ordering) and its join to the next one."""

    operation: Operation
    position: int


def _number_text(raw: str) -> str:
    return raw.replace(",", "")


class Utterance:
    """One utterance, read against a dataset's vocabulary.

    Args:
        text: the user's words.
        vocabulary: the dataset's grammar vocabulary.
        class_names: the label name of each target value, in the order of `vocabulary.classes`.
    """

    def __init__(self, text: str, vocabulary: TTMVocabulary, class_names: tuple[str, ...] = ()) -> None:
        self.text = text
        self.vocabulary = vocabulary
        self.lower = " ".join(text.lower().replace("’", "'").replace("“", '"').replace("”", '"').split())
        self.symbols: list[str] = []
        self.features: list[str] = []
        self.numbers: list[str] = []
        self.classes: list[str] = []
        self.claimed: set[int] = set()
        self._build(class_names)

    # ------------------------------------------------------------------------------------ the skeleton

    def _build(self, class_names: tuple[str, ...]) -> None:
        text = self.lower
        # class names first: they are several words and must not be read as features or numbers
        for value, name in sorted(
            zip(self.vocabulary.classes, class_names, strict=False), key=lambda vn: -len(vn[1])
        ):
            pattern = r"(?<![\w-])" + r"\s+".join(map(re.escape, name.lower().split())) + r"(?![\w-])"
            text = re.sub(pattern, f" \x00{value}\x00 ", text)
        tokens = re.findall(
            r"\x00[^\x00]+\x00|(?<![\w.])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[a-z][a-z0-9]*(?:'[a-z]+)?|"
            r"[<>!]=|[<>=]|[?,;.!]",
            text,
        )
        words: list[str] = []
        for token in tokens:
            if token.startswith("\x00"):
                words.append(_CLASS_MARK + token.strip("\x00"))
            else:
                words.append(token)
        words = self._join_number_words(words)
        names = self._feature_names()
        # a compact name ("numberofpriorcrimes") may be written in any number of words
        longest = max([12, *(len(self.vocabulary.written(f).split()) for f in self.vocabulary.features)])
        plain = [re.fullmatch(r"[a-z0-9][a-z0-9.']*", w) is not None for w in words]
        i = 0
        while i < len(words):
            word = words[i]
            if word.startswith(_CLASS_MARK) and len(word) > 1 and word[1:] in self.vocabulary.classes:
                self.classes.append(word[1:])
                self.symbols.append(f"C{len(self.classes) - 1}")
                i += 1
                continue
            hit = self._feature_at(words, plain, i, names, longest)
            if hit is not None:
                feature, size = hit
                self.features.append(feature)
                self.symbols.append(f"F{len(self.features) - 1}")
                i += size
                continue
            if re.fullmatch(r"-?\d[\d,]*(?:\.\d+)?", word):
                self.numbers.append(_number_text(word))
                self.symbols.append(f"N{len(self.numbers) - 1}")
            else:
                self.symbols.append(word)
            i += 1

    @staticmethod
    def _join_number_words(words: list[str]) -> list[str]:
        out: list[str] = []
        i = 0
        while i < len(words):
            word = words[i]
            if word in _TENS:
                value = _TENS[word]
                if i + 1 < len(words) and words[i + 1] in _ONES_AFTER_TENS:
                    value += _ONES_AFTER_TENS[words[i + 1]]
                    i += 1
                out.append(str(value))
            elif word in _UNITS:
                out.append(str(_UNITS[word]))
            else:
                out.append(word)
            i += 1
        return out

    def _feature_names(self) -> dict[str, str]:
        """Compact forms of each feature's names (grammar name, written words, simple plurals) -> feature."""
        names: dict[str, str] = {}
        for feature in self.vocabulary.features:
            for form in (feature, re.sub(r"[^a-z0-9]", "", self.vocabulary.written(feature).lower())):
                names.setdefault(form, feature)
                names.setdefault(form + "s", feature)
        return names

    @staticmethod
    def _feature_at(
        words: list[str], plain: list[bool], i: int, names: dict[str, str], longest: int
    ) -> tuple[str, int] | None:
        """The feature named by the longest run of words starting at `i` (one more word for a plural)."""
        size = 0
        while size < longest + 1 and i + size < len(words) and plain[i + size]:
            size += 1
        for width in range(size, 0, -1):
            key = "".join(words[i : i + width]).replace("'", "")
            if key in names:
                return names[key], width
        return None

    def _rendered(self) -> list[str]:
        """The symbols, with claimed feature, number and class symbols hidden (as ``X``)."""
        return [
            "X" if i in self.claimed and re.fullmatch(r"[FNC]\d+", s) else s
            for i, s in enumerate(self.symbols)
        ]

    def skeleton(self) -> str:
        """The symbols as one string, with claimed feature/number/class symbols hidden (as ``X``)."""
        return " ".join(self._rendered())

    def _offsets(self) -> list[int]:
        offsets, at = [], 0
        for s in self._rendered():
            offsets.append(at)
            at += len(s) + 1
        return offsets

    def matches(self, pattern: str | re.Pattern[str]) -> Iterator[tuple[re.Match[str], range]]:
        """Non-overlapping matches of `pattern` on the skeleton, with the symbol indices each covers."""
        skeleton = self.skeleton()
        offsets = self._offsets()
        regex = re.compile(pattern) if isinstance(pattern, str) else pattern
        for match in regex.finditer(skeleton):
            first = max(i for i, o in enumerate(offsets) if o <= match.start())
            last = max(i for i, o in enumerate(offsets) if o < max(match.end(), match.start() + 1))
            yield match, range(first, last + 1)

    def claim(self, span: range) -> None:
        self.claimed.update(span)

    def has(self, pattern: str) -> bool:
        """Whether `pattern` occurs in the utterance's symbols (for cue words).

        Features, numbers and class names are symbols here, so "number of prior crimes" is no count cue and
        "likely to have diabetes" no likelihood cue.
        """
        return re.search(pattern, " ".join(self.symbols)) is not None

    def number(self, symbol: str) -> str:
        return self.numbers[int(symbol[1:])]

    def feature(self, symbol: str) -> str:
        return self.features[int(symbol[1:])]

    @property
    def allowed_numbers(self) -> set[str]:
        """The numbers a program for this utterance may contain."""
        return set(self.numbers)

    def free_mentions(self) -> list[tuple[int, str]]:
        """Unclaimed feature mentions: (symbol index, feature)."""
        return [
            (i, self.feature(s))
            for i, s in enumerate(self.symbols)
            if re.fullmatch(r"F\d+", s) and i not in self.claimed
        ]

    # ----------------------------------------------------------------------------------------- reads

    def ids(self) -> list[Filter]:
        """``filter id N`` for each id the utterance names ("id 22", "data point 33", "ids 5, 151, 315")."""
        found: list[Filter] = []
        lists = rf"(?:{_ID_NOUN})(?: {_ID_FILLER})* (?P<ids>N\d+(?: (?:,|and|or|&) N\d+)*)"
        for match, span in list(self.matches(lists)):
            numbers = re.findall(r"N\d+", match.group("ids"))
            after = self.skeleton()[match.end() :].split(" ")[1:3]
            if after and (
                re.fullmatch(r"F\d+|most|features?|top|%|percent", after[0]) or after[:1] == ["of"]
            ):
                continue  # "data with 5 ...", "data with a 28 of age": a count or a value, not an id
            if not all(self.number(symbol).isdigit() for symbol in numbers):
                continue  # an id is a whole number: "data with -5" or "row 3.5" is something else
            for symbol in numbers:
                found.append(Filter(Operation(("filter", "id", self.number(symbol))), span.start))
            self.claim(span)
        if not found:
            # a bare id: "22", "what about 2299", "predict 320", "for 3315, why ...", "if 78 were to ..."
            bare = (
                r"^(?:(?:what|how|and|now|about|for|do|it|the|same|with|predict|please)\s)*(?P<n>N\d+)"
                r"(?:\s[?.!])?$"
            )
            loose = r"(?:^|\s)(?:for|about|predict|why|if) (?P<n>N\d+)(?= [,?.!]| is| were| if| be| and|$)"
            for pattern in (bare, loose):
                for match, span in list(self.matches(pattern)):
                    number = self.number(match.group("n"))
                    if number.isdigit():
                        found.append(Filter(Operation(("filter", "id", number)), span.start))
                        self.claim(span)
                if found:
                    break
        return found

    def numeric_filters(self) -> list[Filter]:
        """Comparisons of numeric features: "glucose over 120", "more than 3 prior crimes", "bmi of 33.6"."""
        numeric = set(self.vocabulary.numeric)
        found: list[Filter] = []

        def add(feature: str, words: str, number: str, position: int) -> None:
            if feature in numeric:
                found.append(Filter(Operation(("filter", feature, *words.split(), number)), position))

        between = (
            r"F(?P<f>\d+) (?:(?:is|are|was) )?between (?:the )?(?:ages? )?(?:of )?"
            r"N(?P<a>\d+) (?:and|to) N(?P<b>\d+)"
        )
        for match, span in list(self.matches(between)):
            feature = self.features[int(match.group("f"))]
            if feature in numeric:
                add(feature, "greater equal than", self.numbers[int(match.group("a"))], span.start)
                add(feature, "less equal than", self.numbers[int(match.group("b"))], span.start)
                self.claim(span)
        # "everything but not age of 30": the negated equality
        for match, span in list(self.matches(r"not F(?P<f>\d+) (?:of|equal to|=|is) N(?P<n>\d+)")):
            add(
                self.features[int(match.group("f"))],
                "not equal to",
                self.numbers[int(match.group("n"))],
                span.start,
            )
            self.claim(span)
        after = (
            rf"F(?P<f>\d+) (?:(?:is|are|was|were|values?|that is|which is|being) )?(?P<cmp>{_CMP}) "
            rf"{_DET}N(?P<n>\d+)(?: (?P<tail>{_TAIL}))?"
        )
        for match, span in list(self.matches(after)):
            feature = self.features[int(match.group("f"))]
            if feature not in numeric:
                continue
            words = _COMPARISON_PHRASES[match.group("cmp")]
            words = _with_tail(words, match.group("tail"))
            add(feature, words, self.numbers[int(match.group("n"))], span.start)
            self.claim(span)
        reverse = rf"N(?P<n>\d+) (?P<cmp>{_CMP}) {_DET}F(?P<f>\d+)"
        for match, span in list(self.matches(reverse)):
            feature = self.features[int(match.group("f"))]
            if feature in numeric and match.group("cmp") not in ("of", "is", "are"):
                add(
                    feature,
                    _COMPARISON_PHRASES[match.group("cmp")],
                    self.numbers[int(match.group("n"))],
                    span.start,
                )
                self.claim(span)
        before = (
            rf"(?:(?P<pre>{_CMP}|do not have|don't have|not have|without) )?N(?P<n>\d+) "
            rf"(?:(?P<tail>{_TAIL}) )?(?:of |in |years of )?F(?P<f>\d+)(?: (?P<tail2>{_TAIL}))?"
        )
        for match, span in list(self.matches(before)):
            feature = self.features[int(match.group("f"))]
            if feature not in numeric:
                continue
            pre = match.group("pre")
            if pre in ("do not have", "don't have", "not have", "without"):
                words = "not equal to"
            elif pre in ("is", "are", "of", "=", None) or _COMPARISON_PHRASES.get(pre) == "equal to":
                words = "equal to"
            else:
                words = _COMPARISON_PHRASES[pre]
            tail = match.group("tail") or match.group("tail2")
            add(feature, _with_tail(words, tail), self.numbers[int(match.group("n"))], span.start)
            self.claim(span)
        age = "age" if "age" in numeric else None
        if age is not None:
            for match, span in list(self.matches(r"(?P<cmp>older|younger) than N(?P<n>\d+)")):
                words = "greater than" if match.group("cmp") == "older" else "less than"
                add(age, words, self.numbers[int(match.group("n"))], span.start)
                self.claim(span)
        return found

    def categorical_filters(self) -> list[Filter]:
        """Categorical filters with a value: "woman equal to 1" -> ``filter woman 1``, "not a felony" ->
        ``filter felony false``.
        """
        categories = self.vocabulary.categorical
        found: list[Filter] = []
        value = (
            r"F(?P<f>\d+) (?:(?:is|are|was|were|equal to|equals|=|with value|with a value of|of|being|set to)"
            r" )?(?P<v>N\d+|true|false)"
        )
        for match, span in list(self.matches(value)):
            feature = self.features[int(match.group("f"))]
            token = self._category(feature, match.group("v"))
            if token is not None:
                found.append(Filter(Operation(("filter", feature, token)), span.start))
                self.claim(span)
        for match, span in list(self.matches(r"F(?P<f>\d+) (?:is|are|was|were) not (?P<v>true|false)")):
            feature = self.features[int(match.group("f"))]
            flipped = "false" if match.group("v") == "true" else "true"
            if flipped in categories.get(feature, ()):
                found.append(Filter(Operation(("filter", feature, flipped)), span.start))
                self.claim(span)
        negated = (
            r"(?:not|not for|do not have|does not have|don't have|doesn't have|aren't|are not|isn't|is not|"
            r"without|excluding|except|no|non) (?:(?:a|an|the|any) )?F(?P<f>\d+)"
        )
        for match, span in list(self.matches(negated)):
            feature = self.features[int(match.group("f"))]
            if "false" in categories.get(feature, ()):
                found.append(Filter(Operation(("filter", feature, "false")), span.start))
                self.claim(span)
        return found

    def bare_categorical_filters(self) -> list[Filter]:
        """A 0/1 feature named on its own and not used otherwise ("the women") -> ``filter woman true``."""
        categories = self.vocabulary.categorical
        found: list[Filter] = []
        for index, feature in self.free_mentions():
            if "true" in categories.get(feature, ()):
                found.append(Filter(Operation(("filter", feature, "true")), index))
                self.claim(range(index, index + 1))
        return found

    def class_filters(self) -> list[Filter]:
        """``predictionfilter`` for "the model predicts <class>", ``labelfilter`` for "labelled <class>"."""
        found: list[Filter] = []
        for kind, pattern in (
            (
                "predictionfilter",
                r"(?:model|it) (?:predicts|predicted|classifies) (?:as )?C(?P<c>\d+)|"
                r"(?:model's prediction|model outcome|(?<!correct )prediction) is C(?P<c2>\d+)|"
                r"C(?P<c3>\d+) is what (?:the )?(?:individuals? )?outcome",
            ),
            (
                "labelfilter",
                r"(?:labell?ed|(?:gold |true |ground truth )?labels? (?:is|of)|actually are|are actually)"
                r" (?:as )?C(?P<c>\d+)",
            ),
        ):
            for match, span in list(self.matches(pattern)):
                index = next(g for g in match.groups() if g is not None)
                found.append(Filter(Operation((kind, self.classes[int(index)])), span.start))
                self.claim(span)
        return found

    def _category(self, feature: str, token: str) -> str | None:
        values = self.vocabulary.categorical.get(feature)
        if values is None:
            return None
        if token in ("true", "false"):
            return token if token in values else None
        number = self.number(token)
        for value in values:
            try:
                if float(value) == float(number):
                    return value
            except ValueError:
                continue
        return None

    def changes(self, *, loose: bool = True) -> list[Filter]:
        """What-if changes: "increase glucose by 10", "if bmi were 30", "5 less insulin", "set woman to 1".

        With `loose` False, "if <feature> is <value>" is left alone: outside a what-if question it is a
        condition ("if age is 30 and ..., explain"), not a change.
        """
        be = (
            r"were|was|is|be|had been|would be|becomes" if loose else r"were|was|be|had been|would be|becomes"
        )
        found: list[Filter] = []
        numeric = set(self.vocabulary.numeric)
        inc = (
            r"increase|increased|increasing|increases|raise|raised|raising|add|added|adding|"
            r"higher|greater|more"
        )
        dec = (
            r"decrease|decreased|decreasing|decreases|reduce|reduced|reducing|lower|lowered|lowering|cut|less|"
            r"smaller|fewer|drop|dropped"
        )
        patterns = (
            # "increase glucose by 10", "reduce their bmi by 5"
            (rf"(?P<verb>{inc}|{dec}) {_DET}F(?P<f>\d+) (?:by|as) N(?P<n>\d+)", None),
            # "glucose were increased by 10", "bmis were lower by 5", "age were to decrease by 3"
            (
                rf"F(?P<f>\d+) (?:of (?:the )?(?:people|them|everyone) )?"
                rf"(?:(?:is|are|was|were|be|will|will be|to|to be|gets|got|get|is will) )*"
                rf"(?P<verb>{inc}|{dec})(?: (?:by|as))? N(?P<n>\d+)",
                None,
            ),
            # "age were 49 greater"
            (rf"F(?P<f>\d+) (?:(?:is|are|was|were|be) )?N(?P<n>\d+) (?P<verb>{inc}|{dec})", None),
            # "5 more insulin", "take on 250 more in loan amount", "10 fewer pregnancies"
            (
                rf"N(?P<n>\d+) (?:points? |units? )?(?P<verb>more|greater|higher|extra|less|fewer|lower) "
                rf"(?:in |of )?"
                rf"{_DET}F(?P<f>\d+)",
                None,
            ),
            # "take on 40 in age" (more of it)
            (rf"(?:take|takes|took|taking) on N(?P<n>\d+) (?:in|of) {_DET}F(?P<f>\d+)", "increase"),
            # "add 5 to glucose", "took 10 points away from bmi", "lost 5 weight"
            (
                rf"(?P<verb>add|added|adding|adds) N(?P<n>\d+) (?:points? )?(?:to|in) {_DET}F(?P<f>\d+)",
                "increase",
            ),
            (
                rf"(?:took|take|taking|takes|subtract|subtracted|subtracting|remove|removed) N(?P<n>\d+) "
                rf"(?:points? )?"
                rf"(?:away )?from {_DET}F(?P<f>\d+)",
                "decrease",
            ),
            (rf"(?:lost|lose|loses|losing) N(?P<n>\d+) (?:or more )?(?:of )?{_DET}F(?P<f>\d+)", "decrease"),
            # "set glucose to 120", "change bmi to 30", "with age set to 215"
            (rf"(?:set|change|changed|changing|changes) {_DET}F(?P<f>\d+) (?:to|=|as) N(?P<n>\d+)", "set"),
            (r"F(?P<f>\d+) (?:(?:is|are|was|were) )?(?:set|changed) to N(?P<n>\d+)", "set"),
            # "if bmi were 30", "had a glucose of 120", "to have age of 40"
            (rf"(?:if|suppose|when) {_DET}F(?P<f>\d+) (?:{be}) N(?P<n>\d+)", "set"),
            (rf"(?:had|have|has|having) {_DET}F(?P<f>\d+) (?:of|=) N(?P<n>\d+)", "set"),
        )
        for pattern, fixed in patterns:
            for match, span in list(self.matches(pattern)):
                feature = self.features[int(match.group("f"))]
                if feature not in numeric:
                    continue
                if fixed is not None:
                    update = fixed
                elif "verb" in match.groupdict() and match.group("verb"):
                    update = "decrease" if re.fullmatch(dec, match.group("verb")) else "increase"
                else:
                    continue
                number = self.numbers[int(match.group("n"))]
                found.append(Filter(Operation(("change", feature, update, number)), span.start))
                self.claim(span)
        cat = (
            r"(?:set|change|changed|changing) {det}F(?P<f>\d+) (?:to|=|as) (?P<v>N\d+|true|false)",
            r"F(?P<f>\d+) (?:(?:is|are|was|were) )?(?:set|changed) to (?P<v>N\d+|true|false)",
            r"(?:if|suppose|when) {det}F(?P<f>\d+) (?:{be}) (?P<v>N\d+|true|false)",
        )
        for pattern in cat:
            for match, span in list(self.matches(pattern.format(det=_DET, be=be))):
                feature = self.features[int(match.group("f"))]
                token = self._category(feature, match.group("v"))
                if token is not None:
                    found.append(Filter(Operation(("change", feature, token)), span.start))
                    self.claim(span)
        if found:
            # "set black to 1 and months in jail to 142": the second change continues the first
            for match, span in list(self.matches(rf"(?:and|,) {_DET}F(?P<f>\d+) to (?P<v>N\d+)")):
                feature = self.features[int(match.group("f"))]
                value = self.number(match.group("v"))
                if feature in numeric:
                    found.append(Filter(Operation(("change", feature, "set", value)), span.start))
                    self.claim(span)
                elif (token := self._category(feature, match.group("v"))) is not None:
                    found.append(Filter(Operation(("change", feature, token)), span.start))
                    self.claim(span)
        negated = r"(?:were|was|are|be|is) not" if loose else r"(?:were|was|be) not"
        for match, span in list(self.matches(rf"{negated} (?:(?:a|an) )?F(?P<f>\d+)")):
            feature = self.features[int(match.group("f"))]
            if "false" in self.vocabulary.categorical.get(feature, ()):
                found.append(Filter(Operation(("change", feature, "false")), span.start))
                self.claim(span)
        return sorted(found, key=lambda f: f.position)

    def topk(self) -> int | None:
        """How many top features a request asks for ("top 3", "5 most important", "most important one")."""
        for pattern in (
            r"(?:top|highest|first) N(?P<n>\d+)",
            r"N(?P<n>\d+) (?:most|top|least|best|features? most)",
            r"N(?P<n>\d+) (?:features|factors)",
        ):
            for match, span in self.matches(pattern):
                number = self.numbers[int(match.group("n"))]
                if re.fullmatch(r"\d+", number):
                    self.claim(span)
                    return int(number)
        if self.has(r"\btop few\b"):
            return 3
        if self.has(
            r"\bmost (?:important|influential|critical|essential|relevant) (?:feature|factor)\b(?!s)"
        ):
            return 1
        return None

    def subject(self, cue: str) -> list[str]:
        """Unclaimed features named right after the words `cue` (the feature of "distribution of age")."""
        found = []
        for match, span in list(
            self.matches(
                rf"(?:{cue}) (?:(?:the|a|an|of|feature|for|value|values|named) )*"
                r"F(?P<f>\d+)"
            )
        ):
            found.append(self.features[int(match.group("f"))])
            self.claim(span)
        return found


def _with_tail(words: str, tail: str | None) -> str:
    """Apply "or more" / "or less" after a number: "equal to 5 or more" is "greater equal than 5"."""
    if not tail:
        return words
    if tail.split()[-1] in ("more", "greater", "above", "higher"):
        return "greater equal than"
    return "less equal than"
