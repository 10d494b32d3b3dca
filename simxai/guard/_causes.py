"""Invented names in feature and label positions: a name said to drive the prediction ("because of her income",
"income is the main factor"), to be changed or set ("raise income by 15 %", "with income at 27.3"), to rank
("income matters most") or to be one of the labels ("stable or uncertain") must be a feature, a label or a word of
the outputs (`simxai.guard._checks` reads the rest of the reply).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from simxai.guard._cues import POSITION_WORDS
from simxai.guard._not_names import DEGREE_WORDS
from simxai.guard._prefilter import gated
from simxai.guard._reading import find_mentions
from simxai.guard._statements import FAMILIES

__all__ = ["invented_names"]

#: An adverb by its ending ("more surely", "narrowly"): a stem of four letters or more before "-ly", not "-ily"
#: ("family") (claims-56, gfa49).
_ADVERB = re.compile(r"[a-z]{4,}(?<!i)ly")
#: A copula and a past participle closing the place of a feature's name: "the features are standardised", "the
#: inputs were scaled" say what was done to the features, not which one (claims-56, gfa49).
_STATE_OF = re.compile(r"\b(?:is|are|was|were)\s+(?:all\s+|first\s+)?[a-z]{3,}(?:ed|ised|ized)$", re.I)

_NP = r"(?P<w>(?:[a-z][a-z_'-]*)(?:\s+[a-z][a-z_'-]*){0,2})"
_CAUSE_AFTER = gated(
    r"\b(?:because of|due to|driven (?:mostly |mainly |largely )?by|thanks to|owing to|"
    # "largely down to the X", "mainly because its X was replaced" (round 38): a cause said by a clause of its own
    r"(?:largely|mostly|mainly|chiefly|partly|entirely|all) down to|because(?=\s+(?:its|her|his|their)\s)|"
    r"(?:relies?|relying|leans?|leaning|hinges?|depends?)(?: \w+ly| most| hardest| heavily){0,2} on)\s+"
    r"(?:the\s+|her\s+|his\s+|their\s+|its\s+|an?\s+|this\s+|that\s+|[a-z]+'s\s+)?"
    + _NP
    + r"(?=\s*(?:[.,;:!?)(]|\s-\s|$|\s(?:and|which|that|is|was|are|were|pushes|being|recorded|measured|"
    r"fitted|replaced|logged|noted)\b))",
    re.IGNORECASE,
)
_CAUSE_BEFORE = gated(
    r"(?:^|[.;:!?]\s+|\b(?:and|but)\s+)(?:her\s+|his\s+|their\s+|its\s+|the\s+)?"
    + _NP
    + r"\s+(?:is|was)\s+(?:the\s+)?(?:single\s+)?(?:most important|main|biggest|key|top|strongest|primary|leading|"
    r"dominant)\s+(?:feature|factor|driver|reason|predictor|input)\b",
    re.IGNORECASE,
)
_DET = r"(?:the\s+|her\s+|his\s+|their\s+|its\s+|[a-z]+'s\s+)?"
#: A name changed or set to a number ("raise income by 15 %", "setting income to 3.9", "income ranges from 19").
#: (a verb's own endings only: "settings picked by 5-fold ..." has no verb of change; claims-26)
_CHANGED = gated(
    r"\b(?:rais|lower|chang|sett?|mov|increas|decreas|reduc|cut|bump|put|push|drop)"
    r"(?:e|es|ed|ing|s|ting|ped|ping)?\s+"
    + _DET
    + r"(?P<w>[a-z][a-z_'-]*)\s+(?:from|to|by|down|up)\s+(?:about\s+|around\s+|roughly\s+)?-?\d"
    r"|(?P<v>[a-z][a-z_'-]*)\s+(?:ranges|spans|varies|runs)\s+(?:from|between)\s+-?\d",
    re.IGNORECASE,
)
_SET_AT = re.compile(
    r"\b(?:with|if|once|when)\s+" + _DET + r"(?P<w>[a-z][a-z_'-]*)\s+(?:at|were|was|of|=)\s+(?:about\s+)?-?\d"
    r"|(?:^|[.;:!?,]\s+|\b(?:and|but)\s+)" + _DET + r"(?P<v>[a-z][a-z_'-]*)\s+"
    r"(?:comes? out on top|matters (?:most|more|less)|is the strongest push|is the top driver|leads the ranking|"
    r"pushes|raises|lowers|drives|ranks (?:first|second|third|last)|has the (?:largest|biggest|strongest) effect|"
    r"is (?:the )?(?:most|more|less|second|third|least) (?:important|influential)|would have to (?:change|go|move)|"
    r"is important)\b"
    r"|\b(?:features?|factors?|drivers?|reasons?|predictors?)\s+(?:is|are|was|were|:)\s+"
    + _DET
    + r"(?P<x>[a-z][a-z_'-]*)"
    r"(?=\s*(?:[.,;:!?)(]|\s-\s|$|\s(?:and|which|then|followed)\b))"
    r"|\bwhat drives (?:this one|it|the prediction) is\s+" + _DET + r"(?P<y>[a-z][a-z_'-]*)"
    r"|\b(?:average|mean|median)\s+(?P<z>[a-z][a-z_'-]*)\s+(?:is|was|of|=|:)\s+(?:about\s+)?-?\d"
    r"|\b(?:cut|raise|increase|decrease|drop|rise|change|reduction)\s+in\s+" + _DET + r"(?P<u>[a-z][a-z_'-]*)\b"
    r"|(?P<t>[a-z][a-z_'-]*)\s+(?:-?\d+(?:\.\d+)?\s*(?:→|->)\s*-?\d|\((?:value|=)\s*-?\d)",
    re.IGNORECASE,
)
#: More positions of a feature: ranked ("the most influential feature here is X", "neither as much as X", "X carries
#: the most weight"), moved ("if X moved to 5", "would need X at 5", "once X is 5") or described ("X: min 19").
_RANKED = gated(
    r"\b(?:features?|factors?|drivers?|reasons?|predictors?)\s+(?:here|overall|globally)?\s*(?:is|are|→|->)\s+"
    + _DET
    + r"(?P<w>[a-z][a-z_'-]*)(?=\s*(?:[.,;:!?)(]|\s-\s|$|\s(?:and|which|then|followed)\b))"
    r"|\b(?:neither|not)\s+as\s+much\s+as\s+" + _DET + r"(?P<v>[a-z][a-z_'-]*)"
    r"|(?:^|[.;:!?,]\s+|\b(?:and|but)\s+)" + _DET + r"(?P<x>[a-z][a-z_'-]*)\s+(?:carries|has|gets) the most weight"
    r"|(?:^|[.;:!?,]\s+|\b(?:and|but)\s+)" + _DET + r"(?P<y>[a-z][a-z_'-]*)\s+is what the model (?:pays|gives)"
    r"|\b(?:if|once|when)\s+" + _DET + r"(?P<z>[a-z][a-z_'-]*)\s+(?:moved|went|goes|rose|fell|dropped|changed|is)\s+"
    r"(?:to\s+)?(?:roughly\s+|about\s+|around\s+)?-?\d"
    r"|\bneeds?\s+" + _DET + r"(?P<u>[a-z][a-z_'-]*)\s+(?:at|to be|of)\s+(?:about\s+)?-?\d"
    r"|(?:^|\n)\s*(?P<t>[a-z][a-z_'-]*)\s*:\s*(?:min|max|mean|average|median)\b",
    re.IGNORECASE,
)
#: A name of one or two words (not joined by "and" or "or").
_NP2 = r"[a-z][a-z_'-]*(?:\s+(?!and\b|or\b|is\b|was\b|at\b)[a-z][a-z_'-]*)?"
#: Still more positions, for names of one or two words: moved ("income going from 23.7", "if family history
#: changed from 4.3", "with family history at 3.9", "(income: 4.3 → 3.9)", "plus a lower family history"), valued
#: ("because income is at 23.7", "for income, values range from 19"), ranked ("the second most important is X",
#: "X also plays a role", "X comes next", "X and Y are the two features") or free to change ("X can change freely").
_POSITIONS = gated(
    r"(?:^|[(:;,.]\s*|\s-\s+|\b(?:if|once|when|because|and|but|as|since)\s+)" + _DET + r"(?P<a>" + _NP2 + r")\s+"
    r"(?:going|goes|went|moving|moves|moved|rising|rises|rose|falling|falls|fell|dropping|drops|dropped|changing|"
    r"changes|changed|shifting|shifts|shifted)\s+(?:from|to|up to|down to)\s+(?:about\s+|roughly\s+)?-?\d"
    r"|\bwith\s+" + _DET + r"(?P<b>" + _NP2 + r")\s+(?:at|of|=)\s+(?:about\s+|roughly\s+)?-?\d"
    r"|(?:^|[(;,]\s*|\s-\s+)"
    + _DET
    + r"(?P<c>"
    + _NP2
    # a value moved to a number, not "Note: 426 → stable" (a subject moved to its label)
    + r")\s*:?\s*-?\d+(?:\.\d+)?\s*(?:→|->)\s*(?:about\s+|roughly\s+|~\s*)?[-+]?\.?\d"
    r"|\b(?:plus|and|with|also)\s+(?:a|an)\s+(?:lower|higher|reduced|increased|smaller|larger|bigger|better|worse)\s+"
    r"(?P<d>" + _NP2 + r")(?=\s*(?:[\n.,;:!?)(]|\s-\s|$|\s(?:and|would|could|tips?|makes?|the|it)\b))"
    r"|\b(?:because|since|as)\s+(?:of\s+)?"
    + _DET
    + r"(?P<e>"
    + _NP2
    + r")\s+(?:is|was|sits|stands)\s+(?:at|only)\s+-?\d"
    r"|\bfor\s+" + _DET + r"(?P<f>" + _NP2 + r"),\s+(?:its\s+|the\s+)?values?\s+(?:range|ranges|span|spans|vary|go|run)"
    r"|\b(?:second|third|next)(?:\s+most)?\s+(?:important|influential)(?:\s+(?:feature|factor|one))?\s+is\s+"
    + _DET
    + r"(?P<g>"
    + _NP2
    + r")(?=\s*(?:[.,;:!?)(]|\s-\s|$|\s(?:and|which|with)\b))"
    r"|(?:^|[.;:!?,]\s+|\b(?:and|but)\s+)"
    + _DET
    + r"(?P<h>"
    + _NP2
    + r")\s+(?:also\s+)?(?:plays?|has)\s+(?:a|an|some)\s+"
    r"(?:\w+\s+)?(?:role|part|influence|effect)\b"
    r"|(?:^|[.;:!?,]\s+|\b(?:and|but)\s+)" + _DET + r"(?P<i>" + _NP2 + r")\s+(?:comes?\s+(?:next|second|third|last)|"
    r"is\s+(?:second|third|fourth|fifth|last))\b"
    r"|(?:^|[.;:!?,]\s+)" + _DET + r"(?P<j>" + _NP2 + r")\s+and\s+" + _DET + r"(?P<k>" + _NP2 + r")\s+are\s+the\s+"
    r"(?:\w+\s+){0,2}(?:features|factors|drivers|predictors|inputs)\b"
    r"|(?:^|[(;,.]\s*|\s-\s+|\b(?:and|but)\s+)"
    + _DET
    + r"(?P<l>"
    + _NP2
    + r")\s+can\s+(?:also\s+)?(?:change|vary|move|go|"
    r"be changed|take any value)\b"
    r"|\b(?:raising|lowering|increasing|decreasing|reducing|cutting)\s+" + _DET + r"(?P<m>" + _NP2 + r")"
    r"(?=\s*(?:[.,;)]|$|\s(?:would|could|will|might|and|should|makes?|made)\b|\s(?:→|->|=>)))"
    r"|\b(?:raise|lower|increase|decrease|reduce|cut)s?\s+" + _DET + r"(?P<n>" + _NP2 + r")"
    r"(?=\s*(?:\s(?:would|could|will|might|should|makes?)\b|\s(?:→|->|=>)))",
    re.IGNORECASE,
)
#: A name of up to four words, digits allowed ("HbA1c", "number of previous defaults").
_NP4 = r"[a-z][\w'-]*(?:\s+(?!and\b|or\b|is\b|was\b|also\b|too\b|would\b|could\b|will\b)[a-z][\w'-]*){0,3}"
#: A name said to contribute as well ("HbA1c also pushes towards X", "Smoking status also adds to the risk"), a
#: list item with its signed contribution ("sex +0.32, HbA1c +0.21"), or a name changed to get the outcome
#: ("cutting daily calorie intake would make ...").
_CONTRIBUTES = re.compile(
    r"(?:^|[.;:!?,]\s+|\b(?:and|but|while|whereas)\s+)" + _DET + r"(?P<a>" + _NP4 + r")\s+also\s+"
    r"(?:seems?\s+to\s+|appears?\s+to\s+)?(?:push(?:es)?|pull(?:s)?|adds?|contributes?|drives?|raises?|lowers?|"
    r"increases?|decreases?|weighs?(?!\s+in\s+(?:here\s+)?(?:is|are)\b)|counts?|matters?)\b"
    r"|(?:^|[,;]\s+|\band\s+)(?!(?:contributing|adding|subtracting|pushing|pulling|taking|giving|weighing|"
    r"counting|scoring|worth|about|around|roughly|only|just)\b)(?P<b>[a-z][\w'-]*)\s+\(?[+-]\s?\d*\.\d+"
    r"|\b(?:raising|lowering|increasing|decreasing|reducing|cutting)\s+" + _DET + r"(?P<c>" + _NP4 + r")"
    r"(?=\s+(?:would|could|will|might|should|makes?|made)\b)"
    # "the HbA1c adds a small push as well", "waist size adds a little too"
    r"|(?:^|[.;:!?,]\s+|\b(?:and|but|while|whereas)\s+)" + _DET + r"(?P<d>" + _NP4 + r")\s+"
    r"(?:adds?|contributes?|gives?|puts?)\s+(?:a\s+|some\s+|its\s+)?(?:small\s+|little\s+|tiny\s+|bit\s+of\s+)?"
    r"(?:push|nudge|pull|weight|bit|something)?\s*(?:as well|too)\b"
    # "One thing that also weighs in here is the HbA1c", "another route would be changing the exercise habits"
    r"|\b(?:also|too)\s+(?:weighs?\s+in|matters?|counts?|plays?\s+a\s+(?:\w+\s+)?role)(?:\s+here)?\s+(?:is|are)\s+"
    + _DET
    + r"(?P<e>"
    + _NP4
    + r")(?=\s*(?:[.,;:!?)(]|\s-\s|$))"
    r"|\b(?:route|way|option|change|fix)\s+would\s+be\s+(?:changing|adjusting|altering|improving|reducing|raising|"
    r"lowering)\s+" + _DET + r"(?P<f>" + _NP4 + r")(?=\s*(?:[.,;:!?)(]|\s-\s|$))"
    # "sits fourth, just ahead of waist circumference", "ranked just behind income"
    r"|\b(?:just\s+|right\s+|narrowly\s+)?(?:ahead of|behind)\s+"
    + _DET
    # not "behind an encoder": a feature ranked behind is not one of a kind
    + r"(?!an?\s)(?P<g>"
    + _NP4
    + r")(?=\s*(?:[.,;:!?)(]|\s-\s|$))"
    # "The marital status could also change freely"
    r"|(?:^|[.;:!?]\s+)" + _DET + r"(?P<h>" + _NP4 + r")\s+(?:could|can|may|might)\s+(?:also\s+)?change\s+freely\b",
    re.IGNORECASE,
)
#: A name of one to three words.
_NP3 = r"[a-z][a-z_'-]*(?:\s+(?!and\b|or\b|is\b|was\b|on\b|in\b|of\b)[a-z][a-z_'-]*){0,2}"
_A = r"(?:an?\s+)?"
#: The second of two causes or changes joined by "and" (claims-25), and a cause said as a help or a hindrance:
#: "because of its X (4.2) and its Y", "approved chiefly on X 703 and a Y", "lowered its X to 35.5 % and raised
#: the Y", "helped by its Y".
_CONJOINED = gated(
    r"\b(?:because of|due to|thanks to|owing to|helped by|hurt by|held back by|"
    r"(?:mainly|mostly|chiefly|largely|primarily)\s+(?:on|by))\s+"
    + _DET
    + _A
    + _NP2
    + r"(?:\s*\([^()]{0,40}\)|\s+-?\d+(?:\.\d+)?\s*%?)?\s+and\s+"
    + _DET
    + _A
    + r"(?P<a>"
    + _NP3
    + r")(?=\s*(?:[.;:!?)]|$))"
    r"|\b(?:helped|hurt|held back|pulled down|pushed up)\s+by\s+"
    + _DET
    + _A
    + r"(?P<b>"
    + _NP3
    + r")(?=\s*(?:[.;:!?)]|$))"
    r"|\b(?:rais|lower|increas|decreas|reduc|cut)\w*\s+"
    + _DET
    + r"[a-z][\w'-]*\s+(?:to|by|from)\s+-?\d+(?:\.\d+)?\s*%?\s+"
    r"and\s+(?:rais|lower|increas|decreas|reduc|cut|chang)\w*\s+"
    + _DET
    + _A
    + r"(?P<c>"
    + _NP3
    + r")(?=\s*(?:[.;:!?]|$))",
    re.IGNORECASE,
)
#: A head noun that may name a feature of its own: a plain word, not a verb's or an adverb's form.
_HEAD = re.compile(r"[a-z][a-z-]{2,}(?<!ly)(?<!ing)(?<!ed)")
#: A feature's name in brackets right after a phrase: "the lean build (BMI 20.5)".
_GLOSSED = re.compile(r"\s*\(\s*([a-z][\w-]*)", re.I)
_END = r"(?=\s*(?:[.,;:!?)(]|\s-\s|$|\s(?:and|is|was|would|could|from|gives|which|but|instead|rather)\b))"
#: A name a number is given to: "a bmi of 32", "32 for bmi", "a higher bmi (27.3 instead of 23.7)".
_VALUED = gated(
    r"(?:^|[(:;,.]\s*|\s-\s+|\b(?:with|at|and|but|a|an)\s+)(?<!\d)(?:a|an)\s+(?P<a>"
    + _NP2
    + r")\s+of\s+(?:about\s+|roughly\s+)?-?\d"
    # not "50 % for each side", a share of every class
    r"|(?<![\w.])-?\d+(?:\.\d+)?\s*%?\s+(?:on average\s+)?for\s+(?!(?:each|either|every|both|any)\s)"
    + _DET
    + r"(?P<b>"
    + _NP2
    + r")"
    + _END
    # ("a mean X of 48.5" is the first alternative's, "mean X": its lead words hold a mean's)
    + r"|\b(?:setting|set|sets)\s+"
    + _DET
    + r"(?P<e>"
    + _NP2
    + r")\s+to\s+(?:about\s+|roughly\s+)?-?\d"
    r"|(?:^|[.;:!?,]\s+|\b(?:and|but)\s+)(?P<f>" + _NP2 + r")\s*\(\s*(?:contribution|value|importance|shap)\b"
    r"|\b(?:a|an)\s+(?:lower|higher|larger|smaller|bigger|reduced|increased)\s+(?P<c>" + _NP2 + r")"
    r"(?=\s*(?:\(\s*-?\d|,\s*-?\d|\s(?:of|would|could|to)\b))",
    re.IGNORECASE,
)
#: The word right before a name, joined to it by a space only ("debt-to-income ratio"): a modifier of the name.
_MODIFIED = re.compile(r"([a-z][\w'-]*)[*\s]+$", re.I)
_WORDS = re.compile(r"\b(?:words?|terms|phrases?|tokens|language|vocabulary)$", re.I)
#: A noun of a group, whose number is its size ("a balanced set of 442", "a random sample of 200").
_COLLECTIVE = re.compile(r"\b(?:set|sample|group|batch|collection|fleet|population|cohort|pool|subset)$", re.I)
_MEASURE = re.compile(
    r"\b(?:values?|scores?|contributions?|importances?|weights?|effects?|impacts?|attributions?|coefficients?|"
    r"shap|shapley|lime|log-odds|logit|odds)$",
    re.IGNORECASE,
)
#: Common words that may sit where a cause's name does ("because of a combination of factors").
_COMMON = (
    frozenset(
        "it this that these those which what how many several some most all each both other others one two three "
        "combination mix number variety set few factors factor features feature reasons reason values value inputs "
        "input data model prediction predictions training pattern patterns word words text review tone phrase "
        "language context level levels high low higher lower large small big her his their its the a an and or but "
        "of in on to with overall everything nothing chance probability score scores change changes edit edits "
        "rest way fact case cases thing things reference comparison either neither not none hardest heavily "
        "mostly mainly largely "
        "confidence odds accuracy prediction's model's outcome label result it's here there you we globally overall "
        "important more less then also dataset datasets sample samples variable variables anything something risk "
        "single small slightly contribution contributions importance effect impact share total mean average "
        "base threshold margin cutoff drop rise increase decrease raise cut reduction gain loss difference range "
        "minimum maximum median mean class classes label labels instance instances row rows patient applicant "
        "total lot bit little part half quarter third fifth tenth majority minority each every per standard deviation "
        "std spread variance shap shapley lime else net "
        # nouns of an amount or a difference ("a gap of 57 points", "a fall of 38 points", "room of 3.5")
        "gap fall dip climb jump lead swing shift boost room headroom buffer cushion distance step move sum delta "
        "spike plunge slide push pull direction sign "
        # the model's output and a measure of a push ("leans on the decision", "with a weight of about 0.70")
        "decision decisions call verdict influence influences tie rule "
        # conjunctions and gerunds that lead a clause ("If it went from 4.43 ...", "taking the probability to 0.75")
        "if although though whereas while unless whether taking making giving bringing leaving getting putting "
        # adverbs of degree ("working against it, and barely (-0.008)")
        # forms of verbs of change ("stable falls from 78.6 % to 40.2 %")
        "falls rises drops dips climbs jumps shifts moves changes goes went grows shrinks slips sinks "
        "anywhere somewhere everywhere nowhere freely "
        "barely hardly only merely scarcely mainly partly fully clearly strongly weakly just nearly roughly "
        # prepositions, which lead a value and never name one ("triglycerides_log, at +0.586", "by -0.05")
        "at by from for into onto upon near within without about around across against towards toward "
        # verbs that are never a name ("the largest, sex, is -0.26")
        "is are was were be been being has have had does do did".split()
    )
    | POSITION_WORDS
)
_LABEL_LIST = re.compile(
    r"\b(?:labels?|class(?:es)?|outcomes?|outputs?|categories|answers?|possible|either|one of|predicts?|"
    r"can (?:answer|predict|output|return)|predictions are|limited to|choos\w+ between|sorts?|sorted|files?|filed)\b",
    re.IGNORECASE,
)
_LIST_ITEM = re.compile(
    r"\s*(?:,\s*(?:or|and)\b|,|/|\bor\b|\band\b)\s*(?:either\s+)?([a-z][a-z-]*)(?=\s*(?:[.,;:!?)(]|\s-\s|$|\bor\b|\band\b))",
    re.I,
)
#: The last item of a list of labels, of a few words up to the sentence's end ("..., late, or lost in transit.").
_LAST_ITEM = re.compile(r"\s*,?\s*(?:or|and)\s+([a-z][a-z-]*)(?:\s+[a-z][a-z-]*){1,3}\s*[.!]?\s*$", re.I)
_LABEL_COUNT = gated(
    r"\b(\d+)\s+(?:possible\s+)?(?:classes|labels|outcomes|categories|possible (?:outputs|answers|predictions))\b",
    re.IGNORECASE,
)


def _known(word: str, known: set[str]) -> bool:
    """Whether `word` is known, in the singular or the plural ("triglyceride" for triglycerides); a hyphenated
    word when it is known joined by underscores or its parts are ("debt-to-income" for debt_to_income).
    """
    if word in known or word.rstrip("s") in known or f"{word}s" in known:
        return True
    parts = [p for p in word.split("-") if len(p) > 2]
    return "-" in word and (word.replace("-", "_") in known or (bool(parts) and all(p in known for p in parts)))


#: A model family's name ("a gradient-boosted classifier of 50 trees"): checked as the family (`_statements`), no
#: feature (claims-54, gfa47).
_FAMILY = gated("|".join(f"(?:{pattern})" for pattern in FAMILIES.values()), re.I)
#: A quantifier before a name: the name is a kind of thing ("every measurement can take any value"), not one.
_QUANTIFIED = re.compile(r"(?:^|\b)(?:every|each|any|all|no)\s+$", re.I)
#: A count of a plural noun after "of": "a list of about 7,500 words" is a list's size, not a name's value.
_OF_COUNT = re.compile(
    r"\s+of\s+(?:about\s+|around\s+|roughly\s+|some\s+|over\s+)?\d[\d,]*\s+"
    # a whole number and a plural noun, not a verb of the name's push ("a bmi of 32 pushes ...")
    r"(?!(?:pushes|pulls|adds|matters|counts|weighs|tips|makes|gives|takes|leans|drives|raises|lowers|moves)\b)"
    r"[a-z]+s\b",
    re.I,
)
#: A comparison's reference after its number: "... versus negative at 0.648 for the original".
_FOR_REFERENCE = re.compile(r"\b(?:vs\.?|versus|against|compared (?:to|with))\s[^,]*\d\s*%?\s+for\s+the\s+\S*$", re.I)
#: A verb of need or reach before a change's numbers ("patient 288 needs 3.87 → 4.90"): no name.
_VERB = re.compile(
    r"^(?:needs?|needed|requires?|required|takes?|took|gets?|got|goes|went|moves?|moved|reaches?)$", re.I
)


def _generic(reply: str, said: str, start: int, valued: bool) -> bool:
    """Whether a name read in a feature's position is no name: a kind of thing after a quantifier ("every
    measurement"), an amount whose head noun is an amount's ("a relative rise of 23 %": the rise, described), a
    collection counted after it ("a list of 7,500 words"), or a verb ("needs 3.87 → 4.90").
    """
    at = reply.find(said, start)
    words = said.lower().split()
    if _QUANTIFIED.search(reply[max(0, at - 12) : at]) or _QUANTIFIED.match(f"{words[0]} "):
        return True
    if len(words) == 1 and _VERB.match(words[0]):
        return True
    lead = re.split(r"[.;:!?](?=\s)", reply[max(0, at - 80) : at])[-1]
    if valued and _FOR_REFERENCE.search(lead):
        return True  # "0.8 vs 0.525 for the majority guess": the reference of a comparison, not a name's value
    if valued and len(words) > 1 and words[-1] in _COMMON:
        return True  # the name's head is a common noun of an amount or a measure; the rest describes it
    return bool(_OF_COUNT.match(reply, at + len(said)))


def invented_names(
    reply: str, known: set[str], labels: Sequence[str], feature_words: frozenset[str] = frozenset()
) -> list[tuple[str, bool]]:
    """The claims of `reply` about names and whether each holds: `feature X` fails for a name in a feature's
    position that is not `known` (features, labels, aliases, metric words, the outputs' and the user's words;
    a name right after a word of a feature's name or alias, `feature_words`, is that feature's: "debt-to-income ratio"),
    `label X` for an item of a list of labels that is no label, `N labels` when the host does not have N.
    """
    claims: list[tuple[str, bool]] = []
    names = {lab.lower() for lab in labels}
    patterns = (_CAUSE_AFTER, _CAUSE_BEFORE, _CHANGED, _SET_AT, _RANKED, _POSITIONS, _VALUED, _CONTRIBUTES, _CONJOINED)
    for pattern in patterns:
        for match in pattern.finditer(reply):
            for said in (v for v in match.groupdict().values() if v):
                if pattern is _VALUED and (_MEASURE.search(said) or len(said.split()[0]) < 3):
                    continue  # "a SHAP value of 0.78", "0.73 for cf": a measure or an abbreviation, not a name
                if pattern is _VALUED and _COLLECTIVE.search(said):
                    continue  # "a balanced set of 442 patients": a count of a group, not a name given a value
                if pattern is _POSITIONS and said == match.group("b") and _MEASURE.search(said):
                    continue  # "with a weight of about 0.70": a measure of the push, not a name
                if _WORDS.search(said):
                    continue  # "relies most on clear sentiment words": a kind of words, not a feature
                if _FAMILY.search(said):
                    continue  # "a gradient-boosting classifier of 50 trees": the model's family, checked as one
                if _generic(reply, said, match.start(), pattern is _VALUED):
                    continue  # "every measurement", "a relative rise of 23 %", "a list of 7,500 words"
                at = reply.find(said, match.start())
                modifier = _MODIFIED.search(reply[max(0, at - 40) : at])
                head = modifier.group(1).lower() if modifier else ""
                if head and head not in _COMMON and _known(head, set(feature_words)):
                    continue  # "debt-to-income ratio (value 0.17)": a known name's head noun, not a name of its own
                glossed = _GLOSSED.match(reply[at + len(said) : at + len(said) + 40])
                if glossed and _known(glossed.group(1).lower(), set(feature_words)):
                    continue  # "the lean build (BMI 20.5)": words for the feature the brackets name
                phrase = [w for w in re.findall(r"[a-z][\w'-]*", said.lower()) if w not in _COMMON]
                joined = "_".join(re.findall(r"[a-z][a-z'-]*", said.lower()))  # "n estimators" is n_estimators
                # a name of several words whose head (its last word) is unknown is a name of its own, whatever
                # words of real names lead it ("a clean repayment history", "stable housing"; claims-25)
                # (not when the words before the head name a feature: "debt-to-income ratio")
                lead = "_".join(w for p in phrase[:-1] for w in p.split("-"))
                headless = (
                    len(phrase) > 1
                    and not _known(phrase[-1], known)
                    and _HEAD.fullmatch(phrase[-1]) is not None
                    and not (lead in known and lead not in names)
                )
                if phrase and all(w in DEGREE_WORDS or w in names or _ADVERB.fullmatch(w) for w in phrase):
                    continue  # "the smallest", "least", "firmer", "positive still": a degree or a class (claims-37)
                if pattern in (_SET_AT, _RANKED) and _STATE_OF.search(reply[match.start() : at + len(said)]):
                    continue  # "the numeric features are standardised": a state of the features, no name (claims-56)
                if phrase and joined not in known and (headless or not any(_known(w, known) for w in phrase)):
                    claims.append((f"feature {' '.join(phrase)}", False))
    names = {lab.lower() for lab in labels}
    for sentence in re.split(r"(?<=[.;!?])\s+|\n", reply):
        said_labels = find_mentions(sentence, list(labels))
        # a sentence that opens with a list of labels ("on_time, late, or ...") is a list of labels too
        opens = bool(said_labels) and said_labels[0].start <= 2 and sentence[said_labels[0].end :].startswith(",")
        if len({m.name for m in said_labels}) < 2 or not (_LABEL_LIST.search(sentence) or opens):
            continue
        for m in said_labels:
            item = _LIST_ITEM.match(sentence[m.end :]) or (
                _LAST_ITEM.match(sentence[m.end :]) if m is said_labels[-1] else None
            )
            word = item.group(1).lower() if item else ""
            if word.endswith("ly") and word not in names:
                continue  # "Dry, narrowly (0.48 ...)": an adverb of the call, no item of a list (claims-56, gfa49)
            if word and word not in names and word not in _COMMON and word not in known:
                claims.append((f"label {word}", False))
    for match in _LABEL_COUNT.finditer(reply):
        claims.append((f"{match.group(1)} labels", int(match.group(1)) == len(labels)))
    return claims
