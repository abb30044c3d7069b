"""``ttr serve``'s pool of pre-heated app kernels: how many (:func:`default_pool_size`), when a
replacement starts (:func:`start_when_quiet`: after :data:`POOL_FILL_DELAY` seconds, in a quiet
moment of the machine's CPU, or at once when a page is already waiting for it:
:func:`start_what_pages_wait_for`), and the stop (:class:`PoolGate`: no kernel starts once
the server is stopping, and the stop waits for the kernels still getting ready)."""

from __future__ import annotations

import asyncio
import inspect
import os
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from ttr_widgets.rules.i18n import _, ngettext
from ttr_widgets.server import ServeError

T = TypeVar("T")

POOL_PER_CORE = 3  #: pre-heated app kernels per core, by default
DEFAULT_POOL_CAP = 12  #: the default pool never exceeds this (``--pool`` may)
MAX_POOL = 64  #: the largest ``--pool`` accepted
POOL_FILL_DELAY = 10.0  #: seconds from a pre-heated kernel taken to its replacement starting,
#: at the earliest
POOL_FILL_BUSY = 0.6  #: a replacement kernel waits while more of the machine's CPU is in use
POOL_FILL_PATIENCE = 60.0  #: seconds a replacement waits for that quiet moment, at most
KERNEL_BYTES = 160 * 2**20  #: memory one app kernel holds (about 130 MB measured) plus margin



def default_pool_size(cores: int | None = None, available_bytes: int | None = None) -> int:
    """Pre-heated app kernels for this machine: three per core (a kernel costs about 2 – 4
    core-seconds to start the app, and the pool refills in the background while visitors
    arrive), at most a quarter of the memory available now at :data:`KERNEL_BYTES` each, at
    least 1 and at most :data:`DEFAULT_POOL_CAP`. On 2 cores with memory to spare: 6."""
    cores = (os.cpu_count() or 1) if cores is None else cores
    available = _available_memory() if available_bytes is None else available_bytes
    by_memory = available // 4 // KERNEL_BYTES
    return max(1, min(POOL_PER_CORE * cores, by_memory, DEFAULT_POOL_CAP))


def _available_memory() -> int:
    """Bytes of memory available now (Linux ``MemAvailable``), else the physical memory."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        return 2 * 2**30


def _cpu_jiffies() -> tuple[int, int] | None:
    """(busy, total) CPU time of all the machine's cores since boot, in clock ticks (Linux
    ``/proc/stat``: :func:`busy_and_total`), or None where the machine does not say."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            return busy_and_total(stat.readline())
    except (OSError, ValueError):
        return None


def busy_and_total(cpu_line: str) -> tuple[int, int] | None:
    """(busy, total) clock ticks of ``/proc/stat``'s ``cpu`` line; None if it has too few.

    Work at a lowered priority (``nice``: a batch job, a test run beside the server) is not
    busy: the server's kernels, at the normal priority, take the CPU from it at once."""
    ticks = [int(value) for value in cpu_line.split()[1:9]]
    if len(ticks) < 5:
        return None
    total = sum(ticks)  # user nice system idle iowait irq softirq steal
    return total - ticks[1] - ticks[3] - ticks[4], total


async def machine_busy(window: float = 1.0) -> float:
    """The share (0 to 1) of the machine's CPU in use over the next ``window`` seconds; 0 where
    the machine does not say (not Linux)."""
    before = _cpu_jiffies()
    await asyncio.sleep(window)
    after = _cpu_jiffies()
    if before is None or after is None or after[1] <= before[1]:
        return 0.0
    return (after[0] - before[0]) / (after[1] - before[1])


class PoolClosed(Exception):
    """A pre-heated kernel not started because the server is stopping (Voila's pool, on its way
    out, awaits each pending start and passes over one that failed)."""


class PoolGate:
    """When ``ttr serve``'s pool may start a kernel: a replacement waits for a quiet machine
    (:func:`start_when_quiet`), and once the server is stopping no kernel starts at all, while
    the stop waits for the kernels still getting ready (:meth:`close`).

    A pool kernel is ready once it is started *and* has run the app's notebook (Voila runs it
    in a task of its own, which the start's result carries). Without the wait, a kernel still
    starting when the server stopped made Voila's shutdown fail with a traceback (jupyter_server
    cannot shut down a kernel it is still starting) and could outlive the server; and a kernel
    shut down halfway through the notebook printed a traceback for each cell it could no longer
    answer."""

    def __init__(self) -> None:
        self.closed = False
        self.starting = 0  #: kernel starts under way
        self.running: set[asyncio.Future[Any]] = set()  #: the notebook running in a new kernel
        self.awaited: set[asyncio.Future[Any]] = set()  #: replacements a page is waiting for

    @property
    def getting_ready(self) -> int:
        """How many of the pool's kernels are starting or still running the notebook."""
        return self.starting + len(self.running)

    async def pause(self, seconds: float, until: Callable[[], bool] = lambda: False) -> None:
        """Sleep ``seconds``, or less if the gate closes or ``until()`` turns true meanwhile."""
        deadline = time.monotonic() + seconds
        while not self.closed and not until() and time.monotonic() < deadline:
            await asyncio.sleep(min(0.25, max(0.0, deadline - time.monotonic())))

    def page_waits_for(self, replacement: asyncio.Future[Any]) -> None:
        """A page has taken ``replacement`` from the pool before it started: it starts now."""
        if not replacement.done():
            self.awaited.add(replacement)
            replacement.add_done_callback(self.awaited.discard)

    async def start(self, work: Awaitable[T]) -> T:
        """Run ``work`` (a kernel's start), unless the gate is closed: then :class:`PoolClosed`."""
        if self.closed:
            if inspect.iscoroutine(work):
                work.close()  # never started, and never to be: no "never awaited" warning
            raise PoolClosed("the server is stopping: no new kernel")
        self.starting += 1
        try:
            started = await work
        finally:
            self.starting -= 1
        self._watch(started)
        return started

    def _watch(self, started: object) -> None:
        """Keep the task running the notebook in a kernel just started (Voila's pool returns
        it as ``{"task": …}``) until it ends."""
        task = started.get("task") if isinstance(started, dict) else None
        if isinstance(task, asyncio.Future) and not task.done():
            self.running.add(task)
            task.add_done_callback(self.running.discard)

    async def close(self, timeout: float = 30.0) -> None:
        """Let no kernel start from now on, and wait (at most ``timeout`` seconds) for the
        kernels getting ready to be ready, so that the server can shut them down cleanly."""
        self.closed = True
        deadline = time.monotonic() + timeout
        while self.getting_ready and time.monotonic() < deadline:
            await asyncio.sleep(0.1)


