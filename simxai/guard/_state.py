"""What every claim check shares: the host's vocabulary, the names a reply's claims can be about, the report
being written, and the state of the checker reading one reply.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pydantic

from simxai.guard import _cues as cue
from simxai.guard._bare_ids import named_bare_ids
from simxai.guard._card_labels import card_label_forms, denied_card_forms
from simxai.guard._card_nouns import card_noun_forms, shared_forms
from simxai.guard._card_words import card_words, host_cards
from simxai.guard._chain_order import chained_orders
from simxai.guard._clipped import clipped_labels
from simxai.guard._clipped_names import clipped_names
from simxai.guard._facts import NUMBER, Facts
from simxai.guard._frames import without_frame
from simxai.guard._glosses import mask_feature_glosses
from simxai.guard._label_nouns import label_nouns
from simxai.guard._label_verbs import label_verbs, past_label_nouns, verdict_words
from simxai.guard._label_words import label_mentions
from simxai.guard._layout import register_layout
from simxai.guard._lead_words import lead_words
from simxai.guard._leading_dot import with_leading_zeros
from simxai.guard._mentions import names_words, without_closers
from simxai.guard._own_values import blank_own_values
from simxai.guard._pair_order import ordered_pairs
from simxai.guard._party_verbs import party_verbs
from simxai.guard._percent_features import percent_features
from simxai.guard._plain import acronym_aliases, shortened_aliases
from simxai.guard._ratio_names import ratio_names
from simxai.guard._reading import Mention, abbreviations, find_mentions, mask_inputs, normalise
from simxai.guard._record_pairs import record_pairs
from simxai.guard._respective import respective_pairs
from simxai.guard._same_share import same_shares
from simxai.guard._size_pairs import size_pairs
from simxai.guard._spelled import spelled_numbers
from simxai.guard._splits import clock_times, spoken_splits
from simxai.guard._spoken_ids import spoken_ids
from simxai.guard._switched import switch_words, yes_no_features
from simxai.guard._tables import blank_table_headers, prose_tables
from simxai.guard._terse import plain_code_spans
from simxai.guard._value_words import card_ranges, subject_rows, subject_values
from simxai.guard._words import quote_words
from simxai.turn_memo import per_host

if TYPE_CHECKING:
    from simxai.hosts.base import HostSchema


class Vocabulary(pydantic.BaseModel):
    """The host's labels and feature names (with aliases), which the guard reads claims about."""

    labels: list[str] = []
    features: list[str] = []
    aliases: dict[str, list[str]] = {}
    instance_noun: str = "instance"
    #: The callable functions' names, which a reply may name without claiming a feature.
    functions: list[str] = []
    #: Each feature's description in the schema: its words are a paraphrase's, not an invented feature's.
    descriptions: dict[str, str] = {}
    #: Each categorical feature's categories in the schema: a subject said to hold another is checked (claims-46).
    categories: dict[str, list[str]] = {}
    #: The words of the host's output and data cards (`_card_words`): what its classes and features mean, which a
    #: reply may say them in; never a claim's field (gfb39).
    cards: str = ""
    #: Each class's meaning on the host's output card: a verb it is glossed by names it (`_card_labels`, gfb39).
    meanings: dict[str, str] = {}
    #: Each numeric feature's (min, max) in the schema: where a value said in words lies (`_value_words`, claims-56).
    ranges: dict[str, tuple[float, float]] = {}

    @classmethod
    def for_host(cls, host: Any, functions: Sequence[str] = ()) -> Vocabulary:
        """The vocabulary of a host (`simxai.hosts.Host`): its schema's, and the words of its cards."""
        cards, meanings = host_cards(host)
        return cls.for_schema(host.schema(), functions).model_copy(update={"cards": cards, "meanings": meanings})

    @classmethod
    def for_schema(cls, schema: HostSchema, functions: Sequence[str] = ()) -> Vocabulary:
        """The vocabulary of a host's schema: its labels, features with their aliases and instance noun."""
        return cls(
            labels=list(schema.class_names),
            features=[f.name for f in schema.features],
            aliases={f.name: list(f.aliases) for f in schema.features},
            instance_noun=schema.instance_noun,
            functions=list(functions),
            descriptions={f.name: f.description for f in schema.features if f.description},
            categories={f.name: list(f.categories) for f in schema.features if f.categories},
            ranges={f.name: (f.min, f.max) for f in schema.features if f.min is not None and f.max is not None},
        )


