"""hfi18n review --pr against the loopback GitHub: one COMMENT review, inline comments on the right diff
lines with suggestions that fix the doc, re-runs that change nothing, 422 and rate limits."""

from __future__ import annotations

import re

import pytest

from hfi18n import api
from hfi18n.check import check_pair
from hfi18n.cli import main
from hfi18n.config import Config
from hfi18n.doc import parse
from hfi18n.errors import GitHubError
from hfi18n.fileio import read_text
from hfi18n.repo.ghref import parse_pull_ref
from hfi18n.review.pull import right_lines
from hfi18n.review.render import SUMMARY_MARK
from tests.fakes.github_server import FakeGitHub

REPO = "huggingface/diffusers"
EN = "docs/source/en/conceptual/philosophy.md"
KO = "docs/source/ko/conceptual/philosophy.md"
SUGGESTION_RE = re.compile(r"```suggestion\n(.*?)\n```", re.DOTALL)


def test_pull_refs_and_diff_lines():
    assert str(parse_pull_ref("huggingface/diffusers#12")) == "huggingface/diffusers#12"
    ref = parse_pull_ref("https://github.com/huggingface/diffusers/pull/12345/files")
    assert (ref.repo, ref.number) == ("huggingface/diffusers", 12345)
    for bad in ("diffusers 12", "huggingface/..#3", "https://github.com/a/b/issues/3"):
        with pytest.raises(GitHubError):
            parse_pull_ref(bad)
    patch = "@@ -1,3 +1,4 @@\n a\n-b\n+B\n+C\n c\n@@ -10,2 +11,2 @@\n x\n-y\n+Y"
    assert right_lines(patch) == {1, 2, 3, 4, 11, 12}
    assert right_lines(None) == set()


@pytest.fixture()
def texts(corpus):
    root = corpus("diffusers")
    return read_text(root / EN), read_text(root / KO)


@pytest.fixture()
def gh(monkeypatch):
    """The loopback GitHub, with its token in ``GITHUB_TOKEN``."""
    monkeypatch.setenv("GITHUB_TOKEN", "test-token")
    with FakeGitHub(token="test-token") as server:
        yield server


def _config(gh: FakeGitHub) -> Config:
    return Config({"github": {"api_url": gh.url}})


def _pr(gh: FakeGitHub, en: str, ko: str) -> tuple[int, int]:
    """A PR that fixes a typo on the line with the broken fragments (so that line is in the diff)."""
    line = next(i for i, ln in enumerate(ko.splitlines(), 1) if "(#스케줄러)" in ln)
    lines = ko.splitlines(keepends=True)
    base_ko = "".join(lines[:line - 1] + ["파이프라인은 오타가 있는 문장입니다.\n"] + lines[line:])
    gh.add_repo(REPO)
    pr = gh.add_review_pull(REPO, base={EN: en, KO: base_ko}, head={KO: ko, "README.md": "x"})
    return pr["number"], line


def _post(gh: FakeGitHub, number: int):
    """``hfi18n review --pr REPO#number --post`` against the loopback GitHub."""
    return api.review(None, None, pr=f"{REPO}#{number}", post=True, config=_config(gh))


def _writes(gh: FakeGitHub) -> list:
    return [r for r in gh.requests if r.method in ("POST", "PUT", "PATCH")]


def _apply(text: str, line: int, replacement: str) -> str:
    lines = text.splitlines(keepends=True)
    eol = "\n" if lines[line - 1].endswith("\n") else ""
    lines[line - 1] = replacement + eol
    return "".join(lines)


