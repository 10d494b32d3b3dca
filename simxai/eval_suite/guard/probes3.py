"""`probes3`: a template set in the style of an 8B model verbalizing real outputs — long, hedged, rounded, with
lists, tables, summaries that leave details out, the recorded label mentioned as recorded, and method names —
written before any check was changed for it (its first run is recorded in docs/guard.md).

It was written for the weaknesses an unseen hand-written set showed in aggregate (its replies were never read):
invented features, including plain multi-word names ("cholesterol level", "monthly income") and made-up changes
in counterfactual lists; wrong counterfactual and what-if outcomes (a what-if said to flip when it stays, a
counterfactual said to end in the wrong label, an edit said to keep the label when it flips); and false alarms
on faithful what-if replies. Its own slots and unfaithful kinds are added by `add_probe3_slots`; they draw no
random numbers, so the other sets' replies are unchanged.
"""

from __future__ import annotations

from typing import Any

from simxai.eval_suite.guard.writing import num, pct
from simxai.eval_suite.guard.writing import other as other_label

__all__ = ["PROBES3", "add_probe3_slots"]

#: Multi-word names that read like features; the first whose words no output or feature holds is invented.
PHRASES = (
    "cholesterol level",
    "family history",
    "monthly income",
    "smoking habit",
    "savings balance",
    "exercise frequency",
    "credit history",
)
#: Words a review might contain, for invented words on a text host.
WORDS = ("plot", "soundtrack", "price", "battery", "ending")


def _phrase(said: str, features: list[str]) -> str:
    names = " ".join(features).lower().replace("_", " ")
    return next(
        p for p in PHRASES if not any(w in said or w in names for w in p.split()) and p.replace(" ", "_") not in said
    )


def add_probe3_slots(
    p: dict[str, Any], labels: list[str], s: dict[str, str], bad: dict[str, dict[str, str]], said: str, text: bool
) -> None:
    """Add probes3's slots of payload `p` to `s` and its unfaithful kinds to `bad` (in place)."""
    kind = p["kind"]
    subject = p.get("subject") or {}
    features = list((subject.get("values") or {}).keys())
    phrase = f"'{next(w for w in WORDS if w not in said)}'" if text else _phrase(said, features)
    method = str(p.get("method") or "")
    s["method"] = "SHAP" if "SHAP" in method else "the counterfactual search"
    if kind == "prediction" and p.get("true_label"):
        rec = p["true_label"]
        s["rec"] = rec
        s["rec_verdict"] = "got this one right" if rec == p["label"] else "got this one wrong"
        bad["recorded label"] = {"rec": other_label(labels, rec)}
        bad["wrong model fact"] = {
            "rec_verdict": "got this one wrong" if rec == p["label"] else "got this one right",
        }
    elif kind == "local_explanation":
        attrs = sorted(p["attributions"], key=lambda a: -abs(a["contribution"]))
        s["f3"] = f"'{attrs[2]['feature']}'" if text else attrs[2]["feature"]
        s["v3"] = num(attrs[2]["value"]) if attrs[2]["value"] is not None else ""
        s["dir3"] = "towards" if attrs[2]["contribution"] > 0 else "away from"
        bad["invented feature (phrase)"] = {"f2": phrase, "f3": phrase}
    elif kind == "global_explanation":
        bad["invented feature (phrase)"] = {"f3": phrase}
    elif kind == "counterfactual":
        cf = p["counterfactuals"][0]
        ch = cf["changes"][0]
        current = p["current_label"]
        s["cf_label"] = cf["label"]
        s["cf_end"] = f"and the model would then say {cf['label']}"
        s["extra"] = ""
        bad["wrong outcome"] = {
            "cf_label": current,
            "cf_end": f"but the model would still say {current}",
        }
        values = subject.get("values") or {}
        unchanged = next(
            (k for k, v in values.items() if k != ch["feature"] and isinstance(v, int | float) and v > 1), None
        )
        if text:
            bad["invented change"] = {"extra": f", and also removing {phrase}"}
        elif unchanged is not None:
            bad["invented change"] = {
                "extra": f", plus {unchanged} lowered to {num(round(values[unchanged] * 0.8, 1))}"
            }
            bad["invented feature (phrase)"] = {"extra": f", plus a lower {phrase}"}
    elif kind == "still_this":
        s["extra"] = ""
        bad["invented change"] = {"extra": f" (and {phrase} can change freely too)"}
    elif kind == "what_if":
        old, new = p["old_label"], p["new_label"]
        pn = p["new_probabilities"]
        s["wi_end"] = f"ends up {new}" if old != new else f"is still {old}"
        s["wi_flip"] = "yes, it flips" if old != new else "no, it doesn't flip"
        s["p_new_w"] = f"{round(pn[new] * 100)}%"
        s["keeps"] = f"it no longer comes out {old}" if old != new else f"it keeps its {old} label"
        bad["wrong outcome"] = {
            "wi_end": f"is still {old}" if old != new else f"ends up {other_label(labels, old)}",
            "wi_flip": "no, it doesn't flip" if old != new else "yes, it flips",
            "keeps": f"it keeps its {old} label" if old != new else f"it no longer comes out {old}",
        }
        bad["invented feature (phrase)"] = {"fw": phrase}
    elif kind == "performance":
        m = p["metrics"]
        s.update(prec=num(round(m["precision"], 2)), recall=num(round(m["recall"], 2)), f1=num(round(m["f1"], 2)))
        s["auc"] = num(round(m["roc_auc"], 2))
        if p.get("confusion_matrix"):
            s["n0"] = str(sum(p["confusion_matrix"][0]))
        bad["metric swap"] = {**bad.get("metric swap", {}), "auc": num(round(m["accuracy"], 2))}
    elif kind == "data_information" and "ff" in s:
        bad["invented feature (phrase)"] = {"ff": phrase}
    elif kind == "output_information":
        s["pmeaning"] = pct(0.5)