@dataclass
class _Names:
    """The names a reply's claims can be about, and how each is spelled."""

    labels: list[str]
    features: dict[str, str]  # spelling (as mentioned) -> canonical feature, lower case
    quoted_only: set[str]
    metrics: dict[str, str]  # spelling -> metric
    #: short spellings that also start another feature's name ("clay" of clay_body, "clay moisture"): whose it is
    #: is a guess, so a rank read through one is not checked (claims-18)
    ambiguous: frozenset[str] = frozenset()

    def feature(self, mention: Mention) -> str:
        return self.features[mention.name]


@dataclass
class _Report:
    claims: list[str] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    #: each unsupported claim's mechanism: the check and the reading that produced it
    mechanisms: dict[str, str] = field(default_factory=dict)
    #: why an unsupported claim's binding is a guess (subject or field), read while reading it (claims-30)
    unsure: dict[str, str] = field(default_factory=dict)

    def doubt(self, text: str, reason: str) -> None:
        """Records `reason` as why the unsupported claim `text` was bound unsurely (nothing if it is supported)."""
        if reason and text in self.unsupported:
            self.unsure.setdefault(text, reason)

    def claim(self, text: str, ok: bool, *, via: str) -> None:
        self.claims.append(text)
        if not ok and text not in self.unsupported:
            self.unsupported.append(text)
            self.mechanisms[text] = via

    def skip(self, text: str) -> None:
        if text not in self.unchecked:
            self.unchecked.append(text)


#: Two-letter words of ordinary prose: never read as a feature's short name.
_PROSE_WORDS = set(
    "am an as at be by do go he hi ho if in is it la me my no of oh ok on or so to up us we ye yo".split()
)


def _usable(alias: str, labels: Sequence[str]) -> bool:
    low = alias.lower()
    return len(low) > 1 and low not in _PROSE_WORDS and low not in (lab.lower() for lab in labels)


def derived_aliases(vocab: Vocabulary) -> dict[str, list[str]]:
    """The host's aliases and the plain-word names its feature names give: the initials of a name of several
    words (debt_to_income: "dti"), a name of two words in the other order ("years of employment"), and a long
    plural name in the singular ("triglyceride" for triglycerides).

    A table of the host's vocabulary, built once per vocabulary (`per_host`, keyed by the values it reads, so a
    changed vocabulary gets its own); each call gets its own lists.
    """
    key = (
        tuple(vocab.features),
        tuple((name, tuple(said)) for name, said in vocab.aliases.items()),
        tuple(vocab.labels),
        vocab.instance_noun,
    )
    return {name: list(found) for name, found in _derived_aliases(key).items()}


@per_host
def _derived_aliases(key: tuple) -> dict[str, tuple[str, ...]]:
    features, aliases, labels, noun = key
    vocab = Vocabulary(
        labels=list(labels),
        features=list(features),
        aliases={name: list(said) for name, said in aliases},
        instance_noun=noun,
    )
    return {name: tuple(found) for name, found in _derive(vocab).items()}


def _derive(vocab: Vocabulary) -> dict[str, list[str]]:
    taken = {f.lower() for f in vocab.features} | {a.lower() for v in vocab.aliases.values() for a in v}
    out: dict[str, list[str]] = {}
    for name in vocab.features:
        found = list(vocab.aliases.get(name, []))
        parts = [p for p in re.split(r"[_\W]+", name.lower()) if p]
        extra = []
        if len(parts) > 1 and all(p.isalpha() for p in parts):
            extra.append("".join(p[0] for p in parts))
        if len(parts) == 2:
            extra += [f"{parts[1]} of {parts[0]}", f"{parts[1]} in {parts[0]}"]
        # A long plural name said in the singular: "triglyceride level" (triglycerides), "doctor visit".
        for spelled in [" ".join(parts), *(a.lower() for a in vocab.aliases.get(name, []))]:
            if len(spelled) >= 8 and spelled.endswith("s") and not spelled.endswith("ss"):
                extra.append(spelled[:-1])
        for spelled in [name.lower(), *(a.lower() for a in found)]:
            # "body-mass index" for "body mass index", "smoking" for smoker
            if re.fullmatch(r"[a-z]+(?: [a-z]+){1,2}", spelled):
                extra.append(spelled.replace(" ", "-", 1))
            if spelled == name.lower() and re.fullmatch(r"[a-z]{4,}er", spelled):
                extra += [f"{spelled[:-2]}ing", f"{spelled[:-1]}s"]  # "smoking", "he smokes" for smoker
        for alias in extra:
            if alias not in taken:
                taken.add(alias)
                found.append(alias)
        out[name] = found
    for name, word in lead_words(vocab.features, vocab.aliases, vocab.labels, vocab.instance_noun, taken).items():
        out[name].append(word)
    return out


