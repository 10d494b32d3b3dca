"""The words that mark a claim's kind: directions, ranks, outcomes, hypotheticals, metrics."""

from __future__ import annotations

import functools
import re

from simxai.guard._edit_cues import *  # noqa: F403 - the cues of edits, frequencies and judgements (claims-26)
from simxai.guard._prefilter import gated
from simxai.guard._rank_cues import *  # noqa: F403 - the cues of a feature's rank and of comparisons of two
from simxai.guard._reading import SUBJECT_WORDS

#: Words of an item's place in a ranking or a list, never a name of its own ("the runner-up", "the next one",
#: "another +0.11", "nearly tied", "close behind"): read where a list or a cause would name a feature (claims-18).
POSITION_WORDS = frozenset(
    "next another runner-up runners-up tied tie ties level behind ahead close closely leader leaders leading "
    "top bottom last latter former following preceding previous one ones".split()
)

_MOVE = "(?:push|mov|shift|nudg|tilt|steer|drag|draw|pull)"
UP = gated(
    # "pulls about 0.15 towards X": an amount may stand between the verb and its way
    rf"\b(increas\w*|rais\w*|{_MOVE}\w*(?: (?:\w+|[+-]?\d*\.\d+)){{0,3}} (?:towards?|up)|toward|"
    r"contribut(?:e|es|ed|ing) (?:\w+ )?(?:positively|to)|"
    r"(?:contribut|add)\w*\s+(?:about\s+|roughly\s+|around\s+)?\+?\d*\.?\d+\s+towards?|"
    r"support\w*|in favou?r of|higher (?:risk|chance|probability|odds)|boost\w*|favou?r\w*|strengthen\w*|"
    r"point\w* (?:towards?|to)|drive\w*(?: \w+){0,2} towards?|tip\w*(?: \w+){0,2} towards?|add\w* to|"
    r"speak\w* for|argu\w* for|make\w*(?: \w+){0,2} more likely|lean\w*(?: \w+){0,2} towards?|help\w*|"
    # "A pushed towards X, and B pushed that way too": the way of the label the sentence named before
    rf"{_MOVE}\w* (?:that|the same) way)\b",
    re.IGNORECASE,
)
DOWN = re.compile(
    rf"\b(decreas\w*|lower\w*|reduc\w*|{_MOVE}\w*(?: \w+){{0,3}} away|away from|against|contribut\w* negatively|"
    r"lessen\w*|weaken\w*|count\w* against|argu\w* against|speak\w* against|make\w*(?: \w+){0,2} less likely|"
    r"pull\w*(?: \w+){0,3} away|detract\w*|work\w* against|hurt\w*|hinder\w*|harm\w*)\b",
    re.IGNORECASE,
)
#: A side of the contributions named without a verb of direction ("towards", "holds her back", "the strongest
#: negative words"): a feature said to matter most there is first among those pushing that way.
SIDE = re.compile(
    r"\btowards?\b|\b(?:hold|holds|held|holding|keep\w*|pull\w*|drag\w*)\s+(?:\w+\s+){0,3}back\b|"
    r"\b(?:negative|positive)(?:ly)?\b|"
    # claims-55 (gfa48): a side named by a noun of hindrance or of help ("the biggest hindrance", "the main
    # counterweight", "its chief asset"): first among the features pushing that way, not first overall
    r"\b(?:hindrances?|obstacles?|counter-?weights?|counter-?balances?|handicaps?|headwinds?|tailwinds?|"
    r"drawbacks?|liabilit(?:y|ies)|assets?|brakes?)\b",
    re.IGNORECASE,
)


def names_side(text: str) -> bool:
    """Whether `text` names a side of the contributions: a direction (`UP`, `DOWN`) or a side (`SIDE`)."""
    return bool(UP.search(text) or DOWN.search(text) or SIDE.search(text))


