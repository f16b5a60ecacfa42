"""The launcher's process helpers (deploy/processes.py) leave nothing behind: a Redis
without a data directory removes its scratch directory when it stops; log files are named
with the port a process really serves (issue 11 item 6)."""

from __future__ import annotations

import re

from deploy.processes import start_redis, start_rules


def test_a_scratch_redis_leaves_no_directory_behind():
    proc = start_redis()
    scratch = proc.temp_dir
    assert scratch is not None and scratch.is_dir()
    proc.stop()
    assert not scratch.exists()


def test_a_persistent_redis_keeps_its_data_directory(tmp_path):
    proc = start_redis(data_dir=tmp_path / "data")
    assert proc.temp_dir is None
    proc.stop()
    assert list((tmp_path / "data").glob("appendonly.aof*"))


def test_rules_logs_are_named_with_the_port_they_serve(tmp_path):
    proc = start_rules("tests.duel", "duel", log_dir=tmp_path)
    try:
        assert proc.log_path is not None and proc.log_path.exists()
        assert re.fullmatch(rf"rules-duel-{proc.port}-\d+\.log", proc.log_path.name)
        assert [p.name for p in tmp_path.iterdir()] == [proc.log_path.name]
    finally:
        proc.stop()
