"""Checks of what a reply says of a feature's influence: its direction, its rank, a counterfactual's change."""

from __future__ import annotations

import re
from typing import Any

from simxai._spoken import UNITS
from simxai.guard import _cues as cue
from simxai.guard._facts import Facts
from simxai.guard._one_way import first_on_its_side, rank_of, shared_place_holds, shares_place
from simxai.guard._prefilter import gated
from simxai.guard._pushed import signed_under_key
from simxai.guard._reading import find_mentions, glossed, without_labels
from simxai.guard._state import _CheckState

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
#: A verb that places a name in a ranking when an ordinal follows it: "age sits fourth", "income comes second".
_RANK_VERB = re.compile(r"\b(?:comes?|sits?|ranks?|lands?|finish(?:es)?|places?|is placed)\s+(?:in\s+)?$", re.I)
_OTHER_WAY = re.compile(r"\b(?:the other way|the opposite (?:way|direction)|in the other direction)\b", re.I)
_VALUE_WORD = re.compile(r"\b(?:lower|higher|low|high)\s+(?:[a-z]+\s+(?:and|or)\s+)?$", re.IGNORECASE)


#: What may stand between "ahead of" / "behind" and the feature it ranks against (claims-25).
_PLACED_GAP = re.compile(r"[\s\"'`*]*(?:(?:just|only|the|its|their)\s+)*")
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
#: A count of the last places said before "least": "the three least important", "the 2 weakest" (gfa37).
_LAST_N = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten|[2-9])\s+(?:least\b|smallest\b|weakest\b)", re.I)
#: The cue of an ordered list of features: "ranked by influence:", "the ranking goes", "from most to least important".
_ORDER_CUE = re.compile(
    r"\b(?:rank(?:ed|s|ing)?(?!\s*#?\d)|in (?:that |this )?order|ordered|sorted|from most to least|order(?=:)|"
    r"by (?:importance|influence|size|magnitude|strength)|top(?=\b[^.;:\n]{0,40}?(?:\bare\b|:)))\b",
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
_ITEM_LINE = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+(?P<body>.+)$")
_THEN = re.compile(r"\b(?:then|followed by|ahead of)\b|,", re.IGNORECASE)
#: A line that says the list after it is in rank order.
_RANKED_INTRO = re.compile(
    r"\b(?:rank(?:s|ed|ing)?\b[^\n]{0,40}\b(?:as follows|below|like this)|in (?:decreasing |descending )?order of "
    r"(?:importance|influence|impact|size|strength)|(?:ordered|sorted) by (?:importance|influence|impact|size|"
    r"strength|\|?contribution\|?)|from (?:most|largest|biggest|strongest) to (?:least|smallest|weakest))\b[^\n]*:\s*$",
    re.IGNORECASE,
)
#: A list item's marker: "- ", "* ", "• ", "1. ", "2) ".
_ITEM = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+[*_`\"“']*")


def _in_order(order: list[str], ranking: list[list[str]]) -> bool:
    """Whether each feature of `order` has a rank in `ranking` (tied groups) and none ranks above the one before."""
    ranks = [next((k for k, group in enumerate(ranking) if f in group), None) for f in order]
    known = [k for k in ranks if k is not None]
    return len(known) == len(ranks) and all(a <= b for a, b in zip(known, known[1:], strict=False))


class _InfluenceChecks(_CheckState):
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
        if bool(up) == bool(down):
            return
        verb = up or down
        assert verb is not None
        contributions = {f.lower(): (label, c) for f, label, c in facts.attributions}
        mentions = [
            m for m in find_mentions(clause, self.names.features, quoted_only=self.names.quoted_only)
            if self.names.feature(m) in contributions and not signed_under_key(clause, verb.end(), m.start, m.end)
        ]  # fmt: skip
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
        else:
            for m in mentions:
                self.report.skip(f"direction {self.names.feature(m)} (no label named)")
            return
        said = 1 if up else -1
        # "not smoking argues for X": a negation right before a feature states its value, not the push's way.
        for m in mentions:
            value = re.search(r"\b(?:not|no|non-?)\s*$", clause[: m.start - m.quoted])
            if value is not None and m.start < verb.start():
                clause = clause[: value.start()] + " " * (value.end() - value.start()) + clause[value.end() :]
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

    # ---- ranks --------------------------------------------------------------------------------
    def _rank_orders(self) -> None:
        """Lists of features said to be in rank order: each item must rank no lower than the one after it (ties
        allowed) in the order of |contribution| (local) or importance (global).

        Two ways a list is said, each read on one subject's outputs only:
        - announced ("rank the features as follows:", "in order of importance:", `_RANKED_INTRO`) and its bullets,
          each led by a feature's name as written (`self.raw`): one ranking must order the whole list;
        - cued ("Ranked by influence:" and its bullets, each naming a feature; "the ranking goes A, then B, then
          C", `_ORDER_CUE`): each item must rank no lower than the next in some ranking.
        """
        rankings = [r for r in (self.all.local_ranking, self.all.global_ranking) if r]
        if not rankings:
            return
        if len(self.ids) <= 1:
            for order in self._announced_lists():
                held = any(_in_order(order, r) for r in rankings)
                self.report.claim(f"rank order {', '.join(order)}", held, via="rank order of a list")
        if len({id(f) for f in self.facts if f.local_ranking or f.global_ranking}) <= 1:
            for items in self._cued_lists():
                for a, b in zip(items, items[1:], strict=False):
                    if a != b:
                        held = any(_in_order([a, b], r) for r in rankings)
                        self.report.claim(f"rank order {a} before {b}", held, via="rank order of a pair")

    def _announced_lists(self) -> list[list[str]]:
        """The features leading the bullets after each line that announces a ranked list (two or more)."""
        lists: list[list[str]] = []
        lines = self.raw.split("\n")
        for i, line in enumerate(lines):
            if not _RANKED_INTRO.search(line):
                continue
            order: list[str] = []
            for item in lines[i + 1 :]:
                bullet = _ITEM.match(item)
                if bullet is None:
                    if order and item.strip():
                        break
                    continue
                found = find_mentions(item[bullet.end() :], self.names.features, quoted_only=self.names.quoted_only)
                if not found or found[0].start > 6:
                    break
                order.append(self.names.feature(found[0]))
            if len(order) >= 2:
                lists.append(order)
        return lists

    def _cued_lists(self) -> list[list[str]]:
        """The features of the bullets after a line with a cue of order that ends with ":", or those named after
        the cue in a line joining them by "then", "followed by" or commas.
        """
        lists: list[list[str]] = []
        lines = self.reply.split("\n")
        for i, line in enumerate(lines):
            cue_at = _ORDER_CUE.search(line)
            if cue_at is None or _ITEM_LINE.match(line):
                continue
            items: list[str] = []
            if line.rstrip().endswith(":"):
                for nxt in lines[i + 1 :]:
                    item = _ITEM_LINE.match(nxt)
                    if item is None:
                        break
                    found = find_mentions(item.group("body"), self.names.features, quoted_only=self.names.quoted_only)
                    if found:
                        items.append(self.names.feature(found[0]))
            else:
                rest = re.split(r"[.;!?](?:\s|$)", line[cue_at.end() :])[0]
                if not _THEN.search(rest):
                    continue
                found = find_mentions(rest, self.names.features, quoted_only=self.names.quoted_only)
                items = [self.names.feature(m) for m in found]
            lists.append(items)
        return lists

    def _ranks(self, clause: str, sentence: str, facts: Facts) -> None:
        rankings = [r for r in (facts.local_ranking, facts.global_ranking) if r]
        if not rankings:
            return
        mentions = find_mentions(clause, self.names.features, quoted_only=self.names.quoted_only)
        features = [self.names.feature(m) for m in mentions if m.name not in self.names.ambiguous]
        if len(features) < len(mentions) or not features:
            return  # a short name that also starts another feature's ("clay"): whose rank it states is a guess

        def check(text: str, ok: Any) -> None:
            self.report.claim(text, any(ok(r) for r in rankings), via="rank")

        if cue.NOT_AS_MUCH.search(clause):
            # "A and B matter, but neither as much as C": C ranks above each feature the sentence names before.
            not_as = cue.NOT_AS_MUCH.search(sentence)
            named = find_mentions(sentence, self.names.features, quoted_only=self.names.quoted_only)
            if not_as is not None:
                above = [self.names.feature(m) for m in named if m.start >= not_as.end()]
                below = [self.names.feature(m) for m in named if m.start < not_as.start()]
                for b in below[:3] if above else []:

                    def beats(r: list[list[str]], a: str = above[0], b: str = b) -> bool:
                        ra, rb = rank_of(a, r), rank_of(b, r)
                        return ra is not None and rb is not None and ra < rb

                    check(f"rank {above[0]} above {b}", beats)
                if above and below:
                    return
        numbered = cue.RANK_NUMBER.search(clause)
        if numbered and len(set(features)) == 1:
            k = int(numbered.group(1) or numbered.group(2) or numbered.group(3))
            check(f"rank {features[0]} = {k}", lambda r: rank_of(features[0], r) == k)
            return
        comparative = cue.COMPARATIVE.search(clause)
        if comparative and len(features) >= 2:
            a, b = features[0], features[1]
            word = comparative.group(1) or comparative.group(2)
            placed = comparative.group(4) or comparative.group(5)  # "ahead of", "behind" (claims-25)
            more = word.lower() == "more" if word else comparative.group(5) is None
            if mentions[0].start > comparative.start() and (word or placed):
                return
            if placed and not (
                len(mentions) >= 2
                and mentions[0].end <= comparative.start()
                and mentions[1].start >= comparative.end()
                and _PLACED_GAP.fullmatch(clause[comparative.end() : mentions[1].start])
            ):
                return  # "the model behind the prediction", "ahead of schedule": no rank of two features

            def order(r: list[list[str]]) -> bool:
                ra, rb = rank_of(a, r), rank_of(b, r)
                return ra is not None and rb is not None and ((ra < rb) if more else (ra > rb))

            check(f"rank {a} {'above' if more else 'below'} {b}", order)
            return
        among = cue.RANK_AMONG.search(clause)
        top = cue.TOP_N.search(sentence)
        ordinal = cue.RANK_ORDINAL.search(clause)
        if among or (top and re.search(r"\b(are|were|include|:)", sentence[top.end() : top.end() + 40])):
            word = (among.group(1) if among else top.group(1) if top else None) or "three"
            n = UNITS.get(word.lower()) or (int(word) if word.isdigit() else 3)
            targets = features if not among else features[:1]
            for f in targets:
                check(f"rank {f} in top {n}", lambda r, f=f: (rank_of(f, r) or 99) <= n)
        elif ordinal and (
            cue.RANK_WORD.search(clause)
            or _RANK_VERB.search(clause[: ordinal.start()])
            or (cue.ORDINAL_KEY.match(clause[ordinal.start() :]) and not clause[: ordinal.start()].strip(" *•-"))
        ):
            k = cue.ORDINALS[ordinal.group(1).lower()]
            # "A leads and the runner-up is B", "in second place comes B": the ordinal is said of the name after it
            # when a copula or "comes" joins them; else of the name before it ("B ranks second and C third").
            after = [m for m in mentions if m.start >= ordinal.end()]
            before_it = [m for m in mentions if m.end <= ordinal.start()]
            joined = bool(after) and bool(
                re.fullmatch(
                    r"(?:[- ]most)?(?:\s+(?:important|influential|place|feature|factor|word))?(?:\s+(?:overall|here))?"
                    r"\s*(?:is|was|:|goes to|comes|come|comes in|,)\s*(?:the\s+|her\s+|his\s+)?[\"'‘“]?",
                    clause[ordinal.end() : after[0].start],
                    re.I,
                )
            )
            at = after[0] if joined or not before_it else before_it[-1]
            nearest = self.names.feature(at)
            if shares_place(clause[: ordinal.start()], clause[ordinal.end() :]) and len(before_it) > 1:
                shared = list(dict.fromkeys(self.names.feature(m) for m in before_it))  # "A and B sharing second"
                check(f"rank {', '.join(shared)} share {k}", lambda r: shared_place_holds(shared, k, r))
                return
            check(f"rank {nearest} = {k}", lambda r: rank_of(nearest, r) == k)
        elif cue.RANK_LAST.search(clause):
            n = len(features) if len(features) > 1 and re.search(r"\band\b", clause) else 1  # "A and B matter least"
            if (counted := _LAST_N.search(clause)) is not None:  # "A, B and C are the three least important"
                n = max(n, UNITS.get(counted.group(1).lower()) or int(counted.group(1)))
            for f in features[:n]:  # each of n names said to matter least is among the last n places
                check(f"rank {f} last" + (f" {n}" if n > 1 else ""), lambda r, f=f: (rank_of(f, r) or 0) > len(r) - n)
        elif cue.RANK_FIRST.search(clause) and not cue.NEGATION.search(clause):
            # "their income (debt_to_income 0.17)": a name glossed by the feature in brackets after it is that one.
            kept = [m for m in mentions if not glossed(clause, m, mentions)]
            features = [self.names.feature(m) for m in kept] or features
            listed = self._listed_after(clause, sentence, features)
            if len(listed) > 1:
                # "mostly because of A, B and C": the list is the top of the ranking (or of the features pushing
                # the same way), in no said order.
                self._top_list(listed, facts, rankings)
                return
            if len(features) > 1 and not re.search(r"\band\b", clause):
                features = features[:1]
            # "the main factor working against approval": first among the features pushing that way.
            # the side may be named by a sentence that leads in to it and names no feature ("What holds her back?")
            signed = bool(_OTHER_WAY.search(clause) or cue.names_side(f"{self.lead} {clause}")) and bool(
                facts.attributions
            )
            for f in features[:1]:  # first overall, or first of its side (`_one_way`)
                first = any(rank_of(f, r) == 1 for r in rankings)
                first = first or (signed and first_on_its_side(f, rankings[0], facts.attributions))
                self.report.claim(f"rank {f} = 1", first, via="rank")

    def _listed_after(self, clause: str, sentence: str, features: list[str]) -> list[str]:
        """The features of an enumeration the clause's last feature starts ("because of A, B and C"), read on in
        the sentence past the clause's end.
        """
        at = sentence.find(clause)
        if at < 0 or not features:
            return []
        mentions = find_mentions(clause, self.names.features, quoted_only=self.names.quoted_only)
        listed = [self.names.feature(mentions[-1])]
        rest = sentence[at + mentions[-1].end + (1 if mentions[-1].quoted else 0) :]
        for m in find_mentions(rest, self.names.features, quoted_only=self.names.quoted_only):
            gap = rest[: m.start - (1 if m.quoted else 0)]
            if not re.fullmatch(r"\s*(?:,\s*(?:and\s+)?|and\s+)(?:the\s+|her\s+|his\s+|their\s+)?[\"'‘“]?", gap):
                break
            listed.append(self.names.feature(m))
            rest = rest[m.end + (1 if m.quoted else 0) :]
        return listed

    def _top_list(self, listed: list[str], facts: Facts, rankings: list[list[list[str]]]) -> None:
        k = len(listed)
        sign = {f.lower(): (c > 0) - (c < 0) for f, _, c in facts.attributions}

        def rank(feature: str, ranking: list[list[str]]) -> int:
            return next((i + 1 for i, group in enumerate(ranking) if feature in group), 99)

        overall = any(all(rank(f, r) <= k for f in listed) for r in rankings)
        ways = {sign.get(f) for f in listed}
        same = [[g for g in group if sign.get(g) in ways] for group in rankings[0]]
        same = [group for group in same if group]
        one_way = len(ways) == 1 and 0 not in ways and all(rank(f, same) <= k for f in listed)
        self.report.claim(f"rank {', '.join(listed)} in top {k}", overall or one_way, via="rank top k")

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
        for m in find_mentions(clause, self.names.features, quoted_only=self.names.quoted_only):
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
            said = clause[: m.start] if _FROM_TO_AFTER.match(clause[m.end :]) else clause
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


_LIKELY = re.compile(
    r"\b(?:more|less)\s+(?:likely|probable|confident|certain|sure)\b|"
    # "its chance climbs from about 30 % to 36.5 %": the move of a label's probability
    r"\b(?:chance|probability|odds|likelihood|confidence)\s+(?:of\s+[\w-]+\s+)?(?:\w+\s+)?(?:climbs|rises|increases|"
    r"goes up|jumps|falls|drops|decreases|goes down|dips|sinks)\b",
    re.I,
)