#: A negation in a claim. `_kept._NEGATION`, `_group_means._DENIED` and `_metric_order._DENIED` are not copies of it:
#: they take a bare "no", leave out "neither", "none" or "nothing", and `_metric_order` reads a denial at most 20
#: characters before a comparison; one pattern for all would change what the guard flags.
NEGATION = gated(r"\b(?:not|n't|never|no longer|neither|nor|none|nothing)\b|n't\b", re.IGNORECASE)
#: A claim about what would be, after a change (the labels of counterfactuals and what-ifs are fair there).
HYPOTHETICAL = gated(
    r"\b(would|could|if|were|then|become\w*|flip\w*|switch\w*|turn\w* into|instead|(?<!predicted )to get|to reach|"
    r"to make|need(?:s|ed|ing)?\b|should|after|once|suppose|assuming|had|might|unless|change\w* to|to be predicted|"
    r"turn(?:s|ed|ing)?(?!\s+(?:out|up|down|on|off|away|around|to)\b)|"
    r"make\w*|making|lead\w*|result\w*|achiev\w*|to obtain|to turn|you'd|we'd|it'd|turn\w*(?: \w+){0,3} into|"
    r"(?:that|this|the|such a) change|tip\w*(?: \w+){0,2} (?:to|into|over)|no longer|ends? up|"
    r"at that point|in that case|in this case|by then|to change|to flip|to switch|to move|to come out|counterfactual|"
    # a class moved to: "the grade jumps to prime", "it drops to table" (gfa37); not a share ("drops to 40 %")
    r"(?:drop|fall|fell|slip|sink|sank|climb|rise|rose|jump)\w*\s+(?:down\s+|up\s+|back\s+)?(?:to|into)(?!\s*\d)|"
    r"to be(?: (?:classified|labell?ed|predicted|considered|seen))?|"
    r"with (?:it|that|this|those|these|such)(?: (?:change|edit)s?)?|in place of|"
    r"with (?:both|all|all \w+|the|its|her|his|their|\w+) (?:changes|edits)|"
    r"new (?:probabilit\w*|label|prediction|class)|"
    # "That alone moves the model to X" after a change is named: the change's outcome
    r"(?:that|this)(?: (?:one|single|smallest|small))?(?: (?:change|edit|fix|swap|tweak))?"
    r"(?: (?:alone|by itself|on its own))? (?:moves|pushes|brings|gets|takes|tips|sends|puts|shifts)"
    r"(?: (?:the model|the prediction|the call|the decision|it|her|him|them))?(?: over)? (?:to|into)|"
    r"(?:chang|rais|lower|increas|decreas|reduc|remov|delet|add|insert|replac|swapp|sett|dropp|cutt)ing)\b|"
    r"^\s*(?:swap|replace|change|raise|lower|increase|decrease|remove|delete|add|drop|set|bump|cut|reduce|insert|"
    r"put|use|try|make)\b"
    r"|\s(?:→|->|=>)\s"
    # "Ninety points off the credit score and the application is turned down": an amount taken off (claims-47)
    r"|\d\s*(?:[a-z]+\s+)?off\s+(?:the|its|her|his|their)\b"
    # "'horrible pastries' is enough for a negative verdict": what a change suffices for is its outcome (claims-49)
    r"|\b(?:is|are|was|were|be|alone)\s+(?:(?:just|already|quite|more\s+than)\s+)?enough\s+(?:for|to)\b",
    re.IGNORECASE,
)
RECORDED = gated(
    r"\b(recorded|records?|on record|true|actual(?:ly)?|real|ground[- ]truth|gold|labell?ed (?:as )?in the data|"
    r"in the data|really|in reality|annotated|reference|the data(?:set)? (?:says|has|shows|lists|gives))\b",
    re.IGNORECASE,
)
#: A recorded label said with "as": "the dataset records patient 12 as X", "it is labelled as X in the data".
RECORDED_AS = gated(
    r"\b(?:record(?:s|ed)?|annotated|label(?:l)?ed|marked|listed)\b[^.;:]{0,40}?\bas\s+[\"'“‘*]*$|"
    # a label right after the verb: "the chart records X", "it was recorded X", "logged X" (claims-24)
    r"\b(?:record(?:s|ed)|logged|logs)\s+(?:it\s+|her\s+|him\s+|them\s+)?[\"'“‘*]*$",
    re.IGNORECASE,
)
#: A cue that what follows is the state before a change ("before", "it was", "currently").
BEFORE = gated(
    r"\b(before|currently|current|original(?:ly)?|previously|at present|as it stands|today|at the moment|"
    r"right now|was|to begin with|at first|starting from)\b",
    re.IGNORECASE,
)
#: A cue of today's state that "now" is not ("now" after a change is the state after it).
#: "'delicious' is what makes it positive": the reason for today's label, no change's outcome.
REASON_NOW = gated(
    r"\b(?:is|are|was)(?:n't| not)? (?:what|the (?:word|feature|thing|reason) that) makes? "
    r"(?:it|her|him|them|the \w+)\b",
    re.I,
)
TODAY = re.compile(
    rf"\b(currently|at present|today|before|original(?:ly)?|at the moment|as it stands)\b|{REASON_NOW.pattern}", re.I
)
NOW = re.compile(r"\b(currently|now|at present|today|before|original(?:ly)?|at the moment|as it stands)\b", re.I)
STAY = gated(
    r"\b(stay\w*|remain\w*|"
    # "'Honestly' still pulls towards positive": "still" before a verb of influence is no stay
    r"still(?!\s+(?:\w+ly\s+)?(?:pull|push|drive|add|contribut|count|weigh|favou?r|support|work|help|lean|tip|"
    r"point|argu|speak|matter|nudg)\w*)|unchanged|stick\w* with|(?:would|does|did|will)\s+not\s+(?:change|flip|switch)|"
    r"(?:wouldn't|doesn't|didn't|won't)\s+(?:change|flip|switch)|no change|not change|not flip|the same|"
    r"keeps?(?!\s+in\s+mind)|kept)\b",
    re.IGNORECASE,
)
FLIP = gated(
    r"\b(?:flip\w*|switch\w*|chang\w*|turn\w*|mov\w*|tip\w*|becom\w*|goes|go)\s+"
    r"(?:(?:the\s+(?:decision|prediction|outcome|label|classification|verdict|model)|it|her|him|them)\s+)?"
    r"(?:over\s+)?(?:to|into)\b|"
    # a grade moved ("it is promoted to prime") or a change that suffices ("is enough for approval"; claims-43)
    r"\b(?:promot|demot)\w*\s+(?:it\s+|them\s+)?(?:up\s+|down\s+)?(?:to|into)\b|\benough\s+for\b|"
    r"\b(?:prediction|outcome|label|classification|it)\s+(?:would\s+|will\s+|then\s+|does\s+)?"
    r"(?:flip|switch|change|becomes?)s?\b(?!\s+(?:from|if|(?:even\s+|slightly\s+|much\s+|a bit\s+)?(?:more|less|"
    r"very|quite|fairly|confident|sure|certain|likely|unlikely)\b))|(?<!coin )(?<!coin-)\bflip(?:s|ped)?\b|"
    # "enough to change the outcome", "not nearly enough to change the prediction": a flip said by its size
    r"\b(?:enough|sufficient)\s+to\s+(?:change|flip|switch|tip|reverse|overturn|alter)\s+"
    r"(?:the\s+|its\s+|her\s+|his\s+|their\s+)?(?:outcome|prediction|decision|label|classification|verdict|result)\b",
    re.IGNORECASE,
)
#: Words that deny the flip after them by its size: "nowhere near enough to flip it", "far from enough", "too
#: small a change to flip it" (with `NEGATION`'s "not nearly enough", "isn't enough").
INSUFFICIENT = re.compile(
    r"\b(?:nowhere near|far from|too (?:small|little|weak|slight|modest|minor|tiny)\b(?:\s+(?:a|an)\s+\w+)?)", re.I
)
PROBABILITY = gated(
    # "odds", not "log-odds" (a contribution's scale: "+0.80 log-odds towards stable" is no probability)
    r"(%|\bprobab\w*|\bchance\w*|\blikel\w*|\bconfiden\w*|\bcertain\w*|(?<!log-)(?<!log )\bodds\b|\bscore\w*|"
    r"\bpercent\b|\bsure\b|\bp\s*(?:=|≈|~|:)|\bone[- ]in[- ]\w+|"
    # a forest's probability said as its trees' vote share: "with a 0.29 share", "a share of 0.04", "0.07 of the
    # votes", "0.07 of the trees" (claims-55); not a feature's "heavy-vehicle share of 0.23"
    r"\bof\s+the\s+(?:trees'?\s+)?votes\b|\bof\s+the\s+trees\b|\ba\s+share\s+of\b|\ban?\s+\d*\.\d+\s+share\b)",
    re.IGNORECASE,
)
COUNT = gated(
    r"\b(patients?|rows?|instances?|reviews?|cases?|examples?|samples?|people|records?|items?|points?)\b", re.I
)
PREDICTED = re.compile(
    r"\b(?:predict\w*|classif\w*|categori[sz]\w*|label(?:s|led|ed)?|outcome|verdict|says?|thinks|decides?|"
    r"decision(?!\s+(?:trees?|boundar\w*|thresholds?|functions?|rules?|paths?|nodes?|surfaces?))|"
    # "Right now patient 8 sits at progressing", "policyholder 5010 gets a surcharge"
    r"(?:(?:sits|sitting|stands|standing) at|(?:gets|got|receives|received) (?:a|an))(?=\s*[*_\"'“‘`]*\s*$)|"
    r"output(?:s|ted)?|judge[sd]?|rates?|sees|considers|calls|to get|to reach|becom\w*|answer|"
    r"grades\s+(?:it|them|her|him|[a-z]+\s+#?\d+|#?\d+)|"  # "the model grades 133649 table" (gfa37)
    r"(?:the|its|his|her|their|[a-z]+'s)\s+call\s+(?:here\s+)?(?:is|was|stays|remains)|"  # "the call is sealed"
    # "it drops to table", "slips back into the reserve grade" (gfa37): a class moved to
    # (no number between it and the class: "rises to 0.286 and mouldy to 0.226" moves a share; claims-54)
    r"(?:drop|fall|fell|slip|sink|sank|climb|rise|rose|jump)\w*\s+(?:down\s+|up\s+|back\s+)?(?:to|into)"
    r"(?=[^\d%]{0,30}$)|"
    r"(?:'d|would|will|could|can|you|we) get|"
    r"flip\w*(?: over)? to|turn\w* into|switch\w* to|make\w* it|to be|tip\w*(?: \w+)? to|"
    r"(?:would|will|could|might|'d)(?: (?:still|then|now|also|instead|probably|likely|no longer))? be|"
    r"class(?:ed|es)? as|"
    r"mov\w*(?: (?:the|this|that|it|model|prediction|outcome|output|[a-z]+ #?\d+))* (?:to|into)|stick\w* with|"
    r"c[oa]mes? out(?: as)?|reads? as|ends? up(?: as)?|go(?:es)? with|went with|opts? for|settles? on|"
    r"(?:reads?|sees|treats|regards|takes)\s+(?:it|this one|[a-z]+\s+#?\d+)"
    r"(?:\s*[—–-]\s*a (?:rewritten )?quotation\s*[—–-])?\s+as|"
    r"lands? on|landed on|picks|chooses|goes for|"
    # "the model has patient 40 as stable", "puts her down as progressing"; "for patient 12 it is progressing"
    r"(?:has|had|puts?|marks?|tags?|flags?|pegs?)\s+(?:it|her|him|them|[a-z]+\s+#?\d+)\s+(?:down\s+)?as|"
    r"\bfor\s+[a-z]+\s+#?\d+,?\s+(?:it|that)\s*(?:'s|is)|"
    # a subject by its noun and id or by a bare id of three digits or more between the verb and the class: "would
    # flip applicant 36 to X", "would turn 159950 X" (claims-55)
    r"(?:chang|flip|switch)\w*\s+(?:the\s+\w+|it|(?:[a-z]+\s+)?#?\d{2,12}(?![\d.,%]))\s+(?:to|into)|"
    r"(?:turn|make|keep|render|leav|get)\w*\s+(?:it|her|him|them|(?:the|this|that)\s+\w+|"
    r"(?:patient|applicant|review|instance|case|row|customer|person|sample|item|example|record)\s+#?\d+|"
    r"#?\d{3,12}(?![\d.,%]))|"
    r"(?:is|are|was|were) (?:seen|read|treated|judged|rated|taken) as|"
    r"(?:the )?result (?:is|was|would be)|results in)\b",
    re.IGNORECASE,
)
#: "the stable prediction": a label followed by what it is.
PREDICTED_AFTER = gated(
    r"^\s*[\"'”’]?\s*(?:(?:prediction|label|class|outcome|classification|call|verdict)\b"
    # "the stable class gets 0.33", "the stable class has 32.9 %": a class given its share, not the prediction
    r"(?!\s+(?:gets?|got|has|had|receives?|is given|takes?|keeps?|holds?|scores?|sits at|is at|at|with)\b)|"
    # the class as the subject of "is predicted" for a subject or with its share: "X is predicted for mural 159649",
    # "X is predicted (0.504)"; not "X is predicted when ..." (a class's meaning) nor "61 times" (claims-55)
    r"(?:is|was)\s+(?:(?:still|also|now|again)\s+)?predicted\s*(?:[(,;:]|\.(?!\d)|$|\s+(?:here\s+)?for\s+"
    r"(?:(?:the|this|that)\s+[a-z]+|it|her|him|[a-z]+\s+#?\d{1,12}|#?\d{2,12})\b|\s+(?:at|with)\s+(?:a\s+|an\s+)?\d))",
    re.I,
)
#: Since claims-25 also an agreement with the record said as a likeness: "the same as the recorded outcome",
#: "exactly as the register records it", "in line with the record".
_AS_RECORDED = (
    r"the same as (?:the |its |their )?(?:recorded|actual|true|registered|logged)|"
    r"as (?:the |its |their )?(?:register|record|records|data|file|chart|log|ledger)\s+"
    r"(?:records?|has|holds|shows?|says?|lists?|logs?)\s+(?:it|her|him|them)|"
    # "just as the nursery recorded it", "as the bank logged both": any party's record (claims-26)
    r"as (?:the |its |their )(?:\w+\s+)?(?:recorded|records|logged|logs|registered)\s+(?:it|her|him|them|both)\b|"
    r"in line with (?:the |its |their )?(?:record|register|recorded|actual)"
)
CORRECT = re.compile(
    rf"\b(correct(?:ly)?|right(?:ly)?|accurate(?:ly)?|match(?:es|ing)|agree(?:s|ing)?|confirms?|{_AS_RECORDED})\b", re.I
)
WRONG = gated(
    r"\b(wrong(?:ly)?|incorrect(?:ly)?|mistake\w*|error|misclassif\w*|mismatch\w*|miss\w*|disagree\w*)\b", re.I
)
#: A reply's line or clause that only states a label under a key ("In short: X", "**Prediction:** X"): the
#: keys that make it a claim about the predicted (or, after a change, the resulting) label.
LABEL_KEY = re.compile(
    r"^(?:in short|short answer|short version|answer|bottom line|tl;?dr|summary|verdict|result|outcome|decision|"
    r"predict\w*(?: (?:class|label|outcome))?|prediction|class(?:ification)?|label|call|current(?:ly)?|now|before|"
    r"after\b.*|with\b.*|if\b.*|[a-z]+\s+#?\d+)$",
    re.IGNORECASE,
)
CHANGE_VERB = re.compile(
    r"\b(chang\w*|rais\w*|lower\w*|increas\w*|decreas\w*|reduc\w*|set\w*|mov\w*|drop\w*|bring\w*|"
    r"cut\w*|adjust\w*|replac\w*|swap\w*|went|going|go|come|comes|coming|climb\w*|rise|rises|rising|rose|fall|falls|"
    r"falling|fell)\b",
    re.IGNORECASE,
)
CHANGE_UP = re.compile(
    r"\b(rais\w*|increas\w*|higher|up|more|grow\w*|add\w*|boost\w*|climb\w*|rise|rises|rising|rose)\b", re.I
)
#: A verb whose object is a class's risk or chance ("cuts the flaw risk", "raises the odds"): the class's move, not
#: the way the feature named with it changed (claims-45).
ODDS_MOVED = re.compile(
    r"\b(?:cut|lower|reduc|rais|increas|boost|lift|trim|halv|doubl)\w*\s+(?:the|its|their)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:risk|chance|odds|probability|likelihood|confidence)\b",
    re.I,
)
#: "it comes down to the credit score" is what matters, no way of a change (claims-26)
CHANGE_DOWN = re.compile(
    r"\b(lower\w*|decreas\w*|reduc\w*|drop\w*|cut\w*|(?<!comes )(?<!boils )down|less|fewer|fall\w*)\b", re.I
)
#: "..., which gets you to 0.901", "which brings it up to 78.6 %": the clause speaks of where the model's output
#: ends, not of the feature named before (which it does not carry): its number is the output's.
ARRIVES = gated(
    r"^\s*(?:(?:which|that|and|this)\s+(?:then\s+|finally\s+|together\s+)?(?:gets?|brings?|takes?|puts?|lifts?|"
    r"pushes|pulls)|taking|bringing|getting|lifting|putting)\s+"
    r"(?:you|it|us|the (?:score|output|total|probability|prediction))\s+(?:from\s+-?[\d.]+\s*%?\s+)?"
    r"(?:up\s+|down\s+)?to\s+(?:about\s+|around\s+|roughly\s+)?-?\d",
    re.I,
)
#: "the prediction" and its synonyms name the predicted label in a direction claim.
THE_PREDICTION = re.compile(
    r"\b(?:the|this|its|her|his|their)\s+(?:prediction|predicted (?:label|class|outcome)|decision|verdict|"
    r"classification)\b",
    re.IGNORECASE,
)
METRIC_NAMES = {
    "accuracy": ("accuracy", "accurate", "right", "correct", "correctly"),
    "precision": ("precision", "positive predictive value"),
    "recall": ("recall", "sensitivity", "true positive rate", "hit rate"),
    "f1": ("f1", "f1 score", "f1-score", "f-score", "f score", "f-measure", "f1-measure"),
    "roc_auc": ("roc auc", "roc_auc", "roc-auc", "auc", "auroc", "area under the curve", "area under the roc curve"),
}  # fmt: skip
#: Metric spellings that name no one metric: "right 79 % of the time" may be the accuracy, a precision or a recall.
VAGUE_METRIC = frozenset({"right", "correct", "correctly", "accurate"})
#: A verb of contribution right before a number: the number is a feature's contribution.
CONTRIBUTES = re.compile(
    r"\b(?:adds?|added|adding|contribut\w*|subtracts?|subtracted|takes? away|took away)\s+"
    r"(?:about\s+|around\s+|roughly\s+|some\s+|only\s+|just\s+|nearly\s+|approximately\s+)?$",
    re.IGNORECASE,
)
#: "All three push towards X", "They both ...": the features a list just named.
PLURAL = re.compile(
    r"^\s*(?!all (?:the )?other\b|all the rest\b)"
    r"(?:all(?: (?:two|three|four|five|six|of them|of these|of those|these|those))?|they(?: all)?|"
    r"these(?: features| words)?|those(?: features| words)?|both(?: of them)?|each of them)\b",
    re.IGNORECASE,
)
#: A line that states one value under a key: "- **Prediction:** stable (78.6 %)", "In short: stable."
KEYED = gated(
    r"^\s*(?:[-*•]\s+)?(?:\*\*|__)?(?P<key>[^:*_]{1,60}?)(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*"
    r"(?P<value>[^():]{1,60}?)\s*(?:\*\*|__)?\s*(?:\([^()]*\))?\s*[.!]?\s*$"
)
CHAIN = re.compile(
    r"[\s\"'“”‘’*]*(?:to|into|→|->|=>|and then|then|and after|after|and now|now|"
    r"and (?:needed|required|new|changed|afterwards|counterfactual|what-if))[\s\"'“”‘’*]*",
    re.I,
)
FROM_CHANGE = gated(
    r"\b(?:flip\w*|switch\w*|chang\w*|mov\w*|go\w*|went|turn\w*|tip\w*)\b[^.;:]{0,60}?\bfrom\s+"
    r"(?:the\s+|a\s+|an\s+)?[\"'“‘*]*$",
    re.IGNORECASE,
)


