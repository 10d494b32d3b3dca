"""Claims read from a reply as a whole rather than bound to one named field: a text model's counterfactual as
edits of its rewrites, and statements of how often something occurs or how well the model does, which only an
output that counts or assesses can support.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from simxai.guard import _cues as cue
from simxai.guard._prefilter import gated
from simxai.turn_memo import per_turn

__all__ = ["comparable", "edit_claims", "explainer_claims", "model_claims", "movement_claims", "unstated_claims"]


def comparable(text: str) -> str:
    """`text` for comparing spans of a text: lower case, plain apostrophes, single spaces, no end punctuation."""
    text = re.sub(r"\s+", " ", text.replace("\u2019", "'").replace("\u2018", "'").lower())
    return text.strip(" .,;:!?\"'“”")


_EDITS = ((cue.EDIT_TO, True), (cue.EDIT_ARROW, True), (cue.EDIT_ADD, True), (cue.EDIT_REMOVE, False))


def edit_claims(
    reply: str, rewrites: Sequence[str], context: str, pairs: Sequence[tuple[Any, Any]] = ()
) -> Iterator[tuple[str, bool]]:
    """(claim, supported) for each edit the reply states, when the outputs hold rewritten inputs: what it says
    to write ("change 'A' to 'B'", "add 'B'") must be in a rewrite (or be the user's own words), and what it
    says to remove must be gone from one; "swapping 'A' for 'B'" needs a change from A to B among the changes'
    (old, new) `pairs` when the outputs list any, else a rewrite with B and without A.
    """
    texts = [comparable(t) for t in rewrites]
    if not texts:
        return
    said = comparable(context)
    # a change to nothing deletes its word, though the text may hold the word again ("Not funny, not scary")
    deleted = {comparable(str(a)) for a, b in pairs if not comparable(str(b or ""))}
    edits = [(m.group(1), kept) for p, kept in _EDITS for m in p.finditer(reply)]
    for text, kept in edits:
        span = comparable(text)
        if not span:
            continue
        word = re.compile(rf"(?<!\w){re.escape(span)}(?!\w)")
        if kept:
            yield f"edit to '{text}'", any(word.search(t) for t in texts) or bool(word.search(said))
        else:
            yield f"edit removing '{text}'", span in deleted or any(not word.search(t) for t in texts)
    # "swapping 'A' for 'B'": a change from A to B when the outputs list the changes, else a rewrite with B
    # and without A.
    changed = {(comparable(str(a)), comparable(str(b))) for a, b in pairs}
    for m in cue.EDIT_SWAP_FOR.finditer(reply):
        gone, put = comparable(m.group(1)), comparable(m.group(2))
        if not gone or not put:
            continue
        if changed:
            holds = (gone, put) in changed
        else:
            holds = any(_word(put).search(t) and not _word(gone).search(t) for t in texts)
        yield f"edit '{m.group(1)}' → '{m.group(2)}'", holds


def _word(span: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(span)}(?!\w)")


def unstated_claims(sentence: str, *, counted: bool, assessed: bool) -> Iterator[tuple[str, bool | None]]:
    """(claim, verdict) for a sentence's statement of how often something occurs in the data or how well the
    model does: unsupported (False) when no output counts (or assesses), listed as unchecked (None) when one
    does or when the reply hedges it.
    """
    for pattern, about, stated, kind in (
        (cue.FREQUENCY, cue.ABOUT_DATA, counted, "frequency"),
        (cue.ASSESSMENT, cue.THE_MODEL, assessed, "assessment"),
    ):
        match = pattern.search(sentence)
        if match is None:
            continue
        # A frequency is about the data the sentence names; a judgement about the model named just before it
        # ("it's quite robust"; "this prediction is reliable" judges no model).
        where = sentence if kind == "frequency" else sentence[max(0, match.start() - 40) : match.start()]
        if not about.search(where):
            continue
        text = f"{kind} '{match.group(0)}'"
        if stated:
            yield f"{text} (not compared with the outputs' figures)", None
        elif cue.HEDGE.search(sentence[max(0, match.start() - 40) : match.end()]):
            yield f"{text} (hedged; no output states it)", None
        else:
            yield f"{text} (no output states it)", False


#: Model families a reply may say the model is, each with the pattern that names it in a reply and in the outputs.
FAMILIES = {
    "random forest": r"random[- ]?forest|\bthe forest(?:'s)?\b|\bforest of\b|\btrees of a forest\b",
    "gradient boosting": r"gradient[- ]?boost\w*|boosted (?:decision )?trees|xgboost|lightgbm|catboost",
    "logistic regression": r"logistic[- ]?regression",
    "linear regression": r"linear[- ]?regression",
    "neural network": r"neural[- ]?net\w*|deep[- ]learning|multi-?layer perceptron|\bmlp\b",
    # not a pipeline's step ("a column transformer", ColumnTransformer; claims-25)
    "transformer": r"(?<!column )(?<!column-)\btransformers?\b|\bbert\b|roberta|distilbert",
    # scikit-learn's NuSVC and LinearSVC too (claims-40: "a gradient-boosted tree ensemble" for a NuSVC, g26)
    "support vector machine": r"support[- ]vector|\bsvms?\b|\bnu-?sv[mc]s?\b|\b(?:nu|linear)?svcs?\b",
    "naive bayes": r"naive[- ]bayes",
    "nearest neighbours": r"nearest[- ]neighbou?rs?|\bk-?nn\b",
    "lexicon model": r"lexicon|\bvader\b",
    # one tree ("a single decision tree", DecisionTreeClassifier), not the trees of an ensemble ("decision trees")
    # (one ExtraTreeClassifier is one decision tree, "one randomized decision tree", claims-40)
    "decision tree": r"\b(?:a|one|single)\s+(?:[a-z]+\s+)?decision[- ]tree\b(?!s)|decisiontree(?:classifier)?\b"
    r"|\bextratree(?:classifier|regressor)\b",
    # families scikit-learn names that the outputs may state (claims-25): with none of them listed, a reply naming
    # another family for such a model was never compared ("a perceptron called a random forest")
    "perceptron": r"(?<!layer )(?<!layer-)(?<!layer)\bperceptron\b",
    "discriminant analysis": r"discriminant[- ]?analysis",
    "gaussian process": r"gaussian[- ]?process",
    "adaboost": r"\bada[- ]?boost\w*",
    # named finer (claims-40): a model card's ExtraTrees, RidgeClassifier or QuadraticDiscriminantAnalysis was
    # stated as no family, so "a random forest of 80 trees" (g30), "a gradient-boosted tree ensemble" (g27) or
    # "a linear discriminant analysis" (g28) were compared with nothing
    "extra trees": r"\bextra[- ]trees\b|\bextra[- ]tree[- ]classifier|\bextratrees?(?:classifier|regressor)\b"
    r"|\bextremely[- ]randomi[sz]ed\b",
    "ridge": r"\bridge[- ]?(?:classifier|regression|model)",
    "linear discriminant analysis": r"\blinear[- ]?discriminant",
    "quadratic discriminant analysis": r"\bquadratic[- ]?discriminant",
}
#: The explainers (attribution methods) a reply may say the numbers come from, each with the pattern that names it
#: in a reply and in the outputs (an explanation's `method`, a model card's text): a reply that names another one
#: explains with a method no output used ("by permutation importance" when the outputs give TreeSHAP values).
EXPLAINERS = {
    "shap": r"\b(?:tree|kernel|linear|deep)?[- ]?shap(?:ley)?\b",
    # not a quoted word of a review ("'lime'"), but LIME's own name, possessive too ("LIME's weights")
    "lime": r"(?<![\w'\"‘“])lime\b(?!['\"’”](?!s\b))",
    "permutation importance": r"permutation[- ](?:feature[- ])?importances?|permutation[- ]based",
    "impurity importance": r"\bgini\b|impurity[- ]based|(?:mean )?decrease in impurity|impurity importances?",
    "integrated gradients": r"integrated[- ]gradients",
}
#: The families and explainers as a sentence names them, each searched only in a sentence holding one of its words.
_FAMILIES_SAID = {name: gated(pattern, re.IGNORECASE) for name, pattern in FAMILIES.items()}
_EXPLAINERS_SAID = {name: gated(pattern, re.IGNORECASE) for name, pattern in EXPLAINERS.items()}
_DENIED = re.compile(
    r"\b(?:not|n't|no|never|nor|rather than|instead of|unlike|than|compared (?:to|with)|or)\b[^.;:]{0,25}$", re.I
)


def model_claims(sentence: str, output_text: str) -> Iterator[tuple[str, bool]]:
    """(claim, supported) for each model family the sentence says the model is ("it's a random forest"), when
    the outputs say what the model is: the family must be the one they name. A family the sentence denies or
    compares with ("not a neural network", "simpler than a transformer") and a question are no claims.
    """
    if sentence.rstrip().endswith("?"):
        return
    # the sentence's families first: the outputs' side is read only for a sentence that names one
    said = [(name, m) for name, pattern in _FAMILIES_SAID.items() for m in pattern.finditer(sentence)]
    stated = _stated_families(output_text) if said else frozenset()
    if not stated:
        return
    for name, match in said:
        if _DENIED.search(sentence[max(0, match.start() - 40) : match.start()]):
            continue
        if name == "random forest" and _forest_of_extra_trees(match.group(0), stated):
            continue
        yield f"model family {name}", name in stated


def _forest_of_extra_trees(said: str, stated: frozenset[str]) -> bool:
    """Whether "the forest" / "a forest of" (not "random forest") is said of an ensemble of extra trees, which is
    a forest too (claims-40); of one extra tree (a decision tree) it is not.
    """
    return not said.lower().startswith("random") and "extra trees" in stated and "decision tree" not in stated


# The outputs' side of a check is the same for every sentence of a reply: read once a turn (`per_turn`).
@per_turn
def _stated_families(output_text: str) -> frozenset[str]:
    text = output_text.lower()
    return frozenset(name for name, pattern in FAMILIES.items() if re.search(pattern, text))


@per_turn
def _stated_explainers(output_text: str) -> frozenset[str]:
    return frozenset(name for name, pattern in EXPLAINERS.items() if re.search(pattern, output_text, re.IGNORECASE))


def explainer_claims(sentence: str, output_text: str) -> Iterator[tuple[str, bool]]:
    """(claim, supported) for each explainer the sentence says the numbers come from ("Gini importances", "what
    LIME reports", "by permutation importance"), when the outputs name theirs (an explanation's `method`, a model
    card's text): it must be one they name. An explainer denied or compared with ("SHAP rather than LIME") and a
    question are no claims.
    """
    if sentence.rstrip().endswith("?"):
        return
    said = [(name, m) for name, pattern in _EXPLAINERS_SAID.items() for m in pattern.finditer(sentence)]
    stated = _stated_explainers(output_text) if said else frozenset()  # the outputs read for a sentence naming one
    for name, match in said if stated else ():
        if not _DENIED.search(sentence[max(0, match.start() - 40) : match.start()]):
            yield f"explainer {name}", name in stated


#: Properties of a model an output may deny ("the scores are not calibrated", "not trained on data").
#: A property denied by a contrast ("a rescaling rather than a calibrated probability") is denied as well.
_PROPERTIES = {
    "calibrated": r"calibrated",
    "trained": r"(?:fine-?)?tuned on|trained on|trained with|fit(?:ted)? on|used to (?:fit|train|tune|build)\b",
    # explanations said to tell causes in the world, where the card says they describe only the model
    "causal": r"\bcaus(?:al|ally|ality|ation)\b|\bwhat (?:actually |really |truly )?causes\b|"
    r"\bcauses?\s+(?:\w+\s+){0,3}in the (?:real )?world\b|\breal[- ]world caus\w*",
}
_PROPERTIES_SAID = {name: gated(pattern, re.I) for name, pattern in _PROPERTIES.items()}
_NEGATED_BEFORE = re.compile(r"(?:\b(?:not|never|no|\w+n't|rather than|instead of)\b[^.;:]{0,25}|\bun-?)$", re.I)


@per_turn
def _only_denied(output_text: str) -> frozenset[str]:
    """The properties of `_PROPERTIES` the outputs mention, and only as denied."""
    denied = set()
    for name, pattern in _PROPERTIES.items():
        said = [m for m in re.finditer(pattern, output_text, re.I)]
        if said and all(_NEGATED_BEFORE.search(output_text[max(0, m.start() - 40) : m.start()]) for m in said):
            denied.add(name)
    return frozenset(denied)


def property_claims(sentence: str, output_text: str) -> Iterator[tuple[str, bool]]:
    """(claim, supported) for a property of the model the outputs only deny, stated in the sentence as held:
    "probabilities are calibrated" when the outputs say they are not, "fine-tuned on the reviews" when the
    outputs say the model was not trained on data. A property the outputs never mention is no claim.
    """
    if sentence.rstrip().endswith("?"):
        return
    said = [(name, m) for name, pattern in _PROPERTIES_SAID.items() for m in pattern.finditer(sentence)]
    denied = _only_denied(output_text) if said else frozenset()  # the outputs read for a sentence naming one
    for name, match in said:
        if name not in denied:
            continue  # the outputs state it as held somewhere (or never)
        if not _NEGATED_BEFORE.search(sentence[max(0, match.start() - 40) : match.start()]):
            yield f"model property {name}", False


# "ris(e|es|en|ing)", not "risk" (claims-27)
_UP = (
    r"ris(?:e|es|en|ing)|rose|increas\w*|climb\w*|go(?:es)? up|went up|jump\w*|grow\w*|grew|goes higher|rais\w*|lift\w*"
)
_DOWN = r"fall\w*|fell|drop\w*|decreas\w*|dip\w*|declin\w*|go(?:es)? down|went down|shrink\w*|sink\w*|sank|lower\w*"
_MOVE = gated(
    # The move's ends are the first numbers after its verb ("would rise to 60 %, surcharge drops from 100 % to
    # 40 %": "rise" is not the move from 100 to 40).
    rf"\b(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\b[^.;\d]{{0,30}}?(?:\bfrom\s+)?(?:about\s+|around\s+)?"
    r"(?P<a>-?\d+(?:\.\d+)?)\s*%?\s*(?:to|→|->)\s*(?:about\s+|around\s+)?(?P<b>-?\d+(?:\.\d+)?)",
    re.IGNORECASE,
)


_NUM = r"-?\d+(?:\.\d+)?"
#: A move said between its ends ("58 up to 51", "8 km down to 4.8") or after its new end ("0.929, up from 0.867").
_MOVE_BETWEEN = gated(rf"(?<![\w.])(?P<a>{_NUM})\s*%?\s+(?:(?P<up>up)|(?P<down>down))\s+to\s+(?P<b>{_NUM})", re.I)
_MOVE_BACK = gated(rf"(?<![\w.])(?P<b>{_NUM})\s*%?,?\s+(?:(?P<up>up)|(?P<down>down))\s+from\s+(?P<a>{_NUM})", re.I)


def movement_claims(sentence: str, names: Iterable[str] = ()) -> Iterator[tuple[str, bool]]:
    """(claim, supported) for a move said with its two ends ("would fall from 88.2 % to 90.4 %", "rises, 89.8 % →
    86.8 %"): the verb must go the way the numbers do (each number is checked against the outputs on its own).
    A verb that is a feature's name ("lift 39.9 → 21.2 s" of a lift time; `names`, lower case) is none (claims-27).
    """
    named = {n.lower() for n in names}
    for m in [*_MOVE.finditer(sentence), *_MOVE_BETWEEN.finditer(sentence), *_MOVE_BACK.finditer(sentence)]:
        verb = m.group("up") or m.group("down") or ""
        if verb.lower() in named:
            continue
        a, b = float(m.group("a")), float(m.group("b"))
        if a == b:
            continue
        up = m.group("up") is not None
        yield f"move {'up' if up else 'down'} from {m.group('a')} to {m.group('b')}", (b > a) == up
