"""Numbers and forms as people say them, for `simxai.normalize`: number words, spoken ids, dictation slips.

Two passes over word tokens, both linear:

- `clean_speech` rewrites the text before anything else: fillers ("um", "uh", "erm") go; a restart that
  repeats a word ("why did- why was") keeps only the repair, and a corrected number ("fifteen hundred- no
  fourteen ninety nine") only the correction; the host's noun said as two words ("policy holder") is joined;
  letters spelled out become the host's or a metric's name ("b m i" -> "bmi", "f one" -> "f1", "r o c a u c"
  -> "roc auc"); the dictation homophone "wear" becomes "were" in a conditional ("if she wear", "if her bmi
  wear thirty").
- `read_numbers` finds the runs of number words ("forty one", "a hundred and ten") and reads the spoken
  forms of ids and values: a number said in pairs ("one forty" -> 140, "fifty two fifteen" -> 5215), digit by
  digit with "oh" ("twelve oh five" -> 1205, "one oh two four" -> 1024), decimals ("point two" -> 0.2) and
  thousands ("35k" -> 35 where the feature is given in thousands). Pairs are joined only when something says
  they are one number: an "oh", an id word or the host's noun before them (with the value in the id range),
  a feature before them whose range holds the value and not its first part, or an id range that holds the
  value and not its first part. A year ("twenty twenty two") after no id word stays as written.

The number words themselves and a run's value are `simxai._number_words`'s, re-exported here.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from itertools import accumulate

from simxai._number_words import SCALES, TENS, UNITS, continues_number, number_value

__all__ = ["SCALES", "TENS", "UNITS", "Spoken", "apply_edits", "clean_speech", "number_value", "read_numbers"]

# Words that make a lone "one" a number, and spoken pairs one id: an id noun before it; a unit after it.
ID_WORDS = frozenset("id number row instance sample case record item entry index pt #".split())
_UNIT_WORDS = frozenset("percent per % year years point points unit units time times".split())
_FILLERS = frozenset("um umm ummm uh uhh uhhh uhm erm ermm hmm hmmm".split())
_CORRECTIONS = (("no",), ("sorry",), ("i", "mean"), ("wait", "no"), ("no", "wait"))
_PRONOUNS = frozenset("she he it".split())
_MORE = frozenset("higher lower more less older younger bigger smaller larger greater different".split())
# "and one higher?": a lone "one" before these is an amount, unless a determiner before makes it a pronoun
_ONE_STEP = frozenset("higher lower older younger bigger smaller larger greater".split())
_DETERMINERS = frozenset("the this that which each every any no another a".split())
#: Names often spelled out letter by letter besides the host's own words and its metrics.
_ACRONYMS = frozenset("ai ml id auc roc f1 shap lime".split())
_MOST_LETTERS = 10  # a longer run of single letters spells no name
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9']*-?")

Token = tuple[int, int, str]
Edit = tuple[int, int, str]


@dataclass(frozen=True)
class Spoken:
    """What the host says about its numbers and names: noun, id range, features' words and ranges."""

    noun: str = ""
    id_range: tuple[int, int] | None = None
    features: tuple[tuple[tuple[str, ...], float | None, float | None], ...] = ()
    acronyms: frozenset[str] = frozenset()


# ---------------------------------------------------------------------------------------------- speech


def clean_speech(text: str, spoken: Spoken, full: bool) -> str:
    """`text` without fillers, with the host's split noun joined; for a tabular host also restarts resolved,
    spelled letters joined and "wear" read as "were" in a conditional.
    """
    tokens = [(m.start(), m.end(), m.group().lower()) for m in _TOKEN.finditer(text)]
    edits: list[Edit] = []
    for k, (start, end, word) in enumerate(tokens):
        following = tokens[k + 1][2] if k + 1 < len(tokens) else ""
        if word.rstrip("-") in _FILLERS and text[end : end + 1] in ("", " ", ",") and following != "huh":
            edits.append((start, tokens[k + 1][0] if following else end, ""))
        elif spoken.noun and k + 1 < len(tokens) and _joins(word, tokens[k + 1][2], spoken.noun):
            edits.append((start, tokens[k + 1][1], text[start : tokens[k + 1][1]].replace(" ", "").replace("-", "")))
    if full:
        edits += _restarts(tokens, text) + _letters(tokens, text, spoken) + _wear(tokens, spoken)
    cleaned = apply_edits(text, edits) if edits else text
    return cleaned if cleaned.strip() else text  # a turn that is only "um" stays as said


