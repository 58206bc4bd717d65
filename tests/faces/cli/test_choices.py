"""The typed choices (``Literal`` aliases) and the tuples the command line offers agree."""

from __future__ import annotations

from typing import get_args

import pytest

from xlbridge.cli.results import FORMATS
from xlbridge.errors import XlbridgeError
from xlbridge.families import registry as families
from xlbridge.families.duplicate import score
from xlbridge.movements import registry as movements
from xlbridge.scoring import choices, imp_pairs, vp
from xlbridge.scoring.matchpoints import MPScale
from xlbridge.workbook import choices as workbook_choices


@pytest.mark.parametrize(
    ("alias", "values"),
    [
        (choices.PairsScoring, workbook_choices.SCORINGS),
        (choices.PairsScoring, score.SCORINGS),
        (choices.PairsScoring, imp_pairs.BOARD_METHODS),
        (choices.ImpMethod, imp_pairs.IMP_METHODS),
        (choices.ResultEntry, workbook_choices.RESULT_ENTRIES),
        (choices.MPScaleName, tuple(s.value for s in MPScale)),
        (choices.TeamsScoring, choices.TEAMS_SCORINGS),
        (choices.SocialScoring, choices.SOCIAL_SCORINGS),
        (choices.VPScaleName, vp.VP_SCALES),
        (choices.OutputFormat, FORMATS),
        (choices.TravellerFormat, choices.TRAVELLER_FORMATS),
        (movements.FamilyName, movements.FAMILY_NAMES),
        (movements.FamilyName, families.FAMILY_NAMES),
    ],
)
def test_tuple_is_its_literal(alias: object, values: tuple[str, ...]) -> None:
    assert values == get_args(alias)


def test_family_names_are_one() -> None:
    assert families.FamilyName is movements.FamilyName
    assert set(movements.FAMILIES.values()) <= set(movements.FAMILY_NAMES)
    assert [f.name for f in families.all_families()] == list(movements.FAMILY_NAMES)


def test_subsets() -> None:
    assert set(choices.IMP_METHODS) < set(choices.PAIRS_SCORINGS)
    assert set(choices.TRAVELLER_FORMATS) < set(choices.OUTPUT_FORMATS)
    assert set(vp.TEAM_SCALES) < set(vp.VP_SCALES)


def test_parse_choice() -> None:
    assert choices.parse_choice("bam", choices.TEAMS_SCORINGS, "team scoring") == "bam"
    with pytest.raises(XlbridgeError, match="scoring 'MP' is not one of mp, butler, ximp"):
        choices.parse_choice("MP", choices.PAIRS_SCORINGS, "scoring")
