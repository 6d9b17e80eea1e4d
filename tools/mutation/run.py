"""Mutation testing of the engine and the games' rules: `make mutate`.

Cosmic Ray makes the mutants (one small change each: an operator swapped, a number moved by
one, a condition negated, a loop skipped...) and records them in its session database.
This tool draws a seeded sample of them per module (settings in `targets.toml`), marks the
rest skipped in the session, and tests each sampled mutant against only the tests that
reach its line (one coverage run of the fast suite says which). A mutant is killed when a
test fails or times out; it survives when every test passes. Survivors that behave exactly
like the original are listed once, with the reason, in `equivalent.toml`; they are counted
apart, and a listed mutant that no longer exists or is now killed is reported as stale.

    .venv/bin/python tools/mutation/run.py                 # the whole sample (make mutate)
    .venv/bin/python tools/mutation/run.py --only 'engine/session.py' --sample 60

Mutants run in scratch copies of the checkout (under the system's temporary folder), so the
working tree is never changed. The report is printed and written, with the session database
(`cr-report session.sqlite` reads it), to the folder named on the last line.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import fnmatch
import hashlib
import json
import multiprocessing
import os
import random
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from cosmic_ray.commands import init as cr_init  # the function that fills a session with every mutant
from cosmic_ray.mutating import mutate_and_test, mutate_code
from cosmic_ray.plugins import get_operator
from cosmic_ray.work_db import WorkDB, use_db
from cosmic_ray.work_item import MutationSpec, TestOutcome, WorkerOutcome, WorkItem, WorkResult

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PACKAGE = "py/tabletown"
INIT_FORMAT = 1  # bump when the cached list of mutants changes shape
REACH_FORMAT = 2  # bump when reach.py's output changes, so old cached parts are not read
PYTEST = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:hypothesispytest"]


# ---------------------------------------------------------------- settings and the module list

@dataclass
class Settings:
    seed: int
    sample: int
    workers: int
    timeout_factor: float
    timeout_floor: float
    tests: list[str]
    modules: dict[str, int]  # module path (from the checkout's root) -> sample size, for this run
    every_module: list[str] = field(default_factory=list)  # all of targets.toml (--only picks among them)
    recheck: str = ""  # the earlier report whose survivors alone are tested again
    stopped: str = ""  # "n of m" when the run was stopped before the end
    unchecked: set = field(default_factory=set)  # listed equivalents a re-check leaves alone


def load_settings(path: Path, args: argparse.Namespace) -> Settings:
    data = tomllib.loads(path.read_text())
    s = data["settings"]
    settings = Settings(seed=s["seed"], sample=s["sample"], workers=s["workers"], timeout_factor=s["timeout_factor"],
                        timeout_floor=s["timeout_floor"], tests=list(s["tests"]), modules={})
    if args.seed is not None:
        settings.seed = args.seed
    if args.sample is not None:
        settings.sample = args.sample
    if args.workers is not None:
        settings.workers = args.workers
    left_out = list(data.get("exclude", {}).get("globs", []))
    for pattern, size in data["modules"].items():
        matches = sorted(p for p in (ROOT / PACKAGE).glob(pattern)
                         if (p.name != "__init__.py" or p.stat().st_size)
                         and not any(fnmatch.fnmatch(p.relative_to(ROOT / PACKAGE).as_posix(), x) for x in left_out))
        if not matches:
            raise SystemExit(f"targets.toml: {pattern!r} matches no module under {PACKAGE}/")
        for path in matches:
            module = path.relative_to(ROOT).as_posix()
            settings.every_module.append(module)
            if args.only and not any(fnmatch.fnmatch(module, f"{PACKAGE}/{o}") for o in args.only):
                continue
            settings.modules[module] = settings.sample if args.sample is not None else (int(size) or settings.sample)
    if not settings.modules:
        raise SystemExit("no module to mutate (check --only)")
    return settings


# ---------------------------------------------------------------- mutants and what they change

@dataclass
class Mutant:
    item: WorkItem
    module: str
    operator: str
    occurrence: int
    line: int
    before: str          # the original source line(s), stripped
    after: str           # the mutated line(s), stripped
    function: str | None
    tests: list[str] = field(default_factory=list)
    timeout: float = 0.0
    sampled: bool = True
    result: dict | None = None

    @property
    def spec(self):
        return self.item.mutations[0]

    def key(self) -> tuple[str, str, str, str]:
        return (self.module, self.operator, self.before, self.after)


def describe(item: WorkItem, sources: dict[str, str]) -> Mutant | None:
    spec = item.mutations[0]
    module = Path(spec.module_path).as_posix()
    original = sources[module]
    operator = get_operator(spec.operator_name)(**(spec.operator_args or {}))
    mutated = mutate_code(original, operator, spec.occurrence)
    if mutated is None:
        return None
    old_lines, new_lines = original.split("\n"), mutated.split("\n")
    before, after = [], []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False).get_opcodes():
        if tag != "equal":
            before += [s.strip() for s in old_lines[i1:i2]]
            after += [s.strip() for s in new_lines[j1:j2]]
    return Mutant(item=item, module=module, operator=spec.operator_name, occurrence=spec.occurrence,
                  line=spec.start_pos[0], before=" / ".join(before), after=" / ".join(after),
                  function=spec.definition_name)


def all_mutants(modules: list[str], sources: dict[str, str]) -> list[WorkItem]:
    """Every mutant Cosmic Ray makes of each module (its `init`), cached by the module's text."""
    cache_dir = Path(tempfile.gettempdir()) / "tabletown-mutate-reach"
    cache_dir.mkdir(exist_ok=True)
    items: list[WorkItem] = []
    for module in modules:
        key = hashlib.sha256(f"{INIT_FORMAT}:{module}\0{sources[module]}".encode()).hexdigest()[:24]
        cache = cache_dir / f"init-{key}.json"
        if not cache.exists():
            with tempfile.TemporaryDirectory() as tmp:
                os.chdir(ROOT)
                with use_db(str(Path(tmp) / "init.sqlite"), WorkDB.Mode.create) as db:
                    cr_init([Path(module)], db, {})
                    specs = [i.mutations[0] for i in db.work_items]
            cache.write_text(json.dumps([{"operator": m.operator_name, "args": m.operator_args,
                                          "occurrence": m.occurrence, "start": list(m.start_pos),
                                          "end": list(m.end_pos), "definition": m.definition_name} for m in specs]))
        for row in json.loads(cache.read_text()):
            spec = MutationSpec(module_path=module, operator_name=row["operator"], operator_args=row["args"],
                                occurrence=row["occurrence"], start_pos=tuple(row["start"]),
                                end_pos=tuple(row["end"]), definition_name=row["definition"])
            items.append(WorkItem.single(uuid.uuid4().hex, spec))
    return items


