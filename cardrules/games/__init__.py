"""The games, one folder per game family, each with the same skeleton."""
