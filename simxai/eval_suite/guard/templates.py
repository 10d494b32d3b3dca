"""The paraphrase templates of the guard's perturbation benchmark (`simxai.eval_suite.guard.bench`).

Each set holds, per kind of output, at least five faithful ways to verbalize it; a slot in braces is a fact of
the output (`slots.slots_for`), which the benchmark also fills with that fact perturbed. `own` was written
alongside the checks, `held-out` after they were settled (its first run is recorded in docs/guard.md), `varied`
later still, with hedges, lists, tables, rounded and approximate numbers and ranges, to find what the checks
miss (its first run is recorded there too).
"""

from __future__ import annotations

from simxai.eval_suite.guard.probes import PROBES2
from simxai.eval_suite.guard.probes3 import PROBES3
from simxai.eval_suite.guard.probes4 import PROBES4
from simxai.eval_suite.guard.probes5 import PROBES5

__all__ = ["HELD_OUT", "SETS", "TEMPLATES", "VARIED"]

TEMPLATES: dict[str, list[str]] = {
    "prediction": [
        "The model predicts {label} for {subject}, with a probability of {p}.",
        "For {subject}, the prediction is {label} ({p}).",
        "{subject} is classified as {label}; the model gives {label} a {p} chance.",
        "The model thinks {subject} is {label}. It is {p} confident, and gives {other} {p_other}.",
        "Prediction for {subject}: {label} (probability {pf}).",
        "It's predicted {label}. The probabilities are {label} {p} and {other} {p_other}.",
    ],
    "local_explanation": [
        "For {subject} the model predicts {label}. The most important feature is {f1}, which pushes {dir1} "
        "{explained}.",
        "{f1} = {v1} pushes the prediction {dir1} {explained} (SHAP {c1}), and {f2} = {v2} pushes {dir2} {explained}.",
        "The biggest factor is {f1}: it pushes {dir1} {explained}, with a contribution of {c1}.",
        "The model predicts {label} ({p}). The top feature is {f1} (value {v1}), followed by {f2}.",
        "{f1} has the largest effect ({c1}); it pushes {dir1} {explained}. {f2} comes second and pushes "
        "{dir2} {explained}.",
        "Looking at {subject}: {f1} is the main driver, pushing {dir1} {explained}.",
    ],
    "global_explanation": [
        "Overall, the most important feature is {f1} ({i1}), followed by {f2} ({i2}).",
        "Across the data, {f1} matters most, with a mean absolute SHAP value of {i1}.",
        "The top three features are {f1}, {f2} and {f3}.",
        "{f1} is the most influential feature; {f2} is the second most important ({i2}).",
        "Globally, {f1} ranks first with an importance of {i1}, computed over {n} instances.",
        "{f1} is more important than {fl} for predicting {label}.",
    ],
    "counterfactual": [
        "The model predicts {label} for {subject}. Changing {fc} from {old} to {new} would make it {target} ({p}).",
        "To get {target}, you would need to {verb} {fc} to {new}; the model would then be {p} sure.",
        "If {fc} were {new} instead of {old}, the prediction would flip to {target}.",
        "It is predicted {label}, not {target}. {fc} changing from {old} to {new} would give {target} with "
        "probability {p}.",
        "The smallest change found: {verb} {fc} to {new}, which makes the prediction {target}.",
        "Currently {label}; to be predicted {target}, {fc} would have to go from {old} to {new}.",
    ],
    "still_this": [
        "The model predicts {label} for {subject} ({p}). It stays {label} when {fr} is between {low} and {high}.",
        "As long as {fr} stays between {low} and {high}, the prediction remains {label}.",
        "The prediction of {label} is robust: {fr} can range from {low} to {high} without changing it.",
        "{subject} is predicted {label} with {p}; the model checked {checked} changes and {kept} kept it.",
        "It would still be predicted {label} for any {fr} from {low} to {high}, others fixed.",
    ],
    "still_text": [
        "The model predicts {label} for {subject} ({p}). Removing {fr} keeps it {label}.",
        "The prediction stays {label} if you remove {fr}.",
        "{subject} is predicted {label} with {p}; of {checked} edits checked, {kept} kept the prediction.",
        "You could drop {fr} and the model would still predict {label}.",
        "The {label} prediction ({p}) is robust to removing {fr}.",
    ],
    "what_if": [
        "If {fw} changed from {old} to {new}, the prediction {outcome} {new_label} ({p_new}).",
        "With {fw} at {new}, the model {would} {new_label}, with probability {p_new}.",
        "Changing {fw} to {new}: the model now gives {new_label} {p_new}.",
        "Before the change it was {old_label} ({p_old}); after setting {fw} to {new} the prediction "
        "{outcome} {new_label}.",
        "Setting {fw} from {old} to {new} means the prediction {outcome} {new_label} ({p_new}).",
    ],
    "performance": [
        "The model's accuracy is {acc} on the held-out data ({n} instances).",
        "It is right {accp} of the time.",
        "Accuracy: {acc}; its {m2} is {v2}.",
        "On {n} test instances it reaches an accuracy of {accp}, and a {m2} of {v2}.",
        "The {m2} is {v2} and the accuracy {acc}.",
    ],
    "data_information": [
        "The data has {n} rows and {nf} features; the target is {target}.",
        "There are {n} instances: {c0} and {c1}.",
        "The class balance is {c0} and {c1}.",
        "{ff} ranges from {fmin} to {fmax}, with a mean of {fmean}.",
        "The dataset holds {n} examples; the average {ff} is {fmean}.",
    ],
    "model_information": [
        "The model is a {model_type}.",
        "It is a {model_type} with {hp} set to {hv}.",
        "This is a {model_type}; its {hp} is {hv}.",
        "Under the hood it's a {model_type}.",
        "The model type is {model_type}, with {hp} = {hv}.",
    ],
    "output_information": [
        "The model can predict {n} labels: {l0} and {l1}.",
        "The possible outputs are {l0} and {l1}.",
        "It outputs either {l0} or {l1}.",
        "There are {n} classes, {l0} and {l1}, each with a probability.",
        "The labels are {l0} and {l1}.",
    ],
}