def _joins(word: str, following: str, noun: str) -> bool:
    """Whether two words are the host's noun said in two ("policy holder", "policy-holder")."""
    return word.rstrip("-") + following.rstrip("-") in (noun, noun + "s")


def _restarts(tokens: list[Token], text: str) -> list[Edit]:
    """Drop what a speaker took back: "why did- why was" -> "why was"; "fifteen hundred- no fourteen" ->
    "fourteen"; "which factors wait no which features" -> "which features".
    """
    edits: list[Edit] = []
    for k, (_, end, word) in enumerate(tokens):
        hyphen = word.endswith("-") and text[end : end + 1] == " "
        marker = next((m for m in _CORRECTIONS if _at(tokens, k + 1, m)), ()) if hyphen or word == "wait" else ()
        if not hyphen and not (word == "wait" and marker == ("no",)):
            continue
        after = k + 1 + len(marker)
        if after >= len(tokens):
            continue
        repair = tokens[after][2].rstrip("-")
        last = k if hyphen else k - 1  # the last word taken back
        for back in range(last, max(last - 4, -1), -1):
            if tokens[back][2].rstrip("-") == repair:
                edits.append((tokens[back][0], tokens[after][0], ""))
                break
        else:
            if hyphen and marker and _is_number(repair) and _is_number(word.rstrip("-")):
                first = last
                while first > 0 and _is_number(tokens[first - 1][2]):
                    first -= 1
                edits.append((tokens[first][0], tokens[after][0], ""))
    return edits


def _at(tokens: list[Token], k: int, words: tuple[str, ...]) -> bool:
    window = tokens[k : k + len(words)]
    return len(window) == len(words) and all(t[2].rstrip("-") == w for t, w in zip(window, words, strict=True))


def _is_number(word: str) -> bool:
    return word in UNITS or word in TENS or word in SCALES or word.isdigit()


def _letters(tokens: list[Token], text: str, spoken: Spoken) -> list[Edit]:
    """Letters said one by one that spell a known name ("b m i" -> "bmi", "f one" -> "f1")."""
    known = spoken.acronyms | _ACRONYMS
    edits: list[Edit] = []
    k = 0
    while k < len(tokens):
        j = k
        while (
            j < len(tokens)
            and len(tokens[j][2]) == 1
            and tokens[j][2].isalpha()
            and (j == k or _spaced(tokens, text, j))
        ):
            j += 1
        digit = j < len(tokens) and j > k and UNITS.get(tokens[j][2], 10) < 10 and _spaced(tokens, text, j)
        said = [t[2] for t in tokens[k:j]] + ([str(UNITS[tokens[j][2]])] if digit else [])
        for skip in range(
            len(said) - 1 if len(said) <= _MOST_LETTERS else 0
        ):  # "is it a b m i": the name may start after a word "a" or "i"
            letters = "".join(said[skip:])
            name = letters if letters in known else _split(letters, known)
            if name:
                edits.append((tokens[k + skip][0], tokens[j if digit else j - 1][1], name))
                break
        k = max(j + (1 if digit else 0), k + 1)
    return edits


def _spaced(tokens: list[Token], text: str, j: int) -> bool:
    return text[tokens[j - 1][1] : tokens[j][0]] == " "


def _split(letters: str, known: frozenset[str]) -> str | None:
    for cut in range(2, len(letters) - 1):
        if letters[:cut] in known and letters[cut:] in known:
            return letters[:cut] + " " + letters[cut:]
    return None


