"""The checks of the labels a reply states: the predicted or recorded label, whether the prediction is
right, and the outcome of a what-if.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from simxai.guard import _cues as cue
from simxai.guard._change_outcomes import stands_between
from simxai.guard._change_said import goals, with_change
from simxai.guard._facts import Facts
from simxai.guard._outcome_said import outcome_said
from simxai.guard._prefilter import gated
from simxai.guard._reading import Mention, find_mentions
from simxai.guard._record_forms import call_logged, record_keyed
from simxai.guard._state import _CheckState, _facts_at, _label_of
from simxai.guard._verdict_marks import marked_verdicts

#: An aside in brackets ("(29 days, not 50)"): a negation inside it reaches no label outside (claims-54).
_ASIDE = re.compile(r"\([^()]*\)|^[^()]*\)")  # a closed one, or the end of one a comma split off
_OTHERWISE = re.compile(
    r"\b(?:otherwise|short of (?:that|this|it)|without (?:that|this|it|the|these|such) ?(?:change|edit)?s?|until then|"
    # "as it is" of today's state, not of the rest held still ("leaving everything else as it is")
    r"(?<!else )(?<!rest )(?<!others )(?<!unchanged, )as (?:it is|things stand))\b",
    re.I,
)
#: A distance to a class before it: "points from a", "separates 120 from the", "a step away from" (claims-27).
_AWAY = gated(
    r"\b(?:points?|steps?|away|short|shy|separat\w*|distance|nudge|whisker|inches?|margin)\b[^.;:!?]{0,40}?"
    r"\bfrom\s+(?:being\s+)?(?:the\s+|a\s+|an\s+)?[\"'“‘*]?$",
    re.I,
)
#: claims-55 (gfa48): "what keeps it from X", "stops her from being X", "holds it back from a X call": the class a
#: cause prevents, some way off, not today's.
_KEPT_FROM = gated(
    r"\b(?:keep\w*|kept|stop\w*|prevent\w*|hold\w*(?:\s+\w+)?\s+back|held(?:\s+\w+)?\s+back|bar\w*|block\w*)"
    r"\s+(?:\w+\s+){0,2}?from\s+(?:being\s+|becoming\s+|reaching\s+|getting\s+|turning\s+)?"
    r"(?:the\s+|a\s+|an\s+)?[\"'“‘*]?$",
    re.I,
)
_CHANCE_OF = gated(
    r"\b(?:chance|odds|probability|likelihood|risk|shot)\s+(?:of|at)\s+(?:staying|being|becoming|remaining|"
    r"turning|ending\s+up|going)\s+(?:\w+\s+)?$|"
    # "still 75 % against 25 % for table": a share given to the class after it (gfa37)
    r"(?:\d\s*(?:%|percent|per\s+cent)|\d?\.\d+)\s+(?:for|to|on)\s+(?:the\s+)?[\"'“‘*]?$",
    re.I,
)
_BEFORE_ARROW = re.compile(r"[*_`\"'”’]*\s*(?:→|->|=>)")

#: "is placed in the standard group", "falls into the surcharge category", "belongs to the approved class": a label
#: stated by the subject's membership of its group (the word before the label, `_GROUP_AFTER` the noun after it).
_GROUPED_BEFORE = re.compile(
    r"\b(?:plac(?:e|es|ed|ing)|puts?|putting|assign(?:s|ed|ing)?|sort(?:s|ed)|slott?(?:s|ed)|fil(?:es|ed)|"
    r"fall(?:s|en|ing)?|fell|land(?:s|ed|ing)?|ends?\s+up|ended\s+up|belong(?:s|ed|ing)?|goes|went|count(?:s|ed)|"
    r"mov(?:e|es|ed|ing)|shift(?:s|ed|ing)?|bump(?:s|ed|ing)?|"
    r"(?:is|was|are|were|be|been|being|gets?|got)\s+(?:(?:\w+ly|still|now|then|also)\s+)?(?:grouped|classed|binned))"
    r"\s+(?:\w+\s+){0,2}?(?:in|into|under|to|with|among)\s+(?:the|its|their)\s+[*\"'“‘`]*$",
    re.I,
)
_GROUP_AFTER = re.compile(r"^[*\"'”’`]*\s+(?:group|class|category|bucket|tier|camp|pile|band|segment)\b", re.I)


#: A whole number right before a label: a count of that label ("61 progressing", "1,204 approved", "12 of them are
#: predicted stable"), when the word before it is one a count follows (`_COUNT_LEAD`).
_COUNT_BEFORE = re.compile(
    r"(?<![\d.,%#])(?<![-+−])\b\d{1,3}(?:,\d{3})*(?:\s+(?:of\s+them|[a-z]+s))?"
    r"(?:\s+(?:are|were|would\s+be|will\s+be|get|become)\s+(?:predicted|classified|labell?ed|called|flagged)(?:\s+as)?)?\s+$",
    re.I,
)
#: Words a count of a label may follow ("from 25 stable", "to 12 stable", "and 61 progressing"); after any other
#: word the number is a name's ("patient 40 progressing", "review 7 negative").
_COUNT_LEAD = re.compile(
    r"(?:^|[,:;(\[—–]|\b(?:from|to|and|or|with|of|into|than|vs|versus|but|while|only|just|about|around|roughly|"
    r"nearly|some|all|are|were|leaves?|gives?|makes?|has|have|had|predicts?|predicted|moves?|becomes?|now|then))\s*$",
    re.I,
)


#: A whole number under a key that ends with the label ("- **Predicted stable:** 7", "predicted needs_repair = 24"):
#: a count of the label, no prediction (not a share: "stable: 0.62", "stable: 62 %").
_COUNT_AFTER = re.compile(r"[*_`]*\s*[:=]\s*[*_`]*\s*\d{1,3}(?:,\d{3})*(?![\d,]|\.\d|\s*(?:%|percent|per cent))")


#: A change said as an imperative and joined to what follows ("bring it down to 4.1 and the model says X", "raise
#: the score to 716, and it is approved"): the label after it is the change's outcome.
_IMPERATIVE = re.compile(
    r"\s*(?:[\w-]+\s+)?(?:just\s+|now\s+|so\s+)?(?:bring|raise|lower|cut|drop|increase|decrease|reduce|change|"
    r"set|swap|replace|put|add|remove|lift|trim|nudge|push|move|take|make|give|shave|knock)\b(?:[^.;!?]|\.\d){0,100}?,?\s+and\s+",
    re.I,
)


#: claims-55 (gfa48): a change fronted as the sentence's condition, a quantity and a comparative before a comma
#: ("Forty years older, the model says X", "Two points lower, it would be X", "With 3 cm more, X"): what follows is
#: the outcome after that change, not today's call.
_FRONTED = re.compile(
    r"\s*(?:(?:with|at)\s+)?(?:(?:about|some|another|roughly|just)\s+)?"
    r"(?:[+-]?\d[\d.,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
    r"forty|fifty|sixty|seventy|eighty|ninety|a\s+hundred|half\s+an?|a\s+few|a\s+little)\s+"
    r"(?:%\s+|[a-z]+\s+){0,2}?(?:[a-z]{2,}er|more|less|fewer)(?:\s+[a-z]+){0,2}?\s*(?:,|$)",
    re.I,
)


#: The model, or its call, named: "the model expected", "predicted intact", "it calls it".
_MODEL_CALL = re.compile(r"\b(?:model|classifier|predict\w*|call(?:s|ed)?|expect\w*|forecast\w*)\b", re.I)
#: A lead of another state or subject than the one the call was of: a what-if, a change, a number or id.
_ANOTHER_STATE = re.compile(
    r"\d|\b(?:would|could|might|will|'d|if|when|once|after|with|without|unless|other|another|still|now)\b", re.I
)
#: A contrast that opens a clause ("..., yet it came out intact", "... but cracked").
_CONTRAST_END = re.compile(r"\b(?:but|yet|though|although|whereas|while|however)[\s,]*$", re.I)
_CONTRAST_LEAD = re.compile(r"^[\s,]*(?:but|yet|though|although|whereas|while|however)\b", re.I)
#: Another source than the model stating a label: "and the log says it cracked", "the file has it as".
_OTHER_SOURCE = re.compile(
    r"\b(?:the|its|our|their)\s+(?!model\b|classifier\b|prediction\b|call\b)[a-z]+\s+"
    r"(?:says?|said|shows?|showed|has it|had it|reads?)\b",
    re.I,
)


#: A keeper of records said to state a label: "the chart says stable", "the log says it cracked", "the lab had it
#: as potable", "the logbook has it down as a success", a note's "chart says stable" (claims-21); "the record shows 900
#: was rejected", "the log confirms it survived" (claims-34). The label after it
#: is the recorded one, whatever else the clause holds (a number, a dash), never the model's call.
_RECORD_SAYS = gated(
    r"(?:\b(?:the|its|his|her|their|our)\s+(?:[a-z]+\s+)?)?\b(?:chart|charts|log|logs|logbook|book|file|files|lab|ledger|register|"
    r"books|notes|card|inspection|inspector|audit|archive|paperwork|record|records|"
    # the keepers of DEV writers' hosts, and a grade or an agreement said by one (claims-40): "Survey said bulged"
    # (g25), "bench said sooty" (g27), "rack graded it deep too" (g28), "Loft agreed: recut." (g29)
    r"survey|surveyor|bench|rack|loft|panel|assessor)\s+(?:also\s+)?"
    # a perfect tense, "found", "the / this <noun>" (claims-55): "the survey had found it X", "graded this hedge as X"
    r"(?:(?:had|has|have)\s+)?"
    r"(?:says?|said|shows?|showed|reads?|has|had|lists?|listed|gives?|gave|confirms?|confirmed|grades?|graded|"
    r"found|finds|agreed:|agrees:)"
    r"(?:\s+(?:it|that|this one|she|he|they|\d{1,12}|(?:the|this|that)\s+[a-z]+))?(?:\s+(?:down\s+)?as)?"
    r"(?:\s+(?:it|that|this one|she|he|they))?"
    r"(?:\s+(?:actually|really|indeed|was|were|is|had|came out))*"
    r"\s+(?:a\s+|an\s+)?[\"'“‘*]*$"
    # a keeper's own label: "matching the survey's X", "the log's X" (claims-55)
    r"|\b(?:chart|log|logbook|ledger|register|record|records|survey|inspection|audit|lab|sheet)['’]s\s+[\"'“‘*]*$"
    # "it was logged as lost", "logged it as failed", "(but logged scrubbed)"; not "patient 12 logged as X" (claims-34)
    r"|(?<!\d)(?<!\d\s)\blogged\s+(?:(?:it|him|her|them)\s+)?(?:as\s+)?[\"'“‘*]*$",
    re.I,
)


def _after_the_call(lead: str, sentence: str, clause: str, earlier: str) -> bool:
    """Whether a label after `lead` (its clause up to it) is what happened, set against the model's call an earlier
    clause of `sentence` stated: "The model expected it to crack, yet it came out intact", "predicted intact but
    cracked", "the model calls it intact, and the log says it cracked". Checked as the recorded label, never as
    the prediction (claims-18).
    """
    if not _MODEL_CALL.search(earlier) or _MODEL_CALL.search(lead) or _ANOTHER_STATE.search(lead):
        return False
    start = sentence.find(clause)
    opened = bool(_CONTRAST_LEAD.match(clause)) or (start > 0 and bool(_CONTRAST_END.search(sentence[:start])))
    # claims-45; claims-56 (gfa49): "..., and it's wrong: the plot was X", in one clause up to its colon
    wrong = (sentence[:start] if start > 0 else "", lead[: max(lead.rfind(":"), lead.rfind(";")) + 1])
    opened = opened or any(w and cue.WRONG_END.search(w) for w in wrong)
    return opened or bool(_OTHER_SOURCE.search(lead))


def _counted(before: str, after: str = "") -> bool:
    """Whether the label after `before` is counted by the whole number that ends `before` (or, under a key, by the
    one that opens `after`).
    """
    if _COUNT_AFTER.match(after):
        return True
    m = _COUNT_BEFORE.search(before)
    return m is not None and bool(_COUNT_LEAD.search(before[: m.start()]))


@functools.lru_cache(maxsize=16)
def _asks(sentence: str) -> bool:
    """Whether `sentence` ends as a question: once per sentence, not once per clause (each a copy of the sentence)."""
    return sentence.rstrip().endswith("?")


#: A class said as what changes into another: "the prime call turns into a table one", "prime becomes table" (gfa37).
_TURNS_INTO = re.compile(
    r"\s*(?:call|prediction|verdict|label|grade|class|rating)?\s*(?:would\s+|will\s+|then\s+)?"
    r"(?:turn\w*\s+into|chang\w*\s+(?:to|into)|becom\w*|flip\w*\s+(?:over\s+)?(?:to|into)|switch\w*\s+to)\b",
    re.I,
)


class _PredictionChecks(_CheckState):
    """The label claims of a clause: a prediction, a recorded label, a verdict, a what-if's outcome."""

    # ---- labels -------------------------------------------------------------------------------
    def _labels(
        self, clause: str, whole: Facts, placed: list[tuple[int, Facts]], sentence: str = "", earlier: str = ""
    ) -> None:
        # Labels said of the subject ("applicant 14 was rejected", "rejects her"); a question states none.
        of_subject = [] if _asks(sentence) else self._said_of(clause)
        mentions = sorted(
            [*of_subject, *(m for m in _label_of(clause, self.names.labels) if not _inside(m, of_subject))],
            key=lambda m: m.start,
        )
        keyed = cue.KEYED.match(clause)
        claimed = False  # whether the label before was read as a claim
        denied = False  # whether it was denied ("not X")
        weak = False  # whether it was read only from "it is X"
        facts = whole
        for i, m in enumerate(mentions):
            facts = _facts_at(m.start, placed, whole)
            since = mentions[i - 1].end if i else 0
            before = clause[since : m.start]
            if _counted(clause[: m.start], clause[m.end :]):
                # "from 25 stable, 61 progressing to 12 stable": a label after a count names what is counted
                claimed = denied = weak = False
                continue
            if re.search(r"\bthan\s+(?:(?:to\s+)?be(?:ing)?\s+)?$", before, re.I):
                claimed = denied = weak = False  # "likelier to be called off than moved": the one compared (claims-45)
                continue
            verb = cue.PREDICTED.search(clause[max(0, m.start - 80) : m.start])
            # "**Prediction:** X", "In short: X": a label alone under a key that names the prediction.
            key = keyed.group("key") if keyed and _bare(keyed.group("value")) == m.name.lower() else None
            key = key if key is not None and cue.LABEL_KEY.match(key.strip()) else None
            # "from X to Y", "before X and after Y": a label right after a claimed one, joined by a change.
            chained = claimed and bool(cue.CHAIN.fullmatch(before))
            # "not X but Y": Y is claimed as X was denied.
            contrasted = claimed and denied and bool(_INSTEAD.fullmatch(before))
            # "Review 56 comes out negative and review 21 positive": the same claim about the next subject.
            gapped = claimed and bool(cue.GAP.fullmatch(before)) and len(placed) > 1
            changed_from = bool(cue.FROM_CHANGE.search(clause[: m.start]))
            claimed = bool(verb and cue.PREDICTED.search(before)) or bool(cue.PREDICTED_AFTER.search(clause[m.end :]))
            # "it's X now", "it is not X but Y": "it" with a cue of today's state or a contrast is the prediction.
            it_is = bool(_IT_IS.search(clause[max(0, m.start - 30) : m.start])) and bool(
                _TODAY_AFTER.match(clause[m.end :]) or _INSTEAD.match(clause[m.end :])
            )
            grouped = bool(_GROUPED_BEFORE.search(clause[max(0, m.start - 80) : m.start])) and bool(
                _GROUP_AFTER.match(clause[m.end :])
            )
            claimed = claimed or key is not None or chained or changed_from or gapped or m in of_subject or contrasted
            claimed = claimed or grouped
            # Only "it is" (or a contrast with a label only "it is" claimed) reads it: a weaker claim.
            weak = (it_is and not claimed) or (contrasted and weak and not (verb and cue.PREDICTED.search(before)))
            claimed = claimed or it_is
            # Which reading made it a claim: the mechanism its verdict is recorded under.
            how = next(
                (
                    name
                    for name, said in (
                        ("a prediction verb", bool(verb and cue.PREDICTED.search(before))),
                        ("a prediction word after it", bool(cue.PREDICTED_AFTER.search(clause[m.end :]))),
                        ("a key", key is not None),
                        ("a chain from a claimed label", chained or changed_from),
                        ("the next subject", gapped),
                        ("being said of the subject", m in of_subject),
                        ("a contrast", contrasted),
                        ("a group", grouped),
                    )
                    if said
                ),
                "it is",
            )
            recorded_key = keyed is not None and _bare(keyed.group("value")) == m.name.lower()
            recorded_key = recorded_key and bool(keyed and cue.RECORDED.search(keyed.group("key")))
            recorded_as = bool(cue.RECORDED_AS.search(clause[max(0, m.start - 60) : m.start]))
            lead = clause[max(0, m.start - 80) : m.start]
            said_before = sentence[: max(0, sentence.find(clause))] + lead  # "its call, logged as X": the call's
            record_says = bool(_RECORD_SAYS.search(lead)) and not call_logged(said_before[-80:])
            record_says = record_says or record_keyed(lead)  # "(actual: sealed ✓)" (round 38)
            if not claimed and not recorded_key and not recorded_as and not record_says:
                continue
            label = m.name
            if _CHANCE_OF.search(clause[: m.start]):
                continue  # "a 10 % chance of staying stable": the class a share is of, no prediction (claims-27)
            lead_in = clause[: m.start]
            if _AWAY.search(lead_in) or _KEPT_FROM.search(lead_in) or stands_between(lead_in):
                # "17 points from a rejection", "all that separates 120 from a progressing call" (claims-27): the
                # class it is some way from, not today's; which way the distance runs is not read
                self.report.skip(f"label {label} (a class said some way off, not compared)")
                continue
            # A negation reaches the label only within its own statement ("does not change the outcome: it
            # stays X" negates the change, not X; "isn't what makes it X" the cause, not X: claims-26).
            # nor from inside a closed aside: "(29 days, not 50) and the call becomes X" (claims-54, gfa47)
            shut = _ASIDE.sub(lambda a: " " * len(a.group(0)), clause[: m.start])
            window = re.split(r"[:;]|\s-\s|\bbut\b", cue.REASON_NOW.sub(" ", shut[-40:]))[-1]
            negated = bool(cue.NEGATION.search(_unquoted(window)))
            denied = negated
            if (
                recorded_key
                or _after_the_call(clause[: m.start], sentence, clause, earlier)
                or (
                    cue.RECORDED.search(clause[max(0, m.start - 60) : m.start])
                    and not re.search(r"\bpredict", clause[max(0, m.start - 25) : m.start], re.I)
                )
                or record_says
            ):
                if facts.recorded:
                    self.report.claim(f"recorded label {label}", label in facts.recorded, via="recorded label")
                else:
                    self.report.skip(f"recorded label {label} (no recorded label in the outputs)")
                continue
            # A condition or change an earlier clause of the sentence stated ("If bmi changed to 30, the prediction
            # ends up X") governs the labels after it, unless the clause names today's state.
            # an imperative condition may follow a lead-in ("it takes very little: nudge X up ... and it says Y")
            led = re.split(r"[:—–]", clause[: m.start])[-1]
            plain = cue.REASON_NOW.sub(" ", clause[: m.start])
            hypothetical = bool(cue.HYPOTHETICAL.search(plain) or _IMPERATIVE.match(led) or _FRONTED.match(plain))
            hypothetical = hypothetical or chained
            hypothetical = hypothetical or with_change(clause[: m.start], facts)
            hypothetical = hypothetical or (
                bool(cue.HYPOTHETICAL.search(earlier) or with_change(earlier, facts) or _FRONTED.match(earlier))
                and not cue.TODAY.search(_asides(clause, m))
            )
            hypothetical = hypothetical or bool(cue.AFTER_LABEL.match(clause[m.end :]))
            today = bool(
                re.search(
                    r"\bfrom\s+(?:being\s+(?:\w+\s+){0,2})?(?:the\s+|a\s+|an\s+)?[\"'“‘*]?$", clause[: m.start], re.I
                )
            )  # "would change from stable to ...": the label it changes from is today's
            today = today or bool(_BEFORE_ARROW.match(clause[m.end :]))  # "standard → surcharge": before the arrow
            today = today or bool(_TURNS_INTO.match(clause[m.end :]))  # "the prime call turns into a table one"
            hypothetical = hypothetical and not today
            if key is not None:
                hypothetical = bool(cue.HYPOTHETICAL.search(key) or with_change(key, facts)) and not cue.BEFORE.search(
                    key
                )
            # "with 'bad' in its place the model says X", "Single change: score 588. Outcome: X" (claims-31)
            if not today and (facts.hypothetical or facts.what_if) and not (key is not None and cue.BEFORE.search(key)):
                hypothetical = hypothetical or outcome_said(clause[: m.start], earlier, self._before(sentence), facts)
            # "would still be X" is today's label; "would be X if ...", "could be X" a what-if.
            conditional = not cue.STAY.search(clause[: m.start]) and (
                m in of_subject or bool(cue.CONDITION.search(sentence)) or bool(cue.MODAL.search(clause[: m.start]))
            )
            if hypothetical and conditional and not (facts.what_if or facts.hypothetical or facts.still):
                # "she would be rejected if ...", "it could approve her": a what-if no output computed.
                self.report.skip(f"outcome {label} (no output computes this hypothetical)")
                continue
            if hypothetical and (facts.what_if or facts.hypothetical):
                allowed = {new for _, new in facts.what_if} | facts.hypothetical
                unchanged = bool(_OTHERWISE.search(clause[: m.start]))  # "otherwise it stays X": today's state
                if unchanged:
                    allowed = set(facts.predicted)
                elif not chained and (
                    cue.NOW.search(_own_part(_asides(clause, m), m)) or (cue.STAY.search(clause) and facts.still)
                ):
                    allowed |= facts.predicted
            elif hypothetical:
                allowed = set(facts.predicted)
            else:
                allowed = facts.predicted or {old for old, _ in facts.what_if if old is not None}
            if weak and not hypothetical:
                # "so it is not X but Y" after a what-if: today's label or the one after the change.
                allowed = set(allowed) | {new for _, new in facts.what_if if new is not None}
            kind = "outcome" if hypothetical else "prediction"
            if not allowed:
                if negated and self.facts:
                    self.report.skip(f"{kind} not {label} (the outputs state no prediction)")
                elif not self.facts:
                    self.report.claim(f"{kind} {label}", False, via=f"label by {how}")
                elif self.structured:
                    self.report.skip(f"{kind} {label} (the outputs state no prediction)")
                else:
                    said = self.output_text.lower() + (" " + " ".join(self.context_words) if hypothetical else "")
                    self.report.claim(f"{kind} {label}", label.lower() in said, via=f"label by {how}")
                continue
            if negated:
                self.report.claim(
                    f"{kind} not {label}", label not in allowed or len(allowed) > 1, via=f"label by {how}"
                )
            elif label not in allowed and kind == "prediction" and self.goal and label in goals(facts):
                self.report.skip(f"prediction {label} (after a sentence that sets it as a goal: today's or the goal's)")
            else:
                self.report.claim(f"{kind} {label}", label in allowed, via=f"label by {how}")
        for right in (
            marked_verdicts(clause, self.names.labels) if whole.correct is not None and len(self.ids) <= 1 else ()
        ):
            said = f"prediction {'correct' if right else 'wrong'} (a mark after the class)"  # "soured ✗" (claims-37)
            self.report.claim(said, whole.correct == right, via="prediction correct")
        if facts.correct is not None and cue.VERDICT.search(clause):
            # a class name is no verdict word: "missed_target" names a class, not a miss
            said = _without_labels(clause, self.names.labels)
            wrong = bool(cue.WRONG.search(said))
            right = bool(cue.CORRECT.search(said)) and not cue.NEGATION.search(said)
            if wrong != right:
                self.report.claim(
                    "prediction " + ("wrong" if wrong else "correct"), facts.correct == right, via="prediction correct"
                )

    def _before(self, sentence: str) -> str:
        """The reply's text before `sentence` (its first occurrence)."""
        at = self.reply.find(sentence) if sentence else -1
        return self.reply[:at] if at > 0 else ""

    def _said_of(self, clause: str) -> list[Mention]:
        """Labels said of a subject without a word of predicting: "applicant 14 was rejected", "she is
        approved", and a label as a verb with the subject as its object ("rejected applicant 14", "approves her").
        """
        found = []
        for m in _label_of(clause, self.names.labels):
            if cue.subject_copula(self.vocab.instance_noun).search(clause[max(0, m.start - 80) : m.start]):
                found.append(m)
        for label in self.names.labels:
            for match in cue.label_verb(label, self.vocab.instance_noun).finditer(clause):
                found.append(Mention(label, match.start("verb"), match.end("verb"), False))
        return sorted(found, key=lambda m: m.start)

    # ---- what-if outcomes ---------------------------------------------------------------------
    def _outcome(self, clause: str, facts: Facts) -> None:
        if not facts.what_if and not facts.still:
            return
        stay, flip = cue.STAY.search(clause), cue.FLIP.search(clause)
        if stay and flip and stay.start() <= flip.start() and flip.end() <= stay.end():
            flip = None  # "it doesn't flip": the flip is negated inside the stay cue
        if stay and flip:
            # "the change to X: the prediction stays Y": the cue right before the label is the claim.
            labels = _label_of(clause, self.names.labels)
            first = next((m.start for m in labels if m.start > min(stay.end(), flip.end())), None)
            if first is not None:
                nearer = max((c for c in (stay, flip) if c.end() <= first), key=lambda c: c.end(), default=None)
                stay, flip = (stay, None) if nearer is stay else (None, flip)
        if facts.what_if and any(old is not None for old, _ in facts.what_if):
            known = [(old, new) for old, new in facts.what_if if old is not None]
            if flip and not stay:
                window = _unquoted(clause[max(0, flip.start() - 25) : flip.start()])
                negated = (
                    cue.NEGATION.search(window)
                    or re.search(r"\bno\s+$", clause[max(0, flip.start() - 5) : flip.start()], re.I)
                    or cue.INSUFFICIENT.search(clause[max(0, flip.start() - 40) : flip.start()])
                )
                self.report.claim(
                    "outcome " + ("unchanged" if negated else "changes"),
                    any((old == new) == bool(negated) for old, new in known),
                    via="outcome flip or stay",
                )
            elif stay and not flip and re.search(r"\b(predict\w*|prediction|outcome|label|it|model)\b", clause, re.I):
                self.report.claim(
                    "outcome unchanged", any(old == new for old, new in known), via="outcome flip or stay"
                )
        if stay:
            rest = clause[stay.end() :]
            expected = {new for _, new in facts.what_if} if facts.what_if else facts.predicted
            since = 0
            for m in _label_of(rest, self.names.labels):
                if _CHANCE_OF.search(rest[: m.start]):
                    continue  # "still 75 % against 25 % for table": the class a share is given to (gfa37)
                # "it stays not X but Y": a label the reply denies is not where the prediction stays.
                window = re.split(r"[:;]|\bbut\b", rest[since : m.start])[-1]
                if cue.NEGATION.search(_unquoted(window)):
                    self.report.claim(
                        f"outcome stays not {m.name}",
                        m.name not in expected or len(expected) > 1,
                        via="outcome stays label",
                    )
                    since = m.end
                    continue
                self.report.claim(f"outcome stays {m.name}", m.name in expected, via="outcome stays label")
                break