@pytest.mark.corpus
def test_post_one_comment_review_with_working_suggestions_then_rerun_changes_nothing(texts, gh):
    en, ko = texts
    number, line = _pr(gh, en, ko)
    result = _post(gh, number)
    (post,) = gh.of("POST", f"/repos/{REPO}/pulls/{number}/reviews")
    body = post.body
    assert body["event"] == "COMMENT"
    assert body["commit_id"] == gh._pull(REPO, number)["head"]["sha"]
    comments = body["comments"]
    # the diff covers the changed line and 3 lines of context: only findings there are inline
    assert [(c["path"], c["line"], c["side"]) for c in comments] == [(KO, line, "RIGHT")]
    assert comments[0]["body"].startswith(f"<!-- hfi18n-review:comment {KO}:{line} -->")
    assert comments[0]["body"].count("fragments") == 3
    (suggestion,) = SUGGESTION_RE.findall(comments[0]["body"])
    fixed = _apply(ko, line, suggestion)
    before = [f for f in check_pair(parse(en), parse(ko), file=KO, lang="ko") if f.check == "fragments"]
    after = [f for f in check_pair(parse(en), parse(fixed), file=KO, lang="ko") if f.check == "fragments"]
    assert len(before) == 3 and after == []
    assert fixed.count("\n") == ko.count("\n")  # only that line changed
    # the summary: counts, what was and was not checked, findings outside the diff
    summary = body["body"]
    assert summary.startswith(SUMMARY_MARK)
    assert "| check rules |" in summary and "**Not checked:**" in summary
    assert "drift" in summary  # the whole-file finding is in the summary
    assert result.posted is not None and result.posted.created == 1 and result.posted.summary == "created"
    assert "README.md" not in str(result.to_json())  # only translated docs are reviewed

    n_writes = len(_writes(gh))
    again = _post(gh, number)
    assert len(_writes(gh)) == n_writes  # nothing new, nothing changed
    assert again.posted.unchanged == 1 and again.posted.created == 0 and again.posted.summary == "unchanged"
    assert len(gh.reviews[(REPO, number)]) == 1
    assert len(gh.review_comments[(REPO, number)]) == 1


@pytest.mark.corpus
def test_rerun_after_applying_the_suggestion_edits_the_comment_in_place(texts, gh):
    en, ko = texts
    number, line = _pr(gh, en, ko)
    _post(gh, number)
    (comment,) = gh.review_comments[(REPO, number)]
    (suggestion,) = SUGGESTION_RE.findall(comment["body"])
    pr = gh._pull(REPO, number)
    gh.contents[(pr["head"]["repo"]["full_name"], pr["head"]["sha"], KO)] = _apply(ko, line, suggestion)
    result = _post(gh, number)
    assert result.posted.updated == 1 and result.posted.created == 0
    (comment,) = gh.review_comments[(REPO, number)]
    assert comment["line"] == line and "fragments" not in comment["body"]
    assert len(gh.of("PATCH", f"/repos/{REPO}/pulls/comments/{comment['id']}")) == 1
    assert len(gh.reviews[(REPO, number)]) == 1  # the summary was edited, not posted again
    assert result.posted.summary == "updated"


@pytest.mark.corpus
def test_line_not_part_of_the_diff_moves_comments_into_the_summary(texts, gh):
    en, ko = texts
    number, line = _pr(gh, en, ko)
    gh.reject_lines.add((KO, line))  # GitHub's diff moved under us
    result = _post(gh, number)
    posts = gh.of("POST", f"/repos/{REPO}/pulls/{number}/reviews")
    assert [len(p.body["comments"]) for p in posts] == [1, 0]  # refused with 422, then without comments
    (review,) = gh.reviews[(REPO, number)]
    assert review["state"] == "COMMENTED"
    assert f"`{KO}:{line}`" in review["body"] and "#스케줄러" in review["body"]
    assert result.posted.fallback and "422" in result.posted.fallback


@pytest.mark.corpus
def test_rate_limits_are_waited_out_or_reported(texts, gh):
    en, ko = texts
    number, _ = _pr(gh, en, ko)
    gh.mode = "retry-after"  # one secondary rate limit (Retry-After: 0), then normal service
    _post(gh, number)
    assert len(gh.reviews[(REPO, number)]) == 1
    assert gh.requests[0].path.endswith(f"/pulls/{number}") and gh.requests[1].path == gh.requests[0].path
    gh.mode = "ratelimit"  # primary limit, resets in an hour: a clear error, nothing posted
    with pytest.raises(GitHubError, match="rate limit"):
        _post(gh, number)
    assert len(gh.reviews[(REPO, number)]) == 1


