"""Fixtures shared by every test package."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]

# One OpenMP/BLAS thread per test process: the README's command runs two xdist workers on CI's two cores, and
# a worker's own threads only oversubscribe them; OpenMP's waiting threads spin, so building three people/ hosts
# (MLP and histogram boosting fits) cost 27 s of CPU with two threads and 4 s with one. Set before the workers
# start (they inherit it) and applied to the libraries this process has already loaded; an explicit setting in
# the environment wins.
for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
if os.environ["OMP_NUM_THREADS"] == "1":
    from threadpoolctl import threadpool_limits

    threadpool_limits(1)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the files that hold a `slow` test first, then the others by their number of tests, most first.

    CI's `--dist loadfile --no-loadscope-reorder` hands whole files to its two workers in this order. xdist's own
    order (by number of tests alone) put the costliest files last, since they hold few tests: one of them then ran
    alone on one worker while the other had nothing left to do. The order of the tests inside a file is kept.
    """
    files: dict[str, list[pytest.Item]] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)

    def rank(tests: list[pytest.Item]) -> tuple[bool, int]:
        return (not any(test.get_closest_marker("slow") for test in tests), -len(tests))

    items[:] = [test for tests in sorted(files.values(), key=rank) for test in tests]


class _CPUGuardHit(BaseException):
    """Raised by SIGPROF inside a call that used up its CPU-time guard (a BaseException: no parser catches it)."""


def _guard_hit(signum: int, frame: Any) -> None:
    raise _CPUGuardHit


def finishes_within_cpu(call: Callable[[], object], seconds: float) -> bool:
    """Whether `call()` returns (or raises) before the process has spent `seconds` of CPU time on it.

    A guard against runaway (super-linear) work, not a speed target: the guard counts the CPU time the call
    costs (SIGPROF after `seconds` of this process's user + system time), so other processes loading the
    machine do not make it fire, unlike a wall-clock bound. The call's own exceptions propagate. The figures
    themselves are printed by the bench scripts (`bench/parsers.py`). Main thread only.
    """
    previous = signal.signal(signal.SIGPROF, _guard_hit)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        try:
            call()
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
    except _CPUGuardHit:  # also when it fires as the call returns: the guard was used up either way
        return False
    finally:
        signal.signal(signal.SIGPROF, previous)
    return True


@pytest.fixture
def cpu_guard() -> Callable[[Callable[[], object], float], bool]:
    """`finishes_within_cpu(call, seconds)`: a CPU-time guard against runaway work (see there)."""
    return finishes_within_cpu


@pytest.fixture(scope="session")
def demo_host():
    """The diabetes demo host (built once per process; `load_demo_host` caches it)."""
    from simxai.hosts.demo import load_demo_host

    return load_demo_host()


@pytest.fixture(scope="session")
def loan_host():
    """The loan-approval host, loaded from its generated files as a user's config is (built once per process)."""
    from simxai.hosts.loan import load_loan_host

    return load_loan_host()


@pytest.fixture(scope="session")
def sentiment_host():
    """The sentiment text host (built once per process)."""
    from simxai.hosts.sentiment import load_sentiment_host

    return load_sentiment_host()


@pytest.fixture(scope="session")
def insurance_host():
    """The invented insurance host of bench/dev_hosts.py (built once per process)."""
    import sys

    sys.path.insert(0, str(REPO_ROOT / "bench"))
    from dev_hosts import load_insurance_host

    return load_insurance_host()


@pytest.fixture(scope="session")
def parcel_host(tmp_path_factory):
    """An invented host as a user brings one (`--host-config`): parcels of a web shop with weight in kg, distance in
    km, a carrier and express as 0/1, predicted late, lost or on time by a logistic-regression pipeline."""
    import joblib
    import numpy as np
    import pandas as pd
    from sklearn.compose import ColumnTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.config import load_host_config

    folder = tmp_path_factory.mktemp("parcels")
    rng = np.random.default_rng(5)
    n = 300
    frame = pd.DataFrame(
        {
            "order_id": np.arange(7001, 7001 + n),
            "weight_kg": np.round(rng.uniform(0.2, 30, n), 1),
            "distance_km": np.round(rng.uniform(2, 900, n), 0),
            "carrier": rng.choice(["dhl", "ups", "postal"], n),
            "express": rng.integers(0, 2, n),
        }
    )
    score = 0.004 * frame.distance_km + 0.05 * frame.weight_kg - 1.2 * frame.express + rng.normal(0, 0.6, n)
    frame["delivery"] = np.where(score < 1.2, "on_time", np.where(score < 2.6, "late", "lost"))
    features = ["weight_kg", "distance_km", "carrier", "express"]
    one_hot = OneHotEncoder(handle_unknown="ignore")
    encode = ColumnTransformer([("cat", one_hot, ["carrier"])], remainder=StandardScaler())
    model = Pipeline([("encode", encode), ("fit", LogisticRegression(max_iter=500))])
    joblib.dump(model.fit(frame[features], frame.delivery), folder / "model.joblib")
    frame.to_csv(folder / "orders.csv", index=False)
    config = {
        "name": "parcel delivery",
        "model_path": "model.joblib",
        "data_path": "orders.csv",
        "target": "delivery",
        "instance_noun": "order",
        "id_column": "order_id",
        "feature_aliases": {"weight_kg": ["weight"], "distance_km": ["distance"], "express": ["express shipping"]},
    }
    (folder / "host.json").write_text(__import__("json").dumps(config), encoding="utf-8")
    return load_host_config(folder / "host.json")


