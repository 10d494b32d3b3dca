"""The spellings of chat: contractions without their apostrophe ("didnt") and chat words with a single reading
("wat", "pls"), which `simxai.normalize` writes out, and chat letters that stand for a word ("n", "&", "y"), which
the offline router writes out before it (`spelled_out`).

Each is English usage, the same for every host; a letter the host uses as a name of its own is left as written. The
chat letters are read by the router alone, not by `normalize`: the selector's training texts pass through
`normalize`, and a new reading there would leave the shipped selector stale (`tests/backends/test_router_model.py`);
so are two request words cut short, "expl" (explain) and "conf matrix" (confusion matrix), "gd" (good), "grp"
(group) and "r u" (are you).
"""

from __future__ import annotations

import re

from simxai._initials import initials_written_out
from simxai._number_forms import one_moved_to
from simxai.hosts.base import HostSchema
from simxai.hosts.name_words import spaced_name

__all__ = ["CHAT", "CONTRACTIONS", "spelled_out"]

# Negative and other contractions written without the apostrophe; the forms are English grammar.
CONTRACTIONS = {
    "didnt": "didn't",
    "doesnt": "doesn't",
    "dont": "don't",
    "isnt": "isn't",
    "wasnt": "wasn't",
    "arent": "aren't",
    "werent": "weren't",
    "cant": "can't",
    "couldnt": "couldn't",
    "wouldnt": "wouldn't",
    "shouldnt": "shouldn't",
    "wont": "won't",
    "hasnt": "hasn't",
    "havent": "haven't",
    "hadnt": "hadn't",
    "aint": "ain't",
    "whats": "what's",
    "thats": "that's",
    "hows": "how's",
    "whys": "why's",
    "wheres": "where's",
    "whos": "who's",
    "im": "i'm",
    "ive": "i've",
    "youre": "you're",
    "youve": "you've",
    "theyve": "they've",
    "weve": "we've",
    "hes": "he's",
    "shes": "she's",
    "theres": "there's",
    "theyre": "they're",
}
# Chat spellings with a single reading.
CHAT = {
    "wat": "what",
    "wut": "what",
    "wht": "what",
    "pls": "please",
    "plz": "please",
    "abt": "about",
    "em": "them",  # "how many of em", "gimme em"
    "pred": "prediction",
    "preds": "predictions",
}
# Request words cut short, which the router writes out before reading a turn ("expl 5012", "the conf matrix"): read by
# the router alone, like the chat letters below (never by `normalize`, so the training texts stay as they were read).
_CUT_SHORT = re.compile(r"\b(?:(?P<expl>expl)\b\.?|(?P<conf>conf)\.?(?=\s+matri(?:x|ces)\b))", re.IGNORECASE)
# "whatif 12 ...": the two words of a what-if run together, as in a command ("whatif").
_WHAT_IF_JOINED = re.compile(r"\bwhatif\b", re.IGNORECASE)
# "how gd is it", "is the model any gd": chat's one spelling of "good" without its vowels, read by the router alone
_GOOD_CUT_SHORT = re.compile(r"\bgd\b", re.IGNORECASE)
# "acc on that grp": chat's spelling of "group" without its vowels, read by the router alone (dlg49)
_GROUP_CUT_SHORT = re.compile(r"\bgrp(?P<s>s?)\b", re.IGNORECASE)
# "how sure r u", "r you sure": chat's letters for "are you", read by the router alone (dlg49)
_ARE_YOU = re.compile(r"\b(?:r\s+(?:u|you)|are\s+u)\b(?!')", re.IGNORECASE)


# Chat letters that stand for a word: "n" and "&" opening a follow-up are "and" ("n forty?", "& salinity 30"), a spaced
# "&" between words is "and", and "y" opening a turn before "?" or a verb of a question is "why" ("y?", "y isnt it
# late"), as it is before an id and nothing else ("y 5012"; "yes" would answer a question with no id). A capital "N"
# opening a turn may be "number" and stays. A letter the host uses as a name of its own (a feature "n", a category "y")
# stays.
_OPENING_AND = re.compile(r"^(\W*)(?:n|&)(?=\s+\S)")  # lower case: "N 5" may be a number
_SPACED_AND = re.compile(r"(?<=\w)\s+&\s+(?=\w)")
_OPENING_WHY = re.compile(
    r"^(\W*)y(?=\s*\?|\s+(?:is|isn'?t|was|wasn'?t|are|aren'?t|were|did|didn'?t|does|doesn'?t|do|would|not|no|u)\b|"
    r"\s+(?:[a-z]+\s+)?#?\d+\s*\??\s*$)",  # "y 5012", "y night 12?": a question about one instance, nothing more
    re.IGNORECASE,
)


def spelled_out(text: str, schema: HostSchema | None) -> str:
    """A tabular host's turn with the chat letters above written out (unless the host has a word of its own in that
    letter), a lone "one" a change moves a value to as 1 (`one_moved_to`) and a name said by its initials
    (`simxai._initials`); a text host's turn as it is (it may be the text to classify).
    """
    if schema is None or schema.kind == "text":
        return text
    names = [c for f in schema.features for c in (f.name, spaced_name(f.name), *f.aliases, *(f.categories or []))]
    words = {w.lower() for name in [*names, *schema.class_names] for w in re.findall(r"[A-Za-z]+", name)}
    if "n" not in words:
        text = _OPENING_AND.sub(r"\1and", text)
    text = _SPACED_AND.sub(" and ", text)
    if not {"expl", "conf"} & words:
        text = _CUT_SHORT.sub(lambda m: "explain" if m.group("expl") else "confusion", text)
    text = _WHAT_IF_JOINED.sub("what if", text)
    if "gd" not in words:
        text = _GOOD_CUT_SHORT.sub("good", text)
    if "grp" not in words:
        text = _GROUP_CUT_SHORT.sub(lambda m: f"group{m.group('s')}", text)
    if not {"r", "u"} & words:
        text = _ARE_YOU.sub("are you", text)
    text = one_moved_to(text if "y" in words else _OPENING_WHY.sub(r"\1why", text))
    return initials_written_out(text, schema)  # "wl" for a class waiting list, "sr 8" for sight_reading (ux49)