OF_LABEL = re.compile(
    r"^[\s)%\]]*(?:(?!instead\b|rather\b|ahead\b|short\b)[\w-]+\s+){0,2}?(?:of|for)\s+(?:being\s+|a\s+|an\s+|the\s+)?",
    re.I,
)
#: A clause that may judge the prediction right or wrong.
VERDICT = re.compile(
    r"\bprediction\b|\bpredict|\bgot (?:it|this|that)(?: one)? (?:right|wrong)|\b(?:record|label|data)\w* "
    r"(?:agree|disagree|match|confirm)\w*|" + _AS_RECORDED + r"|"
    # "agrees with the record", "matches what was recorded" (27); "the review's recorded", "the label it was" (33)
    r"\b(?:agree|disagree|match|confirm)\w*\s+(?:with\s+)?(?:the\s+|what\s+(?:was|is|the\s+\w+)\s+|(?:the|its|their)\s+"
    r"(?:[a-z-]+['’]s\s+|label\s+(?:it|that|she|he)\s+(?:was|is)\s+))?record\w*|"
    # a verdict said as a clause's only word after the label ("stable, 78.6 %, correctly.", "and rightly so")
    r"^\s*(?:and\s+)?(?:correctly|rightly|wrongly|incorrectly|mistakenly)(?:\s+so)?\s*[.!]?\s*$",
    re.IGNORECASE,
)


