"""§1.4.1, 3-5 Acting on pieces one at a time, shared by Operations, Special Activities and
Events: remove, Activate, flip Underground, replace or move each picked piece once, place
within stacking (taking the faction's own pieces back from the map when none is Available),
remove enemy pieces under a removal mode, and Activate Guerrillas.

Every proc reads one `PieceRules` object: the game's `Board` and its hooks (what a removal
mode may take, what may be Activated, how a piece is removed and moved). Procs and decision
kinds are named in the game's namespace (`<prefix>.ev_pieces`, ...), so stored ids stay the
game's own.

- `<prefix>.ev_pieces`: pick up to n pieces of given kinds in one space (or anywhere) and act
  on each; moved pieces are remembered so that each moves once;
- `<prefix>.ev_place`: place n Available pieces into a space, as many as can be placed (§5.1.3),
  with the own-piece reclaim of §1.4.1;
- `<prefix>.remove`: remove up to n enemy pieces, one decision per piece, with the
  "obligation to the maximum" of §1.4.1 step 5 (once a faction is targeted, "done" is offered
  only when none of its pieces can still be taken);
- `<prefix>.activate`: Activate Underground Guerrillas, as many as the count allows (no "done").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Generic

from mypy_extensions import mypyc_attr

from services.kernel.ctx import Ctx
from services.kernel.decisions import Choice, Decision, Option, option
from services.kernel.flow import AskProc, Proc, pop, push
from services.kernel.state import Frame

from .board import Board, S, named
from .pieces import PieceTable
from .state import CoinState

Vars = dict[str, Any]
PIECE_VERBS: Final = {"remove": "Remove", "activate": "Activate", "hide": "Flip Underground",
                      "replace": "Replace", "move": "Move"}


@mypyc_attr(allow_interpreted_subclasses=True)
class PieceRules(Generic[S]):
    """What the piece procs ask of a game, beyond its board. Override the hooks."""

    activator = 0  # the faction that Activates Guerrillas (Sweep, Patrol): the Government
    # Whether a removal step keeps the kinds it took, in order (`<prefix>.remove` var
    # `took`), for Non-players that spread their removals over kinds (CL 8.1.2 P4). Off by
    # default: a game's stored states stay as they were.
    keeps_kinds_taken = False

    def __init__(self, board: Board[S]) -> None:
        self.board = board

    def remove_piece(self, ctx: Ctx, st: S, s: int, kind: int, capture: str, by: int) -> bool:
        """§1.4.1 remove one piece (faction `by` removes it, under capture rule `capture`) to
        Available, or change it into the kind `instead_of_removal` names (CL 1.4.5: a
        Casino is closed instead); True if it left the map."""
        b = self.board
        self.before_remove(ctx, st, s, kind, capture, by)
        alt = self.instead_of_removal(st, s, kind, by)
        if alt is not None:
            b.table.move(st, s, s, kind, 1, alt)
            ctx.emit(b.name("instead"), f"{b.pieces(kind, 1)} in {b.space(s)} becomes "
                     f"{b.pieces(alt, 1)} instead of being removed.",
                     {"space": b.space_ids[s], "piece": b.table.names[kind],
                      "to": b.table.names[alt]})
            return False
        b.table.remove(st, s, kind)
        ctx.emit(b.name("removed"), f"{b.pieces(kind, 1)} removed from {b.space(s)}.",
                 {"space": b.space_ids[s], "piece": b.table.names[kind]})
        self.after_remove(ctx, st, s, kind, capture, by)
        return True

    def before_remove(self, ctx: Ctx, st: S, s: int, kind: int, capture: str, by: int) -> None:
        """Called while the piece is still on the map (CL 4.5.2: its owner may first move the
        Cash it holds: push the rescue decision here)."""

    def instead_of_removal(self, st: S, s: int, kind: int, by: int) -> int | None:
        """The kind the piece becomes instead of leaving the map, or None (CL 1.4.5: another
        faction's removal closes an open Casino)."""
        return None

    def after_remove(self, ctx: Ctx, st: S, s: int, kind: int, capture: str, by: int) -> None:
        """What follows a removal (AA 4.5.3: Shipments whose holder is gone)."""

    def reclaimed(self, ctx: Ctx, st: S, s: int, kind: int, f: int) -> None:
        """§1.4.1: faction f took its own piece off s to place it (a `reclaim` choice), counted
        as its own removal where the game counts those (CL card 18)."""

    def removable(self, st: S, s: int, f: int, mode: str) -> list[int]:
        """Kinds faction f may remove now in s under a removal mode ("attack", ...)."""
        return []

    def activatable(self, st: S, s: int, only: int = -1) -> list[int]:
        """Underground Guerrilla kinds the activator may Activate in s (`only`: one faction's)."""
        t = self.board.table
        return [k for k in sorted(t.guerrilla) if t.is_underground(k) and t.count(st, s, k)
                and (only < 0 or t.faction[k] == only)]

    def move_piece(self, st: S, s: int, d: int, kind: int, hide: bool = False) -> None:
        """Move one piece (`hide`: a Guerrilla arrives Underground)."""
        t = self.board.table
        t.move(st, s, d, kind, 1, t.underground_of(kind) if hide else None)

    def take_out_of_play(self, st: S, s: int, kind: int) -> None:
        """An Event sets a piece out of play instead of Available."""
        self.board.table.take_out(st, s, kind)

    def own_kinds(self, f: int) -> tuple[int, ...]:
        """The kinds a faction places (Guerrillas Underground)."""
        t = self.board.table
        return tuple(k for k in t.kinds_of[f] if k not in t.guerrilla or t.is_underground(k))


@mypyc_attr(allow_interpreted_subclasses=True)
class PiecesProc(Proc[Any]):
    """`<prefix>.ev_pieces`: pick up to n pieces of the given kinds in one space (or anywhere
    when s < 0) and act on each: remove, activate, hide (Underground), move, or replace by one
    of `by`. vars: s, kinds, n, act, who, stop (may stop early), least (before stopping), by
    (replacement kinds), among (the only spaces), out_of_play, other_faction (the replacement
    is of another faction), to / to_any / hide_moved (moves); moved pieces are recorded so
    that each moves once."""

    def __init__(self, rules: PieceRules[Any]) -> None:
        self.rules, self.board = rules, rules.board

    def where(self, st: CoinState, v: Vars) -> list[int]:
        if v["s"] >= 0:
            return [v["s"]]
        if v["s"] < -1:  # no space was chosen: nothing to pick
            return []
        among = v.get("among")
        return [s for s in range(self.board.ns)
                if self.board.in_play(st, s) and (among is None or s in among)]

    def decisions(self, st: CoinState, fr: Frame) -> list[Decision]:
        v, b = fr.vars, self.board
        if "mv" in v:
            return self.move_decision(st, v)
        if "rep" in v:
            return self.replace_decision(st, v)
        if v["n"] <= 0:
            return []
        opts = [self.piece_option(v, s, k) for s in self.where(st, v) for k in v["kinds"]
                if b.table.count(st, s, k) > self.arrived(v, s, k) and self.can_act(st, v, s, k)]
        if not opts:
            return []
        verb = PIECE_VERBS[v["act"]]
        if v["stop"] and v.get("acted", 0) >= v.get("least", 0):
            opts.append(option("done", f"{verb} no more pieces"))
        return [b.decide(st, v["who"], self.name, f"{verb.lower()} a piece ({v['n']} left).",
                         opts)]

    def move_decision(self, st: CoinState, v: Vars) -> list[Decision]:
        b = self.board
        s, k = v["mv"]
        opts = [option(f"to:{b.space_ids[d]}", f"Move {b.pieces(k, 1)} from {b.space(s)} to "
                       f"{b.space(d)}", space=b.space_ids[d])
                for d in self.move_dests(st, v, s, k)]
        if not opts:
            return []
        return [b.decide(st, v["who"], b.name("ev_move"), "move it to:", opts)]

    def replace_decision(self, st: CoinState, v: Vars) -> list[Decision]:
        b, t = self.board, self.board.table
        s, gone_kind = v["rep"]
        gone = t.faction[gone_kind]
        fits = [k for k in v["by"] if b.can_place(st, s, k)
                and not (v.get("other_faction") and t.faction[k] == gone)]
        opts = [option(f"by:{t.names[k]}", f"Replace it with {b.pieces(k, 1)}",
                       piece=t.names[k]) for k in fits if t.available(st, k)]
        # §1.4.1: the decider's own replacing kind, none Available, taken back from the map
        own = tuple(k for k in fits if t.faction[k] == v["who"] and not t.available(st, k))
        reclaims = reclaim_options(b, st, own, s) if own and not opts else []
        if not opts and not reclaims:
            return []
        if reclaims:
            opts = [*reclaims, option("none", "Replace it with nothing")]
        return [b.decide(st, v["who"], b.name("ev_replace"), "replace with:", opts)]

    def piece_option(self, v: Vars, s: int, k: int) -> Option:
        """`piece:<kind>` in the one space of the step, else `piece:<space>:<kind>`."""
        b = self.board
        label = f"{PIECE_VERBS[v['act']]} {b.pieces(k, 1)} in {b.space(s)}"
        kid = b.table.names[k]
        if v["s"] >= 0:
            return option(f"piece:{kid}", label, piece=kid)
        return option(f"piece:{b.space_ids[s]}:{kid}", label, space=b.space_ids[s], piece=kid)

    def arrived(self, v: Vars, s: int, k: int) -> int:
        """Pieces that already moved here in this step: each piece moves once."""
        return sum(1 for a in v.get("moved", []) if a == [s, k])

    def can_act(self, st: CoinState, v: Vars, s: int, k: int) -> bool:
        t = self.board.table
        if v["act"] == "move":
            return bool(self.move_dests(st, v, s, k))
        if v["act"] == "activate":
            return k in t.guerrilla and t.is_underground(k)
        if v["act"] == "hide":
            return k in t.guerrilla and not t.is_underground(k)
        return True

    def move_dests(self, st: CoinState, v: Vars, s: int, k: int) -> list[int]:
        """Where a picked piece may move: adjacent spaces, or anywhere (`to_any`), among `to`
        when given; within stacking."""
        b = self.board
        cands = range(b.ns) if v.get("to_any") else b.adjacent(st, s)
        allowed = v.get("to")
        return [d for d in cands if d != s and b.in_play(st, d) and b.can_place(st, d, k)
                and (allowed is None or d in allowed)]

    def step(self, ctx: Ctx, st: CoinState, fr: Frame) -> None:
        if "rep" in fr.vars or "mv" in fr.vars:  # nothing to replace with / nowhere to go
            fr.vars.pop("rep", None)
            fr.vars.pop("mv", None)
            return
        pop(st)

    def choose(self, ctx: Ctx, st: CoinState, fr: Frame, d: Decision, c: Choice) -> None:
        v, t = fr.vars, self.board.table
        parts = (c.option_id or "").split(":")
        if parts[0] == "done":
            pop(st)
            return
        if parts[0] == "by":
            s, _ = v.pop("rep")
            t.place(st, s, t.index[parts[1]])
            return
        if parts[0] == "none":
            v.pop("rep")
            return
        if parts[0] == "reclaim":  # the replacement is then offered as Available
            reclaim(self.rules, ctx, st, f"{parts[1]}:{parts[2]}", v["who"])
            return
        if parts[0] == "to":
            s, k = v.pop("mv")
            dest = self.board.index[parts[1]]
            hide = v.get("hide_moved", False)
            self.rules.move_piece(st, s, dest, k, hide)
            v.setdefault("moved", []).append([dest, t.underground_of(k) if hide else k])
            return
        s = self.board.index[parts[1]] if len(parts) == 3 else v["s"]
        k = t.index[parts[-1]]
        v["n"] -= 1
        v["acted"] = v.get("acted", 0) + 1
        self.apply(ctx, st, v, s, k)

    def apply(self, ctx: Ctx, st: CoinState, v: Vars, s: int, k: int) -> None:
        act = v["act"]
        if act == "move":
            v["mv"] = [s, k]
        elif act in ("activate", "hide"):
            t = self.board.table
            t.flip_to(st, s, t.flip[k])
        else:
            if v.get("out_of_play"):
                self.rules.take_out_of_play(st, s, k)
                gone = True
            else:
                gone = self.rules.remove_piece(ctx, st, s, k, "", v["who"])
            if act == "replace" and gone:
                v["rep"] = [s, k]


def push_pieces(board: Board[Any], st: CoinState, s: int, kinds: tuple[int, ...], n: int,
                act: str, who: int, stop: bool = False, by_kinds: tuple[int, ...] = (),
                among: list[int] | None = None, out_of_play: bool = False,
                **extra: Any) -> None:
    """Push the piece picker (s = -1: anywhere)."""
    push(st, board.name("ev_pieces"), s=s, kinds=list(kinds), n=n, act=act, who=who,
         stop=stop, by=list(by_kinds), among=among, out_of_play=out_of_play, **extra)


def reclaim_options(board: Board[Any], st: CoinState, kinds: tuple[int, ...], exclude: int,
                    wanted: int = 1) -> list[Option]:
    """§1.4.1: the executing faction may take its own pieces off the map (from any space but
    `exclude`) to place them: offered for each kind of which fewer than `wanted` are
    Available, Bases included; a Guerrilla Underground or Active (CL 1.4.1's example:
    скрытого или раскрытого), both going back to the one Available slot."""
    t = board.table
    takes: list[int] = []
    for k in kinds:
        if t.available(st, k) < wanted:
            takes += [x for x in takeable(t, k) if x not in takes]
    return [option(f"reclaim:{board.space_ids[s]}:{t.names[k]}",
                   f"Take {board.pieces(k, 1)} back from {board.space(s)} to place it",
                   space=board.space_ids[s], piece=t.names[k])
            for s in range(board.ns) if s != exclude for k in takes if t.count(st, s, k)]


def takeable(t: PieceTable, kind: int) -> tuple[int, ...]:
    """The kinds whose pieces may be taken back to place one of `kind` (§1.4.1): a Guerrilla
    in either state."""
    return (kind, t.flip[kind]) if kind in t.flip else (kind,)


def may_take_back(board: Board[Any], st: CoinState, f: int, s: int, kind: int) -> bool:
    """§1.4.1 (AA-R-03, CL-R-04): faction f, a player executing (a Non-player never does),
    may take a piece of its own `kind` back from another space to place it in s, within
    stacking."""
    t = board.table
    return (t.faction[kind] == f and st.seat_of[f] >= 0 and board.can_place(st, s, kind)
            and any(t.count(st, x, k) for x in range(board.ns) if x != s
                    for k in takeable(t, kind)))


def placeable_or_takeable(board: Board[Any], st: CoinState, f: int, s: int, kind: int) -> bool:
    """One piece of `kind` is Available and fits in s (§5.1.3), or faction f may take one of
    its own back to place it there (§1.4.1): a space an Event step may offer."""
    return ((board.table.available(st, kind) > 0 and board.can_place(st, s, kind))
            or may_take_back(board, st, f, s, kind))


def place_or_take_back(board: Board[Any], st: CoinState, s: int,
                       lots: Sequence[tuple[int, int]], f: int) -> None:
    """Place each (kind, n) of `lots` in s, in order, as many as are Available and fit
    (§5.1.3), asking nothing. From the first lot of f's own kind that runs short where f may
    take pieces back (§1.4.1), that lot's rest and the lots after it go through the
    `ev_place` step in the same order, which offers it (pushed: asked after this step, before
    whatever this step pushed earlier)."""
    t = board.table
    for i, (kind, n) in enumerate(lots):
        placed = 0
        while placed < n and t.available(st, kind) and board.can_place(st, s, kind):
            t.place(st, s, kind)
            placed += 1
        if placed < n and may_take_back(board, st, f, s, kind):
            for k, m in reversed(((kind, n - placed), *lots[i + 1:])):
                push_place(board, st, s, (k,), m, f)
            return


def reclaim(rules: PieceRules[Any], ctx: Ctx, st: CoinState, arg: str, f: int) -> None:
    """Apply a `reclaim:<space>:<kind>` choice: §1.4.1 the piece leaves for Available, then
    the game's `reclaimed` hook counts it."""
    space, kind = arg.split(":")
    s, k = rules.board.index[space], rules.board.table.index[kind]
    if rules.remove_piece(ctx, st, s, k, "", f):
        rules.reclaimed(ctx, st, s, k, f)


@mypyc_attr(allow_interpreted_subclasses=True)
class PlaceProc(Proc[Any]):
    """`<prefix>.ev_place`: place n Available pieces, one kind at a time among `kinds`, into s
    (within stacking); as many as can be placed (§5.1.3); the executing faction may take its
    own pieces back from the map to place them (§1.4.1). vars: s, kinds, n, who."""

    def __init__(self, rules: PieceRules[Any]) -> None:
        self.rules, self.board = rules, rules.board

    def kinds(self, st: CoinState, v: Vars) -> list[int]:
        s = v["s"]
        if s < 0 or v["n"] <= 0:
            return []
        return [k for k in v["kinds"]
                if self.board.table.available(st, k) and self.board.can_place(st, s, k)]

    def decisions(self, st: CoinState, fr: Frame) -> list[Decision]:
        v, b = fr.vars, self.board
        kinds = self.kinds(st, v)
        reclaims = self.reclaims(st, v)
        if len(kinds) == 1 and not reclaims:
            return []  # the one possible placement is made by `step`
        opts = [option(f"place:{b.table.names[k]}", f"Place {b.pieces(k, 1)} in "
                       f"{b.space(v['s'])}", piece=b.table.names[k]) for k in kinds] + reclaims
        if not opts:
            return []
        if not kinds:
            opts.append(option("done", "Place no more"))
        return [b.decide(st, v["who"], self.name,
                         f"place a piece in {b.space(v['s'])} ({v['n']} left).", opts)]

    def reclaims(self, st: CoinState, v: Vars) -> list[Option]:
        """Own pieces of the kinds to place, none of which is Available, that fit in s."""
        s, b = v["s"], self.board
        if s < 0 or v["n"] <= 0:
            return []
        own = tuple(k for k in v["kinds"] if b.table.faction[k] == v["who"]
                    and b.can_place(st, s, k))
        return reclaim_options(b, st, own, s) if own else []

    def step(self, ctx: Ctx, st: CoinState, fr: Frame) -> None:
        kinds = self.kinds(st, fr.vars)
        if not kinds:
            pop(st)
            return
        self.board.table.place(st, fr.vars["s"], kinds[0])  # only one kind can go in
        fr.vars["n"] -= 1

    def choose(self, ctx: Ctx, st: CoinState, fr: Frame, d: Decision, c: Choice) -> None:
        verb, _, arg = (c.option_id or "").partition(":")
        if verb == "done":
            pop(st)
        elif verb == "reclaim":
            reclaim(self.rules, ctx, st, arg, fr.vars["who"])
        else:
            self.board.table.place(st, fr.vars["s"], self.board.table.index[arg])
            fr.vars["n"] -= 1


def push_place(board: Board[Any], st: CoinState, s: int, kinds: tuple[int, ...], n: int,
               who: int) -> None:
    push(st, board.name("ev_place"), s=s, kinds=list(kinds), n=n, who=who)


@mypyc_attr(allow_interpreted_subclasses=True)
class RemoveProc(Proc[Any]):
    """`<prefix>.remove` vars: s, f (executor), n (left), mode, capture, targets (factions
    targeted so far), who (decides), must (at least one), only (one faction's pieces),
    upto (outside §1.4.1 step 5: may stop after any piece, AA 1.4.1 for a Special Activity),
    took (the kinds taken, where the game keeps them): §1.4.1 step 5."""

    def __init__(self, rules: PieceRules[Any]) -> None:
        self.rules, self.board = rules, rules.board

    def options(self, st: CoinState, v: Vars) -> tuple[list[Option], bool]:
        t = self.board.table
        kinds = self.rules.removable(st, v["s"], v["f"], v["mode"]) if v["n"] > 0 else []
        if v.get("only", -1) >= 0:  # an Event limits the targets
            kinds = [k for k in kinds if t.faction[k] == v["only"]]
        where = self.board.space(v["s"])
        opts = [option(f"piece:{t.names[k]}", f"Remove {self.board.pieces(k, 1)} from {where}",
                       piece=t.names[k]) for k in kinds]
        stop = v.get("upto", False) or not any(t.faction[k] in v["targets"] for k in kinds)
        if v.get("must") and not v.get("removed"):
            stop = False
        return opts, stop

    def decisions(self, st: CoinState, fr: Frame) -> list[Decision]:
        v = fr.vars
        opts, stop = self.options(st, v)
        if not opts:
            return []
        if stop:
            opts.append(option("done", "Remove no more"))
        return [self.board.decide(st, v.get("who", v["f"]), self.board.name("remove_piece"),
                                  f"remove a piece in {self.board.space(v['s'])} "
                                  f"({v['n']} left).", opts)]

    def step(self, ctx: Ctx, st: CoinState, fr: Frame) -> None:
        pop(st, removed=fr.vars.get("removed", 0))

    def choose(self, ctx: Ctx, st: CoinState, fr: Frame, d: Decision, c: Choice) -> None:
        v, t = fr.vars, self.board.table
        if c.option_id == "done":
            pop(st, removed=v.get("removed", 0))
            return
        kind = t.index[(c.option_id or "").split(":", 1)[1]]
        if t.faction[kind] not in v["targets"]:
            v["targets"].append(t.faction[kind])
        v["n"] -= 1
        v["removed"] = v.get("removed", 0) + 1
        if self.rules.keeps_kinds_taken:
            v.setdefault("took", []).append(kind)
        self.rules.remove_piece(ctx, st, v["s"], kind, v["capture"], v["f"])


def push_remove(board: Board[Any], st: CoinState, s: int, f: int, n: int, mode: str,
                capture: str = "", who: int | None = None, must: bool = False,
                only: int = -1, upto: bool = False) -> None:
    """Remove up to n pieces (`must`: at least one, when the space was chosen for it;
    `only`: just that faction's pieces; `upto`: no duty to the full, §1.4.1 step 5)."""
    fr = push(st, board.name("remove"), s=s, f=f, n=n, mode=mode, capture=capture, targets=[],
              who=f if who is None else who, must=must, only=only)
    if upto:
        fr.vars["upto"] = True


@mypyc_attr(allow_interpreted_subclasses=True)
class ActivateProc(AskProc[Any]):
    """`<prefix>.activate` vars: s, n (left), only, targets (factions targeted so far). The
    activator Activates (Sweep, Patrol) 1 Guerrilla per count of the factions it targets
    (§3.1: it may leave a faction untargeted), each targeted one to the full (§1.4.1 step 5):
    it may stop only once no Underground Guerrilla of a targeted faction is left there. An
    Event's `only` faction is targeted from the start."""

    def __init__(self, rules: PieceRules[Any]) -> None:
        self.rules, self.board = rules, rules.board

    def decisions(self, st: CoinState, fr: Frame) -> list[Decision]:
        v, b = fr.vars, self.board
        kinds = self.rules.activatable(st, v["s"], v.get("only", -1)) if v["n"] > 0 else []
        if not kinds:
            return []
        where, t = b.space(v["s"]), b.table
        opts = [option(f"piece:{t.names[k]}", f"Activate {b.pieces(k, 1)} in {where}",
                       piece=t.names[k]) for k in kinds]
        targets = v.get("targets", [])
        prompt = f"Activate a Guerrilla in {where} ({v['n']} left)"
        if not any(t.faction[k] in targets for k in kinds):
            opts.append(option("done", f"Activate no more Guerrillas in {where}"))
            prompt += " or stop"
        return [b.decide(st, self.rules.activator, self.name, prompt + ".", opts)]

    def choose(self, ctx: Ctx, st: CoinState, fr: Frame, d: Decision, c: Choice) -> None:
        v, t = fr.vars, self.board.table
        if c.option_id == "done":
            v["n"] = 0
            return
        kind = t.index[(c.option_id or "").split(":", 1)[1]]
        targets = v.setdefault("targets", [])
        if t.faction[kind] not in targets:
            targets.append(t.faction[kind])
        t.flip_to(st, v["s"], t.flip[kind])
        v["n"] -= 1


def push_activate(board: Board[Any], st: CoinState, s: int, n: int, only: int = -1) -> None:
    if n > 0:
        push(st, board.name("activate"), s=s, n=n, only=only,
             targets=[only] if only >= 0 else [])


def piece_procs(rules: PieceRules[Any]) -> list[Proc[Any]]:
    """The procs a game registers for these steps, named in its namespace."""
    b = rules.board
    return [named(PiecesProc, b.name("ev_pieces"))(rules),
            named(PlaceProc, b.name("ev_place"))(rules),
            named(RemoveProc, b.name("remove"))(rules),
            named(ActivateProc, b.name("activate"))(rules)]
