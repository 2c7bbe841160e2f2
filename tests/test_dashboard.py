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


# ---------------------------------------------------------------------------------------------- issue 33


def _dash(team, *args: str) -> int:  # noqa: F811
    """``dashboard`` as scripts from before issue 33 call it (``--github-repo``, ``--json``: kept as aliases)."""
    return main(["dashboard", "--repo", str(team.root), "--github-repo", "o/site", "--json", *args])


def _outside_code(body: str) -> str:
    """The text GitHub would render outside code spans and blocks, and every image and link target."""
    from markdown_it import MarkdownIt

    found = []
    for tok in MarkdownIt("commonmark").parse(body):
        for child in tok.children or []:
            if child.type in ("text", "html_inline"):
                found.append(child.content)
            elif child.type in ("image", "link_open"):
                found.append(f"<{child.type} {child.attrs}>")
    return "\n".join(found)


def test_hostile_doc_names_stay_in_code_spans_on_the_dashboard(team, capsys, monkeypatch) -> None:  # noqa: F811
    """Item 5a: a path holding backticks broke out of its code span, and an unreadable doc's name was written
    unescaped: a live @mention of a team, an image loaded from any host, a link."""
    en = team.root / "docs/source/en"
    (en / "x` @huggingface").mkdir()  # the path `x` @huggingface/core ...`: a team mention
    (en / "x` @huggingface/core ![i](evil.example) `y.md").write_text("# Y\n\ntext\n", encoding="utf-8")
    (en / "@everyone [win](evil.example) ![p](evil.example).md").write_bytes(b"# Bad \xff\xfe\n")
    with FakeGitHub(token=TOKEN) as gh:
        gh.add_repo("o/site")
        (team.root / "hfi18n.toml").write_text(f'[github]\napi_url = "{gh.url}"\n')
        _env(monkeypatch, gh)
        assert main(["dashboard", "--repo", str(team.root), "--upstream", "o/site", "--format", "json"]) == 0
        body = gh.issues["o/site"][-1]["body"]
    assert "cannot be read" in body and "x` @huggingface/core" in body  # the names are there, as text
    shown = _outside_code(body)
    assert "@" not in shown and "evil.example" not in shown and "<image" not in shown and "<link" not in shown, shown


def test_the_dashboard_body_with_its_marker_stays_within_githubs_limit(team, capsys, monkeypatch) -> None:  # noqa: F811
    """Item 5b: the size check ran before the marker line was added, so a page at the limit was refused by
    GitHub (the fake refuses as GitHub does: 422 over 65,536 characters)."""
    en = team.root / "docs/source/en"
    for i in range(2200):
        (en / f"guide_{i:05d}.md").write_text(f"# Guide {i}\n\ntext\n", encoding="utf-8")
    git = __import__("tests.helpers", fromlist=["git"]).git
    git(team.root, "add", "-A")
    git(team.root, "-c", "user.name=W", "-c", "user.email=w@example.com", "commit", "-q", "-m", "many docs")
    with FakeGitHub(token=TOKEN) as gh:
        gh.add_repo("o/site")
        (team.root / "hfi18n.toml").write_text(f'[github]\napi_url = "{gh.url}"\n')
        _env(monkeypatch, gh)
        assert _dash(team, "--limit", "5000") == 0, capsys.readouterr().err
        posts = json.loads(capsys.readouterr().out)["posts"]
        body = gh.issues["o/site"][-1]["body"]
    assert posts[0]["action"] == "created" and body.startswith(marker("ko") + "\n")
    assert 65536 - 200 < len(body) <= 65536 and "(cut: the full list" in body