GAP = re.compile(r"\s*,?\s*(?:and|while|whereas|but)?\s*(?:for\s+)?[a-z]+\s*#?\d{1,12}\s*(?:is|was|as|:|-)?\s*", re.I)


def phase(before: str) -> str:
    """Whether a number after the text `before` is about the state before a change or after it (or either):
    the last cue decides ("before: stable 78.6 %; after: stable 87.7 %"); "now" after a cue of the state before
    is the state after ("it was 78.6 % before; now 87.7 %"), and in "from A to B" A is before, B after.
    """
    # A closed parenthetical is an aside: "(it was 4.304) gives 87.7 %" does not make 87.7 % the state before.
    before = aside_free(before)
    if _FROM.search(before):
        return "before"
    if _MOVE_TO.search(before):
        return "after"
    if _FROM_TO.search(before):
        return "after"
    # "Before the change the model said X at 60 %": the change named there is what the state precedes.
    before = _BEFORE_CHANGE.sub(lambda m: "before".ljust(len(m.group(0))), before)
    cues = [(m.end(), "before") for m in BEFORE.finditer(before)]
    for after in (HYPOTHETICAL, STAY, FLIP):
        cues += [(m.end(), "after") for m in after.finditer(before)]
    if cues:
        cues += [(m.end(), "after") for m in _NOW_AFTER.finditer(before) if m.start() > min(cues)[0]]
    return max(cues)[1] if cues else ""


