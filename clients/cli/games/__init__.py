"""Per-game renderers of the terminal client: one module per game, each registering its
board renderer and `?` lookup with clients.cli.render (loaded by render.load_games())."""
