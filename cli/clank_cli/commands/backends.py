"""Where ``clank simulate`` and ``clank balance`` play their games: one process, local worker
processes, or Ray."""

from __future__ import annotations

from clank_cli import console as con
from clank_cli import simjobs
from clank_cli.simjobs import Backend


def backend(jobs: int | None, ray: str | None) -> Backend:
    """The backend of ``--jobs`` and ``--ray`` (a Ray address, or ``local``); without Ray
    installed, a :class:`~clank_cli.errors.CommandExit` (3) after saying which extra gives it."""
    if ray is not None:
        from clank_cli import simray

        try:
            simray.import_ray()
        except simray.RayUnavailable as exc:
            raise con.fail(str(exc), con.EXIT_ENV) from None
        return simray.RayCluster(ray, jobs)
    jobs = jobs if jobs is not None else simjobs.default_jobs()
    return simjobs.Serial() if jobs == 1 else simjobs.ProcessPool(jobs)