@pytest.mark.corpus
def test_added_doc_gets_anchor_suggestions_on_every_line(corpus, monkeypatch, capsys, tmp_path, gh):
    """A PR adding a translation: every line is in the diff; a heading without its English anchor gets
    a suggestion that adds it, and the CLI prints and posts the review."""
    root = corpus("huggingface_hub")
    rel = "guides/collections.md"
    en = read_text(root / "docs/source/en" / rel)
    ko = read_text(root / "docs/source/ko" / rel)
    heading = next(ln for ln in ko.splitlines()
                   if ln.startswith("## ") and "[[" in ln and ko.count(ln[ln.index("[["):]) == 1)
    bare = heading[:heading.index("[[")].rstrip()
    broken = ko.replace(heading, bare, 1)
    line = broken.splitlines().index(bare) + 1
    gh.add_repo("huggingface/huggingface_hub")
    pr = gh.add_review_pull("huggingface/huggingface_hub", base={f"docs/source/en/{rel}": en},
                            head={f"docs/source/ko/{rel}": broken})
    config = tmp_path / "hfi18n.toml"
    config.write_text(f'[github]\napi_url = "{gh.url}"\n', encoding="utf-8")
    monkeypatch.setenv("HFI18N_CONFIG", str(config))
    code = main(["review", "--pr", f"https://github.com/huggingface/huggingface_hub/pull/{pr['number']}",
                 "--post", "--format", "md"])
    assert code == 1  # a missing anchor is an error
    out = capsys.readouterr()
    assert "hfi18n review" in out.out and "posted on" in out.err
    comments = gh.review_comments[("huggingface/huggingface_hub", pr["number"])]
    (anchor,) = [c for c in comments if c["line"] == line]
    (suggestion,) = SUGGESTION_RE.findall(anchor["body"])
    assert suggestion == f"{bare} {heading[heading.index('[['):].rstrip()}"
    # the translator applies it: the next run marks that comment resolved and posts nothing new
    sha = gh._pull("huggingface/huggingface_hub", pr["number"])["head"]["sha"]
    gh.contents[("someone/fork", sha, f"docs/source/ko/{rel}")] = _apply(broken, line, suggestion)
    reviews = len(gh.reviews[("huggingface/huggingface_hub", pr["number"])])
    assert main(["review", "--pr", f"huggingface/huggingface_hub#{pr['number']}", "--post"]) in (0, 1)
    (anchor,) = [c for c in comments if c["line"] == line]
    assert "no longer reports this" in anchor["body"] and "```suggestion" not in anchor["body"]
    assert len(gh.reviews[("huggingface/huggingface_hub", pr["number"])]) == reviews


def test_post_needs_a_pr_and_a_token(monkeypatch, tmp_path):
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    with pytest.raises(Exception, match="--post needs a pull request"):
        api.review(tmp_path, "ko", post=True)
    with FakeGitHub(token="test-token") as gh, pytest.raises(Exception, match="needs a GitHub token"):
        api.review(None, None, pr=f"{REPO}#1", post=True, config=_config(gh))


@pytest.mark.corpus
def test_comments_of_another_account_and_outdated_ones_are_left_alone(texts, gh):
    """Markers count only on the token's own comments (issue 16): an hfi18n-looking comment of another
    account is neither edited nor taken for ours, so hfi18n posts its own; an outdated one of ours is kept."""
    en, ko = texts
    number, line = _pr(gh, en, ko)
    key = f"<!-- hfi18n-review:comment {KO}:{line} -->"
    gh.review_comments[(REPO, number)] = [
        # an hfi18n comment posted by someone else (a PR author faking ours): not edited, not trusted
        {"id": 1, "path": KO, "line": line, "body": key + "\nold text", "user": {"login": "translator"}},
        # an outdated one of ours (GitHub sets line to null after a push): not reused, not touched
        {"id": 2, "path": KO, "line": None, "body": key + "\nolder text", "user": {"login": gh.login}},
    ]
    result = _post(gh, number)
    assert result.posted.created == 1 and result.posted.updated == 0
    assert not gh.of("PATCH", "/repos/")
    assert [c["body"].splitlines()[1] for c in gh.review_comments[(REPO, number)][:2]] == ["old text", "older text"]
    assert len(gh.reviews[(REPO, number)]) == 1  # the summary review is still posted


