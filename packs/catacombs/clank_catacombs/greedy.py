class GreedyBot:  # placeholder replaced below
    pass
