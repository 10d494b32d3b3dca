"""`probes5`: templates for the unfaithful kinds the unseen sets caught worst — a plausible invented label in a
label's place (a table cell, "classified as", "puts 80 % on X", a list of the possible outputs, a label count in
words), an invented feature (a plain word, a name of several words, a name with digits, a word the text model does
not have) in the positions a fluent reply puts a feature (a counterfactual's "X from a to b", a list of columns, a
bullet of contributions, "X also matters"), a rank said in words or ordinals ("the runner-up is X", "X comes in
at number 2", an ordered list under "ranked by influence") and a direction said by a verb or a comparison ("X
makes L more likely", "X tips the scales towards L", "on average X pushes towards L", "X would have to go up").

Written before any check was changed for it (its first run is recorded in docs/guard.md). Its slots and kinds are
added by `add_probe5_slots` on top of the base slots; it draws no random numbers, so the other sets' replies are
unchanged.
"""

from __future__ import annotations

from typing import Any

from simxai.eval_suite.guard.writing import num, pct

__all__ = ["PROBES5", "add_probe5_slots"]

#: Label-like words a host may plausibly have and these do not.
LABEL_WORDS = ("undecided", "inconclusive", "intermediate", "mixed", "moderate", "unclear")
#: Names that read like features of a tabular host: one plain word, several words, a name with digits.
FEATURE_WORDS = ("insulin", "cholesterol", "mortgage", "waist")
FEATURE_PHRASES = ("resting heart rate", "years of schooling", "number of late payments", "waist circumference")
FEATURE_CODES = ("HbA1c", "vitamin D3", "ApoB100")
#: Words a review might hold that the text outputs here do not.
TEXT_WORDS = ("superb", "mediocre", "flimsy", "gorgeous", "sturdy")
NUMBER_NAMES = {2: "two", 3: "three", 4: "four", 5: "five"}


def _fresh(pool: tuple[str, ...], said: str, salt: int) -> str:
    """A name of `pool` none of whose words the output says, chosen by `salt` so hosts and subjects vary."""
    fresh = [w for w in pool if not any(part.lower() in said for part in w.split())]
    return fresh[salt % len(fresh)]


def _salt(p: dict[str, Any]) -> int:
    subject = p.get("subject") or {}
    return int(subject.get("id") or 0) + len(p)


