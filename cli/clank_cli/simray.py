"""Simulated games on a Ray cluster (``clank simulate --ray [ADDRESS]``).

Ray is an optional extra: ``pip install 'clank-engine[ray]'``. Without an address (or with
``local``) a Ray instance is started on this machine for the run and stopped after it;
``auto``, ``HOST:PORT`` or ``ray://HOST:PORT`` join a running cluster (whose nodes need the
same engine and packs installed: each task checks the versions it loaded against the
driver's). Games go out in chunks of consecutive seeds, each played by
:meth:`clank_cli.simjobs.Plan.play` (``simulate``'s or the balance lab's plan) in a Ray worker that keeps the loaded packs between
tasks; rows come back in seed order through :func:`clank_cli.simjobs.ordered`, so ``--out``
has exactly the bytes of a local run with the same arguments.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from clank_cli.simjobs import AHEAD, Plan, Progress, ordered

EXTRA = "pip install 'clank-engine[ray]'"
"""How to install what ``--ray`` needs."""
LOCAL = "local"
"""``--ray`` without an address: start a Ray instance on this machine for the run."""
CHUNK = 8
"""Most games one Ray task plays (fewer when that would leave workers idle)."""


class RayUnavailable(RuntimeError):
    """Ray is not installed (or cannot be imported) here."""


class RayMismatch(RuntimeError):
    """A Ray worker loaded other versions of the engine or the packs than the driver."""


def import_ray() -> ModuleType:
    """The ``ray`` module, or :class:`RayUnavailable` naming the extra that installs it."""
    try:
        import ray
    except ImportError as exc:
        raise RayUnavailable(f"--ray needs Ray, which is not installed here: {EXTRA} ({exc})") from None
    return ray


def play_chunk(plan: Plan, seeds: list[int]) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """In a Ray worker: the versions it loaded, and the rows of the games of ``seeds``."""
    return plan.versions(), [plan.play(seed) for seed in seeds]


@dataclass
class RayCluster:
    """Games spread over a Ray cluster, or a local Ray instance started for the run."""

    address: str = LOCAL
    jobs: int | None = None   # CPUs of a local instance (default: Ray's choice, all cores)

    @property
    def name(self) -> str:
        """How the games are played, for messages."""
        return "a local Ray instance" if self.address == LOCAL else f"the Ray cluster at {self.address}"

    def rows(self, plan: Plan, progress: Progress) -> Generator[dict[str, Any], None, None]:
        """Every game's row, in seed order; pending tasks are cancelled however this ends, and
        a Ray instance started here is stopped."""
        ray = import_ray()
        started = not ray.is_initialized()
        if started:
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                       "configure_logging": False}
            if self.address == LOCAL:
                if self.jobs is not None:
                    options["num_cpus"] = self.jobs
            else:
                options["address"] = self.address
            ray.init(**options)
        pending: list[Any] = []
        try:
            cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
            size = max(1, min(CHUNK, plan.games // (cpus * AHEAD) or 1))
            chunks = [list(range(plan.seed_of(i), plan.seed_of(min(i + size, plan.games))))
                      for i in range(0, plan.games, size)]
            task = ray.remote(play_chunk)
            shared = ray.put(plan)
            expected = plan.versions()

            def submit(i: int) -> Any:
                ref = task.remote(shared, chunks[i])
                pending.append(ref)
                return ref

            def wait_some(refs: list[Any]) -> list[Any]:
                return ray.wait(refs, num_returns=1)[0]

            def result(ref: Any) -> list[dict[str, Any]]:
                pending.remove(ref)
                found, rows = ray.get(ref)
                if found != expected:
                    raise RayMismatch(f"a Ray worker loaded {found}, this machine {expected}: install the "
                                      "same engine and packs on every node")
                progress(len(rows) - 1)   # ordered() counts one per chunk
                return rows

            for rows in ordered(len(chunks), cpus * 2, submit, wait_some, result, progress):
                yield from rows
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
            if started:
                ray.shutdown()
