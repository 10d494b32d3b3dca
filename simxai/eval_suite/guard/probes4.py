"""`probes4`: templates in styles the earlier sets did not cover — comparisons between features ("bmi matters
more than age"), a value after its feature and before it ("a bmi of 32", "32 for bmi"), parentheticals, "not X
but Y", negations ("it does not predict stable"), pronoun subjects, ranks in words ("second most important"),
probabilities in words ("just under half", "roughly two in three"), Markdown tables, and replies about two
subjects at once — written before any check was changed for it (its first run is recorded in docs/guard.md).

Its slots and unfaithful kinds are added by `add_probe4_slots` (after probes3's, which it reuses); replies about
two instances come from `pair_replies`. Neither draws random numbers, so the other sets' replies are unchanged.
"""

from __future__ import annotations

from typing import Any

from simxai.eval_suite.guard.probes3 import add_probe3_slots
from simxai.eval_suite.guard.writing import num, pct
from simxai.eval_suite.guard.writing import other as other_label

__all__ = ["PAIR_TEMPLATES", "PROBES4", "add_probe4_slots", "pair_replies", "words"]

#: Fractions a reply says in words, nearest first.
FRACTIONS = (
    (0.1, "one in ten"),
    (0.2, "one in five"),
    (0.25, "a quarter"),
    (1 / 3, "a third"),
    (0.4, "two in five"),
    (0.5, "half"),
    (0.6, "three in five"),
    (2 / 3, "two in three"),
    (0.75, "three quarters"),
    (0.8, "four in five"),
    (0.9, "nine in ten"),
)
#: Model families as a reply names them in words.
FAMILIES = {
    "GradientBoosting": "gradient-boosted trees",
    "RandomForest": "a random forest",
    "VADER": "a lexicon-based sentiment model",
    "LogisticRegression": "a logistic regression",
}


def words(p: float) -> str:
    """Probability `p` in words, as a reply rounds it: "just under half", "roughly two in three", "about 37%"."""
    value, name = min(FRACTIONS, key=lambda f: abs(f[0] - p))
    if abs(value - p) > 0.04:
        return f"about {round(p * 100)}%"
    if abs(value - p) <= 0.01:
        return f"roughly {name}"
    return f"just under {name}" if p < value else f"just over {name}"


def _family(model_type: str) -> str:
    return next((v for k, v in FAMILIES.items() if k in model_type), model_type)


def _wrong_family(model_type: str) -> str:
    right = _family(model_type)
    return next(v for v in FAMILIES.values() if v != right and "sentiment" not in v)