_IT_IS = gated(
    r"\b(?:it|she|he|this one|the review|the result)(?:'s|\s+is|\s+was|\s+would be|\s+remains)\s+"
    r"(?:still\s+)?(?:not\s+)?$",
    re.I,
)
_TODAY_AFTER = re.compile(r"\s+(?:now|currently|today|at the moment|as (?:it stands|written|things stand))\b", re.I)
_INSTEAD = re.compile(r"\s*,?\s*but\s+(?:rather\s+|instead\s+)?(?:as\s+)?", re.I)


def _asides(clause: str, m: Mention) -> str:
    """`clause` without the closed parentheticals that do not hold the label `m` ("(it is 23.7 now)" says nothing
    of the prediction's state; "(currently approved)" does).
    """
    return re.sub(r"\([^()]*\)", lambda p: p.group(0) if p.start() <= m.start < p.end() else " ", clause)


def _own_part(clause: str, m: Mention) -> str:
    """The part of `clause` from the last "and" before the label `m`: a table row ("prediction and now stable and
    needed progressing") names each column's state in its own part.
    """
    cut = [a.end() for a in re.finditer(r"\sand\s", clause[: m.start])]
    return clause[cut[-1] :] if cut else clause


def _inside(m: Mention, among: list[Mention]) -> bool:
    return any(o.start <= m.start and m.end <= o.end for o in among)


def _bare(value: str) -> str:
    return value.strip().strip("\"'“”‘’*_`").strip().lower()


def _unquoted(text: str) -> str:
    """`text` without its quoted spans (a quoted 'not' is a word of the text, not a negation)."""
    return re.sub(r"[\"“'‘][^\"”'’]*[\"”'’]", " ", text)


def _without_labels(clause: str, labels: Sequence[str]) -> str:
    """`clause` with every class name the guard reads there (`find_mentions`) blanked out."""
    for m in reversed(find_mentions(clause, [*labels, *(f"{x}es" if x.endswith("s") else f"{x}s" for x in labels)])):
        clause = clause[: m.start] + " " + clause[m.end :]
    return clause
