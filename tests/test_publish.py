"""``hfi18n publish`` end to end: real git (local bare repos as upstream and fork) and the fake GitHub."""

from __future__ import annotations

import os
import socket
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from hfi18n.cli import main
from hfi18n.config import Config
from hfi18n.errors import GitHubError, RefusedError, RepoError
from hfi18n.publish.git import _ASKPASS, Git
from hfi18n.publish.pr import branch_name, find_open_pull, pr_body, pr_title, publish
from hfi18n.repo.github import GitHubClient, PullRequest
from hfi18n.repo.layout import DocsLayout
from tests.fakes.github_server import FakeGitHub
from tests.helpers import git, publish_repos

TOKEN = "ghp_PublishSecret_0123456789abcdef"
UPSTREAM, FORK = "huggingface/hub", "me/hub"
TITLE = "🌐 [i18n-KO] Translated `guides/cli.md` to Korean"

EN_CLI = """# Use the CLI

The `hf` command line lets you download files.

## Install [[install]]

Run this:

```bash
pip install huggingface_hub
```

See [the docs](https://huggingface.co/docs).
"""
KO_CLI = """# CLI 사용하기 [[use-the-cli]]

`hf` 명령줄 도구로 파일을 다운로드할 수 있습니다.

## 설치 [[install]]

다음을 실행하세요:

```bash
pip install huggingface_hub
```

[문서](https://huggingface.co/docs)를 참고하세요.
"""


@dataclass
class World:
    upstream: Path
    fork: Path
    clone: Path
    gh: FakeGitHub

    @property
    def layout(self) -> DocsLayout:
        return DocsLayout.open(self.clone)

    def config(self, **extra) -> Config:
        return Config({"github": {"upstream": UPSTREAM, "fork": FORK},
                       "lang": {"ko": {"tracking_issue": 20179}}, **extra})

    def client(self, token: str | None = TOKEN) -> GitHubClient:
        return GitHubClient(token, self.gh.url, timeout=5)

    def fork_branch(self, name: str) -> list[str]:
        """Commits of ``name`` on the fork that upstream main does not have, oldest first."""
        out = git(self.fork, "rev-list", "--reverse", name, "--not", git(self.upstream, "rev-parse", "main").strip())
        return out.split()


@pytest.fixture()
def world(tmp_path: Path):
    upstream, fork, clone = publish_repos(
        tmp_path, {"en": ["index", "quicktour", "installation", "guides/download", "guides/upload", "guides/cli",
                          "reference/api", "reference/files", "reference/utilities"],
                   "ko": ["index", "installation", "guides/download", "in_translation"]},
        files={"en/guides/cli.md": EN_CLI}, toctrees={"en": "en.yml", "ko": "ko.yml"})
    (clone / "docs/source/ko/guides/cli.md").write_text(KO_CLI, encoding="utf-8")  # the translator's work
    with FakeGitHub(token=TOKEN) as gh:
        gh.add_repo(UPSTREAM, clone_url=upstream.as_uri())
        gh.add_repo(FORK, clone_url=fork.as_uri(), parent=UPSTREAM)
        yield World(upstream, fork, clone, gh)


def do_publish(w: World, **kw):
    client = kw.pop("client", None) or w.client()
    config = kw.pop("config", None) or w.config()
    with client:
        return publish(w.layout, "ko", kw.pop("doc", "guides/cli.md"), config=config, client=client, **kw)


