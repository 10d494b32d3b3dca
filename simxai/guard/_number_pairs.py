"""The number checks that read a number beside another: the counterfactual a probability is said of, a
feature's change as an ordered pair (old → new), a pair of numbers given to several features in turn, whether a
number is said as an amount of change, a count of features ("last of the 10 factors listed"), and the outcome's
probability a share after a feature may be. `_numbers._NumberChecks` builds on them.
"""

from __future__ import annotations

import re

from simxai.guard import _cues as cue
from simxai.guard._derived import _FrameChecks
from simxai.guard._facts import Facts
from simxai.guard._reading import NumberClaim, find_mentions, fits, matches

_PAIR_BEFORE = re.compile(
    r"\d\s*%?\s*\)?\s*(?:,|and|vs\.?|versus|against|compared (?:with|to)|/)\s*\(?[+]?\s*(?:about\s+|around\s+)?$", re.I
)
_PAIR_AFTER = re.compile(
    r"^\s*%?\s*\)?\s*(?:,|and|vs\.?|versus|against|compared (?:with|to)|/)\s*\(?[+-]?\s*(?:about\s+|around\s+)?\d", re.I
)

#: A pair set against each other, the other number after or before this one: "(0.080 vs 0.048)" (claims-48).
_VERSUS_AFTER = re.compile(
    r"^\s*\)?\s*(?:vs\.?|versus|against|compared (?:with|to))\s*\(?\s*(?:about\s+|around\s+)?"
    r"(?P<n>[+\-−]?\d+(?:\.\d+)?)(?!\s*%)",
    re.I,
)
_VERSUS_BEFORE = re.compile(
    r"(?<![\d.])(?P<n>[+\-−]?\d+(?:\.\d+)?)(?!\s*%)\s*\)?\s*(?:vs\.?|versus|against|compared (?:with|to))\s*\(?\s*"
    r"(?:about\s+|around\s+)?$",
    re.I,
)
#: A sentence that sets two things against each other: "A weighs more than B", "four times the weight of B",
#: "A and B are nearly equal".
_SET_AGAINST = re.compile(
    r"\b(?:than|times|equal|level with|on a par|as much as|outweighs?|ahead of|behind|twice|half)\b", re.I
)

#: "it comes last of the 10 factors listed": a count of the features an output ranks or the host has.
_FEATURE_COUNT = re.compile(
    r"^\s*(?:features|factors|words|inputs|variables|columns|predictors|drivers)\b(?!\s*(?:%|percent))", re.I
)


#: A verb that gives a change's outcome right before its share: "blood pressure down to 90 gives 0.533".
_GIVES = re.compile(
    r"\b(?:gives?|giving|yields?|yielding|gets?|lands?\s+(?:at|on)|brings?\s+(?:it|her|him|them)\s+to)\s+"
    r"(?:about\s+|around\s+|roughly\s+|just\s+)?$",
    re.I,
)


def gives_outcome(lead: str) -> bool:
    """Whether the text before a number ends in a verb that gives a change's outcome ("... down to 90 gives")."""
    return _GIVES.search(lead) is not None