_BEFORE_CHANGE = re.compile(
    r"\bbefore\s+(?:the|this|that|any|making the|making this)\s+(?:\w+\s+)?"
    r"(?:change|edit|swap|switch|tweak|update)s?\b",
    re.I,
)
_FROM = gated(
    r"\b(?:from|instead of|rather than|up from|down from)\s+(?:[a-z][\w-]*\s*(?:\(|at\b|:|,)\s*)?"
    r"(?:about\s+|around\s+|roughly\s+|under\s+|over\s+|below\s+|above\s+|just\s+(?:under|over)\s+|nearly\s+|"
    r"almost\s+)?$",
    re.IGNORECASE,
)
#: A move's target: "drops to around 12 %", "rises to 64.9 %" is the state after.
_MOVE_TO = gated(
    r"\b(?:drop\w*|fall\w*|fell|ris\w*|rose|climb\w*|increas\w*|decreas\w*|go(?:es)?|went|jump\w*|mov\w*|"
    r"shift\w*|sink\w*|sank|grow\w*|grew|shrink\w*|shrank|slip\w*)\s+(?:\w+\s+)?to\s+"
    r"(?:about\s+|around\s+|roughly\s+|approximately\s+|nearly\s+|just\s+(?:under|over)\s+)?$",
    re.IGNORECASE,
)
#: A state named right after a number: "78.6 % before", "(72.9 % after the edit)".
PHASE_AFTER_NUMBER = re.compile(
    r"^\s*%?\s*(?:(?P<before>before|previously|originally|initially|beforehand|earlier|at first)|"
    r"(?P<after>after(?:wards)?|then|now|once changed))\b",
    re.IGNORECASE,
)
_FROM_TO = gated(
    r"\bfrom\s+(?:about\s+|around\s+)?-?\d+(?:\.\d+)?\s*%?\s*(?:to|→|->)\s+(?:about\s+)?$"
    r"|\bfrom\s+[a-z][\w-]*\s*\(\s*[-\d.]+\s*%?\s*\)\s*(?:to|→|->)\s+[a-z][\w-]*\s*\(\s*(?:about\s+)?$",
    re.I,
)
_CLOSED = gated(r"\([^()]*\)")


