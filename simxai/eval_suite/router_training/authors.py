"""Requests written by people for the router's training data, one folder per author (`people/<author>/`).

Each author folder holds the fresh-set format (`bench/fresh_set.py`): `requests.jsonl`, one request a line
(`{"id", "host", "text", "function", "arguments", "clarify"}`), and optionally batches in subfolders
(`people/r0/b/requests.jsonl`); dialogues are not read here. A request becomes one training example:

- a gold function is its label; a gold list (any of several functions is right) takes its first function;
- a chit-chat gold (`"function": null, "clarify": false`) is the "no function" class;
- a clarification gold (`"function": null, "clarify": true`) is left out and counted: the selector has no
  class for asking; the router asks when the calibrated probability of its choice is low.

A seeded fifth of each author's requests is dev (hash of author and id), like CoXQL's records. Whole authors can
be held out (`hold_out`) to measure how the selector carries over to a writer it never saw; the requests of a
held-out author are then absent from both splits, and whole hosts (`hold_out_hosts`: every request about them) to
measure the selector on a host its people's requests never named. Each request is masked with the schema of the
host it is about: `HOST_SCHEMAS` (the demo, sentiment and loan hosts and the invented insurance host of
`bench/dev_hosts.py`, written out here as plain data so that they load no model; a test checks them against the
real hosts), or a host the author's folder brings itself: `host_<name>.py` beside the `requests.jsonl` (or in a
folder above it, up to the author's), a module whose `load_host()` builds the host offline and seeded, loaded by
`simxai.hosts.folder.load_host_file_once` like a fresh set's own host (one build per file and process, shared
with the sets' checks and the scorer). Its schema is read from the loaded host by `training_schema`, once per
file and process, and only when a request that is not held out names it.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from simxai.exceptions import UsageError
from simxai.hosts.base import FeatureSchema, Host, HostSchema
from simxai.hosts.folder import load_host_file_once

__all__ = [
    "HOST_SCHEMAS",
    "PEOPLE_DIR",
    "PersonRequest",
    "authors",
    "folder_host_schema",
    "people_requests",
    "training_schema",
]

PEOPLE_DIR = Path(__file__).resolve().parent / "people"
NONE = "none"  # the selector's "no function" class (templates.NONE)


def _num(name: str, low: float, high: float, aliases: tuple[str, ...] = ()) -> FeatureSchema:
    return FeatureSchema(name=name, type="numeric", min=low, max=high, aliases=list(aliases))


def _cat(name: str, values: tuple[str, ...], aliases: tuple[str, ...] = ()) -> FeatureSchema:
    return FeatureSchema(name=name, type="categorical", categories=list(values), aliases=list(aliases))


def _schema(name: str, noun: str, labels: tuple[str, ...], features: list[FeatureSchema], ids: int) -> HostSchema:
    text = bool(features) and features[0].type == "text"
    return HostSchema(
        name=name,
        kind="text" if text else "tabular",
        instance_noun=noun,
        class_names=list(labels),
        features=features,
        id_range=(0, ids),
    )


#: The schemas of the hosts people write about, keyed by the `host` field of their requests.
HOST_SCHEMAS: dict[str, HostSchema] = {
    "demo": _schema(
        "host demo",
        "patient",
        ("stable", "progressing"),
        [
            _num("age", 19.0, 79.0, ("years",)),
            _cat("sex", ("1", "2"), ("gender",)),
            _num("bmi", 18.0, 42.2, ("body mass index", "body_mass_index")),
            _num("blood_pressure", 62.0, 133.0, ("bp", "blood pressure", "pressure")),
            _num("total_cholesterol", 97.0, 301.0, ("s1", "tc", "cholesterol")),
            _num("ldl", 41.6, 242.4, ("s2", "ldl cholesterol")),
            _num("hdl", 22.0, 99.0, ("s3", "hdl cholesterol")),
            _num("cholesterol_ratio", 2.0, 9.09, ("s4", "tch")),
            _num("triglycerides_log", 3.2581, 6.107, ("s5", "ltg", "triglycerides")),
            _num("glucose", 58.0, 124.0, ("s6", "glu", "blood sugar", "sugar")),
        ],
        441,
    ),
    "sentiment": _schema(
        "host sentiment", "review", ("negative", "positive"), [FeatureSchema(name="text", type="text")], 119
    ),
    "loan": _schema(
        "host loan",
        "applicant",
        ("approved", "rejected"),
        [
            _num("age", 19.0, 75.0),
            _num("income", 12.0, 189.4),
            _num("credit_score", 419.0, 850.0),
            _num("loan_amount", 6.1, 500.0),
            _num("loan_term", 12.0, 84.0),
            _num("employment_years", 0.0, 35.0),
            _num("debt_to_income", 0.01, 0.75),
            _cat("region", ("east", "north", "south", "west")),
            _cat("home_ownership", ("mortgage", "own", "rent")),
            _cat("purpose", ("business", "car", "education", "home", "personal")),
        ],
        1499,
    ),
    "insurance": HostSchema(
        name="host insurance",
        kind="tabular",
        instance_noun="policyholder",
        class_names=["standard", "surcharge"],
        features=[
            _num("age", 18.0, 79.0),
            _cat("sex", ("female", "male")),
            _num("bmi", 17.1, 41.9),
            _cat("smoker", ("no", "yes")),
            _num("children", 0.0, 4.0),
            _cat("plan", ("basic", "silver", "gold")),
            _num("doctor_visits", 0.0, 19.0, ("visits",)),
            _num("annual_claims", 0.07, 14.91, ("claims",)),
        ],
        id_range=(5001, 5600),
    ),
}


def training_schema(host: Host, name: str) -> HostSchema:
    """What the selector's training masks a request about `host` with, read from the host's own schema.

    Kept: the kind, the instance noun, the class names, the id range and each feature's name, type, range,
    categories and aliases, which are what the masking and normalisation read; descriptions (free text that never
    names a feature for them) and metrics are dropped, as in `HOST_SCHEMAS`. `name` names the schema in the
    training data.
    """
    real = host.schema()
    features = [
        FeatureSchema(
            name=f.name,
            type=f.type,
            min=f.min,
            max=f.max,
            categories=None if f.categories is None else list(f.categories),
            aliases=list(f.aliases),
        )
        for f in real.features
    ]
    return HostSchema(
        name=name,
        kind=real.kind,
        instance_noun=real.instance_noun,
        class_names=list(real.class_names),
        features=features,
        id_range=real.id_range,
    )


@functools.cache
def folder_host_schema(path: Path) -> HostSchema:
    """The training schema of the host that the module at `path` (`host_<name>.py`) builds with `load_host()`.

    Loaded once per file and process; the schema is named `host <name> of <folder>`, so that two folders may bring
    hosts of one name.

    Raises:
        UsageError: the module has no `load_host()`, it fails, or it returns no host.
    """
    name = path.stem.removeprefix("host_")
    host = load_host_file_once(path)
    return training_schema(host, f"host {name} of {path.parent.name}")


def _host_file(host: str, requests_file: Path, author_folder: Path) -> Path | None:
    """`host_<host>.py` beside `requests_file` or in a folder above it, up to the author's; None when there is none."""
    folder = requests_file.parent
    while True:
        candidate = folder / f"host_{host}.py"
        if candidate.is_file():
            return candidate
        if folder == author_folder or author_folder not in folder.parents:
            return None
        folder = folder.parent


