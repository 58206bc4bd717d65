"""Rebuild ``mitchell3x2.bws``: a Bridgemate results database (Access 2000 / Jet 4) for the
session ``xlbridge new mitchell --tables 3 --boards-per-round 2`` writes, with bad rows.

The database is written by Jackcess (a real Access writer, Java), taken from the PyPI wheel
``mpxj`` which bundles it; nothing here writes Access bytes itself. Needs Java 11+ and pip::

    .venv/bin/python tests/data/bws/make_bws.py            # downloads mpxj==16.10.0 with pip
    .venv/bin/python tests/data/bws/make_bws.py --jars DIR  # or: DIR holds the three jars

The rows and what ``xlbridge import`` must do with each are listed in ``RECEIVED`` below and
in README.md; ``tests/test_bws_real.py`` checks them.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "mitchell3x2.bws"
WHEEL = "mpxj==16.10.0"
WHEEL_SHA256 = "5cc44621b58c9d218afd26f4a4a6baa614b41d207a69f8f4ff16a8f6d6f2e5cd"
JARS = ("jackcess-4.0.10.jar", "commons-lang3-3.18.0.jar", "commons-logging-1.2.jar")

# Mitchell, 3 tables, 2 boards a round, 3 rounds (xlbridge.movements.mitchell.mitchell(3, 2)):
# (round, table, NS pair, EW pair, boards); EW pairs are numbered 1-3 as on Bridgemate.
MOVEMENT = (
    (1, 1, 1, 1, (1, 2)), (1, 2, 2, 2, (3, 4)), (1, 3, 3, 3, (5, 6)),
    (2, 1, 1, 3, (3, 4)), (2, 2, 2, 1, (5, 6)), (2, 3, 3, 2, (1, 2)),
    (3, 1, 1, 2, (5, 6)), (3, 2, 2, 3, (1, 2)), (3, 3, 3, 1, (3, 4)),
)  # fmt: skip

# ReceivedData rows in ID order (mdb-export line = ID + 1):
# (round, table, board, PairNS, PairEW, NS/EW, Contract, Result, LeadCard, Erased)
RECEIVED = (
    (1, 1, 1, 1, 1, "N", "4 S", "+1", "H5", 0),  # line 2: 4S by N, made 5
    (1, 1, 2, 1, 1, "E", "3 NT x", "-2", "S10", 0),  # line 3: 3NTX by E, down 2
    (1, 2, 3, 2, 2, "", "PASS", "", "", 0),  # line 4: passed out
    (1, 2, 4, 2, 2, "S", "2 H xx", "=", "CA", 0),  # line 5: 2HXX by S, made 2
    (1, 3, 5, 3, 3, "W", "1 C", "+2", "D2", 1),  # line 6: erased: skipped
    (1, 3, 5, 3, 3, "W", "1 D", "+2", "D2", 0),  # line 7: 1D by W, made 3
    (1, 3, 6, 3, 3, "N", "6 NT", "=", "HK", 0),  # line 8: 6NT by N, made 6
    (2, 1, 3, 1, 3, "S", "5 C x", "-1", "SQ", 0),  # line 9: 5CX by S, down 1
    (2, 1, 4, 1, 3, "E", "4 H", "-1", "C3", 0),  # line 10: received again on line 11
    (2, 1, 4, 1, 3, "E", "4 H", "=", "C3", 0),  # line 11: 4H by E, made 4 (stands)
    (2, 2, 5, 2, 1, "N", "8 S", "=", "H2", 0),  # line 12: bad contract (level 8)
    (2, 2, 6, 2, 1, "N", "3 S", "=", "DJ", 0),  # line 13: 3S by N, made 3
    (2, 3, 3, 3, 2, "S", "2 C", "=", "S4", 0),  # line 14: NS 3 / EW 2 do not play board 3
    (2, 3, 1, 3, 2, "W", "2 S", "+1", "C9", 0),  # line 15: 2S by W, made 3
    (3, 1, 5, 1, 9, "N", "3 H", "=", "S7", 0),  # line 16: no EW pair 9
    (3, 1, 99, 1, 2, "N", "3 H", "=", "S7", 0),  # line 17: no board 99
    (3, 2, 1, 2, 3, "S", "3 NT", "+1", "D5", 0),  # line 18: 3NT by S, made 4
    (3, 3, 3, 3, 1, "E", "2 D", "=", "H3", 1),  # line 19: erased: skipped, play stays empty
    (3, 3, 4, 3, 1, "X", "4 S", "=", "C8", 0),  # line 20: bad declarer direction
    (3, 1, 6, 1, 2, "N", "4 S", "+4", "HA", 0),  # line 21: 14 tricks: bad result
    (3, 2, 2, 2, 3, "", "", "", "", 0),  # line 22: Remarks "Not played": reported, not placed
)  # fmt: skip


def _rows_tsv() -> str:
    lines = ["Section\t1\tA\t3\t0\t0\t1\t1\t2"]
    lines += [f"Tables\t1\t{t}\t1\t0\t1\t3\t0\t0" for t in range(1, 4)]
    for rnd, table, ns, ew, boards in MOVEMENT:
        lines.append(f"RoundData\t1\t{table}\t{rnd}\t{ns}\t{ew}\t{boards[0]}\t{boards[-1]}\t")
    for i, (rnd, table, board, ns, ew, seat, contract, result, lead, erased) in enumerate(RECEIVED):
        declarer = ns if seat in ("N", "S") else ew if seat in ("E", "W") else 0
        when = f"1899-12-30T19:{i:02d}:00"  # Access keeps a time of day on day zero
        remarks = "" if contract else "Not played"  # as TabScore writes a board not played
        day = "2026-11-23T00:00"
        fields = ("ReceivedData", "AUTO", 1, table, rnd, board, ns, ew, declarer, seat, contract,
                  result, lead, remarks, day, when, 0, 0, 0, 0, 0, erased)  # fmt: skip
        lines.append("\t".join(str(v) for v in fields))
    return "\n".join(lines) + "\n"


def _jars_from_wheel(tmp: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", WHEEL, "-d", str(tmp)],
        check=True,
    )
    (wheel,) = tmp.glob("mpxj-*.whl")
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        raise SystemExit(f"{wheel.name}: sha256 {digest}, expected {WHEEL_SHA256}")
    with zipfile.ZipFile(wheel) as z:
        for jar in JARS:
            (tmp / jar).write_bytes(z.read(f"mpxj/lib/{jar}"))
    return tmp


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jars", type=Path, help="folder holding " + ", ".join(JARS))
    parser.add_argument("-o", "--output", type=Path, default=OUT)
    args = parser.parse_args()
    java = shutil.which("java")
    if java is None:
        raise SystemExit("make_bws.py needs Java 11+ (e.g. apt-get install openjdk-17-jre)")
    with tempfile.TemporaryDirectory(prefix="make-bws-") as t:
        tmp = Path(t)
        jars = args.jars if args.jars else _jars_from_wheel(tmp)
        rows = tmp / "rows.tsv"
        rows.write_text(_rows_tsv(), encoding="utf-8")
        out = tmp / "out.bws"
        classpath = ":".join(str(jars / j) for j in JARS)
        subprocess.run([java, "-cp", classpath, str(HERE / "MakeBws.java"), str(rows), str(out)],
                       check=True)  # fmt: skip
        shutil.copyfile(out, args.output)
    print(f"wrote {args.output} ({args.output.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