TEMPLATES["local_text"] = [
    "The model predicts {label} for {subject}. The word {f1} matters most; it pushes {dir1} {explained}.",
    "{f1} pushes the prediction {dir1} {explained} ({c1}), and {f2} pushes {dir2} {explained} ({c2}).",
    "The biggest factor is the word {f1}: it pushes {dir1} {explained}, with a contribution of {c1}.",
    "The model predicts {label} ({p}). The most important word is {f1}, followed by {f2}.",
    "{f1} has the largest effect ({c1}); it pushes {dir1} {explained}.",
    "In {subject}, {f1} is the main driver, pushing {dir1} {explained}.",
]
TEMPLATES["counterfactual_text"] = [
    "The model predicts {label} for {subject}. {Edit} would make it {target} ({p}).",
    "To get {target}, you could try {edit}; the model would then be {p} sure.",
    "After {edit}, the prediction would flip to {target}.",
    "It is predicted {label}, not {target}; {edit} would give {target} with probability {p}.",
    "The smallest edit found is {edit}, which makes the prediction {target}.",
]
TEMPLATES["what_if_text"] = [
    "After {edit}, the prediction {outcome} {new_label} ({p_new}).",
    "With {edit}, the model {would} {new_label}, with probability {p_new}.",
    "{Edit}: the model now gives {new_label} {p_new}.",
    "Before the edit it was {old_label} ({p_old}); after {edit} the prediction {outcome} {new_label}.",
    "{Edit} means the prediction {outcome} {new_label} ({p_new}).",
]