def _own_hosts(requests_file: Path, author_folder: Path) -> list[str]:
    folders = [requests_file.parent, *(p for p in requests_file.parent.parents if author_folder in (p, *p.parents))]
    return sorted({f.stem.removeprefix("host_") for folder in folders for f in folder.glob("host_*.py")})


@dataclass(frozen=True)
class PersonRequest:
    """One request an author wrote, with its label for the selector, whether it is dev and its host's schema."""

    author: str
    id: str
    host: str
    text: str
    label: str
    dev: bool
    schema: HostSchema


def authors(folder: Path = PEOPLE_DIR) -> list[str]:
    """The authors with a `requests.jsonl` in their folder, sorted."""
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if p.is_dir() and (p / "requests.jsonl").is_file())


def _dev(author: str, request_id: str, seed: int, share: float) -> bool:
    value = int(hashlib.sha256(f"{seed}:people:{author}:{request_id}".encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
    return value < share


def people_requests(
    known_functions: Collection[str],
    excluded: Counter[str],
    *,
    hold_out: Collection[str] = (),
    hold_out_hosts: Collection[str] = (),
    folder: Path = PEOPLE_DIR,
    seed: int = 12,
    dev_share: float = 0.2,
) -> list[PersonRequest]:
    """Every single-turn request of every author not in `hold_out` about a host not in `hold_out_hosts`, labelled
    and with its host's schema (`HOST_SCHEMAS`, or the host its folder brings); what is left out is counted.

    Raises:
        UsageError: an author in `hold_out` has no folder, a host in `hold_out_hosts` is named by no request, a
            request names a host with neither a schema here nor a host file in its folder, or a host file fails.
    """
    names = authors(folder)
    unknown = sorted(set(hold_out) - set(names))
    if unknown:
        raise UsageError(f"no author {', '.join(unknown)} in {folder}; the authors are {', '.join(names) or 'none'}")
    entries = [
        (author, path, number, json.loads(line))
        for author in names
        if author not in hold_out
        for path in sorted((folder / author).rglob("requests.jsonl"), key=lambda p: (len(p.parts), p))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if line.strip()
    ]
    named = {entry["host"] for *_, entry in entries}
    missing = sorted(set(hold_out_hosts) - named)
    if missing:
        raise UsageError(
            f"no request names host {', '.join(missing)}; the hosts named are {', '.join(sorted(named)) or 'none'}"
        )
    requests = []
    for author, path, number, entry in entries:
        if entry["host"] in hold_out_hosts:
            continue
        own = _host_file(entry["host"], path, folder / author)
        if own is None and entry["host"] not in HOST_SCHEMAS:
            hosts = ", ".join([*HOST_SCHEMAS, *_own_hosts(path, folder / author)])
            raise UsageError(
                f"{path}:{number}: host {entry['host']!r} has no schema; the hosts are {hosts} "
                "(a folder brings its own host as host_<name>.py)"
            )
        gold = entry["function"]
        if gold is None and entry.get("clarify"):
            excluded["people clarification"] += 1
            continue
        label = NONE if gold is None else gold if isinstance(gold, str) else gold[0]
        if label != NONE and label not in known_functions:
            excluded[f"people unknown function {label}"] += 1
            continue
        schema = HOST_SCHEMAS[entry["host"]] if own is None else folder_host_schema(own)
        request_id = str(entry["id"])
        dev = _dev(author, request_id, seed, dev_share)
        requests.append(PersonRequest(author, request_id, entry["host"], entry["text"], label, dev, schema))
    return requests
