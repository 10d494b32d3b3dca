"""`probes2`: a template set written for the weaknesses an unseen hand-written set showed, before any check was
changed for them (its first run is recorded in docs/guard.md).

What the unseen set's author reported, in aggregate: faithful what-if replies flagged most (old and new
probability and the change amount in one reply), then why-not and performance replies (counts derived from the
confusion matrix, "65 of 89 right"), the other class's probability named ("rejected only 22 %"), a probability
written as a fraction beside a feature; and missed: invented features and labels, wrong counterfactual
outcomes, claims about global explanations and data or output information. The replies here are in the style of
an LLM verbalizing the real outputs; none copies a reply of that set (which was not read).
"""

from __future__ import annotations

__all__ = ["PROBES2"]

PROBES2: dict[str, list[str]] = {
    "prediction": [
        "The model goes with {label} for {subject}; {other} gets only {p_other}.",
        "{subject}: {label}. The chance of {other} is just {pw_other}, so it's not a close call.",
        "It predicts {label} at {pf}, which leaves {pf_other} for {other}.",
        "Odds for {other} are low here ({p_other}); the model's answer is {label}.",
        "The model says {label} with {p}. For comparison, {other} sits at {p_other}.",
    ],
    "local_explanation": [
        "The model lands on {label} for {subject} ({pf}), and {f1} is the strongest push {dir1} {explained}.",
        "{label} at {p} — mostly because of {f1}, which pushes {dir1} {explained}; {f2} comes next.",
        "What drives this one is {f1} ({v1}); it pushes {dir1} {explained} by {c1}.",
        "Main reason: {f1}. It {raises1} the probability of {explained}, more than {f2} does.",
        "For {subject}, {f1} matters most here, then {f2}; the prediction is {label}.",
    ],
    "local_text": [
        "The model lands on {label} for {subject} ({p}); the word {f1} is the strongest push {dir1} {explained}.",
        "{label} — mostly because of {f1}, which pushes {dir1} {explained}; {f2} comes next.",
        "What drives this one is {f1}; it pushes {dir1} {explained} by {c1}.",
        "Main reason: {f1}. It {raises1} the probability of {explained}, more than {f2} does.",
        "For {subject}, {f1} matters most here, then {f2}.",
    ],
    "global_explanation": [
        "Across all {n} cases, {f1} is the feature the model leans on hardest, ahead of {f2}.",
        "{f1} comes out on top globally ({i1}); {f2} is second at {i2}.",
        "If you look at the whole dataset, the biggest drivers are {f1} and {f2}, then {f3}.",
        "The model mostly relies on {f1} overall, and {f2} is the runner-up.",
        "Globally, {f2} is important ({i2}), but {f1} matters more ({i1}).",
    ],
    "counterfactual": [
        "It's {label}, not {target}. You'd need to {verb} {fc} by about {chg}, from {old} to {new}, to get {target}.",
        "To reach {target}, {fc} would have to change by {delta} (from {old} to {new}); the model would then give "
        "{target} {p}.",
        "Moving {fc} to {new} would tip it to {target} at {pf} — a change of {delta}.",
        "With {fc} at {new} instead of {old} the model predicts {target} ({p}); short of that it {still_label}.",
        "The model says {label}. The closest {target} version has {fc} = {new} ({chg} away from {old}).",
    ],
    "counterfactual_text": [
        "It's {label}, not {target}. {Edit} would get you {target} ({p}).",
        "To reach {target}, try {edit}; the model then gives {target} {p}.",
        "{Edit} tips it to {target} — that's the smallest edit found.",
        "After {edit} the model predicts {target}; as written it's {label}.",
        "The model says {label}. The closest {target} version comes from {edit} ({p}).",
    ],
    "still_this": [
        "{subject} stays {label} ({p}) as long as {fr} is between {low} and {high}.",
        "Of {checked} random changes, {kept} kept the {label} prediction.",
        "{fr} can go anywhere from {low} to {high} and it's still {label}.",
        "The prediction of {label} holds up: {kept} out of {checked} perturbations didn't change it.",
        "Keep {fr} within {low}–{high} and the model keeps saying {label}.",
    ],
    "still_text": [
        "{subject} stays {label} ({p}) even if you remove {fr}.",
        "Of {checked} edits, {kept} kept the {label} prediction.",
        "Drop {fr} and it's still {label}.",
        "The prediction of {label} holds up: {kept} out of {checked} edits didn't change it.",
        "Without {fr}, the model keeps saying {label}.",
    ],
    "what_if": [
        "If {fw} were {chg} {lower_higher} ({new} instead of {old}), the prediction {outcome} {new_label}: "
        "{new_label} goes from {p_old_new} to {p_new}.",
        "A {chg} {cut_raise} in {fw} moves {new_label} {updown} by {pts} points, to {p_new}; the label {verdict}.",
        "Changing {fw} by {delta} to {new}: {old_label} was at {p_old} before; now {new_label} gets {p_new} "
        "and {other_new} {p_new_other}.",
        "With {fw} at {new}, {subject} {still}; the probability of {new_label} is now {pf_new} (it was {p_old_new}).",
        "So {fw} {old} → {new} ({chg} {lower_higher}): the model {would} {new_label} with {p_new}, "
        "{other_new} only {p_new_other}.",
        "Before: {old_label}, {p_old}. After setting {fw} to {new}: {new_label}, {p_new}. The outcome {verdict}.",
    ],
    "what_if_text": [
        "After {edit}, the prediction {outcome} {new_label}: {new_label} goes from {p_old_new} to {p_new}.",
        "{Edit} moves {new_label} {updown} by {pts} points, to {p_new}; the label {verdict}.",
        "Before, {old_label} was at {p_old}; after {edit}, {new_label} gets {p_new} and {other_new} {p_new_other}.",
        "After {edit}, {subject} {still}; {new_label} is now at {pf_new} (it was {p_old_new}).",
        "Before: {old_label}, {p_old}. After {edit}: {new_label}, {p_new}. The outcome {verdict}.",
    ],
    "performance": [
        "It got {right} of {total} right on the held-out split, i.e. an accuracy of {acc}.",
        "The model misclassifies {wrong} of {total} cases ({err}); its {m2} is {v2}.",
        "Of the {n1} truly {l1} cases, it catches {ok1}; {as0} of them are called {l0}.",
        "It labels {ok0} {l0} cases correctly, and {as1} true {l0} cases are predicted {l1}.",
        "Accuracy {accp}: {right} correct and {wrong} wrong out of {total}.",
        "Roughly {accw} accuracy, and {as1} cases of {l0} slip through as {l1}.",
    ],
    "data_information": [
        "The dataset has {n} rows; {c0} and {c1}.",
        "You have {n} examples and {nf} features, with {target} as the target.",
        "{ff} ranges from {fmin} up to {fmax}, averaging {fmean}.",
        "Most important facts about the data: {n} rows, target {target}, split {c0} / {c1}.",
        "On average {ff} is {fmean} in this data ({n} rows).",
    ],
    "model_information": [
        "It's a {model_type} under the hood.",
        "The model is a {model_type}, with {hp} set to {hv}.",
        "Technically this is a {model_type} ({hp} {hv}).",
        "You're talking to a {model_type}.",
        "A {model_type}; {hp}: {hv}.",
    ],
    "output_information": [
        "The model can answer {l0} or {l1} — {n} classes in total.",
        "There are {n} possible outputs: {l0} and {l1}, each with a probability.",
        "It outputs either {l0} or {l1}.",
        "The labels are {l0} and {l1}; the probabilities of the {n} sum to one.",
        "Its predictions are limited to {l0} and {l1}.",
    ],
}
