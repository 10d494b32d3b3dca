"""What-if scenarios taken back or moved: "undo that", "drop the X change, keep the Y", "same changes for him".

A scenario is built up over turns (`simxai.followup_calls.continues_added_changes`); people also take a step of it
back. "undo that" / "scrap the last one" asks for the scenario as it was before the last what-if: the what-if run
before it on the same instance, or, when there was none, the instance as it is (its prediction). "undo the X
change" (or "drop X, keep Y") takes back only the changes of the features the undo clause names, read among the
features the last what-if changed, so that a word of one changed feature's name ("the loan change") is enough.
"same changes for <id or pronoun>" names the last what-if's changes, whatever was asked in between ("what about
his neighbour, 12?" then "same changes for him"): the what-if on that instance.

When there is nothing to take back or move (no what-if ran, or the undo names no change the last what-if made),
`scenario_question` asks one short question rather than answer something else. A turn that takes back and then says
what replaces it ("scratch both, only arrears 150"; "scrap that, mud 6": the last step replaced) is `_replaced`'s.

A turn that says a value ("drop the price to 40") is a change, never an undo; a text host's "remove 'not'" is a
word edit (`simxai.followup_fragment.word_edit`), so on a text host only an undo that does not drop or remove is
read ("undo that", "undo the 'dull'": the word replaced, taken back); moving changes is of tabular hosts only.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Any

from simxai.backends._router_decision import Decision
from simxai.extraction import extract_changes, extract_feature, extract_instance
from simxai.followup_calls import LastCall, successful_calls
from simxai.hosts.base import HostSchema
from simxai.hosts.name_words import name_words
from simxai.messages import Message

__all__ = ["request_after_undo", "scenario_decision", "scenario_question"]

_LEAD = r"^\W*(?:(?:ok(?:ay)?|no|nah|right|hmm+|actually|sorry|please|just|then|and|so)\W+)*"
# "undo that", "scrap it", "take that back", "forget the last one", "cancel the soot change"
_UNDO = re.compile(
    _LEAD + r"(?:undo|scrap|scratch|cancel|revert|forget(?:\s+about)?|ditch|(?P<drop>drop|remove|lose)|take\s+back|"
    r"take\s+(?:that|this|it)(?:\s+last\s+one)?\s+back|go\s+back\s+(?:a|one)\s+step)\b(?P<rest>[^0-9]*)$",
    re.IGNORECASE,
)
# "drop the price by a fifth" lowers a feature: "drop" / "remove" take a change back only when they say so
_A_CHANGE = re.compile(r"\b(?:change|changes|one|tweak|edit|part|step)\b", re.IGNORECASE)
_AN_AMOUNT = re.compile(
    r"\b(?:by|to|a\s+bit|slightly|half|quarter|third|double|twice|lower|higher|more|less|fewer)\b", re.IGNORECASE
)
# What an undo of the last step says besides its verb: "that", "the last one", "that last change", "please"
_LAST_STEP = frozenset(
    "that this it the last latest previous one change changes step bit again please then thanks what if "
    "back bit of".split()
)
# "keep the income", "but leave the rest": what stays, after the clause that takes back
_KEEP = re.compile(r"\b(?:keep|keeping|leave|leaving|but|except|apart\s+from|while)\b", re.IGNORECASE)
# Where a turn's clauses part: "forget that, anything that flips it", "scrap it - what keeps it on hold"
_CLAUSE_BREAK = re.compile(r"\s*(?:[,;:]|\s[-–—]\s)\s*")
# "same changes for him", "the same scenario on 140540", "same what-if for that one", "same tweaks again"
_SAME_CHANGES = re.compile(
    r"\bsame\s+(?:changes?|scenario|what[\s-]?ifs?|tweaks?|adjustments?|edits?|settings?|supposition)\b",
    re.IGNORECASE,
)


# "apply the range change to 161139", "try that drift tweak on 12": the change of the features named, moved (dlg48)
_NAMED_CHANGE = re.compile(
    r"\b(?:apply|use|try|do|carry|move|put)\s+(?:the|that|this)\s+(?P<named>[\w()%-]+(?:\s+[\w()%-]+){0,3}?)\s+"
    r"(?:changes?|tweaks?|edits?|adjustments?)\s+(?:to|for|on|with)\b",
    re.IGNORECASE,
)


# "scratch both, only arrears 150", "scrap that, mud 6": what is taken back, then the change in its place (dlg49)
_REPLACED = re.compile(
    _LEAD + r"(?:undo|scrap|scratch|cancel|forget|ditch|drop)\s+(?:(?P<all>both|all(?:\s+of\s+(?:them|it|that))?|"
    r"everything|the\s+lot)|that|this|it)(?:\s+(?:changes?|ones?))?\s*(?:[,;:]|\s[-–—])\s*"
    r"(?:(?:and|then)\s+)?(?P<only>(?:only|just)\s+)?(?:(?:try|with|make\s+it)\s+)?(?P<new>.*\d.*)$",
    re.IGNORECASE,
)


# "what if ...", "suppose ...": a supposition opened anew after what is taken back
_NEW_SUPPOSITION = re.compile(r"^\W*(?:(?:what|wat|how)\s+(?:if|about\s+if)|if|suppose|supposing|imagine)\b", re.I)


def _replaced(text: str, history: Sequence[Message], schema: HostSchema, names: Collection[str]) -> Decision | None:
    """The what-if of a turn that takes the scenario back and says what replaces it: "scratch both, only arrears 150"
    is arrears 150 alone; "scrap that, mud 6" takes back the last step (the what-if before it on the same instance)
    and adds mud 6 to what is left. None unless the last call was a what-if and the rest names changes.
    """
    match = _REPLACED.match(text)
    if match is None:
        return None
    what_ifs = _scenario(history, names)
    if what_ifs is None:
        return None
    said = match.group("new")
    if _NEW_SUPPOSITION.match(said):
        return None  # "scrap that, what if the tears went to 4": a scenario of its own, read as a new what-if
    # "just 6 drying days": the values the scenario is to have, read as "with ..." says them
    new = extract_changes(said, schema) or extract_changes(f"with {said}", schema)
    if not new:
        return None
    kept: dict[str, Any] = {}
    if not (match.group("all") or match.group("only")):
        before = _step_before(what_ifs)
        kept = dict(before.arguments["changes"]) if before is not None else {}
    return Decision("explain_what_if", 1.0, True, arguments={"changes": {**kept, **new}})


def _scenario(history: Sequence[Message], names: Collection[str]) -> list[LastCall] | None:
    """The what-ifs of the dialogue, newest first, when the last successful call is the newest of them (a turn that
    takes something back is about the scenario only then: "scrap that" after another question is not), else None.
    """
    what_ifs = _what_ifs(history)
    if not what_ifs or "explain_what_if" not in names or next(successful_calls(history)) != what_ifs[0]:
        return None
    return what_ifs


def _step_before(what_ifs: Sequence[LastCall]) -> LastCall | None:
    """The what-if before the newest on the same instance: what taking the last step back leaves."""
    instance = _instance(what_ifs[0])
    return next((c for c in what_ifs[1:] if _instance(c) == instance), None)


def _what_ifs(history: Sequence[Message]) -> list[LastCall]:
    """The what-ifs of a dialogue that ran with changes, last first."""
    return [
        c
        for c in successful_calls(history)
        if c.name == "explain_what_if" and isinstance(c.arguments.get("changes"), dict) and c.arguments["changes"]
    ]


def _instance(call: LastCall) -> Any:
    """The instance a what-if ran on: its argument, else the subject its output names (the engine filled it)."""
    instance = call.arguments.get("instance")
    if instance is None and isinstance(call.output, dict):
        subject = call.output.get("subject") or call.output.get("instance")
        instance = subject.get("id") if isinstance(subject, dict) else subject
    return instance


def _named_changed(clause: str, changes: dict[str, Any], schema: HostSchema) -> set[str]:
    """The changed features `clause` names: by name or alias, else by a word of the name that no other changed
    feature's name holds ("the loan change" of loan_amount when loan_term was not changed).
    """
    named = extract_feature(clause, schema)
    if isinstance(named, str) and named in changes:
        return {named}
    said = set(re.findall(r"[a-z]+", clause.lower()))
    words = {str(f): {w for w in name_words(str(f)) if len(w) >= 3} for f in changes}
    found = set()
    for feature, own in words.items():
        others = set().union(*(w for f, w in words.items() if f != feature))
        if own & said - others:
            found.add(feature)
    return found


def _undo(text: str) -> re.Match[str] | None:
    """The match of a turn that takes a change back ("undo that", "drop the cover change"), or None.

    "forget that, anything that flips it": the last step dropped, then a request of its own in the next clause, is
    that request, no undo.
    """
    match = _UNDO.match(text)
    if match is not None and _then_asks(match.group("rest")):
        return None
    if match is None or match.group("drop") is None:
        return match
    clause = _KEEP.split(match.group("rest"), maxsplit=1)[0]
    lone = all(w in _LAST_STEP for w in re.findall(r"[a-z]+", clause.lower()))
    return match if (lone or _A_CHANGE.search(clause)) and not _AN_AMOUNT.search(clause) else None


def _then_asks(rest: str) -> bool:
    """Whether `rest` (what follows an undo's verb) is "that" and then a clause of another request ("that, what can
    change and keep it"), not the undo's own words ("that, please") nor what it keeps ("that - keep the income").
    """
    parts = _CLAUSE_BREAK.split(rest, maxsplit=1)
    if len(parts) < 2:
        return False
    head, tail = (re.findall(r"[a-z]+", part.lower()) for part in parts)
    return (
        all(w in _LAST_STEP for w in head)
        and any(w not in _LAST_STEP for w in tail)
        and _KEEP.match(parts[1].strip()) is None
    )


def request_after_undo(text: str) -> str | None:
    """The request of a turn that drops the last step and then asks ("ok forget that, anything that flips it" ->
    "anything that flips it"), or None: the request is read alone, its undo word no part of it.
    """
    match = _UNDO.match(text)
    if match is None or not _then_asks(match.group("rest")):
        return None
    return _CLAUSE_BREAK.split(match.group("rest"), maxsplit=1)[1].strip()


def _undone(text: str, history: Sequence[Message], schema: HostSchema, names: Collection[str]) -> Decision | None:
    match = _undo(text)
    if match is None:
        return None
    what_ifs = _scenario(history, names)
    if what_ifs is None:
        return None
    last = what_ifs[0]
    changes: dict[str, Any] = dict(last.arguments["changes"])
    clause = _KEEP.split(match.group("rest"), maxsplit=1)[0]
    words = re.findall(r"[a-z]+", clause.lower())
    if all(w in _LAST_STEP for w in words):
        # the last step taken back: the what-if before it on the same instance, else the instance as it is
        before = _step_before(what_ifs)
        if before is not None:
            return Decision("explain_what_if", 1.0, True, arguments={"changes": dict(before.arguments["changes"])})
        return _as_it_is(names)
    dropped = _named_changed(clause, changes, schema)
    if not dropped:
        return None
    kept = {f: v for f, v in changes.items() if f not in dropped}
    if not kept:
        return _as_it_is(names)
    return Decision("explain_what_if", 1.0, True, arguments={"changes": kept})


def _as_it_is(names: Collection[str]) -> Decision | None:
    return Decision("get_prediction", 1.0, True) if "get_prediction" in names else None


def _moved(text: str, history: Sequence[Message], schema: HostSchema, names: Collection[str]) -> Decision | None:
    """The last what-if's changes on the instance named or in focus ("same changes for him", "... for 140540"); only
    those of the features named when the turn names them ("apply the range change to 161139").
    """
    same, named = _SAME_CHANGES.search(text), _NAMED_CHANGE.search(text)
    if "explain_what_if" not in names or (same is None and named is None):
        return None
    what_ifs = _what_ifs(history)
    if not what_ifs:
        return None
    changes: dict[str, Any] = dict(what_ifs[0].arguments["changes"])
    if same is None and named is not None:
        features = _named_changed(named.group("named"), changes, schema)
        if not features:
            return None  # "apply the drift change" after a what-if that changed no drift: read as said
        changes = {feature: value for feature, value in changes.items() if feature in features}
    arguments: dict[str, Any] = {"changes": changes}
    instance = extract_instance(text, schema)
    if isinstance(instance, int) and not isinstance(instance, bool):
        arguments["instance"] = instance
    return Decision("explain_what_if", 1.0, True, arguments=arguments)


def scenario_decision(
    text: str, history: Sequence[Message], schema: HostSchema | None, names: Collection[str]
) -> Decision | None:
    """The what-if a turn asks for by taking a step of the scenario back or moving its changes, or None."""
    if schema is None:
        return None
    if schema.kind != "tabular":
        # "undo the 'bloated' swap", "scrap that" after word edits: taken back; "remove 'not'" is an edit of its own
        match = _undo(text)
        return _undone(text, history, schema, names) if match is not None and match.group("drop") is None else None
    replaced = _replaced(text, history, schema, names)  # "scratch both, only arrears 150"
    return replaced or _undone(text, history, schema, names) or _moved(text, history, schema, names)


def _said(changes: dict[str, Any]) -> str:
    return ", ".join(f"{feature} ({value})" for feature, value in changes.items())


def scenario_question(text: str, history: Sequence[Message], schema: HostSchema | None) -> str | None:
    """One short question for an undo or "same changes" with nothing to act on, or None."""
    if schema is None or schema.kind != "tabular":
        return None
    undo = _undo(text)
    moved = _SAME_CHANGES.search(text)
    if undo is None and moved is None:
        return None
    what_ifs = _what_ifs(history)
    if not what_ifs:
        noun = schema.instance_noun or "instance"
        return f"No what-if has run in this conversation yet: which change should I try, on which {noun}?"
    if undo is None or next(successful_calls(history)) != what_ifs[0]:
        return None
    changes: dict[str, Any] = dict(what_ifs[0].arguments["changes"])
    clause = _KEEP.split(undo.group("rest"), maxsplit=1)[0]
    if all(w in _LAST_STEP for w in re.findall(r"[a-z]+", clause.lower())) or _named_changed(clause, changes, schema):
        return None
    return f"The last what-if changed {_said(changes)}. Which of these changes should I take back?"
