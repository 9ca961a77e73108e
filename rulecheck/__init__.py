"""rulecheck: formal verification and exhaustive rules-checking for card-game rulebooks."""

from rulecheck._native import ENGINE_BUILD

__all__ = ["ENGINE_BUILD", "__version__"]

__version__ = "0.1.0"
