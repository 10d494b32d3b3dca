"""Checks of what a reply says of a feature's influence: its direction, a counterfactual's change, a kept range's
room and a class's probability move; its rank is read by `_rank_checks`.
"""

from __future__ import annotations

import re

from simxai.guard import _cues as cue
from simxai.guard._facts import Facts
from simxai.guard._prefilter import gated
from simxai.guard._pushed import signed_under_key
from simxai.guard._rank_checks import _RankChecks
from simxai.guard._reading import find_mentions, without_labels

#: A feature moved, right after its name ("age lowered to 40") or right before it ("raise age to").
_MOVED_AFTER = re.compile(
    r"[\"'’”]?\s+(?:(?:is|was|being|gets?)\s+)?(?:lowered|raised|changed|set|increased|decreased|reduced|moved|"
    r"dropped|cut|bumped|brought)\s+(?:down\s+|up\s+)?(?:to|by|from)\s+(?:about\s+|around\s+)?-?\d",
    re.IGNORECASE,
)
_MOVED_BEFORE = re.compile(
    r"\b(?:lower|raise|change|set|increase|decrease|reduce|move|drop|cut|bump|bring)(?:s|ing)?\s+"
    r"(?:the\s+|her\s+|his\s+|their\s+|its\s+)?[\"'‘“]?$",
    re.I,
)
_DESCRIBED = gated(r"\b(?:the|a|an|is|are|was|were|be|been)\s+(?:\w+\s+)?(?:lower|higher)(?:\s+side)?\b", re.I)
#: Both ends of a feature's change right after its name: "bmi from 23.7 to 27.3", "X (log scale) from 4.4 to 5.2".
_FROM_TO_AFTER = re.compile(r"[^.;:]{0,20}?\bfrom\s+-?\d[\d.]*\s*%?\s*(?:to|→|->)\s*-?\d", re.I)
_VALUE_WORD = re.compile(r"\b(?:lower|higher|low|high)\s+(?:[a-z]+\s+(?:and|or)\s+)?$", re.IGNORECASE)
#: A push said as a pull back or an amount taken off, relative to the explained score (claims-48): "pulls it back
#: by 0.5", "takes about 13 off". Only these two forms: read also as "holds back", "knocks off" or a pull back with no
#: object, it added a false alarm to the gate set's totals (g32, unread).
_BACK = re.compile(
    r"\b(?:pulls?|pulled|pulling)\s+(?:it|the\s+\w+)\s+back\b(?!\s+(?:to|towards?|into)\b)|"  # not "back to X"
    r"\b(?:takes?|took|taking)\s+(?:about\s+|around\s+|roughly\s+|some\s+)?\d+(?:\.\d+)?(?:\s+points?)?\s+off\b",
    re.I,
)
#: A sentence's stop inside a clause ("density 2. Only ..."; the reader keeps "2." with its line as a list marker).
_STOP = re.compile(r"[.!?]\s+[A-Z]")
_COMPARATIVE = re.compile(r"\b(?:a|an|with)\s+(?P<way>higher|lower|larger|smaller|bigger|greater)\s+$", re.I)
_WOULD = re.compile(r"\b(?:would|could|take|takes|need\w*|require\w*|if|to get|to reach|were|with)\b", re.I)


_UP_VERB = r"rises|rise|rose|rising|increases|increase|increased|goes up|go up|went up|climbs|climb|climbed|grows|grew"
_DOWN_VERB = (
    r"falls|fall|fell|falling|drops|drop|dropped|decreases|decrease|decreased|goes down|go down|went down|dips|dip|"
    r"dipped|shrinks|shrank"
)
#: "the probability of X rises", "X's probability falls", "X probability dips": the move of a class's probability.
_PROBABILITY_MOVES = (
    re.compile(r"\b(?:probability|chance|odds|likelihood|share)\s+(?:of|for)\s+[\"'“‘]?(?P<a>[\w-]+)[\"'”’]?", re.I),
    re.compile(r"\b(?P<a>[\w-]+)(?:'s)?\s+(?:probability|chance|odds)\b", re.I),
)
_MOVE_VERB = re.compile(
    rf"^\s*(?:would\s+|will\s+|then\s+|also\s+|only\s+|slightly\s+|sharply\s+)*(?:(?P<up>{_UP_VERB})|(?P<down>{_DOWN_VERB}))\b",
    re.IGNORECASE,
)
#: The way a kept range leaves room: "can only go up", "may only go down", "may rise freely", "any drop flips it".
_ONLY_WAY = re.compile(
    r"\b(?:can|could|may|might)\s+only\s+(?:(?P<up>go up|rise|increase|grow|climb|move up)|"
    r"(?P<down>go down|fall|drop|decrease|shrink|move down))\b|"
    r"\b(?:can|could|may|might)\s+(?:(?P<free_up>go up|rise|increase|climb)|(?P<free_down>go down|fall|drop|decrease))"
    r"\s+(?:freely|as much as|without limit|all the way)\b|"
    r"\bany\s+(?:(?P<any_up>rise|increase|raise|move up)|(?P<any_down>drop|fall|decrease|cut|reduction|move down))\s+"
    r"(?:\w+\s+){0,2}(?:flips?|changes?|would flip|would change|risks?|breaks?)\b",
    re.IGNORECASE,
)


