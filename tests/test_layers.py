"""The layers of the package: imports point down the pipeline (the contract is in pyproject.toml).

base -> doc -> repo -> translate -> check -> publish/review -> api -> cli/mcp/web. import-linter checks
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