# ---------------------------------------------------------------- which tests a mutant runs

class Reach:
    """The tests that reach each line, from one coverage run (reach.py) of the fast suite."""

    def __init__(self, data: dict, sources: dict[str, str]):
        self.lines = {m: {int(k): v for k, v in lines.items()} for m, lines in data["lines"].items()}
        self.seconds = data["seconds"]
        self.all_tests = data["tests"]
        self.trees = {m: ast.parse(src) for m, src in sources.items()}

    def tests_for(self, module: str, row: int) -> list[str]:
        """Tests that can see a change on `row`.

        Inside a function body: the tests that run the statement holding `row` (a change there
        matters only when it runs). In a function's header (decorators, defaults): the tests that
        run the function at all. At module or class level (a constant, a class attribute, a
        dataclass default, run on import): every test that runs any line of the module, and every
        test in a file that imports it (a test may read a constant directly).
        """
        function, statement = _enclosing(self.trees[module], row)
        lines = self.lines.get(module, {})
        if function is None:
            wanted: range | list[int] = list(lines)
        elif row < function.body[0].lineno and statement is function:
            wanted = range(function.body[0].lineno, function.end_lineno + 1)
        else:
            wanted = _own_lines(statement)
        tests: set[str] = set()
        for line in wanted:
            tests.update(lines.get(line, ()))
        if function is None:
            importers = importing_files(module)
            tests.update(t for t in self.all_tests if t.split("::")[0] in importers)
        # quickest first: a mutant that some test kills is usually killed early (pytest stops at the first failure)
        return sorted(tests, key=lambda t: (self.seconds.get(t, 0.0), t))

    def seconds_for(self, tests: list[str]) -> float:
        return sum(self.seconds.get(t, 0.0) for t in tests)


