"""Checking each claim of a reply against the output field it names."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pydantic

from simxai.guard import _cues as cue
from simxai.guard._causes import invented_names
from simxai.guard._facts import NUMBER, Facts, read_outputs
from simxai.guard._reading import (
    Mention,
    NumberClaim,
    clauses,
    find_mentions,
    fits,
    normalise,
    numbers,
    prose_tables,
    quotes,
    segments,
    sentences,
    subject_ids,
    subject_spans,
)
from simxai.guard._statements import edit_claims, unstated_claims
from simxai.textbounds import bounded_text

__all__ = ["GuardReport", "Vocabulary", "check_claims"]

#: The longest reply the guard reads; a longer one is checked on its first 64 KB.
GUARD_CHARS = 65_536
#: The numbers of one reply the guard checks; any beyond are reported as not checked.
MAX_NUMBERS = 300
#: The longest clause the guard reads claim by claim; a longer one is reported as not checked.
MAX_CLAUSE = 2_000

SMALL_INTEGER = 10
_IDENTIFIER = re.compile(r"(?<![\w.])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w])")
_EQUALS = re.compile(r"(?<![\w.])([A-Za-z][\w-]*)\s*=\s*-?\d")
_CAUSAL = re.compile(r"^\s*(?:because|since|as|given|due to|thanks to|owing to)\b", re.I)
_PRONOUN = re.compile(r"^\s*(?:it|this|that|which|and|its|this feature|that feature|\w+ing)\b", re.I)
_GENERIC = {"value", "values", "score", "output", "probability", "p", "n", "x", "k", "it", "base", "threshold"}


class Vocabulary(pydantic.BaseModel):
    """The host's labels and feature names (with aliases), which the guard reads claims about."""

    labels: list[str] = []
    features: list[str] = []
    aliases: dict[str, list[str]] = {}
    instance_noun: str = "instance"
    #: The callable functions' names, which a reply may name without claiming a feature.
    functions: list[str] = []


class GuardReport(pydantic.BaseModel):
    """What the guard checked in a reply, what the outputs do not support, and what it could not check."""

    claims: list[str] = []
    unsupported: list[str] = []
    unchecked: list[str] = []
    passed: bool = True
    regenerated: bool = False
    fallback_used: bool = False


@dataclass
class _Names:
    """The names a reply's claims can be about, and how each is spelled."""

    labels: list[str]
    features: dict[str, str]  # spelling (as mentioned) -> canonical feature, lower case
    quoted_only: set[str]
    metrics: dict[str, str]  # spelling -> metric

    def feature(self, mention: Mention) -> str:
        return self.features[mention.name]


@dataclass
class _Report:
    claims: list[str] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)

    def claim(self, text: str, ok: bool) -> None:
        self.claims.append(text)
        if not ok and text not in self.unsupported:
            self.unsupported.append(text)

    def skip(self, text: str) -> None:
        if text not in self.unchecked:
            self.unchecked.append(text)


def _names(vocab: Vocabulary, facts: Facts) -> _Names:
    features: dict[str, str] = {}
    for name in vocab.features:
        features[name] = name.lower()
        for alias in vocab.aliases.get(name, []):
            if len(alias) > 2 and alias.lower() not in (lab.lower() for lab in vocab.labels):
                features.setdefault(alias, name.lower())
    known = {f.lower() for f in vocab.features}
    quoted_only = set()
    for name in facts.features:
        if name not in known and name not in features:
            features[name] = name
            quoted_only.add(name)
    metrics = {spelling: metric for metric, spellings in cue.METRIC_NAMES.items() for spelling in spellings}
    return _Names(list(vocab.labels), features, quoted_only, metrics)


def _label_of(text: str, labels: Sequence[str]) -> list[Mention]:
    return find_mentions(text, labels)