def _names(vocab: Vocabulary, facts: Facts) -> _Names:
    features: dict[str, str] = {}
    for name in vocab.features:
        features[name] = name.lower()
        for alias in vocab.aliases.get(name, []):
            if _usable(alias, vocab.labels):
                features.setdefault(alias, name.lower())
    known = {f.lower() for f in vocab.features}
    quoted_only = set()
    for name in facts.features:
        if name not in known and name not in features:
            features[name] = name
            quoted_only.add(name)
    metrics = {spelling: metric for metric, spellings in cue.METRIC_NAMES.items() for spelling in spellings}
    return _Names(list(vocab.labels), features, quoted_only, metrics, _ambiguous(tuple(features.items())))


@functools.lru_cache(maxsize=64)
def _ambiguous(spellings: tuple[tuple[str, str], ...]) -> frozenset[str]:
    """The short spellings that also start another feature's spelling: quadratic in the names, so built once per
    host's names (at most 64 sets kept).
    """
    spoken = [(re.sub(r"[_\s]+", " ", s.lower()), f) for s, f in spellings]
    return frozenset(
        s for s, f in spellings if s.lower() != f and any(t.startswith(f"{s.lower()} ") and g != f for t, g in spoken)
    )


def _label_of(text: str, labels: Sequence[str]) -> list[Mention]:
    return label_mentions(text, labels)  # "the prediction stays leaves": the first class name is a verb


def _facts_at(position: int, placed: list[tuple[int, Facts]], whole: Facts) -> Facts:
    """The facts of the subject named last before `position` in a clause naming several (else `whole`)."""
    if not placed:
        return whole
    return next((facts for at, facts in reversed(placed) if at <= position), placed[0][1])


def label_forms(labels: Sequence[str], reserved: Iterable[str] = ()) -> dict[str, str]:
    """A label's noun forms, each mapped to it: "rejection" (rejected), "approval" (approved), "soot" (sooty)."""
    forms: dict[str, str] = {}
    taken = {x.lower() for x in labels}
    for label in labels:
        low = label.lower()
        made: tuple[str, ...] = ()
        if low.endswith("ed") and len(low) > 4:
            stem = low[:-2]  # "reject" of rejected, "approv" of approved, "diseas" of diseased
            made = (f"{stem}ion", f"{stem}al", *((f"{stem}e",) if stem.endswith("s") else ()))  # "disease"
        elif re.fullmatch(r"[a-z]{3,}[^s]s", low):
            stem = low[:-1]  # "stay" of stays, "leave" of leaves: a label that is a verb; its gerund names it
            made = (f"{stem[:-1]}ing" if stem.endswith("e") and not stem.endswith("ee") else f"{stem}ing",)
        for form in made:
            if form not in taken:
                forms[form] = label
    # "failure" (failed), "taken" (took): a class that is a verb in the past, by its noun forms (claims-26)
    return {**label_nouns(labels, reserved), **past_label_nouns(labels), **forms}


