"""Surveys on a Dask distributed cluster: ``survey … --scheduler ADDRESS | local``.

CPython only, and the one module of the engine that reaches past the standard library:
it imports ``distributed`` (the Dask scheduler, a maintained engine for spreading tasks
over machines) inside its functions, and the command line imports this module only when
``--scheduler`` is given, so ``import patience`` and every other command never load it
(tests/project/test_structure.py exempts this module by name, for ``distributed`` alone).

Each deal is one task keyed by its seed.  A worker lost mid-survey is Dask's to handle:
the scheduler runs the lost worker's tasks again elsewhere; a task that keeps killing its
workers comes back as an error and is submitted again here, a few times at most.  Results
are taken once a seed (a second result for a seed is dropped), and the survey ends only
when every seed has its result, so no deal is lost or counted twice.  A deal's result does
not depend on where it ran, given a node budget and the same engine: every task carries a
digest of the client's engine source, and a worker whose engine differs refuses the task.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import socket
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence, TypeVar

if TYPE_CHECKING:
    from distributed import Client

T = TypeVar("T", bound=tuple[Any, ...])
R = TypeVar("R", bound=tuple[Any, ...])

LOCAL = "local"
TRIES = 3  # submissions of one deal at most (each is run again by Dask when its worker is lost)
INSTALL = "pip install distributed"
WINDOW = 1024  # deals on the scheduler at once at least,
PER_THREAD = 4  # or so many a worker thread when the survey starts, if more


class ClusterError(Exception):
    """The cluster cannot run the survey: the package is missing, the scheduler cannot be
    reached, a worker runs another engine, or a deal failed on every try."""


class EngineMismatch(ClusterError):
    """A worker's engine source differs from the client's."""


def require() -> Any:
    """The ``distributed`` module, or a ClusterError that says how to install it."""
    try:
        import distributed
    except ImportError as e:
        raise ClusterError(f"--scheduler needs the Python package 'distributed', which is not installed "
                           f"here ({INSTALL}); without --scheduler the survey runs on this machine's cores") from e
    return distributed


@contextmanager
def connect(scheduler: str, workers: int) -> Iterator[Client]:
    """A client of the scheduler at ``scheduler`` (``tcp://host:8786``), or of a cluster of
    ``workers`` single-threaded worker processes started here when ``scheduler`` is
    ``local``; closed (and the local cluster stopped) on leaving."""
    distributed = require()
    import logging

    if scheduler == LOCAL:
        with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                      dashboard_address=None, silence_logs=logging.ERROR) as cluster:
            with distributed.Client(cluster) as client:
                yield client
        return
    try:
        client = distributed.Client(scheduler, timeout="10s")
    except (OSError, ValueError, TypeError) as e:
        raise ClusterError(f"no Dask scheduler answers at {scheduler!r} ({str(e).splitlines()[0] if str(e) else e})")
    with client:
        yield client


def worker_count(client: Client) -> int:
    return len(client.scheduler_info(n_workers=-1)["workers"])


def threads(client: Client) -> int:
    return sum(int(w.get("nthreads", 1)) for w in client.scheduler_info(n_workers=-1)["workers"].values())


@functools.cache
def engine_digest() -> str:
    """A digest of this engine's source (every module of the package, by path and text)."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def run_task(fn: Callable[[T], R], digest: str, task: T) -> R:
    """One task on a worker: ``fn(task)``, with the worker's engine checked first."""
    if engine_digest() != digest:
        raise EngineMismatch(f"the worker on {socket.gethostname()} runs another version of the engine "
                             f"({engine_digest()}, the survey's is {digest}): install the same one there")
    return fn(task)


def survey(client: Client, fn: Callable[[T], R], tasks: Sequence[T], seed_of: Callable[[T], int],
           ) -> Iterator[R]:
    """Run ``fn`` on every task on the cluster; yield each result as it finishes, one for
    each task (by its seed), whatever workers are lost on the way."""
    distributed = require()
    retryable = (distributed.KilledWorker, distributed.client.FutureCancelledError)
    digest = engine_digest()
    run = uuid.uuid4().hex[:8]
    by_seed = {seed_of(t): t for t in tasks}
    tries = dict.fromkeys(by_seed, 0)

    def submit(seed: int) -> Any:
        tries[seed] += 1
        return client.submit(run_task, fn, digest, by_seed[seed], key=f"patience-{run}-{seed}-{tries[seed]}",
                             pure=False)

    seed_of_future: dict[str, int] = {}
    pending = distributed.as_completed()
    waiting = iter(by_seed)

    def add(seed: int) -> None:
        future = submit(seed)
        seed_of_future[future.key] = seed
        pending.add(future)

    # the scheduler holds a window of deals, not the whole survey (a million tasks at once
    # would cost it memory and the client minutes of submitting before the first result)
    for seed in itertools.islice(waiting, max(WINDOW, PER_THREAD * threads(client))):
        add(seed)
    done: set[int] = set()
    for future in pending:
        seed = seed_of_future.pop(future.key)
        for more in itertools.islice(waiting, 1):  # one finished, the next goes in
            add(more)
        try:
            result: R = future.result()
        except retryable as e:
            if seed in done:
                continue
            if tries[seed] >= TRIES:
                raise ClusterError(f"deal {seed} failed {TRIES} times on the cluster ({type(e).__name__}: {e})")
            add(seed)
            continue
        except (ImportError, RuntimeError) as e:
            if isinstance(e, ImportError) or "deserializ" in str(e):
                raise ClusterError(f"the cluster cannot load the engine ({str(e).splitlines()[0]}): start the "
                                   f"scheduler and every worker with the engine on PYTHONPATH (see README)") from e
            raise
        finally:
            future.release()
        if seed in done:  # a second result of a deal submitted again: it counts once
            continue
        done.add(seed)
        yield result
    missing = set(by_seed) - done
    if missing:  # every seed's future ends in a result or a resubmission: this is a bug
        raise ClusterError(f"the cluster returned no result for {len(missing)} deals (e.g. {min(missing)})")
