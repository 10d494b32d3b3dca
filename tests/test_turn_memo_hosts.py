"""`simxai.turn_memo.per_host`: the one cache of per-host tables, keyed by a schema object or by a tuple of what a
table reads of a host (the guard's vocabulary), bounded, and handing out copies."""

from __future__ import annotations

from collections.abc import Callable

from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.turn_memo import HOSTS_KEPT, per_host


def _schema(name: str) -> HostSchema:
    return HostSchema(
        name=name,
        kind="tabular",
        instance_noun="boat",
        class_names=["late", "on time"],
        features=[FeatureSchema(name="crew", type="numeric", min=1, max=9)],
        id_range=(1, 50),
    )


def _counting() -> tuple[list[object], Callable[[object], dict[str, int]]]:
    built: list[object] = []

    @per_host
    def table(host: object) -> dict[str, int]:
        built.append(host)
        return {"n": len(built)}

    return built, table


def test_a_schema_is_keyed_by_the_object() -> None:
    built, table = _counting()
    first, same = _schema("ferries"), _schema("ferries")
    assert table(first) == table(first) == {"n": 1}
    assert table(same) == {"n": 2}  # an equal schema that is another object gets its own table
    assert len(built) == 2


def test_a_tuple_of_a_hosts_names_is_keyed_by_value() -> None:
    built, table = _counting()
    key = (("crew", "wave height"), (("crew", ("sailors",)),), ("late", "on time"), "crossing")
    assert table(key) == table(tuple(key)) == {"n": 1}
    assert len(built) == 1
    assert table((*key[:3], "ferry")) == {"n": 2}  # another noun, another table


def test_an_answer_is_a_copy_and_an_unhashable_host_is_not_memoised() -> None:
    built, table = _counting()
    table(("a",))["n"] = 99
    assert table(("a",)) == {"n": 1}
    assert table((["a"],)) == {"n": 2} and table((["a"],)) == {"n": 3}  # a list inside: computed each time
    assert table("not a host") == {"n": 4} and table("not a host") == {"n": 5}


def test_at_most_hosts_kept_tables_are_kept() -> None:
    built, table = _counting()
    for n in range(HOSTS_KEPT + 1):
        table((f"host {n}",))
    table(("host 0",))  # the least recently used was dropped: built again
    assert len(built) == HOSTS_KEPT + 2
