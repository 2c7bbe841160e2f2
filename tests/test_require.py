"""tests/conftest.require: a dependency the test extra promises skips locally and fails under CI."""

from __future__ import annotations

import pytest

from .conftest import require


def test_missing_module_skips_locally_and_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception):
        require("hfi18n_no_such_module")
    for value in ("true", "1", "yes"):
        monkeypatch.setenv("CI", value)
        with pytest.raises(pytest.fail.Exception, match="test extra promises it"):
            require("hfi18n_no_such_module")
        with pytest.raises(pytest.fail.Exception):
            require("hfi18n-no-such-tool", exe=True)
    monkeypatch.setenv("CI", "false")
    with pytest.raises(pytest.skip.Exception):
        require("hfi18n-no-such-tool", exe=True)


def test_present_dependencies_are_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    assert require("markdown_it") == "markdown_it"
    assert require("python3", exe=True).endswith("python3")
