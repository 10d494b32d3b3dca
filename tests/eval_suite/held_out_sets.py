"""The author sets `test_held_out_sets.py` checks, and the checks its tests share.

Not a test module: the table of sets, the scorer's readers, and the slow check that runs every gold call. The
format checks and the gold calls of every set run in that one file, so that each set's hosts are fitted in one
CI worker only (split over two files, as before the forty-first round, the second file's worker fitted half the
sets' hosts a second time); the file holds `slow` tests, so `--no-loadscope-reorder` starts it first.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from simxai.functions import default_registry
from simxai.hosts.base import Host
from tests.bench_script import bench_script

ROOT = Path(__file__).resolve().parents[2]
TRAINING = ROOT / "simxai" / "eval_suite" / "router_training"
#: The sets checked here, with what each was written to hold (its README).
SETS: dict[str, dict[str, Any]] = {
    # written held out, trained on since the fifteenth round
    "w18": {"folder": "people", "requests": 180, "dialogues": 10, "turns": (4, 6), "own_hosts": ("colony", "lot")},
    "w19": {
        "folder": "held_out_people",
        "requests": 190,
        "dialogues": 10,
        "turns": (4, 6),
        "own_hosts": ("slope", "dog"),
    },
    "w20": {
        "folder": "people",
        "requests": 190,
        "dialogues": 10,
        "turns": (4, 6),
        "own_hosts": ("job", "train"),
    },
    "w21": {
        "folder": "people",
        "requests": 190,
        "dialogues": 10,
        "turns": (5, 5),
        "own_hosts": ("lift", "roast"),
    },
    "w22": {
        "folder": "people",
        "requests": 190,
        "dialogues": 10,
        "turns": (5, 5),
        "own_hosts": ("runner", "handset"),
    },
    # written held out in the seventeenth round (scored twice, never read), trained on since the eighteenth
    "w23": {
        "folder": "people",
        "requests": 190,
        "dialogues": 10,
        "turns": (5, 5),
        "own_hosts": ("bike", "batch"),
    },
    # written for training in the eighteenth round (people/), never read
    "w25": {
        "folder": "people",
        "requests": 190,
        "dialogues": 10,
        "turns": (5, 5),
        "own_hosts": ("donor", "session"),
    },
    "w26": {
        "folder": "people",
        "requests": 190,
        "dialogues": 10,
        "turns": (5, 5),
        "own_hosts": ("bag", "crate"),
    },
    "w28": {
        "folder": "people",
        "requests": 200,
        "dialogues": 14,
        "turns": (4, 5),
        "own_hosts": ("flight", "crossing"),
    },
    # written held out in the eighteenth round (scored twice, never read), trained on since the nineteenth
    "w24": {
        "folder": "people",
        "requests": 180,
        "dialogues": 10,
        "turns": (4, 5),
        "own_hosts": ("garment", "showcase"),
    },
    # written held out in the nineteenth round (scored twice, never read), trained on since the twentieth
    "w27": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (5, 5),
        "own_hosts": ("section", "bin"),
    },
    # written held out in the twentieth round (scored twice, never read), trained on since the twenty-first
    "w29": {
        "folder": "people",
        "requests": 160,
        "dialogues": 12,
        "turns": (6, 6),
        "own_hosts": ("pet", "record"),
    },
    # written held out in the twenty-first round (scored twice, never read), trained on since the twenty-second
    "w31": {
        "folder": "people",
        "requests": 150,
        "dialogues": 12,
        "turns": (7, 7),
        "own_hosts": ("bus", "round"),
    },
    # written held out in the twenty-second round (scored twice, never read), trained on since the twenty-third
    "w33": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (4, 5),
        "own_hosts": ("lock", "hive"),
    },
    # written for training in the twenty-second round, straight into people/
    "w34": {
        "folder": "people",
        "requests": 200,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("hive", "kiln"),
    },
    # written held out in the twenty-third round, scored twice, never read; training data since the twenty-fourth
    "w35": {
        "folder": "people",
        "requests": 180,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("flyloft", "peal"),
    },
    # written for training in the twenty-third round, straight into people/
    "w36": {
        "folder": "people",
        "requests": 200,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("hive", "kiln"),
    },
    # written held out in the twenty-fourth round, scored twice, never read; training data since the twenty-fifth
    "w37": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (4, 5),
        "own_hosts": ("kelp", "fleece"),
    },
    # written for training in the twenty-fourth round, straight into people/
    "w38": {
        "folder": "people",
        "requests": 170,
        "dialogues": 13,
        "turns": (5, 5),
        "own_hosts": ("hive", "airdrop"),
    },
    # written held out in the twenty-fifth round, scored twice, never read; training data since the twenty-sixth
    "w39": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("overwinter", "wheel"),
    },
    # written for training in the twenty-sixth round, straight into people/
    "w42": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (4, 6),
        "own_hosts": ("cork", "tile"),
    },
    # written held out in the twenty-sixth round, scored twice, never read; training data since the twenty-seventh
    "w41": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("dig", "camel"),
    },
    # written for training in the twenty-seventh round
    "w44": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("genset", "pond"),
    },
    # written for training in the twenty-eighth round
    "w46": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("casting", "peal"),
    },
    # written held out in the twenty-seventh round, scored twice, never read; training data since the twenty-eighth
    "w43": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (5, 5),
        "own_hosts": ("balloon", "glass"),
    },
    # written held out in the twenty-eighth round, scored twice, never read; training data since the twenty-ninth
    "w45": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("cork", "sardine"),
    },
    # written for training in the twenty-ninth round
    "w48": {
        "folder": "people",
        "requests": 182,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("radio", "pup"),
    },
    # written held out in the twenty-ninth round, scored twice, never read; training data since the thirtieth
    "w47": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("mill", "jump"),
    },
    # written held out in the thirtieth round, scored twice, never read; training data since the thirty-first
    "w49": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("incense", "tiffin"),
    },
    # written for training in the thirty-first round
    "w52": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("snail", "bindery"),
    },
    # written for training in the thirtieth round, held out instead: its maple-sugar host shares a domain with
    # fresh set aa's, written the same morning; read by nobody
    "w50": {
        "folder": "held_out_people",
        "requests": 180,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("tap", "shack"),
    },
    # written held out in the thirty-first round, read by nobody; training data since the thirty-second
    "w51": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("clock", "peat"),
    },
    # written held out in the thirty-second round, read by nobody; training data since the thirty-third
    "w53": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("puppet", "dome"),
    },
    # written for training in the thirty-second round
    "w54": {
        "folder": "people",
        "requests": 173,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("tattoo", "interloan"),
    },
    # written held out in the thirty-third round, read by nobody; training data since the thirty-fourth
    "w55": {
        "folder": "people",
        "requests": 170,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("vinerow", "polo"),
    },
    # written for training in the thirty-third round
    "w56": {
        "folder": "people",
        "requests": 171,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("fishbox", "tuning"),
    },
    # written held out in the thirty-fourth round, read by nobody
    "w57": {
        "folder": "held_out_people",
        "requests": 174,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("moto", "fletch"),
    },
    # written for training in the thirty-fourth round
    "w58": {
        "folder": "people",
        "requests": 171,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("crown", "soap"),
    },
    # written for training in the thirty-fifth round
    "w60": {
        "folder": "people",
        "requests": 180,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("route", "member"),
    },
    # written for training in the thirty-sixth round
    "w61": {
        "folder": "people",
        "requests": 180,
        "dialogues": 12,
        "turns": (5, 6),
        "own_hosts": ("hive", "queen"),
    },
    # written for training in the thirty-sixth round (dialogue-heavy)
    "w62": {
        "folder": "people",
        "requests": 116,
        "dialogues": 24,
        "turns": (5, 7),
        "own_hosts": ("candle", "honey"),
    },
    # written for training in the thirty-seventh round (dialogue-heavy)
    "w63": {
        "folder": "people",
        "requests": 125,
        "dialogues": 23,
        "turns": (5, 7),
        "own_hosts": ("ski", "boot"),
    },
    # written for training in the thirty-eighth round (dialogue-heavy)
    "w64": {
        "folder": "people",
        "requests": 227,
        "dialogues": 18,
        "turns": (4, 6),
        "own_hosts": ("flue", "pony"),
    },
    "w65": {
        "folder": "people",
        "requests": 203,
        "dialogues": 20,
        "turns": (4, 6),
        "own_hosts": ("lido", "thatch"),
    },
    # written for training in the fortieth round (dialogue-heavy)
    "w66": {
        "folder": "people",
        "requests": 204,
        "dialogues": 20,
        "turns": (4, 6),
        "own_hosts": ("greenhouse", "rink"),
    },
    # written for training in the forty-first round (dialogue-heavy)
    "w67": {
        "folder": "people",
        "requests": 206,
        "dialogues": 20,
        "turns": (5, 6),
        "own_hosts": ("observatory", "scaffold"),
    },
    # written for training in the forty-first round (request-heavy)
    "w68": {
        "folder": "people",
        "requests": 267,
        "dialogues": 10,
        "turns": (4, 5),
        "own_hosts": ("observatory", "smokehouse"),
    },
    # written for training in the forty-second round (dialogue-heavy)
    "w69": {
        "folder": "people",
        "requests": 209,
        "dialogues": 20,
        "turns": (5, 6),
        "own_hosts": ("sawmill", "pothole"),
    },
    # written for training in the forty-second round (request-heavy)
    "w70": {
        "folder": "people",
        "requests": 268,
        "dialogues": 10,
        "turns": (4, 5),
        "own_hosts": ("tannery", "windmill"),
    },
    # written for training in the forty-third round (dialogue-heavy)
    "w71": {
        "folder": "people",
        "requests": 210,
        "dialogues": 20,
        "turns": (5, 6),
        "own_hosts": ("pasture", "seedling"),
    },
    # written for training in the forty-third round (request-heavy)
    "w72": {
        "folder": "people",
        "requests": 268,
        "dialogues": 10,
        "turns": (4, 5),
        "own_hosts": ("toboggan", "yarn"),
    },
    # written for training in the forty-third round (confusable wordings)
    "w73": {
        "folder": "people",
        "requests": 262,
        "dialogues": 10,
        "turns": (4, 5),
        "own_hosts": ("forge", "dairy"),
    },
    # written for training in the forty-fourth round (dialogue-heavy; that round's unread router gate)
    "w74": {
        "folder": "people",
        "requests": 211,
        "dialogues": 20,
        "turns": (5, 6),
        "own_hosts": ("silo", "scooter"),
    },
    # written for training in the forty-fourth round (request-heavy; that round's unread router gate)
    "w75": {
        "folder": "people",
        "requests": 266,
        "dialogues": 10,
        "turns": (4, 5),
        "own_hosts": ("tram", "zipline"),
    },
    # written for training in the forty-fifth round (dialogue-heavy; that round's unread router gate)
    "w76": {
        "folder": "people",
        "requests": 214,
        "dialogues": 20,
        "turns": (5, 6),
        "own_hosts": ("hatchery", "distillery"),
    },
    # written for training in the forty-fifth round (request-heavy; that round's unread router gate)
    "w77": {
        "folder": "people",
        "requests": 268,
        "dialogues": 10,
        "turns": (4, 5),
        "own_hosts": ("tea", "surf"),
    },
    # written for training in the forty-sixth round (dialogue-heavy; in that round's selector rebuild)
    "w80": {
        "folder": "people",
        "requests": 206,
        "dialogues": 20,
        "turns": (5, 6),
        "own_hosts": ("jetty", "larder"),
    },
    # written for training in the forty-sixth round (request-heavy; added to this round's rebuild)
    "w81": {
        "folder": "people",
        "requests": 261,
        "dialogues": 10,
        "turns": (4, 5),
        "own_hosts": ("wetsuit", "yurt"),
    },
    # held out in the forty-seventh round; trained on from the forty-eighth
    "w82": {
        "folder": "people",
        "requests": 256,
        "dialogues": 14,
        "turns": (4, 6),
        "own_hosts": ("hold", "pitch"),
    },
    # held out in the forty-seventh round; trained on from the forty-eighth (dialogue-heavy)
    "w83": {
        "folder": "people",
        "requests": 171,
        "dialogues": 24,
        "turns": (4, 6),
        "own_hosts": ("trampoline", "choir"),
    },
    # held out in the forty-eighth round; trained on from the forty-ninth
    "w84": {
        "folder": "people",
        "requests": 257,
        "dialogues": 14,
        "turns": (4, 6),
        "own_hosts": ("quilt", "busker"),
    },
    # held out in the forty-eighth round; trained on from the forty-ninth (dialogue-heavy)
    "w85": {
        "folder": "people",
        "requests": 180,
        "dialogues": 24,
        "turns": (4, 6),
        "own_hosts": ("allotment", "stall"),
    },
    # written held out in the forty-ninth round (that round's unread router gate; nobody ran the router on it)
    "w86": {
        "folder": "held_out_people",
        "requests": 244,
        "dialogues": 14,
        "turns": (4, 6),
        "own_hosts": ("jar", "hedgehog"),
    },
    # written held out in the forty-ninth round (dialogue-heavy; that round's unread router gate)
    "w87": {
        "folder": "held_out_people",
        "requests": 174,
        "dialogues": 25,
        "turns": (4, 6),
        "own_hosts": ("falconry", "caravan"),
    },
}


def scorer() -> Iterator[ModuleType]:
    """`bench/fresh_set.py`, for its `load_set` and `load_host` (the scorer's own readers); a fixture's body."""
    yield from bench_script("fresh_set.py", "fresh_set_held_out")


def load_held_out(loader: ModuleType, name: str) -> dict[str, Any]:
    """One set: its name, folder, requests, dialogues and hosts."""
    folder = TRAINING / SETS[name]["folder"] / name
    requests, dialogues = loader.load_set(folder)
    names = loader.set_hosts(folder, requests + dialogues)
    hosts: dict[str, Host] = {host: loader.load_host(host, folder) for host in names}
    return {"name": name, "requests": requests, "dialogues": dialogues, "hosts": hosts}


def turns(held: dict[str, Any]) -> list[tuple[str, str, str, Any]]:
    """(where, host, text, gold) for every request and every dialogue turn."""
    return [
        (f"{case.id}#{i}", case.host, text, gold)
        for case in held["requests"] + held["dialogues"]
        for i, (text, gold) in enumerate(case.turns)
    ]


def check_every_gold_call(held_out: dict[str, Any]) -> None:
    """Every gold call runs on its host, and its label arguments agree with the instance's prediction."""
    registry = default_registry()
    for where, host_name, _text, gold in turns(held_out):
        host = held_out["hosts"][host_name]
        for name in gold.functions:
            arguments = dict(gold.arguments)
            if name == "get_model_performance":
                arguments.setdefault("metric", "all")
            function = registry.get(name)
            assert function is not None, where
            output = function(host, arguments)
            if name == "get_model_performance":
                assert output.n > 0, (where, "no held-out rows in the group")
            instance = arguments.get("instance")
            if not isinstance(instance, int):
                continue
            predicted = host.predict(host.resolve(instance)).label
            assert arguments.get("prediction_label", predicted) == predicted, where
            for label in ("expected_label", "target_label"):
                assert arguments.get(label) != predicted, where