def test_publish_opens_a_draft_pr_with_two_commits(world: World) -> None:
    status_before = git(world.clone, "status", "--porcelain")
    result = do_publish(world)

    # GitHub: one draft PR from fork to upstream main, authenticated, with the community title
    [post] = world.gh.of("POST", f"/repos/{UPSTREAM}/pulls")
    assert post.headers["authorization"] == f"Bearer {TOKEN}"
    assert post.body["draft"] is True and post.body["head"] == "me:ko-guides-cli" and post.body["base"] == "main"
    assert post.body["title"] == TITLE == result.title
    assert result.pull.html_url == f"https://github.com/{UPSTREAM}/pull/1" and result.pull.draft
    body = post.body["body"]
    for needle in ("# What does this PR do?", "Translated the `guides/cli.md` file of the documentation to Korean 😄",
                   "Thank you in advance for your review.", f"Part of https://github.com/{UPSTREAM}/issues/20179",
                   "## Before reviewing", "- [ ] Check for missing / redundant translations (번역 누락/중복 검사)",
                   "- [ ] Grammar Check (맞춤법 검사)", "- [ ] Review or Add new terms to glossary (용어 확인 및 추가)",
                   "- [ ] Check Inline TOC (e.g. `[[lowercased-header]]`)",
                   "- [ ] Check live-preview for gotchas (live-preview로 정상작동 확인)", "## Who can review?",
                   "hfi18n에는 이 컴퓨터에서 이 문서를 기계 번역한 기록이 없습니다.",  # written by hand: no record
                   "`hfi18n check`: 1 file(s) checked: 0 error(s)"):
        assert needle in body, needle

    # git: branch on the fork = upstream main + doc commit + toctree commit, by the translator
    commits = world.fork_branch("ko-guides-cli")
    assert commits == result.commits and len(commits) == 2
    files = [git(world.fork, "show", "--name-only", "--format=", c).split() for c in commits]
    assert files == [["docs/source/ko/guides/cli.md"], ["docs/source/ko/_toctree.yml"]]
    assert git(world.fork, "show", "-s", "--format=%an <%ae>", commits[0]).strip() == "Kim Translator <kim@example.com>"
    assert git(world.fork, "show", f"{commits[0]}:docs/source/ko/guides/cli.md") == KO_CLI
    toc = git(world.fork, "show", f"{commits[1]}:docs/source/ko/_toctree.yml")
    assert "  - local: guides/download\n    title: 파일 다운로드\n  - local: guides/cli\n    title: CLI 사용하기\n" in toc

    # the translator's checkout is untouched, a local branch points at the pushed commit, no token anywhere
    assert git(world.clone, "status", "--porcelain") == status_before
    assert git(world.clone, "rev-parse", "ko-guides-cli").strip() == commits[-1]
    assert "hfi18n-publish" not in git(world.clone, "worktree", "list")
    assert TOKEN not in (world.clone / ".git/config").read_text()
    assert TOKEN not in git(world.fork, "log", "-p", "ko-guides-cli")
    for root, _dirs, names in os.walk(world.clone / ".git"):
        for name in names:
            p = Path(root, name)
            if p.stat().st_size < 1_000_000:
                assert TOKEN.encode() not in p.read_bytes(), p