def test_an_account_github_will_not_name_never_opens_a_page_each_run(team, tmp_path, capsys, monkeypatch) -> None:  # noqa: F811
    """Item 5c: with a GitHub App's token (``GET /user`` refused) every run opened a new issue, silently."""
    with FakeGitHub(token=TOKEN, login="translate-app[bot]", user_endpoint=False) as gh:
        gh.add_repo("o/site")
        (team.root / "hfi18n.toml").write_text(f'[github]\napi_url = "{gh.url}"\n')
        _env(monkeypatch, gh)
        assert _dash(team) == 2
        err = capsys.readouterr().err
        assert "could not tell which account the token is" in err and "--account" in err
        assert not gh.issues.get("o/site")  # refused before anything was posted
        # inside a workflow the account is taken for github-actions[bot]: an App's token is not that one
        monkeypatch.setenv("GITHUB_ACTIONS", "true")
        assert _dash(team) == 0
        first = json.loads(capsys.readouterr().out)["posts"][0]
        assert first["action"] == "created" and "pass --account translate-app[bot]" in first["notes"][0]
        assert _dash(team) == 2  # the next run does not open a second page next to it: it says what to pass
        err = capsys.readouterr().err
        assert "written by translate-app[bot]" in err and "--account translate-app[bot]" in err
        assert _dash(team, "--account", "translate-app[bot]") == 0
        assert json.loads(capsys.readouterr().out)["posts"][0]["action"] == "unchanged"
        assert len(gh.issues["o/site"]) == 1


def test_the_dashboard_finds_its_issue_past_thirty_pages(team, capsys, monkeypatch) -> None:  # noqa: F811
    """Item 5d: the issues list was read for 30 pages at most; on a busy repository the dashboard's own
    issue (the oldest, listed last) was missed and a duplicate opened every night."""
    with FakeGitHub(token=TOKEN) as gh:
        gh.add_repo("o/site")
        gh.page_size_cap = 10
        gh.ignore_creator = True
        for i in range(330):
            gh.add_issue("o/site", title=f"bug {i}", body="something broke", user=f"user{i}")
        ours = gh.add_issue("o/site", title="status", body=marker("ko") + "\nold page", user=gh.login)
        (team.root / "hfi18n.toml").write_text(f'[github]\napi_url = "{gh.url}"\n')
        _env(monkeypatch, gh)
        assert _dash(team) == 0
        post = json.loads(capsys.readouterr().out)["posts"][0]
        assert post["action"] == "updated" and post["url"] == ours["html_url"]
        assert len(gh.issues["o/site"]) == 331 and len(gh.of("GET", "/repos/o/site/issues")) == 34


def test_one_bad_language_folder_is_reported_and_the_others_go_on(team, capsys, monkeypatch) -> None:  # noqa: F811
    """Item 5: an invalid ``zh/_toctree.yml`` or a folder named ``1ko`` stopped status and the dashboard for
    every language."""
    src = team.root / "docs/source"
    (src / "zh").mkdir()
    (src / "zh/index.md").write_text("# 主页 [[home]]\n\n文本。\n", encoding="utf-8")
    (src / "zh/_toctree.yml").write_text("- sections:\n  - local: index\n    title: [unclosed\n", encoding="utf-8")
    (src / "1ko").mkdir()
    (src / "1ko/index.md").write_text("# 홈\n", encoding="utf-8")
    assert main(["status", "--repo", str(team.root), "--format", "json"]) == 0
    printed = capsys.readouterr()
    rows = json.loads(printed.out)
    assert {r["lang"] for r in rows} == {"ko", "zh"} and len([r for r in rows if r["lang"] == "ko"]) == 4
    toc = next(r for r in rows if r["lang"] == "zh" and r["path"] == "_toctree.yml")
    assert toc["state"] == "unknown" and "zh/_toctree.yml cannot be read (line 4): invalid YAML" in toc["problem"]
    assert next(r for r in rows if r["lang"] == "zh" and r["path"] == "index.md")["state"] != "unknown"
    assert "1ko/ is not reported: '1ko' is not a language code" in printed.err
    with FakeGitHub(token=TOKEN) as gh:
        gh.add_repo("o/site")
        (team.root / "hfi18n.toml").write_text(f'[github]\napi_url = "{gh.url}"\n')
        _env(monkeypatch, gh)
        assert _dash(team) == 0
        posts = {p["lang"]: p for p in json.loads(capsys.readouterr().out)["posts"]}
        assert posts["ko"]["action"] == posts["zh"]["action"] == "created" and posts["1ko"]["action"] == "skipped"
        zh_page = next(i["body"] for i in gh.issues["o/site"] if i["body"].startswith(marker("zh")))
        assert "zh/_toctree.yml cannot be read" in zh_page
