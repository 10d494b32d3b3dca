"""A folder's own host file: `load_host_file` builds it, `reuse_host` lets another folder build the same host."""

from __future__ import annotations

from pathlib import Path

import pytest

from simxai.exceptions import UsageError
from simxai.hosts.base import Host
from simxai.hosts.folder import load_host_file, load_host_file_once, reuse_host

TINY_HOST = """
import numpy as np
import pandas as pd
from sklearn.tree import DecisionTreeClassifier

from simxai.hosts import host_from_model


def load_host():
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"plot_id": np.arange(300, 330), "rain_mm": rng.uniform(2.0, 90.0, 30).round(1)})
    frame["yield_class"] = (frame.rain_mm > 40).astype(int)
    model = DecisionTreeClassifier(max_depth=2, random_state=0).fit(frame[["rain_mm"]], frame.yield_class)
    return host_from_model(model, frame, name="tiny plots", target="yield_class",
                           class_names={0: "poor", 1: "good"}, instance_noun="plot", id_column="plot_id")
"""


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_host_file_builds_its_host_and_a_reusing_folder_builds_the_same_one(tmp_path: Path) -> None:
    own = _write(tmp_path / "set-a" / "host_plots.py", TINY_HOST)
    reusing = _write(
        tmp_path / "set-b" / "host_plots.py",
        'from simxai.hosts.folder import reuse_host\n\nload_host = reuse_host(__file__, "../set-a/host_plots.py")\n',
    )
    host = load_host_file(own)
    again = load_host_file(reusing)
    assert isinstance(host, Host) and isinstance(again, Host)
    assert again is not host
    assert again.schema() == host.schema()
    assert host.schema().id_range == (300, 329)
    ids = range(300, 330)
    assert [again.predict(again.resolve(i)).probabilities for i in ids] == [
        host.predict(host.resolve(i)).probabilities for i in ids
    ]


def test_load_once_builds_a_file_s_host_once_whatever_the_spelling_and_keeps_no_failure(tmp_path: Path) -> None:
    own = _write(tmp_path / "set-a" / "host_plots.py", TINY_HOST)
    other = _write(tmp_path / "set-c" / "host_plots.py", TINY_HOST)
    host = load_host_file_once(own)
    assert load_host_file_once(tmp_path / "set-c" / ".." / "set-a" / "host_plots.py") is host
    assert load_host_file_once(other) is not host  # another file, another host, though the text is the same
    assert load_host_file(own) is not host  # the plain loader still builds afresh
    broken = _write(tmp_path / "set-d" / "host_plots.py", "def load_host():\n    raise ValueError('not yet')\n")
    with pytest.raises(UsageError, match="not yet"):
        load_host_file_once(broken)
    broken.write_text(TINY_HOST, encoding="utf-8")
    assert load_host_file_once(broken).schema() == host.schema()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "def build():\n    return None\n",
            r"host_x\.py: no load_host\(\) function; a host file defines load_host\(\)",
        ),
        ("load_host = 3\n", r"host_x\.py: no load_host\(\) function"),
        (
            "def load_host():\n    raise RuntimeError('no data')\n",
            r"host_x\.py: building the host failed: RuntimeError: no data",
        ),
        (
            "import not_a_module_anywhere\n",
            r"host_x\.py: building the host failed: ModuleNotFoundError: No module named",
        ),
        ("def load_host():\n    return 'a host'\n", r"host_x\.py: load_host\(\) returned str, not a Host"),
    ],
)
def test_a_host_file_that_builds_no_host_is_refused_naming_the_file(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        load_host_file(_write(tmp_path / "host_x.py", text))


def test_a_missing_host_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"host_gone\.py: no such file; a host file is a host_<name>\.py module"):
        load_host_file(tmp_path / "host_gone.py")


def test_reuse_names_a_file_relative_to_its_own_folder_that_exists(tmp_path: Path) -> None:
    here = _write(tmp_path / "set-b" / "host_plots.py", "")
    with pytest.raises(UsageError, match=r"reuses \.\./set-a/host_plots\.py, and .*host_plots\.py is no file"):
        reuse_host(here, "../set-a/host_plots.py")
    with pytest.raises(UsageError, match="an absolute path; name the host file relative to this folder"):
        reuse_host(here, str(tmp_path / "set-a" / "host_plots.py"))


def test_a_reusing_file_whose_target_fails_names_the_target(tmp_path: Path) -> None:
    _write(tmp_path / "set-a" / "host_plots.py", "def load_host():\n    raise ValueError('bad seed')\n")
    reusing = _write(
        tmp_path / "set-b" / "host_plots.py",
        'from simxai.hosts.folder import reuse_host\n\nload_host = reuse_host(__file__, "../set-a/host_plots.py")\n',
    )
    with pytest.raises(UsageError, match=r"set-a/host_plots\.py: building the host failed: ValueError: bad seed"):
        load_host_file(reusing)