#: A second set, written after the guard's checks were settled and not used to tune them: its figures are
#: the closer estimate of how the guard does on replies it was not developed with.
HELD_OUT: dict[str, list[str]] = {
    "prediction": [
        "Based on its features, {subject} gets a prediction of {label} — the model puts that at {p}.",
        "Short answer: {label}. The model's confidence for {subject} is {p}.",
        "According to the model, {subject} falls into the {label} class ({p} vs {p_other} for {other}).",
        "I ran the prediction: the outcome for {subject} is {label}, at {pf}.",
        "The classifier's verdict on {subject} is {label}, and it assigns {other} only {p_other}.",
    ],
    "local_explanation": [
        "What drives this prediction most is {f1}, which pushes {dir1} {explained} with a SHAP value of {c1}.",
        "Of all the features, {f1} has the strongest influence here; it moves the output {dir1} {explained}.",
        "The key driver is {f1} ({v1}), pushing {dir1} {explained}; next comes {f2}, pushing {dir2} {explained}.",
        "For {subject}, the model says {label}, mainly because of {f1}, which pushes {dir1} {explained}.",
        "{f1} contributes {c1} and is the top factor, pushing {dir1} {explained}.",
    ],
    "local_text": [
        "What drives this prediction most is the word {f1}, which pushes {dir1} {explained} ({c1}).",
        "Of all the words, {f1} has the strongest influence; it moves the output {dir1} {explained}.",
        "The key word is {f1}, pushing {dir1} {explained}; next comes {f2}, pushing {dir2} {explained}.",
        "For {subject}, the model says {label}, mainly because of {f1}, which pushes {dir1} {explained}.",
        "{f1} contributes {c1} and is the top factor, pushing {dir1} {explained}.",
    ],
    "global_explanation": [
        "Across the dataset, the feature the model relies on most is {f1}, with {f2} in second place.",
        "{f1} leads the global ranking (mean |SHAP| {i1}); {f2} follows at {i2}.",
        "In general, {f1} carries the most weight in the model's decisions.",
        "The global importances put {f1} first ({i1}), ahead of {f2} and {f3}.",
        "{fl} matters less than {f1} overall.",
    ],
    "counterfactual": [
        "Right now {subject} is {label}. Moving {fc} from {old} to {new} would tip it to {target}.",
        "You'd get {target} if {fc} went to {new} (the model then gives {target} {p}).",
        "The minimal change: {verb} {fc} to {new}; that flips the outcome to {target}.",
        "With {fc} at {new} rather than {old}, the model would predict {target} ({p}).",
        "It isn't {target} because {fc} is {old}; at {new} it would be {target}.",
    ],
    "counterfactual_text": [
        "Right now {subject} is {label}. {Edit} would tip it to {target}.",
        "You'd get {target} by {edit} (the model then gives {target} {p}).",
        "The minimal change is {edit}, which flips the outcome to {target}.",
        "After {edit}, the model would predict {target} ({p}).",
        "It isn't {target} as written; {edit} would make it {target}.",
    ],
    "still_this": [
        "{subject} keeps its {label} prediction as long as {fr} stays within {low}–{high}.",
        "You can vary {fr} anywhere from {low} to {high} and the model still says {label}.",
        "The {label} prediction ({p}) holds for {fr} values between {low} and {high}.",
        "Out of {checked} sampled changes, {kept} left the prediction at {label}.",
        "Changing only {fr}, the outcome remains {label} between {low} and {high}.",
    ],
    "still_text": [
        "{subject} keeps its {label} prediction even without {fr}.",
        "Deleting {fr} leaves the model's answer at {label}.",
        "The {label} prediction ({p}) survives removing {fr}.",
        "Out of {checked} edits tried, {kept} left the prediction at {label}.",
        "Take out {fr} and the outcome remains {label}.",
    ],
    "what_if": [
        "Setting {fw} to {new} (from {old}), the model {would} {new_label} ({p_new}).",
        "In that scenario the prediction {outcome} {new_label}; {new_label} gets {p_new}.",
        "With {fw} = {new}, the outcome {outcome} {new_label}.",
        "It was {old_label} at {p_old}; with {fw} at {new} it {outcome} {new_label} at {p_new}.",
        "Result of the change to {fw}: the prediction {outcome} {new_label}, with {p_new}.",
    ],
    "what_if_text": [
        "After {edit}, the model {would} {new_label} ({p_new}).",
        "In that scenario the prediction {outcome} {new_label}; {new_label} gets {p_new}.",
        "{Edit} means the outcome {outcome} {new_label}.",
        "It was {old_label} at {p_old}; after {edit} it {outcome} {new_label} at {p_new}.",
        "Result of {edit}: the prediction {outcome} {new_label}, with {p_new}.",
    ],
    "performance": [
        "On held-out data the model is accurate {accp} of the time.",
        "Its accuracy comes out at {acc}, measured on {n} instances.",
        "Performance: {acc} accuracy and {v2} {m2}.",
        "The model scores a {m2} of {v2}; accuracy is {accp}.",
        "Measured on {n} held-out cases, accuracy = {acc}.",
    ],
    "data_information": [
        "The dataset contains {n} records with {nf} features, predicting {target}.",
        "Class balance: {c0}, {c1}.",
        "In the data, {ff} spans {fmin} to {fmax} (average {fmean}).",
        "There are {n} rows in total: {c0} and {c1}.",
        "The mean {ff} is {fmean}, over {n} examples.",
    ],
    "model_information": [
        "It's a {model_type}.",
        "The model behind this is a {model_type} ({hp}: {hv}).",
        "We're looking at a {model_type}, configured with {hp} = {hv}.",
        "Model type: {model_type}.",
        "A {model_type}, with {hp} at {hv}.",
    ],
    "output_information": [
        "The model chooses between {n} outcomes: {l0} or {l1}.",
        "Its output is one of {l0}, {l1}.",
        "Possible predictions: {l0} and {l1}.",
        "There are {n} labels — {l0} and {l1}.",
        "It predicts {l0} or {l1}, with a probability for each.",
    ],
}


