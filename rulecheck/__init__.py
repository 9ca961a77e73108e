"""rulecheck: formal verification and exhaustive rules-checking for card-game rulebooks."""

__version__ = "0.1.0"
