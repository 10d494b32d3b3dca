"""The unseen guard sets (evalsets/guard-2026-12-01b to -07at) are well formed, and its scorer counts right.

No figure of the guard is asserted here: the set is scored by `bench/guard_set.py`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from simxai.functions import default_registry
from tests.bench_script import bench_script

ROOT = Path(__file__).resolve().parents[1]
SET_DIRS = tuple(ROOT / "evalsets" / f"guard-2026-12-01{letter}" for letter in "bcd") + (
    ROOT / "evalsets" / "guard-2026-12-02e",
    ROOT / "evalsets" / "guard-2026-12-02f",
    ROOT / "evalsets" / "guard-2026-12-02g",
    ROOT / "evalsets" / "guard-2026-12-02h",
    ROOT / "evalsets" / "guard-2026-12-02i",
    ROOT / "evalsets" / "guard-2026-12-02j",
    ROOT / "evalsets" / "guard-2026-12-03k",
    ROOT / "evalsets" / "guard-2026-12-03l",
    ROOT / "evalsets" / "guard-2026-12-03m",
    ROOT / "evalsets" / "guard-2026-12-03n",
    ROOT / "evalsets" / "guard-2026-12-03o",
    ROOT / "evalsets" / "guard-2026-12-03p",
    ROOT / "evalsets" / "guard-2026-12-03q",
    ROOT / "evalsets" / "guard-2026-12-04r",
    ROOT / "evalsets" / "guard-2026-12-04s",
    ROOT / "evalsets" / "guard-2026-12-04t",
    ROOT / "evalsets" / "guard-2026-12-04u",
    ROOT / "evalsets" / "guard-2026-12-04v",
    ROOT / "evalsets" / "guard-2026-12-04w",
    ROOT / "evalsets" / "guard-2026-12-04x",
    ROOT / "evalsets" / "guard-2026-12-05y",
    ROOT / "evalsets" / "guard-2026-12-05z",
    ROOT / "evalsets" / "guard-2026-12-05aa",
    ROOT / "evalsets" / "guard-2026-12-05ab",
    ROOT / "evalsets" / "guard-2026-12-05ac",
    ROOT / "evalsets" / "guard-2026-12-05ad",
    ROOT / "evalsets" / "guard-2026-12-05ae",
    ROOT / "evalsets" / "guard-2026-12-06af",
    ROOT / "evalsets" / "guard-2026-12-06ag",
    ROOT / "evalsets" / "guard-2026-12-06ah",
    ROOT / "evalsets" / "guard-2026-12-06ai",
    ROOT / "evalsets" / "guard-2026-12-06aj",
    ROOT / "evalsets" / "guard-2026-12-06ak",
    ROOT / "evalsets" / "guard-2026-12-06al",
    ROOT / "evalsets" / "guard-2026-12-07am",
    ROOT / "evalsets" / "guard-2026-12-07an",
    ROOT / "evalsets" / "guard-2026-12-07ao",
    ROOT / "evalsets" / "guard-2026-12-07ap",
    ROOT / "evalsets" / "guard-2026-12-07aq",
    ROOT / "evalsets" / "guard-2026-12-07ar",
    ROOT / "evalsets" / "guard-2026-12-07as",
    ROOT / "evalsets" / "guard-2026-12-07at",
    ROOT / "simxai" / "eval_suite" / "guard" / "written" / "g44",  # round 47's DEV gate; readable from round 48
    ROOT / "simxai" / "eval_suite" / "guard" / "written" / "g45",  # round 48's DEV gate; readable from round 49
    ROOT / "simxai" / "eval_suite" / "guard" / "written" / "g46",  # round 49's DEV gate; readable from round 50
)
SCRIPT = ROOT / "bench" / "guard_set.py"
#: A set's host whose instances are not called by the host's name (set S's bonsai nursery talks of trees).
NOUNS = {
    "bonsai": "tree",
    "honey": "jar",
    "anneal": "piece",
    "pigeons": "pigeon",
    "iceroad": "crossing",
    "paperweights": "paperweight",
    "varnish": "violin top",
    "kite": "launch",
    "curling": "delivery",
    "ropewalk": "rope",
    "thatch": "roof",
    "weaving": "loom",
    "hedgerow": "hedge",
    "waterwheel": "wheel",
    "allotment": "plot",
    "funicular": "car",
}
KINDS = {
    "faithful", "label_swap", "other_class_probability", "value_swap", "direction_flip", "rank_change",
    "metric_swap", "number_drift", "invented_feature", "wrong_counterfactual_outcome", "multi_subject_mixup",
    "wrong_model_fact", "invented_label",
}  # fmt: skip


@pytest.fixture(params=SET_DIRS, ids=[d.name for d in SET_DIRS])
def set_dir(request: pytest.FixtureRequest) -> Path:
    path: Path = request.param
    return path


def _lines(set_dir: Path) -> list[dict[str, Any]]:
    text = (set_dir / "replies.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def scorer() -> Iterator[ModuleType]:
    yield from bench_script(SCRIPT.name, "guard_set")


def test_every_line_has_the_fields_a_known_kind_and_a_matching_verdict(set_dir: Path) -> None:
    lines = _lines(set_dir)
    assert len(lines) >= 150
    assert len({line["id"] for line in lines}) == len(lines)
    names = set(default_registry().names())
    for line in lines:
        fields = {"id", "host", "function", "arguments", "output", "reply", "faithful", "kind"}
        assert set(line) - {"note"} == fields, line["id"]
        if "note" in line:  # sets AR, AS, g44-g46: why an unfaithful reply is wrong, with the true value
            assert not line["faithful"] and isinstance(line["note"], str) and line["note"].strip(), line["id"]
        own_host = (set_dir / f"host_{line['host']}.py").is_file()
        assert line["host"] in ("demo", "sentiment", "loan", "insurance") or own_host, line["id"]
        assert line["function"] in names, line["id"]
        assert line["kind"] in KINDS, line["id"]
        assert line["faithful"] is (line["kind"] == "faithful"), line["id"]
        assert isinstance(line["reply"], str) and line["reply"].strip(), line["id"]
        outputs = line["output"] if isinstance(line["output"], list) else [line["output"]]
        arguments = line["arguments"] if isinstance(line["output"], list) else [line["arguments"]]
        assert len(outputs) == len(arguments) >= 1, line["id"]
        assert all(isinstance(o, dict) and isinstance(o.get("kind"), str) for o in outputs), line["id"]


def test_demo_and_sentiment_have_three_faithful_replies_per_function_and_every_kind_is_present(set_dir: Path) -> None:
    lines = _lines(set_dir)
    faithful = Counter((line["host"], line["function"]) for line in lines if line["faithful"])
    for host in ("demo", "sentiment"):
        for name in default_registry().names():
            assert faithful[(host, name)] >= 3, (host, name)
    assert {line["kind"] for line in lines} == KINDS


def test_the_scorer_counts_recall_and_false_alarms_per_kind(scorer: ModuleType) -> None:
    def checked(kind: str, flagged: bool) -> Any:
        return scorer.Checked("x", "demo", "get_prediction", kind, kind == "faithful", flagged, "r", "[]")

    results = [checked("faithful", False), checked("faithful", True), checked("label_swap", True)]
    results += [checked("label_swap", False), checked("number_drift", True)]
    figures = scorer.rates(results)
    assert figures["recall"]["all"] == {"n": 3, "flagged": 2, "rate": 2 / 3}
    assert figures["recall"]["kind label_swap"] == {"n": 2, "flagged": 1, "rate": 0.5}
    assert figures["false_alarms"]["all"] == {"n": 2, "flagged": 1, "rate": 0.5}
    assert "kind faithful" not in figures["false_alarms"]


def test_the_scorer_names_a_line_without_its_fields(scorer: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "replies.jsonl").write_text('{"id": "a", "host": "demo"}\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="missing fields"):
        scorer.load_lines(tmp_path)


def test_set_e_covers_every_function_on_every_host_with_both_verdicts() -> None:
    lines = _lines(ROOT / "evalsets" / "guard-2026-12-02e")
    seen = Counter((line["host"], line["function"], line["faithful"]) for line in lines)
    for host in ("demo", "sentiment", "loan", "insurance"):
        least = 3 if host in ("demo", "sentiment") else 1
        for name in default_registry().names():
            assert seen[(host, name, True)] >= least, (host, name, "faithful")
            assert seen[(host, name, False)] >= least, (host, name, "unfaithful")
    assert len(lines) >= 420


@pytest.mark.parametrize(
    ("folder", "own_hosts", "least_lines"),
    [
        ("guard-2026-12-02f", {"flight": 2}, 420),
        ("guard-2026-12-02g", {"well": 2}, 420),
        ("guard-2026-12-02h", {"transaction": 2, "well": 1}, 420),
        ("guard-2026-12-02i", {"machine": 2}, 300),
        ("guard-2026-12-02j", {"ticket": 2}, 300),
        ("guard-2026-12-03k", {"hive": 2}, 300),
        ("guard-2026-12-03l", {"tray": 2}, 330),
        ("guard-2026-12-03m", {"chimney": 2}, 330),
        ("guard-2026-12-03n", {"cask": 2}, 330),
        ("guard-2026-12-03o", {"loaf": 2}, 330),
        ("guard-2026-12-03p", {"bell": 2}, 330),
        ("guard-2026-12-03q", {"inspection": 2}, 450),
        ("guard-2026-12-04r", {"visit": 2}, 450),
        (
            "guard-2026-12-04s",
            {"bonsai": 3, "demo": 2, "sentiment": 2, "loan": 2},
            450,
        ),  # two unfaithful a function on the built-in hosts
        # set T's sentiment lines hold one unfaithful reply for some functions
        ("guard-2026-12-04t", {"honey": 2, "demo": 2, "sentiment": 1, "loan": 2}, 450),
        ("guard-2026-12-04u", {"anneal": 2, "demo": 3, "sentiment": 2, "loan": 2}, 450),
        ("guard-2026-12-04v", {"pigeons": 3, "demo": 3, "sentiment": 3, "loan": 3}, 600),
        ("guard-2026-12-04w", {"iceroad": 3, "demo": 2, "sentiment": 2, "loan": 2}, 450),
        ("guard-2026-12-04x", {"paperweights": 3, "demo": 3, "sentiment": 3, "loan": 3}, 450),
        ("guard-2026-12-05y", {"varnish": 2, "demo": 2, "sentiment": 2, "loan": 2}, 450),
        ("guard-2026-12-05z", {"kite": 2, "demo": 2, "sentiment": 2, "loan": 2}, 450),
        ("guard-2026-12-05aa", {"curling": 2, "demo": 2, "sentiment": 2, "loan": 2}, 440),
        ("guard-2026-12-05ab", {"ropewalk": 2, "demo": 2, "sentiment": 2, "loan": 2}, 350),
        ("guard-2026-12-05ac", {"blend": 3, "demo": 3, "sentiment": 3, "loan": 2}, 330),
        ("guard-2026-12-05ad", {"match": 3, "demo": 3, "sentiment": 3, "loan": 3}, 390),
        ("guard-2026-12-05ae", {"kid": 3, "demo": 3, "sentiment": 3, "loan": 3}, 395),
        ("guard-2026-12-06af", {"hydrant": 3, "demo": 3, "sentiment": 3, "loan": 3}, 395),
        ("guard-2026-12-06ag", {"lock": 3, "demo": 3, "sentiment": 3, "loan": 3}, 400),
        ("guard-2026-12-06ah", {"typewriter": 3, "demo": 3, "sentiment": 3, "loan": 3}, 420),
        ("guard-2026-12-06ai", {"saddle": 3, "demo": 3, "sentiment": 3, "loan": 3}, 420),
        ("guard-2026-12-06aj", {"thatch": 3, "demo": 3, "sentiment": 3, "loan": 3}, 420),
        ("guard-2026-12-06ak", {"weaving": 3, "demo": 3, "sentiment": 3, "loan": 3}, 420),
        ("guard-2026-12-06al", {"anvil": 3, "demo": 3, "sentiment": 3, "loan": 3}, 440),
        ("guard-2026-12-07am", {"glider": 3, "demo": 3, "sentiment": 3, "loan": 3}, 440),
        ("guard-2026-12-07an", {"jukebox": 3, "demo": 3, "sentiment": 3, "loan": 3}, 440),
        ("guard-2026-12-07ao", {"hamper": 3, "demo": 3, "sentiment": 3, "loan": 3}, 440),
        ("guard-2026-12-07ap", {"rickshaw": 3, "demo": 3, "sentiment": 3, "loan": 3}, 440),
        ("guard-2026-12-07aq", {"dredger": 3, "demo": 3, "sentiment": 3, "loan": 3}, 440),
        ("guard-2026-12-07ar", {"carousel": 3, "demo": 3, "sentiment": 3, "loan": 3}, 440),
        ("guard-2026-12-07as", {"waterwheel": 3, "demo": 3, "sentiment": 3, "loan": 3}, 440),
        ("guard-2026-12-07at", {"funicular": 3, "demo": 3, "sentiment": 3, "loan": 3}, 440),
    ],
    ids=[
        "set F",
        "set G",
        "set H",
        "set I",
        "set J",
        "set K (03k)",
        "set L (03l)",
        "set M (03m)",
        "set N (03n)",
        "set O (03o)",
        "set P (03p)",
        "set Q (03q)",
        "set R (04r)",
        "set S (04s)",
        "set T (04t)",
        "set U (04u)",
        "set V (04v)",
        "set W (04w)",
        "set X (04x)",
        "set Y (05y)",
        "set Z (05z)",
        "set AA (05aa)",
        "set AB (05ab)",
        "set AC (05ac)",
        "set AD (05ad)",
        "set AE (05ae)",
        "set AF (06af)",
        "set AG (06ag)",
        "set AH (06ah)",
        "set AI (06ai)",
        "set AJ (06aj)",
        "set AK (06ak)",
        "set AL (06al)",
        "set AM (07am)",
        "set AN (07an)",
        "set AO (07ao)",
        "set AP (07ap)",
        "set AQ (07aq)",
        "set AR (07ar)",
        "set AS (07as)",
        "set AT (07at)",
    ],
)
def test_sets_with_a_host_of_their_own_cover_every_function_on_every_host_with_both_verdicts(
    folder: str, own_hosts: dict[str, int], least_lines: int
) -> None:
    lines = _lines(ROOT / "evalsets" / folder)
    seen = Counter((line["host"], line["function"], line["faithful"]) for line in lines)
    least = {"demo": 3, "sentiment": 3, "loan": 1, **own_hosts}
    for host, count in least.items():
        for name in default_registry().names():
            assert seen[(host, name, True)] >= count, (host, name, "faithful")
            assert seen[(host, name, False)] >= count, (host, name, "unfaithful")
    assert len(lines) >= least_lines
    assert {line["host"] for line in lines} == set(least)


@pytest.mark.parametrize(
    ("folder", "host", "labels", "ids", "categoricals"),
    [
        ("guard-2026-12-02f", "flight", ["on_time", "delayed"], (9001, 9500), set()),
        ("guard-2026-12-02g", "well", ["safe", "unsafe"], (13001, 13500), {"aquifer", "county"}),
        (
            "guard-2026-12-02h",
            "transaction",
            ["legitimate", "fraudulent"],
            (27001, 27500),
            {"merchant_category", "channel"},
        ),
        ("guard-2026-12-02h", "well", ["safe", "unsafe"], (13001, 13500), {"aquifer", "county"}),
        ("guard-2026-12-02i", "machine", ["runs", "fails"], (35001, 35500), {"line", "manufacturer"}),
        (
            "guard-2026-12-02j",
            "ticket",
            ["resolved", "escalated"],
            (43001, 43500),
            {"channel", "product_area", "priority"},
        ),
        (
            "guard-2026-12-03k",
            "hive",
            ["survives", "collapses"],
            (53001, 53500),
            {"hive_type", "region", "mite_treatment"},
        ),
        (
            "guard-2026-12-03l",
            "tray",
            ["sprouted", "failed"],
            (63001, 63500),
            {"seed_type", "soil_mix", "light_source"},
        ),
        (
            "guard-2026-12-03m",
            "chimney",
            ["clear", "needs_sweep"],
            (70001, 70500),
            {"fuel", "liner", "cap"},
        ),
        (
            "guard-2026-12-03n",
            "cask",
            ["keep_ageing", "ready", "spoiled"],
            (79001, 79500),
            {"oak", "toast"},
        ),
        (
            "guard-2026-12-03o",
            "loaf",
            ["airy", "dense"],
            (84001, 84400),
            {"flour", "oven"},
        ),
        (
            "guard-2026-12-03p",
            "bell",
            ["in_tune", "recast"],
            (93001, 93400),
            {"mould", "alloy"},
        ),
        (
            "guard-2026-12-03q",
            "inspection",
            ["pass", "fail"],
            (97401, 97800),
            {"LIFT_TYPE", "DRIVE_STN"},
        ),
        (
            "guard-2026-12-04r",
            "visit",
            ["thriving", "weak", "collapsing"],
            (100401, 100800),
            {"hive type"},
        ),
        ("guard-2026-12-04s", "bonsai", ["settles", "declines"], (103401, 103700), {"Species"}),
        ("guard-2026-12-04t", "honey", ["runny", "creamy", "set"], (105501, 105800), {"Floral_Source"}),
        ("guard-2026-12-04u", "anneal", ["sound", "crazed", "cracked"], (107601, 107900), {"GLASS_colour"}),
        ("guard-2026-12-04v", "pigeons", ["clocked", "missing"], (109701, 110000), {"WidowhoodSystem"}),
        ("guard-2026-12-04w", "iceroad", ["crossed", "turned back", "stuck"], (111801, 112100), {"RoadSegment"}),
        (
            "guard-2026-12-04x",
            "paperweights",
            ["flawless", "seeded", "cracked"],
            (113901, 114200),
            {"Batch_Glass"},
        ),
        ("guard-2026-12-05y", "varnish", ["clear", "hazed", "crazed"], (116001, 116300), {"BrushKind"}),
        (
            "guard-2026-12-05z",
            "kite",
            ["soared", "wobbled", "crashed"],
            (119301, 119600),
            {"SailCloth", "ReinforcedSpine"},
        ),
        (
            "guard-2026-12-05aa",
            "curling",
            ["house", "hogged", "through"],
            (120201, 120500),
            {"TurnHand", "HammerEnd"},
        ),
        (
            "guard-2026-12-05ab",
            "ropewalk",
            ["sound", "kinked", "frayed"],
            (122301, 122600),
            {"FibreKind", "tarred"},
        ),
        (
            "guard-2026-12-05ac",
            "blend",
            ["harmonious", "flat", "harsh"],
            (124401, 124700),
            {"BaseFamily", "chill_filtered"},
        ),
        (
            "guard-2026-12-05ad",
            "match",
            ["won", "lost", "timed out"],
            (126501, 126800),
            {"GameCode", "roped_lawn"},
        ),
        (
            "guard-2026-12-05ae",
            "kid",
            ["thrived", "lagged", "sickened"],
            (128601, 128900),
            {"Breed", "disbudded"},
        ),
        (
            "guard-2026-12-06af",
            "hydrant",
            ["serviceable", "leaking", "seized"],
            (130701, 131000),
            {"Maker", "bollard_guarded"},
        ),
        (
            "guard-2026-12-06ag",
            "lock",
            ["working", "sluggish", "stoppage"],
            (131901, 132200),
            {"GateTimber", "has_bywash"},
        ),
        (
            "guard-2026-12-06ah",
            "typewriter",
            ["restored", "parts_ordered", "scrapped"],
            (134601, 134900),
            {"Maker", "ribbon_vibrator_ok"},
        ),
        (
            "guard-2026-12-06ai",
            "saddle",
            ["fits", "reflock", "refit_tree", "retired"],
            (136801, 137100),
            {"Leather", "girthed_daily"},
        ),
        (
            "guard-2026-12-06aj",
            "thatch",
            ["sound", "reridge", "rethatch"],
            (139301, 139600),
            {"Reed", "wire_netted"},
        ),
        (
            "guard-2026-12-06ak",
            "weaving",
            ["clean", "retension", "overhaul"],
            (142301, 142600),
            {"Fibre", "dobby_fitted"},
        ),
        (
            "guard-2026-12-06al",
            "anvil",
            ["keep", "redress", "scrap"],
            (144301, 144600),
            {"Steel", "hardy_hole_worn"},
        ),
        (
            "guard-2026-12-07am",
            "glider",
            ["fly", "repair", "ground"],
            (146501, 146800),
            {"Build", "trailer_stored"},
        ),
        (
            "guard-2026-12-07an",
            "jukebox",
            ["play", "service", "retire"],
            (148701, 149000),
            {"Mechanism", "coin_jam_seen"},
        ),
        (
            "guard-2026-12-07ao",
            "hamper",
            ["ship", "repack", "scrap"],
            (151501, 151800),
            {"Basket", "ribbon_loose"},
        ),
        (
            "guard-2026-12-07ap",
            "rickshaw",
            ["ride", "service", "retire"],
            (153701, 154000),
            {"Canopy", "bell_works"},
        ),
        (
            "guard-2026-12-07aq",
            "dredger",
            ["dig", "refit", "lay_up"],
            (155901, 156200),
            {"Hull", "gps_ok"},
        ),
        (
            "guard-2026-12-07ar",
            "carousel",
            ["open", "shut"],
            (159301, 159600),
            {"Drive", "lights_ok"},
        ),
        (
            "guard-2026-12-07as",
            "waterwheel",
            ["turn", "patch", "halt"],
            (161701, 162000),
            {"Feed", "sluice_ok"},
        ),
        (
            "guard-2026-12-07at",
            "funicular",
            ["full_service", "safety_hold"],
            (164101, 164400),
            {"Haul", "heater_ok"},
        ),
    ],
    ids=[
        "set F",
        "set G",
        "set H transaction",
        "set H well",
        "set I machine",
        "set J ticket",
        "set K hive (03k)",
        "set L tray (03l)",
        "set M chimney (03m)",
        "set N cask (03n)",
        "set O loaf (03o)",
        "set P bell (03p)",
        "set Q inspection (03q)",
        "set R visit (04r)",
        "set S bonsai (04s)",
        "set T honey (04t)",
        "set U anneal (04u)",
        "set V pigeons (04v)",
        "set W iceroad (04w)",
        "set X paperweights (04x)",
        "set Y varnish (05y)",
        "set Z kite (05z)",
        "set AA curling (05aa)",
        "set AB ropewalk (05ab)",
        "set AC blend (05ac)",
        "set AD match (05ad)",
        "set AE kid (05ae)",
        "set AF hydrant (06af)",
        "set AG lock (06ag)",
        "set AH typewriter (06ah)",
        "set AI saddle (06ai)",
        "set AJ thatch (06aj)",
        "set AK weaving (06ak)",
        "set AL anvil (06al)",
        "set AM glider (07am)",
        "set AN jukebox (07an)",
        "set AO hamper (07ao)",
        "set AP rickshaw (07ap)",
        "set AQ dredger (07aq)",
        "set AR carousel (07ar)",
        "set AS waterwheel (07as)",
        "set AT funicular (07at)",
    ],
)
def test_a_set_brings_its_host_and_its_lines_name_only_its_instances_and_features(
    scorer: ModuleType, folder: str, host: str, labels: list[str], ids: tuple[int, int], categoricals: set[str]
) -> None:
    path = ROOT / "evalsets" / folder
    assert len(scorer.load_lines(path)) == len(_lines(path))
    schema = scorer.host_schema(host, path)
    assert schema.instance_noun == NOUNS.get(host, host) and list(schema.class_names) == labels
    assert tuple(schema.id_range) == ids
    features = {feature.name for feature in schema.features}
    assert categoricals <= {feature.name for feature in schema.features if feature.type == "categorical"}
    for line in _lines(path):
        if line["host"] != host:
            continue
        outputs = line["output"] if isinstance(line["output"], list) else [line["output"]]
        for output in outputs:
            subject = output.get("subject") or {}
            if subject.get("id") is not None:
                assert ids[0] <= subject["id"] <= ids[1], line["id"]
            if subject.get("values"):
                assert set(subject["values"]) == features, line["id"]


#: The written DEV gates with hosts of their own (g44: round 47's, by gdev47; g45: round 48's, by gdev48; g46: round
#: 49's, by gdev49): each gate's two hosts, their labels and the id block each was given.
WRITTEN_GATES = {
    "g44": {
        "mural": (["vivid", "faded", "flaking"], (159601, 159900)),
        "hedgerow": (["dense", "gappy"], (159901, 160200)),
    },
    "g45": {
        "fountain": (["flowing", "weak", "dry"], (162001, 162300)),
        "allotment": (["tended", "overgrown"], (162301, 162600)),
    },
    "g46": {
        "swing": (["safe", "worn", "unsafe"], (164401, 164700)),
        "postbox": (["kept", "missed"], (164701, 165000)),
    },
}
WRITTEN = ROOT / "simxai" / "eval_suite" / "guard" / "written"


@pytest.mark.parametrize("gate", sorted(WRITTEN_GATES))
def test_written_gates_cover_every_function_on_every_host_with_both_verdicts(gate: str) -> None:
    lines = _lines(WRITTEN / gate)
    seen = Counter((line["host"], line["function"], line["faithful"]) for line in lines)
    assert {line["host"] for line in lines} == {"demo", "sentiment", "loan", *WRITTEN_GATES[gate]}
    for host in {line["host"] for line in lines}:
        for name in default_registry().names():
            assert seen[(host, name, True)] >= 1 and seen[(host, name, False)] >= 1, (host, name)
    assert sum(isinstance(line["output"], list) for line in lines) >= 25  # pair lines
    assert all(line.get("note") for line in lines if not line["faithful"])
    assert all(line["id"].startswith(f"{gate}-{line['host']}-") for line in lines)


@pytest.mark.parametrize(("gate", "host"), [(g, h) for g in sorted(WRITTEN_GATES) for h in sorted(WRITTEN_GATES[g])])
def test_written_gates_bring_their_hosts_and_their_lines_name_only_their_instances_and_features(
    scorer: ModuleType, gate: str, host: str
) -> None:
    folder = WRITTEN / gate
    labels, (low, high) = WRITTEN_GATES[gate][host]
    assert len(scorer.load_lines(folder)) == len(_lines(folder))
    schema = scorer.host_schema(host, folder)
    assert schema.instance_noun == NOUNS.get(host, host)
    assert list(schema.class_names) == labels and low <= schema.id_range[0] <= schema.id_range[1] <= high
    features = {feature.name for feature in schema.features}
    for line in _lines(folder):
        if line["host"] != host:
            continue
        for output in line["output"] if isinstance(line["output"], list) else [line["output"]]:
            subject = output.get("subject") or {}
            if subject.get("id") is not None:
                assert low <= subject["id"] <= high, line["id"]
            if subject.get("values"):
                assert set(subject["values"]) == features, line["id"]
