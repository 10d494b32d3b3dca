"""Checking each claim of a reply against the output field it names: the reply read sentence by sentence and
clause by clause, the names it uses checked here, and each clause handed to the label (`_predictions`), number
(`_numbers`) and feature-influence (`_influence`) checks, which share `_state`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import pydantic

from simxai.guard import _cues as cue
from simxai.guard._causes import invented_names
from simxai.guard._cf_stays import counterfactual_stay_claims
from simxai.guard._class_compare import class_compare_claims
from simxai.guard._decimal_commas import decimal_points
from simxai.guard._descriptions import without_descriptions
from simxai.guard._enumerated import enumerated_item_claims
from simxai.guard._glossary import glossary_label_claims
from simxai.guard._influence import _InfluenceChecks
from simxai.guard._invented import invented_feature_claims, invented_label_claims
from simxai.guard._kept_bounds import kept_bound_claims
from simxai.guard._label_sets import label_claims
from simxai.guard._label_tables import label_table_claims
from simxai.guard._lists import listed_names
from simxai.guard._mentions import camel_split, inflected, name_words, names_words
from simxai.guard._moves import said_move_claims
from simxai.guard._numbered_ranks import numbered_rank_claims
from simxai.guard._numbering import numbered_part
from simxai.guard._outputs import read_outputs
from simxai.guard._places import more_feature_claims, more_label_claims
from simxai.guard._plain import (
    age_claims,
    bound_claims,
    edit_order_claims,
    label_as_claims,
    label_count_claims,
    points_claims,
    prediction_form_claims,
    qualified_label_claims,
    room_claims,
)
from simxai.guard._predictions import _PredictionChecks
from simxai.guard._prefilter import gated
from simxai.guard._reading import Mention, clauses, find_mentions, quotes, sentences, subject_ids, subject_spans
from simxai.guard._state import Vocabulary
from simxai.guard._statement_checks import _mechanism, _pairs, _StatementChecks
from simxai.guard._sure import sure_only_default, unsure_mechanism
from simxai.guard._switched import switch_claims
from simxai.guard._terse import likely_move_claims, matrix_claims, one_way_claims, quoted_class_claims
from simxai.guard._trust import Trust, trust
from simxai.guard._unmatched import _UnmatchedNumbers
from simxai.guard._unnamed import unnamed_claims, words_of
from simxai.guard._unreached import reach_claims
from simxai.guard._value_words import value_word_claims
from simxai.guard._ways import certainty_move_claims, change_way_claims
from simxai.textbounds import bounded_text
from simxai.turn_memo import in_turn, turn_memo

__all__ = ["GuardReport", "Vocabulary", "check_claims"]

#: The longest reply the guard reads; a longer one is checked on its first 64 KB.
GUARD_CHARS = 65_536
#: The longest clause the guard reads claim by claim; a longer one is reported as not checked.
MAX_CLAUSE = 2_000

_IDENTIFIER = gated(r"(?<![\w.])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w])")
#: A result field's name ("predicted_label", "true_label", "new_probabilities"), written as such in a terse reply.
_FIELD_LIKE = re.compile(r"_(?:label|labels|class|probability|probabilities)$")
#: A class's probability written as a key ("p_positive: 0.953", "p_pos=0.50", "prob_stable", "approved_prob"): the
#: class part is a label or a label's first letters (three or more).
_PROBABILITY_KEY = re.compile(r"(?:p|pr|prob|proba|probability)_([a-z]{3,})|([a-z]{3,})_(?:p|prob|proba)")
_EQUALS = gated(r"(?<![\w.])([A-Za-z][\w-]*)\s*=\s*-?\d")
_CAUSAL = re.compile(r"^\s*(?:because|since|as|given|due to|thanks to|owing to)\b", re.I)
#: A clause led by a pronoun, a gerund ("pushing towards X", "Raising it ...") or a verb of influence is about the
#: feature named last before.
_PRONOUN = re.compile(
    r"^\s*(?:it|this|that|which|and|its|this feature|that feature|\w+ing|pushes|pulls|drives|counts|weighs|tips)\b",
    re.I,
)
_GOAL = re.compile(
    r"^\s*(?:to (?:reach|get(?: to)?|make it|turn it|flip it|become|be (?:predicted|classified))|"
    r"for (?:\w+\s+){0,3}to (?:be|become|reach|get))\b",
    re.I,
)
#: "Being 19 years old ...", "Having an income of 24.9 ...": a gerund of being or having describes the subject,
#: not the feature named before, which is carried no further.
_GERUND = gated(r"^\s*(?:being|having)\b", re.I)
#: A restated question states nothing: "You're asking whether the prediction is correct."
_RESTATED = gated(
    r"\b(?:you(?:'re| are) asking|you asked (?:whether|if|what|how|why)|you'd like to know|you want(?:ed)? to know|"
    r"you(?:'re| are) wondering)\b",
    re.I,
)
#: A question that offers the user something to try ("Would you like to try 'Great' instead?").
_OFFER = gated(r"^\s*(?:would|do|shall|should|want|could|can)\b.*\b(?:you|i|we)\b.*\?\s*$", re.I)
_STATES = re.compile(r"\d|%")  # a clause's lead that states a number before the clause names its subject
_GENERIC = {"value", "values", "score", "output", "probability", "p", "n", "x", "k", "it", "base", "threshold"}


#: A quoted line that ends as a sentence does ("... what happens?", "Correct!", "Not ready.").
_SPOKEN_LINE = re.compile(r"[.?!…]\s*$")


class GuardReport(pydantic.BaseModel):
    """What the guard checked in a reply, what the outputs do not support, and what it could not check."""

    claims: list[str] = []
    unsupported: list[str] = []
    unchecked: list[str] = []
    passed: bool = True
    #: the mechanism (the check and the reading) of each claim the outputs do not support, flagged or not
    mechanisms: dict[str, str] = {}
    #: why an unsupported claim's subject or field was bound by a guess (claims-30; `sure_only` lists these unchecked)
    unsure: dict[str, str] = {}
    regenerated: bool = False
    fallback_used: bool = False
    #: SimXAI's own rendering of the outputs, not re-read by the guard (`guard_renderings` off): no claim checked
    rendered: bool = False


class _Checker(_PredictionChecks, _UnmatchedNumbers, _InfluenceChecks, _StatementChecks):
    """Reads a reply sentence by sentence and clause by clause, and runs each group of checks on each clause."""

    def run(self) -> GuardReport:
        self._names_exist()
        self._edits()
        for said, held in self.record_pairs:  # two subjects' records said as a pair (claims-56, gfa49)
            if held is None:
                self.report.skip(said)
            else:
                self.report.claim(said, held, via="records in order")
        self._rank_orders()
        rankings = [r for r in (self.all.local_ranking, self.all.global_ranking) if r]
        ranked = numbered_rank_claims(self.raw, self.names.features, self.names.quoted_only, rankings)
        for said, holds in ranked if len(self.ids) <= 1 else ():
            self.report.claim(said, holds, via=_mechanism("numbered_rank_claims", said))
        carried: list[int] = []
        carried_feature = ""
        listed: list[str] = []  # the features of the sentences just before (a list's items), as spelled
        goal = False
        for sentence in sentences(self.reply):
            # The sentence after one that sets a goal ("To reach progressing: bmi 23.7 → 27.3. Pred. progressing.")
            # may state the goal's label as well as today's.
            self.goal, goal = goal, bool(_GOAL.match(sentence))
            self._unstated(sentence)
            named = find_mentions(sentence, self.names.features, quoted_only=self.names.quoted_only)
            cause = ""  # "Because hdl is high, the model leans towards X": the direction is hdl's
            said_label = ""  # the label an earlier clause of the sentence named ("... gets her approved; x also helps")
            earlier = ""  # the clauses of the sentence before this one
            # A question states nothing: its labels, directions, ranks and outcomes are not claims.
            question = sentence.rstrip().endswith("?") or bool(_RESTATED.search(sentence))
            sentence_ids = [i for i in subject_ids(sentence, [self.vocab.instance_noun]) if i in self.ids]
            # "No edit made the model predict X" after a search that found none: a claim about the search; its
            # label is no prediction and no outcome.
            reach = [] if question else list(self._reach(sentence))
            for clause in clauses(sentence):
                before, earlier = earlier, f"{earlier} {clause}"
                if len(clause) > MAX_CLAUSE:
                    # No sentence of a reply runs this long without a break; reading it claim by claim would
                    # take time quadratic in its length.
                    self.report.skip(f"a clause of {len(clause):,} characters")
                    continue
                ids = subject_ids(clause, [self.vocab.instance_noun])
                for i in ids:
                    if self.ids and i not in self.ids and not numbered_part(clause, i, self.vocab.instance_noun):
                        self.report.claim(f"subject {i}", False, via="subject id")
                previous = carried
                ids = [i for i in ids if i in self.ids] or carried
                carried = ids
                facts = self._bound(ids)
                original = clause
                self.carried_and = False
                if _GERUND.match(clause):
                    carried_feature = ""  # "Being 19 years old, ...": the subject's own attribute, no carried feature
                lead = _PRONOUN.match(clause) if not cue.ARRIVES.match(clause) else None
                if (
                    lead
                    and not find_mentions(clause, self.names.features, quoted_only=self.names.quoted_only)
                    # "Progressing: 0.201 → 0.306": a label ending in -ing leads its own clause, no gerund.
                    and not self._label_mentions(lead.group(0))
                ):
                    clause = f"{carried_feature} {clause}" if carried_feature else clause
                    # "..., and actually rises slightly": the subject carried by "and" is the clause's before it
                    # (often the prediction), so a verb of change here is no change of the carried feature.
                    self.carried_and = bool(carried_feature) and bool(re.match(r"\s*and\b", original, re.I))
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
                if (
                    not placed
                    and spans
                    and previous
                    and previous != [spans[0][0]]
                    and _STATES.search(clause[: spans[0][1]])
                ):
                    # "Patient 12 (stable, 78.6%) and patient 40 (...)": what the clause says before it names its
                    # subject is still about the one named before.
                    placed = [(0, self._bound(previous)), *((at, self._bound([i])) for i, at in spans)]
                if not question and not reach:
                    self._labels(clause, facts, placed, sentence, before)
                self.clause_at = sentence.find(original) - (len(clause) - len(original))
                self._numbers(clause, sentence, facts, placed)
                if question:
                    self.report.skip(f"a question ({sentence.strip()[:60]})")
                    continue
                self._directions(f"{cause} {clause}" if cause and not found else clause, facts, said_label)
                said_label = next((m.name for m in reversed(self._label_mentions(clause))), said_label)
                self._ranks(clause, sentence, facts)
                if not reach:
                    self._outcome(clause, facts)
                self._changes(clause, facts, before)
                self._probability_moves(clause, facts)
            if not question:
                self._kept_ways(sentence, self._bound(carried))
                kept = self._bound(carried).kept
                for said, holds in kept_bound_claims(sentence, kept, self.names.features, self.names.quoted_only):
                    self.report.claim(said, holds, via="kept bound's end")  # "stays under 70.6 %" (claims-30)
                self._plain_english(sentence, sentence_ids or carried)
            spelled = [sentence[m.start - m.quoted : m.end + m.quoted] for m in named]
            listed = [*listed, *spelled] if spelled else []
            self.lead = "" if named else sentence
            self.previous_named = [self.names.feature(m) for m in named]
        for reader, said, holds in unnamed_claims(self.reply, self.all, self.names, self.label_forms, *self.unnamed):
            self.report.claim(said, holds, via=_mechanism(reader, said))  # what no output names, read last
        for said, holds in value_word_claims(self.reply, *self.valued):  # "the elderly holder (25)" (claims-56)
            self.report.claim(said, holds, via=_mechanism("value_word_claims", said))
        for said, holds in class_compare_claims(self.reply, self.all.confusions):  # "more mistakes on A" (claims-56)
            self.report.claim(said, holds, via=_mechanism("class_compare_claims", said))
        for said, holds in switch_claims(self.reply, self.all.changes, self.switches):  # "the shed removed" (claims-56)
            self.report.claim(said, holds, via=_mechanism("switch_claims", said))
        r = self.report
        return GuardReport(
            claims=r.claims,
            unsupported=r.unsupported,
            unchecked=r.unchecked,
            passed=not r.unsupported,
            mechanisms=r.mechanisms,
            unsure=r.unsure,
        )

    # ---- names --------------------------------------------------------------------------------
    def _probability_key(self, word: str) -> bool:
        """Whether `word` is a class's probability written as a key ("p_positive", "p_pos", "prob_stable")."""
        key = _PROBABILITY_KEY.fullmatch(word)
        part = (key.group(1) or key.group(2)) if key else ""
        return bool(part) and any(label.lower().startswith(part) for label in self.names.labels)

    def _names_exist(self) -> None:
        """Every label and feature named must be one the outputs talk about; invented names are not."""
        for m in find_mentions(self.reply, self.names.labels):
            # A class name is also an ordinary word ("a negative phrase"); what is said about it is checked.
            self.report.skip(f"label {m.name} (mentioned; only what is said about it is checked)")
        known = self.all.features | find_mentions_names(self.output_text, self.names.features)
        known |= find_mentions_names(self.context, self.names.features)  # the user's own words
        for m in find_mentions(self.reply, self.names.features, quoted_only=self.names.quoted_only):
            feature = self.names.feature(m)
            self.report.claim(f"feature {feature}", feature in known, via="feature not in outputs")
        vocab = {n.lower() for n in self.names.features} | {lab.lower() for lab in self.names.labels}
        vocab |= {f.lower() for f in self.vocab.functions}
        vocab |= {a.lower() for v in self.vocab.aliases.values() for a in v}  # "trig_log" read as a shortened name
        # The words of a feature's name ("credit" of credit_score) are its own, not an invented feature's.
        parts = set(names_words(tuple(self.names.features), longer_than=2))
        # and so are the words of its aliases ("cable" of "hoist cable", "month" of "greasings a month"; round 38)
        parts |= names_words(tuple(a for v in self.vocab.aliases.values() for a in v), longer_than=2)
        for match in _IDENTIFIER.finditer(self.reply):
            word = match.group(1)
            if word in self.all.fields or _FIELD_LIKE.search(word):
                continue  # "predicted_label: stable": a field of the outputs (or of another kind's), no feature
            if self._probability_key(word):
                continue  # "p_pos=0.50": a class's probability as a key, no feature
            if word not in vocab and word not in self.output_text.lower() and word not in self.context_words:
                self.report.claim(f"feature {word}", False, via="snake_case name")
        for match in _EQUALS.finditer(self.reply):
            word = match.group(1).lower()
            if word in _GENERIC or word in vocab or word in self.output_text.lower() or self._probability_key(word):
                continue
            self.report.claim(f"feature {word}", False, via="name = number")
        # the words of the host's cards too: a class or a subject said in them is no invented name (gfb39); not
        # on a text model's host, whose quoted and listed words are its inputs' (the cards' are no review's words)
        cards = self.card_words if not self.names.quoted_only else frozenset()
        words = set(re.findall(r"\w+", self.output_text.lower())) | self.context_words | cards
        metrics = set(names_words(tuple(self.names.metrics)))
        aliases = {a.lower() for v in self.vocab.aliases.values() for a in v}
        spelled = names_words((*self.names.features, *aliases), r"[a-z][a-z-]*")
        known_words = words | vocab | metrics | parts | aliases | set(self.label_forms)
        # a plural in "-ies" known in the singular ("the single enquiry" of owner enquiries; gfb39)
        known_words |= {f"{w[:-3]}y" for w in known_words if len(w) > 5 and w.endswith("ies")}
        # a name's word as a verb or adverb, camel case split: "yearly cutting" of CutIntervalYears (claims-55)
        known_words |= inflected(parts | names_words(tuple(camel_split(f) for f in self.vocab.features), longer_than=2))
        # and the words of the outputs' field names: "all 311 samples" of samples_checked names no feature (gfb39)
        known_words |= {w for key in self.all.fields for w in key.lower().split("_") if len(w) > 3}
        self._causes(known_words, frozenset(spelled))
        self.unnamed = (known_words | words_of(self.vocab.descriptions.values()), words, self.facts)  # invent18
        for said, holds, via in label_claims(  # Q./A. answers (claims-16g); lists of the classes (claims-32)
            self.reply, self.names.labels, known_words, self.all.predicted, self.all.recorded
        ):
            self.report.claim(said, holds, via=via)
        # A question's quotes are suggestions ("Would you like to try 'Great' instead?"), not the outputs' words.
        said = " ".join(s for s in sentences(self.reply) if not _OFFER.search(s))
        for quoted in quotes(said):
            tokens = re.findall(r"\w+", re.sub(r"\([^)]*\)", " ", quoted).lower())
            # a plural of an output's word is that word ("the 'features' are words" after outputs of features)
            unknown = {t for t in tokens if t not in words and not (t.endswith("s") and t[:-1] in words)}
            unknown -= {w for label in self.names.labels for w in name_words(label)}  # 'always guessing "flew"'
            columns = len(self.vocab.features) > 1 and not self.names.quoted_only  # no text model's host
            if unknown and columns and len(tokens) > 1 and _SPOKEN_LINE.search(quoted):
                # a line of speech on a host of columns ('Host: "Batch 7 - the model's call?"'): the reply's
                # own frame, not an input's words (claims-24)
                self.report.skip(f"quote '{quoted}' (a line of speech, not compared)")
                continue
            if tokens and self.structured and unknown and not self._scare_quote(said, quoted):
                self.report.claim(f"quote '{quoted}'", False, via="quote not in outputs")

    def _scare_quote(self, text: str, quoted: str) -> bool:
        """Whether `quoted` is said in quotes right before a feature's name on a host whose features are columns
        ('"good" HDL cholesterol'): a word of that feature's description, not a word of an input.
        """
        if self.names.quoted_only:
            return False
        for m in re.finditer(re.escape(quoted) + r"[\"'”’]\s+", text):
            ahead = find_mentions(text[m.end() : m.end() + 40], self.names.features)
            if ahead and ahead[0].start == 0:
                return True
        return False

    def _causes(self, known: set[str], feature_words: frozenset[str]) -> None:
        """Names said to drive or be changed that no output holds, other labels in a list of labels, and a
        wrong number of labels (`_causes.invented_names`).
        """
        if self.structured and self.names.features:
            for text, ok in invented_names(self.reply, known, self.names.labels, feature_words):
                self.report.claim(text, ok, via=_mechanism("invented_names", text))
            spelled = [f for f in self.names.features if f not in self.names.quoted_only]
            for text, ok in listed_names(self.raw, self.reply, known, spelled, self.names.labels):
                self.report.claim(text, ok, via=_mechanism("listed_names", text))
            every = [*self.names.features, *self.names.labels]
            text_model = bool(self.names.quoted_only)
            for text, ok in invented_feature_claims(self.reply, self.raw, known, every, text_model):
                self.report.claim(text, ok, via=_mechanism("invented_feature_claims", text))
            if not text_model:
                for text, ok in more_feature_claims(self.reply, known, every):
                    self.report.claim(text, ok, via=_mechanism("more_feature_claims", text))
                described = names_words(tuple(self.vocab.descriptions.values()))
                for sentence in sentences(self.reply):
                    for text, ok in enumerated_item_claims(sentence, spelled, self.names.labels, known | described):
                        self.report.claim(text, ok, via=_mechanism("enumerated_item_claims", text))
        for text, ok in invented_label_claims(
            self.raw,
            self.names.labels,
            self.label_forms,
            [*self.names.features, *self.names.metrics],
            # not the cards' words: a class slot filled with one ("classified as premium" where a meaning says
            # "premium") is still an invented class; a card's verb of one class is that class's form (`_card_labels`)
            set(re.findall(r"[\w-]+", self.output_text.lower())) | self.context_words,
            self.structured,
        ):
            self.report.claim(text, ok, via=_mechanism("invented_label_claims", text))
        if self.structured:  # "sealed = out of use · scrapped = for parts": a glossary of the classes (round 38)
            said = set(re.findall(r"[\w-]+", self.output_text.lower())) | self.context_words
            for text, ok in glossary_label_claims(self.raw, self.names.labels, self.label_forms, said):
                self.report.claim(text, ok, via=_mechanism("glossary_label_claims", text))
        for text, ok in label_table_claims(self.raw, self.names.labels, self.label_forms):
            self.report.claim(text, ok, via=_mechanism("label_table_claims", text))
        if self.structured:
            for text, ok in more_label_claims(self.raw, self.names.labels, self.label_forms):
                self.report.claim(text, ok, via=_mechanism("more_label_claims", text))
            for text, ok in quoted_class_claims(self.raw, self.names.labels, self.label_forms):
                self.report.claim(text, ok, via=_mechanism("quoted_class_claims", text))
            for text, ok in matrix_claims(self.raw, self.all.matrices):
                self.report.claim(text, ok, via=_mechanism("matrix_claims", text))
            self._confusions()

    def _plain_english(self, sentence: str, ids: list[int]) -> None:
        """What `_plain` reads of a sentence (against the subjects it names, else the one carried into it): a
        kept range's bound said as a side, labels after "marks it as", counted in words or qualified in a list,
        the subject's age, the predicted label in other forms, an edit from a word to another, a push in points.
        """
        facts = self._bound(ids)

        def mentions(text: str) -> list[tuple[Mention, str]]:
            found = find_mentions(text, self.names.features, quoted_only=self.names.quoted_only)
            return [(m, self.names.feature(m)) for m in found]

        labels, noun = self.names.labels, self.vocab.instance_noun
        contributions = {f.lower(): c for f, _, c in facts.attributions}
        readers: list[tuple[str, Iterable[tuple[str, bool]]]] = [
            ("bound_claims", bound_claims(sentence, facts.kept, mentions)),
            ("room_claims", room_claims(sentence, facts.kept, mentions)),
            ("label_count_claims", label_count_claims(sentence, labels)),
            ("label_as_claims", label_as_claims(sentence, labels, list(self.label_forms))),
            ("qualified_label_claims", qualified_label_claims(sentence, labels)),
            ("prediction_form_claims", prediction_form_claims(sentence, labels, facts.predicted, noun)),
            ("edit_order_claims", edit_order_claims(sentence, _pairs(facts.changes))),
            ("points_claims", points_claims(sentence, mentions(sentence), contributions)),
            ("one_way_claims", one_way_claims(sentence, facts.kept, mentions)),
        ]
        if facts.options and not facts.what_if and not facts.still:
            reached = {label for _, probabilities in facts.options for label in probabilities}
            new_values = [new for pairs in facts.changes.values() for _, new in pairs]
            stays = counterfactual_stay_claims(sentence, labels, self.label_forms, facts.predicted, reached, new_values)
            readers.append(("counterfactual_stay_claims", stays))
        if facts.what_if:
            moves = likely_move_claims(sentence, labels, facts.before_numbers, facts.after_numbers)
            readers.append(("likely_move_claims", moves))
            verbs = said_move_claims(sentence, labels, self.label_forms, facts.before_numbers, facts.after_numbers)
            readers.append(("said_move_claims", verbs))
            # "still X but less sure", "even more firmly X" (claims-25)
            sure = certainty_move_claims(sentence, labels, facts.what_if, facts.before_numbers, facts.after_numbers)
            readers.append(("certainty_move_claims", sure))
        if facts.changes and self.structured:
            # "a more distant borrower: 702 km instead of 2519" (claims-25)
            ways = change_way_claims(sentence, facts.changes, self.names.features, labels)
            readers.append(("change_way_claims", ways))
        if self.structured and "age" in {f.lower() for f in self.vocab.features}:
            readers.append(("age_claims", age_claims(sentence, facts.feature_numbers.get("age", set()))))
        for reader, claims in readers:
            for said, holds in claims:
                self.report.claim(said, holds, via=_mechanism(reader, said))

    def _reach(self, sentence: str) -> Iterator[tuple[str, bool]]:
        """The claims of `sentence` about edits reaching a label a search did not reach (`_unreached`)."""
        for said, holds in reach_claims(sentence, self.names.labels, self.all.unreached, self.all.predicted):
            self.report.claim(said, holds, via=_mechanism("reach_claims", said))
            yield said, holds


