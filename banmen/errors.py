"""The base of every error banmen reports as one line (kept apart from :mod:`banmen.game`,
so that modules that only report errors do not import pydantic and the engines)."""


class BanmenError(Exception):
    """Base of every error banmen reports to a user as one line (never a traceback)."""
