"""``ttr serve``'s pool of pre-heated kernels (``ttr_widgets.server.pool``): its size, the quiet
moment a replacement waits for, and the stop that lets no kernel start and waits for those
getting ready."""

from __future__ import annotations

import asyncio
import inspect
import sys
import time
from typing import Any

import pytest

from ttr_widgets.server import ServeError, pool


@pytest.mark.parametrize(("cores", "gigabytes", "expected"), [
    (2, 24, 6),     # this machine: three per core
    (1, 8, 3),
    (8, 64, 12),    # capped: a bigger class passes --pool
    (2, 1, 1),      # a quarter of 1 GB holds one kernel
    (4, 0.1, 1),    # never fewer than one
])
def test_the_default_pool_follows_cores_and_memory(cores: int, gigabytes: float,
                                                   expected: int) -> None:
    assert pool.default_pool_size(cores, int(gigabytes * 2**30)) == expected


class Machine:
    """A machine whose CPU is busy by these shares, one per second measured, then idle."""

    def __init__(self, shares: list[float]) -> None:
        self.shares = shares
        self.looks = 0

    async def busy(self) -> float:
        self.looks += 1
        await asyncio.sleep(0.001)
        return self.shares[self.looks - 1] if self.looks <= len(self.shares) else 0.0


async def kernel_start(started: list[float]) -> str:
    started.append(time.monotonic())
    return "kernel"


def test_a_replacement_kernel_waits_until_the_machine_is_quiet() -> None:
    machine, started = Machine([0.95, 1.0, pool.POOL_FILL_BUSY, 0.3]), []
    result = asyncio.run(pool.start_when_quiet(0.01, kernel_start(started),
                                                  busy=machine.busy))
    assert result == "kernel" and len(started) == 1
    assert machine.looks == 4  # three busy seconds (the threshold counts as busy), then quiet


def test_the_pool_s_first_fill_starts_at_once() -> None:
    machine, started = Machine([1.0] * 100), []
    asyncio.run(pool.start_when_quiet(0, kernel_start(started), busy=machine.busy))
    assert machine.looks == 0 and len(started) == 1


def test_a_replacement_waits_no_longer_than_its_patience() -> None:
    machine, started = Machine([1.0] * 10_000), []
    begun = time.monotonic()
    asyncio.run(pool.start_when_quiet(0.01, kernel_start(started), busy=machine.busy,
                                         patience=0.1))
    assert len(started) == 1 and 0.1 <= started[0] - begun < 5
    assert machine.looks >= 2


def test_a_replacement_a_page_waits_for_starts_at_once() -> None:
    """On a machine busy for good, a replacement waits its delay and its patience; taken by a
    page (Voila hands over the pool's first kernel, ready or not) it starts at once."""
    async def scenario() -> tuple[float, float]:
        gate, started = pool.PoolGate(), []
        begun = time.monotonic()
        replacement = asyncio.ensure_future(pool.start_when_quiet(
            30, kernel_start(started), busy=Machine([1.0] * 10_000).busy, gate=gate))
        await asyncio.sleep(0.3)
        assert started == []  # nobody waits for it yet: it keeps to its delay
        gate.page_waits_for(replacement)
        assert await asyncio.wait_for(replacement, timeout=2) == "kernel"
        assert gate.awaited == set()  # forgotten once started
        return begun, started[0]

    begun, started = asyncio.run(scenario())
    assert 0.3 <= started - begun < 1.5


def test_a_replacement_taken_while_it_waits_for_a_quiet_moment_starts_at_once() -> None:
    async def scenario() -> float:
        gate, started = pool.PoolGate(), []
        machine = Machine([1.0] * 10_000)
        replacement = asyncio.ensure_future(pool.start_when_quiet(
            0.01, kernel_start(started), busy=machine.busy, gate=gate, patience=30))
        await asyncio.sleep(0.2)
        assert started == [] and machine.looks > 1  # past its delay, the machine still busy
        taken = time.monotonic()
        gate.page_waits_for(replacement)
        await asyncio.wait_for(replacement, timeout=2)
        return started[0] - taken

    assert asyncio.run(scenario()) < 0.5


class Manager:
    """Voila's pre-heating kernel manager, as far as the kit uses it: a pool per notebook,
    whose first kernel a page takes, ready or not."""

    def __init__(self, pools: dict[str, list[Any]]) -> None:
        self._pools = pools

    async def get_rendered_notebook(self, notebook_name: str, **kwargs: Any) -> Any:
        return await self._pools[notebook_name].pop(0)


def test_a_page_that_takes_a_kernel_still_waiting_tells_the_pool() -> None:
    async def scenario() -> tuple[object, set[Any], list[str]]:
        gate, started = pool.PoolGate(), []
        waiting = asyncio.ensure_future(pool.start_when_quiet(
            30, kernel_start(started), busy=Machine([1.0] * 10_000).busy, gate=gate))
        manager = Manager({"Play.ipynb": [waiting]})
        pool.start_what_pages_wait_for(manager, gate)
        got = await asyncio.wait_for(
            manager.get_rendered_notebook(notebook_name="Play.ipynb", extra={}), timeout=2)
        return got, gate.awaited, manager._pools["Play.ipynb"]

    assert asyncio.run(scenario()) == ("kernel", set(), [])


