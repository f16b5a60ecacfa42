"""Junta in the terminal client (issue 13): a 5-player table with bots, played by a person
in a real 80x40 pseudo-terminal against a live gateway. At every prompt the board (the
President and the offices, every family's public money and cards, the seat's own hand) and
the menu share the screen, and the board says what a spectator's view says. `?` shows a
political card's text and when it may be played, and an area of the city map. The coup's
city map is checked on a coup reached through the engine (tests/games/junta drive coups
through the rules service already)."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator

import pytest
from google.protobuf import json_format
from tablero.junta.v1 import view_pb2 as junta_pb2
from tablero.v1 import common_pb2

from clients.cli import render
from clients.cli.games import junta as cli_junta
from deploy.processes import start_gateway, start_rules
from services.junta import GAME
from services.kernel import engine, rng

from .ptyterm import terminals
from .test_cli_games import COLS, PROMPT, ROWS, Table, at_prompt, board_of, send


@pytest.fixture(scope="module")
def junta_gateway(platform, log_dir) -> Iterator[str]:
    rules = start_rules("services.junta", "junta", log_dir=log_dir)
    # A Redis database of its own: the tables played here are no other test's business.
    gateway = start_gateway(platform.redis_url.rsplit("/", 1)[0] + "/3",
                            {"junta": f"ipv4:{rules.endpoint}"}, log_dir=log_dir)
    yield gateway.endpoint
    gateway.stop()
    rules.stop()


class JuntaTable(Table):
    def settled_view(self, seat: int) -> tuple[object, dict]:
        for _ in range(200):
            t = self.client.get_table(self.tid)
            if t.outcome.finished or {p.seat for p in t.pending if not p.optional} == {seat}:
                break
            time.sleep(0.05)
        view = self.client.get_view(self.tid)
        msg = junta_pb2.JuntaView()
        view.view.Unpack(msg)
        return view, json_format.MessageToDict(msg, preserving_proto_field_name=True,
                                               always_print_fields_with_no_presence=True)


NAMES = ["Ann", "bot 1", "bot 2", "bot 3", "bot 4"]


def answer(screen: list[str], rng: random.Random) -> str:
    """A random option of the menu below the board (log lines arriving after it may follow
    the menu), or its lowest amount."""
    menu = screen[max(i for i, line in enumerate(screen) if line.startswith("╰")):]
    for line in menu:
        m = re.search(r"Enter an amount from (\d+) to", line)
        if m:
            return m.group(1)
    numbers = [int(n) for line in menu for n in re.findall(r"^  (\d+)\. ", line)]
    assert numbers, "no menu on the screen:\n" + "\n".join(screen)
    return str(rng.randint(1, max(numbers)))


def check_board(board: list[str], data: dict) -> None:
    """JU 44: the President, each family's office, status, number of cash and Swiss bills
    and hand size (public), and the seat's own hand and cash (its own)."""
    text = "\n".join(board)
    pres = NAMES[data["president"]] if "president" in data else "none (vacant)"
    assert f"Junta · turn {data['turn']} · phase " in board[1]
    assert f"El Presidente: {pres}" in board[1]
    assert "Your hand: " in text and "Your cash bills: " in text
    for f in data["families"]:
        row = next(line for line in board if re.match(rf"│ {f['player']} {NAMES[f['player']]}",
                                                      line))
        n, s = f["cash_bills"], f["swiss_bills"]
        cash = r"\d+=\d+M" if f["player"] == 0 else f"{n} bills?"
        assert re.search(rf" {cash} +({s} bills?|\d+=\d+M) +{f['hand_size']} ", row), (f, row)
        if f["status"] != "active":
            assert f["status"] in row
        if data.get("president") == f["player"]:
            assert "PRESIDENT" in row