_IMPORTS: dict[str, set[str]] = {}


def importing_files(module: str) -> set[str]:
    """The test files that import `module` (py/tabletown/engine/draw.py is tabletown.engine.draw)."""
    dotted = module.removeprefix("py/").removesuffix(".py").replace("/", ".")
    if not _IMPORTS:
        for path in sorted((ROOT / "tests").rglob("test_*.py")):
            names: set[str] = set()
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Import):
                    names.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names.add(node.module)
                    names.update(f"{node.module}.{alias.name}" for alias in node.names)
            _IMPORTS[path.relative_to(ROOT).as_posix()] = names
    return {name for name, imported in _IMPORTS.items() if dotted in imported}


def _enclosing(tree: ast.AST, row: int) -> tuple[ast.AST | None, ast.AST | None]:
    """The innermost function whose lines (with its decorators) hold `row`, and the innermost statement."""
    function = statement = None
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt):
            continue
        start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        if not start <= row <= node.end_lineno:
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (function is None or
                                                                             node.lineno > function.lineno):
            function = node
        if statement is None or (node.lineno, -node.end_lineno) > (statement.lineno, -statement.end_lineno):
            statement = node
    return function, statement


def _own_lines(statement: ast.AST) -> range:
    """A statement's own lines: all of a simple one, the header of a compound one."""
    bodies = [getattr(statement, name, None) for name in ("body", "orelse", "handlers", "finalbody", "cases")]
    firsts = [b[0].lineno for b in bodies if isinstance(b, list) and b]
    end = min(firsts) - 1 if firsts else statement.end_lineno
    return range(statement.lineno, max(end, statement.lineno) + 1)


# ---------------------------------------------------------------- equivalent mutants

def load_equivalents(path: Path) -> list[dict]:
    if not path.exists():
        return []
    rows = tomllib.loads(path.read_text()).get("equivalent", [])
    for row in rows:
        missing = {"file", "operator", "line", "mutant", "reason"} - set(row)
        if missing:
            raise SystemExit(f"{path.name}: an entry lacks {', '.join(sorted(missing))}: {row}")
    return rows


def equivalent_key(row: dict) -> tuple[str, str, str, str]:
    return (row["file"], row["operator"], row["line"].strip(), row["mutant"].strip())


def find_listed(rows: list[dict], items: list[WorkItem], sources: dict[str, str]) -> dict[tuple, Mutant]:
    """The listed equivalents that still exist, found by their lines (line numbers move)."""
    found: dict[tuple, Mutant] = {}
    wanted = {equivalent_key(r) for r in rows}
    for item in items:
        spec = item.mutations[0]
        module = Path(spec.module_path).as_posix()
        if module not in sources:
            continue
        lines = sources[module].split("\n")
        if not 0 < spec.start_pos[0] <= len(lines):
            continue  # a mutant of a module as it was before it changed: nothing listed matches it
        first = lines[spec.start_pos[0] - 1].strip()
        if not any(k[0] == module and k[1] == spec.operator_name and k[2].startswith(first) for k in wanted):
            continue
        mutant = describe(item, sources)
        if mutant is not None and mutant.key() in wanted:
            found[mutant.key()] = mutant
    return found