def test_a_voila_without_the_pool_the_kit_knows_fails_loudly() -> None:
    with pytest.raises(ServeError, match="reinstall the kit"):
        pool.start_what_pages_wait_for(object())


def test_the_machine_s_busy_share_is_measured() -> None:
    share = asyncio.run(pool.machine_busy(0.2))
    assert 0.0 <= share <= 1.0
    if sys.platform.startswith("linux"):  # elsewhere the machine does not say, and it is 0
        assert pool._cpu_jiffies() is not None


def test_work_at_a_lowered_priority_leaves_the_machine_quiet() -> None:
    """/proc/stat's cpu line: user nice system idle iowait irq softirq steal. The nice ticks
    (work that yields to the server's kernels) and the idle and iowait ones are not busy."""
    assert pool.busy_and_total("cpu  100 700 50 100 50 0 0 0 0 0") == (150, 1000)
    assert pool.busy_and_total("cpu  100 0 50 800 50 0 0 0") == (150, 1000)
    assert pool.busy_and_total("cpu  100 0 50") is None


def test_ttr_serve_s_pool_waits_for_a_quiet_moment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Voila's pool waits through its module function ``wait_before``: ``ttr serve`` replaces
    it, and Voila's refill still calls it by that name."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from voila import voila_kernel_manager  # type: ignore[import-untyped]

    monkeypatch.setattr(voila_kernel_manager, "wait_before", voila_kernel_manager.wait_before)
    pool.refill_pool_when_quiet()
    assert voila_kernel_manager.wait_before is pool.start_when_quiet
    manager = voila_kernel_manager.voila_kernel_manager_factory(
        AsyncMappingKernelManager, preheat_kernel=True, default_pool_size=1)
    assert "wait_before" in manager.fill_if_needed.__code__.co_names
    # … and a page takes the first kernel of the notebook's pool (start_what_pages_wait_for)
    taking = manager.get_rendered_notebook.__code__
    assert "_pools" in taking.co_names and "pop" in taking.co_names and 0 in taking.co_consts


def test_once_the_server_stops_no_kernel_starts_and_none_is_left_unstarted() -> None:
    async def scenario() -> tuple[list[float], bool]:
        gate, started = pool.PoolGate(), []
        waiting = asyncio.ensure_future(pool.start_when_quiet(
            30, kernel_start(started), busy=Machine([1.0] * 10_000).busy, gate=gate))
        await asyncio.sleep(0.05)
        await gate.close()
        with pytest.raises(pool.PoolClosed):
            await asyncio.wait_for(waiting, timeout=2)  # the 30 s wait ends with the stop
        work = kernel_start(started)
        with pytest.raises(pool.PoolClosed):
            await gate.start(work)
        return started, inspect.getcoroutinestate(work) == inspect.CORO_CLOSED

    started, closed = asyncio.run(scenario())
    assert started == [] and closed  # closed, never awaited: no "never awaited" warning


def test_the_stop_waits_for_a_kernel_start_under_way() -> None:
    async def scenario() -> list[str]:
        gate, events = pool.PoolGate(), []

        async def slow_start() -> str:
            await asyncio.sleep(0.2)
            events.append("kernel started")
            return "kernel"

        starting = asyncio.ensure_future(gate.start(slow_start()))
        await asyncio.sleep(0.05)
        await gate.close()
        events.append("gate closed")
        assert await starting == "kernel"
        return events

    assert asyncio.run(scenario()) == ["kernel started", "gate closed"]


def test_the_stop_waits_for_a_new_kernel_to_finish_running_the_notebook() -> None:
    """Voila's pool starts a kernel, then runs the notebook in it in a task of its own, which
    the start returns: the stop waits for that task too, and says how many kernels it waits
    for."""
    async def scenario() -> tuple[list[str], int]:
        gate, events = pool.PoolGate(), []

        async def run_notebook() -> None:
            await asyncio.sleep(0.2)
            events.append("notebook run")

        async def start() -> dict[str, Any]:
            return {"task": asyncio.ensure_future(run_notebook()), "kernel_id": "k"}

        await gate.start(start())
        waiting = gate.getting_ready
        await gate.close()
        events.append("gate closed")
        return events, waiting

    assert asyncio.run(scenario()) == (["notebook run", "gate closed"], 1)


@pytest.mark.parametrize(("n", "said"), [
    (1, "Stopping: waiting for 1 kernel of the pool to finish starting the app"),
    (6, "Stopping: waiting for 6 kernels of the pool to finish starting the app")])
def test_a_stop_that_waits_says_for_what_and_how_to_stop_at_once(n: int, said: str) -> None:
    assert pool.stopping_line(n).startswith(said)
    assert pool.stopping_line(n).endswith("(Ctrl-C again stops at once).")

