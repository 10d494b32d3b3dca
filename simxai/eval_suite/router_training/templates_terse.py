"""Request templates in two registers the other template files lack: analysts' shorthand and lay users' talk.

Analysts write notation, not sentences: an id alone or first ("{id} -> ?", "{ref}: cf to {lab}"), method
names for functions ("shap", "cf", "recourse", "cm", "p({lab})"), arrows and "w/". Lay users speak of the
model as "it" or "this thing", of themselves ("{id} here", "im {ref}"), of trust and fairness, and vent.
Written for this module from the functions' specs, after reading which constructions the held-out authors
w1-w3 of `router_training/people/` (training data) were missed on: their wording is reworded here, not
copied (their own requests are in the training data already); no evaluation set was read. Whole templates
are held out for the dev split as in `router_training.templates`.
"""

from __future__ import annotations

from simxai.eval_suite.router_training.templates import NONE

__all__ = ["TERSE"]

TERSE: dict[str, tuple[str, ...]] = {
    "get_prediction": (
        "{id} -> ?",
        "{ref} -> pred?",
        "p({lab}) for {ref}",
        "pred for {id} pls",
        "{id} here - what's my result",
        "{id} here, {lab} or {lab2}?",
        "im {ref}, what did it say about me",
        "pred vs true label, {ref}",
        "{ref}: does the pred match the ground truth",
        "distribution of preds over {grp}",
        "predicted class counts for {grp}",
        "for {grp} overall, what does it predict",
        "{grp}: mostly {lab} or {lab2}?",
        "score for {id}?",
    ),
    "get_local_explanation": (
        "shap values {ref}",
        "{id} shap",
        "{ref} attributions pls",
        "{id}: top tokens behind the call",
        "top-k feats for {ref}",
        "local expl {ref}",
        "explain mine pls, {id}",
        "what's behind the {lab} on {id}",
        "im {ref}, why did it give me {lab}",
        "feature contributions {id}",
    ),
    "explain_why_not": (
        "{id} why not {lab2}",
        "{id} is {lab}, how come not {lab2}",
        "{id} here, why am i not {lab2}",
        "how is {ref} not {lab2}",
        "why not {lab2}? {id}",
        "why isnt {ref} {lab2}?? makes no sense",
    ),
    "explain_how_to_be_that": (
        "cf for {ref} -> {lab}",
        "{k} cfs for {id} -> {lab}",
        "recourse for {id}",
        "{k} recourse options for {ref}",
        "{id}: counterfactual to {lab}",
        "smallest edit that flips {id}",
        "min change to get {ref} to {lab}",
        "im {ref}, how do i get to {lab}",
        "{id}: least change needed for {lab}",
        "{k} rewrites of {ref} that read {lab}",
    ),
    "explain_how_to_still_be_this": (
        "{id} margin check",
        "sensitivity of {ref}: what keeps the label",
        "robustness of the pred for {id}",
        "is {ref} near the boundary",
        "{ref}: how far can {nf} rise before the label flips",
        "im {id}, what can i change and stay {lab}",
        "per-feature ranges that keep {ref}'s label",
        "is {ref}'s {lab} safe",
    ),
    "explain_what_if": (
        "{id} w/ {nf} {v}, rerun",
        "{id}, {nf} = {v} -> pred?",
        "new p for {id} at {nf} {v}?",
        "{id} but with {nf} {v}?",
        "im {id}. if {chg}, does it change?",
        "{id} - if {chg}, still {lab}?",
        "{ref} but {cf} = {c}, rerun",
        "say {id} moved to {cf} {c}, what then",
    ),
    "get_global_explanation": (
        "global importances",
        "top feats overall",
        "what does it look at most, generally speaking",
        "what does it care about most, across everyone",
        "which stuff counts the most for it over all {ns}",
        "mean abs shap across the data",
        "forget {ref}, what matters most in general",
    ),
    "get_model_performance": (
        "cm?",
        "cm, {grp} only",
        "test-split cm",
        "{grp}: acc?",
        "{metric} for {grp}",
        "{metric} on the holdout",
        "does it work at all",
        "if it calls something {lab}, how often is it right",
        "what share of the real {lab} ones does it find",
        "is it less accurate on {grp}",
        "how good is it at spotting {lab}",
    ),
    "get_data_information": (
        "{lab}/{lab2} balance in the data",
        "dataset summary stats",
        "n rows in train?",
        "range of {nf} in the data",
        "avg {nf} in the training data",
        "how many {ns} was it built on",
    ),
    "get_model_information": (
        "what estimator is it",
        "any one-hot / scaling before the model?",
        "how was this thing built",
        "is there a neural net inside this",
        "is it a person or a program deciding this",
        "should i trust it, where does it go wrong",
        "where does it tend to fail",
        "what is it worst at",
        "was it trained on real records",
        "who built it and when",
    ),
    "get_output_information": (
        "which {task}s exist",
        "can it only say {lab} or {lab2}?",
        "how many classes, only two?",
        "how do i interpret the score it gives",
        "p({lab}) = 0.6, meaning?",
        "what does the percentage next to the {task} mean",
        "what can come back from it",
    ),
    NONE: (
        "lol it's stricter than my mum",
        "sorry, long day, just venting",
        "haha that's a funny one",
        "ngl this is kinda cool",
        "hmm ok",
        "wow",
        "interesting, never thought about that",
        "my coffee went cold reading all this",
    ),
}