def find_reach(settings: Settings, modules: list[str], workdirs: list[Path]) -> dict:
    """Which tests reach which lines: the fast suite under coverage, split across the workers by
    test file. Each test file's part is cached by content (the file, the code under py/, the rest of
    tests/ and the module list), so after a change to one test file only that file runs again."""
    test_files = sorted(p.relative_to(ROOT).as_posix() for t in settings.tests for p in (ROOT / t).rglob("test_*.py"))
    common = hashlib.sha256(json.dumps([modules, REACH_FORMAT]).encode())
    for path in sorted((ROOT / "py").rglob("*.py")) + sorted((ROOT / "tests").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and not path.name.startswith("test_"):
            common.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    cache_dir = Path(tempfile.gettempdir()) / "tabletown-mutate-reach"
    cache_dir.mkdir(exist_ok=True)

    def cache_of(name: str) -> Path:
        digest = common.copy()
        digest.update(name.encode() + b"\0" + (ROOT / name).read_bytes())
        return cache_dir / f"{digest.hexdigest()[:24]}.json"

    parts = {name: json.loads(cache_of(name).read_text()) for name in test_files if cache_of(name).exists()}
    missing = [name for name in test_files if name not in parts]
    print(f"Which tests reach which lines: {len(parts)} test files known, {len(missing)} to run under coverage...",
          flush=True)
    # balance the workers by file size (a rough stand-in for how long a file's tests take)
    shares: list[list[str]] = [[] for _ in workdirs]
    loads = [0] * len(workdirs)
    for name in sorted(missing, key=lambda n: -(ROOT / n).stat().st_size):
        i = loads.index(min(loads))
        shares[i].append(name)
        loads[i] += (ROOT / name).stat().st_size
    shares = [sorted(share) for share in shares]
    runs = []
    for i, (work, share) in enumerate(zip(workdirs, shares)):
        if share:
            out = work / f"reach-{i}.json"
            runs.append((out, share, subprocess.Popen([sys.executable, str(HERE / "reach.py"), str(out), *modules, "--",
                                                *share, "-m", "not e2e", "-q", "-p", "no:cacheprovider"],
                                               cwd=work, stdout=subprocess.DEVNULL)))
    for out, share, proc in runs:
        proc.wait()
        run = json.loads(out.read_text()) if out.exists() else {"exit": -1}
        if proc.returncode or run["exit"] != 0:
            raise SystemExit("the fast suite fails on the unmutated code: fix that before mutating")
        for name in share:
            part = {"lines": {m: {line: [t for t in tests if t.split("::")[0] == name]
                                  for line, tests in lines.items()} for m, lines in run["lines"].items()},
                    "seconds": {t: v for t, v in run["seconds"].items() if t.split("::")[0] == name},
                    "tests": [t for t in run["tests"] if t.split("::")[0] == name]}
            parts[name] = part
            cache_of(name).write_text(json.dumps(part))
    merged: dict = {"lines": {}, "seconds": {}, "tests": []}
    for name in test_files:
        part = parts.get(name, {"lines": {}, "seconds": {}, "tests": []})
        for module, lines in part["lines"].items():
            into = merged["lines"].setdefault(module, {})
            for line, tests in lines.items():
                if tests:
                    into.setdefault(line, []).extend(tests)
        merged["seconds"].update(part["seconds"])
        merged["tests"] += part["tests"]
    return merged


# ---------------------------------------------------------------- running mutants

_WORKDIRS: multiprocessing.Queue | None = None


def _worker_start(workdirs) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the pool ends its workers quietly; only the tool reports
    os.chdir(workdirs.get())


def _run_one(job: tuple[str, WorkItem, list[str], float]) -> tuple[str, dict, float]:
    job_id, item, tests, timeout = job
    start = time.perf_counter()
    if not tests:
        result = WorkResult(worker_outcome=WorkerOutcome.NORMAL, test_outcome=TestOutcome.SURVIVED,
                            output="no test reaches this line")
    else:
        result = mutate_and_test(item.mutations, shlex.join(PYTEST + tests), timeout)
    return job_id, {"worker_outcome": result.worker_outcome, "test_outcome": result.test_outcome,
                    "output": result.output, "diff": result.diff}, time.perf_counter() - start


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def _stop_tests_in(workdirs: list[Path]) -> None:
    """End the test processes still running in the scratch copies (each runs in its own session)."""
    roots = [str(w) for w in workdirs]
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            cwd = os.readlink(proc / "cwd")
        except OSError:
            continue
        if not any(cwd == r or cwd.startswith(r + "/") for r in roots):
            continue
        try:
            group = os.getpgid(int(proc.name))
            if group != os.getpgrp():  # never this tool's own group
                os.killpg(group, signal.SIGKILL)
        except OSError:
            pass


def copy_checkout(dest: Path) -> None:
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                           capture_output=True).stdout.decode().split("\0")
    for name in files:
        src = ROOT / name
        if not name or not src.is_file():
            continue
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest / name)