#: A third set, written after `held-out` was read: hedges, lists, bullets, markdown tables, arrows, whole
#: percentages, "about", "roughly" and ranges, to find what the checks miss.
VARIED: dict[str, list[str]] = {
    "prediction": [
        "**Prediction:** {label}\n**Confidence:** about {pw}",
        "| case | prediction | probability |\n| --- | --- | --- |\n| {subject} | {label} | {p} |",
        "The model leans towards {label} for {subject}, somewhere in the {pspan} range.",
        "I'd say the model is fairly sure it's {label}: roughly {pw}, leaving {pw_other} for {other}.",
        "- Predicted class: {label}\n- Probability: {pf}\n- Alternative: {other} ({p_other})",
        "It looks like {subject} would be classified as {label} (around {pw} probability).",
    ],
    "local_explanation": [
        "Top factors for {subject}:\n1. {f1} ({c1}), pushing {dir1} {explained}\n2. {f2} ({c2}), pushing "
        "{dir2} {explained}",
        "The model predicts {label}, largely driven by {f1}, which {raises1} the probability of {explained}.",
        "| feature | value | effect |\n| --- | --- | --- |\n| {f1} | {v1} | {c1} |\n| {f2} | {v2} | {c2} |",
        "Probably the single most influential feature here is {f1}; it seems to push {dir1} {explained}.",
        "{f1} (value {v1}) {supports1} {explained} more than any other feature does.",
        "In short: {label}. Biggest driver → {f1}, pushing {dir1} {explained}.",
    ],
    "local_text": [
        "Top words for {subject}:\n1. {f1} ({c1}), pushing {dir1} {explained}\n2. {f2} ({c2}), pushing "
        "{dir2} {explained}",
        "The model predicts {label}, largely because of the word {f1}, which {raises1} the probability of {explained}.",
        "Probably the single most influential word here is {f1}; it seems to push {dir1} {explained}.",
        "- {f1}: {c1}\n- {f2}: {c2}\nBoth numbers are contributions to {explained}.",
        "In short: {label}. Biggest driver → {f1}, pushing {dir1} {explained}.",
    ],
    "global_explanation": [
        "Globally the ranking is:\n1. {f1} ({i1})\n2. {f2} ({i2})\n3. {f3}",
        "| rank | feature | importance |\n| --- | --- | --- |\n| 1 | {f1} | {i1} |\n| 2 | {f2} | {i2} |",
        "Roughly speaking, {f1} is what the model pays most attention to, with {f2} a close-ish second.",
        "The model's decisions hinge mostly on {f1} (mean |SHAP| ≈ {i1}).",
        "Averaged over {n} instances, {f1} carries the most weight.",
        "{f2} and {f3} matter, but neither as much as {f1}.",
    ],
    "counterfactual": [
        "To flip {subject} from {label} to {target}:\n- {verb} {fc} from {old} to {new}\nThe model would then "
        "give {target} about {p}.",
        "Smallest change I found: {fc} {old} → {new}. With that, the prediction becomes {target} ({p}).",
        "If {fc} moved to roughly {new}, the model would likely switch to {target}.",
        "| feature | now | needed |\n| --- | --- | --- |\n| {fc} | {old} | {new} |\nThat change turns the "
        "prediction into {target}.",
        "The model currently says {label}; {target} would need {fc} at {new} instead of {old}.",
    ],
    "counterfactual_text": [
        "To flip {subject} from {label} to {target}: {edit}. The model would then give {target} {p}.",
        "Smallest edit found → {edit}; with it, the prediction becomes {target} ({p}).",
        "Try {edit}: that should move the model to {target}.",
        "- Current: {label}\n- After {edit}: {target} ({p})",
        "The model currently says {label}; {target} would need {edit}.",
    ],
    "still_this": [
        "- {fr}: anywhere from {low} to {high}\n- prediction: stays {label}",
        "Within roughly {low}–{high} for {fr}, you'd still get {label}.",
        "The {label} prediction looks stable: {fr} can move between {low} and {high} and it doesn't flip.",
        "Of the {checked} perturbations tried, {kept} kept {subject} at {label} ({p}).",
        "| feature | range that keeps {label} |\n| --- | --- |\n| {fr} | {low}–{high} |",
    ],
    "still_text": [
        "- Removing {fr}: still {label}\n- Confidence now: {p}",
        "You could delete {fr} and you'd still get {label}.",
        "The {label} prediction doesn't flip when {fr} is taken out.",
        "Of the {checked} edits tried, {kept} kept {subject} at {label} ({p}).",
        "Even without {fr}, the model sticks with {label}.",
    ],
    "what_if": [
        "**What-if:** {fw} {old} → {new}\n**Result:** the prediction {outcome} {new_label} (about {p_neww})",
        "Bumping {fw} to {new}? The model {would} {new_label}, at roughly {p_neww}.",
        "| | before | after |\n| --- | --- | --- |\n| {fw} | {old} | {new} |\n| prediction | {old_label} | "
        "{new_label} |",
        "So with {fw} = {new}, it {outcome} {new_label}; {new_label} would get around {p_neww}.",
        "Short version: {new_label} ({p_new}) once {fw} is {new}.",
    ],
    "what_if_text": [
        "**What-if:** {edit}\n**Result:** the prediction {outcome} {new_label} (about {p_neww})",
        "{Edit}? The model {would} {new_label}, at roughly {p_neww}.",
        "So after {edit}, it {outcome} {new_label}; {new_label} would get around {p_neww}.",
        "Short version: {new_label} ({p_new}) after {edit}.",
        "- Before: {old_label} ({p_old})\n- After {edit}: {new_label} ({p_new})",
    ],
    "performance": [
        "- Accuracy: {accp}\n- {m2}: {v2}\n- Evaluated on: {n} instances",
        "It gets roughly {accw} of cases right.",
        "| metric | value |\n| --- | --- |\n| accuracy | {acc} |\n| {m2} | {v2} |",
        "Accuracy is about {accw} ({acc} as a fraction), measured on {n} held-out examples.",
        "Performance looks solid: {acc} accuracy, {v2} {m2}.",
    ],
    "data_information": [
        "- Rows: {n}\n- Features: {nf}\n- Target: {target}",
        "The data is split {c0} / {c1}.",
        "{ff}: min {fmin}, max {fmax}, mean ≈ {fmean}.",
        "About {n} examples in total ({c0}, {c1}).",
        "| feature | min | mean | max |\n| --- | --- | --- | --- |\n| {ff} | {fmin} | {fmean} | {fmax} |",
    ],
    "model_information": [
        "- Model: {model_type}\n- {hp}: {hv}",
        "Under the hood, a {model_type} ({hp} = {hv}).",
        "The explainer sits on top of a {model_type}.",
        "It is a {model_type}; {hp} is set at {hv}.",
        "Model type → {model_type}.",
    ],
    "output_information": [
        "- {l0}\n- {l1}",
        "{n} possible answers: {l0} or {l1}.",
        "| label |\n| --- |\n| {l0} |\n| {l1} |",
        "The model returns {l0} or {l1}, each with a probability.",
        "Outputs: {l0}, {l1} ({n} classes).",
    ],
}

#: The template sets by name, as `simxai-eval guard --set` takes them.
SETS: dict[str, dict[str, list[str]]] = {
    "own": TEMPLATES,
    "held-out": HELD_OUT,
    "varied": VARIED,
    "probes2": PROBES2,
    "probes3": PROBES3,
    "probes4": PROBES4,
    "probes5": PROBES5,
}
