"""Shared foundation: clause index, ruling points and rulesets, provenance, the game interface."""