@pytest.fixture(scope="session")
def hosts(demo_host, loan_host, sentiment_host, insurance_host):
    """The hosts the guard's claim tests run real functions on, by name: demo, loan, sentiment and the invented
    insurance host of bench/dev_hosts.py."""
    return {"demo": demo_host, "loan": loan_host, "sentiment": sentiment_host, "insurance": insurance_host}


@pytest.fixture(scope="session")
def check_reply(hosts):
    """check_reply(host, function, arguments, reply): the guard's report on `reply` to that function's real output
    on the named host (see `hosts`), with the vocabulary the engine gives the guard (the host's schema and the
    callable functions' names, as `simxai/agent.py` builds it)."""
    from simxai.functions import default_registry
    from simxai.guard import Vocabulary, check_claims
    from simxai.results import result_payload

    registry = default_registry()

    def check(host, function, arguments, reply):
        chosen = hosts[host]
        payload = result_payload(registry.get(function)(chosen, arguments))
        vocabulary = Vocabulary.for_schema(chosen.schema(), registry.names())
        return check_claims(reply, [payload], vocabulary=vocabulary)

    return check


@pytest.fixture(scope="session")
def datasets_dir() -> Path:
    """The read-only shared datasets beside the checkout (never copied into the repository)."""
    path = (REPO_ROOT / ".." / "shared" / "datasets").resolve()
    assert path.is_dir(), f"the shared datasets are not at {path} (see ../shared/datasets/README.md)"
    return path


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL server of the test run's own (Debian's binaries, a temporary folder, a loopback port).

    Skipped where PostgreSQL is not installed, except in CI (CI=true), whose .ci/run installs it: there a
    missing server fails rather than silently skipping the PostgreSQL half of the store's contract.
    """
    import os

    from simxai.server.store.pgserver import PostgresNotInstalled, TemporaryPostgres

    try:
        server = TemporaryPostgres()
    except PostgresNotInstalled as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(str(exc))
    with server:
        yield server


@pytest.fixture
def postgres_url(postgres, request) -> str:
    """A new, empty database on the test run's PostgreSQL server, for one test."""
    import re
    import uuid

    name = "t_" + re.sub(r"[^a-z0-9]+", "_", request.node.name.lower())[:40] + "_" + uuid.uuid4().hex[:8]
    return postgres.create_database(name)


@pytest.fixture(scope="session")
def scooter_host(tmp_path_factory):
    """An invented host as a user brings one: e-scooters with spreadsheet column names (spaces, a unit in brackets,
    a percent sign), six-digit ids and classes of several words ("needs repair" / "ready to ride")."""
    import joblib
    import numpy as np
    import pandas as pd
    from sklearn.compose import make_column_transformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from simxai.hosts.config import load_host_config

    folder = tmp_path_factory.mktemp("scooters")
    rng = np.random.default_rng(11)
    n = 240
    frame = pd.DataFrame(
        {
            "Scooter ID": np.arange(640001, 640001 + n),
            "Trips Logged": rng.integers(10, 600, n),
            "Deck Width (cm)": np.round(rng.uniform(14, 22, n), 1),
            "Zone": rng.choice(["harbour", "campus", "old town"], n),
            "Days Since Repair": rng.integers(0, 200, n),
            "Battery %": rng.integers(5, 100, n),
        }
    )
    score = 0.004 * frame["Trips Logged"] + 0.012 * frame["Days Since Repair"] - 0.02 * frame["Battery %"]
    frame["Status"] = np.where(score + rng.normal(0, 0.5, n) > 1.6, "needs repair", "ready to ride")
    features = ["Trips Logged", "Deck Width (cm)", "Zone", "Days Since Repair", "Battery %"]
    encode = make_column_transformer((OneHotEncoder(), ["Zone"]), remainder=StandardScaler())
    model = make_pipeline(encode, LogisticRegression(max_iter=500)).fit(frame[features], frame["Status"])
    joblib.dump(model, folder / "model.joblib")
    frame.to_csv(folder / "scooters.csv", index=False)
    config = {
        "name": "scooter fleet",
        "model_path": "model.joblib",
        "data_path": "scooters.csv",
        "target": "Status",
        "instance_noun": "scooter",
        "id_column": "Scooter ID",
    }
    (folder / "host.json").write_text(__import__("json").dumps(config), encoding="utf-8")
    return load_host_config(folder / "host.json")