def _wear(tokens: list[Token], spoken: Spoken) -> list[Edit]:
    """The dictation homophone "wear" read as "were" after "if" ("if she wear thirty", "if her bmi wear 30"); never
    where it is a word of a numeric feature's name said in full ("if it had tyre wear 3": a feature "tyre wear").
    """
    edits: list[Edit] = []
    said = [t[2] for t in tokens]
    for k, (start, end, word) in enumerate(tokens):
        if word != "wear" or not any(t[2] == "if" for t in tokens[max(0, k - 6) : k]):
            continue
        named = (w for w, _, _ in spoken.features if word in w and k >= w.index(word))
        if any(said[k - w.index(word) :][: len(w)] == list(w) for w in named):
            continue
        after = tokens[k + 1][2] if k + 1 < len(tokens) else ""
        if tokens[k - 1][2] in _PRONOUNS or _is_number(after) or after in _MORE:
            edits.append((start, end, "were"))
    return edits


# --------------------------------------------------------------------------------------------- numbers


@dataclass
class _Run:
    first: int  # token indices, `last` included
    last: int
    value: int
    words: list[str]
    possessive: str = ""  # "'s" when the last word was "twelves" or "forty's"


def _base(word: str) -> tuple[str, str]:
    """A number word and its possessive ending as dictated ("twelves", "forty's" -> "twelve", "'s")."""
    for ending in ("'s", "s"):
        stem = word[: -len(ending)]
        if word.endswith(ending) and (stem in UNITS or stem in TENS):
            return stem, "'s"
    return word, ""


def _runs(tokens: list[Token], text: str, noun: str) -> list[_Run]:
    """The runs of number words among `tokens` ("forty one", "a hundred and ten", "one forty's")."""
    out: list[_Run] = []
    i = 0
    while i < len(tokens):
        word = tokens[i][2]
        stem, possessive = _base(word)
        lead_a = word == "a" and i + 1 < len(tokens) and tokens[i + 1][2] in SCALES
        if stem not in UNITS and stem not in TENS and not lead_a:
            i += 1
            continue
        after_id = i > 0 and (tokens[i - 1][2] in ID_WORDS or (bool(noun) and tokens[i - 1][2] == noun))
        if possessive and not (out and out[-1].last == i - 1) and not after_id:
            i += 1  # "ones", "sevens": a number's possessive only right after a number or an id word
            continue
        run = _Run(i, i, 0, [stem], possessive)
        j = i + 1
        while j < len(tokens) and not run.possessive:
            nxt, ending = _base(tokens[j][2])
            gap = text[tokens[j - 1][1] : tokens[j][0]]
            if gap.strip(" -") or len(gap) > 3:
                break
            if nxt == "and":
                # "a hundred and ten": "and" joins only after a scale and before a number word
                if run.words[-1] not in SCALES or j + 1 >= len(tokens):
                    break
                after = tokens[j + 1][2]
                if (after not in UNITS and after not in TENS) or text[tokens[j][1] : tokens[j + 1][0]].strip():
                    break
            elif not continues_number(run.words[-1], nxt):
                break
            run.words.append(nxt)
            run.last, run.possessive = j, ending
            j += 1
        value = number_value(run.words)
        if value is not None:
            run.value = value
            out.append(run)
        i = j
    return out