POOL_GATE = PoolGate()  #: the one gate of this process's pool (ttr serve runs one Voila)


def stopping_line(getting_ready: int) -> str:
    """What ``ttr serve`` says when a stop waits for pool kernels still getting ready."""
    return ngettext("Stopping: waiting for {n} kernel of the pool to finish starting the app, "
                    "a few seconds (Ctrl-C again stops at once).",
                    "Stopping: waiting for {n} kernels of the pool to finish starting the app, "
                    "a few seconds (Ctrl-C again stops at once).", getting_ready).format(
        n=getting_ready)


async def start_when_quiet(delay: float, work: Awaitable[T], *,
                           busy: Callable[[], Awaitable[float]] = machine_busy,
                           patience: float = POOL_FILL_PATIENCE,
                           gate: PoolGate = POOL_GATE) -> T:
    """Run ``work`` (the start of a pre-heated kernel) when the machine can spare it: Voila's
    ``wait_before`` as ``ttr serve`` runs it (:func:`refill_pool_when_quiet`).

    The pool's first fill (``delay`` 0) starts at once. A replacement for a kernel a visitor
    took waits ``delay`` seconds, then for a second in which less than
    :data:`POOL_FILL_BUSY` of the CPU is in use (work at a lowered priority aside:
    :func:`busy_and_total`), at most ``patience`` seconds more. A class
    arriving together keeps the machine for its pages and first clicks (six replacement
    kernels starting on 2 cores took about 5 core-seconds from them); on a quiet server the
    replacement starts after ``delay`` and about a second, as before. A replacement that a page
    has already taken (the pool was empty when it came: :func:`start_what_pages_wait_for`)
    waits no more, a person being kept waiting by it. Nothing starts once the server is
    stopping (``gate``)."""
    if delay > 0:
        me = asyncio.current_task()

        def awaited() -> bool:
            return me in gate.awaited

        await gate.pause(delay, until=awaited)
        deadline = time.monotonic() + patience
        while (not gate.closed and not awaited() and time.monotonic() < deadline
               and await busy() >= POOL_FILL_BUSY):
            pass
    return await gate.start(work)


def refill_pool_when_quiet() -> None:
    """Make Voila's pre-heated kernel pool start its kernels with :func:`start_when_quiet`
    (in this process: ``ttr serve`` runs Voila in its own). Voila waits through the module
    function ``wait_before``; if a Voila release stops doing so, this fails loudly rather than
    silently not waiting (tests/server/test_pool.py)."""
    from voila import voila_kernel_manager  # type: ignore[import-untyped]

    if not callable(getattr(voila_kernel_manager, "wait_before", None)):
        raise ServeError(_("this Voila has no wait_before for its kernel pool: reinstall the kit"))
    voila_kernel_manager.wait_before = start_when_quiet


def start_what_pages_wait_for(manager: Any, gate: PoolGate = POOL_GATE) -> None:
    """Make Voila's kernel manager (``manager``, with its pool) tell ``gate`` when a page takes
    a replacement kernel still waiting for its quiet moment, so that it starts at once: Voila
    hands a page the first kernel of the notebook's pool (``_pools``), ready or not, and a page
    that came when none was ready waited out the whole of :func:`start_when_quiet` (10 s, and
    up to a minute more on a busy machine) for a kernel that could have started at once. If a
    Voila release stops keeping its pool so, this fails loudly (tests/server/test_pool.py)."""
    pools = getattr(manager, "_pools", None)
    if not isinstance(pools, dict):
        raise ServeError(_("this Voila keeps no kernel pool the kit knows: reinstall the kit"))
    take = manager.get_rendered_notebook

    async def get_rendered_notebook(notebook_name: str, *args: Any, **kwargs: Any) -> Any:
        pool = pools.get(notebook_name)
        if pool:
            gate.page_waits_for(pool[0])  # the one Voila takes
        return await take(notebook_name, *args, **kwargs)

    manager.get_rendered_notebook = get_rendered_notebook