def test_cli_publish_prints_the_url_and_reads_token_from_env(world: World, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture) -> None:
    (world.clone / "hfi18n.toml").write_text(
        f'[github]\nupstream = "{UPSTREAM}"\nfork = "{FORK}"\napi_url = "{world.gh.url}"\n', encoding="utf-8")
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    monkeypatch.delenv("HFI18N_CONFIG", raising=False)
    code = main(["publish", "--repo", str(world.clone), "--lang", "ko", "docs/source/en/guides/cli.md", "--ready",
                 "--no-llm"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert captured.out.strip() == f"https://github.com/{UPSTREAM}/pull/1"
    assert TOKEN not in captured.out + captured.err
    post = world.gh.of("POST", f"/repos/{UPSTREAM}/pulls")[0].body
    assert post["draft"] is False and "issues/20179" not in post["body"]  # no tracking issue configured


def test_duplicate_open_pr_is_refused_with_its_url(world: World) -> None:
    world.gh.add_pull(UPSTREAM, title="🌐 [i18n-KO] Translated `cli.md` to Korean", head="other:ko-cli")
    with pytest.raises(RefusedError, match=r"already translates guides/cli.md.*https://github.com/huggingface/hub/pull/1"):
        do_publish(world)
    assert not world.gh.of("POST", "/")
    assert "ko-guides-cli" not in git(world.fork, "branch")


def test_failing_check_is_refused(world: World) -> None:
    broken = KO_CLI.replace("```bash\npip install huggingface_hub\n```\n", "")
    (world.clone / "docs/source/ko/guides/cli.md").write_text(broken, encoding="utf-8")
    with pytest.raises(RefusedError, match="fails hfi18n check"):
        do_publish(world)
    assert world.gh.requests == []


def test_bad_token_is_a_clear_error(world: World) -> None:
    with pytest.raises(GitHubError, match="Bad credentials") as info:
        do_publish(world, client=world.client("ghp_wrong"))
    assert "regenerate" in (info.value.hint or "").lower() or "new token" in (info.value.hint or "")
    assert "ko-guides-cli" not in git(world.fork, "branch")


def test_missing_token_missing_fork_and_no_push_permission(world: World) -> None:
    with pytest.raises(GitHubError, match="no GitHub token"):
        do_publish(world, client=world.client(None))
    with pytest.raises(GitHubError, match="fork nobody/hub not found: create it on GitHub with Fork"):
        do_publish(world, config=Config({"github": {"upstream": UPSTREAM, "fork": "nobody/hub"}}))
    world.gh.add_repo("ro/hub", clone_url=world.fork.as_uri(), push=False)
    with pytest.raises(GitHubError, match="cannot push to ro/hub"):
        do_publish(world, fork="ro/hub")


def test_rate_limit_and_network_down(world: World) -> None:
    world.gh.mode = "ratelimit"
    with pytest.raises(GitHubError, match="rate limit"):
        do_publish(world)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(GitHubError, match="cannot reach GitHub"):
        do_publish(world, client=GitHubClient(TOKEN, f"http://127.0.0.1:{port}", timeout=2))


def test_push_rejected_when_branch_exists_on_fork(world: World) -> None:
    other = world.clone.parent / "other"
    git(world.clone.parent, "clone", "-q", str(world.fork), str(other))
    (other / "x.txt").write_text("x", encoding="utf-8")
    git(other, "add", "x.txt")
    git(other, "-c", "user.name=O", "-c", "user.email=o@example.com", "commit", "-q", "-m", "x")
    git(other, "push", "-q", "origin", "HEAD:refs/heads/ko-guides-cli")
    with pytest.raises(RepoError, match="branch already exists") as info:
        do_publish(world)
    assert "--branch" in (info.value.hint or "")
    result = do_publish(world, branch="i18n-ko/cli")
    assert world.fork_branch("i18n-ko/cli") == result.commits
    assert world.gh.of("POST", "/")[0].body["head"] == "me:i18n-ko/cli"


def test_doc_and_toctree_already_upstream_means_nothing_to_publish(world: World) -> None:
    do_publish(world)
    git(world.fork, "push", "-q", str(world.upstream), "ko-guides-cli:main")
    world.gh.pulls.clear()
    with pytest.raises(RefusedError, match="nothing to publish"):
        do_publish(world, branch="again")


def test_askpass_answers_from_environment_only(tmp_path: Path) -> None:
    script = tmp_path / "askpass.sh"
    script.write_text(_ASKPASS, encoding="utf-8")
    script.chmod(0o700)
    env = {**os.environ, "HFI18N_GIT_TOKEN": TOKEN}

    def run(prompt: str) -> str:
        return subprocess.run([str(script), prompt], capture_output=True, text=True, env=env).stdout

    assert run("Username for 'https://github.com': ") == "x-access-token\n"
    assert run("Password for 'https://x@github.com': ") == TOKEN + "\n"
    assert TOKEN not in _ASKPASS


def test_git_errors_are_clear(tmp_path: Path) -> None:
    with pytest.raises(RepoError, match="not a git repository"):
        Git(tmp_path).toplevel()


def test_titles_branches_and_duplicate_matching() -> None:
    assert pr_title("fsdp.md", "ko") == "🌐 [i18n-KO] Translated `fsdp.md` to Korean"
    assert pr_title("fsdp.md", "zh") == "🌐 [i18n-ZH] Translated `fsdp.md` to Chinese"
    assert pr_title("tasks/asr.md", "ja") == "🌐 [i18n-JA] Translated `tasks/asr.md` to Japanese"
    assert branch_name("fsdp.md", "ko") == "ko-fsdp" and branch_name("tasks/asr.md", "ko") == "ko-tasks-asr"
    pulls = [PullRequest(1, "🌐 [i18n-KO] Translated `fsdp.md` to Korean", "u1", "a", "x", True),
             PullRequest(2, "🌐 [i18n-ZH] Translated `asr.md` to Chinese", "u2", "b", "y", False),
             PullRequest(3, "Fix typo", "u3", "c", "ko-tasks-asr", False)]
    assert find_open_pull(pulls, "fsdp.md", "ko", "ko-fsdp").number == 1
    assert find_open_pull(pulls, "fsdp.md", "zh", "zh-fsdp") is None
    assert find_open_pull(pulls, "tasks/asr.md", "zh", "zh-tasks-asr").number == 2
    assert find_open_pull(pulls, "tasks/asr.md", "ko", "ko-tasks-asr").number == 3
    # the folder pt_BR is the tag [i18n-pt-BR] (and [i18n-PT_BR], as hfi18n writes it)
    pt = [PullRequest(4, "🌐 [i18n-pt-BR] Tradução de `fsdp.md`", "u4", "d", "x", False)]
    assert find_open_pull(pt, "fsdp.md", "pt_BR", "pt_BR-fsdp").number == 4
    assert find_open_pull(pt, "fsdp.md", "pt", "pt-fsdp") is None
    assert pr_title("fsdp.md", "pt_BR").startswith("🌐 [i18n-PT_BR] ")


def test_generic_template_for_other_languages() -> None:
    body = pr_body("fsdp.md", "de", upstream="huggingface/transformers", tracking_issue=None, summary="S",
                   reviewers=["alice", "@bob"])
    assert "Translated the `fsdp.md` file of the documentation to German." in body
    assert "@alice @bob" in body and "Part of" not in body and "\n\n\n" not in body
    zh = pr_body("fsdp.md", "zh", upstream="huggingface/transformers", tracking_issue=1, summary="S")
    assert "to Chinese" in zh and "Part of https://github.com/huggingface/transformers/issues/1" in zh


def test_https_push_keeps_the_token_out_of_config_and_errors(world: World) -> None:
    config_before = (world.clone / ".git/config").read_text()
    with socket.socket() as s:  # bound, never listening (so no other process takes the port): git cannot connect
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        with pytest.raises(RepoError, match="cannot reach") as info:
            Git(world.clone).push(f"https://127.0.0.1:{port}/me/hub.git", "ko-x", token=TOKEN)
    assert TOKEN not in str(info.value) and TOKEN not in (info.value.hint or "")
    assert (world.clone / ".git/config").read_text() == config_before


def test_dry_run_without_github_makes_the_branch_and_prints_the_pr(world: World, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture) -> None:
    """No token, no fork: the branch starts from origin's default branch, nothing reaches GitHub or the fork,
    and the title and body printed are exactly what the real publish posts afterwards."""
    for var in ("GITHUB_TOKEN", "GH_TOKEN", "HFI18N_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    (world.clone / "hfi18n.toml").write_text(
        f'[github]\nupstream = "{UPSTREAM}"\napi_url = "{world.gh.url}"\n[lang.ko]\ntracking_issue = 20179\n',
        encoding="utf-8")
    status_before = git(world.clone, "status", "--porcelain")
    code = main(["publish", "--repo", str(world.clone), "--lang", "ko", "guides/cli.md", "--dry-run", "--no-llm"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert world.gh.requests == [] and "ko-guides-cli" not in git(world.fork, "branch")
    assert "nothing pushed" in captured.err and "origin/main" in captured.err
    title, body = captured.out.split("\n\n", 1)
    assert title == TITLE
    assert f"Part of https://github.com/{UPSTREAM}/issues/20179" in body and "`hfi18n check`" in body
    # the local branch: upstream main + the doc commit + the toctree commit, checkout untouched
    main_commit = git(world.upstream, "rev-parse", "main").strip()
    commits = git(world.clone, "rev-list", "--reverse", "ko-guides-cli", "--not", main_commit).split()
    assert len(commits) == 2 and git(world.clone, "status", "--porcelain") == status_before
    assert git(world.clone, "show", f"{commits[0]}:docs/source/ko/guides/cli.md") == KO_CLI
    assert git(world.clone, "log", "-1", "--format=%s", commits[0]).startswith("🌐 [i18n-KO] Translate guides/cli.md")

    # the same doc published for real: the posted title and body are the ones the dry run printed
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    assert main(["publish", "--repo", str(world.clone), "--lang", "ko", "guides/cli.md", "--fork", FORK,
                 "--no-llm"]) == 0
    [post] = world.gh.of("POST", f"/repos/{UPSTREAM}/pulls")
    assert post.body["title"] == title and post.body["body"].rstrip() == body.rstrip()


def test_dry_run_starts_from_the_upstream_url_and_still_refuses(world: World) -> None:
    """``github.upstream_url`` (a bare repository here) is asked for its default branch by git alone; the
    branch starts from its newest commit even when the clone has not fetched it. A dry run with a token
    still refuses a duplicate, and never posts."""
    seed = world.upstream.parent / "seed"
    (seed / "docs/source/en/new.md").write_text("# New\n\ntext\n", encoding="utf-8")
    git(seed, "add", ".")
    git(seed, "-c", "user.name=M", "-c", "user.email=m@example.com", "commit", "-q", "-m", "more docs")
    git(seed, "push", "-q", str(world.upstream), "HEAD:main")
    newest = git(world.upstream, "rev-parse", "main").strip()
    assert git(world.clone, "rev-parse", "origin/main").strip() != newest
    config = Config({"github": {"upstream_url": world.upstream.as_uri()}})
    logs: list[str] = []
    result = do_publish(world, client=world.client(None), config=config, dry_run=True, branch="try-cli",
                        log=logs.append)
    assert result.pull is None and result.dry_run and result.base == "main" and result.head == "try-cli"
    assert git(world.clone, "rev-list", "--reverse", "try-cli", "--not", newest).split() == result.commits
    assert "Part of https" not in result.body and "# What does this PR do?" in result.body
    assert any("open pull requests are not looked up" in m for m in logs) and world.gh.requests == []

    world.gh.add_pull(UPSTREAM, title="🌐 [i18n-KO] Translated `cli.md` to Korean", head="other:ko-cli")
    with pytest.raises(RefusedError, match="already translates"):
        do_publish(world, dry_run=True)
    world.gh.pulls.clear()
    result = do_publish(world, dry_run=True, config=Config({"github": {"upstream": UPSTREAM}}))
    assert result.head == "ko-guides-cli" and not world.gh.of("POST", "/")
    assert "ko-guides-cli" not in git(world.fork, "branch")


def test_a_local_branch_with_the_translators_own_work_is_never_moved(world: World) -> None:
    """The translator made ``ko-guides-cli`` by hand: a dry run (whose output is that branch) refuses, with
    a hint; publish pushes and leaves it where it was; a branch a previous dry run made is moved."""
    git(world.clone, "branch", "ko-guides-cli")
    mine = git(world.clone, "rev-parse", "ko-guides-cli").strip()
    with pytest.raises(RefusedError, match="local branch ko-guides-cli exists with other commits") as info:
        do_publish(world, dry_run=True)
    assert "--branch" in (info.value.hint or "") and git(world.clone, "rev-parse", "ko-guides-cli").strip() == mine
    assert not world.gh.of("POST", "/")
    logs: list[str] = []
    pushed = do_publish(world, log=logs.append)
    assert world.fork_branch("ko-guides-cli") == pushed.commits and world.gh.of("POST", "/")
    assert git(world.clone, "rev-parse", "ko-guides-cli").strip() == mine
    assert any("exists with other commits" in m and "left as it is" in m for m in logs)
    first = do_publish(world, dry_run=True, branch="ko-cli-try", client=world.client(None))
    (world.clone / "docs/source/ko/guides/cli.md").write_text(KO_CLI + "\n추가 문장입니다.\n", encoding="utf-8")
    again = do_publish(world, dry_run=True, branch="ko-cli-try", client=world.client(None))  # its own earlier dry run: moved
    assert git(world.clone, "rev-parse", "ko-cli-try").strip() == again.commits[-1] != first.commits[-1]
    git(world.clone, "worktree", "add", "-q", str(world.clone.parent / "wt"), "ko-cli-try")  # checked out there
    with pytest.raises(RefusedError, match="is checked out"):
        do_publish(world, dry_run=True, branch="ko-cli-try", client=world.client(None))


def test_publish_killed_after_its_push_continues_with_the_branch_it_made(world: World, monkeypatch, capsys) -> None:
    """Issue 33 item 8: a publish stopped after pushing and before opening its PR left the branch on the fork,
    and the next run stopped at "branch already exists". It continues with that branch (the same content is
    not pushed again; a doc edited since replaces the branch, which no PR uses)."""
    (world.clone / "hfi18n.toml").write_text(
        f'[github]\nupstream = "{UPSTREAM}"\nfork = "{FORK}"\napi_url = "{world.gh.url}"\n', encoding="utf-8")
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    monkeypatch.delenv("HFI18N_CONFIG", raising=False)
    args = ["publish", "--repo", str(world.clone), "--lang", "ko", "guides/cli.md", "--no-llm"]
    real = GitHubClient.create_pull

    def killed(*a, **k):  # noqa: ANN002, ANN003
        raise KeyboardInterrupt

    monkeypatch.setattr(GitHubClient, "create_pull", killed)
    for var in ("GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE"):  # the next run is later: its commits are new ones
        monkeypatch.setenv(var, "2026-01-01T10:00:00")
    assert main(args) == 130
    for var in ("GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE"):
        monkeypatch.setenv(var, "2026-01-01T10:05:00")
    pushed = world.fork_branch("ko-guides-cli")
    assert len(pushed) == 2 and not world.gh.of("POST", f"/repos/{UPSTREAM}/pulls")
    monkeypatch.setattr(GitHubClient, "create_pull", real)
    capsys.readouterr()
    assert main(args) == 0, capsys.readouterr().err
    printed = capsys.readouterr()
    assert printed.out.strip() == f"https://github.com/{UPSTREAM}/pull/1"
    assert "continuing with it" in printed.err
    assert world.fork_branch("ko-guides-cli") == pushed  # nothing pushed again
    [post] = world.gh.of("POST", f"/repos/{UPSTREAM}/pulls")
    assert post.body["head"] == "me:ko-guides-cli"

    # the same stop, then the translator edits the doc: the branch (no PR uses it) is replaced
    world.gh.pulls.clear()
    monkeypatch.setattr(GitHubClient, "create_pull", killed)
    git(world.fork, "branch", "-D", "ko-guides-cli")
    assert main(args) == 130
    (world.clone / "docs/source/ko/guides/cli.md").write_text(KO_CLI.replace("참고하세요", "확인하세요"),
                                                              encoding="utf-8")
    monkeypatch.setattr(GitHubClient, "create_pull", real)
    assert main(args) == 0
    tip = world.fork_branch("ko-guides-cli")[0]
    assert "확인하세요" in git(world.fork, "show", f"{tip}:docs/source/ko/guides/cli.md")


def test_the_pr_body_says_what_the_record_says_about_who_wrote_the_page(repo: Path, server, monkeypatch,
                                                                        capsys) -> None:
    """Issue 33 item 16: the PR body said the translator reviewed and edited the page on every PR, one nobody
    had touched since the machine wrote it included. It says what the ledger records: all machine, some
    segments the translator's own, or no record."""
    from tests.helpers import isolate_env

    isolate_env(monkeypatch, repo.parent, OPENAI_API_KEY="test-key")
    args = ["--repo", str(repo), "--lang", "ko"]
    assert main(["translate", *args, "training.md", "--provider", "openai", "--base-url", server.openai_base_url]) == 0
    capsys.readouterr()

    def body() -> str:
        assert main(["publish", *args, "training.md", "--dry-run", "--no-llm"]) == 0, capsys.readouterr().err
        return capsys.readouterr().out

    first = body()
    assert "모두 hfi18n의 기계 번역이며, 그 뒤로 사람이 수정한 세그먼트는 없습니다" in first
    assert "none has been edited by hand since" in first and "reviewed and edited" not in first
    doc = repo / "docs/source/ko/training.md"
    text = doc.read_text(encoding="utf-8")
    paragraph = next(p for p in text.split("\n\n") if p and not p.startswith(("#", "`", "<", "[")))
    doc.write_text(text.replace(paragraph, paragraph + " 번역자가 고친 문장입니다."), encoding="utf-8")
    second = body()
    assert "1개는 번역자가 직접 쓰거나 수정했고" in second and "1 of" in second and "translator's own" in second