class _PairedNumbers(_FrameChecks):
    """Numbers read with another number or name of their clause."""

    def _outcome_share(self, claim: NumberClaim, sentence: str, facts: Facts, phase: str) -> bool:
        """Whether `claim` is the probability of the label the sentence is about: today's prediction, or after a
        change the new label (a what-if's, a counterfactual's).
        """
        about = set(facts.predicted)
        # "bmi down to 22 gives 0.53": what a change gives is its outcome
        gives = any(_GIVES.search(sentence[: m.start()]) for m in re.finditer(re.escape(claim.raw), sentence))
        if cue.HYPOTHETICAL.search(sentence) or phase == "after" or gives:
            about |= {new for _, new in facts.what_if if new is not None} | set(facts.hypothetical)
        # "weather 0 (0.548)" among a counterfactual's changes: the label the changes reach (claims-18)
        about |= {label for _, probabilities in facts.options for label in probabilities}
        return any(fits(claim, self._tied(facts, "label", label, phase)) for label in about)

    def _feature_count(self, claim: NumberClaim, lead: str, following: str, facts: Facts, text: str) -> bool:
        """Whether `claim` is a count of features ("last of the 10 factors listed"), reported here: checked
        against how many features an output ranks (or the host has), else unchecked.
        """
        if claim.percent or claim.decimals or not _FEATURE_COUNT.match(following):
            return False
        if not re.search(r"\b(?:of|among|out of)\s+(?:the\s+|all\s+)?$", lead, re.I):
            return False
        sizes = {len({f for group in r for f in group}) for r in (facts.global_ranking, facts.local_ranking) if r}
        if sizes:
            self.report.claim(
                f"{text} (a count of features)",
                claim.value in sizes | {len(self.vocab.features)},
                via="count of features",
            )
        else:
            self.report.skip(f"{text} (a count of features, not compared)")
        return True

    def _option_numbers(self, clause: str, sentence: str, facts: Facts) -> dict[str, float] | None:
        """The probabilities of the counterfactual a number is said of: the one whose changes hold the changed
        features (or words) the clause names before it, narrowed by those of the sentence when the clause's fit
        several ("CF1: bmi 29.2 → 27.2, triglycerides_log → 4.44: stable 57.2 %"); None when none is named.
        """
        changed = {name for feats, _ in facts.options for name in feats}
        # the words a counterfactual writes ("put 'not' in front of ...", "'Terrible' → 'Great'") name it too
        written = sorted(w for w in changed if re.fullmatch(r"[a-z][\w'-]*", w) and w not in self.names.features)

        def named(text: str) -> set[str]:
            found = find_mentions(text, self.names.features, quoted_only=self.names.quoted_only)
            words = {m.name.lower() for m in find_mentions(text, written)} if written else set()
            return ({self.names.feature(m) for m in found} | words) & changed

        chosen: list[dict[str, float]] = []
        self.loose_option = ""
        for said in (named(clause), named(sentence)):
            fitting = [probs for feats, probs in facts.options if said and said <= feats]
            if fitting:
                chosen = fitting
                if len(fitting) == 1:
                    break
        if not chosen or len(chosen) == len(facts.options):
            return None
        if not named(clause):
            # Only the sentence names the counterfactual: in "swapping 'bored' (81.2 %), or putting 'not' at the
            # start (60.3 %)" the second clause is about another one, so a mismatch is not sure.
            self.loose_option = "a counterfactual the clause does not name"
        out: dict[str, float] = {}
        for probs in chosen:
            out.update(probs)  # one label each: the counterfactuals reach the same target
        return out if len(chosen) == 1 else None

    def _ordered(self, old: NumberClaim, new: NumberClaim, before: str, facts: Facts) -> None:
        """A feature's change as an ordered pair ("bmi 24.0 → 27.4", "from 27.4 to 24.0"), checked against the
        changes of the outputs: the pair the other way round (old and new swapped) is unsupported.
        """
        named = find_mentions(before, self.names.features, quoted_only=self.names.quoted_only)
        if not named or old.high is not None or new.high is not None:
            return
        feature = self.names.feature(named[-1])
        pairs = [
            (o, n)
            for o, n in facts.changes.get(feature, [])
            if isinstance(o, int | float) and isinstance(n, int | float)
        ]
        if not pairs:
            return
        text = f"change {feature} {old.raw} → {new.raw}"
        if any(matches(old, {float(o)}) and matches(new, {float(n)}) for o, n in pairs):
            self.report.claim(text, True, via="move's two ends")
        elif any(matches(old, {float(n)}) and matches(new, {float(o)}) for o, n in pairs):
            self.report.claim(f"{text} (old and new swapped)", False, via="move's two ends")

    def _paired_features(self, claim: NumberClaim, clause: str, sentence: str, offset: int) -> str:
        """Whether the number is one of a pair ("+0.95 vs +0.79", "about -0.11 and -0.10") that a sentence naming
        several features gives them in turn, and is a number of one of those features (of any subject the reply
        is about: "bmi 25.6 vs 32.9" after two patients): "named". Since claims-48, "unnamed" when the sentence sets
        two things against each other ("Age weighs more than moisture (0.080 vs 0.048)") but names only one of them
        as a feature, and the other number of the pair is that feature's: the number is the other thing's, which
        the words do not bind to a field. "" otherwise.
        """
        start, end = offset + claim.start, offset + claim.end
        # Read in the sentence: "a, b and c (+0.54, +0.46, +0.43)" splits into clauses at its commas.
        at = sentence.find(clause) if self.clause_at is None else self.clause_at
        lead = sentence[max(0, at + start - 30) : max(0, at + start)] if at + start >= 0 else ""
        tail = sentence[at + end :] if at + end >= 0 else ""
        if not (
            _PAIR_BEFORE.search(clause[max(0, start - 30) : start])
            or _PAIR_AFTER.match(clause[end:])
            or _PAIR_BEFORE.search(lead)
            or _PAIR_AFTER.match(tail)
        ):
            return ""
        named = {
            self.names.feature(m)
            for m in find_mentions(sentence, self.names.features, quoted_only=self.names.quoted_only)
        }
        pool = {x for f in self.facts for name in named for x in f.feature_numbers.get(name, set())}
        if (len(named) > 1 or len(self.ids) > 1) and fits(claim, pool):
            return "named"
        # the features named before the pair in its own clause: "Wind and cloud are nearly equal (0.12 vs 0.10)"
        ahead = {
            self.names.feature(m)
            for m in find_mentions(clause[:start], self.names.features, quoted_only=self.names.quoted_only)
        }
        if len(ahead) != 1 or len(self.ids) > 1 or not _SET_AGAINST.search(clause):
            return ""
        pool = {x for f in self.facts for name in ahead for x in f.feature_numbers.get(name, set())}
        other = _VERSUS_AFTER.match(tail) or _VERSUS_BEFORE.search(lead)
        if other is None or "%" in other.group(0):
            return ""
        partner = other.group("n").replace("−", "-")
        step = 10.0 ** -(len(partner.split(".")[1]) if "." in partner else 0)
        return "unnamed" if any(abs(float(partner) - x) <= step / 2 + 1e-9 for x in pool) else ""

    def _pair_verdict(self, text: str, pair: str) -> None:
        """The verdict on a number `_paired_features` reads as one of a pair."""
        if pair == "named":
            self.report.claim(f"{text} (one of a pair of named features)", True, via="number")
        else:
            self.report.skip(f"{text} (set against the named feature's number; what it is of is not named)")

    @staticmethod
    def _amount(clause: str, start: int, end: int) -> bool:
        """Whether the number at `start:end` of the clause is said as an amount of change; an explicitly signed
        number ("+40 %", "bmi -10 %") is one.
        """
        signed = clause[start : start + 1] == "-" or clause[max(0, start - 1) : start] == "+"
        return (
            signed
            or bool(cue.AMOUNT_BEFORE.search(clause[max(0, start - 40) : start]))
            or bool(cue.AMOUNT_AFTER.match(clause[end : end + 40]))
        )
