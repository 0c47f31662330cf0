"""cardrules: an annotated edition of Russian card-game rules and the engine behind it."""
