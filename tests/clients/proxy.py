"""A loopback TCP proxy that tests can break on purpose: drop every connection, or
cut one connection when the server's next reply arrives (the request got through,
the answer is lost). Real sockets, real gRPC on both sides; nothing is faked."""

from __future__ import annotations

import asyncio
import contextlib
import threading

HEADERS = 0x1  # HTTP/2 frame type: a reply starts with one (RFC 9113 §6.2)


def http2_frames(data: bytes) -> tuple[list[bytes], bytes]:
    """The whole HTTP/2 frames at the start of a server's bytes, and what is left. A cut
    waits for a reply's HEADERS frame: the server's own frames between calls (SETTINGS,
    PING, WINDOW_UPDATE under load) go through, so they never take the cut meant for a
    reply."""
    frames, at = [], 0
    while len(data) - at >= 9:
        end = at + 9 + int.from_bytes(data[at:at + 3], "big")
        if end > len(data):
            break
        frames.append(data[at:end])
        at = end
    return frames, data[at:]


class Proxy:
    def __init__(self, upstream: str) -> None:
        host, port = upstream.rsplit(":", 1)
        self.upstream = (host, int(port))
        self.loop = asyncio.new_event_loop()
        self.writers: set[asyncio.StreamWriter] = set()
        self.cut_next_reply = False
        self.cuts = 0
        self.drops = 0
        started = threading.Event()
        self.thread = threading.Thread(target=self._main, args=(started,), daemon=True)
        self.thread.start()
        started.wait(10)

    @property
    def endpoint(self) -> str:
        return f"127.0.0.1:{self.port}"

    def _main(self, started: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(
            asyncio.start_server(self._accept, "127.0.0.1", 0))
        self.port = self.server.sockets[0].getsockname()[1]
        started.set()
        self.loop.run_forever()

    async def _accept(self, cr: asyncio.StreamReader, cw: asyncio.StreamWriter) -> None:
        try:
            ur, uw = await asyncio.open_connection(*self.upstream)
        except OSError:
            cw.close()
            return
        self.writers |= {cw, uw}
        await asyncio.gather(self._pipe(cr, uw, None), self._pipe(ur, cw, (cw, uw)),
                             return_exceptions=True)
        for w in (cw, uw):
            self.writers.discard(w)
            w.close()

    async def _pipe(self, r: asyncio.StreamReader, w: asyncio.StreamWriter,
                    reply_pair: tuple[asyncio.StreamWriter, asyncio.StreamWriter] | None
                    ) -> None:
        pending = b""
        while data := await r.read(65536):
            if reply_pair is None:
                w.write(data)
            else:
                frames, pending = http2_frames(pending + data)
                for frame in frames:
                    if self.cut_next_reply and frame[3] == HEADERS:
                        self.cut_next_reply = False
                        self.cuts += 1
                        for x in reply_pair:
                            x.transport.abort()
                        return
                    w.write(frame)
            await w.drain()
        with contextlib.suppress(OSError):
            w.write_eof()

    def drop_all(self) -> None:
        """Reset every connection now (as a crashed load balancer would)."""
        def drop() -> None:
            self.drops += 1
            for w in list(self.writers):
                w.transport.abort()
        self.loop.call_soon_threadsafe(drop)

    def cut_on_next_reply(self) -> None:
        """The server's next reply (its HEADERS frame) is not delivered; that connection is
        reset."""
        self.cut_next_reply = True  # one attribute write: set before the call that follows

    def close(self) -> None:
        def stop() -> None:
            self.server.close()
            for w in list(self.writers):
                w.transport.abort()
            self.loop.stop()
        self.loop.call_soon_threadsafe(stop)
        self.thread.join(5)