def aside_free(text: str) -> str:
    """`text` without its closed parentheticals ("(it is 23.7 now)" says nothing of the prediction's state)."""
    return _CLOSED.sub(" ", text)


#: A label followed by the state after a change: "does not predict X after the change", "X once you edit it".
AFTER_LABEL = re.compile(
    r"^\s*[\"'”’]?\s*(?:after(?:wards)?\b|once\s+(?:you|we|it|the|that|this)\b|after\s+(?:the|that|this)\s+(?:change|edit)"
    r"|(?:call|verdict|prediction|outcome)\s+would\b(?!\s+(?:still|remain|stay)))",  # "the X call would be" (claims-27)
    re.IGNORECASE,
)
_NOW_AFTER = re.compile(r"\b(?:now|afterwards|after that)\b", re.IGNORECASE)
#: Words beside a number that make it an amount of change ("10 % lower", "by 0.43", "up 9.1 points").
AMOUNT_BEFORE = re.compile(
    r"(?:\bby|\bchange of|\ba|\bup|\bdown|\bincrease of|\bdecrease of|\bdrop of|\bjump of|\bshift of|\brise of|"
    r"\bmove of|\bdrop(?:s|ped)?|\bfell|\bfalls?|\brose|\brises?|\bwent (?:up|down)|\bgoes (?:up|down)|"
    r"\b(?:increas|decreas|rais|lower|reduc|cut)(?:e|es|ed|ing|s)?|\banother|\bextra|\badditional|"
    # "adding 20 to the blood sugar", "after adding 30 days", "taking 5 off" (claims-46)
    r"\badd(?:s|ed|ing)?|\bsubtract(?:s|ed|ing)?|\b(?:tak(?:e|es|ing)|took)\s+off|"
    # a class's share gained or lost ("dusty gains about 0.18", "shaves 0.09 off"; claims-54, gfa47)
    r"\bgain(?:s|ed|ing)?|\blos(?:e|es|ing)|\blost|\bshav(?:e|es|ed|ing)|\bshed(?:s|ding)?)\s+(?:by\s+)?"
    # an amount in a currency ("by €20k") or one more of the same ("another 120 days", "an extra 20k"; claims-43)
    r"(?:about\s+|around\s+|roughly\s+|some\s+|just\s+|only\s+)?(?:[€$£]\s?)?$",
    re.IGNORECASE,
)
#: claims-56 (gfa49): "21 fewer days", "an 86-point higher score": "fewer", and a comparative after a hyphened unit.
AMOUNT_AFTER = re.compile(
    r"^\s*%?\s*(?:percentage\s+)?(?:-[a-z]+\s+(?=[a-z]+er\b|less\b|more\b))?"
    r"(?:points?\b|pp\b|lower\b|higher\b|less\b|more\b|fewer\b|smaller\b|larger\b|"
    r"bigger\b|up\b|down\b|away\b|cut\b|raise\b|reduction\b|increase\b|decrease\b|drop\b|rise\b|change\b)",
    re.IGNORECASE,
)


