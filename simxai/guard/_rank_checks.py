"""Checks of what a reply says of features' ranks: a named place ("the second most important"), a comparison
("A matters more than B"), the top or last places, and lists said in rank order. `_influence` builds on them.
"""

from __future__ import annotations

import re
from typing import Any

from simxai._spoken import UNITS
from simxai.guard import _cues as cue
from simxai.guard._facts import Facts
from simxai.guard._mentions import camel_split
from simxai.guard._one_way import first_on_its_side, rank_of, shared_place_holds, shares_place
from simxai.guard._reading import find_mentions, glossed
from simxai.guard._state import _CheckState

#: A verb that places a name in a ranking when an ordinal follows it: "age sits fourth", "income comes second".
_RANK_VERB = re.compile(r"\b(?:comes?|sits?|ranks?|lands?|finish(?:es)?|places?|is placed)\s+(?:in\s+)?$", re.I)
_OTHER_WAY = re.compile(r"\b(?:the other way|the opposite (?:way|direction)|in the other direction)\b", re.I)

#: What may stand between "ahead of" / "behind" and the feature it ranks against (claims-25).
_PLACED_GAP = re.compile(r"[\s\"'`*]*(?:(?:just|only|the|its|their)\s+)*")

#: A count of the last places said before "least": "the three least important", "the 2 weakest" (gfa37).
_LAST_N = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten|[2-9])\s+(?:least\b|smallest\b|weakest\b)", re.I)
#: The cue of an ordered list of features: "ranked by influence:", "the ranking goes", "from most to least important".
_ORDER_CUE = re.compile(
    r"\b(?:rank(?:ed|s|ing)?(?!\s*#?\d)|in (?:that |this )?order|ordered|sorted|from most to least|order(?=:)|"
    r"by (?:importance|influence|size|magnitude|strength)|top(?=\b[^.;:\n]{0,40}?(?:\bare\b|:)))\b",
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


class _RankChecks(_CheckState):
    """The claims of a clause or a reply about the features' ranks."""

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

        # claims-55 (gfa48): a rank's word inside a feature's name ("Main Species", "has_first_flush") ranks
        # nothing: the cues are read with every name blanked (same length, so places stay).
        said, clause = clause, _blanked(clause, mentions)

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
            between = clause[mentions[0].end : comparative.start()]
            if a == b and re.search(r"\s[-–—]\s|[,;:(]", between):  # claims-56 (gfa49): "then X - the walk to
                # the tap is just behind X": the side before the comparative is in words no name binds
                self.report.skip(f"rank {a} against itself (one side not bound to a feature, not compared)")
                return

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
            kept = [m for m in mentions if not glossed(said, m, mentions)]
            features = [self.names.feature(m) for m in kept] or features
            listed = self._listed_after(said, sentence, features)
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


def _blanked(text: str, mentions: list[Any]) -> str:
    """`text` with each mention's span written as underscores (a word no cue reads), places kept; with it the words
    right before it that are words of its own name ("no first has_first_flush", a clipped name written out after
    the writer's "first").
    """
    for m in mentions:
        start, words = m.start, set(re.split(r"[\W_]+", camel_split(m.name).lower()))
        while (before := re.search(r"(\w+)\s+$", text[:start])) is not None and before.group(1).lower() in words:
            start = before.start()
        text = text[:start] + "_" * (m.end - start) + text[m.end :]
    return text