def add_probe4_slots(
    p: dict[str, Any], labels: list[str], s: dict[str, str], bad: dict[str, dict[str, str]], said: str, text: bool
) -> None:
    """Add probes4's slots of payload `p` (and probes3's) to `s` and its unfaithful kinds to `bad` (in place)."""
    add_probe3_slots(p, labels, s, bad, said, text)
    kind = p["kind"]
    if kind == "prediction":
        label = p["label"]
        other = other_label(labels, label)
        pl, po = p["probabilities"][label], p["probabilities"][other]
        s.update(pwords=words(pl), notlab=f"not {other} but {label}", neg=f"does not predict {other}")
        s["Pron"] = "It"
        bad.setdefault("label swap", {}).update(notlab=f"not {label} but {other}", neg=f"does not predict {label}")
        bad.setdefault("other-class probability", {}).update(pwords=words(po))
        bad.setdefault("number drift", {}).update(pwords=words(min(0.99, pl + 0.15) if pl < 0.8 else pl - 0.2))
        if p.get("true_label"):
            s["recpar"] = f"(the data records {p['true_label']})"
            bad.setdefault("recorded label", {}).update(
                recpar=f"(the data records {other_label(labels, p['true_label'])})"
            )
    elif kind == "local_explanation":
        attrs = sorted(p["attributions"], key=lambda a: -abs(a["contribution"]))
        q = (lambda w: f"'{w}'") if text else (lambda w: w)
        a1, a2 = attrs[0], attrs[1]
        if abs(a1["contribution"]) > abs(a2["contribution"]) * 1.05:
            s["cmp12"] = f"{q(a1['feature'])} matters more than {q(a2['feature'])}"
            bad.setdefault("rank change", {}).update(cmp12=f"{q(a2['feature'])} matters more than {q(a1['feature'])}")
        low = s.get("fl", q(attrs[-1]["feature"]))
        s["second"] = q(a2["feature"])
        bad.setdefault("rank change", {}).update(second=low)
        pos = a1["contribution"] > 0
        s["favour1"] = "in favour of" if pos else "against"
        s["notdir1"] = "away from" if pos else "towards"
        bad.setdefault("direction flip", {}).update(
            favour1="against" if pos else "in favour of", notdir1="towards" if pos else "away from"
        )
        s["pwords"] = words(p["probability"])
        bad.setdefault("number drift", {}).update(pwords=words(max(0.02, p["probability"] - 0.25)))
    elif kind == "global_explanation":
        imps = sorted(p["importances"], key=lambda i: -i["importance"])
        s["cmp12"] = f"{imps[0]['feature']} matters more than {imps[1]['feature']}"
        s["second"] = imps[1]["feature"]
        s["third"] = imps[2]["feature"]
        far = imps[min(7, len(imps) - 1)]["feature"]
        bad.setdefault("rank change", {}).update(
            cmp12=f"{imps[1]['feature']} matters more than {imps[0]['feature']}", second=far, third=far
        )
    elif kind == "counterfactual":
        cf = p["counterfactuals"][0]
        ch = cf["changes"][0]
        current, target = p["current_label"], p["target_label"]
        s["cf_notlab"] = f"not {current} but {cf['label']}"
        s["cf_neg"] = f"does not predict {target}"
        s["pwords"] = words(cf["probability"])
        bad.setdefault("wrong outcome", {}).update(cf_notlab=f"not {cf['label']} but {current}")
        bad.setdefault("label swap", {}).update(cf_neg=f"does not predict {current}")
        bad.setdefault("number drift", {}).update(pwords=words(min(0.97, cf["probability"] + 0.3)))
        if isinstance(ch["old"], int | float) and isinstance(ch["new"], int | float):
            up = ch["new"] > ch["old"]
            s["higher"] = "higher" if up else "lower"
            bad.setdefault("direction flip", {}).update(higher="lower" if up else "higher")
    elif kind == "still_this":
        label = p["label"]
        s["st_notlab"] = f"not {other_label(labels, label)} but {label}"
        s["pwords"] = words(p["probability"])
        bad.setdefault("label swap", {}).update(st_notlab=f"not {label} but {other_label(labels, label)}")
        bad.setdefault("number drift", {}).update(pwords=words(max(0.02, p["probability"] - 0.25)))
    elif kind == "what_if":
        old, new = p["old_label"], p["new_label"]
        other_new = other_label(labels, new)
        pn = p["new_probabilities"]
        s["wi_notlab"] = f"not {old} but {new}" if old != new else f"still {old}, not {other_new}"
        bad.setdefault("wrong outcome", {}).update(
            wi_notlab=f"still {old}, not {new}" if old != new else f"not {old} but {other_new}"
        )
        s["wi_neg"] = f"does not predict {other_new}"
        bad.setdefault("label swap", {}).update(wi_neg=f"does not predict {new}")
        s["pn_words"] = words(pn[new])
        bad.setdefault("other-class probability", {}).update(pn_words=words(pn[other_new]))
    elif kind == "performance":
        m = p["metrics"]
        s["accwords"] = words(m["accuracy"])
        s["acc2"] = num(round(m["accuracy"], 2))
        names = [k for k in m if k != "accuracy"]
        m2 = max(names, key=lambda k: abs(m[k] - m["accuracy"]))
        s["m2v"] = num(round(m[m2], 2))
        s["m2name"] = m2.replace("_", " ").replace("roc auc", "ROC AUC")
        s["m2cmp"] = "higher" if m[m2] > m["accuracy"] else "lower"
        bad.setdefault("metric swap", {}).update(accwords=words(m[m2]), acc2=s["m2v"], m2v=s["acc2"])
        bad.setdefault("number drift", {}).update(accwords=words(max(0.05, m["accuracy"] - 0.25)))
    elif kind == "data_information":
        counts = p["class_balance"]
        first = list(counts)[0]
        share = counts[first] / max(1, p["n_rows"])
        s["share0"] = f"{words(share)} of the rows are {first}"
        bad.setdefault("number drift", {}).update(share0=f"{words(max(0.05, share - 0.25))} of the rows are {first}")
    elif kind == "model_information":
        mt = str(p["model_type"])
        s["family"] = _family(mt)
        bad["wrong model fact"] = {"family": _wrong_family(mt)}
    elif kind == "output_information":
        s["pmeaning"] = pct(0.5)