#: A condition in a sentence: what follows it is a what-if (checked only against an output that computes one).
CONDITION = gated(r"\b(?:if|unless|provided|as long as)\b", re.I)
#: A modal right before a label ("could be X", "would then be X"): what might be, not what is predicted.
MODAL = gated(r"\b(?:would|could|might|may)\b(?:\s+\w+){0,2}\s+(?:be\s+)?$", re.I)
_PRONOUN_SUBJECT = r"\b(?:she|he)"
_COPULA = (
    r"\s+(?:(?:is|was|were|are|gets|got|has been|had been|'s|isn't|wasn't|sits at|sat at|stands at|sits on|turns|"
    r"becomes)\s+)"
    r"(?:(?:\w+ly|also|then|still|now|being|not|never)\s+)*"
    r"(?:(?:recorded|labell?ed|marked|listed|filed)\s+as\s+)?$"
)


@functools.lru_cache(maxsize=16)
def _subject(noun: str) -> str:
    """A subject a label may be said of: the instance by its id, "the applicant", "this one", "she"."""
    nouns = "|".join(re.escape(n) for n in sorted({noun, *SUBJECT_WORDS[:-2]}, key=len, reverse=True))
    return (
        rf"(?:\b(?:{nouns})\s*(?:#|no\.?\s*)?\d{{1,12}}(?!\d)|\b(?:the|this|that)\s+(?:{nouns}|one|application)\b|"
        rf"{_PRONOUN_SUBJECT}\b)"
    )


