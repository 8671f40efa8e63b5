"""Surveys on a Dask distributed cluster (``survey … --scheduler``): the same results as on
this machine's processes, streamed, each deal once even when a worker is lost; the engine
and the command line without the flag never load the package."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from patience import cluster
from patience.cli import Progress, UsageError, gather, main, survey_one

ROOT = Path(__file__).resolve().parents[2]
# A node budget decides each verdict (the time budget is far off), so where a deal runs
# cannot change it; these seeds give all three verdicts in Canfield
BUDGET = ["--budget-nodes", "3000", "--budget-s", "120"]


def survey(capsys, tmp_path, name: str, *argv: str) -> tuple[dict, list[dict]]:
    deals = tmp_path / f"{name}.jsonl"
    code = main(["survey", *argv, *BUDGET, "--json", "--deals-out", str(deals)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out), [json.loads(line) for line in deals.read_text().splitlines()]


def same_as_two_processes(capsys, tmp_path, game: str, seeds: str, *scheduler: str) -> list[dict]:
    """Survey ``game`` on ``seeds`` with ``--jobs 2`` and with ``scheduler``: the same totals
    and, deal by deal, the same verdict after the same number of positions."""
    here, here_deals = survey(capsys, tmp_path, "jobs", game, "--seeds", seeds, "--jobs", "2")
    there, there_deals = survey(capsys, tmp_path, "dask", game, "--seeds", seeds, *scheduler)
    assert there["scheduler"] == scheduler[1] and there["jobs"] == 2
    for key in ("deals", "won", "lost", "unknown", "winnable", "wilson95"):
        assert there[key] == here[key], key

    def by_seed(deals):
        return sorted((d["seed"], d["verdict"], d["nodes"]) for d in deals)

    assert by_seed(there_deals) == by_seed(here_deals) and len(there_deals) == here["deals"]
    return there_deals


def test_scheduler_local_gives_what_two_processes_give(capsys, tmp_path):
    deals = same_as_two_processes(capsys, tmp_path, "canfield", "1-8", "--scheduler", "local", "--jobs", "2")
    assert {d["verdict"] for d in deals} == {"won", "lost", "unknown"}


def test_a_scheduler_address_gives_what_two_processes_give(capsys, tmp_path, local_client):
    address = local_client.scheduler.address
    deals = same_as_two_processes(capsys, tmp_path, "klondike", "1-2", "--scheduler", address)
    assert len(deals) == 2


def plain(tasks):
    return sorted(survey_one(t)[:3] for t in tasks)


def verdicts(results):
    """Seed, verdict and nodes searched of each deal (its seconds depend on the machine)."""
    return sorted(r[:3] for r in results)


def tasks_of(game: str, seeds: range, nodes: int = 3000):
    from patience import get_game

    options = dict(get_game(game).options)
    return [(game, options, seed, nodes, 120.0) for seed in seeds]


@pytest.fixture(scope="module")
def local_client():
    """A local cluster of two single-threaded worker processes (one a test process, as its
    start costs seconds)."""
    distributed = pytest.importorskip("distributed")
    import logging

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=logging.CRITICAL) as local, distributed.Client(local) as client:
        yield client


def test_a_worker_lost_mid_survey_loses_no_deal_and_counts_none_twice(local_client, monkeypatch):
    monkeypatch.setattr(cluster, "WINDOW", 1)  # two deals on the scheduler at a time: the rest follow
    monkeypatch.setattr(cluster, "PER_THREAD", 1)
    tasks = tasks_of("klondike", range(1, 6))
    results, killed = [], []
    for result in cluster.survey(local_client, survey_one, tasks, lambda t: t[2]):
        results.append(result)
        busy = [w for w, keys in local_client.processing().items() if keys]
        if not killed and busy:  # kill a worker that holds a deal now (its process, as a machine lost would)
            pid = local_client.run(os.getpid, workers=[busy[0]])[busy[0]]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
    assert killed, "no deal was running when one finished"
    assert verdicts(results) == plain(tasks)


def die_once(task):
    """A deal that kills its worker the first time it is run (a marker file says when)."""
    marker = Path(task[-1])
    if not marker.exists():
        marker.write_text("died")
        os._exit(1)
    return survey_one(task[:-1])


def test_a_deal_that_killed_its_worker_is_submitted_again_and_counted_once(local_client, tmp_path):
    tasks = tasks_of("canfield", range(1, 5), nodes=300)
    marked = [(*t, str(tmp_path / f"once-{t[2]}")) if t[2] == 3 else (*t, str(tmp_path / "never")) for t in tasks]
    (tmp_path / "never").write_text("")
    scheduler = local_client.cluster.scheduler
    allowed, scheduler.allowed_failures = scheduler.allowed_failures, 0  # Dask gives up on the first death: this module submits again
    try:
        results = list(cluster.survey(local_client, die_once, marked, lambda t: t[2]))
    finally:
        scheduler.allowed_failures = allowed
    assert (tmp_path / "once-3").exists()
    assert verdicts(results) == plain(tasks)


def test_gather_streams_each_seed_once_and_misses_none(tmp_path):
    written = []

    class Out:
        def write(self, text):
            written.append(json.loads(text)["seed"])

        def flush(self):
            pass

    def stream():
        yield 2, "won", 10, 0.1, "0"
        assert written == [2]  # written as it finished, before the next deal came
        yield 1, "lost", 5, 0.1, None
        yield 2, "unknown", 99, 0.1, None  # a deal run again after its worker was lost: dropped
        yield 3, "won", 7, 0.1, "1"

    class Err:
        def __init__(self):
            self.text = ""

        def write(self, text):
            self.text += text

        def flush(self):
            pass

        def isatty(self):
            return False

    err = Err()
    results = gather(stream(), range(1, 4), Out(), Progress(3, err))  # type: ignore[arg-type]
    assert results == [(1, "lost", 5, 0.1, None), (2, "won", 10, 0.1, "0"), (3, "won", 7, 0.1, "1")]
    assert written == [2, 1, 3]
    with pytest.raises(UsageError, match="without 1 deals"):
        gather(iter([(1, "won", 1, 0.0, "0")]), range(1, 3), None, None)


def test_without_distributed_the_flag_says_how_to_get_it(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    code = main(["survey", "bride", "--seeds", "1-2", "--scheduler", "local"])
    _, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1
    assert "needs the Python package 'distributed'" in err and "pip install distributed" in err


def test_a_worker_with_another_engine_refuses_the_deal():
    with pytest.raises(cluster.EngineMismatch, match="another version of the engine"):
        cluster.run_task(survey_one, "0" * 16, tasks_of("bride", range(1, 2))[0])
    assert cluster.run_task(survey_one, cluster.engine_digest(), tasks_of("bride", range(1, 2))[0])[0] == 1


def test_the_engine_and_the_command_line_load_no_cluster_package():
    code = ("import sys; import patience; from patience.cli import main; "
            "assert main(['survey', 'bride', '--seeds', '1-2', '--jobs', '1', '--json']) == 0; "
            "loaded = {m.split('.')[0] for m in sys.modules} & {'distributed', 'dask', 'tornado', 'patience.cluster'}; "
            "print('patience.cluster' in sys.modules, sorted(loaded))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "py", capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "False []"