#: Between the two numbers of a pair of class probabilities ("55.4 % to 44.6 %", "78.6 % vs 21.4 %").
_OTHERWISE = re.compile(
    r"\b(?:otherwise|short of (?:that|this|it)|without (?:that|this|it|the|these|such) ?(?:change|edit)?s?|until then|"
    r"as (?:it is|things stand))\b",
    re.I,
)
_AT_LABEL = re.compile(r"\s*(?:at|with|:|=|\(|is at)\s*(?:about|around|roughly|~|≈)?\s*", re.I)
_TOWARDS = re.compile(r"\b(?:towards?|away from|against|for|of|on)\s*$", re.I)
_FROM_TO = re.compile(r"\bfrom\s+(?:about\s+|around\s+)?-?\d+(?:\.\d+)?\s*%?\s*(?:to|→|->)\s*$", re.I)
_FOR_LABEL = re.compile(r"\s*(?:for|of)\s+(?:the\s+)?", re.I)
_PAIR = re.compile(r"\s*%?\s*(?:to|vs\.?|versus|against|over|/)\s*", re.IGNORECASE)


class _Checker:
    def __init__(self, reply: str, facts: list[Facts], vocab: Vocabulary, context: str) -> None:
        self.reply = normalise(prose_tables(reply))
        self.facts = facts
        self.vocab = vocab
        self.all = Facts()
        for f in facts:
            self.all = self.all.merge(f)
        self.names = _names(vocab, self.all)
        self.context_numbers = {float(m.group(1)) for m in NUMBER.finditer(normalise(context))}
        self.context_words = set(re.findall(r"\w+", context.lower()))
        self.context = normalise(context)
        self.output_text = "\n".join(self.all.texts)
        self.structured = any(f.structured for f in facts)
        self.ids = {f.subject_id for f in facts if f.subject_id is not None}
        self.report = _Report()
        self.numbers_seen = 0
        self.paired = -1

    # ---- binding ------------------------------------------------------------------------------
    def _bound(self, ids: list[int]) -> Facts:
        chosen = [f for f in self.facts if f.subject_id is None or f.subject_id in ids] if ids else self.facts
        out = Facts()
        for f in chosen:
            out = out.merge(f)
        return out

    def run(self) -> GuardReport:
        self._names_exist()
        self._edits()
        carried: list[int] = []
        carried_feature = ""
        listed: list[str] = []  # the features of the sentences just before (a list's items), as spelled
        for sentence in sentences(self.reply):
            self._unstated(sentence)
            named = find_mentions(sentence, self.names.features, quoted_only=self.names.quoted_only)
            cause = ""  # "Because hdl is high, the model leans towards X": the direction is hdl's
            said_label = ""  # the label an earlier clause of the sentence named ("... gets her approved; x also helps")
            for clause in clauses(sentence):
                if len(clause) > MAX_CLAUSE:
                    # No sentence of a reply runs this long without a break; reading it claim by claim would
                    # take time quadratic in its length.
                    self.report.skip(f"a clause of {len(clause):,} characters")
                    continue
                ids = subject_ids(clause, [self.vocab.instance_noun])
                for i in ids:
                    if self.ids and i not in self.ids:
                        self.report.claim(f"subject {i}", False)
                ids = [i for i in ids if i in self.ids] or carried
                carried = ids
                facts = self._bound(ids)
                if _PRONOUN.match(clause) and not find_mentions(
                    clause, self.names.features, quoted_only=self.names.quoted_only
                ):
                    clause = f"{carried_feature} {clause}" if carried_feature else clause
                elif listed and cue.PLURAL.match(clause) and not named:
                    clause = f"{' and '.join(listed)} {clause}"  # "All three push towards X": the listed ones
                found = find_mentions(clause, self.names.features, quoted_only=self.names.quoted_only)
                if found:
                    last = found[-1]
                    quoted = 1 if last.quoted else 0
                    carried_feature = clause[last.start - quoted : last.end + quoted]
                if found and _CAUSAL.match(clause):
                    cause = " and ".join(clause[m.start - m.quoted : m.end + m.quoted] for m in found)
                # "Patient 12 is stable and patient 40 progressing": each part is about the subject it names.
                spans = [(i, at) for i, at in subject_spans(clause, [self.vocab.instance_noun]) if i in self.ids]
                placed = [(at, self._bound([i])) for i, at in spans] if len({i for i, _ in spans}) > 1 else []
                self._labels(clause, facts, placed, sentence)
                self._numbers(clause, sentence, facts, placed)
                self._directions(f"{cause} {clause}" if cause and not found else clause, facts, said_label)
                said_label = next((m.name for m in reversed(_label_of(clause, self.names.labels))), said_label)
                self._ranks(clause, sentence, facts)
                self._outcome(clause, facts)
                self._changes(clause, facts)
            spelled = [sentence[m.start - m.quoted : m.end + m.quoted] for m in named]
            listed = [*listed, *spelled] if spelled else []
        r = self.report
        return GuardReport(claims=r.claims, unsupported=r.unsupported, unchecked=r.unchecked, passed=not r.unsupported)

    # ---- names --------------------------------------------------------------------------------
    def _names_exist(self) -> None:
        """Every label and feature named must be one the outputs talk about; invented names are not."""
        for m in find_mentions(self.reply, self.names.labels):
            # A class name is also an ordinary word ("a negative phrase"); what is said about it is checked.
            self.report.skip(f"label {m.name} (mentioned; only what is said about it is checked)")
        known = self.all.features | find_mentions_names(self.output_text, self.names.features)
        known |= find_mentions_names(self.context, self.names.features)  # the user's own words
        for m in find_mentions(self.reply, self.names.features, quoted_only=self.names.quoted_only):
            feature = self.names.feature(m)
            self.report.claim(f"feature {feature}", feature in known)
        vocab = {n.lower() for n in self.names.features} | {lab.lower() for lab in self.names.labels}
        vocab |= {f.lower() for f in self.vocab.functions}
        for match in _IDENTIFIER.finditer(self.reply):
            word = match.group(1)
            if word not in vocab and word not in self.output_text.lower() and word not in self.context_words:
                self.report.claim(f"feature {word}", False)
        for match in _EQUALS.finditer(self.reply):
            word = match.group(1).lower()
            if word in _GENERIC or word in vocab or word in self.output_text.lower():
                continue
            self.report.claim(f"feature {word}", False)
        words = set(re.findall(r"\w+", self.output_text.lower())) | self.context_words
        metrics = {w for m in self.names.metrics for w in re.findall(r"[a-z]+", m.lower())}
        self._causes(words | vocab | metrics | {a.lower() for names in self.vocab.aliases.values() for a in names})
        for quoted in quotes(self.reply):
            tokens = re.findall(r"\w+", re.sub(r"\([^)]*\)", " ", quoted).lower())
            if tokens and self.structured and not set(tokens) <= words:
                self.report.claim(f"quote '{quoted}'", False)

    def _causes(self, known: set[str]) -> None:
        """Names said to drive or be changed that no output holds, other labels in a list of labels, and a
        wrong number of labels (`_causes.invented_names`).
        """
        if self.structured and self.names.features:
            for text, ok in invented_names(self.reply, known, self.names.labels):
                self.report.claim(text, ok)

    # ---- statements of the reply as a whole ---------------------------------------------------
    def _edits(self) -> None:
        for text, ok in edit_claims(self.reply, self.all.rewrites, self.context):
            self.report.claim(text, ok)

    def _unstated(self, sentence: str) -> None:
        for text, ok in unstated_claims(sentence, counted=self.all.counted, assessed=self.all.assessed):
            if ok is None:
                self.report.skip(text)
            else:
                self.report.claim(text, ok)

    # ---- labels -------------------------------------------------------------------------------
    def _labels(self, clause: str, whole: Facts, placed: list[tuple[int, Facts]], sentence: str = "") -> None:
        # Labels said of the subject ("applicant 14 was rejected", "rejects her"); a question states none.
        of_subject = [] if sentence.rstrip().endswith("?") else self._said_of(clause)
        mentions = sorted(
            [*of_subject, *(m for m in _label_of(clause, self.names.labels) if not _inside(m, of_subject))],
            key=lambda m: m.start,
        )
        keyed = cue.KEYED.match(clause)
        claimed = False  # whether the label before was read as a claim
        facts = whole
        for i, m in enumerate(mentions):
            facts = _facts_at(m.start, placed, whole)
            since = mentions[i - 1].end if i else 0
            before = clause[since : m.start]
            verb = cue.PREDICTED.search(clause[max(0, m.start - 80) : m.start])
            # "**Prediction:** X", "In short: X": a label alone under a key that names the prediction.
            key = keyed.group("key") if keyed and _bare(keyed.group("value")) == m.name.lower() else None
            key = key if key is not None and cue.LABEL_KEY.match(key.strip()) else None
            # "from X to Y", "before X and after Y": a label right after a claimed one, joined by a change.
            chained = claimed and bool(cue.CHAIN.fullmatch(before))
            # "Review 56 comes out negative and review 21 positive": the same claim about the next subject.
            gapped = claimed and bool(cue.GAP.fullmatch(before)) and len(placed) > 1
            changed_from = bool(cue.FROM_CHANGE.search(clause[: m.start]))
            claimed = bool(verb and cue.PREDICTED.search(before)) or bool(cue.PREDICTED_AFTER.search(clause[m.end :]))
            claimed = claimed or key is not None or chained or changed_from or gapped or m in of_subject
            if not claimed:
                continue
            label = m.name
            negated = bool(cue.NEGATION.search(_unquoted(clause[max(0, m.start - 40) : m.start])))
            if cue.RECORDED.search(clause[max(0, m.start - 60) : m.start]) and not re.search(
                r"\bpredict", clause[max(0, m.start - 25) : m.start], re.I
            ):
                if facts.recorded:
                    self.report.claim(f"recorded label {label}", label in facts.recorded)
                else:
                    self.report.skip(f"recorded label {label} (no recorded label in the outputs)")
                continue
            hypothetical = bool(cue.HYPOTHETICAL.search(clause[: m.start])) or chained
            if re.search(r"\bfrom\s+(?:the\s+|a\s+|an\s+)?[\"'“‘*]?$", clause[: m.start], re.I):
                hypothetical = False  # "would change from stable to ...": the label it changes from is today's
            if key is not None:
                hypothetical = bool(cue.HYPOTHETICAL.search(key)) and not cue.BEFORE.search(key)
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
                elif not chained and (cue.NOW.search(clause) or (cue.STAY.search(clause) and facts.still)):
                    allowed |= facts.predicted
            elif hypothetical:
                allowed = set(facts.predicted)
            else:
                allowed = facts.predicted or {old for old, _ in facts.what_if if old is not None}
            kind = "outcome" if hypothetical else "prediction"
            if not allowed:
                if negated and self.facts:
                    self.report.skip(f"{kind} not {label} (the outputs state no prediction)")
                elif not self.facts:
                    self.report.claim(f"{kind} {label}", False)
                elif self.structured:
                    self.report.skip(f"{kind} {label} (the outputs state no prediction)")
                else:
                    said = self.output_text.lower() + (" " + " ".join(self.context_words) if hypothetical else "")
                    self.report.claim(f"{kind} {label}", label.lower() in said)
                continue
            if negated:
                self.report.claim(f"{kind} not {label}", label not in allowed or len(allowed) > 1)
            else:
                self.report.claim(f"{kind} {label}", label in allowed)
        if facts.correct is not None and cue.VERDICT.search(clause):
            wrong = bool(cue.WRONG.search(clause))
            right = bool(cue.CORRECT.search(clause)) and not cue.NEGATION.search(clause)
            if wrong != right:
                self.report.claim("prediction " + ("wrong" if wrong else "correct"), facts.correct == right)

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

    # ---- numbers ------------------------------------------------------------------------------
    def _entities(
        self, text: str, claim: NumberClaim | None, offset: int, inside: bool = False
    ) -> list[tuple[str, str, int]]:
        """(kind, name, position) of the names in `text` a number there may be bound to."""
        found = []
        if claim is None or not claim.percent:
            for m in find_mentions(text, self.names.features, quoted_only=self.names.quoted_only):
                found.append(("feature", self.names.feature(m), offset + m.start))
        for m in find_mentions(text, list(self.names.metrics)):
            found.append(("metric", self.names.metrics[m.name], offset + m.start))
        if claim is not None:
            probability = claim.percent or bool(cue.PROBABILITY.search(text))
            counted = claim.decimals == 0 and bool(cue.COUNT.search(text))
            for m in find_mentions(text, self.names.labels):
                # An integer beside a label ("221 stable", "stable: 221") counts it.
                gap = text[min(m.end, claim.end) : max(m.start, claim.start)] if inside else "?"
                beside = claim.decimals == 0 and claim.high is None and len(gap.strip(" :=(),")) == 0 and len(gap) <= 4
                if probability or counted or beside:
                    found.append(("label", m.name, offset + m.start))
        return found

    def _tied(self, facts: Facts, kind: str, name: str, phase: str = "") -> set[float]:
        """The numbers of a field; a label's before or after a change when `phase` says which and the
        outputs tell them apart.
        """
        if kind == "feature":
            return facts.feature_numbers.get(name, set())
        if kind == "metric":
            return {facts.metrics[name]} if name in facts.metrics else set()
        phased = {"before": facts.before_numbers, "after": facts.after_numbers}.get(phase, {})
        return phased.get(name) or facts.label_numbers.get(name, set())

    def _numbers(self, clause: str, sentence: str, facts: Facts, placed: list[tuple[int, Facts]]) -> None:
        pos = 0
        whole = facts
        self.paired = -1  # where the number before ends, when this one is its pair ("55.4 % to 44.6 %")
        for segment in segments(clause):
            offset = clause.find(segment, pos)
            pos = offset + len(segment)
            facts = _facts_at(offset, placed, whole)
            for claim in numbers(segment):
                # Each number is read against its clause: a reply of thousands of numbers would take quadratic
                # time. No real reply states this many; the rest are listed as not checked.
                self.numbers_seen += 1
                if self.numbers_seen > MAX_NUMBERS:
                    self.report.skip(f"numbers after the first {MAX_NUMBERS}")
                    return
                self._number(claim, segment, clause, sentence, offset, facts)
                self.paired = offset + claim.end

    def _number(self, claim: NumberClaim, segment: str, clause: str, sentence: str, offset: int, facts: Facts) -> None:
        high = f"-{claim.high.raw}" if claim.high is not None else ""
        text = f"number {claim.raw}{high}{'%' if claim.percent else ''}"
        phase = cue.phase(sentence[: max(0, sentence.find(clause)) + offset + claim.start][-300:])
        if fits(claim, self.context_numbers):
            self.report.skip(f"{text} (the user's own)")
            return
        if (
            facts.amounts
            and fits(claim, facts.amounts)
            and self._amount(clause, offset + claim.start, offset + claim.end)
        ):
            # "10 % lower", "by 0.43", "up 9.1 points": the size of a change, not a value or a probability.
            self.report.claim(f"{text} (a change's amount)", True)
            return
        entities = self._entities(segment, claim, offset, inside=True)
        probability = claim.percent or bool(cue.PROBABILITY.search(segment))
        lead = segment[: claim.start]
        said = find_mentions(lead, self.names.labels) if 0 <= claim.value <= 1 and claim.decimals else []
        if said and _AT_LABEL.fullmatch(lead[said[-1].end :]) and not _TOWARDS.search(lead[: said[-1].start]):
            # "progressing at 0.52", "rejected (0.51)": a fraction right after a label is its probability.
            probability = True
            entities = [("label", said[-1].name, offset + said[-1].start)]
        fraction = 0 <= claim.value <= 1 and claim.decimals > 0 and claim.high is None
        if not entities and (probability or fraction):
            # "(21%) of progressing", "a 21% chance of progressing", "leaves 0.21 for progressing": the label
            # the number is of (a fraction only right before "for" or "of").
            after = clause[offset + claim.end :]
            of = cue.OF_LABEL.match(after) if probability else _FOR_LABEL.match(after)
            ahead = find_mentions(after[of.end() : of.end() + 60], self.names.labels) if of else []
            if of and ahead and ahead[0].start == 0:
                entities = [("label", ahead[0].name, offset + claim.end + of.end())]
        if not entities:
            # The nearest name before it in the clause, or else the sentence (a value in brackets after its
            # feature; "X is the biggest factor, with a contribution of 0.3").
            before = clause[:offset]
            start = sentence.find(clause)
            if start > 0:
                before = sentence[:start] + " " + before
            earlier = [e for e in self._entities(before, claim, 0) if e[0] != "label" or probability]
            entities = earlier[-1:]
            gap = clause[self.paired : offset + claim.start] if self.paired >= 0 else ""
            moved = bool(_FROM_TO.search(clause[: offset + claim.start]))  # "goes from 21.4 % to 51.8 %"
            if (
                entities
                and entities[0][0] == "label"
                and len(self.names.labels) == 2
                and _PAIR.fullmatch(gap)
                and not moved
            ):
                # "stable is ahead, 55.4 % to 44.6 %": the second of a pair is the other class's.
                entities = [("label", next(x for x in self.names.labels if x != entities[0][1]), 0)]
        if not entities and probability and facts.label_numbers:
            # "it is 90.6% confident": the probability of the label the clause is about.
            hypothetical = bool(cue.HYPOTHETICAL.search(sentence))
            about = ({new for _, new in facts.what_if} or facts.hypothetical) if hypothetical else set()
            about = about or facts.predicted
            entities = [("label", label, 0) for label in about if label in facts.label_numbers]
        # Metrics and labels have no output values outside their own outputs; unmatched entities fall through.
        entities = [e for e in entities if self._tied(facts, e[0], e[1]) or e[0] != "metric" or facts.metrics]
        small = not claim.percent and claim.decimals == 0 and 0 <= claim.value <= SMALL_INTEGER and not high
        if small and not any(self._tied(facts, kind, name) for kind, name, _ in entities):
            self.report.skip(f"{text} (a small integer: a count or an enumeration)")
            return
        if entities:
            tied: set[float] = set()
            for kind, name, _ in entities:
                tied |= self._tied(facts, kind, name, phase)
            names = ", ".join(sorted({n for _, n, _ in entities}))
            # A range of a probability or a metric is an approximate value; of a feature, its two ends.
            within = all(kind != "feature" for kind, _, _ in entities)
            if tied and fits(claim, tied, within=within):
                self.report.claim(f"{text} ({names})", True)
                return
            labels = {name for kind, name, _ in entities if kind == "label"}
            if tied or any(k == "metric" for k, _, _ in entities) or len(labels) == len(entities):
                # It states another field's number (another class's probability), or none: only a number no
                # field names may pass.
                owned = facts.numbers - facts.free_numbers
                owned |= set(facts.metrics.values()) | {n for ns in facts.label_numbers.values() for n in ns}
                free = not fits(claim, owned) and fits(claim, facts.free_numbers)
                self.report.claim(f"{text} ({names})", free or (not tied and not fits(claim, owned) and not labels))
                return
        supported = fits(claim, facts.numbers | self.all.numbers if not self.ids else facts.numbers)
        if not supported and self.all.truncated:
            self.report.skip(f"{text} (an output is cut off; it may hold this number)")
            return
        self.report.claim(text, supported)

    @staticmethod
    def _amount(clause: str, start: int, end: int) -> bool:
        """Whether the number at `start:end` of the clause is said as an amount of change."""
        return bool(cue.AMOUNT_BEFORE.search(clause[max(0, start - 40) : start])) or bool(
            cue.AMOUNT_AFTER.match(clause[end : end + 40])
        )

    # ---- directions ---------------------------------------------------------------------------
    def _directions(self, clause: str, facts: Facts, said_label: str = "") -> None:
        if not facts.attributions:
            return
        up, down = cue.UP.search(clause), cue.DOWN.search(clause)
        if bool(up) == bool(down):
            return
        verb = up or down
        assert verb is not None
        contributions = {f.lower(): (label, c) for f, label, c in facts.attributions}
        mentions = [
            m for m in find_mentions(clause, self.names.features, quoted_only=self.names.quoted_only)
            if self.names.feature(m) in contributions
        ]  # fmt: skip
        if "than" in clause.lower():
            mentions = mentions[:1]
        if not mentions:
            return
        labels = _label_of(clause[verb.start() :], self.names.labels)
        explained = contributions[self.names.feature(mentions[0])][0]
        if labels:
            named = labels[0].name
        elif cue.THE_PREDICTION.search(clause[verb.start() :]) and facts.predicted:
            named = next(iter(facts.predicted)) if len(facts.predicted) == 1 else explained
        elif said_label in facts.predicted:
            named = said_label  # "X is what gets her approved; Y also helps": helps the prediction just named
        else:
            for m in mentions:
                self.report.skip(f"direction {self.names.feature(m)} (no label named)")
            return
        sign = 1 if up else -1
        if cue.NEGATION.search(clause[max(0, verb.start() - 30) : verb.start()]):
            sign = -sign
        if named != explained:
            if len(self.names.labels) != 2:
                self.report.skip(f"direction towards {named} (explained label is {explained})")
                return
            sign = -sign  # "towards stable" is "away from progressing"
        for m in mentions:
            feature = self.names.feature(m)
            _, contribution = contributions[feature]
            claim = f"direction {feature} {'towards' if (sign > 0) == (named == explained) else 'away from'} {named}"
            self.report.claim(claim, contribution == 0 or (contribution > 0) == (sign > 0))

    # ---- ranks --------------------------------------------------------------------------------
    def _ranks(self, clause: str, sentence: str, facts: Facts) -> None:
        rankings = [r for r in (facts.local_ranking, facts.global_ranking) if r]
        if not rankings:
            return
        mentions = find_mentions(clause, self.names.features, quoted_only=self.names.quoted_only)
        features = [self.names.feature(m) for m in mentions]
        if not features:
            return

        def rank(feature: str, ranking: list[list[str]]) -> int | None:
            return next((i + 1 for i, group in enumerate(ranking) if feature in group), None)

        def check(text: str, ok: Any) -> None:
            self.report.claim(text, any(ok(r) for r in rankings))

        if cue.NOT_AS_MUCH.search(clause):
            # "A and B matter, but neither as much as C": C ranks above each feature the sentence names before.
            not_as = cue.NOT_AS_MUCH.search(sentence)
            named = find_mentions(sentence, self.names.features, quoted_only=self.names.quoted_only)
            if not_as is not None:
                above = [self.names.feature(m) for m in named if m.start >= not_as.end()]
                below = [self.names.feature(m) for m in named if m.start < not_as.start()]
                for b in below[:3] if above else []:

                    def beats(r: list[list[str]], a: str = above[0], b: str = b) -> bool:
                        ra, rb = rank(a, r), rank(b, r)
                        return ra is not None and rb is not None and ra < rb

                    check(f"rank {above[0]} above {b}", beats)
                if above and below:
                    return
        numbered = cue.RANK_NUMBER.search(clause)
        if numbered and len(set(features)) == 1:
            k = int(numbered.group(1) or numbered.group(2))
            check(f"rank {features[0]} = {k}", lambda r: rank(features[0], r) == k)
            return
        comparative = cue.COMPARATIVE.search(clause)
        if comparative and len(features) >= 2:
            a, b = features[0], features[1]
            word = comparative.group(1) or comparative.group(2)
            more = word is None or word.lower() == "more"
            if mentions[0].start > comparative.start() and word:
                return

            def order(r: list[list[str]]) -> bool:
                ra, rb = rank(a, r), rank(b, r)
                return ra is not None and rb is not None and ((ra < rb) if more else (ra > rb))

            check(f"rank {a} {'above' if more else 'below'} {b}", order)
            return
        among = cue.RANK_AMONG.search(clause)
        top = cue.TOP_N.search(sentence)
        ordinal = cue.RANK_ORDINAL.search(clause)
        if among or (top and re.search(r"\b(are|were|include|:)", sentence[top.end() : top.end() + 40])):
            word = (among.group(1) if among else top.group(1) if top else None) or "three"
            n = cue.NUMBER_WORDS.get(word.lower()) or (int(word) if word.isdigit() else 3)
            targets = features if not among else features[:1]
            for f in targets:
                check(f"rank {f} in top {n}", lambda r, f=f: (rank(f, r) or 99) <= n)
        elif ordinal and re.search(r"important|influential|place|rank|most|biggest|strongest|largest", clause, re.I):
            k = cue.ORDINALS[ordinal.group(1).lower()]
            check(f"rank {features[0]} = {k}", lambda r: rank(features[0], r) == k)
        elif cue.RANK_LAST.search(clause):
            check(f"rank {features[0]} last", lambda r: rank(features[0], r) == len(r))
        elif cue.RANK_FIRST.search(clause) and not cue.NEGATION.search(clause):
            if len(features) > 1 and not re.search(r"\band\b", clause):
                features = features[:1]
            for f in features[:1]:
                check(f"rank {f} = 1", lambda r, f=f: rank(f, r) == 1)

    # ---- what-if outcomes ---------------------------------------------------------------------
    def _outcome(self, clause: str, facts: Facts) -> None:
        if not facts.what_if and not facts.still:
            return
        stay, flip = cue.STAY.search(clause), cue.FLIP.search(clause)
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
                negated = cue.NEGATION.search(clause[max(0, flip.start() - 25) : flip.start()])
                self.report.claim(
                    "outcome " + ("unchanged" if negated else "changes"),
                    any((old == new) == bool(negated) for old, new in known),
                )
            elif stay and not flip and re.search(r"\b(predict\w*|prediction|outcome|label|it|model)\b", clause, re.I):
                self.report.claim("outcome unchanged", any(old == new for old, new in known))
        if stay:
            after = _label_of(clause[stay.start() :], self.names.labels)
            if after:
                expected = {new for _, new in facts.what_if} if facts.what_if else facts.predicted
                self.report.claim(f"outcome stays {after[0].name}", after[0].name in expected)

    # ---- changes ------------------------------------------------------------------------------
    def _changes(self, clause: str, facts: Facts) -> None:
        if not facts.changes or not cue.CHANGE_VERB.search(clause):
            return
        attributed = {f.lower() for f, _, _ in facts.attributions}
        for m in find_mentions(clause, self.names.features, quoted_only=self.names.quoted_only):
            feature = self.names.feature(m)
            if feature in attributed:
                continue
            if feature not in facts.changes:
                if re.search(r"\b(would|could|need|should|if|to get|to reach|by)\b", clause, re.I):
                    self.report.claim(f"change {feature}", False)
                continue
            up, down = cue.CHANGE_UP.search(clause), cue.CHANGE_DOWN.search(clause)
            if bool(up) == bool(down):
                continue
            moves = [
                (o, n) for o, n in facts.changes[feature] if isinstance(o, int | float) and isinstance(n, int | float)
            ]
            if moves:
                self.report.claim(
                    f"change {feature} {'up' if up else 'down'}",
                    any((n > o) == bool(up) for o, n in moves if n != o),
                )