def read_numbers(tokens: list[Token], text: str, spoken: Spoken, ids_only: bool) -> list[Edit]:
    """Replacements (start, end, digits) for the numbers said in words among `tokens`."""
    runs = _runs(tokens, text, spoken.noun)
    features = _feature_ends(tokens, spoken)
    out: list[Edit] = []
    r = 0
    while r < len(runs):
        run = runs[r]
        before = tokens[run.first - 1][2] if run.first > 0 else ""
        framed = before in ID_WORDS or (bool(spoken.noun) and before == spoken.noun)
        start = tokens[run.first][0]
        taken, digits = _spoken_id(runs, r, tokens, text, spoken, framed, features, ids_only)
        if taken:
            last = runs[r + taken - 1]
            out.append((start, tokens[last.last][1], digits + last.possessive))
            r += taken
            continue
        if digits == "year":
            r += 2
            continue
        after = tokens[run.last + 1][2] if run.last + 1 < len(tokens) else ""
        decimal = None if ids_only else _decimal(tokens, text, run.last + 1)
        one_step = run.words == ["one"] and after in _ONE_STEP and before not in _DETERMINERS
        if decimal:
            out.append((start, decimal[1], f"{run.value}.{decimal[0]}"))
        elif framed or after in _UNIT_WORDS or one_step or (run.words != ["one"] and not ids_only):
            out.append((start, tokens[run.last][1], str(run.value) + run.possessive))
        r += 1
    if ids_only:
        return out
    special = _bare_points(tokens, text, runs) + _thousands(tokens, text, spoken, features)
    spans = sorted((s, e) for s, e, _ in special)  # a number inside one is left out: spans starting before its
    starts, reach = [s for s, _ in spans], list(accumulate((e for _, e in spans), max))  # end reach past its start
    return special + [e for e in out if not (i := bisect_left(starts, e[1])) or reach[i - 1] <= e[0]]


def _spoken_id(
    runs: list[_Run],
    r: int,
    tokens: list[Token],
    text: str,
    spoken: Spoken,
    framed: bool,
    features: dict[int, tuple[float | None, float | None]],
    ids_only: bool,
) -> tuple[int, str]:
    """How many runs from `runs[r]` make one number said in pairs or digits, and its digits ("" when none;
    "year" for two runs to leave as written).
    """
    if ids_only and not framed:
        return 0, ""
    parts: list[str] = []  # the digits of each part: "1", "40", "05"
    k, position = r, runs[r].first
    while len(parts) < 6 and k < len(runs):
        oh = (
            k > r
            and position + 1 < len(tokens)
            and tokens[position][2] in ("oh", "o")
            and not _gap(tokens, text, position)
            and runs[k].first == position + 1
            and runs[k].value < 10
            and len(runs[k].words) == 1
        )
        if oh:  # "oh four", as often as it is said ("one oh four oh two eight")
            parts.append("0" + str(runs[k].value))
        elif runs[k].first == position and runs[k].value < 100 and not (k > r and _gap(tokens, text, position)):
            parts.append(str(runs[k].value))
        else:
            break
        position = runs[k].last + 1
        k += 1
        if runs[k - 1].possessive:
            break
    if len(parts) < 2:
        return 0, ""
    said_oh = any(p.startswith("0") for p in parts[1:])
    if said_oh and all(len(p) == 1 or p.startswith("0") for p in parts):
        return k - r, "".join(parts)  # digit by digit: "one oh two four"
    an_id = spoken.id_range is not None and spoken.id_range[0] <= int("".join(parts)) <= spoken.id_range[1]
    if len(parts) >= 4 and all(len(p) == 1 for p in parts) and an_id:
        return k - r, "".join(parts)  # digit by digit with no "oh", when the digits make one of the host's ids
    pair, taken = parts[:2], 2  # "oh five" is one run and the "oh" no run
    if len(pair[1]) != 2 or pair[0] == "0":
        return 0, ""
    value = int("".join(pair))
    first = int(pair[0])
    in_ids = spoken.id_range is not None and spoken.id_range[0] <= value <= spoken.id_range[1]
    if pair[1].startswith("0") or (framed and (spoken.id_range is None or in_ids)):
        return taken, "".join(pair)
    if framed or ids_only:
        return 0, ""
    if pair[0] in ("19", "20"):
        return 0, "year"
    feature = next((features[e] for e in range(runs[r].first - 1, runs[r].first - 5, -1) if e in features), None)
    if feature is not None and _holds(feature, value) and not _holds(feature, first):
        return taken, "".join(pair)
    if in_ids and spoken.id_range is not None and not spoken.id_range[0] <= first <= spoken.id_range[1]:
        return taken, "".join(pair)
    return 0, ""


