"""Perturbation benchmark of the faithfulness guard, on real function outputs.

For every function on the demo and sentiment hosts (and the loan host when it is installed), the eleven
functions run on a few instances. Each output is verbalized by at least five faithful paraphrase templates;
each template that states a fact is also filled with that fact perturbed, one kind at a time: label swap,
other-class probability, value swap, direction flip, rank change, metric swap, number drift beyond
rounding, invented feature (and outcome flip for what-ifs). The guard checks every reply against the
output; the script prints recall on unfaithful replies per kind and false alarms on faithful ones per
function.

    python bench/guard.py [--show-misses] [--json figures.json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simxai.functions import default_registry  # noqa: E402
from simxai.guard import Vocabulary, check_claims  # noqa: E402
from simxai.hosts.base import Host  # noqa: E402
from simxai.results import render_result, result_payload  # noqa: E402

Slots = dict[str, str]
#: Feature names no host has, for invented-feature replies.
INVENTED = ("serum_sodium", "cholesterol_level", "heart_rate", "smoking_years", "income_ratio")
INVENTED_WORDS = ("wonderful", "terrible", "boring", "amazing", "awful")


def pct(p: float) -> str:
    return f"{p * 100:.1f}%"


def num(x: Any) -> str:
    if isinstance(x, float) and not x.is_integer():
        return f"{x:.3f}".rstrip("0").rstrip(".")
    return str(int(x)) if isinstance(x, float) else str(x)


def drift(x: float, rng: random.Random, percent: bool = False) -> str:
    """`x` moved well beyond rounding at the precision it is shown with."""
    if percent:
        return pct(min(0.999, max(0.001, x + rng.choice([-1, 1]) * rng.uniform(0.06, 0.2))))
    step = max(abs(x) * rng.uniform(0.15, 0.4), 0.05 if abs(x) < 1 else 2)
    return num(round(x + rng.choice([-1, 1]) * step, 3))


# ---- slots: the facts of an output a reply may state, and their perturbations -------------------


def subject_name(p: dict[str, Any], noun: str) -> str:
    s = p.get("subject") or {}
    return f"{noun} {s['id']}" if s.get("id") is not None else s.get("description", "this instance")


def beyond_rounding(shown: str, true: float) -> bool:
    """Whether `shown` (as a reply writes it) differs from `true` by more than its own precision."""
    decimals = len(shown.split(".")[1]) if "." in shown else 0
    return abs(float(shown) - true) > 10.0 ** (-decimals)


def edit(old: Any, new: Any) -> str:
    """A word edit of a text, as a reply would put it."""
    if old in (None, ""):
        return f"inserting '{new}'"
    if new in (None, ""):
        return f"removing '{old}'"
    return f"replacing '{old}' with '{new}'"


def other(labels: list[str], label: str) -> str:
    return next(lab for lab in labels if lab != label)


def slots_for(
    p: dict[str, Any], labels: list[str], noun: str, rng: random.Random, text_host: bool
) -> tuple[Slots, dict[str, Slots]]:
    """The faithful slots of payload `p` and, per perturbation kind, the slots it changes."""
    kind = p["kind"]
    s: Slots = {"subject": subject_name(p, noun)}
    bad: dict[str, Slots] = {}
    invented = f"'{rng.choice(INVENTED_WORDS)}'" if text_host else rng.choice(INVENTED)
    q = (lambda w: f"'{w}'") if text_host else (lambda w: w)
    if kind == "prediction":
        label = p["label"]
        s.update(
            label=label,
            other=other(labels, label),
            p=pct(p["probabilities"][label]),
            p_other=pct(p["probabilities"][other(labels, label)]),
            pf=f"{p['probabilities'][label]:.2f}",
        )
        bad["label swap"] = {"label": s["other"]}
        bad["other-class probability"] = {"p": s["p_other"]}
        bad["number drift"] = {"p": drift(p["probabilities"][label], rng, True)}
    elif kind == "local_explanation":
        attrs = sorted(p["attributions"], key=lambda a: -abs(a["contribution"]))
        a1, a2 = attrs[0], attrs[1]
        low = next((a for a in attrs[3:] if abs(a["contribution"]) < abs(a1["contribution"]) / 2), attrs[-1])
        label = p["label"]
        towards = lambda a: "towards" if a["contribution"] > 0 else "away from"  # noqa: E731
        flip = lambda a: "away from" if a["contribution"] > 0 else "towards"  # noqa: E731
        s.update(
            label=p["predicted_label"],
            explained=label,
            f1=q(a1["feature"]),
            f2=q(a2["feature"]),
            v1=num(a1["value"]) if a1["value"] is not None else "",
            c1=num(round(a1["contribution"], 3)),
            dir1=towards(a1),
            dir2=towards(a2),
            fl=q(low["feature"]),
            p=pct(p["probability"]),
            v2=num(a2["value"]) if a2["value"] is not None else "",
            c2=num(round(a2["contribution"], 3)),
        )
        bad["direction flip"] = {"dir1": flip(a1)}
        bad["rank change"] = {"f1": s["fl"]}
        bad["invented feature"] = {"f1": invented}
        bad["label swap"] = {"label": other(labels, p["predicted_label"])}
        bad["number drift"] = {"c1": drift(a1["contribution"], rng)}
        if s["v1"] and s["v2"] and s["v1"] != s["v2"]:
            bad["value swap"] = {"v1": s["v2"], "v2": s["v1"]}
        elif not s["v1"] and beyond_rounding(s["c2"], a1["contribution"]):
            bad["value swap"] = {"c1": s["c2"], "c2": s["c1"]}
    elif kind == "global_explanation":
        imps = sorted(p["importances"], key=lambda i: -i["importance"])
        s.update(
            label=p["label"],
            f1=q(imps[0]["feature"]),
            i1=num(round(imps[0]["importance"], 3)),
            f2=q(imps[1]["feature"]),
            i2=num(round(imps[1]["importance"], 3)),
            f3=q(imps[2]["feature"]),
            fl=q(imps[min(6, len(imps) - 1)]["feature"]),
            n=str(p["n_samples"]),
        )
        bad["rank change"] = {"f1": s["fl"]}
        bad["invented feature"] = {"f2": invented}
        bad["number drift"] = {"i1": drift(imps[0]["importance"], rng)}
        if beyond_rounding(s["i2"], imps[0]["importance"]):
            bad["value swap"] = {"i1": s["i2"], "i2": s["i1"]}
    elif kind == "counterfactual":
        cf = p["counterfactuals"][0]
        ch = cf["changes"][0]
        s.update(
            label=p["current_label"],
            target=p["target_label"],
            fc=q(ch["feature"]),
            old=num(ch["old"]),
            new=num(ch["new"]),
            p=pct(cf["probability"]),
            edit=edit(ch["old"], ch["new"]),
        )
        s["Edit"] = s["edit"][0].upper() + s["edit"][1:]
        numeric = isinstance(ch["new"], int | float) and isinstance(ch["old"], int | float)
        s["verb"] = ("raise" if ch["new"] > ch["old"] else "lower") if numeric else "change"
        bad["label swap"] = {"label": p["target_label"], "target": p["current_label"]}
        bad["invented feature"] = {
            "fc": invented,
            "edit": edit(invented.strip("'"), "x"),
            "Edit": edit(invented.strip("'"), "x"),
        }
        bad["number drift"] = {"p": drift(cf["probability"], rng, True)}
        if numeric:
            bad["number drift"]["new"] = drift(ch["new"], rng)
            bad["direction flip"] = {"verb": "lower" if s["verb"] == "raise" else "raise"}
            values = (p.get("subject") or {}).get("values") or {}
            swap = next(
                (
                    v
                    for k, v in values.items()
                    if k != ch["feature"]
                    and isinstance(v, int | float)
                    and abs(v - ch["new"]) > 0.1 * abs(ch["new"]) + 1
                ),
                None,
            )
            if swap is not None:
                bad["value swap"] = {"new": num(swap)}
    elif kind == "still_this":
        s.update(
            label=p["label"],
            other=other(labels, p["label"]),
            p=pct(p["probability"]),
            checked=str(p["samples_checked"]),
            kept=str(p["samples_kept"]),
        )
        bad["label swap"] = {"label": s["other"]}
        bad["number drift"] = {"p": drift(p["probability"], rng, True)}
        rngs = [r for r in p["ranges"] if r.get("low") is not None and r["low"] != r["high"]]
        if rngs:
            r0, r1 = rngs[0], rngs[1 % len(rngs)]
            s.update(fr=r0["feature"], low=num(r0["low"]), high=num(r0["high"]))
            bad["number drift"]["high"] = drift(r0["high"], rng)
            bad["invented feature"] = {"fr": invented}
            if num(r1["high"]) != s["high"]:
                bad["value swap"] = {"high": num(r1["high"])}
        elif p["kept_edits"]:
            s["fr"] = q(p["kept_edits"][0]["old"])
            bad["invented feature"] = {"fr": invented}
    elif kind == "what_if":
        ch = p["changes"][0]
        old, new = p["old_label"], p["new_label"]
        s.update(
            fw=q(ch["feature"]),
            old=num(ch["old"]),
            new=num(ch["new"]),
            old_label=old,
            new_label=new,
            p_new=pct(p["new_probabilities"][new]),
            p_old=pct(p["old_probabilities"][old]),
            outcome=("changes to" if old != new else "stays"),
            edit=edit(ch["old"], ch["new"]),
        )
        s["Edit"] = s["edit"][0].upper() + s["edit"][1:]
        s["would"] = "would flip to" if old != new else "would stay"
        bad["outcome flip"] = {
            "outcome": "stays" if old != new else "changes to",
            "would": "would stay" if old != new else "would flip to",
        }
        if p["new_probabilities"][new] != p["new_probabilities"][other(labels, new)]:
            bad["label swap"] = {"new_label": other(labels, new)}
        bad["other-class probability"] = {"p_new": pct(p["new_probabilities"][other(labels, new)])}
        bad["number drift"] = {"p_new": drift(p["new_probabilities"][new], rng, True)}
        bad["invented feature"] = {
            "fw": invented,
            "edit": edit(invented.strip("'"), ch["new"]),
            "Edit": edit(invented.strip("'"), ch["new"]).capitalize(),
        }
    elif kind == "performance":
        metrics = p["metrics"]
        names = [m for m in metrics if m != "accuracy"]
        m2 = max(names, key=lambda m: abs(metrics[m] - metrics["accuracy"]))
        s.update(
            acc=num(round(metrics["accuracy"], 3)),
            accp=pct(metrics["accuracy"]),
            m2=m2.replace("_", " ").replace("roc auc", "ROC AUC"),
            v2=num(round(metrics[m2], 3)),
            n=str(p["n"]),
        )
        bad["metric swap"] = {"acc": s["v2"], "accp": pct(metrics[m2])}
        bad["number drift"] = {"acc": drift(metrics["accuracy"], rng), "accp": drift(metrics["accuracy"], rng, True)}
    elif kind == "data_information":
        counts = p["class_balance"]
        feature = next((f for f in p["features"] if f.get("mean") is not None), None)
        s.update(
            n=str(p["n_rows"]),
            nf=str(len(p["features"])),
            target=p["target"],
            c0=f"{list(counts.values())[0]} {list(counts)[0]}",
            c1=f"{list(counts.values())[1]} {list(counts)[1]}",
        )
        bad["number drift"] = {"n": drift(p["n_rows"], rng)}
        if len(set(counts.values())) > 1:
            bad["label swap"] = {
                "c0": f"{list(counts.values())[0]} {list(counts)[1]}",
                "c1": f"{list(counts.values())[1]} {list(counts)[0]}",
            }
        if feature is not None:
            s.update(
                ff=feature["name"],
                fmin=num(feature["min"]),
                fmax=num(feature["max"]),
                fmean=num(round(feature["mean"], 2)),
            )
            bad["invented feature"] = {"ff": invented}
            bad["number drift"]["fmean"] = drift(feature["mean"], rng)
    elif kind == "model_information":
        hp = {
            k: v
            for k, v in p["hyperparameters"].items()
            if isinstance(v, int | float) and not isinstance(v, bool) and v > 10
        }
        s.update(model_type=p["model_type"])
        if hp:
            k, v = next(iter(hp.items()))
            s.update(hp=k.replace("_", " "), hv=num(v))
            bad["number drift"] = {"hv": drift(float(v), rng)}
        bad["invented feature"] = {"model_type": f"{p['model_type']} using {invented}"}
    elif kind == "output_information":
        names = [lab["name"] for lab in p["labels"]]
        s.update(l0=names[0], l1=names[1], n=str(len(names)))
        bad["invented feature"] = {"l1": f"{names[1]} (based on {invented})"}
    return s, bad


# ---- templates: at least five honest paraphrases per kind of output -----------------------------

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


def templates_for(p: dict[str, Any], held_out: bool = False) -> list[str]:
    if held_out:
        text = bool((p.get("subject") or {}).get("text"))
        key = "still_text" if p["kind"] == "still_this" and not p["ranges"] else p["kind"]
        if text and p["kind"] == "local_explanation":
            key = "local_text"
        elif text and f"{p['kind']}_text" in HELD_OUT:
            key = f"{p['kind']}_text"
        return HELD_OUT[key]
    return _templates_for(p)


def _templates_for(p: dict[str, Any]) -> list[str]:
    text = (p.get("subject") or {}).get("kind") == "row" and (p.get("subject") or {}).get("text")
    if p["kind"] == "still_this" and not p["ranges"]:
        return TEMPLATES["still_text"]
    if text and f"{p['kind']}_text" in TEMPLATES:
        return TEMPLATES[f"{p['kind']}_text"]
    if text and p["kind"] == "local_explanation":
        return TEMPLATES["local_text"]
    return TEMPLATES[p["kind"]]


# ---- the hosts and calls ------------------------------------------------------------------------


def calls_for(host: Host) -> list[tuple[str, dict[str, Any]]]:
    schema = host.schema()
    tabular = schema.kind == "tabular"
    ids = [12, 40, 101] if tabular else [0, 21, 56, 119]
    out: list[tuple[str, dict[str, Any]]] = [
        ("get_global_explanation", {}),
        ("get_model_performance", {"metric": "all"}),
        ("get_data_information", {}),
        ("get_model_information", {}),
        ("get_output_information", {}),
    ]
    if tabular:
        out.append(("get_data_information", {"feature": schema.features[2].name}))
    for i in ids:
        for name in (
            "get_prediction",
            "get_local_explanation",
            "explain_why_not",
            "explain_how_to_be_that",
            "explain_how_to_still_be_this",
        ):
            out.append((name, {"instance": i}))
        out.append(("explain_what_if", {"instance": i, "changes": what_if_change(host, i)}))
    return out


def what_if_change(host: Host, instance: int) -> dict[str, Any]:
    explanation = host.local_explanation(host.resolve(instance), None)
    top = max(explanation.attributions, key=lambda a: abs(a.contribution))
    if host.schema().kind == "tabular":
        return {top.feature: "+40%" if instance % 2 else "-10%"}
    from simxai.hosts.sentiment import sentiment_substitutes

    substitutes = sentiment_substitutes(top.feature)
    return {top.feature: substitutes[0] if substitutes and instance % 2 == 0 else ""}


def hosts() -> list[tuple[str, Host]]:
    from simxai.hosts.demo import load_demo_host
    from simxai.hosts.sentiment import load_sentiment_host

    found: list[tuple[str, Host]] = [("demo", load_demo_host()), ("sentiment", load_sentiment_host())]
    try:
        from simxai.hosts.loan import load_loan_host  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        print("(loan host not installed: skipped)")
    else:
        found.append(("loan", load_loan_host()))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--show-misses", action="store_true", help="print every miss and false alarm")
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--held-out", action="store_true", help="use the template set written after the checks were settled"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    registry = default_registry()
    caught: dict[str, list[bool]] = defaultdict(list)
    alarms: dict[str, list[bool]] = defaultdict(list)
    shown: list[str] = []
    for host_name, host in hosts():
        schema = host.schema()
        vocab = Vocabulary(
            labels=list(schema.class_names),
            features=[f.name for f in schema.features],
            aliases={f.name: list(f.aliases) for f in schema.features},
            instance_noun=schema.instance_noun,
        )
        for function, arguments in calls_for(host):
            payload = result_payload(registry.get(function)(host, arguments))  # type: ignore[misc]
            if payload["kind"] == "counterfactual" and not payload["counterfactuals"]:
                continue
            rendering = render_result(registry.get(function)(host, arguments))  # type: ignore[misc]
            report = check_claims(rendering, [payload], vocabulary=vocab)
            alarms[f"{host_name} {function}"].append(not report.passed)
            if not report.passed and args.show_misses:
                shown.append(f"FALSE ALARM {host_name} {function} (rendering): {rendering}\n   {report.unsupported}")
            faithful, perturbations = slots_for(
                payload, list(schema.class_names), schema.instance_noun, rng, schema.kind == "text"
            )
            for template in templates_for(payload, args.held_out):
                needed = {k for k in faithful if "{" + k + "}" in template}
                if not all(("{" + k + "}" not in template) or k in faithful for k in _fields(template)):
                    continue
                reply = template.format(**faithful)
                report = check_claims(reply, [payload], vocabulary=vocab)
                alarms[f"{host_name} {function}"].append(not report.passed)
                if not report.passed and args.show_misses:
                    shown.append(f"FALSE ALARM {host_name} {function}: {reply}\n   {report.unsupported}")
                for kind, change in perturbations.items():
                    if not needed & set(change):
                        continue
                    bad = template.format(**{**faithful, **change})
                    if bad == reply:
                        continue
                    report = check_claims(bad, [payload], vocabulary=vocab)
                    caught[kind].append(not report.passed)
                    if report.passed and args.show_misses:
                        shown.append(f"MISSED {kind} {host_name} {function}: {bad}")
    if shown:
        print("\n".join(shown))
    print("| unfaithful kind | caught | recall |\n| --- | --- | --- |")
    total = [v for values in caught.values() for v in values]
    for kind, values in sorted(caught.items()):
        print(f"| {kind} | {sum(values)}/{len(values)} | {100 * sum(values) / len(values):.1f} % |")
    print(f"| **all** | {sum(total)}/{len(total)} | {100 * sum(total) / len(total):.1f} % |\n")
    print("| host and function | false alarms on faithful replies | rate |\n| --- | --- | --- |")
    every = [v for values in alarms.values() for v in values]
    for name, values in sorted(alarms.items()):
        print(f"| {name} | {sum(values)}/{len(values)} | {100 * sum(values) / len(values):.1f} % |")
    print(f"| **all** | {sum(every)}/{len(every)} | {100 * sum(every) / len(every):.1f} % |")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "recall": {k: sum(v) / len(v) for k, v in caught.items()},
                    "recall_all": sum(total) / len(total),
                    "false_alarm_all": sum(every) / len(every),
                    "unfaithful": len(total),
                    "faithful": len(every),
                },
                indent=2,
            )
        )


def _fields(template: str) -> list[str]:
    import string

    return [f for _, f, _, _ in string.Formatter().parse(template) if f]


if __name__ == "__main__":
    main()
