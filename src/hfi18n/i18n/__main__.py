"""``python -m hfi18n.i18n {update|compile|check|init LANG}``: see :mod:`hfi18n.i18n.catalogs`."""

from __future__ import annotations

import sys

try:
    from .catalogs import main
except ImportError as exc:  # Babel is a tool of the test extra, not a run-time dependency
    sys.exit(f"{exc}: install Babel first (.venv/bin/pip install -e '.[test]')")

sys.exit(main())