def outcome(m: Mutant) -> str:
    r = m.result or {}
    if r.get("worker_outcome") == WorkerOutcome.NO_TEST:
        return "no-mutation"
    if r.get("test_outcome") == TestOutcome.SURVIVED:
        return "survived"
    if r.get("output") == "timeout":
        return "timeout"
    if r.get("test_outcome") == TestOutcome.INCOMPETENT:
        return "incompetent"
    return "killed"


# ---------------------------------------------------------------- the report

def report(settings: Settings, mutants: list[Mutant], listed: list[dict], found: dict[tuple, Mutant],
           totals: dict[str, int], seconds: float) -> tuple[str, dict]:
    lines: list[str] = []
    listed_keys = {equivalent_key(r): r for r in listed}
    summary: dict[str, dict] = {}
    if settings.stopped:
        lines.append(f"STOPPED EARLY: {settings.stopped} mutants tested (a seeded random share of each module's sample)")
    if settings.recheck:
        lines.append(f"Re-check of the survivors in {settings.recheck} (the table counts only them)")
    lines.append(f"Mutation sample: seed {settings.seed}, {len(settings.modules)} modules, "
                 f"{sum(1 for m in mutants if m.sampled)} sampled mutants, {seconds / 60:.1f} min")
    lines.append("")
    lines.append(f"{'module':52} {'all':>5} {'sample':>6} {'killed':>6} {'surv':>5} {'equiv':>5} {'rate':>7}")
    groups: dict[str, list[int]] = {}
    for module in settings.modules:
        ms = [m for m in mutants if m.module == module and m.sampled and outcome(m) != "no-mutation"]
        killed = sum(1 for m in ms if outcome(m) in ("killed", "timeout", "incompetent"))
        equiv = sum(1 for m in ms if outcome(m) == "survived" and m.key() in listed_keys)
        survived = sum(1 for m in ms if outcome(m) == "survived") - equiv
        counted = len(ms) - equiv
        rate = 100.0 * killed / counted if counted else 100.0
        name = module.removeprefix(PACKAGE + "/")
        summary[name] = {"mutants": totals.get(module, 0), "sampled": len(ms), "killed": killed,
                         "survived": survived, "equivalent": equiv, "rate": round(rate, 1)}
        shown = f"{rate:6.1f}%" if counted else "     —"
        lines.append(f"{name:52} {totals.get(module, 0):5} {len(ms):6} {killed:6} {survived:5} {equiv:5} {shown}")
        group = name.split("/")[0] if name.startswith("engine/") else "/".join(name.split("/")[:2])
        g = groups.setdefault(group, [0, 0])
        g[0] += killed
        g[1] += counted
    lines.append("")
    for group, (killed, counted) in groups.items():
        lines.append(f"{group + '/':52} killed {killed} of {counted} counted: "
                     f"{100.0 * killed / counted if counted else 100.0:.1f}%")
    survivors = [m for m in mutants if m.sampled and outcome(m) == "survived" and m.key() not in listed_keys]
    lines.append("")
    lines.append(f"Surviving mutants ({len(survivors)}):")
    for m in sorted(survivors, key=lambda m: (m.module, m.line)):
        where = f"{m.module.removeprefix(PACKAGE + '/')}:{m.line}"
        note = "  [no test reaches this line]" if (m.result or {}).get("output") == "no test reaches this line" else ""
        lines.append(f"  {where} ({m.function or 'module'}) {m.operator.removeprefix('core/')}{note}")
        lines.append(f"      - {m.before}")
        lines.append(f"      + {m.after}")
    lines.append("")
    lines.append(f"Listed as equivalent ({len(listed)}), in tools/mutation/equivalent.toml:")
    stale = []
    for row in listed:
        key = equivalent_key(row)
        m = found.get(key)
        where = f"{row['file'].removeprefix(PACKAGE + '/')} {row['operator'].removeprefix('core/')}: {row['line']}"
        if key in settings.unchecked:
            lines.append(f"  {where} -> {row['mutant']}  (not tested in this run)")
            continue
        if m is None:
            stale.append(f"  STALE (no longer exists) {where}")
            continue
        state = outcome(m)
        if state != "survived":
            stale.append(f"  STALE (now {state}) {where}")
            continue
        lines.append(f"  {where} -> {row['mutant']}  ({'in the sample' if m.sampled else 'outside the sample'})")
        lines.append(f"      why: {row['reason']}")
    if stale:
        lines.append("")
        lines.append(f"Stale entries in equivalent.toml ({len(stale)}): remove them")
        lines += stale
    data = {"seed": settings.seed, "modules": summary, "seconds": round(seconds),
            "survivors": [{"file": m.module, "line": m.line, "operator": m.operator, "line_text": m.before,
                           "mutant": m.after} for m in survivors],
            "stale": stale}
    return "\n".join(lines), data