def find_mentions_names(text: str, names: dict[str, str]) -> set[str]:
    return {names[m.name] for m in find_mentions(text, names)}


def check_claims(
    reply: str,
    outputs: Sequence[Any],
    *,
    vocabulary: Vocabulary | None = None,
    context: str = "",
    every_mechanism: bool = False,
    sure_only: bool | None = None,
) -> GuardReport:
    """Check each claim of `reply` against the field of `outputs` it names.

    Args:
        reply: the text to check.
        outputs: the function outputs the reply verbalizes (result payloads, tool messages, or text).
        vocabulary: the host's labels and features (without it, numbers, directions and ranks only).
        context: the user's own words; numbers the user stated are theirs, not the reply's claims.
        every_mechanism: flag through every mechanism, precise or not (what the mechanism table is built from);
            by default a claim read by a mechanism the table does not trust is listed as unchecked.
        sure_only: flag only claims whose subject, field and value are bound surely (`_sure`, claims-30); the rest
            are listed as unchecked with the reason. None: as the environment says (`_sure.SURE_ONLY`, off unset).
    """
    if not in_turn():  # the outputs' side of each sentence's checks is read once per reply (`per_turn`), as in a turn
        with turn_memo():
            return check_claims(
                reply,
                outputs,
                vocabulary=vocabulary,
                context=context,
                every_mechanism=every_mechanism,
                sure_only=sure_only,
            )
    facts = read_outputs(outputs)
    # Whitespace runs collapsed and over-long digit runs masked: the sentence and clause patterns stay linear.
    reply = without_descriptions(reply, outputs)  # "x (its description) ...": the output's text, no claim
    reply = decimal_points(reply, (vocabulary or Vocabulary()).instance_noun)  # "0,969": a decimal comma read as 0.969
    reply, context = bounded_text(reply, GUARD_CHARS), bounded_text(context, GUARD_CHARS)
    report = _Checker(reply, facts, vocabulary or Vocabulary(), context, outputs).run()
    report = report if every_mechanism else _gated(report, trust())
    return _surely(report) if (sure_only_default() if sure_only is None else sure_only) else report


def _surely(report: GuardReport) -> GuardReport:
    """The report with each unsupported claim bound by an unsure means moved to `unchecked`, with the reason."""
    why = {c: report.unsure.get(c) or unsure_mechanism(report.mechanisms.get(c, "")) for c in report.unsupported}
    kept = [c for c in report.unsupported if not why[c]]
    if len(kept) == len(report.unsupported):
        return report
    moved = [f"{c} ({why[c]}: not compared under sure bindings only)" for c in report.unsupported if why[c]]
    return report.model_copy(update={"unsupported": kept, "unchecked": [*report.unchecked, *moved], "passed": not kept})


def _gated(report: GuardReport, table: Trust) -> GuardReport:
    """The report with each unsupported claim of a mechanism `table` does not trust moved to `unchecked`."""
    kept = [c for c in report.unsupported if table.trusted(report.mechanisms.get(c, ""))]
    if len(kept) == len(report.unsupported):
        return report
    moved = [table.note(c, report.mechanisms.get(c, "")) for c in report.unsupported if c not in kept]
    return report.model_copy(update={"unsupported": kept, "unchecked": [*report.unchecked, *moved], "passed": not kept})
