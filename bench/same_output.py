"""Same output before and after a refactor: snapshot what xlbridge produces, then compare.

A safeguard for refactors that move code around and must change no output. It drives a checkout
of the project only through its command line (``python -m xlbridge ...`` in a subprocess, with
``PYTHONPATH`` set to the checkout's root and a temporary directory as the working directory) and
its public Python names, so it works against any checkout, old or new. Standard library only.

A snapshot holds, one JSON file (sorted keys) per item under ``SNAPSHOT_DIR/items/``:

- ``xlbridge new`` for every movement kind (``movement list``), with the main options of each
  family (pairs, individual, teams, social), names files, hand records, scoring variants, and
  option combinations the command refuses (their exit status and message are output too). For
  every file an invocation writes: per zip member the sha256 of its bytes (``docProps/core.xml``
  with its ``dcterms:created`` and ``dcterms:modified`` times blanked first: openpyxl stamps the
  time of writing there), or for a text file its sha256 and text;
- exit status, standard output and standard error of every invocation, with the temporary
  directory and the checkout's path replaced by ``<WORK>`` and ``<REPO>``;
- ``--help`` of ``xlbridge`` and of every command and subcommand (found by reading ``--help``),
  with ``COLUMNS=100`` so that the wrapping is stable;
- the public API: ``xlbridge.__all__``, the names in ``dir()`` of ``xlbridge`` and
  ``xlbridge.udf`` and the ``inspect.signature`` of each public callable (a class's public
  methods too, an enum's members, the ``BRIDGE_*`` functions' docstrings, which Excel shows);
- the other commands that are interfaces: ``score``, ``imps``, ``vp``, ``traveller``,
  ``movement``, ``deal``, ``deals``, ``results`` (every format, on a fresh and on an imported
  workbook), ``import``, ``rebuild``, ``swiss next``, ``addin status`` and ``addin demo``.

Some recorded facts are expected to change when modules move: which submodules ``dir(xlbridge)``
happens to list, each public object's ``__module__`` and the docstrings of ``xlbridge``'s own
functions (which may name modules). They are kept under ``info`` and ``compare`` prints their
differences as notes without failing (``--strict`` fails on them too).

Nothing else needed normalising: two snapshots of the same tree are identical (each run with a
different ``PYTHONHASHSEED``); ``--arrow-switch optimal`` and ``deal --seed`` are reproducible.

Run it with the interpreter of an environment where xlbridge's dependencies are installed::

    python bench/same_output.py snapshot --repo DIR -o SNAPSHOT_DIR
    python bench/same_output.py compare SNAP_A SNAP_B   # the differences; exit 1 if any
    python bench/same_output.py check --base REV        # git worktree of REV vs this checkout

``check`` snapshots a temporary ``git worktree`` of REV and the current checkout (its working
tree, uncommitted changes included; ``--repo`` to name another), compares them and removes the
worktree (``--keep DIR`` keeps both snapshots). A snapshot takes about a minute on one core.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMAT = 1  # of the snapshot's JSON files
TIMEOUT = 300  # seconds for one invocation
TEXT_LIMIT = 512_000  # text files up to this size are stored whole (for diffs), larger ones hashed
DIFF_LINES = 40  # lines of a unified diff that compare prints per item
ZIP_SUFFIXES = (".xlsx", ".xlsm", ".zip")

# openpyxl writes the time of writing into docProps/core.xml.
_CORE_TIMES = re.compile(
    rb"(<dcterms:(created|modified)\b[^>]*>)[^<]*(</dcterms:\2>)",
)


# ---- the invocations ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One ``python -m xlbridge ARGV`` run in the work directory."""

    id: str
    argv: tuple[str, ...]


@dataclass
class Cases:
    items: list[Case] = field(default_factory=list)

    def add(self, id_: str, words: str) -> None:
        """``xlbridge WORDS`` (split as a shell would)."""
        if any(c.id == id_ for c in self.items):
            raise ValueError(f"duplicate case id {id_}")
        self.items.append(Case(id_, tuple(shlex.split(words))))

    def new(self, name: str, words: str) -> None:
        """``xlbridge new KIND --tables N [OPTIONS] -o new-NAME.xlsx`` from ``KIND N [OPTIONS]``."""
        kind, tables, *options = shlex.split(words)
        out = re.sub(r"[^A-Za-z0-9_-]+", "_", f"new-{name}") + ".xlsx"
        argv = shlex.join(["new", kind, "--tables", tables, *options, "-o", out])
        self.add(f"new/{name}", argv)