# ---------------------------------------------------------------- the run

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", action="append", help="a glob under py/tabletown/ (repeatable)")
    parser.add_argument("--sample", type=int, help="mutants per module (overrides targets.toml)")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--workers", type=int)
    parser.add_argument("--out", type=Path, help="folder for the report and the session (default: a new temporary one)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch copies")
    parser.add_argument("--recheck", type=Path, metavar="REPORT_JSON",
                        help="test again only the survivors of an earlier run's report.json (same seed and sample)")
    args = parser.parse_args(argv)
    settings = load_settings(HERE / "targets.toml", args)
    settings.recheck = str(args.recheck or "")
    listed = load_equivalents(HERE / "equivalent.toml")
    started = time.perf_counter()

    scratch = Path(tempfile.mkdtemp(prefix="tabletown-mutate-"))
    out = args.out or scratch
    out.mkdir(parents=True, exist_ok=True)
    workdirs = [scratch / f"w{i}" for i in range(settings.workers)]
    for w in workdirs:
        copy_checkout(w)
    modules = list(settings.modules)
    sources = {m: (ROOT / m).read_text() for m in modules}

    reach = Reach(find_reach(settings, settings.every_module, workdirs), sources)

    session = out / "session.sqlite"
    if session.exists():
        session.unlink()
    with use_db(str(session), WorkDB.Mode.create) as db:
        db.add_work_items(all_mutants(modules, sources))
        items = sorted(db.work_items, key=lambda i: (str(i.mutations[0].module_path), i.mutations[0].operator_name,
                                                     i.mutations[0].occurrence))
    totals: dict[str, int] = {}
    mutants: list[Mutant] = []
    recheck = None
    if args.recheck:
        recheck = {(e["file"], e["operator"], e["line"]) for e in json.loads(args.recheck.read_text())["survivors"]}
    for module in modules:
        pool = [i for i in items if Path(i.mutations[0].module_path).as_posix() == module]
        totals[module] = len(pool)
        chosen = random.Random(f"{settings.seed}:{module}").sample(pool, min(settings.modules[module], len(pool)))
        for item in chosen:
            spec = item.mutations[0]
            if recheck is not None and (module, spec.operator_name, spec.start_pos[0]) not in recheck:
                continue  # not one of the survivors being checked again (skips describing it)
            m = describe(item, sources)
            if m is None:
                continue
            mutants.append(m)
    found = find_listed(listed, items, sources)
    sampled = {m.key(): m for m in mutants}
    for key, m in list(found.items()):
        if key in sampled:
            found[key] = sampled[key]  # one mutant, one result
        else:
            m.sampled = False
            mutants.append(m)
    if args.recheck:
        earlier = json.loads(args.recheck.read_text())["survivors"]
        wanted = {(e["file"], e["operator"], e["line_text"], e["mutant"]) for e in earlier}
        mutants = [m for m in mutants if m.key() in wanted]
        found = {k: m for k, m in found.items() if k in wanted}
        settings.unchecked = {equivalent_key(r) for r in listed} - set(found)
        print(f"Re-checking {len(mutants)} of the {len(earlier)} survivors in {args.recheck}", flush=True)
    for m in mutants:
        m.tests = reach.tests_for(m.module, m.line)
        m.timeout = max(settings.timeout_floor, settings.timeout_factor * reach.seconds_for(m.tests))

    print(f"Testing {len(mutants)} mutants ({sum(totals.values())} in all) with {settings.workers} workers...",
          flush=True)
    by_id = {m.item.job_id: m for m in mutants}
    # A seeded shuffle: whenever the run is stopped, the mutants tested so far are a fair share of each module.
    order = sorted(mutants, key=lambda m: (m.module, m.operator, m.occurrence))
    random.Random(f"{settings.seed}:order").shuffle(order)
    jobs = [(m.item.job_id, m.item, m.tests, m.timeout) for m in order]
    queue: multiprocessing.Queue = multiprocessing.Queue()
    for w in workdirs:
        queue.put(str(w))
    done = 0
    signal.signal(signal.SIGTERM, _interrupt)
    with use_db(str(session), WorkDB.Mode.open) as db:
        pool = multiprocessing.Pool(settings.workers, initializer=_worker_start, initargs=(queue,))
        try:
            for job_id, result, _secs in pool.imap_unordered(_run_one, jobs):
                m = by_id[job_id]
                m.result = result
                db.set_result(job_id, WorkResult(**result))
                done += 1
                if done % 25 == 0 or done == len(jobs):
                    print(f"  {done}/{len(jobs)} ({(time.perf_counter() - started) / 60:.1f} min)", flush=True)
            pool.close()
        except KeyboardInterrupt:
            print(f"Stopped after {done} of {len(jobs)} mutants: the report counts those.", flush=True)
            settings.stopped = f"{done} of {len(jobs)}"
            pool.terminate()
            _stop_tests_in(workdirs)
            mutants = [m for m in mutants if m.result is not None]
            settings.unchecked |= {k for k, m in found.items() if m.result is None}
            found = {k: m for k, m in found.items() if m.result is not None}
        pool.join()
        skipped = [i.job_id for i in items if i.job_id not in by_id]
        if skipped:
            db.set_multiple_results(skipped, WorkResult(worker_outcome=WorkerOutcome.SKIPPED))

    text, data = report(settings, mutants, listed, found, totals, time.perf_counter() - started)
    (out / "report.txt").write_text(text + "\n")
    (out / "report.json").write_text(json.dumps(data, indent=1) + "\n")
    print()
    print(text)
    print()
    print(f"Report and session database: {out}")
    if not args.keep:
        for w in workdirs:
            shutil.rmtree(w, ignore_errors=True)
        if out != scratch:
            shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
