"""``xlbridge import``: results from CSV, PBN and Bridgemate .bws files into a copy of the
workbook (issue 14). Rows that do not fit are reported by line and board; nothing typed is
replaced without --force; the user's workbook is never changed.
An import that leaves a row out exits 3, as ``results`` does with open problems: each row
left out is an open problem on the copy's Checks sheet (issue 30).

Formats: PBN 2.1 (Board, Contract, Declarer, Result tags; ScoreTable with PairId_NS, PairId_EW,
Contract, Declarer, Result); Bridgemate's ReceivedData table (Section, Table, Round, Board,
PairNS, PairEW, Declarer, NS/EW, Contract, Result, Erased), read with mdbtools.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.support.fake_mdbtools import fake_mdbtools
from tests.support.shared import digest, needs_mdbtools
from xlbridge.cli import main
from xlbridge.families.pairs.build import write_session
from xlbridge.families.pairs.entries import read_entered
from xlbridge.families.pairs.rebuild import slots_of
from xlbridge.families.registry import score_workbook
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.mitchell import mitchell

M = mitchell(3, 2)  # boards 1-6; NS 1-3 stationary, EW 1-3 move


def _plays() -> list[tuple[int, str, str]]:
    return sorted(slots_of(M))


@pytest.fixture(scope="module")
def _book_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The session workbook, written once a module; each test gets its own copy."""
    path = tmp_path_factory.mktemp("club") / "club.xlsx"
    write_session(M, path)
    return path


@pytest.fixture()
def book(_book_master: Path, tmp_path: Path) -> Path:
    return Path(shutil.copy2(_book_master, tmp_path / _book_master.name))


def _cells(path: Path) -> dict[tuple[int, str, str], dict[str, Any]]:
    return {(r.board, r.ns, r.ew): dict(r.cells) for r in read_entered(path).rows}


def _n(label: str) -> str:
    return label.split()[-1]


def test_csv_import_with_bad_rows(book: Path, tmp_path: Path, capsys: Any) -> None:
    (b1, ns1, ew1), (b2, ns2, ew2) = _plays()[0], _plays()[3]
    wrong_ew = next(ew for b, ns, ew in _plays() if b != b1 and ns == ns1 and ew != ew1)
    csv = tmp_path / "scores.csv"
    csv.write_text(
        "board,ns,ew,contract,declarer,result\n"
        f"{b1},{_n(ns1)},{_n(ew1)},4S,N,10\n"  # line 2: fits
        f"{b2},{_n(ns2)},{_n(ew2)},3NT,W,-2\n"  # line 3: fits (7 tricks: down 2)
        f"99,{_n(ns1)},{_n(ew1)},4S,N,=\n"  # line 4: no such board
        f"{b1},{_n(ns1)},{_n(wrong_ew)},4S,N,=\n"  # line 5: they do not meet on b1
        f"{b1},9,{_n(ew1)},4S,N,=\n"  # line 6: no pair 9
        f"{b2},{_n(ns2)},{_n(ew2)},8S,N,=\n"  # line 7: bad contract (second row for the play)
        f"{b1},{_n(ns1)},{_n(ew1)},4S,Q,=\n",  # line 8: bad declarer
        encoding="utf-8",
    )
    before = digest(book)
    out = tmp_path / "out.xlsx"
    assert main(["import", str(book), "--from", str(csv), "-o", str(out)]) == 3
    assert digest(book) == before
    err = capsys.readouterr().err.strip().splitlines()
    assert [e.split(": ")[1] for e in err] == [f"scores.csv line {n}" for n in (4, 5, 6, 7, 8)]
    assert [e.split(": ")[2] for e in err] == [f"board {b}" for b in (99, b1, b1, b2, b1)]
    got = _cells(out)
    assert got[(b1, ns1, ew1)] == {"Contract": "4S", "By": "N", "Made": 4}
    assert got[(b2, ns2, ew2)] == {"Contract": "3NT", "By": "W", "Down": 2}
    assert len(got) == 2
    checks = [r[0] for r in openpyxl.load_workbook(out)["Checks"].iter_rows(values_only=True)]
    assert any(isinstance(c, str) and "scores.csv line 6" in c for c in checks)
    res = score_workbook(out)  # the results engine reads the filled copy
    assert {(r.board, r.contract, r.tricks) for r in res.input.rows if r.contract} == {
        (b1, "4S", 10), (b2, "3NT", 7)}  # fmt: skip


