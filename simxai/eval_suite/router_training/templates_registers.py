"""Request templates in registers the other template files lack: relayed, formal, non-native and meta questions.

People who answer for someone else relay the request ("the caller is {ref}, asks whether ..."), put the case
before the question ("{ref} has complained. Why ...?") and name the decision by what it means to that person
("the decision on the file", "down for {lab}"). Formal writers wrap the request in a purpose ("For the audit,
...", "With reference to {ref}, ..."). Non-native writers change the word order ("{ref} the result is what?").
Meta questions ask what the outputs mean (the percentage shown with a label, the set of labels), what the
data behind the model was ("what data did it learn from?") and how the model was built. A request that names an
instance is about that instance: "which factors weighed most for {ref}" is a local explanation, and "why was
{ref} not seen as {lab}" asks why not.

Written for this module from the functions' specs, after counting which constructions the selector missed on
authors it never saw (w4-w8 of `router_training/people/`, held out of a model trained for the count; training
data): the constructions are reworded here, not copied; no evaluation set was read. Whole templates are held
out for the dev split as in `router_training.templates`.
"""

from __future__ import annotations

from simxai.eval_suite.router_training.templates import NONE

__all__ = ["REGISTERS"]

REGISTERS: dict[str, tuple[str, ...]] = {
    "get_prediction": (
        "{ref} is at the counter right now. what has {mdl} decided for them?",
        "I have {ref} on the line, asking whether they are marked {lab}",
        "the caller is {ref} and wants to know the outcome",
        "{ref}, in a hurry: {lab}, yes or no?",
        "what forecast did {mdl} make for {ref}, for the minutes?",
        "{ref} the result is what?",
        "{ref} believes the file is wrong. what did {mdl} give them?",
        "is {mdl}'s {task} for {ref} the same as the recorded one?",
        "across every {n}, how many does {mdl} mark {lab}?",
        "give the {task} of {mdl} for {ref}, {lab} or {lab2}",
        "{ref} wants to know if it goes through; {mdl}'s answer?",
        "for the file of {ref}, is it {lab} this time?",
    ),
    "get_local_explanation": (
        "{ref} is unhappy with the {lab}; what led to it?",
        "regarding {ref}, which factors weighed most in {mdl}'s decision?",
        "in the matter of {ref}, what had the largest part in the outcome?",
        "which features drove the outcome for {ref} specifically?",
        "for {ref}, which things count most in this decision",
        "describe, feature by feature, how the assessment of {ref} was moved",
        "which words tipped {mdl}'s call on {ref}?",
        "kindly document what drove the {lab} for {ref}",
        "from where comes the {task} of {ref}?",
        "which of {ref}'s values pushed {mdl} towards {lab}?",
        "break down {ref}'s result by feature",
    ),
    "explain_why_not": (
        "why was {ref} not deemed {lab}?",
        "{ref} contests the result; why didn't it come out {lab}?",
        "after a complaint from {ref}: what stopped it being {lab}?",
        "someone asked why {ref} wasn't considered {lab}. what can I tell them?",
        "{ref} wants to know why they were not {lab}. how do I answer?",
        "how come {ref} isn't {lab}?",
        "{ref} was expected to be {lab}, yet {mdl} said otherwise. why not {lab}?",
        "could you explain why {lab} was not predicted for {ref}?",
        "for the complaint file: why did {ref} fail to come out {lab}?",
        "{ref} is {lab2} but they think they should be {lab}. why not?",
    ),
    "explain_how_to_be_that": (
        "what would {ref} need to get {lab}?",
        "{ref} is willing to change anything. what would bring them to {lab}?",
        "what least set of adjustments would have made {ref} {lab}?",
        "what does {ref} need to do to get to {lab}?",
        "sketch {k} different versions of {ref} that would be {lab}",
        "{k} ways {ref} could end up {lab}",
        "what would get {ref} out of {lab2}?",
        "smallest change that flips {ref}",
        "what smallest edits turn {ref} into {lab}?",
    ),
    "explain_how_to_still_be_this": (
        "is {ref}'s {lab} fragile, could a tiny change undo it?",
        "how much room does {ref}'s {nf} have to drop before {lab} is lost?",
        "by how much may {ref}'s {nf} rise while it stays {lab}",
        "what band of {nf} keeps {ref} at {lab}?",
        "which changes to {ref} would leave its {task} unchanged?",
        "can {ref} keep the {lab} if their details shift a little?",
        "what can change about {ref} before {mdl} says {lab2}?",
        "what about {ref} is free to vary without the {task} changing?",
    ),
    "explain_what_if": (
        "{ref}: {nf} {v} instead, new outcome?",
        "what would {mdl} conclude had {ref} a {nf} of {v}?",
        "assuming {chg}, what would {mdl} give {ref}?",
        "{ref} is thinking about a change: {chg}. would the outcome stay {lab}?",
        "perturbation check on {ref}: {chg}",
        "{ref} says {chg}. would that help?",
        "if for {ref} {chg}, does the {task} change?",
        "for {ref}, {nf} set to {v}, what then?",
    ),
    "get_data_information": (
        "what was {mdl} taught with, which data?",
        "which data was {mdl} built and tested on?",
        "what data went into training {mdl}?",
        "what is the source of the {ns}, and which fields does each have?",
        "how many {ns} of each {task} are in the data?",
        "what records was {mdl} fitted on?",
        "tell me about the dataset behind {mdl}",
    ),
    "get_model_information": (
        "which type of algorithm produces these results?",
        "what model is doing the reading of the {ns}?",
        "how was {mdl} trained, cross-validation or a single split?",
        "when should I not trust {mdl}, where does it break down?",
        "what is inside {mdl}: trees, a network, a regression?",
        "how does {mdl} work under the hood?",
        "which library and hyperparameters does {mdl} use?",
    ),
    "get_output_information": (
        "how should I read the percentage shown with {lab}?",
        "set of labels?",
        "which labels are in the output space?",
        "explain every {task} {mdl} can hand out",
        "list the possible outcomes of {mdl}",
        "define the label {lab} for me",
        "is that score the probability of {lab}, or something else?",
        "is the shown probability calibrated, or just a vote share?",
        "which answers can {mdl} give, just two?",
        "what does {lab} mean for the person it is given to?",
    ),
    "get_model_performance": (
        "what's the honest error rate of {mdl}?",
        "{metric} of {mdl}, for our compliance file",
        "report the {metric} {mdl} reaches",
        "does it often overlook {ns} that truly are {lab}?",
        "a complaint says {mdl} treats {grp} badly; how does it perform there?",
        "how well does it do for {grp}?",
        "how good is {mdl} really, in numbers?",
    ),
    "get_global_explanation": (
        "is it {f} or {f2} that {mdl} cares about most?",
        "overall, which features does {mdl} weigh most?",
        "across all {ns}, what matters most to {mdl}?",
    ),
    NONE: (
        "sorry, clicked by accident",
        "just testing the connection, nothing to ask yet",
        "hello, I'm the auditor, questions will follow",
        "all green on my side",
        "great, that answered it for them, thank you",
        "never mind, my mistake",
    ),
}
