"""What ``new`` takes alike for pairs and individual games, in one place
(:mod:`xlbridge.families.duplicate.new_options`): the movement options, refused by name by a
kind that takes none, and the strata, whose ``--unknown-stratum`` goes with ``--strata`` for
both families (an individual's was ignored before).

Source: BBO, "Stratification in ACBL games" (a player without masterpoints on file goes in
the top stratum online, ``--unknown-stratum highest``); an ACBL club game counts them as 0, the
lowest (the default), as in ``tests/families/pairs/test_unknown_stratum.py``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tests.support.shared import cli_new, run_cli
from xlbridge.errors import MovementError
from xlbridge.families.duplicate.new_options import MovementOptions
from xlbridge.families.duplicate.settings import read
from xlbridge.families.individual.settings import NewOptions as IndividualOptions
from xlbridge.families.pairs.new import NewOptions as PairsOptions
from xlbridge.families.registry import WriteRequest, family
from xlbridge.interchange.gate import load_workbook
from xlbridge.scoring.strata import Strata

MOVEMENT_FIELDS = ["even", "arrow_switch", "half_table", "barometer", "sit_out"]


def test_both_families_take_the_one_set_of_movement_options() -> None:
    assert [f.name for f in dataclasses.fields(MovementOptions)] == MOVEMENT_FIELDS
    for options in (PairsOptions, IndividualOptions):
        names = [f.name for f in dataclasses.fields(options)]
        assert names[:5] == MOVEMENT_FIELDS and len(set(names)) == len(names)
        assert issubclass(options, MovementOptions)


@pytest.mark.parametrize("kind", ["mitchell", "rainbow"])
def test_unknown_stratum_without_strata_is_refused_for_both(kind: str) -> None:
    code, _out, err = run_cli("new", kind, "--tables", "5", "--unknown-stratum", "highest",
                              "-o", "never.xlsx")  # fmt: skip
    assert code == 2 and "--unknown-stratum: give --strata too" in err
    assert len(err.strip().splitlines()) == 1 and not Path("never.xlsx").exists()


def test_an_individual_keeps_its_unknown_stratum(tmp_path: Path) -> None:
    book = cli_new(tmp_path, "r", "rainbow", "--tables", "5", "--strata", "1000,300,0",
                   "--unknown-stratum", "highest")  # fmt: skip
    assert read(load_workbook(book)).strata == Strata.parse("1000,300,0", "higher", "highest")


def test_a_movement_option_an_individual_kind_takes_not_is_refused_by_name(
    tmp_path: Path,
) -> None:
    """Through the library (the command line refuses it earlier, by family)."""
    request = WriteRequest("rainbow", 5, options={"even": "skip"})
    with pytest.raises(MovementError, match=r"^rainbow: option --even does not apply to this kind"):
        family("individual").write_new(request, tmp_path / "never.xlsx")
    assert not (tmp_path / "never.xlsx").exists()
