"""How sure the guard is of a number it reads: numbers said in a frame that makes them no value of the outputs
(a difference of two of them, a total, an example, the 50 % line), said of a subject or label the sentence names
elsewhere, and the means of labels. A number in such a frame that the outputs hold is a claim; one they do not hold
is listed as unchecked, never as unsupported, so the guard flags only what it is sure is wrong.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from simxai.guard._facts import Facts
from simxai.guard._own_numbers import compared_pair, count_shares, own_counts_share, own_difference
from simxai.guard._prefilter import gated
from simxai.guard._reading import NumberClaim, find_mentions, fits, subject_ids, subject_spans
from simxai.guard._spaced import spaced
from simxai.guard._state import _CheckState
from simxai.guard._units import unit_feature

__all__ = [
    "FEATURE_PERCENT",
    "LOWERED_BY",
    "OF_GROUP",
    "P_OF",
    "RESTATED",
    "SHARE_IN",
    "SHARE_WHOLE",
    "SUBTRACTS",
    "THAT_LABEL",
    "count_shares",
    "is_difference",
    "relative",
]

#: Between an amount and the same amount in another form: "3.6 points (about 15 %)", "+3.6 (15 %)".
RESTATED = re.compile(r"\s*%?\s*(?:[a-z]+\s*)?[(,]\s*(?:about|around|roughly|or|i\.e\.|~|≈)?\s*", re.I)
#: Between the two means of a pair of labels ("7.9 words versus 7.3").
_MEAN_PAIR = re.compile(
    r"\s*%?\s*(?:[a-z]+\s+)?(?:vs\.?|versus|against|" + spaced("compared (?:with|to)") + r"|to|/)\s*(?:about\s+)?", re.I
)
#: A number said as a difference of two of the outputs' numbers: "a gap of about 57 points", "room of 3.5",
#: "38 points lower". It is checked against the differences the outputs give, never as a value.
_DIFFERENCE_BEFORE = gated(
    r"\b(?:gap|difference|margin|lead|fall|drop|dip|rise|climb|gain|loss|jump|increase|decrease|reduction|"
    r"swing|shift|boost|room|headroom|buffer|cushion|distance|move|change|cut|raise|hike|bump)\s+of\s+"
    r"(?:only\s+|just\s+|" + spaced("up to") + r"\s+|"
    r"about\s+|around\s+|roughly\s+|some\s+|nearly\s+|almost\s+|over\s+|under\s+)*[£$€]?$",
    re.I,
)
#: "raises the positive score by about 0.23", "moves the probability up by 35.7 points": a move of the model's output,
#: not its value (a feature's contribution, or a probability's move).
_OUTPUT_BY = gated(
    r"\b(?:score|probability|chance|odds|likelihood|confidence)\s+(?:up\s+|down\s+)?by\s+"
    r"(?:only\s+|just\s+|about\s+|around\s+|roughly\s+|some\s+|nearly\s+|almost\s+)*[+-]?$",
    re.I,
)
_DIFFERENCE_AFTER = gated(
    r"^\s*(?:[a-z°£$€]{1,3}|years?|months?|weeks?|days?|hours?|minutes?|units?|degrees?(?:\s+[CF]\b)?)"
    r"(?:\s*/\s*[a-z]{1,3})?\s+(?:less|more|warmer|cooler|hotter|colder|fewer|lower|higher|wider|narrower|longer|shorter|"
    r"larger|smaller|bigger|heavier|lighter|deeper|thicker|thinner|older|younger)\b(?!\s+than)|"
    r"^\s*%?\s*(?:(?:percentage|[a-z]+)\s+)?(?:points?|pts?|pp)\b|^\s*(?:units?\s+)?(?:above|below|"
    rf"{spaced('short of')})\s+(?:today's|the current|its current|the current value|current|now|its(?=\s+[-+]?\d))\b",
    re.I,
)
#: "8 % more", "a quarter of what it was", "half of that", "half again as much as" (gfa32): relative to another.
_RELATIVE = re.compile(
    r"\s*%?\s*(?:of\s+(?:what\s+it\s+was|that|this|the\s+(?:old|previous|original|earlier|first|gap|top|"
    r"leader|largest|biggest)\b))|\s*%?\s*more\s+\w+\s+than\b|\s+again\s+as\s+\w+\s+as\b",  # "half again as much as"
    re.I,
)
_MORE = re.compile(r"\s*(?:more|less|higher|lower|longer|shorter|larger|smaller|bigger|greater)\b", re.I)


def relative(claim: NumberClaim, following: str) -> bool:
    """Whether a number is said relative to another ("8 % more", "a quarter of what it was", "58 % of the gap",
    "44 % more right than"): no value of the outputs.
    """
    return bool(_RELATIVE.match(following) or (claim.percent and _MORE.match(following)))


#: "lowers it by 0.14", "nudges it away from negative (by about 0.01)": the size of a negative contribution.
LOWERED_BY = gated(
    r"\b(?:lowers?|lowered|reduces?|reduced|decreases?|decreased|cuts?|subtracts?|takes?)\b(?:\s+\w+){0,4}?\s+"
    r"(?:by|away)\s+(?:about\s+|around\s+|roughly\s+|some\s+|nearly\s+)?$|"
    # "nudges it away from negative (by about 0.01)": the size of a push against the label
    r"\b(?:away from|against)\s+[\w'-]+\s*[(,]?\s*by\s+(?:about\s+|around\s+|roughly\s+|some\s+|nearly\s+)?$",
    re.IGNORECASE,
)
#: "1 in 40": a share written with digits; its denominator is no value of the outputs. "73 times out of 100", "88
#: of every 100": a share too, or else (no share of the outputs is it) a count of a whole (`out`).
SHARE_IN = gated(
    r"(?<![\w.])(?P<n>\d{1,3})\s+(?:times\s+)?(?:in|(?P<out>out\s+of(?:\s+every)?|of\s+every|in\s+every))\s+$", re.I
)
#: The numerator of such a share, before its whole: "73 times out of 100", "88 of every 100", "1 in 40".
SHARE_WHOLE = re.compile(
    r"^\s+(?:times\s+)?(?:in|out\s+of(?:\s+every)?|of\s+every|in\s+every)\s+(?P<m>\d{1,4})(?![\d.,]\d)", re.I
)
#: "71 % of the group": a share of a group's rows.
OF_GROUP = re.compile(
    r"^\s*%?\s*(?:of\s+(?:the\s+|these\s+|those\s+|all\s+)?(?:group|them|these|those|all|cases|subgroup|subset|"
    r"patients|reviews|applicants|rows|instances|people|members|\w+holders)\b)",
    re.I,
)
_FOR_LABEL_MEAN = re.compile(r"\s*(?:for|in|among|of)\s+(?:the\s+)?", re.I)
#: Between a metric and the label it is of: "recall for stable", "precision of the label barbera".
_OF_LABEL = re.compile(r"\s*(?:score\s+|rate\s+)?(?:for|of|on)\s+(?:the\s+)?(?:(?:label|class)\s+)?", re.I)
#: Right before a label a carried metric is of: "and for progressing 0.72".
_FOR_A_LABEL = re.compile(r"\b(?:for|of|on)\s+(?:the\s+)?(?:(?:label|class)\s+)?$", re.I)
#: Between a label and its metric: "stable's recall", "the progressing-class f1".
_LABEL_BEFORE = re.compile(r"(?:'s|’s)?(?:[\s-]+(?:label|class)(?:'s|’s)?)?\s*", re.I)
#: "p(stable) = 0.214", "p(`stable`)=0.214": a probability written as a function of its label (quoted or not).
#: "p(stable) = 0.214", and a class's probability written as a key, "p_sealed: 0.05", "prob_watch=0.2" (round 38).
P_OF = re.compile(
    r"(?:\bp\s*\(\s*[`'\"‘“]?(?P<label>[\w-]+)[`'\"’”]?\s*\)|\b(?:p|pr|prob|proba)_(?P<key>[a-z][a-z-]*))"
    r"\s*(?:=|≈|~|:|is)?\s*(?:about\s+)?$",
    re.I,
)
#: "a 21 % chance, about one in five, that it's progressing": the label the chance is of, after the number.
THAT_LABEL = re.compile(
    r"^[\s%)]*(?:chance|probability|likelihood|odds)?\s*(?:,[^,.;]{0,30})?,?\s*that\s+(?:it|she|he|they|the\s+\w+|"
    r"this\s+\w+)(?:'s|\s+is|\s+will be|\s+would be|\s+gets|\s+turns out)\s+",
    re.I,
)
#: Between a feature and a percentage of it: "debt_to_income from 27 % to 20 %", "debt_to_income at 27 %".
FEATURE_PERCENT = re.compile(
    r"\s*(?:(?:from|of|at|to|=|:|is|was|by)\s+|-?\d+(?:\.\d+)?\s*%\s*)*(?:about\s+|around\s+|roughly\s+)?", re.I
)
#: A number said as a total of several of the outputs' numbers ("together they add about 1.79", "0.398 in
#: total"): not compared (no output states the sum, and which numbers are summed is not said).
_TOTAL_BEFORE = gated(
    r"\b(?:together|combined|in total|altogether|add(?:s|ed)? up to|sums? (?:up )?to|totals?|totall?ing|a total of|"
    r"a sum of|net|(?:the|all|these|those|the other)\s+(?:\w+\s+)?(?:features|words|factors|contributions|"
    r"attributions)\s+(?:\w+\s+)?add(?:s|ed)?)\b(?:\s+\w+){0,4}?\s+"
    r"(?:about\s+|around\s+|roughly\s+|some\s+|nearly\s+|almost\s+)?[+]?$",
    re.I,
)
_TOTAL_AFTER = re.compile(r"^\s*%?\s*(?:in total|altogether|combined|together|total|between them|net)\b", re.I)
#: The midpoint of a two-class probability said as a line, not as a value: "the 50 % line", "short of the 50 %".
#: What joins a metric's name to the number right after it: "F1 of 73 %", "recall: 0.5", "accuracy is about 0.8".
_METRIC_IS = re.compile(r"\s*(?:score\s+)?(?:of|is|was|at|:|=)?\s*(?:about|around|roughly|≈|~)?\s*", re.I)
_THE = re.compile(r"\bthe\s+$", re.I)
_SCALE_POINT = re.compile(r"^\s*%?\s*(?:line|mark|threshold|cut-?off|boundary|barrier|level|point)\b", re.I)
#: The midpoint named as what a share is compared with or starts from: "just above 50 %", "reviews near 50 %",
#: "this close to 50 percent", "from the neutral 50 percent".
_MIDPOINT_WORDS = spaced("above|below|over|under|near|nearer|close to|closer to|past|beyond|neutral|than")
_TO_MIDPOINT = re.compile(rf"\b(?:{_MIDPOINT_WORDS})\s+(?:about\s+|roughly\s+|the\s+)?$", re.I)
#: A frame that makes a number an example or a general statement, not a value of the outputs ("a 70 % score
#: does not mean ...", "even at 80 %", "for example"): a number in it that the outputs do not hold is unchecked.
_ILLUSTRATIVE = gated(
    r"\b(?:for example|for instance|e\.g\.?|say,|imagine|suppose|hypothetically|even at|would mean|"
    r"(?:does|do|would)(?: not|n't) mean|doesn't mean|don't mean|in general|generally|usually|typically|"
    r"as a rule|rule of thumb|(?:is|are) (?:usually |generally |often )?considered|by (?:pure )?(?:chance|guessing)|"
    r"at random|coin (?:flip|toss)|would have (?:meant|signalled|signaled|indicated|suggested))\b|"
    r"\d\s*%?\s+(?:means|would mean|corresponds to|is the same as)\b|"
    # a value supposed, not stated: "a probability of 90 % would ...", "an 85 % score could ..." (claims-24)
    r"\ban?\s+(?:(?:probability|score|chance|confidence|share)\s+of\s+)?(?:about\s+|around\s+)?\d[\d.]*\s*%?\s*"
    r"(?:(?:probability|score|chance|confidence|share)\s+)?(?:would|could|might)\b|"
    # a caution against a reading ("don't read 0.7 as a 70 % risk", "I wouldn't read 80 % as eight in ten")
    r"\b(?:do not|don't|would not|wouldn't|should not|shouldn't|never|can't|cannot)\s+(?:\w+\s+)?read\b"
    r"(?:[^.;:]|\.(?=\d)){0,60}?\bas\b",
    re.I,
)


@functools.lru_cache(maxsize=64)
def _named_ids(sentence: str, noun: str) -> int:
    """How many instance ids a sentence names; once per sentence, however many numbers it has (a 64 KB run of
    numbers read it once per number: quadratic).
    """
    return len(subject_ids(sentence, [noun]))


@functools.lru_cache(maxsize=64)
def _illustrative(sentence: str) -> bool:
    """Whether a sentence speaks of examples; once per sentence, however many numbers it has (a long sentence
    of many numbers would otherwise be searched once for each).
    """
    return _ILLUSTRATIVE.search(sentence) is not None


#: A percent said of something ("33 % of take-home pay", "23 percent of the traffic"): group 1 is what it is of.
_SHARE_OF = re.compile(
    r"\d\s*(?:%|percent\b|per cent\b)\s+of\s+(?:(?:the|their|its|her|his|all|your)\s+)?"
    r"([^\s,.;:()]+(?:\s+[^\s,.;:()]+)?)",
    re.I,
)
#: Between a label and a number: another number or a comparison ("stable patients against about 28.4").
_LOOSE_MEAN = re.compile(r"\d|\b(?:against|versus|vs|than|compared|while|whereas|but|and)\b", re.I)
#: A label as the second term of a comparison ("twice as many cycles as healthy ones", "well above stable ones").
_COMPARED_LABEL = re.compile(r"\b(?:than|as|above|below)\s+(?:the\s+)?$", re.I)
#: A share in words that compares two numbers ("half the effect of bmi", "about a third as strongly"): a ratio.
_RATIO_WORDS = re.compile(
    r"\s*(?:(?:the|its|their)\s+)?(?:effect|size|impact|weight|influence|importance|push|pull|contribution|"
    r"strength)\b|\s*as\s+(?:much|strong\w*|large|big|important|heav\w*|hard|high|great)\b",
    re.I,
)
#: "subtracts 0.26", "takes off about 0.06": the size of a negative contribution.
SUBTRACTS = gated(
    r"\b(?:subtract(?:s|ed|ing)?|tak(?:es|ing) off|took off|knocks? off)\s+"
    r"(?:about\s+|around\s+|roughly\s+|another\s+)?$",
    re.I,
)


def is_difference(lead: str, following: str) -> bool:
    """Whether a number between `lead` and `following` is said as a difference ("a gap of 57 points")."""
    return bool(_DIFFERENCE_BEFORE.search(lead) or _DIFFERENCE_AFTER.match(following) or _OUTPUT_BY.search(lead))


class _FrameChecks(_CheckState):
    """The frames of a number, the verdicts they soften, and the fields shared with `_numbers`."""

    def _tied(self, facts: Facts, kind: str, name: str, phase: str = "") -> set[float]:
        """The numbers of a field; a label's before or after a change when `phase` says which and the
        outputs tell them apart.
        """
        if kind == "feature":
            return facts.feature_numbers.get(name, set())
        if kind == "metric" and " of " in name and facts.label_metrics:
            # "the recall of stable": that label's, never another label's or the average over the labels
            metric, label = name.split(" of ", 1)
            own = facts.label_metrics.get(label, {})
            return set(own.get(metric, set()))
        if kind == "metric":
            name = name.split(" of ", 1)[0]
            return set(facts.metrics.get(name, set()))
        phased = {"before": facts.before_numbers, "after": facts.after_numbers}.get(phase, {})
        if phased.get(name):
            # a group's counts of the label stay its numbers in either state ("from 25 stable to 12 stable")
            return phased[name] | {n for n in facts.label_numbers.get(name, set()) if n > 1 and n == int(n)}
        return facts.label_numbers.get(name, set()) | facts.label_cells.get(name, set())

    def _labelled_metric(self, text: str, start: int, end: int, metric: str) -> str:
        """A precision, recall or f1 with the label a text says it is of ("recall for stable", "stable's f1",
        "the progressing recall") as "recall of stable"; else the metric's name alone.
        """
        if metric not in ("precision", "recall", "f1"):
            return metric
        after = _OF_LABEL.match(text, end)
        for m in self._label_mentions(text):
            if (after is not None and m.start == after.end()) or _LABEL_BEFORE.fullmatch(text[m.end : start]):
                return f"{metric} of {m.name}"
        return metric

    def _relabelled(self, entities: list[tuple[str, str, int]], lead: str) -> list[tuple[str, str, int]]:
        """Metrics carried from earlier in a sentence, of the label the number's own words name: in "the recall
        for stable is 0.73 and for progressing 0.72", 0.72 is the recall of progressing.
        """
        named = [m for m in self._label_mentions(lead) if _FOR_A_LABEL.search(lead[: m.start])]
        if not named:
            return entities
        label = named[-1].name
        return [
            (kind, f"{name.split(' of ', 1)[0]} of {label}", at)
            if kind == "metric" and name.split(" of ", 1)[0] in ("precision", "recall", "f1")
            else (kind, name, at)
            for kind, name, at in entities
        ]

    def _verdict(self, text: str, ok: bool, soft: str, via: str) -> None:
        """A number's verdict, read by `via`: one said in a frame the guard cannot be sure of (`soft` says which)
        is unchecked when the outputs do not hold it, never unsupported.
        """
        if ok or not soft:
            self.report.claim(text, ok, via=via)
        else:
            self.report.skip(f"{text} ({soft}, not compared)")

    def _soft(self, claim: NumberClaim, clause: str, sentence: str, offset: int, lead: str, following: str) -> str:
        """Why a number the outputs do not hold may still be no wrong value of theirs, or "": a scale's point
        (0.5 or 50 %, 1.0 or 100 %: a coin flip, certainty), a total of several numbers ("together they add
        1.79"), or an example in a sentence about no subject and no feature ("a 70 % score does not mean ...").
        """
        share = claim.percent or (claim.decimals > 0 and 0 <= claim.value <= 1)
        if (
            share
            and claim.high is None
            and claim.value == (50.0 if claim.percent else 0.5)
            and (_THE.search(lead) or _SCALE_POINT.match(following) or (_TO_MIDPOINT.search(lead) and not claim.bounds))
        ):
            return "the probability scale's midpoint"
        if _TOTAL_BEFORE.search(lead) or _TOTAL_AFTER.match(following):
            return "a total"
        said = find_mentions(lead, list(self.names.metrics))
        metric = bool(said) and bool(_METRIC_IS.fullmatch(lead[said[-1].end :]))  # "an F1 of 73 %": the F1's (round 38)
        if own_counts_share(claim, sentence) and not metric:
            return "a share of two counts the reply gives"
        if own_difference(claim, sentence, lead, following):  # "averages 94.6 and 87.9, about 6.7 higher" (claims-27)
            return "a difference of two numbers the reply gives"
        ids = _named_ids(sentence, self.vocab.instance_noun)
        if compared_pair(clause[: offset + claim.start], following, ids):  # "the older one (72 vs 42)" (claims-27)
            return "an end of a compared pair whose subject is not named"
        if (
            _illustrative(sentence)
            and not subject_ids(sentence, [self.vocab.instance_noun])
            and not find_mentions(sentence, self.names.features, quoted_only=self.names.quoted_only)
        ):
            return "an example"
        return ""

    def _rebound(self, claim: NumberClaim, sentence: str, facts: Facts) -> str:
        """Why a share bound to a label that does not hold it may be another field's, or "": the host's feature in
        percent ("the humid air (94 %)", humidity_pct 94; of several `*_pct` features, one whose number it is), a
        feature's share in a sentence that says a share of
        something no label names ("rent at 33 % of take-home pay (from 27 %)", "15 % of the traffic instead of
        23 %"), or, after a performance output, a metric or a share of the counts ("of the 44 progressing it
        catches 32, 72.7 %" is a recall). Such a number is not compared.
        """
        unit = unit_feature("%", self.vocab.features) if claim.percent else None
        if unit is not None and fits(replace(claim, percent=False), facts.feature_numbers.get(unit[0].lower(), set())):
            return f"a number of {unit[0]}, the feature in percent"  # "the very humid air (94 %)", humidity_pct
        for name in self.percent_features if claim.percent else ():
            # several in percent ("clay moisture 5.5 → 4.4 %", kiln_load_pct; "scent 10.1 %" by its description)
            if fits(replace(claim, percent=False), facts.feature_numbers.get(name.lower(), set())):
                return f"a number of {name}, a feature in percent"
        if claim.percent and self._share_of_other(sentence):
            for name, numbers in facts.feature_numbers.items():
                # the feature's own scale (an income_ratio of 27) or its fraction in percent (a share of 0.23)
                if fits(replace(claim, percent=False), numbers) or fits(claim, numbers):
                    return f"a share said of something no label names; {name}'s number"
        shares = facts.metric_numbers | count_shares(facts) if facts.metrics else set()
        if (claim.percent or claim.decimals) and fits(claim, shares):
            return "a metric or a share of the counts"
        return ""

    def _share_of_other(self, sentence: str) -> bool:
        """Whether the sentence gives a share of something that is no label ("33 % of take-home pay", "23 % of
        the traffic"): its percents may be a feature's values rather than a class's probability.
        """
        for m in _SHARE_OF.finditer(sentence):
            named = m.group(1)
            if not any(n.start == 0 for n in self._label_mentions(named)):
                return True
        return False

    def _unnamed_subject(self, claim: NumberClaim, sentence: str, entities: list[tuple[str, str, int]]) -> str:
        """Whether a number of a sentence that names none of the reply's several subjects ("The model is more
        confident about the first one (78.6 % against 59.1 %)") is that field's of another subject: then which
        subject it is about is not sure. A label the sentence does not name may be any label of the subject.
        """
        if len(self.ids) < 2 or subject_ids(sentence, [self.vocab.instance_noun]):
            return ""
        named = {name for kind, name, _ in entities if kind == "label"} & {
            m.name for m in self._label_mentions(sentence)
        }
        pool: set[float] = set()
        for i in self.ids:
            other = self._bound([i])
            for kind, name, _ in entities:
                if kind == "label" and not named:
                    pool |= {x for lab in self.names.labels for x in self._tied(other, "label", lab)}
                else:
                    pool |= self._tied(other, kind, name)
        return "in a sentence that names none of the subjects; another subject's number" if fits(claim, pool) else ""

    def _later_subject(
        self, claim: NumberClaim, clause: str, offset: int, entities: list[tuple[str, str, int]], phase: str
    ) -> str:
        """Whether the number is that field's of a subject the clause names after it ("93.1 % for progressing,
        against 78.6 % for stable on patient 12"): then which subject it is about is not sure.
        """
        if len(self.ids) < 2:
            return ""
        for i, at in subject_spans(clause, [self.vocab.instance_noun]):
            if at < offset + claim.end or i not in self.ids:
                continue
            other = self._bound([i])
            tied = {x for kind, name, _ in entities for x in self._tied(other, kind, name, phase)}
            if fits(claim, tied):
                return f"said before {self.vocab.instance_noun or 'subject'} {i}, whose number it is"
        return ""

    def _ratio_words(self, following: str) -> bool:
        """Whether a share in words is followed by what it is a share of: another number ("half the effect",
        "a third as strongly", "a third of credit_score").
        """
        if _RATIO_WORDS.match(following):
            return True
        of = re.match(r"\s*of\s+(?:the\s+|that\s+of\s+)?", following, re.I)
        if of is None:
            return False
        ahead = find_mentions(
            following[of.end() : of.end() + 60], self.names.features, quoted_only=self.names.quoted_only
        )
        return bool(ahead) and ahead[0].start == 0

    def _differences(self, facts: Facts) -> set[float]:
        """The differences the outputs give: changes' and probabilities' moves, the room to a kept range's ends,
        the gap between two classes' probabilities (and to 50 %), between two metrics (or a metric and a
        baseline the outputs state), and between two numbers of one feature.
        """
        out = set(facts.amounts) | {round(abs(c), 6) for _, _, c in facts.attributions}
        groups = [facts.label_numbers, facts.before_numbers, facts.after_numbers]
        for group in groups:
            values = sorted({x for xs in group.values() for x in xs if 0 <= x <= 1})
            out |= {round(abs(a - b), 6) for a in values for b in values if a != b}
            out |= {round(abs(a - 0.5), 6) for a in values}
        shares = sorted(facts.metric_numbers | {x for x in facts.free_numbers if 0 < x < 1})
        out |= {round(abs(a - b), 6) for a in shares for b in shares if a != b}
        for numbers_of in facts.feature_numbers.values():
            nums = sorted(numbers_of)[:40]
            out |= {round(abs(a - b), 6) for a in nums for b in nums if a != b}
        return out

    def _label_mean(self, claim: NumberClaim, clause: str, offset: int, facts: Facts) -> tuple[str, bool, str] | None:
        """(label, holds, why unsure) for a mean said of a label's rows ("stable patients have a mean of 94.6",
        "stable 24.3 vs progressing 28.4"): the label named last before the number in its clause, and on a
        two-label host the other label for the second of a pair the first label's number opened ("positive reviews
        are longer (7.9 versus 7.3)"); None when no label is named there or the number is no label's mean (another
        field may hold it). A number that is another label's mean is flagged only when the label is bound to it
        closely (right before or after it); bound by a guess at a pair's order or across a comparison ("as many as
        healthy ones: 856.2 against 400.8", "24.3 for stable against 28.4 for those who progressed") it is not
        compared (`why unsure`).
        """
        if not facts.label_means or (claim.percent and not self.percent_features):
            return None  # a percent is a label's mean only on a host with a feature in percent ("even ones 7.3 %")
        claim = replace(claim, percent=False)
        before = clause[: offset + claim.start]
        named = self._label_mentions(before)
        after = clause[offset + claim.end :]
        of = _FOR_LABEL_MEAN.match(after)
        ahead = self._label_mentions(after[of.end() : of.end() + 60]) if of else []
        if of and ahead and ahead[0].start == 0:
            # "the mean is 87.9 for stable and 94.6 for progressing": the label named right after the number.
            label = ahead[0].name
            if fits(claim, facts.label_means.get(label, set())):
                return label, True, ""
            others = {x for other, means in facts.label_means.items() if other != label for x in means}
            return (label, False, "") if fits(claim, others) else None
        if not named:
            return None
        label = named[-1].name
        gap = clause[self.paired : offset + claim.start] if 0 <= self.paired <= offset + claim.start else ""
        paired = bool(_PAIR_AFTER.match(after)) or bool(gap and _MEAN_PAIR.fullmatch(gap))
        guessed = False
        if len(named) > 1 and _THAN.search(before[named[-2].end : named[-1].start]) and paired:
            # "A sit higher than B (x vs y)": a pair after the comparison opens with A's mean.
            label, guessed = named[-2].name, True
        if (
            gap
            and _MEAN_PAIR.fullmatch(gap)
            and named[-1].end <= self.paired
            and len(facts.label_means) == 2
            and label in facts.label_means
        ):
            label, guessed = next(x for x in facts.label_means if x != label), True
        if fits(claim, facts.label_means.get(label, set())):
            return label, True, ""
        others = {x for other, means in facts.label_means.items() if other != label for x in means}
        if not fits(claim, others):
            return None
        between = before[named[-1].end :]
        compared = _COMPARED_LABEL.search(before[: named[-1].start])
        close = not guessed and not _LOOSE_MEAN.search(between) and not compared
        return label, False, "" if close else "a label's mean bound by a guess at which label it is of"


_THAN = re.compile(r"\bthan\b", re.I)
_PAIR_AFTER = re.compile(r"\s*(?:vs\.?|versus|against|to|/)\s*-?\d", re.I)
