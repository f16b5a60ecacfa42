"""bench/glide_fast.py: `make bench` runs a gateway whose hot path goes through valkey-glide
(issue 15 item 4). Glide parses stream reads and HGETALL into dicts; the gateway reads the lean
client's arrays, so every CreateTable answered INTERNAL and the bench never finished. The shapes
glide gives are written out here (glide is a bench-only dependency): each must become exactly
what the lean client reads from a real Redis."""

from __future__ import annotations

import asyncio

from bench.glide_fast import lean_shape
from gateway import resp


def test_glide_replies_become_the_lean_clients_arrays(redis_proc):
    async def lean() -> list:
        c = resp.Client(f"redis://{redis_proc.endpoint}/0")
        await c.execute([["DEL", "gs:s", "gs:h"], ["XADD", "gs:s", "1-1", "b", "x1", "c", "y"],
                         ["XADD", "gs:s", "1-2", "b", "x2"], ["HSET", "gs:h", "a", 1, "b", 2]])
        out = await c.execute([["XREVRANGE", "gs:s", "+", "-", "COUNT", 1],
                               ["XRANGE", "gs:s", "-", "+"], ["HGETALL", "gs:h"],
                               ["XRANGE", "gs:none", "-", "+"],
                               ["EVAL", "return {1, {'a', 'b'}}", 0]])
        await c.close()
        return out

    glide_gives = [{b"1-2": [[b"b", b"x2"]]},
                   {b"1-1": [[b"b", b"x1"], [b"c", b"y"]], b"1-2": [[b"b", b"x2"]]},
                   {b"a": b"1", b"b": b"2"}, [], [1, [b"a", b"b"]]]
    cmds = [["XREVRANGE"], ["xrange"], ["HGETALL"], [b"XRANGE"], ["EVAL"]]
    assert [lean_shape(c, r) for c, r in zip(cmds, glide_gives)] == asyncio.run(lean())