def add_probe5_slots(
    p: dict[str, Any], labels: list[str], s: dict[str, str], bad: dict[str, dict[str, str]], said: str, text: bool
) -> None:
    """Add probes5's slots of payload `p` to `s` and its unfaithful kinds to `bad` (in place)."""
    kind = p["kind"]
    salt = _salt(p)
    inv_label = _fresh(tuple(w for w in LABEL_WORDS if w not in labels), said, salt)
    if text:
        inv = {"invented feature": f"'{_fresh(TEXT_WORDS, said, salt)}'"}
        inv["invented feature (bare word)"] = _fresh(TEXT_WORDS, said, salt + 1)
    else:
        inv = {
            "invented feature": _fresh(FEATURE_WORDS, said, salt),
            "invented feature (several words)": _fresh(FEATURE_PHRASES, said, salt),
            "invented feature (with digits)": _fresh(FEATURE_CODES, said, salt),
        }
    q = (lambda w: f"'{w}'") if text else (lambda w: w)
    if kind == "prediction":
        s["lab5"] = p["label"]
        bad["invented label"] = {"lab5": inv_label}
    elif kind == "output_information":
        names = [lab["name"] for lab in p["labels"]]
        s["labs5"] = " and ".join(names) if len(names) == 2 else ", ".join(names[:-1]) + " and " + names[-1]
        s["labbul5"] = "\n".join(f"- **{n}**: {lab['meaning']}" for n, lab in zip(names, p["labels"], strict=True))
        s["nlab5"] = NUMBER_NAMES.get(len(names), str(len(names)))
        bad["invented label"] = {
            "labs5": ", ".join(names) + f" and {inv_label}",
            "labbul5": s["labbul5"] + f"\n- **{inv_label}**: a borderline case",
            "nlab5": NUMBER_NAMES.get(len(names) + 1, str(len(names) + 1)),
        }
    elif kind == "local_explanation":
        attrs = sorted(p["attributions"], key=lambda a: -abs(a["contribution"]))
        a1, a2 = attrs[0], attrs[1]
        low = next((a for a in attrs[2:] if abs(a["contribution"]) < abs(a2["contribution"]) * 0.8), None)
        s["f2x"] = q(a2["feature"])
        for name, value in inv.items():
            bad.setdefault(name, {}).update(f2x=value)
        # The base slots' rank change puts a low-ranked feature in `f1`; these templates state `f1`'s direction,
        # not its rank, so only probes5's own rank slots are perturbed.
        bad["rank change"] = {}
        if low is not None:
            s["f2r"] = q(a2["feature"])
            bad["rank change"] = {"f2r": q(low["feature"])}
            if abs(a1["contribution"]) > abs(a2["contribution"]) * 1.05:
                s["ord5"] = f"- {q(a1['feature'])}\n- {q(a2['feature'])}\n- {q(low['feature'])}"
                bad["rank change"]["ord5"] = f"- {q(a2['feature'])}\n- {q(a1['feature'])}\n- {q(low['feature'])}"
        up = a1["contribution"] > 0
        s["likely1"] = "more likely" if up else "less likely"
        s["tips1"] = "towards" if up else "away from"
        s["side1"] = "in favour of" if up else "against"
        s["helps1"] = "helps" if up else "hurts"
        bad["direction flip"] = {
            "likely1": "less likely" if up else "more likely",
            "tips1": "away from" if up else "towards",
            "side1": "against" if up else "in favour of",
            "helps1": "hurts" if up else "helps",
        }
    elif kind == "global_explanation":
        imps = sorted(p["importances"], key=lambda i: -i["importance"])
        s["f2x"] = q(imps[1]["feature"])
        for name, value in inv.items():
            bad.setdefault(name, {}).update(f2x=value)
        far = q(imps[min(6, len(imps) - 1)]["feature"])
        s["f2r"], s["f3r"] = q(imps[1]["feature"]), q(imps[2]["feature"])
        s["then5"] = f"{q(imps[0]['feature'])}, then {q(imps[1]['feature'])}, then {q(imps[2]['feature'])}"
        bad["rank change"] = {
            "f2r": far,
            "f3r": far,
            "then5": f"{q(imps[0]['feature'])}, then {q(imps[2]['feature'])}, then {q(imps[1]['feature'])}",
        }
        signed = next((i for i in imps[:3] if abs(i.get("mean_contribution") or 0) > 0.002), None)
        if signed is not None:
            up = signed["mean_contribution"] > 0
            s["fg"] = q(signed["feature"])
            s["gdir"] = "towards" if up else "away from"
            bad["direction flip"] = {"gdir": "away from" if up else "towards"}
    elif kind == "counterfactual":
        cf = p["counterfactuals"][0]
        ch = cf["changes"][0]
        s["cf_label5"] = cf["label"]
        s["fcx"] = q(ch["feature"])
        numeric = isinstance(ch["old"], int | float) and isinstance(ch["new"], int | float) and ch["old"] != ch["new"]
        if numeric and not text:
            for name, value in inv.items():
                bad.setdefault(name, {}).update(fcx=value)
            up = ch["new"] > ch["old"]
            s["goes5"] = "go up" if up else "come down"
            s["climb5"] = "climb" if up else "drop"
            bad["direction flip"] = {"goes5": "come down" if up else "go up", "climb5": "drop" if up else "climb"}
        elif text:
            for name, value in inv.items():
                bad.setdefault(name, {}).update(fcx=value)
    elif kind == "what_if":
        ch = p["changes"][0]
        s["fwx"] = q(ch["feature"])
        numeric = isinstance(ch["old"], int | float) and isinstance(ch["new"], int | float) and ch["old"] != ch["new"]
        if numeric and not text:
            for name, value in inv.items():
                bad.setdefault(name, {}).update(fwx=value)
            up = ch["new"] > ch["old"]
            s["rais5"] = "Raising" if up else "Lowering"
            bad["direction flip"] = {"rais5": "Lowering" if up else "Raising"}
        old, new = p["old_probabilities"], p["new_probabilities"]
        lab = p["new_label"]
        if abs(new[lab] - old[lab]) > 0.01:
            s["pmove5"] = "rises" if new[lab] > old[lab] else "falls"
            s["p_old5"], s["p_new5"] = pct(old[lab]), pct(new[lab])
            bad.setdefault("direction flip", {}).update(pmove5="falls" if new[lab] > old[lab] else "rises")
    elif kind == "data_information":
        names = [f["name"] for f in p["features"]]
        if len(names) >= 3:
            s["cols5"] = ", ".join(names[:3])
            for name, value in inv.items():
                bad.setdefault(name, {}).update(cols5=", ".join([names[0], names[1], value.strip("'")]))
    elif kind == "still_this":
        rngs = [r for r in p["ranges"] if r.get("low") is not None and r["low"] != r["high"]]
        if rngs and not text:
            s["frx"], s["lo5"], s["hi5"] = rngs[0]["feature"], num(rngs[0]["low"]), num(rngs[0]["high"])
            for name, value in inv.items():
                bad.setdefault(name, {}).update(frx=value)


