"""Symbolic checking with Z3 on full-size decks: bounded model checking, k-induction, lasso
search and ranking functions over transition-system encodings of the games.

Entry point for the audit: :func:`rulecheck.check.symbolic.queries.run_symbolic_checks`.
"""
