"""The Tablero gateway: sessions, matchmaking, tables, routing, streams, clocks (DESIGN §3)."""
