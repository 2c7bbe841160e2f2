"""hfi18n: keep Hugging Face doc-builder documentation translated.

The package is laid out as a pipeline:

- :mod:`hfi18n.doc`       parse a doc-builder Markdown file into blocks and segments, render it back;
- :mod:`hfi18n.repo`      files, git history, ``_toctree.yml`` and translation status of a docs repo;
- :mod:`hfi18n.translate` providers, prompt, glossary, translation memory and the translation pipeline;
- :mod:`hfi18n.check`     the linter comparing a translated doc with its English source;
- :mod:`hfi18n.publish`   git branches and GitHub pull requests;
- :mod:`hfi18n.cli`       the command-line interface, a thin layer over the modules above.
"""

__version__ = "0.1.0"
