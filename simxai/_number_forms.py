"""Numbers written the continental way: a dot between thousands ("118.146"), a comma before decimals ("0,3").

Much of Europe writes "1.250" for one thousand two hundred and fifty and "2,5" for two and a half, and users
who write English with that habit keep it. Every reader of `simxai.extraction` reads "118146" and "2.5": the
dotted id would be a decimal value nobody can find, the comma would split "2,5 m" into a 2 and a 5. `normalize`
writes each form the way the readers meet it, where only one reading is likely:

- `dotted_ids`: a number in groups of three digits after a dot ("118.146", "1.024.300") is written as its digits
  when those are one of the host's ids and its first group is not, unless (with one dot) a numeric feature
  named in the few words before it can take the number as a decimal value ("pressure 101.325" stays a pressure);
- `decimal_points`: a comma between a number and one digit ("1,5 m", "13,9") or after a lone zero ("0,25") is
  written as a point. Left as written: a comma before two or more digits after a number other than zero
  ("12,15" may be two ids; "1,500" is the English thousand), a list ("3,4,5", "1,5 or 7"), and numbers after
  a word that names records ("ids 4,5", "patients 2,3").

And one English form, for the offline router (`simxai._chat_spellings.spelled_out`, not `normalize`): `one_moved_to`
writes a lone "one" as 1 where a change moves a value to it ("cut back to one", "down to one"), which the
spoken-number reader leaves as a pronoun; "back to one of them" stays.
"""

from __future__ import annotations

import re

from simxai._spoken import Spoken

__all__ = ["decimal_points", "dotted_ids", "one_moved_to"]

_DOTTED = re.compile(r"(?<![\d,.])\d{1,3}(?:\.\d{3})+(?![\d]|[.,]\d)")
_DECIMAL_COMMA = re.compile(r"(?<![\d.,])(?P<a>\d{1,3}),(?P<b>\d+)(?![\d]|[.,]\d)")
# "1,5 or 7", "2,3 and 9": a list of whole numbers, not a decimal and a number
_LIST_GOES_ON = re.compile(r"\s*(?:and|or|&|/)\s*\d+(?![\d]|[.,]\d)", re.IGNORECASE)
_WORDS = re.compile(r"[A-Za-z]{3,}")
_GLUE = frozenset({"the", "and", "for", "with", "were", "was", "since", "per", "from", "into", "its", "their"})
_RECORD_WORDS = r"ids?|rows?|instances?|records?|numbers?|nos?\.?|cases?|items?"


def dotted_ids(text: str, spoken: Spoken) -> str:
    """`text` with an id written with dots between its thousands as plain digits ("run 118.146" -> "run 118146")."""
    if spoken.id_range is None or "." not in text:
        return text
    low, high = spoken.id_range

    def join(match: re.Match[str]) -> str:
        groups = match.group().split(".")
        joined = int("".join(groups))
        if not low <= joined <= high or low <= int(groups[0]) <= high:
            return match.group()
        if len(groups) == 2:
            value = float(match.group())
            before = {w.lower() for w in _WORDS.findall(text, max(0, match.start() - 40), match.start())}
            if any(
                (lo is None or lo <= value) and (hi is None or value <= hi) and _named(words, before)
                for words, lo, hi in spoken.features
            ):
                return match.group()  # a value of the feature named just before it ("pressure 101.325")
        return str(joined)

    return _DOTTED.sub(join, text)


def _named(words: tuple[str, ...], before: set[str]) -> bool:
    """Whether every content word of a feature's name (or alias) is among the words `before` a number."""
    content = [w for w in words if len(w) >= 3 and w not in _GLUE]
    return bool(content) and all(w in before for w in content)


def decimal_points(text: str, noun: str = "") -> str:
    """`text` with a decimal comma written as a point ("0,3 mm" -> "0.3 mm", "1,5 m/s less" -> "1.5 m/s less")."""
    if "," not in text:
        return text
    names = _RECORD_WORDS + (f"|{re.escape(noun)}s?" if noun else "")
    record_before = re.compile(rf"(?:\b(?:{names})|#)\s*$", re.IGNORECASE)

    def point(match: re.Match[str]) -> str:
        whole, fraction = match.group("a"), match.group("b")
        if not (len(fraction) == 1 or whole == "0"):
            return match.group()
        if _LIST_GOES_ON.match(text, match.end()) or record_before.search(text, 0, match.start()):
            return match.group()
        return f"{whole}.{fraction}"

    return _DECIMAL_COMMA.sub(point, text)


# "cut back to one", "brought down to one": a word that moves a value, "to", then a lone "one" that is no pronoun
_ONE_MOVED_TO = re.compile(
    r"\b(?P<lead>(?:down|up|back|cut|reduced|dropped|fell|rose|raised|lowered|increased|decreased)\s+to\s+)one\b"
    r"(?!\s+(?:of|another|side|way|or)\b)(?!-)",
    re.IGNORECASE,
)


# "one fewer still", "and one more?": a lone "one" before a direction that ends the turn is a step of 1 (dlg49); "one
# more question", "one more thing about ..." go on with a noun and stay as written
_ONE_STEP = re.compile(
    r"\bone(?=\s+(?:more|fewer|less|lower|higher)\s*(?:(?:still|again|then|instead|please|too)\s*)?[?.!]*\s*$)",
    re.IGNORECASE,
)


def one_moved_to(text: str) -> str:
    """`text` with a lone "one" a change moves a value to, or a step of one said alone, written as 1 (module doc)."""
    return _ONE_STEP.sub("1", _ONE_MOVED_TO.sub(lambda m: f"{m.group('lead')}1", text))