@pytest.mark.corpus
def test_a_pr_authors_fake_summary_marker_is_not_taken_for_ours(texts, gh, monkeypatch):
    """A PR author posts a review carrying the summary marker: hfi18n posts its own summary with the real
    findings instead of editing the author's; with a workflow token (``GET /user`` refused) it posts as the
    Actions bot and a re-run still changes nothing."""
    en, ko = texts
    number, line = _pr(gh, en, ko)
    gh.reviews[(REPO, number)] = [{"id": 7, "body": SUMMARY_MARK + "\nAll good, merge it!", "state": "COMMENTED",
                                   "user": {"login": "pr-author"}}]
    result = _post(gh, number)
    assert result.posted.summary == "created" and not gh.of("PUT", "/repos/")
    assert gh.reviews[(REPO, number)][0]["body"].endswith("merge it!")
    assert "| check rules |" in gh.reviews[(REPO, number)][1]["body"]
    # a workflow's token: /user answers 403, hfi18n posts as github-actions[bot]
    gh.user_endpoint, gh.login = False, "github-actions[bot]"
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    other, _ = _pr(gh, en, ko)
    _post(gh, other)
    writes = len(_writes(gh))
    again = _post(gh, other)
    assert len(_writes(gh)) == writes and again.posted.unchanged == 1 and again.posted.summary == "unchanged"


@pytest.mark.corpus
def test_no_secret_reaches_the_posted_review_or_the_output(texts, monkeypatch, gh):
    """A secret quoted from the doc (here on the line the suggestion rewrites) is masked in every comment,
    the summary and the printed review."""
    en, ko = texts
    secret = "hf_aSecretOfTheReviewer123"
    monkeypatch.setenv("HF_TOKEN", secret)
    line = next(i for i, ln in enumerate(ko.splitlines(), 1) if "(#스케줄러)" in ln)
    lines = ko.splitlines(keepends=True)
    lines[line - 1] = lines[line - 1].rstrip("\n") + f" {secret}\n"
    ko = "".join(lines)
    number, line = _pr(gh, en, ko)
    result = _post(gh, number)
    (comment,) = gh.review_comments[(REPO, number)]
    assert "```suggestion" in comment["body"] and "***" in comment["body"]
    assert all(secret not in str(r.body) for r in _writes(gh))
    for kind in ("text", "json", "md"):
        assert secret not in result.format(kind)


def test_pr_files_that_cannot_be_reviewed_are_said_so(gh):
    """A deleted translation is skipped with its reason, a translation without English is still checked
    (and says what was not), another language is left out with --lang, a PR without docs says so."""
    gh.add_repo(REPO)
    gone, alone = "docs/source/ko/old.md", "docs/source/ko/new.md"
    pr = gh.add_review_pull(REPO, base={gone: "# 옛 문서 [[old]]\n"},
                            head={gone: None, alone: "# 새 문서 [[new]]\n\n내용입니다.\n",
                                  "docs/source/ja/new.md": "# 新しい\n"})
    result = api.review(None, "ko", pr=f"{REPO}#{pr['number']}", config=_config(gh))
    assert result.review.skipped == [f"{gone}: deleted by the PR"]
    (doc,) = result.review.docs
    assert doc.file == alone and doc.english_file is None
    assert any("there is no English source" in n for n in doc.not_checked)
    other = gh.add_review_pull(REPO, base={}, head={"README.md": "x"})
    empty = api.review(None, None, pr=f"{REPO}#{other['number']}", config=_config(gh))
    assert empty.review.docs == [] and empty.review.skipped == ["the PR changes no translated doc under docs/source/<lang>/"]


HOSTILE_EN = "docs/source/en/@org/team -->.md"
HOSTILE_KO = "docs/source/ko/@org/team -->.md"


