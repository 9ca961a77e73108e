"""The oracle: a JSON-lines protocol over the reference engine, conformance vectors, and a
differential harness that checks another implementation against both.

- :mod:`rulecheck.oracle.protocol`: pure request -> response handling (:class:`Oracle`).
- :mod:`rulecheck.oracle.server`: the stdin/stdout loop behind ``rulecheck oracle``.
- :mod:`rulecheck.oracle.vectors`: conformance vectors generated from the model.
- :mod:`rulecheck.oracle.harness`: drives another implementation as a subprocess.
- :mod:`rulecheck.oracle.shrink`: shrinks a divergence to a minimal trace.
"""

from __future__ import annotations

from rulecheck.oracle.protocol import PROTOCOL, PROTOCOL_VERSION, Oracle

__all__ = ["PROTOCOL", "PROTOCOL_VERSION", "Oracle"]