def test_junta_is_played_with_board_menu_and_card_texts_on_one_80x40_screen(junta_gateway):
    with terminals(junta_gateway, ROWS, COLS) as spawn:
        p = spawn("play", "junta", "--bots", "--name", "Ann", "--seats", "5")
        p.expect(r"Table ([0-9a-f]{32}): junta, you are seat 0 \(Ann\)")
        table = JuntaTable(junta_gateway, p.match.group(1))
        screen = at_prompt(p, table)
        board_of(screen, "junta")

        # `?` shows a political card's text and its windows, and an area's neighbours.
        p.sendline("? riot in the slums")
        p.expect(r"Riot in the Slums  event x2\r?\nCoup only \(may start one\): place 6 mob")
        p.expect(r"When: as the starting action of a coup; or in your movement turn of a coup")
        p.sendline("? palace")
        p.expect(r"Presidential Palace  power centre\r?\nadjacent: ")
        p.sendline("? bank")
        p.expect(r"Bank  location\r?\nmay bank in Phase 7")
        at_prompt(p)

        rng_ = random.Random(13)
        phases: set[str] = set()
        for _ in range(40):
            screen = at_prompt(p, table, expected=False) if phases else screen
            _, data = table.settled_view(0)
            if data["game_over"]:
                break
            board = board_of(screen, "junta")
            check_board(board, data)
            phases.add(re.search(r"phase (\d [a-z ]+|set-up)", board[1]).group(1).strip())
            send(p, answer(screen, rng_))
            if p.expect([PROMPT, r"Game over"]) == 1:
                break
        assert {"set-up", "1 draw"} <= phases, phases
        p.sendline("q")
        p.expect(r"You left the table; a bot plays your seat from now on\.")
        assert p.finish() == 0


def coup_state(seed: int) -> tuple[bytes, int]:
    """A 5-player game played by random choices until combat in a coup (JU 32)."""
    step = engine.setup(GAME, 5, {}, seed)
    r = rng.seeded(seed, stream=5)
    for _ in range(4000):
        w = step.waiting()
        d = w[rng.randbelow(r, len(w))]
        if d.kind == "junta.declare_battles":
            return step.state, d.seat
        step = engine.act(GAME, step.state, d.seat,
                          engine.suggest(GAME, step.state, d.seat, d.id, "random"))
    raise AssertionError("no coup combat reached")


def test_the_coup_map_shows_every_unit_and_who_holds_the_power_centres() -> None:
    """JU 28-40: on the 80x40 screen's board, every area's units by type, count and player,
    the units off the map, and who holds each of the five power centres (JU 40.1)."""
    state, seat = coup_state(3)
    sv = engine.view(GAME, state, seat)
    data = json_format.MessageToDict(sv.view, preserving_proto_field_name=True,
                                     always_print_fields_with_no_presence=True)
    ref = json_format.MessageToDict(GAME.reference(), preserving_proto_field_name=True,
                                    always_print_fields_with_no_presence=True)
    render.load_games()
    ctx = render.RenderContext("junta", common_pb2.SeatView(seat=seat), data,
                               "tablero.junta.v1.JuntaView", NAMES, ref, {}, COLS, 30)
    text = render.plain(render.view_panel(ctx), COLS)
    lines = text.splitlines()
    assert len(lines) <= 30
    coup = data["coup"]
    assert f"COUP led by {NAMES[coup['leader']]}" in text
    cells = {a["id"]: (a["x"], a["y"]) for a in ref["areas"] if a["x"] >= 0}
    rows = {y: [line for line in lines if cli_junta.AREAS[next(
        i for i, c in cells.items() if c == (0, y))] in line] for y in range(5)}
    for g in coup["units"]:
        token = f"{cli_junta.UNITS[g['unit']]}×{g['count']}:" + (
            g["force"] if g["force"].isdigit() else "-")
        if g["area"] in cells:
            # The units line follows the line of its row's area names.
            y = cells[g["area"]][1]
            names_at = lines.index(rows[y][0])
            assert token in lines[names_at + 1], (g, lines[names_at:names_at + 2])
        else:
            assert token in next(x for x in lines if "Off the map:" in x)
    for pc in coup["control"]:
        mark = f"{cli_junta.AREAS[pc['area']]}* {pc['held_by'][0].upper()}"
        assert mark in text, (pc, text)
    held = sum(pc["held_by"] == "president" for pc in coup["control"])
    assert f"centres P{held} R{5 - held}" in text


def test_lookup_reads_every_political_card() -> None:
    """JU 47: `? <card>` finds every political card by its name, with its text."""
    ref = json_format.MessageToDict(GAME.reference(), preserving_proto_field_name=True,
                                    always_print_fields_with_no_presence=True)
    ctx = render.RenderContext("junta", common_pb2.SeatView(seat=0), {},
                               "tablero.junta.v1.JuntaView", NAMES, ref, {}, COLS, None)
    assert len(ref["cards"]) == 56
    for c in ref["cards"]:
        shown = render.plain(cli_junta.lookup(ctx, c["name"]), COLS)
        assert c["name"] in shown and " ".join(c["text"].split()[:4]) in " ".join(shown.split())
        assert "When: " in shown
