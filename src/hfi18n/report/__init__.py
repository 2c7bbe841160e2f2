"""The status reports, a layer of their own above ``repo/``: the terminal table, JSON, CSV and Markdown
(:mod:`.text`; the Markdown pages are also the dashboard's body) and the HTML team page (:mod:`.html`).

``repo/`` says where each translation stands (:class:`~hfi18n.repo.status.StatusReport`, filled from git);
this layer only shows it. They lived inside ``repo/`` (issue 36): a renderer there could be imported by
anything below the api, and the review queue the reports now show draws on stages above ``repo/``
(check findings, the write gate's notes), which a module inside ``repo/`` may not import.
"""