# Files the invocations read, written into the work directory first.
INPUT_FILES: dict[str, str] = {
    "pair-names.csv": "pair,player 1,player 2\nNS 1,Ann Lee,Bo Chan\nEW 2,Cy Dee,=SUM(1)\n"
    "3,Ed Fox,Flo Gee\n",
    "pair-names-bad.csv": "pair,player 1,player 2\nNS 99,Nobody,Here\n",
    "player-names.csv": 'player,name\n1,Ann Lee\n2,Bo,Chan\n8,=HYPERLINK("x")\n',
    "team-names.csv": "team,name,players\n1,Lions,Ann Lee\n2,Tigers,Cy Dee\n4,Bears,\n",
    "marvin-names.csv": "pair,player 1,player 2\n1,Ann,Bo\n6,Cy,Di\n",
    "traveller.csv": "ns,ew,contract,declarer,result\n1,1,4S,N,10\n2,3,4S,N,=\n3,5,5SX,N,-1\n"
    "4,2,3NT,S,9\n5,4,PASS,,\n6,6,4H,E,8\n",
    "traveller-adjusted.csv": "ns,ew,score,adjusted\n1,1,420,\n2,2,450,\n3,3,-50,\n4,4,,A+\n"
    "5,5,,60/40\n",
    "traveller-bad.csv": "ns,ew,contract,declarer,result\n1,1,8S,N,10\n",
    # Seven results of a three-table, two-board-round Mitchell (xlbridge import's CSV).
    "results.csv": "board,ns,ew,contract,declarer,result\n1,1,1,4S,N,10\n2,1,1,3NT,S,=\n"
    "3,2,2,2H,E,8\n4,2,2,PASS,,\n5,3,3,4SX,N,-1\n6,3,3,1NT,W,7\n1,3,2,4S,N,11\n",
}