class _InfluenceChecks(_RankChecks):
    """The claims of a clause about a feature's direction, rank and counterfactual change."""

    # ---- directions ---------------------------------------------------------------------------
    def _directions(self, clause: str, facts: Facts, said_label: str = "") -> None:
        if not facts.attributions:
            return
        # "lower triglyceride values", "a higher bmi": a comparative before a feature describes its value, not
        # the direction of its push.
        for m in find_mentions(clause, self.names.features, quoted_only=self.names.quoted_only):
            adjective = _VALUE_WORD.search(clause[: m.start])
            if adjective is not None:
                clause = clause[: adjective.start()] + " " * len(adjective.group(0)) + clause[adjective.end() :]
        up, down = cue.UP.search(clause), cue.DOWN.search(clause)
        back = _BACK.search(clause) if not (up or down) else None
        down = down or back  # "pulls it back by 0.5", "takes about 13 off": against the explained score (claims-48)
        if bool(up) == bool(down):
            return
        verb = up or down
        assert verb is not None
        contributions = {f.lower(): (label, c) for f, label, c in facts.attributions}
        mentions = [
            m for m in find_mentions(clause, self.names.features, quoted_only=self.names.quoted_only)
            if self.names.feature(m) in contributions and not signed_under_key(clause, verb.end(), m.start, m.end)
        ]  # fmt: skip
        # "density 2. Only the north lease argues against": a name left in a sentence that a stop inside the clause
        # ends is not what pushes (claims-48).
        mentions = [m for m in mentions if not (m.end <= verb.start() and _STOP.search(clause[m.end : verb.start()]))]
        if "than" in clause.lower():
            mentions = mentions[:1]
        if not mentions:
            return
        # "pushes towards rejection": a label's noun form names it as well as its name does.
        labels = self._label_mentions(clause[verb.start() :])
        explained = contributions[self.names.feature(mentions[0])][0]
        if labels:
            named = labels[0].name
        elif cue.THE_PREDICTION.search(clause[verb.start() :]) and facts.predicted:
            named = next(iter(facts.predicted)) if len(facts.predicted) == 1 else explained
        elif said_label in facts.predicted:
            named = said_label  # "X is what gets her approved; Y also helps": helps the prediction just named
        elif back is not None:
            named = explained  # what is taken off or pulled back is the score the explanation explains
        else:
            for m in mentions:
                self.report.skip(f"direction {self.names.feature(m)} (no label named)")
            return
        said = 1 if up else -1
        # "not smoking argues for X": a negation right before a feature states its value, not the push's way.
        for m in mentions:
            # claims-55 (gfa48): with a perfect or progressive between, "not having been laid", "never being cut"
            value = re.search(
                r"\b(?:not|no|non-?|never)(?:\s+(?:having|been|being|yet|ever|once|recently))*\s*$",
                clause[: m.start - m.quoted],
                re.I,
            )
            if value is not None and m.start < verb.start():
                clause = clause[: value.start()] + " " * (value.end() - value.start()) + clause[value.end() :]
            # "leaf guard | none | +0.77", "the guard (none fitted)": "none" right after the name is its value
            # (claims-54, gfa47)
            # (a table's row reads "leaf guard and value none and ...": the cell after its column's header)
            after = re.match(r"\s*(?:[|:(=,]|\band\s+[\w-]+)?\s*none\b", clause[m.end :], re.I)
            if after is not None and m.end + after.end() <= verb.start():
                clause = clause[: m.end + after.end() - 4] + "    " + clause[m.end + after.end() :]
        # A quoted word is a feature of a text model, not a negation ('"not" pushing towards positive').
        window = re.sub(r"[\"“'‘][^\"”'’]{1,40}[\"”'’]", " ", clause[max(0, verb.start() - 30) : verb.start()])
        if cue.NEGATION.search(window):
            said = -said
        if named != explained and len(self.names.labels) != 2:
            self.report.skip(f"direction towards {named} (explained label is {explained})")
            return
        sign = said if named == explained else -said  # "towards stable" is "away from progressing"
        for m in mentions:
            feature = self.names.feature(m)
            claim = f"direction {feature} {'towards' if said > 0 else 'away from'} {named}"
            # Several subjects' explanations (a reply about two): the push of any of them may be the one meant.
            pushes = [(lab, c) for f, lab, c in facts.attributions if f.lower() == feature]
            self.report.claim(
                claim,
                any(c == 0 or (c > 0) == ((said if lab == named else -said) > 0) for lab, c in pushes)
                if len(self.names.labels) == 2
                else any(c == 0 or (c > 0) == (sign > 0) for lab, c in pushes if lab == explained),
                via="direction",
            )

    def _kept_ways(self, sentence: str, facts: Facts) -> None:
        """The room a kept range leaves ("bp can only go up from 117", "any rise flips it", "may rise freely"):
        no room below (low at today's value) for "only up" and "any drop flips"; room above for "rise freely".
        """
        if not facts.kept:
            return
        for way in _ONLY_WAY.finditer(sentence):
            named = find_mentions(sentence[: way.start()], self.names.features, quoted_only=self.names.quoted_only)
            feature = self.names.feature(named[-1]) if named else ""
            if feature not in facts.kept:
                continue
            low, current, high = facts.kept[feature]
            tol = 0.02 * max(high - low, abs(current), 1e-9)
            room_up, room_down = high > current + tol, low < current - tol
            said = next(k for k, v in way.groupdict().items() if v)
            if said == "up":
                self.report.claim(f"kept {feature} only up", room_up and not room_down, via="kept range way")
            elif said == "down":
                self.report.claim(f"kept {feature} only down", room_down and not room_up, via="kept range way")
            elif said == "any_down":
                self.report.claim(f"kept {feature} no room down", not room_down, via="kept range way")
            elif said == "any_up":
                self.report.claim(f"kept {feature} no room up", not room_up, via="kept range way")
            elif said == "free_up":
                self.report.claim(f"kept {feature} room up", room_up, via="kept range way")
            else:
                self.report.claim(f"kept {feature} room down", room_down, via="kept range way")

    def _probability_moves(self, clause: str, facts: Facts) -> None:
        """The way a what-if moves a class's probability ("the probability of X rises after the change")."""
        if not facts.what_if:
            return
        labels = {lab.lower(): lab for lab in self.names.labels}
        for m in (m for pattern in _PROBABILITY_MOVES for m in pattern.finditer(clause)):
            label = labels.get(m.group("a").lower())
            verb = _MOVE_VERB.match(clause[m.end() :])
            if label is None or verb is None or cue.NEGATION.search(clause[max(0, m.start() - 20) : m.end()]):
                continue
            olds = {v for v in facts.before_numbers.get(label, set()) if 0 <= v <= 1}
            news = {v for v in facts.after_numbers.get(label, set()) if 0 <= v <= 1}
            up = verb.group("up") is not None
            moved = [(o, n) for o in olds for n in news if n != o]
            if moved:
                held = any((n > o) == up for o, n in moved)
                self.report.claim(f"probability of {label} {'up' if up else 'down'}", held, via="probability move")

    # ---- changes ------------------------------------------------------------------------------
    def _comparatives(self, clause: str, facts: Facts, earlier: str) -> None:
        """Under a condition, a comparative before a feature a counterfactual or what-if changes is the direction
        of that change: "It would take a lower bmi", "a higher X (27.3 instead of 23.7) would make it Y".
        """
        if not facts.changes or not (_WOULD.search(clause) or _WOULD.search(earlier)):
            return
        for m in find_mentions(clause, self.names.features, quoted_only=self.names.quoted_only):
            said = _COMPARATIVE.search(clause[max(0, m.start - 20) : m.start])
            feature = self.names.feature(m)
            if said is None or feature not in facts.changes:
                continue
            moves = [
                (o, n) for o, n in facts.changes[feature] if isinstance(o, int | float) and isinstance(n, int | float)
            ]
            up = said.group("way").lower() in ("higher", "larger", "bigger", "greater")
            if moves:
                held = any((n > o) == up for o, n in moves if n != o)
                self.report.claim(f"change {feature} {'up' if up else 'down'}", held, via="comparative change")

    def _changes(self, clause: str, facts: Facts, earlier: str = "") -> None:
        self._comparatives(clause, facts, earlier)
        # "her BMI is on the lower side", "a higher bmi": a comparative said of a value is no change.
        clause = _DESCRIBED.sub(lambda m: " " * len(m.group(0)), clause)
        if not facts.changes or not cue.CHANGE_VERB.search(clause):
            return
        attributed = {f.lower() for f, _, _ in facts.attributions}
        named = find_mentions(clause, self.names.features, quoted_only=self.names.quoted_only)
        for m in named:
            feature = self.names.feature(m)
            if feature in attributed:
                continue
            if feature not in facts.changes:
                # A change the outputs do not make, said as one: under a condition or modal of the sentence, or
                # as an explicit move of the feature ("plus age lowered to 40", "raise age to 40").
                explicit = _MOVED_AFTER.match(clause[m.end :]) or _MOVED_BEFORE.search(clause[: m.start])
                if explicit or re.search(r"\b(would|could|need|should|if|to get|to reach|by)\b", clause, re.I):
                    self.report.claim(f"change {feature}", False, via="change")
                elif re.search(r"\b(would|could|need|should|if|to get|to reach)\b", earlier, re.I) and re.match(
                    r"\s*(?:and|plus|also|as well as)\b", clause, re.I
                ):
                    self.report.claim(f"change {feature}", False, via="change")
                continue
            # "X (log scale) from 4.43 to 5.2 ... its chance falls": with both ends said, only a verb before the
            # name ("lower bmi from 23.7 to 27.3") says the change's way; what follows the numbers is about others.
            # a feature's own name is no verb of its change: "a steeper fall, 2.9 instead of 1.6" (claims-54, gfa47)
            masked = "".join(" " if any(n.start <= i < n.end for n in named) else c for i, c in enumerate(clause))
            said = masked[: m.start] if _FROM_TO_AFTER.match(clause[m.end :]) else masked
            # "cut the wait by 45 weeks and almost double the fall": after a change verb, "and" opening a verb phrase
            # of its own before the name says this name's change alone (claims-54, gfa47)
            own = [a for a in _OWN_VERB.finditer(masked[: m.start]) if cue.CHANGE_VERB.search(masked[: a.start()])]
            if own:
                said = masked[own[-1].start() : m.start]
            # "makes progressing more likely", "cuts the flaw risk": a label's move, not the feature's; "falls_behind"
            said = without_labels(cue.ODDS_MOVED.sub(" ", _LIKELY.sub(" ", said)), self.names.labels)  # moves nothing
            up, down = cue.CHANGE_UP.search(said), cue.CHANGE_DOWN.search(said)
            if bool(up) == bool(down) or self.carried_and:
                continue
            moves = [
                (o, n) for o, n in facts.changes[feature] if isinstance(o, int | float) and isinstance(n, int | float)
            ]
            if moves:
                self.report.claim(
                    f"change {feature} {'up' if up else 'down'}",
                    any((n > o) == bool(up) for o, n in moves if n != o),
                    via="change",
                )


#: "... and almost double the": "and" before a word that is no determiner opens a verb phrase of its own.
_OWN_VERB = re.compile(
    r"\band\s+(?!(?:the|a|an|her|his|its|their|your|this|that|also|then|by|to|from|with|of|in|on)\b)[a-z]+\b", re.I
)
_LIKELY = re.compile(
    r"\b(?:more|less)\s+(?:likely|probable|confident|certain|sure)\b|"
    # "its chance climbs from about 30 % to 36.5 %": the move of a label's probability
    # and since claims-48 its risk: "the progression risk drops a little with the higher glucose"
    r"\b(?:chance|probability|odds|likelihood|confidence|risk)\s+(?:of\s+[\w-]+\s+)?(?:\w+\s+)?(?:climbs|rises|increases|"
    r"goes up|jumps|falls|drops|decreases|goes down|dips|sinks)\b",
    re.I,
)
