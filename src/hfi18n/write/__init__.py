"""Writing a translation: the write gate and the held-for-review draft workflow.

Above ``check`` (it renders, runs the checks and decides what may reach the disk) and below ``api``;
beside ``publish`` and ``review``, which never write a translation. Until issue 24 these modules lived
in ``check/``, which made the lint package also the one that writes files; ``check`` is pure lint now.

* :mod:`.gate`: :func:`~.gate.write_job`, the one place a machine translation is written (backups,
  ledger, draft mark, compare-and-swap against what the run started from);
* :mod:`.segment_review`: a translation held for review segment by segment, written through the gate.

The draft *mark* itself stays in :mod:`hfi18n.doc.draft`: ``repo.status`` and ``translate.update`` read
it, and they sit below this layer.
"""
