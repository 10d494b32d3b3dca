"""Which fields a number of a reply may be bound to: the features, metrics and labels named beside it, each with
where it is named (`_numbers` chooses among them).
"""

from __future__ import annotations

import re

from simxai.guard import _cues as cue
from simxai.guard._number_pairs import _PairedNumbers
from simxai.guard._reading import NumberClaim, find_mentions

__all__: list[str] = []


#: A label after a number that opens a share of its own: "... 55 % with watch at 45 %", "0.7, and sealed at 0.3".
_OWN_NUMBER = re.compile(
    r"\s*%?\s*,?\s*(?:with|and|while|whereas|but|against|vs\.?|versus)\s+(?:the\s+)?[\"'“‘*]*\|"
    r"[\"'”’*]*\s*(?:at|on|:|=|with)?\s*[≈~]?\s*(?:about\s+|around\s+|roughly\s+)?\.?\d",
    re.I,
)


class _NumberNames(_PairedNumbers):
    """The names a number may be bound to."""

    def _entities(
        self, text: str, claim: NumberClaim | None, offset: int, inside: bool = False
    ) -> list[tuple[str, str, int]]:
        """(kind, name, position) of the names in `text` a number there may be bound to."""
        found = []
        if claim is None or not claim.percent:
            for m in find_mentions(text, self.names.features, quoted_only=self.names.quoted_only):
                found.append(("feature", self.names.feature(m), offset + m.start))
        # Metrics are fractions: a whole number above 1 is no metric's value ("55 of the 60 classified correctly").
        whole = claim is not None and not claim.percent and claim.decimals == 0 and claim.value > 1
        for m in [] if whole else find_mentions(text, list(self.names.metrics)):
            if m.name.lower() in cue.VAGUE_METRIC:
                # "right 79 % of the time": the share of right answers among some cases, which is the accuracy,
                # a class's precision or its recall.
                found += [("metric", name, offset + m.start) for name in ("accuracy", "precision", "recall")]
            else:
                metric = self._labelled_metric(text, m.start, m.end, self.names.metrics[m.name])
                found.append(("metric", metric, offset + m.start))  # "recall of stable" when a label is said
        if claim is not None:
            # A whole number above 1 is no probability ("the score would have to drop to 576").
            whole_number = not claim.percent and claim.decimals == 0 and claim.value > 1
            # A negative number is no probability ("a base value of -0.03 log-odds"); a cue of probability counts
            # beside the number only ("from 26.8 to 24.12 makes progressing less likely": 26.8 is no probability).
            near = text[: claim.end + 15] if inside else text
            probability = claim.percent or (
                bool(cue.PROBABILITY.search(near)) and not whole_number and claim.value >= 0
            )
            counted = claim.decimals == 0 and bool(cue.COUNT.search(text))
            for m in self._label_mentions(text):
                # An integer beside a label ("221 stable", "stable: 221") counts it.
                gap = text[min(m.end, claim.end) : max(m.start, claim.start)] if inside else "?"
                beside = claim.decimals == 0 and claim.high is None and len(gap.strip(" :=(),")) == 0 and len(gap) <= 4
                own = _OWN_NUMBER.match(text[claim.end : m.start] + "|" + text[m.end :]) if inside else None
                if own is not None and m.start >= claim.end:
                    continue  # "55 % with watch at 45 %": the label after has a number of its own (round 38)
                if probability or counted or beside:
                    found.append(("label", m.name, offset + m.start))
        return found