@functools.lru_cache(maxsize=16)
def subject_copula(noun: str) -> re.Pattern[str]:
    """A subject and a copula right before a label ("applicant 14 was ", "she is actually ")."""
    return re.compile(_subject(noun) + _COPULA, re.IGNORECASE)


@functools.lru_cache(maxsize=64)
def label_verb(label: str, noun: str) -> re.Pattern[str]:
    """A label used as a verb on a subject: "rejected applicant 14", "approves her", "reject him"."""
    forms = {label}
    if label.lower().endswith("ed") and len(label) > 4:
        forms |= {label[:-1], label[:-1] + "s", label[:-2], label[:-2] + "s"}
    verbs = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(rf"\b(?P<verb>{verbs})\s+(?:{_subject(noun)}|\b(?:her|him)\b)", re.IGNORECASE)


#: The model's call said to be wrong before the clause ("... and it got this one wrong; the flight was moved").
#: claims-56 (gfa49): any form of "get" ("gets it wrong; the plot was X") and "it's" ("it's wrong: the plot was X").
WRONG_END = re.compile(
    r"\b(?:(?:gets?|got|getting)\s+(?:it|this|that)(?:\s+one)?\s+|(?:it|this|that)(?:\s+(?:was|is)\s+|['’]s\s+))"
    r"(?:(?:quite|plainly|clearly|simply)\s+)?(?:wrong|incorrect)[\s,;:]*$",
    re.I,
)