PROBES3: dict[str, list[str]] = {
    "prediction": [
        "Sure! For {subject}, the model predicts **{label}**, with a probability of roughly {pw}. That leaves "
        "about {pw_other} for {other}, so the model is fairly confident, although probabilities like these are "
        "the model's own scores rather than guarantees.",
        "Here's what I found for {subject}:\n\n- Predicted label: {label}\n- Probability: {p}\n- Recorded label "
        "in the data: {rec}\n\nSo the model {rec_verdict}.",
        "The model's prediction for {subject} is {label} ({p}). It's worth noting that the dataset records "
        "{subject} as {rec}, which means the model {rec_verdict}.",
        "| Class | Probability |\n| --- | --- |\n| {label} | {p} |\n| {other} | {p_other} |\n\nIn short, "
        "{subject} is predicted {label}.",
        "Based on the model's output, {subject} would most likely be classified as {label}. The model assigns "
        "{label} a probability of about {pw}, while {other} only gets around {pw_other}.",
        "I checked {subject}: the model goes with {label} ({pf}). For context, the true label recorded for "
        "{subject} is {rec}, so the model {rec_verdict}.",
    ],
    "local_explanation": [
        "Great question! The model predicts {label} for {subject}. According to the {method} explanation, the "
        "most influential feature is **{f1}** (value {v1}), which pushes the prediction {dir1} {explained}. The "
        "second most important is {f2} ({v2}), and {f3} also plays a role. Keep in mind these attributions "
        "describe the model's behaviour, not real-world causes.",
        "Here are the main drivers behind the {label} prediction for {subject}:\n\n1. {f1} = {v1} — pushes "
        "{dir1} {explained}\n2. {f2} = {v2} — pushes {dir2} {explained}\n3. {f3} = {v3} — pushes {dir3} "
        "{explained}\n\nOverall, {f1} has the largest effect.",
        "The prediction of {label} ({p}) is mainly driven by {f1}, followed by {f2}. Other features have a "
        "smaller influence.",
        "| Feature | Value | Effect on {explained} |\n| --- | --- | --- |\n| {f1} | {v1} | {dir1} |\n| {f2} | "
        "{v2} | {dir2} |\n\n{f1} matters most for {subject}.",
        "In summary, {f1} is the key factor here: it pushes the model {dir1} {explained} (contribution about "
        "{c1}). {f2} comes next, and {f3} is third.",
    ],
    "local_text": [
        "The model predicts {label} for {subject}. According to the {method} explanation, the word {f1} has "
        "the biggest influence, pushing {dir1} {explained}. Other words contribute much less.",
        "Here's the breakdown for {subject}:\n\n- {f1}: pushes {dir1} {explained} ({c1})\n- most other words: "
        "little or no effect\n\nSo the {label} prediction comes mostly from {f1}.",
        "In short, {f1} is what drives the model to {label} here ({p}); it pushes {dir1} {explained}.",
        "The {method} values show that {f1} matters most for this review, pushing {dir1} {explained} by about {c1}.",
        "It's predicted {label}, largely because of the word {f1}.",
    ],
    "global_explanation": [
        "Across the {n} instances that were explained with {method}, the most important feature is **{f1}** "
        "(mean importance {i1}), followed by {f2} ({i2}) and {f3}. The remaining features matter noticeably "
        "less.",
        "Here's the global picture:\n\n1. {f1} — {i1}\n2. {f2} — {i2}\n3. {f3}\n\nIn other words, the model "
        "relies most on {f1}.",
        "Overall, the model leans most heavily on {f1}, then {f2} and {f3}. These are averages over many "
        "cases, so for any single case the order may differ.",
        "| Rank | Feature | Importance |\n| --- | --- | --- |\n| 1 | {f1} | {i1} |\n| 2 | {f2} | {i2} |\n\n{f1} "
        "clearly comes first.",
        "Globally, {f1} and {f2} are the two features with the largest impact on predictions of {label}.",
    ],
    "counterfactual": [
        "Currently the model predicts {label} for {subject}, not {target}. The counterfactual analysis suggests "
        "the following change would flip it:\n\n- change {fc} from {old} to {new}{extra}\n\nWith that change the "
        "model would predict {cf_label} (about {p}). Note that this is the smallest change found, not "
        "necessarily the only one.",
        "To get {target} for {subject}, you would need to {verb} {fc} from {old} to roughly {new}{extra}, {cf_end}.",
        "Here's what would need to change:\n\n| Feature | Current | Needed |\n| --- | --- | --- |\n| {fc} | "
        "{old} | {new} |\n\nAfter this change the prediction would be {cf_label}.",
        "{subject} is predicted {label}. A small change — {fc} going from {old} to {new}{extra} — would be "
        "enough for the model to say {cf_label} instead.",
        "The model says {label} rather than {target} because {fc} is at {old}; moving it to {new}{extra} tips "
        "the prediction to {cf_label} ({p}).",
    ],
    "counterfactual_text": [
        "The model predicts {label} for {subject}, not {target}. According to the counterfactual search, "
        "{edit}{extra} would change the prediction to {cf_label} (about {p}).",
        "To make it {target}, try {edit}{extra}, {cf_end}.",
        "Here's the smallest edit that was found:\n\n- {edit}{extra}\n\nWith it the model predicts {cf_label}.",
        "It's {label} as written; {edit}{extra} would be enough for the model to say {cf_label}.",
        "In short: {edit}{extra}, and the review is classified as {cf_label} ({p}).",
    ],
    "still_this": [
        "Good news: the {label} prediction for {subject} ({p}) is quite stable. For example, {fr} can range "
        "from {low} to {high}{extra} without changing it, as long as everything else stays the same.",
        "Here's how much room there is:\n\n- {fr}: {low} – {high}{extra}\n\nOf {checked} sampled changes, "
        "{kept} kept the prediction at {label}.",
        "{subject} stays {label} when {fr} is anywhere between {low} and {high}{extra}.",
        "To keep the {label} prediction, keep {fr} between roughly {low} and {high}{extra}. The model checked "
        "{checked} changes and {kept} of them kept {label}.",
        "In short, the prediction of {label} is robust: {kept} of {checked} perturbations didn't change it.",
    ],
    "still_text": [
        "The {label} prediction for {subject} ({p}) holds up well: even removing {fr}{extra} keeps it {label}.",
        "Of {checked} single-word edits, {kept} kept the prediction at {label}; removing {fr}{extra} is one of them.",
        "Dropping {fr}{extra} wouldn't change anything: the model would still say {label}.",
        "In short, the prediction is fairly robust: {kept} out of {checked} edits kept {label}.",
        "The model stays with {label} for {subject} if you remove {fr}{extra}.",
    ],
    "what_if": [
        "If {fw} changed from {old} to {new} for {subject}, the model's prediction {wi_end}. The probability "
        "of {new_label} would be about {p_new_w} afterwards (it was {p_old_new} before).",
        "Here's the comparison:\n\n| | Before | After |\n| --- | --- | --- |\n| {fw} | {old} | {new} |\n| "
        "Prediction | {old_label} | {new_label} |\n| P({new_label}) | {p_old_new} | {p_new} |\n\nSo, does the "
        "prediction change? {wi_flip}.",
        "Short answer: {wi_flip}. With {fw} at {new} instead of {old}, the model {would} {new_label} ({p_new}).",
        "Setting {fw} to {new} would move the probability of {new_label} from {p_old_new} to roughly "
        "{p_new_w}, and {keeps}.",
        "With that change ({fw}: {old} → {new}), {subject} {wi_end}; {new_label} now sits at {p_new} and "
        "{other_new} at {p_new_other}.",
    ],
    "what_if_text": [
        "After {edit}, the model's prediction {wi_end}: {new_label} goes to about {p_new_w} (from {p_old_new}).",
        "Short answer: {wi_flip}. After {edit}, the model {would} {new_label} ({p_new}).",
        "Here's the comparison:\n\n- Before: {old_label} ({p_old})\n- After {edit}: {new_label} ({p_new})\n\n"
        "So {keeps}.",
        "{Edit} moves the probability of {new_label} from {p_old_new} to {p_new}, and {keeps}.",
        "With {edit}, {subject} {wi_end}.",
    ],
    "performance": [
        "On the {total} evaluated cases, the model reaches an accuracy of about {accw}: it gets {right} right "
        "and {wrong} wrong. Precision is {prec}, recall {recall} and the F1 score {f1}; the ROC AUC is {auc}.",
        "Here's a summary of the model's performance:\n\n| Metric | Value |\n| --- | --- |\n| Accuracy | {acc} "
        "|\n| Precision | {prec} |\n| Recall | {recall} |\n| ROC AUC | {auc} |\n\nOverall it does reasonably well.",
        "The model is right roughly {accw} of the time ({right} of {total}). Its ROC AUC of {auc} suggests it "
        "separates the classes fairly well.",
        "Accuracy: {acc}. F1: {f1}. Of the {n1} cases that are truly {l1}, it catches {ok1}.",
        "In short, about {accw} accuracy; {as1} of the {n0} {l0} cases are mistaken for {l1}.",
    ],
    "data_information": [
        "The dataset contains {n} rows and {nf} features, and the target is {target}. The classes are split "
        "{c0} and {c1}.",
        "Here's an overview:\n\n- Rows: {n}\n- Features: {nf}\n- Target: {target}\n- Classes: {c0}, {c1}",
        "For {ff}, values range from {fmin} to {fmax}, with a mean of roughly {fmean}.",
        "| Feature | Min | Max | Mean |\n| --- | --- | --- | --- |\n| {ff} | {fmin} | {fmax} | {fmean} |",
        "In short: {n} examples, {c0} and {c1}.",
    ],
    "model_information": [
        "The model is a {model_type}. In simple terms, it maps each input to one of the labels, with a probability.",
        "Under the hood it's a {model_type}, with {hp} set to {hv}.",
        "It's a {model_type} ({hp}: {hv}); its explanations describe how the model behaves, not causes.",
        "The model behind these predictions is a {model_type}.",
        "Technically, a {model_type}; one of its settings is {hp} = {hv}.",
    ],
    "output_information": [
        "The model can predict one of {n} labels: {l0} or {l1}. Each prediction comes with a probability for "
        "each label, and these add up to one.",
        "Here are the possible outputs:\n\n- {l0}\n- {l1}\n\nThe model also gives a probability for each.",
        "There are {n} classes, {l0} and {l1}; the higher-scoring one is the prediction.",
        "| Label |\n| --- |\n| {l0} |\n| {l1} |\n\nThat's the full list of outputs.",
        "In short, the answer is always either {l0} or {l1}.",
    ],
}
