"""`tablero play andean_abyss --solo govt` (issue 14): a person alone against a COIN game's
Non-players, through a real gateway and rules service. The CLI asks for a 1-seat private
table with the game's `non_players` option naming every other faction; the gateway accepts
fewer seats than a default table when the game's Setup does (AA 1.5); the Non-players'
choices come back as events while the person plays the Government."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from clients.cli.session import solo_options
from clients.sdk import Client, TableroError
from services.andean_abyss import GAME
from services.runtime.convert import game_info_pb
from tests.support import Platform, game_gateway, play_alone

from .ptyterm import terminals
from .test_cli_games import COLS, ROWS, Table, answer, at_prompt, send

INFO = game_info_pb(GAME)


def test_solo_options_name_every_other_faction() -> None:
    """AA 1.5: solo as the Government: FARC, AUC and Cartels are Non-players; a faction by
    its role name too; options given stay; the Insurgents cannot be played alone (first
    edition: the Government is always a player), nor an unknown faction."""
    assert solo_options(INFO, "govt", {}) == {"non_players": "farc+auc+cartels"}
    assert solo_options(INFO, "Government", {"short_game": "true"}) == \
        {"short_game": "true", "non_players": "farc+auc+cartels"}
    for bad, words in (("farc", "played alone as govt, not farc"), ("army", "no faction")):
        with pytest.raises(TableroError) as e:
            solo_options(INFO, bad, {})
        assert e.value.code == grpc.StatusCode.INVALID_ARGUMENT and words in e.value.message


@pytest.fixture(scope="module")
def aa_gateway(platform: Platform, log_dir: Path) -> Iterator[str]:
    with game_gateway(platform.redis_url, "andean_abyss", db=2, log_dir=log_dir) as gw:
        yield gw.endpoint


def test_gateway_seats_a_solo_table_and_plays_it_to_the_end(aa_gateway: str) -> None:
    """A 1-seat Andean Abyss table through the gateway: the default stays 2 seats
    (GameInfo.min_seats); the Government's random choices to the end of a short game, the
    Non-players acting in the rules service between them; 1 seat the game's rules do not
    allow is refused by its Setup (AA without Non-players)."""
    c = Client(aa_gateway)
    c.login("Solo")
    assert c.describe_game("andean_abyss").min_seats == 2
    with pytest.raises(TableroError) as e:
        c.create_table("andean_abyss", 1, {"non_players": "none"})
    assert e.value.code == grpc.StatusCode.INVALID_ARGUMENT
    t = c.create_table("andean_abyss", 1, {"non_players": "farc+auc+cartels",
                                           "short_game": "true"})
    assert [s.seat for s in t.seats] == [0]
    outcome = play_alone(c, t.table_id, random.Random(3))
    assert outcome.finished and len(outcome.results) == 1


def test_cli_solo_govt_plays_against_the_non_players(aa_gateway: str) -> None:
    """`tablero play andean_abyss --solo govt`: one seat, the person's; the view marks the
    three Insurgents Non-players; their choices arrive between the person's prompts."""
    with terminals(aa_gateway, ROWS, COLS) as start:
        p = start("play", "andean_abyss", "--solo", "govt", "--name", "Ann")
        p.expect(r"Solo: you play govt; farc\+auc\+cartels are Non-players\.")
        p.expect(r"Table ([0-9a-f]{32}): andean_abyss, you are seat 0 \(Ann\)")
        table = Table(aa_gateway, p.match.group(1))
        rng = random.Random(7)
        for _ in range(12):
            screen = at_prompt(p, table)
            send(p, answer(screen, rng))
        info = table.client.get_table(table.tid)
        assert [s.seat for s in info.seats] == [0]
        _, data = table.settled_view(0)
        assert [(f["id"], f["non_player"]) for f in data["factions"]] == \
            [("govt", False), ("farc", True), ("auc", True), ("cartels", True)]
        assert re.search(r"\(Non-player\)", "\n".join(p.lines()))
        board = "\n".join(p.lines())  # the factions' rows name who runs each
        assert re.search(r"Govt\s+\(Ann\)\s+\d+ Res", board)
        assert re.search(r"FARC\s+\(Non-player\)\s+\d+ Res", board)
        at_prompt(p)
        p.sendline("q")
        p.expect(r"You left the table")
        assert p.finish() == 0


def test_cli_solo_refuses_a_faction_without_a_solo_game(aa_gateway: str) -> None:
    """A faction the game cannot be played alone as: a clear error, no table."""
    with terminals(aa_gateway, ROWS, COLS) as start:
        p = start("play", "andean_abyss", "--solo", "farc", "--name", "Ann")
        p.expect(r"INVALID_ARGUMENT: andean_abyss is played alone as govt, not farc")
        assert p.finish() == 1