def test_typed_cells_are_kept_without_force(book: Path, tmp_path: Path, capsys: Any) -> None:
    b, ns, ew = _plays()[0]
    r = slots_of(M)[(b, ns, ew)]
    wb = openpyxl.load_workbook(book)
    wb[f"Board {b}"][f"C{r}"], wb[f"Board {b}"][f"D{r}"], wb[f"Board {b}"][f"E{r}"] = "2H", "S", 3
    save_workbook(wb, book)
    csv = tmp_path / "r.csv"
    csv.write_text(f"board,ns,ew,contract,declarer,result\n{b},{_n(ns)},{_n(ew)},4S,N,10\n")
    out, forced = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    assert main(["import", str(book), "--from", str(csv), "-o", str(out)]) == 3
    assert "already holds Contract=2H By=S Made=3" in capsys.readouterr().err
    assert _cells(out)[(b, ns, ew)] == {"Contract": "2H", "By": "S", "Made": 3}
    assert main(["import", str(book), "--from", str(csv), "-o", str(forced), "--force"]) == 0
    assert _cells(forced)[(b, ns, ew)] == {"Contract": "4S", "By": "N", "Made": 4}
    # the same result again is not a conflict
    assert main(["import", str(forced), "--from", str(csv), "-o", str(tmp_path / "c.xlsx")]) == 0
    assert "1 already there" in capsys.readouterr().out


def test_csv_traveller_forms(book: Path, tmp_path: Path) -> None:
    (b, ns, ew), (b2, ns2, ew2) = _plays()[1], _plays()[2]
    csv = tmp_path / "t.csv"
    csv.write_text(f"board,ns,ew,score,adjusted\n{b},{ns},{ew},-420,\n{b2},{ns2},{ew2},,A+/A-\n")
    out = tmp_path / "o.xlsx"
    assert main(["import", str(book), "--from", str(csv), "-o", str(out)]) == 0
    got = _cells(out)
    assert got[(b, ns, ew)] == {"NS Score": -420}
    assert got[(b2, ns2, ew2)] == {"Adjusted": "A+/A-"}


