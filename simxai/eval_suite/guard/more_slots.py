"""More slots of the guard benchmark's templates (`slots.slots_for` adds them): the facts natural replies state
beside the plain ones — a what-if's change amount and both probabilities, counts a confusion matrix gives, the
other class's probability named, a probability written as a fraction beside a feature — and the perturbations
that go with them, including invented names that are plain words ("income" on a host without it) and invented
labels.
"""

from __future__ import annotations

import random
from typing import Any

from simxai.eval_suite.guard.writing import num, pct
from simxai.eval_suite.guard.writing import other as other_label

__all__ = ["add_more_slots"]

#: Plain words that read like features; a host that has none of them by name gets one as an invented feature.
PLAIN_INVENTED = ("income", "smoking", "weight", "salary", "savings", "diet")
#: Label-like words no host has, for invented labels.
INVENTED_LABELS = ("uncertain", "borderline", "pending", "neutral")


def _shift(n: int, rng: random.Random) -> str:
    """Count `n` moved by 5 to 12 (and by at least 10 %), so no reading of the matrix gives it."""
    return str(max(0, n + rng.choice([-1, 1]) * max(rng.randint(5, 12), round(0.1 * n))))


def add_more_slots(
    p: dict[str, Any],
    labels: list[str],
    s: dict[str, str],
    bad: dict[str, dict[str, str]],
    rng: random.Random,
    text_host: bool,
    said: str,
) -> None:
    """Add to the slots `s` of payload `p` and to its perturbations `bad` (in place)."""
    kind = p["kind"]
    plain = next((w for w in PLAIN_INVENTED if w not in said), None)
    invented_label = next(w for w in INVENTED_LABELS if w not in labels)
    if kind == "prediction":
        label = p["label"]
        other = other_label(labels, label)
        s["pf_other"] = f"{p['probabilities'][other]:.2f}"
        bad.setdefault("other-class probability", {}).update(p_other=s["p"], pf_other=s["pf"])
    elif kind == "local_explanation":
        s["pf"] = f"{p['probability']:.2f}"
        if plain and not text_host:
            bad["invented feature (plain word)"] = {"f1": plain}
    elif kind == "global_explanation":
        if plain and not text_host:
            bad["invented feature (plain word)"] = {"f1": plain, "f2": plain}
    elif kind == "counterfactual":
        ch = p["counterfactuals"][0]["changes"][0]
        if isinstance(ch["old"], int | float) and isinstance(ch["new"], int | float) and ch["old"]:
            s["chg"] = f"{round(abs(ch['new'] - ch['old']) / abs(ch['old']) * 100)}%"
            s["delta"] = num(round(abs(ch["new"] - ch["old"]), 3))
            s["pf"] = f"{p['counterfactuals'][0]['probability']:.2f}"
            bad.setdefault("number drift", {})["pf"] = f"{min(0.99, p['counterfactuals'][0]['probability'] + 0.2):.2f}"
            if plain:
                bad["invented feature (plain word)"] = {"fc": plain}
        s["still_label"] = f"would still be {p['current_label']}"
        bad["outcome flip"] = {"still_label": f"would no longer be {p['current_label']}"}
    elif kind == "what_if":
        ch = p["changes"][0]
        old, new = p["old_label"], p["new_label"]
        other_new = other_label(labels, new)
        po, pn = p["old_probabilities"], p["new_probabilities"]
        s.update(
            other_new=other_new,
            p_old_new=pct(po[new]),
            p_new_other=pct(pn[other_new]),
            pf_new=f"{pn[new]:.2f}",
            pf_old=f"{po[old]:.2f}",
            pts=f"{abs(pn[new] - po[new]) * 100:.1f}",
            updown="up" if pn[new] > po[new] else "down",
            still=f"would still be {old}" if old == new else f"would no longer be {old}",
            verdict="does not change" if old == new else "changes",
        )
        bad["outcome flip"] = {
            **bad.get("outcome flip", {}),
            "still": f"would no longer be {old}" if old == new else f"would still be {old}",
            "verdict": "changes" if old == new else "does not change",
        }
        bad.setdefault("number drift", {}).update(
            pf_new=f"{min(0.99, max(0.01, pn[new] + rng.choice([-1, 1]) * 0.15)):.2f}",
            p_old_new=pct(min(0.99, max(0.01, po[new] + rng.choice([-1, 1]) * 0.15))),
        )
        bad.setdefault("other-class probability", {}).update(p_new_other=pct(pn[new]))
        if isinstance(ch["old"], int | float) and isinstance(ch["new"], int | float) and ch["old"]:
            s["chg"] = f"{round(abs(ch['new'] - ch['old']) / abs(ch['old']) * 100)}%"
            s["delta"] = num(round(abs(ch["new"] - ch["old"]), 3))
            s["lower_higher"] = "higher" if ch["new"] > ch["old"] else "lower"
            s["cut_raise"] = "raise" if ch["new"] > ch["old"] else "cut"
            if plain:
                bad["invented feature (plain word)"] = {"fw": plain}
    elif kind == "performance" and p.get("confusion_matrix"):
        cm = p["confusion_matrix"]
        names = p.get("labels") or labels
        n = sum(sum(row) for row in cm)
        right = sum(cm[i][i] for i in range(len(cm)))
        s.update(
            right=str(right),
            wrong=str(n - right),
            total=str(n),
            l0=names[0],
            l1=names[1],
            ok0=str(cm[0][0]),
            ok1=str(cm[1][1]),
            as1=str(cm[0][1]),
            as0=str(cm[1][0]),
            n1=str(sum(cm[1])),
            err=pct((n - right) / n),
        )
        bad.setdefault("number drift", {}).update(
            right=_shift(right, rng), wrong=_shift(n - right, rng), as1=_shift(cm[0][1], rng)
        )
        bad["label swap"] = {"l0": names[1], "l1": names[0]} if cm[0][0] != cm[1][1] else {}
        if not bad["label swap"]:
            del bad["label swap"]
    elif kind == "data_information":
        if plain and not text_host:
            bad["invented feature (plain word)"] = {"ff": plain}
    elif kind == "output_information":
        bad["invented label"] = {"l1": f"{s['l1']} or {invented_label}", "n": str(int(s["n"]) + 1)}