def _facts_at(position: int, placed: list[tuple[int, Facts]], whole: Facts) -> Facts:
    """The facts of the subject named last before `position` in a clause naming several (else `whole`)."""
    if not placed:
        return whole
    return next((facts for at, facts in reversed(placed) if at <= position), placed[0][1])


def _inside(m: Mention, among: list[Mention]) -> bool:
    return any(o.start <= m.start and m.end <= o.end for o in among)


def _bare(value: str) -> str:
    return value.strip().strip("\"'“”‘’*_`").strip().lower()


def _unquoted(text: str) -> str:
    """`text` without its quoted spans (a quoted 'not' is a word of the text, not a negation)."""
    return re.sub(r"[\"“'‘][^\"”'’]*[\"”'’]", " ", text)


def find_mentions_names(text: str, names: dict[str, str]) -> set[str]:
    return {names[m.name] for m in find_mentions(text, names)}


def check_claims(
    reply: str,
    outputs: Sequence[Any],
    *,
    vocabulary: Vocabulary | None = None,
    context: str = "",
) -> GuardReport:
    """Check each claim of `reply` against the field of `outputs` it names.

    Args:
        reply: the text to check.
        outputs: the function outputs the reply verbalizes (result payloads, tool messages, or text).
        vocabulary: the host's labels and features (without it, numbers, directions and ranks only).
        context: the user's own words; numbers the user stated are theirs, not the reply's claims.
    """
    facts = read_outputs(outputs)
    # Whitespace runs collapsed and over-long digit runs masked: the sentence and clause patterns stay linear.
    reply, context = bounded_text(reply, GUARD_CHARS), bounded_text(context, GUARD_CHARS)
    return _Checker(reply, facts, vocabulary or Vocabulary(), context).run()