def test_pbn_import(book: Path, tmp_path: Path, capsys: Any) -> None:
    (b1, ns1, ew1), (b2, ns2, ew2) = _plays()[0], _plays()[5]
    r2 = slots_of(M)[(b2, ns2, ew2)]
    rnd, table = next(
        (e.round, e.table) for e in M.entries if b2 in e.boards and e.table == int(_n(ns2))
    )
    assert r2
    pbn = tmp_path / "club.pbn"
    pbn.write_text(
        "% PBN 2.1\n\n"
        f'[Board "{b1}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]\n'
        f"{_n(ns1)} {_n(ew1)} 4HX S 8\n"
        f"{_n(ns1)} 9 3NT N 9\n"
        "\n"
        f'[Board "{b2}"]\n[Declarer "E"]\n[Contract "2S"]\n[Result "9"]\n'
        f'[Round "{rnd}"]\n[Table "{table}"]\n'
        "\n"
        '[Board "5"]\n[Contract "9Q"]\n',
        encoding="utf-8",
    )
    out = tmp_path / "p.xlsx"
    assert main(["import", str(book), "--from", str(pbn), "-o", str(out)]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2
    assert f"club.pbn line 8: board {b1}" in err[0] and "pair '9'" in err[0]
    assert "club.pbn line 17: board 5" in err[1]
    got = _cells(out)
    assert got[(b1, ns1, ew1)] == {"Contract": "4HX", "By": "S", "Down": 2}
    assert got[(b2, ns2, ew2)] == {"Contract": "2S", "By": "E", "Made": 3}


# -- Bridgemate .bws -----------------------------------------------------------------------------

_BWS_HEADER = (
    '"ID","Section","Table","Round","Board","PairNS","PairEW","Declarer","NS/EW","Contract",'
    '"Result","LeadCard","Remarks","DateLog","TimeLog","Processed","Processed1","Processed2",'
    '"Processed3","Processed4","Erased"'
)


def _bws(tmp_path: Path) -> Path:
    p = tmp_path / "session.bws"
    p.write_bytes(b"\x00\x01\x00\x00Standard Jet DB\x00" + bytes(4076))
    return p


def test_bws_import_with_fake_mdbtools(
    book: Path, tmp_path: Path, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    plays = _plays()
    (b1, ns1, ew1), (b2, ns2, ew2), (b3, ns3, ew3) = plays[0], plays[2], plays[4]

    def row(i: int, b: int, ns: str, ew: str, seat: str, contract: str, result: str,
            erased: int = 0) -> str:  # fmt: skip
        t = _n(ns)
        rnd = next(e.round for e in M.entries if b in e.boards and e.table == int(t))
        return (f'{i},1,{t},{rnd},{b},{t},{_n(ew)},{t},"{seat}","{contract}","{result}","",'
                f'"","","",0,0,0,0,0,{erased}')  # fmt: skip

    export = "\n".join([
        _BWS_HEADER,
        row(1, b1, ns1, ew1, "N", "4 S", "+1"),  # line 2
        row(2, b2, ns2, ew2, "W", "3 NT x", "-1", erased=1),  # line 3: erased, skipped
        row(3, b2, ns2, ew2, "W", "3 NT x", "="),  # line 4
        row(4, b3, ns3, ew3, "S", "2 H", "="),  # line 5: superseded by line 6
        row(5, b3, ns3, ew3, "S", "2 H", "+2"),  # line 6
        '6,1,1,1,99,1,1,1,"N","PASS","","","","","",0,0,0,0,0,0',  # line 7: no board 99
        row(7, *plays[1], "N", "8 Z", "="),  # line 8: bad contract
    ]) + "\n"  # fmt: skip
    bws = fake_mdbtools(tmp_path, export, monkeypatch)
    before, bws_before = digest(book), digest(bws)
    out = tmp_path / "bm.xlsx"
    assert main(["import", str(book), "--from", str(bws), "-o", str(out)]) == 3
    assert digest(book) == before and digest(bws) == bws_before
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2
    assert "session.bws ReceivedData line 7: board 99" in err[0]
    assert f"session.bws ReceivedData line 8: board {plays[1][0]}: strain 'Z'" in err[1]
    got = _cells(out)
    assert got == {
        (b1, ns1, ew1): {"Contract": "4S", "By": "N", "Made": 5},
        (b2, ns2, ew2): {"Contract": "3NTX", "By": "W", "Made": 3},
        (b3, ns3, ew3): {"Contract": "2H", "By": "S", "Made": 4},
    }


def test_bws_real_mdbtools_on_real_access_files(book: Path, tmp_path: Path, capsys: Any) -> None:
    """The real mdbtools: an Access database without ReceivedData, and a damaged one."""
    needs_mdbtools()
    msaccessdb = pytest.importorskip("msaccessdb")
    empty = tmp_path / "empty.mdb"
    msaccessdb.create(str(empty))
    real = tmp_path / "empty.bws"
    real.write_bytes(empty.read_bytes())
    assert main(["import", str(book), "--from", str(real), "-o", str(tmp_path / "x.xlsx")]) == 2
    assert _bws(tmp_path).exists()
    damaged = tmp_path / "session.bws"
    assert main(["import", str(book), "--from", str(damaged), "-o", str(tmp_path / "x.xlsx")]) == 2
    not_access = tmp_path / "n.bws"
    not_access.write_text("hello")
    assert (
        main(["import", str(book), "--from", str(not_access), "-o", str(tmp_path / "x.xlsx")]) == 2
    )
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3
    assert "has no ReceivedData table" in err[0]
    assert "mdb-tables could not read the file" in err[1]
    assert "not an Access database" in err[2]
    assert not (tmp_path / "x.xlsx").exists()


def test_unknown_format_and_same_output(book: Path, tmp_path: Path, capsys: Any) -> None:
    txt = tmp_path / "r.txt"
    txt.write_text("x")
    assert main(["import", str(book), "--from", str(txt), "-o", str(tmp_path / "o.xlsx")]) == 2
    assert main(["import", str(book), "--from", str(txt), "-o", str(book), "--force"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert "give a .csv, .pbn or .bws file" in err[0]
    assert "replace the workbook" in err[1]


def test_pbn_written_by_results_imports_back(book: Path, tmp_path: Path) -> None:
    """Round trip through a real-format file: ``xlbridge results --format pbn`` writes PBN 2.1
    score tables (quoted pair labels, adjusted scores, pass-outs); importing that PBN into a
    blank copy of the workbook gives back every result as typed."""
    filled = tmp_path / "filled.xlsx"
    wb = openpyxl.load_workbook(book)
    for (b, _ns, _ew), r in slots_of(M).items():
        ws = wb[f"Board {b}"]
        if (b + r) % 5 == 0:
            ws[f"K{r}"] = "A+/A-"
        elif (b + r) % 7 == 0:
            ws[f"C{r}"] = "PASS"
        else:
            contract = ["4S", "3NTX", "2H"][(b + r) % 3]
            ws[f"C{r}"], ws[f"D{r}"] = contract, "NESW"[r % 4]
            if (b * r) % 3 == 0:
                ws[f"F{r}"] = 1
            else:
                ws[f"E{r}"] = int(contract[0])
    save_workbook(wb, filled)
    pbn = tmp_path / "export.pbn"
    assert main(["results", str(filled), "--format", "pbn", "-o", str(pbn)]) == 0
    csv = tmp_path / "export.csv"
    assert (
        main(["results", str(filled), "--format", "csv", "--table", "results", "-o", str(csv)]) == 0
    )
    typed = _cells(filled)  # each file read once
    for source in (pbn, csv):
        back = tmp_path / f"back-{source.suffix[1:]}.xlsx"
        assert main(["import", str(book), "--from", str(source), "-o", str(back)]) == 0
        got = _cells(back)
        assert got == typed
        assert len(got) == len(slots_of(M))


def test_force_puts_the_score_formula_back(book: Path, tmp_path: Path) -> None:
    """A score typed over NS Score is replaced with --force by the imported contract, and the
    NS Score formula comes back (the result is scored, not the old typed number)."""
    b, ns, ew = _plays()[0]
    r = slots_of(M)[(b, ns, ew)]
    wb = openpyxl.load_workbook(book)
    formula = wb[f"Board {b}"][f"G{r}"].value
    wb[f"Board {b}"][f"G{r}"] = 999
    save_workbook(wb, book)
    csv = tmp_path / "r.csv"
    csv.write_text(f"board,ns,ew,contract,declarer,result\n{b},{_n(ns)},{_n(ew)},3NT,S,9\n")
    out = tmp_path / "f.xlsx"
    assert main(["import", str(book), "--from", str(csv), "-o", str(out), "--force"]) == 0
    assert openpyxl.load_workbook(out)[f"Board {b}"][f"G{r}"].value == formula
    assert _cells(out)[(b, ns, ew)] == {"Contract": "3NT", "By": "S", "Made": 3}
