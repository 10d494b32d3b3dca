"""The slots of the guard benchmark's templates: the facts of a function output a reply may state, as a reply
writes them, and per kind of unfaithful reply the slots it changes (`simxai.eval_suite.guard.bench`).
"""

from __future__ import annotations

import json
import random
from typing import Any

from simxai.eval_suite.guard.more_slots import add_more_slots
from simxai.eval_suite.guard.writing import num, other, pct

__all__ = ["Slots", "slots_for"]

Slots = dict[str, str]
#: Feature names no host has, for invented-feature replies.
INVENTED = ("serum_sodium", "cholesterol_level", "heart_rate", "smoking_years", "income_ratio")
INVENTED_WORDS = ("wonderful", "terrible", "boring", "amazing", "awful")


def moved(x: float, rng: random.Random) -> float:
    """Probability `x` moved by 6 to 20 points, within (0, 1)."""
    return min(0.999, max(0.001, x + rng.choice([-1, 1]) * rng.uniform(0.06, 0.2)))


def whole(p: float) -> str:
    """A probability as a whole percentage, as a reply rounds it ("79%")."""
    return f"{round(p * 100)}%"


def span(p: float) -> str:
    """A five-point range of percentages holding probability `p` ("75–80%")."""
    low = int(p * 100 // 5 * 5)
    return f"{low}–{low + 5}%"


def drift(x: float, rng: random.Random, percent: bool = False) -> str:
    """`x` moved well beyond rounding at the precision it is shown with."""
    if percent:
        return pct(moved(x, rng))
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


def slots_for(
    p: dict[str, Any], labels: list[str], noun: str, rng: random.Random, text_host: bool
) -> tuple[Slots, dict[str, Slots]]:
    """The faithful slots of payload `p` and, per perturbation kind, the slots it changes."""
    kind = p["kind"]
    s: Slots = {"subject": subject_name(p, noun)}
    bad: dict[str, Slots] = {}
    said = json.dumps(p).lower()
    # An invented name is one the output does not hold (a what-if may itself write 'awful').
    invented = rng.choice([w for w in (INVENTED_WORDS if text_host else INVENTED) if w not in said])
    invented = f"'{invented}'" if text_host else invented
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
        p_label, p_other = p["probabilities"][label], p["probabilities"][other(labels, label)]
        s.update(pw=whole(p_label), pspan=span(p_label), pw_other=whole(p_other))
        bad["label swap"] = {"label": s["other"]}
        bad["other-class probability"] = {"p": s["p_other"], "pw": whole(p_other), "pspan": span(p_other)}
        wrong = moved(p_label, rng)
        bad["number drift"] = {"p": pct(wrong), "pw": whole(wrong), "pspan": span(wrong)}
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
        s["raises1"] = "raises" if a1["contribution"] > 0 else "lowers"
        s["supports1"] = "supports" if a1["contribution"] > 0 else "works against"
        bad["direction flip"] = {
            "dir1": flip(a1),
            "raises1": "lowers" if a1["contribution"] > 0 else "raises",
            "supports1": "works against" if a1["contribution"] > 0 else "supports",
        }
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
        p_new, p_other = p["new_probabilities"][new], p["new_probabilities"][other(labels, new)]
        s["p_neww"] = whole(p_new)
        bad["other-class probability"] = {"p_new": pct(p_other), "p_neww": whole(p_other)}
        bad["number drift"] = {"p_new": drift(p_new, rng, True), "p_neww": whole(moved(p_new, rng))}
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
        s["accw"] = whole(metrics["accuracy"])
        bad["metric swap"] = {"acc": s["v2"], "accp": pct(metrics[m2]), "accw": whole(metrics[m2])}
        bad["number drift"] = {"acc": drift(metrics["accuracy"], rng), "accp": drift(metrics["accuracy"], rng, True)}
        bad["number drift"]["accw"] = whole(moved(metrics["accuracy"], rng))
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
    add_more_slots(p, labels, s, bad, rng, text_host, said)
    return s, bad
