"""The layers of the package: imports point down the pipeline (the contract is in pyproject.toml).

base -> doc -> repo -> glossary -> translate -> check -> publish/review/write -> report -> api -> cli/mcp/web. import-linter checks
every import of the package, including those inside functions; an upward one fails this test (and CI).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.conftest import require

ROOT = Path(__file__).resolve().parents[1]


def _lint(config: Path | None = None) -> subprocess.CompletedProcess[str]:
    exe = require("lint-imports", exe=True)
    argv = [exe, "--no-cache"] + (["--config", str(config)] if config else [])
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_imports_point_down_the_pipeline() -> None:
    result = _lint()
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "1 kept, 0 broken" in result.stdout


def test_the_contract_catches_an_upward_import(tmp_path: Path) -> None:
    """The same layers, on a copy of the package with one upward import added: the contract breaks."""
    import shutil

    pkg = tmp_path / "src" / "hfi18n"
    shutil.copytree(ROOT / "src" / "hfi18n", pkg, ignore=shutil.ignore_patterns("__pycache__", "data"))
    doc_init = pkg / "doc" / "__init__.py"
    doc_init.write_text(doc_init.read_text(encoding="utf-8") + "\nfrom ..api import status  # noqa\n",
                        encoding="utf-8")
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    contract = text[text.index("\n[tool.importlinter]\n"):text.index("\n[tool.ruff]\n")]
    (tmp_path / "pyproject.toml").write_text(contract, encoding="utf-8")
    exe = require("lint-imports", exe=True)
    result = subprocess.run([exe, "--no-cache"], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                            env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path / "src")})
    assert result.returncode != 0, result.stdout[-2000:]
    assert "hfi18n.doc is not allowed to import hfi18n.api" in result.stdout


def _graph():
    import importlib

    require("grimp")
    return importlib.import_module("grimp").build_graph("hfi18n")


def test_the_glossary_is_a_home_below_translate_and_check_with_no_import_circle() -> None:
    """Issue 24: the glossary lived in ``translate/`` (``check`` and ``review`` reached up into the
    translation stage for it) and ``translate/glossary.py`` and ``translate/docbuilder_glossary.py``
    imported each other. Now ``hfi18n.glossary`` imports nothing of ``translate``/``check`` and no module
    of it is on an import circle."""
    graph = _graph()
    mods = {m for m in graph.modules if m == "hfi18n.glossary" or m.startswith("hfi18n.glossary.")}
    assert "hfi18n.glossary.terms" in mods and "hfi18n.translate.glossary" not in graph.modules
    for m in mods:
        for imported in graph.find_modules_directly_imported_by(m):
            assert not imported.startswith(("hfi18n.translate", "hfi18n.check", "hfi18n.review")), (m, imported)
            if imported != "hfi18n.glossary" and imported.startswith("hfi18n."):
                assert not graph.chain_exists(importer=imported, imported=m), (m, imported)
    for user in ("hfi18n.translate.prompt", "hfi18n.check.runner", "hfi18n.review.terms"):
        assert "hfi18n.glossary" in graph.find_modules_directly_imported_by(user) \
            or "hfi18n.glossary.terms" in graph.find_modules_directly_imported_by(user), user


def test_check_is_pure_lint_and_the_write_gate_lives_in_write() -> None:
    """Issue 24: the write gate (``write_job``, ``Backups``, the ledger records) and the held-for-review
    draft workflow lived in ``check/``, so the lint package also wrote files. They are ``hfi18n.write``
    now; ``check`` reads documents and returns findings, and imports nothing that writes a translation
    (the run ledger, the provider pipeline)."""
    graph = _graph()
    assert {"hfi18n.write.gate", "hfi18n.write.segment_review"} <= graph.modules
    assert not {"hfi18n.check.gate", "hfi18n.check.segment_review"} & graph.modules
    for m in (m for m in graph.modules if m.startswith("hfi18n.check")):
        imported = graph.find_modules_directly_imported_by(m)
        assert not {"hfi18n.repo.ledger", "hfi18n.translate.pipeline"} & imported, m
        assert not any(i.startswith("hfi18n.write") for i in imported), m


def test_the_status_reports_are_a_layer_above_repo() -> None:
    """Issue 36: the Markdown, CSV, JSON, terminal and HTML reports (the team page, the dashboard's body)
    were ``repo/report.py`` and ``repo/report_html.py``. They are ``hfi18n.report`` now, above ``repo``,
    ``check`` and ``write`` (the review queue shows their findings); ``repo`` renders nothing (it imports
    no rich, no HTML escaping) and only ``api`` and the interfaces import the reports."""
    graph = _graph()
    assert {"hfi18n.report.text", "hfi18n.report.html"} <= graph.modules
    assert not {"hfi18n.repo.report", "hfi18n.repo.report_html"} & graph.modules
    for m in (m for m in graph.modules if m.startswith("hfi18n.repo.")):
        imported = graph.find_modules_directly_imported_by(m)
        assert not any(i.startswith("hfi18n.report.") or i.split(".")[0] == "rich" for i in imported), m
    for m in (m for m in graph.modules if m.startswith("hfi18n.report.")):
        importers = graph.find_modules_that_directly_import(m)
        assert all(i == "hfi18n.api" or i.startswith(("hfi18n.report.", "hfi18n.api.", "hfi18n.cli", "hfi18n.web", "hfi18n.mcp"))
                   for i in importers), (m, importers)


def test_the_language_layer_sits_below_translate_and_check() -> None:
    """Issue 35: the Korean layer (Kiwi) serves the style checks and the translator's own look at a draft;
    it imports nothing of translate, check or above, and both use it."""
    graph = _graph()
    mods = {m for m in graph.modules if m == "hfi18n.lang" or m.startswith("hfi18n.lang.")}
    assert {"hfi18n.lang.base", "hfi18n.lang.ko", "hfi18n.lang.style", "hfi18n.lang.pieces"} <= mods
    above = ("hfi18n.translate", "hfi18n.check", "hfi18n.review", "hfi18n.write", "hfi18n.api", "hfi18n.glossary")
    for m in mods:
        for imported in graph.find_modules_directly_imported_by(m):
            assert not imported.startswith(above), (m, imported)
    assert graph.chain_exists(importer="hfi18n.check.style", imported="hfi18n.lang.ko") or \
        "hfi18n.lang" in graph.find_modules_directly_imported_by("hfi18n.check.style")
    assert "hfi18n.lang.style" in graph.find_modules_directly_imported_by("hfi18n.translate.prompt")