def _without_code(body: str) -> str:
    """A comment body without its code spans and fenced blocks (GitHub shows those literally)."""
    body = re.sub(r"(`{3,})suggestion\n.*?\n\1", "", body, flags=re.DOTALL)
    return re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", "", body)


def test_quoted_pr_text_is_inert_and_a_hostile_name_never_breaks_the_marker(gh):
    """Issue 16: file names, headings and anchors of a PR put live ``@everyone`` / ``@org/team`` mentions and
    raw HTML into hfi18n's comments, and a name with `` -->`` broke the marker (every re-run posted again)."""
    en = "# Install @everyone [[install]]\n\nRun the <b>installer</b> now.\n\nSecond paragraph here.\n"
    ko = ("# 설치 @everyone <img src=x onerror=alert(1)> [[@org/team-<b>]]\n\n<b>설치 프로그램</b>을 실행하세요. "
          "@org/team\n\n두 번째 문단입니다.\n")
    gh.add_repo(REPO)
    pr = gh.add_review_pull(REPO, base={HOSTILE_EN: en}, head={HOSTILE_KO: ko})
    number = pr["number"]
    first = _post(gh, number)
    assert first.posted.created >= 1
    bodies = [c["body"] for c in gh.review_comments[(REPO, number)]] + [r["body"] for r in gh.reviews[(REPO, number)]]
    for body in bodies:
        prose = _without_code(body.split("\n", 1)[1])
        assert not re.search(r"@(?!\u200b)[A-Za-z]", prose), body
        assert "<img" not in prose and "<b>" not in prose, body
    for c in gh.review_comments[(REPO, number)]:
        marker = c["body"].split("\n", 1)[0]
        assert marker.startswith("<!-- hfi18n-review:comment ") and marker.count("-->") == 1 and marker.endswith("-->")
    writes = len(_writes(gh))
    for _ in range(2):  # re-runs recognise their own comments: nothing new, nothing changed
        again = _post(gh, number)
        assert again.posted.created == 0 and again.posted.summary == "unchanged"
    assert len(_writes(gh)) == writes


def test_review_console_output_cannot_emit_workflow_commands(gh, tmp_path, monkeypatch, capsys):
    """Issue 16: a PR file name with a newline and ``::error``/``::stop-commands::`` is skipped, and printed
    escaped like ``check --format github``; ``..`` paths, ``.git``/``1bad`` folders and duplicates are not
    reviewed as docs; a hostile answer without a PR number is an error in words, not a KeyError."""
    gh.add_repo(REPO)
    evil = "docs/source/ko/x\n::error file=a::pwned\n::stop-commands::tok.md"
    pr = gh.add_review_pull(REPO, base={}, head={
        evil: "# x\n", "docs/source/ko/../en/index.md": "# x\n", "docs/source/.git/config.md": "# x\n",
        "docs/source/1bad/a.md": "# x\n", "docs/source/ko/ok.md": "# 좋아요 [[ok]]\n"})
    gh.files[(REPO, pr["number"])] += [dict(gh.files[(REPO, pr["number"])][-1]) for _ in range(300)]
    cfg = tmp_path / "hfi18n.toml"
    cfg.write_text(f'[github]\napi_url = "{gh.url}"\n', encoding="utf-8")
    monkeypatch.setenv("HFI18N_CONFIG", str(cfg))
    main(["review", "--pr", f"{REPO}#{pr['number']}"])
    captured = capsys.readouterr()
    for line in (captured.out + captured.err).splitlines():
        assert not line.lstrip().startswith("::"), line
    result = api.review(None, None, pr=f"{REPO}#{pr['number']}", config=_config(gh))
    assert [d.file for d in result.review.docs] == ["docs/source/ko/ok.md"]
    assert len(result.review.skipped) == 2 and all("not reviewed" in s for s in result.review.skipped)
    monkeypatch.setattr(gh, "_pull", lambda full, n: {"title": "no number here", "head": {}, "base": {}})
    with pytest.raises(GitHubError, match="is not a pull request"):
        api.review(None, None, pr=f"{REPO}#{pr['number']}", config=_config(gh))