PROBES5: dict[str, list[str]] = {
    "prediction": [
        "The model's call for {subject} is {lab5} ({p}).",
        "{subject} gets classified as {lab5}.",
        "| Predicted class | {lab5} |\n| --- | --- |\n| Probability | {p} |",
        "Verdict for {subject}: **{lab5}**, with {other} at {p_other}.",
        "It puts {p} on {lab5} for {subject}.",
        "The model comes down on the side of {lab5} for {subject}.",
    ],
    "output_information": [
        "The possible outputs are {labs5}.",
        "The model can return these labels:\n{labbul5}",
        "It can return {nlab5} labels: {labs5}.",
        "Every prediction is one of {labs5}, with a probability for each.",
        "There are {nlab5} classes in total.",
    ],
    "local_explanation": [
        "For {subject}, {f1} matters most, and {f2x} also pushes {dir2} {explained}.",
        "The main drivers for {subject} are {f1} and {f2x}.",
        "- **{f1}**: {c1}\n- **{f2x}**: {c2}",
        "{f1} comes first; the runner-up is {f2r}.",
        "{f2r} comes in at number 2 for {subject}.",
        "Ranked by influence:\n{ord5}",
        "{f1} makes {explained} {likely1} for {subject}.",
        "{f1} tips the scales {tips1} {explained}.",
        "For {subject}, {f1} is a point {side1} {explained}.",
        "{f1} {helps1} the case for {explained}.",
    ],
    "local_text": [
        "For {subject}, {f1} matters most, and {f2x} also pushes {dir2} {explained}.",
        "The words that drive it are {f1} and {f2x}.",
        "- **{f1}**: {c1}\n- **{f2x}**: {c2}",
        "{f1} comes first; the runner-up is {f2r}.",
        "Ranked by influence:\n{ord5}",
        "{f1} makes {explained} {likely1} here.",
        "{f1} tips the scales {tips1} {explained}.",
        "{f1} {helps1} the case for {explained}.",
    ],
    "global_explanation": [
        "Across {n} cases, the model leans on {f1} and {f2x} the most.",
        "- **{f1}**: {i1}\n- **{f2x}**: {i2}",
        "The ranking goes {then5}.",
        "In second place overall comes {f2r}.",
        "{f3r} is the third most influential feature overall.",
        "On average {fg} pushes {gdir} {label}.",
        "Taken over {n} cases, {fg} tends to push {gdir} {label}.",
    ],
    "counterfactual": [
        "Changing {fcx} from {old} to {new} gets {subject} to {cf_label5}.",
        "The counterfactual: {fcx} from {old} to {new}, which gives {cf_label5} ({p}).",
        "For {cf_label5}, {fc} would have to {goes5} to {new}.",
        "{fc} would need to {climb5} from {old} to {new} for the model to say {cf_label5}.",
    ],
    "counterfactual_text": [
        "Replacing {fcx} would turn it {cf_label5}.",
        "The smallest edit involves {fcx}.",
    ],
    "what_if": [
        "If {fwx} went from {old} to {new}, {subject} would be {new_label}.",
        "{rais5} {fw} to {new} gives {new_label} ({p_new}).",
        "With {fw} at {new}, the probability of {new_label} {pmove5} from {p_old5} to {p_new5}.",
        "The probability of {new_label} {pmove5} after the change.",
    ],
    "what_if_text": [
        "After {edit}, the probability of {new_label} {pmove5} from {p_old5} to {p_new5}.",
    ],
    "data_information": [
        "The columns include {cols5}.",
        "Among the inputs: {cols5}.",
    ],
    "still_this": [
        "{frx} can go anywhere from {lo5} to {hi5} without changing the prediction.",
    ],
    "still_text": [],
    "performance": [],
    "model_information": [],
}
