"""Which tests reach which lines: one run of the fast suite under coverage, one context per test.

    python tools/mutation/reach.py OUT.json MODULE.py ... -- PYTEST-ARGS ...

Writes {"lines": {module: {line: [test, ...]}}, "seconds": {test: s}, "tests": [test, ...],
"exit": pytest's exit code}. A test is a pytest node id without its parameters, so it
stands for every parametrisation of one test function (what `run.py` asks pytest to run).
Lines reached while modules are imported at collection carry no test and are left out.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

import coverage
import pytest

PARAMS = re.compile(r"\[.*\]$")


def test_id(nodeid: str) -> str:
    return PARAMS.sub("", nodeid)


class Recorder:
    """A pytest plugin: switches the coverage context to the running test and times it."""

    def __init__(self, cov: coverage.Coverage):
        self.cov = cov
        self.seconds: dict[str, float] = defaultdict(float)
        self.tests: list[str] = []

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        name = test_id(item.nodeid)
        if name not in self.seconds:
            self.tests.append(name)
        self.cov.switch_context(name)
        start = time.perf_counter()
        yield
        self.seconds[name] += time.perf_counter() - start
        self.cov.switch_context("")


def main(argv: list[str]) -> int:
    split = argv.index("--")
    out, modules, pytest_args = Path(argv[0]), argv[1:split], argv[split + 1:]
    files = {str(Path(m).resolve()): m for m in modules}
    cov = coverage.Coverage(data_file=None, include=list(files), config_file=False)
    cov.start()
    recorder = Recorder(cov)
    code = pytest.main(pytest_args, plugins=[recorder])
    cov.stop()
    data = cov.get_data()
    lines: dict[str, dict[int, list[str]]] = {}
    for measured in data.measured_files():
        module = files.get(str(Path(measured).resolve()))
        if module is None:
            continue
        by_line = data.contexts_by_lineno(measured)
        lines[module] = {line: sorted(c for c in ctx if c) for line, ctx in sorted(by_line.items())}
    out.write_text(json.dumps({"lines": lines, "seconds": dict(recorder.seconds),
                               "tests": recorder.tests, "exit": int(code)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
