"""Issue 31: the five cases a new user found in one hour, each an instance of a promise.

Each test runs on real corpus docs with their real git history and failed on 9425b6b. The promises
themselves are attacked by the generator in ``tests/test_properties.py``; these are the named instances.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hfi18n import api
from hfi18n.doc.draft import is_draft
from hfi18n.translate.providers.pseudo import extract_segments
from tests.fakes.llm_server import FakeLLMServer
from tests.fakes.translators import IdealServer
from tests.helpers import cli_json as _run
from tests.helpers import git, isolate_env
from tests.helpers import status_rows as _status

pytestmark = pytest.mark.corpus

EN, KO = "docs/source/en", "docs/source/ko"


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A", ".")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", message)


def test_a_reorder_of_english_list_items_moves_the_human_lines_with_them(corpus_copy, monkeypatch, tmp_path,
                                                                        capsys) -> None:
    """smolagents en/installation.md at HEAD swapped its ``e2b`` and ``docker`` list items (and added
    ``blaxel``) after ko/installation.md was translated. The update keeps every human line whose English did
    not change, at the English's new place, and translates only ``blaxel`` (it replaced both ``e2b`` lines
    by machine text and dropped 2 human segments)."""
    repo = corpus_copy("smolagents")
    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key")
    before = (repo / KO / "installation.md").read_text(encoding="utf-8")
    human = [line for line in before.splitlines() if line.startswith(("- **e2b**", "- **docker**"))]
    assert len(human) == 4
    with FakeLLMServer() as server:
        code, run = _run(capsys, "translate", "--repo", str(repo), "--lang", "ko", "--update", "installation.md",
                         "--provider", "openai", "--base-url", server.openai_base_url, "--format", "json")
        sent = [text for r in server.requests for _, text in extract_segments(r.user)]
    assert code == 0
    summary = run["docs"][0]["summary"]
    assert run["updates"]["installation.md"]["removed"] == 0 and summary["translated"] == 2  # blaxel (pip, uv)
    # the one new English text, in the pip and the uv tab, and nothing else; sent once since the tab groups
    # read as Markdown (e0314d2: before, one copy sat in an HTML block and the two were sent apart)
    assert sent and all("Blaxel" in s for s in sent) and len(set(sent)) == 1
    after = (repo / KO / "installation.md").read_text(encoding="utf-8")
    for line in human:
        assert after.count(line) == before.count(line)
    pip = after.split("코드를 원격으로 실행하기 위한 추가 기능")[1].split("</hfoption>")[0]
    order = re.findall(r"^- \*\*(\w+)\*\*", pip, re.M)
    assert len(order) == 3 and order[1:] == ["e2b", "docker"]  # the English order, blaxel (translated) first
    assert 'pip install "smolagents[blaxel]"' in pip.split("e2b")[0]


def test_an_identifier_heading_is_never_sent_and_makes_no_draft(corpus_copy, monkeypatch, tmp_path, capsys) -> None:
    """huggingface_hub package_reference/webhooks_server.md: ``### @webhook_endpoint`` was sent, an ideal
    translator gave it back unchanged and the page was written as a marked draft. Decorators, flags and
    ``Class.method()`` need no translation: never sent, the page is finished."""
    repo = corpus_copy("huggingface_hub")
    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key")
    doc = "package_reference/webhooks_server.md"
    with IdealServer() as server:
        code, run = _run(capsys, "translate", "--repo", str(repo), "--lang", "ko", "--force", doc,
                         "--provider", "openai", "--base-url", server.openai_base_url, "--format", "json")
        sent = [text for r in server.requests for _, text in server.segments(r.user)]
    assert code == 0 and run["docs"][0]["written"] and not run["docs"][0]["draft"]
    assert "@webhook_endpoint" not in sent and server.unchanged == []
    out = (repo / KO / doc).read_text(encoding="utf-8")
    assert "### @webhook_endpoint" in out and not is_draft(out)


_ENDPOINT = "### @webhook_endpoint\n\n[[autodoc]] huggingface_hub.webhook_endpoint\n\n"
_SERVER = "### WebhooksServer\n\n[[autodoc]] huggingface_hub.WebhooksServer\n\n"


@pytest.mark.parametrize("edit", ["identifier sections inserted", "identifier sections swapped",
                                  "identifier headings retitled"])
def test_identifier_headings_in_a_changed_region_of_an_update_are_never_sent(corpus_copy, monkeypatch, tmp_path,
                                                                             edit: str) -> None:
    """Issue 31's ``### @webhook_endpoint`` on the kept-beads path of ``--update`` (not the whole-page
    fallback): the English of huggingface_hub package_reference/webhooks_server.md changes a paragraph and,
    next to the identifier headings, inserts sections titled ``@webhook_handler``, ``--token`` and
    ``HfApi.whoami()``, swaps two sections (with a new paragraph between them: a 0-1/1-0 region) or retitles
    them ``WebhooksServer.run()`` and ``@webhook_endpoint()``. An ideal translator is never sent one of them
    and the page is finished, not a draft; the translator's headings whose English did not change are kept
    byte for byte, custom anchors included, also where the English moved them."""
    repo = corpus_copy("huggingface_hub")
    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key")
    doc = "package_reference/webhooks_server.md"
    en = repo / EN / doc
    text = en.read_text(encoding="utf-8").replace("The server is a [Gradio]", "The server is a small [Gradio]")
    assert _SERVER + _ENDPOINT in text
    if edit == "identifier sections inserted":
        text = text.replace(_ENDPOINT, "### @webhook_handler\n\n[[autodoc]] huggingface_hub.webhook_handler\n\n"
                            "### --token\n\nThe token to use.\n\n### HfApi.whoami()\n\n"
                            "[[autodoc]] huggingface_hub.HfApi.whoami\n\n" + _ENDPOINT)
    elif edit == "identifier sections swapped":
        text = text.replace(_SERVER + _ENDPOINT, _ENDPOINT + "A new paragraph about endpoints.\n\n" + _SERVER)
    else:
        text = text.replace("### @webhook_endpoint\n", "### @webhook_endpoint()\n").replace(
            "### WebhooksServer\n", "### WebhooksServer.run()\n")
    en.write_text(text, encoding="utf-8")
    _commit(repo, "docs: update")
    with IdealServer() as server:
        result = api.translate(repo, "ko", [doc], update=True, provider="openai", model="gpt-4.1-mini",
                               base_url=server.openai_base_url, concurrency=1)
        sent = [t for r in server.requests for _, t in server.segments(r.user)]
    [out] = result.docs
    assert out.written and not out.draft and server.unchanged == []
    assert not [t for t in sent if t.startswith(("@", "--", "HfApi", "WebhooksServer"))], sent
    assert "The server is a small [Gradio]⟦1⟧ app." in " ".join(sent)  # the region was sent
    page = (repo / KO / doc).read_text(encoding="utf-8")
    headings = [line for line in page.splitlines() if line.startswith("### ") and "Payload" not in line]
    assert not is_draft(page)
    assert headings == {
        "identifier sections inserted": ["### WebhooksServer[[huggingface_hub.WebhooksServer]]",
                                         "### @webhook_handler", "### --token", "### HfApi.whoami()",
                                         "### @webhook_endpoint[[huggingface_hub.webhook_endpoint]]"],
        "identifier sections swapped": ["### @webhook_endpoint[[huggingface_hub.webhook_endpoint]]",
                                        "### WebhooksServer[[huggingface_hub.WebhooksServer]]"],
        "identifier headings retitled": ["### WebhooksServer.run()", "### @webhook_endpoint()"]}[edit]


def test_an_english_doc_that_links_elsewhere_follows_its_target(corpus_copy, monkeypatch, tmp_path, capsys) -> None:
    """``en/contributing.md -> ../../../CONTRIBUTING.md`` (a repository's guide, built into its docs): the
    target changed twice after the Korean translation; status said "up to date", ``last_english_commit:
    None`` (the link itself never changed). Its content and history are the target's: outdated by two
    commits, check says so, an update brings in the two new paragraphs and the page is up to date again,
    committed and in a fresh clone."""
    repo = corpus_copy("smolagents")
    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key")
    guide = repo / "CONTRIBUTING.md"
    guide.write_text((repo / EN / "tutorials/memory.md").read_text(encoding="utf-8"), encoding="utf-8")
    _commit(repo, "Add a contributing guide")
    (repo / EN / "contributing.md").symlink_to("../../../CONTRIBUTING.md")
    _commit(repo, "docs: build the contributing guide")
    (repo / KO / "contributing.md").write_text((repo / KO / "tutorials/memory.md").read_text(encoding="utf-8"),
                                               encoding="utf-8")
    _commit(repo, "[i18n-KO] Translated contributing.md to Korean")
    assert _status(capsys, repo)["contributing.md"]["state"] == "up-to-date"
    for n in (1, 2):
        guide.write_text(guide.read_text(encoding="utf-8") + f"\nA new paragraph number {n} of the guide.\n",
                         encoding="utf-8")
        _commit(repo, f"contributing: paragraph {n}")
    last = git(repo, "rev-parse", "HEAD").strip()
    row = _status(capsys, repo)["contributing.md"]
    assert (row["state"], row["commits_behind"], row["last_english_commit"]) == ("outdated", 2, last)
    code, report = _run(capsys, "check", "--repo", str(repo), "--lang", "ko", "contributing.md", "--format", "json")
    assert [f["check"] for f in report if f["check"] == "outdated"] == ["outdated"]
    with IdealServer() as server:
        code, run = _run(capsys, "translate", "--repo", str(repo), "--lang", "ko", "--update", "contributing.md",
                         "--provider", "openai", "--base-url", server.openai_base_url, "--format", "json")
    assert code == 0 and run["docs"][0]["summary"]["translated"] == 2
    assert _status(capsys, repo)["contributing.md"]["state"] == "up-to-date"
    _commit(repo, "docs: contributing")
    fresh = tmp_path / "fresh"
    git(tmp_path, "clone", "-q", str(repo), str(fresh))
    assert _status(capsys, fresh)["contributing.md"]["state"] == "up-to-date"


def _edit(path: Path, *pairs: tuple[str, str]) -> None:
    text = path.read_text(encoding="utf-8")
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")


def test_a_change_carried_to_both_languages_is_part_of_what_the_translation_follows(corpus_copy, monkeypatch,
                                                                                    tmp_path, capsys) -> None:
    """smolagents reference/models.md, up to date. The English gains a paragraph (Korean not updated); then a
    maintainer adds ``[[autodoc]] SomeNewClass`` to both languages and rewords one sentence in both, in one
    commit. What the translation follows is its base plus that carried commit: check's one outdated finding
    names the one paragraph added (it said "1 added, 1 changed"), no ``[[autodoc]]`` finding blames the
    translator, and the update keeps the human sentence that already carries the rewording (it re-sent it
    and replaced it by machine text: "dropped 1")."""
    repo = corpus_copy("smolagents")
    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key")
    en, ko = repo / EN / "reference/models.md", repo / KO / "reference/models.md"
    assert _status(capsys, repo)["reference/models.md"]["state"] == "up-to-date"
    _edit(en, ("### API Model\n", "### API Model\n\nA new English paragraph about API models.\n"))
    _commit(repo, "docs: api models")
    _edit(en, ("[[autodoc]] ApiModel\n", "[[autodoc]] ApiModel\n\n[[autodoc]] SomeNewClass\n"),
          ("for all model implementations", "for every model implementation"))
    human = "`Model` 클래스는 모든 모델 구현 하나하나의 기반이 되는 클래스이며"
    _edit(ko, ("[[autodoc]] ApiModel\n", "[[autodoc]] ApiModel\n\n[[autodoc]] SomeNewClass\n"),
          ("`Model` 클래스는 모든 모델 구현의 기반이 되는 클래스이며", human))
    _commit(repo, "Add SomeNewClass to the docs")
    row = _status(capsys, repo)["reference/models.md"]
    assert (row["state"], row["commits_behind"]) == ("outdated", 1)
    code, findings = _run(capsys, "check", "--repo", str(repo), "--lang", "ko", "reference/models.md",
                          "--format", "json")
    [outdated] = [f for f in findings if f["check"] == "outdated"]
    assert "paragraphs: 1 added;" in outdated["message"]
    assert not [f for f in findings if f["check"] == "autodoc"]
    with IdealServer() as server:
        code, run = _run(capsys, "translate", "--repo", str(repo), "--lang", "ko", "--update",
                         "reference/models.md", "--provider", "openai", "--base-url", server.openai_base_url,
                         "--format", "json")
        sent = [text for r in server.requests for _, text in server.segments(r.user)]
    assert code == 0 and sent == ["A new English paragraph about API models."]
    assert run["updates"]["reference/models.md"]["removed"] == 0
    out = ko.read_text(encoding="utf-8")
    assert human in out and out.count("[[autodoc]] SomeNewClass") == 1
    assert _status(capsys, repo)["reference/models.md"]["state"] == "up-to-date"


def test_an_emptied_cut_or_half_deleted_translation_is_never_up_to_date(corpus_copy, monkeypatch, tmp_path,
                                                                       capsys) -> None:
    """smolagents ko/reference/models.md is up to date. Emptied (``: >``), cut in half or with a section
    deleted, in the work tree or committed with an ordinary message, it is outdated (flag ``incomplete``,
    status said "up-to-date ... base by content") and check says so in one ``incomplete`` error; the update
    translates what is missing and the page is up to date again, the human text kept."""
    repo = corpus_copy("smolagents")
    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key")
    ko = repo / KO / "reference/models.md"
    whole = ko.read_text(encoding="utf-8")
    start = whole.index("### API 모델")
    cuts = {"emptied": "", "cut": whole[: len(whole) // 2].rsplit("\n\n", 1)[0] + "\n",
            "section": whole[:start] + whole[whole.index("### TransformersModel"):]}
    for how, text in cuts.items():
        ko.write_text(text, encoding="utf-8")
        for committed in (False, True):
            if committed:
                _commit(repo, f"docs: {how}")
            row = _status(capsys, repo)["reference/models.md"]
            assert (row["state"], "incomplete" in row["flags"]) == ("outdated", True), (how, committed, row)
            code, findings = _run(capsys, "check", "--repo", str(repo), "--lang", "ko", "reference/models.md",
                                  "--format", "json")
            assert [f["check"] for f in findings].count("incomplete") == 1, (how, committed)
        with IdealServer() as server:
            code, run = _run(capsys, "translate", "--repo", str(repo), "--lang", "ko", "--update",
                             "reference/models.md", "--provider", "openai", "--base-url", server.openai_base_url,
                             "--format", "json")
        assert code == 0 and run["docs"][0]["written"] and not run["docs"][0]["draft"], how
        out = ko.read_text(encoding="utf-8")
        kept = [p for p in text.split("\n\n") if p.strip() and "[[autodoc]]" not in p]
        assert all(p.strip() in out for p in kept), how
        assert _status(capsys, repo)["reference/models.md"]["state"] == "up-to-date", how
        ko.write_text(whole, encoding="utf-8")
        _commit(repo, "docs: restore")


def test_where_the_english_and_the_translation_both_changed_the_human_text_is_kept_and_said(
        corpus_copy, monkeypatch, tmp_path, capsys) -> None:
    """Undecidable: after the translation of smolagents tutorials/memory.md, a translator rewrites one
    paragraph and the English of that paragraph changes too. Nobody can tell whether the new Korean follows
    the new English: the update keeps the human text and says so in one finding (it replaced it by machine
    text). A paragraph the translator did not touch whose English changed is translated as before."""
    repo = corpus_copy("smolagents")
    isolate_env(monkeypatch, tmp_path, OPENAI_API_KEY="test-key")
    en, ko = repo / EN / "tutorials/memory.md", repo / KO / "tutorials/memory.md"
    english = en.read_text(encoding="utf-8")
    from hfi18n.doc import BlockKind, parse
    from hfi18n.pair.model import pair_docs
    beads = [b for b in pair_docs(parse(english), parse(ko.read_text(encoding="utf-8")))
             if b.sure and len(b.en) == len(b.tr) == 1 and b.en[0].kind is BlockKind.PARAGRAPH
             and "\n" not in b.en[0].text.strip() and "\n" not in b.tr[0].text.strip()]
    (e1, t1), (e2, t2) = [(b.en[0].text.strip(), b.tr[0].text.strip()) for b in beads[1:3]]
    human = t1 + " (번역자가 다시 씀)"
    _edit(ko, (t1, human))
    _commit(repo, "ko: better wording")
    _edit(en, (e1, e1 + " This sentence is new."), (e2, e2 + " So is this one."))
    _commit(repo, "docs: memory")
    with IdealServer() as server:
        code, run = _run(capsys, "translate", "--repo", str(repo), "--lang", "ko", "--update", "tutorials/memory.md",
                         "--provider", "openai", "--base-url", server.openai_base_url, "--format", "json")
        sent = [text for r in server.requests for _, text in server.segments(r.user)]
    out = ko.read_text(encoding="utf-8")
    assert code == 0 and human in out and t2 not in out
    assert [s for s in sent if "So is this one." in s] and not [s for s in sent if "This sentence is new." in s]
    [conflict] = run["docs"][0]["summary"]["conflicts"]
    assert "kept human text" in conflict["message"] and "the English changed too" in conflict["message"]
