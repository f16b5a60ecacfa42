from services.kernel.bots import RandomBot as HeuristicBot  # noqa: F401  (development stand-in)