PROBES4: dict[str, list[str]] = {
    "prediction": [
        "{Pron} does not predict {other} for {subject}: the answer is {label}, at {pwords}.",
        "For {subject} the model says {notlab} ({p}).",
        "| | {label} | {other} |\n| --- | --- | --- |\n| probability | {p} | {p_other} |\n\n{Pron} {neg} "
        "here; {label} wins.",
        "{label}, with {pwords} confidence, is what the model predicts for {subject} {recpar}.",
        "The model {neg} for {subject}; {p_other} for {other} against {p} for {label}.",
        "{Pron}'s a {label} call for {subject} (probability {pf}), and {other} gets only {pw_other}.",
    ],
    "local_explanation": [
        "For {subject}, {cmp12}: {f1} ({v1}) pushes {dir1} {explained}, {f2} ({v2}) {dir2} it.",
        "A {f1} of {v1} is the strongest reason {favour1} {explained}; the second most important feature is {second}.",
        "{v1} for {f1} and {v2} for {f2}: those two values count most, and {f1} does not push {notdir1} {explained}.",
        "| rank | feature | value | direction |\n| --- | --- | --- | --- |\n| 1 | {f1} | {v1} | {dir1} {explained} "
        "|\n| 2 | {f2} | {v2} | {dir2} {explained} |\n\n{cmp12}.",
        "The model predicts {label} ({pwords}). It leans on {f1} most; {second} is second most important.",
        "{f1} (contribution {c1}) weighs {favour1} {explained}, and it is the top feature; {cmp12}.",
    ],
    "local_text": [
        "For {subject}, {f1} is the word that matters most, and it counts {favour1} {explained}.",
        "The model predicts {label} ({pwords}); the word {f1} does not push {notdir1} {explained}.",
        "| word | effect |\n| --- | --- |\n| {f1} | {dir1} {explained} ({c1}) |\n\nIt is the top word.",
        "{label} it is, at {pwords}: {f1} (contribution {c1}) pushes {dir1} {explained}.",
        "Not much else matters: {f1} is the main word, weighing {favour1} {explained}.",
    ],
    "global_explanation": [
        "Across {n} explained cases, {cmp12}, and {third} is third.",
        "The top feature is {f1} ({i1}); the second most important is {second} ({i2}).",
        "{i1} for {f1} and {i2} for {f2}: those are the two largest mean importances.",
        "| feature | mean importance |\n| --- | --- |\n| {f1} | {i1} |\n| {f2} | {i2} |\n| {f3} | |\n\nSo {cmp12}.",
        "It relies on {f1} above all; {second} ranks second and {third} third.",
    ],
    "counterfactual": [
        "Today the model {cf_neg} for {subject}. A {higher} {fc} ({new} instead of {old}) would make it {cf_notlab}.",
        "With a {fc} of {new} rather than {old}, {subject} would come out {cf_label} (at {pwords}).",
        "| | now | needed |\n| --- | --- | --- |\n| {fc} | {old} | {new} |\n| prediction | {label} | {cf_label} "
        "|\n\nIt {cf_neg} yet.",
        "{new} for {fc} (it is {old} now) is the change that matters: the prediction becomes {cf_notlab}.",
        "It would take a {higher} {fc}, {old} → {new}, for the model to say {cf_label} ({p}).",
    ],
    "counterfactual_text": [
        "As written the model {cf_neg}; {edit} makes it {cf_notlab}.",
        "{Edit} would be enough: the model then says {cf_label}, at {pwords}.",
        "| edit | new prediction |\n| --- | --- |\n| {edit} | {cf_label} ({p}) |",
        "It's {label} now, not {target}; after {edit} it would be {cf_notlab}.",
        "The smallest edit found is {edit}, which turns it {cf_label} ({pwords}).",
    ],
    "still_this": [
        "{subject} stays {label}, {st_notlab}, for any {fr} from {low} up to {high}.",
        "Anything between {low} and {high} for {fr} keeps the prediction at {label} ({pwords}).",
        "| feature | lowest | highest |\n| --- | --- | --- |\n| {fr} | {low} | {high} |\n\nInside that range "
        "it is {st_notlab}.",
        "It is {label} ({p}); a {fr} as high as {high} or as low as {low} would not change that.",
        "{kept} of {checked} sampled changes kept {label}; it stays {st_notlab}.",
    ],
    "still_text": [
        "The prediction is {st_notlab}, and removing {fr} would not change it.",
        "It stays {label} ({pwords}) even without {fr}.",
        "| edit | prediction |\n| --- | --- |\n| remove {fr} | {label} |\n\n{kept} of {checked} edits kept it.",
        "{kept} of {checked} edits left it {label}; it remains {st_notlab}.",
        "Even after dropping {fr}, it's {label} ({p}).",
    ],
    "what_if": [
        "With a {fw} of {new} instead of {old}, {subject} would be {wi_notlab}.",
        "Setting {fw} to {new}: the model {wi_neg} afterwards, and {new_label} sits at {pn_words}.",
        "| | before | after |\n| --- | --- | --- |\n| {fw} | {old} | {new} |\n| prediction | {old_label} | "
        "{new_label} |\n\nSo it is {wi_notlab}.",
        "{new} for {fw} (it was {old}) gives {new_label} {p_new}; the result is {wi_notlab}.",
        "It {wi_neg} after the change ({fw} {old} → {new}); {new_label} gets {pn_words}.",
    ],
    "what_if_text": [
        "After {edit}, the review would be {wi_notlab}.",
        "With {edit}, the model {wi_neg}; {new_label} gets {pn_words}.",
        "| | before | after |\n| --- | --- | --- |\n| prediction | {old_label} | {new_label} |\n| P({new_label}) "
        "| {p_old_new} | {p_new} |\n\nAfter {edit} it is {wi_notlab}.",
        "{Edit}: {new_label} at {p_new}, so {wi_notlab}.",
        "It {wi_neg} once you make the edit ({edit}).",
    ],
    "performance": [
        "It gets {accwords} of the {total} held-out cases right (accuracy {acc2}).",
        "A {acc2} accuracy, and its {m2name} ({m2v}) is {m2cmp} than that.",
        "| metric | value |\n| --- | --- |\n| accuracy | {acc2} |\n| {m2name} | {m2v} |\n\nIt is right on "
        "{right} of {total}.",
        "{m2v} for {m2name} and {acc2} for accuracy: {accwords} of its answers are right.",
        "Accuracy is {acc2}, not {m2v} (that is the {m2name}).",
    ],
    "data_information": [
        "It holds {n} rows; {share0}.",
        "{n} rows, {nf} features, and {share0}.",
        "| class | rows |\n| --- | --- |\n| {c0} |\n| {c1} |",
        "{fmean} on average for {ff}, from {fmin} to {fmax}.",
        "A mean {ff} of {fmean}, over {n} rows.",
    ],
    "model_information": [
        "It is {family} ({model_type}).",
        "Under the hood: {family}.",
        "The model behind it is {family}, not a neural network.",
        "| | |\n| --- | --- |\n| model | {family} |",
        "{family}: that is what makes the predictions.",
    ],
    "output_information": [
        "It outputs {l0} or {l1}, not anything else.",
        "| label |\n| --- |\n| {l0} |\n| {l1} |\n\nThose {n} are all.",
        "The answer is never a third class: {l0} or {l1}.",
        "Either {l0} or {l1}, each with a probability; a score above {pmeaning} wins on a two-class model.",
        "There are {n} labels ({l0}, {l1}).",
    ],
}

