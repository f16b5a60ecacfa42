"""The terminal client driven in a pseudo-terminal through whole Duel games (issue 4).

Each test reads the screen as a person would: the view, the numbered options,
the log with other players' moves arriving live, the final ranking, and then
checks what the screen said against what the gateway recorded.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import threading

import pytest
from tablero.v1 import gateway_pb2

from clients.sdk import Client, random_chooser

from .ptyterm import Terminal, terminals

STAKE = r"Enter an amount from (\d+) to (\d+)\."
TURN = r"Draw a card or pass\."
PLAY = r"Play one card, face down\."
OVER = r"Game over"
MENUS = [STAKE, TURN, PLAY, OVER]


@pytest.fixture
def spawn(gateway):
    with terminals(gateway) as start:
        yield start


def answer_until_over(p: Terminal, stake: int = 3) -> dict[str, int]:
    """Answer every decision (max stake, always draw, lowest card) until the game ends."""
    asked = {"stake": 0, "turn": 0, "play": 0}
    while (i := p.expect(MENUS)) != 3:
        p.expect("> ")
        if i == 0:
            asked["stake"] += 1
            p.sendline(str(stake))
        elif i == 1:
            asked["turn"] += 1
            p.sendline("1")
        else:
            asked["play"] += 1
            p.sendline("1")
    return asked


def log_of(redis, tid: str) -> list[dict]:
    return [json.loads(e) for e in redis.lrange(f"t:{{{tid}}}:log", 0, -1)]


def reply(p: Terminal, text: str, then: str) -> None:
    """At the next prompt, type `text`; the screen must then show `then`."""
    p.expect("> ")
    p.sendline(text)
    p.expect(then)


def test_play_against_bots_from_the_menu_to_the_end(gateway, redis, spawn):
    p = spawn("play", "duel", "--option", "rounds=3")
    p.expect("Your name: ")
    p.sendline("Ann")
    p.expect("How do you want to play")
    reply(p, "2", r"Table ([0-9a-f]{32}): duel, you are seat 0 \(Ann\)")
    tid = p.match.group(1)
    # The first view: the seat's hand, the per-seat table, then the stake prompt.
    p.expect(r"hand\s+(\d+), (\d+), (\d+)")
    hand = sorted(int(x) for x in p.match.groups())
    p.expect(r"0: Ann \(you\)\s+1: bot 1")
    p.expect(STAKE)
    assert p.match.groups() == ("0", "3")
    reply(p, "seven", r"Type a whole number from 0 to 3\.")
    reply(p, "9", r"The amount must be from 0 to 3\.")
    reply(p, "2", r"Ann sets the stake to 2\.")
    p.expect(TURN + r"\s.*\n\s+1\. Draw a card .*\n\s+2\. Pass")
    reply(p, "5", r"Choose a number from 1 to 2\.")
    reply(p, "pass", r"Ann passes\.")
    p.expect(PLAY + rf"\s.*\n\s+1\. card:{hand[0]}\s")
    reply(p, "1", rf"You committed card:{hand[0]}\.")
    asked = answer_until_over(p)
    p.expect(r"Most points wins\.")
    p.expect(r"You (win!|finish rank (\d))")
    verdict = p.match.group(1)
    assert p.finish() == 0
    assert asked["stake"] == 1 and asked["play"] == 2  # rounds 2-3: seat 0 leads round 3
    mine = [e for e in log_of(redis, tid) if e["by"] == "player"]
    assert {e["seat"] for e in mine} == {0}
    assert [mine[0]["amount"], mine[1]["option_id"], mine[2]["option_id"]] == [
        2, "pass", f"card:{hand[0]}"]
    with Client(gateway) as c:
        c.login("referee")
        me = next(r for r in c.get_table(tid).outcome.results if r.seat == 0)
    assert verdict == ("win!" if me.winner else f"finish rank {me.rank}")


def public_texts(gateway: str, tid: str, names: list[str]) -> list[str]:
    """The table's public event texts, as a spectator's Watch gives them, with the seat
    their data names shown by name as the terminal client shows it; no commit markers."""
    with Client(gateway) as c:
        c.login("spectator")
        events = [ev.event for ev in c.watch(tid)]
    assert all(e.text == "" for e in events if e.kind == "tablero.committed")
    shown = []
    for e in events:
        if e.kind != "tablero.committed":
            seat = int(e.data["seat"]) if "seat" in e.data else -1
            shown.append(e.text.replace(f"Seat {seat}", names[seat]) if seat >= 0 else e.text)
    return shown


def missing_in_order(screen: str, lines: list[str]) -> str | None:
    """The first of `lines` not found on the screen after the ones before it."""
    pos = 0
    for line in lines:
        found = screen.find(line, pos)
        if found < 0:
            return f"{line!r} not after {screen[max(0, pos - 300):pos]!r}"
        pos = found + len(line)
    return None


def test_invite_a_friend_whose_moves_appear_live(gateway, redis, spawn):
    p = spawn("play", "duel", "--invite", "--name", "Host", "--option", "rounds=3")
    p.logfile_read = screen = io.StringIO()
    p.expect(r"Invite code: (\S+)")
    code = p.match.group(1)
    p.expect("Waiting for players to join")
    with Client(gateway) as friend:
        friend.login("Friend")
        table = friend.join_table(code)
        plays = threading.Thread(target=friend.play, args=(table.table_id, random_chooser(7)))
        plays.start()
        p.expect(r"Friend took seat 1\.")
        p.expect(r"Table [0-9a-f]{32}: duel, you are seat 0 \(Host\)")
        answer_until_over(p, stake=1)
        plays.join(20)
    assert p.finish() == 0
    log = log_of(redis, table.table_id)
    assert {e["by"] for e in log} == {"player"} and {e["seat"] for e in log} == {0, 1}
    text = screen.getvalue()
    public = public_texts(gateway, table.table_id, ["Host", "Friend"])
    friend_moves = [t for t in public if t.startswith("Friend ")]
    assert friend_moves and missing_in_order(text, public) is None
    # Round 2 is led by seat 1: its stake was on screen before the host's next turn.
    led = text.find("Friend sets the stake")
    assert 0 <= led < text.rfind("Draw a card or pass.")


def test_join_by_invite_code_and_play_to_the_end(gateway, spawn):
    with Client(gateway) as host:
        host.login("Hostess")
        t = host.create_table("duel", 2, {"rounds": "1"})
        # "--": an invite code may begin with "-".
        p = spawn("join", "--name", "Joiner", "--", t.invite_code)
        plays = threading.Thread(target=host.play, args=(t.table_id, random_chooser(8)))
        p.expect(rf"Joined table {t.table_id} at seat 1\.")
        plays.start()
        p.expect(r"Joiner \(you\)")
        asked = answer_until_over(p)
        plays.join(20)
        assert p.finish() == 0
        assert host.get_table(t.table_id).outcome.finished
    assert asked["turn"] == 1 and asked["play"] == 1


def test_watch_a_table_as_a_spectator_sees_public_events_only(gateway, spawn):
    with Client(gateway) as host:
        host.login("Shown")
        t = host.create_table("duel", 2, {"rounds": "3"}, bot_seats=[1])
        p = spawn("watch", t.table_id)
        p.logfile_read = screen = io.StringIO()
        p.expect(r"duel · spectator")
        host.play(t.table_id, random_chooser(9))
        p.expect(OVER)
        assert p.finish() == 0
    text = screen.getvalue()
    public = public_texts(gateway, t.table_id, ["Shown", "bot 1"])
    assert missing_in_order(text, public) is None
    # No private text reached the spectator's screen.
    assert "You drew" not in text and "You are dealt" not in text
    assert not re.search(r"│ hand +\d", text)


def test_leaving_hands_the_seat_to_a_bot_that_finishes_the_game(gateway, spawn):
    p = spawn("play", "duel", "--bots", "--name", "Quitter", "--option", "rounds=1")
    p.expect(r"Table ([0-9a-f]{32})")
    tid = p.match.group(1)
    p.expect(STAKE)
    reply(p, "?", r"Type an option's number")
    reply(p, "q", r"You left the table; a bot plays your seat from now on\.")
    assert p.finish() == 0
    with Client(gateway) as c:
        c.login("observer")
        last = list(c.watch(tid))[-1]
        table = c.get_table(tid)
    assert last.outcome.finished and table.status == gateway_pb2.TABLE_STATUS_FINISHED
    assert table.seats[0].bot and table.your_seat == -1


def test_a_player_who_left_keeps_their_name_in_the_results(gateway, spawn):
    with Client(gateway) as host:
        host.login("Stayer")
        t = host.create_table("duel", 2, {"rounds": "1"})
        p = spawn("join", "--name", "Quitter", "--", t.invite_code)
        p.expect(rf"Joined table {t.table_id} at seat 1\.")
        plays = threading.Thread(target=host.play, args=(t.table_id, random_chooser(3)))
        plays.start()
        reply(p, "q", r"You left the table; a bot plays your seat from now on\.")
        assert p.finish() == 0
        plays.join(20)
        seat = host.get_table(t.table_id).seats[1]
    assert seat.bot and seat.display_name == "Quitter" and not seat.player_id
    w = spawn("watch", t.table_id)
    w.expect(OVER)
    w.expect(r"\d +1 +Quitter \(left, bot played\)")
    assert w.finish() == 0


def tablero_tables(gateway: str, *args: str) -> str:
    env = dict(os.environ, TERM="dumb", COLUMNS="120")
    out = subprocess.run([sys.executable, "-m", "clients", "--gateway", gateway, "tables",
                          "duel", *args], capture_output=True, text=True, env=env, timeout=30,
                         check=True)
    return out.stdout


def test_tables_lists_matchmade_tables_live_then_finished(gateway):
    with Client(gateway) as a, Client(gateway) as b:
        a.login("Lia")
        b.login("Max")
        # Three seats with bots after a wait: a queue no other test shares.
        ta = a.enqueue("duel", 3, {"rounds": "1"}, allow_bots=True)
        tb = b.match("duel", 3, {"rounds": "1"}, allow_bots=True, timeout_s=20)
        assert a.wait_ticket(ta.ticket_id, 20).table_id == tb.table_id
        live = tablero_tables(gateway)
        row = next(line for line in live.splitlines() if tb.table_id in line)
        assert "Lia" in row and "Max" in row
        threads = [threading.Thread(target=c.play, args=(tb.table_id, random_chooser(i)))
                   for i, c in enumerate((a, b))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
    done = tablero_tables(gateway, "--finished", "--limit", "100")
    row = next(line for line in done.splitlines() if tb.table_id in line)
    assert "Most points wins." in row
    assert tb.table_id not in tablero_tables(gateway)
