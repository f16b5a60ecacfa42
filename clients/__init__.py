"""Tablero clients: the Python SDK (`clients.sdk`), the `tablero` terminal client
(`clients.cli`), the load tester (`clients.loadtest`) and the replay verifier
(`clients.replay`). Run `python -m clients --help`."""