#: Templates about two instances' predictions at once (`pair_replies`).
PAIR_TEMPLATES = (
    "{Sa} is predicted {la} ({pa}), while {sb} comes out {lb} ({pb}).",
    "| {noun} | prediction | probability |\n| --- | --- | --- |\n| {ida} | {la} | {pa} |\n| {idb} | {lb} | {pb} |",
    "For {sa}: {la}. For {sb}: {lb}, at {pwb}.",
    "The model gives {sa} {pa} for {la}; {sb} gets {pb} for {lb}.",
    "{Sa} ({la}, {pa}) and {sb} ({lb}, {pb}) differ in how sure the model is.",
)


def pair_replies(
    a: dict[str, Any], b: dict[str, Any], labels: list[str], noun: str
) -> tuple[list[str], dict[str, list[str]]]:
    """Faithful replies about two prediction outputs `a` and `b`, and per unfaithful kind the perturbed ones."""
    sa, sb = f"{noun} {a['subject']['id']}", f"{noun} {b['subject']['id']}"
    la, lb = a["label"], b["label"]
    pa, pb = a["probabilities"][la], b["probabilities"][lb]
    s = {
        "sa": sa,
        "Sa": sa[0].upper() + sa[1:],
        "sb": sb,
        "noun": noun,
        "ida": str(a["subject"]["id"]),
        "idb": str(b["subject"]["id"]),
        "la": la,
        "lb": lb,
        "pa": pct(pa),
        "pb": pct(pb),
        "pwb": words(pb),
    }
    changes: dict[str, dict[str, str]] = {"label swap": {"lb": other_label(labels, lb)}}
    ob = b["probabilities"][other_label(labels, lb)]
    changes["other-class probability"] = {"pb": pct(ob), "pwb": words(ob)}
    if min(abs(pa - pb), abs(a["probabilities"][other_label(labels, la)] - pb)) > 0.002:
        changes["value swap"] = {"pa": pct(pb), "pb": pct(pa)}
    faithful = [t.format(**s) for t in PAIR_TEMPLATES]
    bad: dict[str, list[str]] = {}
    for kind, change in changes.items():
        for t, good in zip(PAIR_TEMPLATES, faithful, strict=True):
            reply = t.format(**{**s, **change})
            if reply != good:
                bad.setdefault(kind, []).append(reply)
    return faithful, bad
