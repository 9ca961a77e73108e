"""The one exception hierarchy of rulecheck.

Every error that bad input can cause is a :class:`RulecheckError`; the command line maps
them to exit code 2 with the message, the oracle to a structured error.
"""

from __future__ import annotations

__all__ = [
    "ClauseIndexError",
    "IllegalActionError",
    "InputFileError",
    "InvalidConfigError",
    "InvalidDealError",
    "InvalidStateError",
    "RulecheckError",
    "RulesetError",
    "TooManyOutcomesError",
    "UnknownBookError",
    "UnknownFindingError",
    "UnknownGameError",
    "UnknownRulingError",
    "UnknownVariantError",
]


class RulecheckError(Exception):
    """Base of every rulecheck error."""

    code = "error"


class UnknownGameError(RulecheckError):
    """A game name that rulecheck does not model."""

    code = "unknown-game"


class UnknownVariantError(RulecheckError):
    """A variant name that the game does not have."""

    code = "unknown-variant"


class InvalidConfigError(RulecheckError):
    """Player count, deck or other parameter out of range."""

    code = "invalid-config"


class InputFileError(RulecheckError):
    """An input file (ruleset, report) that is missing, unreadable, not UTF-8 or not JSON."""

    code = "input-file"


class RulesetError(RulecheckError):
    """A ruleset that cannot be loaded: malformed file, unknown ruling or option."""

    code = "invalid-ruleset"


class UnknownRulingError(RulesetError):
    """A ruling point ID that the game does not define."""

    code = "unknown-ruling"


class InvalidStateError(RulecheckError):
    """A state (usually from JSON) that is malformed or impossible."""

    code = "invalid-state"


class IllegalActionError(RulecheckError):
    """An action that is malformed or not legal in the state."""

    code = "illegal-action"


class InvalidDealError(RulecheckError):
    """A deal with the wrong cards or the wrong shape."""

    code = "invalid-deal"


class TooManyOutcomesError(RulecheckError):
    """A chance node too large to enumerate; sample it or give the outcome explicitly."""

    code = "too-many-outcomes"


class UnknownBookError(RulecheckError):
    """A rulebook ID that is not in the clause index."""

    code = "unknown-book"


class ClauseIndexError(RulecheckError):
    """The clause index is malformed or does not match its source text."""

    code = "clause-index"


class UnknownFindingError(RulecheckError):
    """A finding ID that is not in the audit report."""

    code = "unknown-finding"