def build_cases() -> list[Case]:
    """Every invocation of a snapshot, in the order they run (later ones read earlier files)."""
    c = Cases()
    c.add("version", "--version")
    c.add("no-command", "")
    c.add("movement/list", "movement list")
    c.add("deal/boards-1-4", "deal --boards 1-4 --seed 1 -o x.pbn")

    # Pairs games.
    c.new("mitchell-7", "mitchell 7")
    c.new(
        "mitchell-7-bpr3-event-date",
        "mitchell 7 --boards-per-round 3 --event 'Tuesday pairs' --date 2026-05-01",
    )
    c.new("mitchell-8-even-skip", "mitchell 8 --even skip")
    c.new("mitchell-8-even-relay", "mitchell 8 --even relay")
    c.new("mitchell-7-arrow-last", "mitchell 7 --arrow-switch last")
    c.new(
        "mitchell-7-arrow-staggered-bpr4",
        "mitchell 7 --arrow-switch staggered --boards-per-round 4",
    )
    c.new("mitchell-7-arrow-items", "mitchell 7 --arrow-switch 7:1,7:2:13+14")
    c.new("mitchell-7-arrow-optimal", "mitchell 7 --arrow-switch optimal")
    c.new("mitchell-7-half-table", "mitchell 7 --half-table")
    c.new("mitchell-7-names", "mitchell 7 --names pair-names.csv")
    c.new("mitchell-7-butler", "mitchell 7 --scoring butler")
    c.new("mitchell-6-ximp-tricks", "mitchell 6 --scoring ximp --result-entry tricks --rounds 5")
    c.new("mitchell-5-ebu", "mitchell 5 --scale ebu --boards-per-round 3")
    c.new("mitchell-4-skip-deals", "mitchell 4 --even skip --boards-per-round 1 --deals x.pbn")
    c.new("mitchell-7-template", "mitchell 7 --template club-template.xlsx")
    c.new("howell-2-deal-seed", "howell 2 --boards-per-round 1 --deal --seed 9")
    c.new("howell-5-ximp", "howell 5 --scoring ximp")
    c.new("howell-3", "howell 3 --boards-per-round 3")
    c.new("howell-3_4-8", "howell-3/4 8")
    c.new("extended-mitchell-7", "extended-mitchell 7")
    c.new("bowman-7-butler", "bowman 7 --scoring butler")
    c.new("rover-8", "rover 8")
    c.new("worger-5", "worger 5")
    c.new("web-15", "web 15")
    c.new("twin-18", "twin 18")
    c.new("add-table-14", "add-table 14")
    # Refused: the exit status and the message are output too.
    c.new("refused-mitchell-31", "mitchell 31")
    c.new("refused-unknown-kind", "mitchel 7")
    c.new("refused-abbreviated-option", "mitchell 7 --eve x")
    c.new("refused-event-too-long", "mitchell 7 --event " + "x" * 121)
    c.new("refused-names-unknown-pair", "mitchell 7 --names pair-names-bad.csv")
    c.new("refused-deals-missing-boards", "mitchell 7 --deals x.pbn")
    c.new("refused-mitchell-4-relay-bpr1", "mitchell 4 --boards-per-round 1")
    c.new("refused-howell-even", "howell 5 --even skip")
    c.add("new/refused-exists", "new mitchell --tables 7 -o new-mitchell-7.xlsx")

    # Individual games.
    c.new("rainbow-7-bpr3", "rainbow 7 --boards-per-round 3")
    c.new("rainbow-5-ebu-tricks", "rainbow 5 --scale ebu --result-entry tricks")
    c.new("individual-2-names", "individual-2 2 --names player-names.csv")
    c.new("individual-2-deals", "individual-2 2 --boards-per-round 1 --rounds 4 --deals x.pbn")
    c.new("individual-3", "individual-3 3")
    c.new("six-couples-ebu", "six-couples 3 --scale ebu")
    c.new("refused-rainbow-butler", "rainbow 7 --scoring butler")

    # Team games.
    c.new(
        "head-to-head-12x2-carry",
        "head-to-head 2 --boards-per-round 12 --segments 2 --carry-over 3.5 --names team-names.csv",
    )
    c.new(
        "head-to-head-4seg-wl",
        "head-to-head 2 --boards-per-round 4 --segments 4 --carry-over -2 --win-loss",
    )
    c.new("round-robin-3-wl", "round-robin-3 3 --win-loss")
    c.new("round-robin-4-seed-imp", "round-robin-4 4 --vp-scale seed-imp")
    c.new("round-robin-4-acbl20", "round-robin-4 4 --vp-scale acbl20 --boards-per-round 8")
    c.new("board-a-match-6-bpr4", "board-a-match 6 --boards-per-round 4")
    c.new("board-a-match-5-imps", "board-a-match 5 --team-scoring imps")
    c.new("knockout-8-bpr8", "knockout 8 --boards-per-round 8 --carry-over 0")
    c.new("knockout-5-byes", "knockout 5 --segments 3 --vp-scale wbf-raw")
    c.new("marvin-4-names", "marvin-4 3 --names marvin-names.csv")
    c.new("marvin-6-wl-no34", "marvin-6 3 --win-loss --no-three-quarter")
    c.new("marvin-8-wl", "marvin-8 3 --win-loss")
    c.new("swiss-teams-8", "swiss-teams 8 --boards-per-round 7 --rounds 6")
    c.new("swiss-teams-10-discrete", "swiss-teams 10 --vp-scale wbf-discrete")
    c.new("refused-swiss-teams-7", "swiss-teams 7")
    c.new("refused-chicago-scale-teams", "round-robin-4 4 --vp-scale chicago-swiss")
    c.new("refused-head-to-head-even", "head-to-head 2 --even skip")

    # Social games.
    c.new("rubber-4-players", "rubber 1 --rounds 4 --players Ann,Bob,Cy,Di")
    c.new("chicago-new-york-down", "chicago 1 --new-york --rounding down --first-dealer E")
    c.new("four-player-chicago", "four-player 1 --game chicago")
    c.new(
        "five-player-calcutta",
        "five-player 1 --players Jane,Joseph,Dorothy,Edward,Martha --calcutta",
    )
    c.new("six-player-rubber", "six-player 1 --game rubber")
    c.new("progressive-4-move", "progressive 4 --progression move")
    c.new("progressive-3-vp", "progressive 3 --vp")
    c.new("swiss-pairs-5", "swiss-pairs 5 --rounds 5")
    c.new("round-robin-pairs-2-chukkers", "round-robin-pairs 2 --chukkers 2")
    c.new("marathon-5-september", "marathon 5 --start-month september")
    c.new("marathon-5-pairs-9", "marathon 5 --pairs 9")
    c.new("refused-rubber-deals", "rubber 1 --deals x.pbn")

    # Movements, scores and travellers.
    c.add("movement/mitchell-7-json", "movement mitchell --tables 7 --format json")
    c.add(
        "movement/mitchell-8-skip-csv",
        "movement mitchell --tables 8 --even skip --rounds 7 --format csv",
    )
    c.add(
        "movement/mitchell-7-staggered-balance",
        "movement mitchell --tables 7 --boards-per-round 4 --arrow-switch staggered --balance",
    )
    c.add("movement/mitchell-6-relay-cards", "movement mitchell --tables 6 --even relay --cards")
    c.add("movement/howell-4-json", "movement howell --tables 4 --format json")
    c.add("movement/rainbow-7", "movement rainbow --tables 7")
    c.add("score/4S-N-10", "score 4S N 10 --vul None")
    c.add("score/3NTX-E-2-board-7", "score 3NTX E -2 --board 7")
    c.add("score/refused-8S", "score 8S N 10 --vul None")
    c.add("imps/420", "imps 420")
    c.add("imps/refused-too-big", "imps 1000001")
    c.add("vp/12-16", "vp 12 --boards 16")
    c.add("vp/12-7-acbl20", "vp 12 --boards 7 --scale acbl20")
    c.add("vp/600-chicago-swiss", "vp 600 --scale chicago-swiss")
    c.add("vp/-5-8", "vp -5 --boards 8")
    for method in ("mp", "butler", "ximp"):
        c.add(
            f"traveller/{method}-json",
            f"traveller --board 1 --method {method} --format json traveller.csv",
        )
    c.add(
        "traveller/mp-ebu-text",
        "traveller --board 3 --method mp --scale ebu --expected 8 traveller.csv",
    )
    c.add(
        "traveller/butler-trim-csv",
        "traveller --board 2 --method butler --trim 1 --format csv traveller.csv",
    )
    c.add(
        "traveller/mp-adjusted-json",
        "traveller --board 1 --method mp --format json traveller-adjusted.csv",
    )
    c.add("traveller/refused-bad-row", "traveller --board 1 --method mp traveller-bad.csv")

    # Hand records.
    c.add("deals/text", "deals x.pbn")
    c.add("deals/json", "deals x.pbn --format json")
    c.add("deals/analyse-json", "deals x.pbn --analyse --format json")

    # Results of fresh workbooks, then of one with results imported; rebuild; Swiss.
    c.add("results/fresh-mitchell-json", "results new-mitchell-7.xlsx --format json")
    c.add("results/fresh-mitchell-text", "results new-mitchell-7.xlsx")
    c.add("results/fresh-rainbow-json", "results new-rainbow-7-bpr3.xlsx --format json")
    c.add("results/fresh-teams-json", "results new-round-robin-4-seed-imp.xlsx --format json")
    c.add("results/fresh-chicago-json", "results new-chicago-new-york-down.xlsx --format json")
    c.new("mitchell-3-bpr2", "mitchell 3 --boards-per-round 2")
    c.add(
        "import/mitchell-3-csv",
        "import new-mitchell-3-bpr2.xlsx --from results.csv -o imported.xlsx",
    )
    c.add(
        "import/refused-social",
        "import new-rubber-4-players.xlsx --from results.csv -o imported-rubber.xlsx",
    )
    c.add("results/imported-text", "results imported.xlsx")
    c.add("results/imported-json", "results imported.xlsx --format json")
    for table in ("standings", "results", "barometer"):
        c.add(
            f"results/imported-csv-{table}", f"results imported.xlsx --format csv --table {table}"
        )
    c.add("results/imported-html", "results imported.xlsx --format html -o results.html")
    c.add(
        "results/imported-usebio",
        "results imported.xlsx --format usebio --club 'Test club' -o results.xml",
    )
    c.add("results/imported-pbn", "results imported.xlsx --format pbn")
    c.add("results/refused-usebio-teams", "results new-round-robin-4-seed-imp.xlsx --format usebio")
    c.add("rebuild/imported-4-tables", "rebuild imported.xlsx --tables 4 -o rebuilt-4.xlsx")
    c.add("rebuild/imported-fouled", "rebuild imported.xlsx --fouled 1:1-2 -o rebuilt-fouled.xlsx")
    c.add("swiss/next-teams-unfinished", "swiss next new-swiss-teams-8.xlsx -o round2.xlsx")
    c.add("swiss/next-pairs-unfinished", "swiss next new-swiss-pairs-5.xlsx -o pairs-round2.xlsx")
    c.add("addin/status", "addin status")
    c.add("addin/demo", "addin demo -o demo.xlsm")
    return c.items