def _gap(tokens: list[Token], text: str, k: int) -> bool:
    """Whether anything but one to three spaces, or one hyphen ("one-forty"), parts token `k` from the one before."""
    gap = text[tokens[k - 1][1] : tokens[k][0]] if k > 0 else " "
    return gap != "-" and (bool(gap.strip(" ")) or not 0 < len(gap) <= 3)


def _holds(bounds: tuple[float | None, float | None], value: float) -> bool:
    low, high = bounds
    return (low is None or value >= low) and (high is None or value <= high)


def _feature_ends(tokens: list[Token], spoken: Spoken) -> dict[int, tuple[float | None, float | None]]:
    """The token index ending each mention of a numeric feature, with the feature's range."""
    by_first: dict[str, list[tuple[tuple[str, ...], float | None, float | None]]] = {}
    for feature in spoken.features:
        by_first.setdefault(feature[0][0], []).append(feature)
    ends: dict[int, tuple[float | None, float | None]] = {}
    for k, (_, _, word) in enumerate(tokens):
        for words, low, high in by_first.get(word, ()):
            if tuple(t[2] for t in tokens[k : k + len(words)]) == words:
                ends[k + len(words) - 1] = (low, high)
    return ends


def _decimal(tokens: list[Token], text: str, k: int) -> tuple[str, int] | None:
    """The digits said after "point" at token `k` ("point two five" -> "25") and where they end."""
    if k >= len(tokens) or tokens[k][2] != "point" or _gap(tokens, text, k):
        return None
    digits, end = "", 0
    k += 1
    while k < len(tokens) and not _gap(tokens, text, k) and (UNITS.get(tokens[k][2], 10) < 10 or tokens[k][2] == "oh"):
        digits += str(UNITS.get(tokens[k][2], 0))
        end = tokens[k][1]
        k += 1
    return (digits, end) if digits else None


def _bare_points(tokens: list[Token], text: str, runs: list[_Run]) -> list[Edit]:
    """Decimals with no whole part said before "point" ("point two" -> 0.2)."""
    after_run = {run.last + 1 for run in runs}
    out: list[Edit] = []
    for k, (start, _, word) in enumerate(tokens):
        if word == "point" and k not in after_run:
            decimal = _decimal(tokens, text, k)
            if decimal:
                out.append((start, decimal[1], "0." + decimal[0]))
    return out


def _thousands(
    tokens: list[Token], text: str, spoken: Spoken, features: dict[int, tuple[float | None, float | None]]
) -> list[Edit]:
    """Thousands said as "35k" or "35 k" after a feature given in thousands: 35; where it is given in units: 35000."""
    out: list[Edit] = []
    for k, (_, end, word) in enumerate(tokens):
        if word != "k" or k == 0 or text[tokens[k - 1][1] : tokens[k][0]] not in ("", " "):
            continue
        first = k - 1
        while (
            first > 0
            and (tokens[first - 1][2] in UNITS or tokens[first - 1][2] in TENS)
            and not _gap(tokens, text, first)
        ):
            first -= 1
        words = [t[2] for t in tokens[first:k]]
        value = int(words[0]) if len(words) == 1 and words[0].isdigit() else number_value(words)
        feature = next((features[e] for e in range(first - 1, first - 5, -1) if e in features), None)
        if value is None or feature is None:
            continue
        if _holds(feature, value):
            out.append((tokens[first][0], end, str(value)))
        elif _holds(feature, value * 1000):
            out.append((tokens[first][0], end, str(value * 1000)))
    return out


def apply_edits(text: str, edits: list[Edit]) -> str:
    """`text` with each (start, end, replacement) made; an edit overlapping an earlier one is skipped."""
    pieces: list[str] = []
    position = 0
    for start, end, replacement in sorted(edits):
        if start < position:
            continue
        pieces += [text[position:start], replacement]
        position = end
    pieces.append(text[position:])
    return "".join(pieces)