@functools.lru_cache(maxsize=64)
def _host_label_forms(labels: tuple[str, ...], features: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """`label_forms` of a host's labels, its feature names' words reserved: a table of the host, built once, not
    once per reply.
    """
    return tuple(label_forms(labels, names_words(features)).items())


@functools.lru_cache(maxsize=64)
def _host_percent_features(features: tuple[str, ...], descriptions: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """`percent_features` of a host's features: a table of the host, built once, not once per reply."""
    return tuple(percent_features(features, dict(descriptions)))


def _forms_read(text: str, vocab: Vocabulary) -> str:
    """`text` with a class that is a past verb said as a verb ("would fail") and a ratio said as its parts ("debt at
    0.6 of income") written as the names they are (claims-26).
    """
    text = party_verbs(label_verbs(verdict_words(text, vocab.labels), vocab.labels), vocab.labels, vocab.instance_noun)
    if vocab.meanings:  # "never collected" of reunited names unclaimed (gfb39)
        reserved = names_words((*vocab.features, *(a for v in vocab.aliases.values() for a in v)))
        forms = card_label_forms(vocab.labels, vocab.meanings, reserved, vocab.instance_noun)
        text = denied_card_forms(text, forms, vocab.labels)
    text = same_shares(text, vocab.labels)  # "prime and table at 0.25 each" (gfa37)
    return ratio_names(text, vocab.features)


def _spoken(text: str, vocab: Vocabulary) -> str:
    """`text` with its spoken and written forms unified (`normalise` ... `abbreviations`), as both readings of a
    reply (tables as sentences, and as written) take it.
    """
    read = spelled_numbers(clock_times(_forms_read(normalise(with_leading_zeros(text)), vocab)))  # claims-37
    read = abbreviations(spoken_splits(spoken_ids(read, vocab.instance_noun), vocab.labels))
    named = [*vocab.features, *(a for v in vocab.aliases.values() for a in v)]
    return clipped_labels(read, vocab.labels, named)  # "prem .95", "neg 0.859": a class's clipped name (claims-41)


class _CheckState:
    """The reply, its outputs' facts and names, and the report: what each group of checks reads and writes."""

    def __init__(
        self, reply: str, facts: list[Facts], vocab: Vocabulary, context: str, outputs: Sequence[Any] = ()
    ) -> None:
        # Markdown emphasis ("**income**") is no part of a claim.
        named = [*vocab.features, *(a for v in vocab.aliases.values() for a in v)]
        # a speaker's frame ('Podcast: "..."'), "RECEIPT" heads, "key ..... value", "STABLE 68.0"
        reply = register_layout(without_frame(reply), vocab.labels, named)
        ids = {f.subject_id for f in facts if f.subject_id is not None}
        reply = blank_own_values(reply, vocab.features, derived_aliases(vocab), outputs)  # "purpose home" (claims-56)
        # "moist 9.5", "cotton −.004": a feature's clipped word or category value, written out (claims-41)
        reply = clipped_names(
            reply, vocab.features, derived_aliases(vocab), vocab.labels, vocab.instance_noun, ids, outputs
        )
        # The reply with its tables as sentences and as written: one reading when it has no table (the usual case).
        tabled = prose_tables(reply)
        read = _spoken(reply, vocab)
        self.reply = respective_pairs((read if tabled == reply else _spoken(tabled, vocab)).replace("**", ""))
        self.reply = chained_orders(without_closers(self.reply))  # "A > B > C": a ranked list; no "and the like"
        self.raw = blank_table_headers(read, vocab.features)
        self.facts = facts
        self._merged: dict[tuple[int, ...], Facts] = {}  # `_bound`'s facts by ids, for this reply
        aliases = derived_aliases(vocab)
        taken = {f.lower() for f in vocab.features} | {a.lower() for v in aliases.values() for a in v}
        for name, spelled in acronym_aliases(self.reply, vocab.features, taken).items():
            aliases[name] = [*aliases.get(name, []), *spelled]  # "body mass index" for bmi
        for name, short in shortened_aliases(self.reply, vocab.features, taken).items():
            aliases[name] = [*aliases.get(name, []), *short]  # "trig_log" for triglycerides_log
        self.vocab = vocab.model_copy(update={"aliases": aliases})
        vocab = self.vocab
        self.all = Facts()
        for f in facts:
            self.all = self.all.merge(f)
        self.names = _names(vocab, self.all)
        text_model = bool(self.names.quoted_only) and any(f.structured for f in facts)
        self.reply = plain_code_spans(self.reply, vocab.labels, text_model)  # "`stable` 29" is "stable 29"
        if self.names.quoted_only and any(f.structured for f in facts):
            # A text model: its words in a feature's position are its features, quoted or not.
            inputs = [*self.all.rewrites, *self.all.texts]
            self.reply = quote_words(self.reply, self.names.quoted_only, self.names.labels, inputs)
        # What the reply quotes of the inputs (the review, a rewrite) is theirs, not a claim: edits read it still.
        self.unmasked = self.reply
        self.reply = mask_inputs(self.reply, self.all.texts, self.all.rewrites)
        self.reply = mask_feature_glosses(self.reply, vocab.features, self.names.labels)
        ids = {f.subject_id for f in facts if f.subject_id is not None}
        noun = vocab.instance_noun
        self.reply, self.raw = named_bare_ids(self.reply, ids, noun), named_bare_ids(self.raw, ids, noun)
        self.unmasked = named_bare_ids(self.unmasked, ids, noun)
        self.reply = ordered_pairs(self.reply, ids)  # "40 and 150: ... 0.895 and 0.813 respectively" (claims-38)
        self.reply, self.record_pairs = record_pairs(self.reply, facts, vocab.labels)  # "the logs say C and D"
        self.reply = size_pairs(self.reply, self.names.features, self.names.quoted_only)  # "A ... B (x vs y)"
        self.label_forms = dict(_host_label_forms(tuple(self.names.labels), tuple(self.names.features)))
        # a class said by the verb its output card glosses it with ("collected" of reunited; gfb39)
        reserved = names_words(tuple(self.names.features))
        glossed = card_label_forms(self.names.labels, vocab.meanings, reserved, vocab.instance_noun)
        # a word only one class's meaning uses ("end up at auction" of unclaimed; claims-49)
        carded = card_noun_forms(self.names.labels, vocab.meanings, vocab.cards, reserved, vocab.instance_noun)
        carded = shared_forms(self.reply, carded)  # only where a share follows in its clause
        self.label_forms = {**carded, **glossed, **self.label_forms}
        # by suffix or description
        self.percent_features = list(_host_percent_features(tuple(vocab.features), tuple(vocab.descriptions.items())))
        self.context_numbers = {float(m.group(1)) for m in NUMBER.finditer(normalise(context))}
        self.context_words = set(re.findall(r"\w+", context.lower()))
        #: the words of the host's cards and their forms: a reply may name a class or a subject in them (gfb39)
        self.card_words = card_words(vocab.cards, vocab.instance_noun)
        self.context = normalise(context)
        self.output_text = "\n".join(self.all.texts)
        self.structured = any(f.structured for f in facts)
        self.ids = {f.subject_id for f in facts if f.subject_id is not None}
        # each subject's values, each feature's range and spellings: a value said in words (claims-56)
        ranges = {**card_ranges(outputs), **{f.lower(): r for f, r in vocab.ranges.items()}}
        spellings = {f.lower(): [f, *vocab.aliases.get(f, [])] for f in vocab.features}
        rows = subject_rows(outputs)
        self.valued = (subject_values(rows), ranges, spellings, {float(i) for i in self.ids})
        yes_no = yes_no_features(vocab.categories, rows)  # "and the shed removed" (claims-56)
        self.switches = switch_words(vocab.features, vocab.aliases, yes_no)
        self.report = _Report()
        self.numbers_seen = 0
        self.paired = -1
        self.loose_option = ""
        self.amount_end = -1
        #: the sentence before set a goal ("To reach progressing: ..."), so a bare label may be the goal's
        self.goal = False
        #: the sentence before the one being read, when it names no feature (it may lead in to it: "What holds her
        #: back? Mostly X")
        self.lead = ""
        #: the features the sentence before the one being read named, in order
        self.previous_named: list[str] = []
        #: the clause is led by "and" and reads the feature carried from before it
        self.carried_and = False
        #: where the clause being read starts in its sentence (negative when a carried name leads it)
        self.clause_at: int | None = None

    def _bound(self, ids: list[int]) -> Facts:
        """The facts of the subjects `ids` (and those about no subject); all facts when `ids` is empty.

        Merged once per set of ids for the reply (the checks read facts and never change them).
        """
        key = tuple(ids)
        known = self._merged.get(key)
        if known is not None:
            return known
        chosen = [f for f in self.facts if f.subject_id is None or f.subject_id in ids] if ids else self.facts
        out = Facts()
        for f in chosen:
            out = out.merge(f)
        self._merged[key] = out
        return out

    def _label_mentions(self, text: str) -> list[Mention]:
        """The labels a text names, by name or by a noun form ("16 % rejection"), under the label's name."""
        found = find_mentions(text, [*self.names.labels, *self.label_forms])
        return [Mention(self.label_forms.get(m.name.lower(), m.name), m.start, m.end, m.quoted) for m in found]
