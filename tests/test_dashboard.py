"""``hfi18n dashboard`` and the Action's dashboard mode against the fake GitHub: one page per language,
created once and then edited in place; a stranger's issue or comment carrying the marker is never edited
(the fake lets the token edit anything, as a maintainer's token could); the checkout's hfi18n.toml cannot
send the token elsewhere."""

from __future__ import annotations

import json

from hfi18n.cli import main
from hfi18n.publish.dashboard import marker
from tests.fakes.github_server import FakeGitHub
from tests.test_review_action import _run, _step
from tests.test_status_team import TOKEN, team  # noqa: F401  (fixture)

HOSTILE_BODY = marker("ko") + "\nI wrote this by hand; the nightly run must not overwrite it."


def _env(monkeypatch, gh: FakeGitHub) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    monkeypatch.setenv("HFI18N_CONFIG", "")
    monkeypatch.delenv("HFI18N_CONFIG")


def test_one_issue_per_language_created_then_edited_in_place(team, tmp_path, capsys, monkeypatch) -> None:  # noqa: F811
    with FakeGitHub(token=TOKEN) as gh:
        gh.add_repo("o/site")
        hostile = gh.add_issue("o/site", title="Translation status (ko)", body=HOSTILE_BODY, user="mallory")
        gh.ignore_creator = True  # the server's creator filter is no defence to count on
        (team.root / "hfi18n.toml").write_text(f'[github]\napi_url = "{gh.url}"\n')
        _env(monkeypatch, gh)
        assert main(["dashboard", "--repo", str(team.root), "--github-repo", "o/site", "--json"]) == 0
        first = json.loads(capsys.readouterr().out)
        assert [(p["lang"], p["action"]) for p in first["posts"]] == [("ko", "created")]
        ours = [i for i in gh.issues["o/site"] if i["user"]["login"] == gh.login]
        assert len(ours) == 1 and ours[0]["body"].startswith(marker("ko") + "\n# Translation status of `site`")
        assert "`claimed.md`" in ours[0]["body"] and "on it: `Joon Park`" in ours[0]["body"]
        assert hostile["body"] == HOSTILE_BODY  # a stranger's marker: not ours, not edited
        # the next night: nothing changed, nothing is sent; then a change edits the same issue
        assert main(["dashboard", "--repo", str(team.root), "--github-repo", "o/site", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["posts"][0]["action"] == "unchanged"
        (team.root / "docs/source/ko/claimed.md").write_text("# 요청 [[claimed-page]]\n\n본문.\n", encoding="utf-8")
        assert main(["dashboard", "--repo", str(team.root), "--github-repo", "o/site", "--json"]) == 0
        third = json.loads(capsys.readouterr().out)["posts"][0]
        assert third["action"] == "updated" and third["url"] == ours[0]["html_url"]
        assert len([i for i in gh.issues["o/site"] if i["user"]["login"] == gh.login]) == 1
        assert [r.path for r in gh.of("PATCH", "/repos/o/site/issues")] == [f"/repos/o/site/issues/{ours[0]['number']}"]
        assert hostile["body"] == HOSTILE_BODY
        assert all(TOKEN not in json.dumps(i) for i in gh.issues["o/site"])


def test_comment_mode_skips_a_strangers_marker_comment(team, capsys, monkeypatch) -> None:  # noqa: F811
    with FakeGitHub(token=TOKEN) as gh:
        gh.add_repo("o/site")
        tracking = gh.add_issue("o/site", title="[i18n-KO] Translating docs to Korean", body="tracking", user="lead")
        n = tracking["number"]
        hostile = gh.add_issue_comment("o/site", n, body=HOSTILE_BODY, user="mallory")
        quoted = gh.add_issue_comment("o/site", n, body="> " + marker("ko") + "\nquoting the bot", user=gh.login)
        (team.root / "hfi18n.toml").write_text(f'[github]\napi_url = "{gh.url}"\n')
        _env(monkeypatch, gh)
        for _ in range(2):
            assert main(["dashboard", "--repo", str(team.root), "--github-repo", "o/site", "--issue", str(n)]) == 0
            (team.root / "docs/source/ko/pr_page.md").write_text("# PR 페이지 [[pr-page]]\n\n본문.\n",
                                                                 encoding="utf-8")
        comments = gh.issue_comments[("o/site", n)]
        assert hostile["body"] == HOSTILE_BODY and quoted["body"].startswith("> ")
        ours = [c for c in comments if c["body"].startswith(marker("ko")) and c["user"]["login"] == gh.login]
        assert len(ours) == 1 and len(comments) == 3 and "`pr_page.md` (translated" not in ours[0]["body"]
        assert "[x] `pr_page.md`" in ours[0]["body"]  # the second run's page
        assert len(gh.of("PATCH", "/repos/o/site/issues/comments/")) == 1
        assert gh.of("PATCH", "/repos/o/site/issues/comments/")[0].path.endswith(str(ours[0]["id"]))


def test_action_dashboard_mode_posts_as_the_actions_bot(team, tmp_path) -> None:  # noqa: F811
    """The step as a runner runs it: a workflow token (``GET /user`` refused, author github-actions[bot]),
    the API URL from the runner, and a checkout whose hfi18n.toml points the token at another server."""
    with FakeGitHub(token=TOKEN, login="github-actions[bot]", user_endpoint=False) as gh, \
            FakeGitHub(token=None) as evil:
        gh.add_repo("o/site")
        hostile = gh.add_issue("o/site", title="status", body=HOSTILE_BODY, user="mallory")
        (team.root / "hfi18n.toml").write_text(f'[github]\napi_url = "{evil.url}"\nupstream = "evil/x"\n')
        summary = tmp_path / "summary.md"
        env = {"GITHUB_TOKEN": TOKEN, "GITHUB_API_URL": gh.url, "GITHUB_REPOSITORY": "o/site",
               "GITHUB_ACTIONS": "true", "RUNNER_TEMP": str(tmp_path), "GITHUB_STEP_SUMMARY": str(summary),
               "DOCS_ROOT": "docs/source", "LANG_FILTER": "", "ISSUE": "", "HFI18N_CONFIG": ""}
        assert "inputs.mode == 'dashboard'" in _step("hfi18n dashboard")["if"]
        for expected in ("created", "unchanged"):
            res = _run("hfi18n dashboard", env, team.root)
            assert res.returncode == 0, res.stderr
            assert f"ko: {expected}" in summary.read_text(encoding="utf-8").splitlines()[-1]
        assert evil.requests == []
        ours = [i for i in gh.issues["o/site"] if i["user"]["login"] == "github-actions[bot]"]
        assert len(ours) == 1 and hostile["body"] == HOSTILE_BODY
        assert TOKEN not in res.stdout + res.stderr + summary.read_text(encoding="utf-8")