# ---- running ----------------------------------------------------------------------------------


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class Runner:
    """Runs ``python -m xlbridge`` for one checkout in one work directory."""

    def __init__(self, repo: Path, work: Path, python: str) -> None:
        self.repo = repo
        self.work = work
        self.python = python
        env = {k: v for k, v in os.environ.items() if not k.startswith(("XLBRIDGE", "PYTHON"))}
        env.update(
            PYTHONPATH=str(repo),
            COLUMNS="100",
            LINES="50",
            LC_ALL="C.UTF-8",
            LANG="C.UTF-8",
            TZ="UTC",
            PYTHONIOENCODING="utf-8",
        )
        self.env = env
        # Longest first, so that a path inside another is replaced whole.
        paths = {
            str(work): "<WORK>",
            os.path.realpath(work): "<WORK>",
            str(repo): "<REPO>",
            os.path.realpath(repo): "<REPO>",
            sys.prefix: "<PREFIX>",
        }
        self.paths = sorted(paths.items(), key=lambda kv: -len(kv[0]))

    def clean(self, text: str) -> str:
        for path, placeholder in self.paths:
            text = text.replace(path, placeholder)
        return text

    def python_run(self, argv: list[str], stdin: str | None = None) -> dict[str, Any]:
        """Run the interpreter with ``argv`` in the work directory: exit status and output."""
        try:
            proc = subprocess.run(
                [self.python, *argv],
                cwd=self.work,
                env=self.env,
                input=(stdin or "").encode(),
                capture_output=True,
                timeout=TIMEOUT,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            return {"exit": f"timeout after {TIMEOUT} s", "stdout": "", "stderr": str(exc)}
        return {
            "exit": proc.returncode,
            "stdout": self.clean(proc.stdout.decode("utf-8", "backslashreplace")),
            "stderr": self.clean(proc.stderr.decode("utf-8", "backslashreplace")),
        }

    def xlbridge(self, argv: tuple[str, ...] | list[str]) -> dict[str, Any]:
        return self.python_run(["-m", "xlbridge", *argv])


def file_state(work: Path) -> dict[str, tuple[int, int]]:
    out = {}
    for p in work.rglob("*"):
        if p.is_file() and "__pycache__" not in p.parts:
            st = p.stat()
            out[p.relative_to(work).as_posix()] = (st.st_size, st.st_mtime_ns)
    return out


def record_file(path: Path) -> dict[str, Any]:
    """What a written file holds: per zip member a hash, or a text file's hash and text."""
    data = path.read_bytes()
    if path.suffix.lower() in ZIP_SUFFIXES and zipfile.is_zipfile(path):
        members: dict[str, str] = {}
        with zipfile.ZipFile(path) as z:
            order = [i.filename for i in z.infolist()]
            for name in order:
                body = z.read(name)
                if name == "docProps/core.xml":
                    body = _CORE_TIMES.sub(rb"\1\3", body)
                members[name] = sha256(body)
        return {"type": "zip", "members": members, "order": order}
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return {"type": "binary", "sha256": sha256(data), "size": len(data)}
    rec: dict[str, Any] = {"type": "text", "sha256": sha256(data), "size": len(data)}
    if len(data) <= TEXT_LIMIT:
        rec["text"] = text
    return rec


def run_case(runner: Runner, case: Case) -> dict[str, Any]:
    before = file_state(runner.work)
    result = runner.xlbridge(case.argv)
    after = file_state(runner.work)
    written = sorted(k for k, v in after.items() if before.get(k) != v)
    gone = sorted(k for k in before if k not in after)
    item: dict[str, Any] = {
        "id": case.id,
        "argv": ["xlbridge", *case.argv],
        **result,
        "files": {name: record_file(runner.work / name) for name in written},
    }
    if gone:
        item["files_removed"] = gone
    return item


# ---- --help of every command ------------------------------------------------------------------

_SUBCOMMAND = re.compile(r"^    ([A-Za-z][\w-]*)(?:\s{2,}|$)")


def subcommands(help_text: str) -> list[str]:
    """The subcommands a ``--help`` lists under "positional arguments" (indented four spaces,
    under the ``COMMAND``/``ACTION`` line)."""
    names: list[str] = []
    section = False
    for line in help_text.splitlines():
        if re.match(r"^\S.*:$", line):
            section = line.startswith("positional arguments")
            continue
        m = _SUBCOMMAND.match(line) if section else None
        if m:
            names.append(m.group(1))
    return names


def help_items(runner: Runner) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    todo: list[list[str]] = [[]]
    while todo:
        path = todo.pop(0)
        result = runner.xlbridge([*path, "--help"])
        items.append(
            {
                "id": "help/" + (" ".join(path) or "xlbridge"),
                "argv": ["xlbridge", *path, "--help"],
                **result,
            }
        )
        if len(path) < 3 and result["exit"] == 0:
            todo.extend([*path, name] for name in subcommands(result["stdout"]))
    return items


# ---- the public API ---------------------------------------------------------------------------

# Run in the checkout's interpreter: prints the API of xlbridge and xlbridge.udf as JSON.
_API_PROBE = r"""
import enum, importlib, inspect, json, re, sys, types
ADDRESS = re.compile(r" at 0x[0-9A-Fa-f]+")

def sig(obj):
    try:
        return ADDRESS.sub("", str(inspect.signature(obj)))
    except (TypeError, ValueError) as exc:
        return f"<no signature: {type(exc).__name__}>"

def kind(obj):
    if isinstance(obj, (classmethod, staticmethod, property)):
        return type(obj).__name__
    if isinstance(obj, types.ModuleType):
        return "module"
    if inspect.isclass(obj):
        return "enum" if issubclass(obj, enum.Enum) else "class"
    if callable(obj):
        return "callable"
    return type(obj).__name__

def describe(obj, docs):
    d = {"kind": kind(obj)}
    if callable(obj):
        d["signature"] = sig(obj)
    if docs and callable(obj):
        d["doc"] = inspect.getdoc(obj)
    if inspect.isclass(obj):
        d["bases"] = [b.__name__ for b in obj.__mro__[1:]]
        if issubclass(obj, enum.Enum):
            d["members"] = [[m.name, repr(m.value)] for m in obj]
        attributes = {}
        for n, v in sorted(vars(obj).items()):
            if n.startswith("_"):
                continue
            attributes[n] = {"kind": kind(v)}
            bound = getattr(obj, n, None)
            if isinstance(v, (classmethod, staticmethod)) or inspect.isfunction(v):
                attributes[n]["signature"] = sig(bound)
            elif not inspect.isdatadescriptor(v) and not callable(v):
                attributes[n]["repr"] = ADDRESS.sub("", repr(v))[:500]
        d["attributes"] = attributes
    elif not callable(obj) and not isinstance(obj, types.ModuleType):
        d["repr"] = ADDRESS.sub("", repr(obj))[:500]
    xl = getattr(obj, "__xlfunc__", None)
    if xl is not None:
        d["xlfunc"] = ADDRESS.sub("", repr(xl))
    return d

out = {"api": {}, "info": {}}
for modname, docs in (("xlbridge", False), ("xlbridge.udf", True)):
    mod = importlib.import_module(modname)
    names = sorted(dir(mod))
    all_ = getattr(mod, "__all__", None)
    public = sorted(set(n for n in names if not n.startswith("_")) | set(all_ or ()))
    objs = {n: getattr(mod, n) for n in public}
    modules = [n for n, o in objs.items() if isinstance(o, types.ModuleType)]
    out["api"][modname] = {
        "__all__": None if all_ is None else list(all_),
        "dir": [n for n in names if n not in modules],
        "public": {n: describe(o, docs) for n, o in objs.items() if n not in modules},
        "doc": inspect.getdoc(mod) if docs else None,
    }
    out["info"][modname] = {
        "file": mod.__file__,
        "submodules_in_dir": modules,
        "__module__": {n: getattr(o, "__module__", None) for n, o in objs.items()
                       if n not in modules and (inspect.isclass(o) or callable(o))},
        "version": getattr(mod, "__version__", None),
    }
    if not docs:
        out["info"][modname]["docs"] = {
            n: inspect.getdoc(o) for n, o in objs.items() if n not in modules and callable(o)
        }
print(json.dumps(out, sort_keys=True))
"""


def api_items(runner: Runner) -> list[dict[str, Any]]:
    result = runner.python_run(["-c", _API_PROBE])
    base = {"argv": ["python", "-c", "<API probe>"], "exit": result["exit"]}
    if result["exit"] != 0:
        return [{"id": "api", **base, "stdout": result["stdout"], "stderr": result["stderr"]}]
    data = json.loads(result["stdout"])
    return [
        {
            "id": f"api/{mod}",
            **base,
            "api": api,
            "stderr": result["stderr"],
            "info": data["info"][mod],
        }
        for mod, api in sorted(data["api"].items())
    ]


# ---- snapshot ---------------------------------------------------------------------------------


def slug(item_id: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", item_id.replace("/", "__"))


def imported_from(runner: Runner) -> str:
    probe = runner.python_run(["-c", "import xlbridge; print(xlbridge.__file__)"])
    return str(probe["stdout"]).strip() if probe["exit"] == 0 else str(probe["stderr"])


def snapshot(repo: Path, out: Path, python: str, quiet: bool = False) -> int:
    repo = repo.resolve()
    if not (repo / "xlbridge" / "__init__.py").is_file():
        sys.exit(f"same_output: {repo} has no xlbridge/__init__.py: not a checkout of xlbridge")
    if out.exists() and any(out.iterdir()):
        sys.exit(f"same_output: {out} exists and is not empty")
    start = time.perf_counter()
    cpu_start = _children_cpu()
    with tempfile.TemporaryDirectory(prefix="same-output-") as tmp:
        work = Path(tmp)
        runner = Runner(repo, work, python)
        where = imported_from(runner)
        if where != "<REPO>/xlbridge/__init__.py":
            sys.exit(f"same_output: the subprocess imports xlbridge from {where}, not from {repo}")
        for name, text in INPUT_FILES.items():
            (work / name).write_text(text, encoding="utf-8")
        template = repo / "templates" / "default.xlsx"
        if template.is_file():
            shutil.copyfile(template, work / "club-template.xlsx")
        items: list[dict[str, Any]] = []
        cases = build_cases()
        for n, case in enumerate(cases, start=1):
            t0 = time.perf_counter()
            items.append(run_case(runner, case))
            if not quiet:
                print(
                    f"[{n}/{len(cases)}] {case.id}: exit {items[-1]['exit']}, "
                    f"{time.perf_counter() - t0:.2f} s",
                    file=sys.stderr,
                )
        items.extend(help_items(runner))
        items.extend(api_items(runner))
    seconds = time.perf_counter() - start
    cpu = _children_cpu() - cpu_start
    (out / "items").mkdir(parents=True, exist_ok=True)
    names: set[str] = set()
    for item in items:
        item["format"] = FORMAT
        name = slug(item["id"])
        if name in names:
            raise RuntimeError(f"two items named {name}")
        names.add(name)
        (out / "items" / f"{name}.json").write_text(
            json.dumps(item, sort_keys=True, indent=1, ensure_ascii=False) + "\n",
            encoding="utf-8",
        )
    meta = {
        "format": FORMAT,
        "repo": str(repo),
        "commit": git_describe(repo),
        "python": sys.version,
        "items": len(items),
        "invocations": len(cases) + sum(1 for i in items if i["id"].startswith("help/")),
        "new_invocations": sum(1 for c in cases if c.id.startswith("new/")),
        "seconds": round(seconds, 1),
        "cpu_seconds": round(cpu, 1),
    }
    (out / "meta.json").write_text(json.dumps(meta, sort_keys=True, indent=1) + "\n")
    print(
        f"snapshot of {repo} ({meta['commit']}): {len(items)} items, {meta['invocations']} "
        f"invocations ({meta['new_invocations']} of new) in {seconds:.1f} s "
        f"({cpu:.1f} s of CPU) -> {out}"
    )
    return 0


def _children_cpu() -> float:
    """User and system CPU seconds of the finished subprocesses so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def git_describe(repo: Path) -> str:
    try:
        head = subprocess.run(
            ["git", "-C", str(repo), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(repo), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "not a git checkout"
    return head + (" with uncommitted changes" if dirty else "")


# ---- compare ----------------------------------------------------------------------------------


def load(snap: Path) -> dict[str, dict[str, Any]]:
    folder = snap / "items"
    if not folder.is_dir():
        sys.exit(f"same_output: {snap} is not a snapshot (no items/ folder)")
    items = {}
    for f in sorted(folder.glob("*.json")):
        item = json.loads(f.read_text(encoding="utf-8"))
        items[item["id"]] = item
    return items


def text_diff(a: str, b: str, label: str) -> list[str]:
    lines = list(
        difflib.unified_diff(
            a.splitlines(), b.splitlines(), f"A {label}", f"B {label}", n=2, lineterm=""
        )
    )
    if len(lines) > DIFF_LINES:
        lines = [*lines[:DIFF_LINES], f"... ({len(lines) - DIFF_LINES} more diff lines)"]
    return ["    " + line for line in lines]


def as_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True, indent=1)


def compare_files(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for name in sorted(set(a) | set(b)):
        fa, fb = a.get(name), b.get(name)
        if fa is None or fb is None:
            out.append(f"  file {name}: only in {'B' if fa is None else 'A'}")
            continue
        if fa["type"] != fb["type"]:
            out.append(f"  file {name}: {fa['type']} in A, {fb['type']} in B")
        elif fa["type"] == "zip":
            ma, mb = fa["members"], fb["members"]
            for member in sorted(set(ma) | set(mb)):
                if member not in ma or member not in mb:
                    where = "B" if member not in ma else "A"
                    out.append(f"  file {name}, zip member {member}: only in {where}")
                elif ma[member] != mb[member]:
                    out.append(f"  file {name}, zip member {member}: content differs")
            if set(ma) == set(mb) and fa["order"] != fb["order"]:
                out.append(f"  file {name}: zip members in another order")
        elif fa["sha256"] != fb["sha256"]:
            out.append(f"  file {name}: content differs")
            if "text" in fa and "text" in fb:
                out.extend(text_diff(fa["text"], fb["text"], name))
    return out


def compare_items(a: dict[str, Any], b: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The differences of one item, and its notes (``info``: expected to change on a move)."""
    diffs: list[str] = []
    for key in sorted((set(a) | set(b)) - {"id", "files", "info", "format"}):
        va, vb = a.get(key), b.get(key)
        if va != vb:
            diffs.append(f"  {key}: differs")
            diffs.extend(text_diff(as_text(va), as_text(vb), key))
    diffs.extend(compare_files(a.get("files", {}), b.get("files", {})))
    notes: list[str] = []
    ia, ib = a.get("info", {}), b.get("info", {})
    for key in sorted((set(ia) | set(ib)) - {"file"}):
        if ia.get(key) != ib.get(key):
            notes.append(f"  info {key}: differs")
            notes.extend(text_diff(as_text(ia.get(key)), as_text(ib.get(key)), key))
    return diffs, notes


def compare(snap_a: Path, snap_b: Path, strict: bool = False) -> int:
    a, b = load(snap_a), load(snap_b)
    differing = 0
    noted = 0
    members = files = 0
    for item_id in sorted(set(a) | set(b), key=lambda i: (i not in a, i)):
        ia, ib = a.get(item_id), b.get(item_id)
        if ia is None or ib is None:
            differing += 1
            where, snap = ("B", snap_b) if ia is None else ("A", snap_a)
            print(f"{item_id}: only in {where} ({snap})")
            continue
        diffs, notes = compare_items(ia, ib)
        if strict:
            diffs, notes = diffs + notes, []
        files += len(ia.get("files", {}))
        members += sum(len(f.get("members", {})) for f in ia.get("files", {}).values())
        if diffs:
            differing += 1
            print(f"{item_id}: {' '.join(ia.get('argv', []))}")
            print("\n".join(diffs))
        if notes:
            noted += 1
            print(f"note, {item_id} (expected to change when modules move; not a difference):")
            print("\n".join(notes))
    if differing:
        print(
            f"DIFFERENT: {differing} of {len(set(a) | set(b))} items differ ({snap_a} vs {snap_b})"
        )
        return 1
    print(
        f"same output: {len(a)} items, {files} files, {members} zip members, no differences"
        + (f" ({noted} items with notes)" if noted else "")
    )
    return 0


# ---- check ------------------------------------------------------------------------------------


def toplevel(path: Path) -> Path:
    proc = subprocess.run(
        ["git", "-C", str(path), "rev-parse", "--show-toplevel"],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        sys.exit(f"same_output: {path} is not in a git checkout: {proc.stderr.strip()}")
    return Path(proc.stdout.strip())


def check(base: str, repo: Path | None, python: str, keep: Path | None, strict: bool) -> int:
    current = toplevel(repo or Path.cwd())
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="same-output-check-") as tmp:
        tree = Path(tmp) / "base"
        snaps = keep if keep is not None else Path(tmp)
        subprocess.run(
            ["git", "-C", str(current), "worktree", "add", "--detach", "--quiet", str(tree), base],
            check=True,
        )
        try:
            snapshot(tree, snaps / "snapshot-base", python, quiet=True)
        finally:
            subprocess.run(
                ["git", "-C", str(current), "worktree", "remove", "--force", str(tree)],
                check=False,
            )
            subprocess.run(["git", "-C", str(current), "worktree", "prune"], check=False)
        snapshot(current, snaps / "snapshot-current", python, quiet=True)
        status = compare(snaps / "snapshot-base", snaps / "snapshot-current", strict=strict)
    print(f"check --base {base}: {time.perf_counter() - start:.1f} s")
    return status


# ---- command line -----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="same_output.py",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="the interpreter that runs xlbridge (default: this one)",
    )
    sub = parser.add_subparsers(dest="action", required=True)
    s = sub.add_parser("snapshot", help="snapshot a checkout's output")
    s.add_argument("--repo", type=Path, required=True, help="the checkout's root")
    s.add_argument("-o", "--output", type=Path, required=True, help="the snapshot folder")
    s.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    c = sub.add_parser("compare", help="print the differences of two snapshots; exit 1 if any")
    c.add_argument("snap_a", type=Path)
    c.add_argument("snap_b", type=Path)
    c.add_argument("--strict", action="store_true", help="notes are differences too")
    k = sub.add_parser("check", help="compare a git revision's output with this checkout's")
    k.add_argument("--base", required=True, help="the git revision to compare with")
    k.add_argument("--repo", type=Path, default=None, help="the checkout (default: this one)")
    k.add_argument("--keep", type=Path, default=None, help="keep both snapshots in this folder")
    k.add_argument("--strict", action="store_true", help="notes are differences too")
    args = parser.parse_args(argv)
    if args.action == "snapshot":
        return snapshot(args.repo, args.output, args.python, args.quiet)
    if args.action == "compare":
        return compare(args.snap_a, args.snap_b, args.strict)
    return check(args.base, args.repo, args.python, args.keep, args.strict)


if __name__ == "__main__":
    sys.exit(main())
