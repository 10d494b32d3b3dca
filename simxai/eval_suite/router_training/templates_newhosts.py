"""Request templates for constructions the selector missed on hosts it never saw, for the router's training data.

People asking about a host of their own say who they are and what they think before or after the question
("I'm {ref} and ...", "... it has never been late"), and the selector read those parts as the function: a
negation in a sentence of disagreement ("they don't even ...") as a why-not, "flagged" without a label as a
prediction, "not a statistician" as a why-not, an audience made of the host's noun ("for our {ns}") as a
question about an instance. Other constructions it had not seen: the strength of a decision ("how firm is the
call on {ref}, would a small change flip it"), a feature's weight asked as "does {f} make a difference, or is it
one of the minor inputs", counts of predictions inside a group said with "out of" / "count", a performance
question about a group without a metric word ("is it fair to {grp}", "has it been wrong about {grp}", "does it do
worse for {grp}"), and questions about what a label means that quote it.

Written for this module from the functions' specs, after grouping by mechanism the misses of the DEV authors held
out of the selector (w11, w12, w15, w16 of `router_training/held_out_people/`); each construction is reworded
here, not copied, and no test set was read. Whole templates are held out for the dev split as in
`router_training.templates`.
"""

from __future__ import annotations

__all__ = ["NEW_HOSTS"]

NEW_HOSTS: dict[str, tuple[str, ...]] = {
    "get_prediction": (
        "among {grp}, what number does {mdl} flag {lab}?",
        "within {grp}, count the {lab} predictions",
        "{lab} tally for {grp}?",
        "how do the predictions divide between {lab} and {lab2} for all {ns}?",
        "is {ref} likely to be {lab}, in your model's view?",
        "how sure is {mdl} that {ref} will be {lab}?",
        "what's {mdl}'s view on {ref}? for context they have been with us a while",
        "{ref}: does {mdl} see them ending up {lab}?",
        "compare {n} {id} with {n} {id2}",
        "compare {n} {id} and {id2}, please",
    ),
    "get_local_explanation": (
        "{ref} is me. the system has flagged me; I'd like the reasons",
        "{ref} here - why have I been flagged?",
        "why was I marked as {lab}? I'm {ref}",
        "why has {mdl} flagged {ref}? it makes no sense to me",
        "why is {ref} {lab}? they have never had any trouble",
        "why did {ref} come out {lab}? it doesn't look like that to me at all",
        "it says my {n} {id} is {lab}. how come?",
        "{mdl} says {ref} will be {lab}. why? nothing about it seems wrong",
        "why does {ref} show up as high risk? I can't see it",
        "explain {ref} to me in simple terms, I'm not technical",
        "talk me through {ref} gently, I'm no expert",
        "explain {ref} in everyday words, I don't know much about models",
        "what tipped {ref} into {lab}?",
        "which factor settled it for {ref}?",
        "{ref} looked borderline; which inputs decided it?",
    ),
    "explain_why_not": (
        "given {ref}'s history I expected {lab}; why did it not say so?",
        "why doesn't {mdl} think {ref} will be {lab}, given their record?",
    ),
    "explain_how_to_be_that": (
        "which changes would stop {ref} being {lab2}?",
        "what could be changed so {ref} is not {lab2} any more?",
        "as {ref}, what changes on my side would get me {lab}?",
        "{ref} - is there any route to {lab}?",
        "how could {ref} switch to the opposite outcome?",
        "which options does {ref} have to reverse the result?",
        "how could {ref} lose the {lab2} label?",
        "what would let {ref} get rid of the {lab2}?",
        "how can {ref} escape being {lab2}?",
    ),
    "explain_how_to_still_be_this": (
        "is {ref}'s result stable, or could a slight change reverse it?",
        "is {ref}'s {lab} result secure against small changes?",
        "would small changes overturn the result for {ref}?",
    ),
    "get_global_explanation": (
        "is {f} a big factor for {mdl} or a minor one?",
        "is {f} one of the things {mdl} hardly uses?",
        "importance of each feature across the data",
        "overall, which inputs does {mdl} lean on most for its {ns}?",
        "where does {f} sit among the inputs, in overall weight?",
        "which traits do {lab} {ns} share, overall?",
        "what do the {lab} {ns} have in common, according to {mdl}?",
    ),
    "get_model_performance": (
        "is {mdl} reliable for {c}?",
        "was {mdl} ever wrong about {grp}?",
        "is {mdl} worse for {grp} than for the rest?",
        "is {mdl} biased against {grp}, more errors there?",
        "in {grp}, where does {mdl} tend to slip up?",
        "break the errors down into false alarms and missed cases",
        "the full set of scores for {mdl}, please",
        "tabulate {mdl}'s correct and incorrect calls per class",
        "among its {lab} calls, what share turn out right?",
        "does {mdl} spot the {ns} that truly are {lab}?",
        "if you gave {mdl} 100 {ns}, how many would it misjudge?",
    ),
    "get_model_information": (
        "write two lines about {mdl} that our {ns} could read",
        "a short summary of {mdl} for a leaflet to {ns}, please",
        "how was {mdl} assembled?",
        "is it software or a person deciding these?",
        "what are the known weaknesses of {mdl}?",
    ),
    "get_output_information": (
        "what time span does '{lab}' cover?",
        "is {lab} a strict cut-off or a matter of degree?",
        "when {mdl} shows 70% beside {lab}, what is that number?",
        "what exactly counts as {lab}?",
        "what do the {task} labels mean, in plain terms?",
    ),
}
