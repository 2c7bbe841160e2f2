"""hfi18n's own words live in gettext catalogs a translator edits (issue 33, item 17): every key in every
shipped language with the same ``{fields}``, compiled catalogs that match their ``.po`` and ship in the
wheel of a fresh clone, the English of the library's lines (publish steps, notes) taken from the same
catalogs, and the catalogs' words on the page a browser gets over HTTP.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

from hfi18n.i18n import Msg, english, fields_of, languages, t, table, text
from tests.conftest import ROOT, require


def test_every_key_in_every_shipped_language_with_the_same_fields() -> None:
    """A key missing in a language showed the raw key (or English) to its readers; a ``{field}`` the English
    lacks fails when filled, one dropped loses a value. ``python -m hfi18n.i18n check`` says the same."""
    require("babel")
    from hfi18n.i18n import catalogs

    assert languages() == ("en", *catalogs.translated()) and "ko" in languages()
    for lang in catalogs.translated():
        assert catalogs.problems(lang) == [], lang
    for lang in languages():
        for key, source in english().items():
            assert fields_of(text(key, lang)) == fields_of(source), (lang, key)
            assert text(key, lang).strip(), (lang, key)
            # every message fills with its fields (a format spec a value cannot take fails here, not on a page)
            t(key, lang, **dict.fromkeys(fields_of(source), 1))


def test_korean_is_korean() -> None:
    """A Korean entry that is the English copied (or left for later) is not a translation."""
    same = [k for k, v in english().items() if text(k, "ko") == v and k not in ("base_url", "in_english",
                                                                                 "err_frame", "err_frame_hint")]
    assert same == []


def test_compiled_catalogs_match_their_sources() -> None:
    """The ``.mo`` files read at run time are committed (so ``pip install .`` and ``pip install -e .`` find
    them without a build step); one compiled before the last ``.po`` edit would ship old words."""
    require("babel")
    from hfi18n.i18n import catalogs

    for lang in languages():
        assert not catalogs.stale(lang), f"{lang}: run python -m hfi18n.i18n compile"
    run = subprocess.run([sys.executable, "-m", "hfi18n.i18n", "check"], capture_output=True, text=True)
    assert run.returncode == 0 and "ko: complete" in run.stdout, run.stdout + run.stderr


def test_update_keeps_translations_by_key_and_marks_a_changed_english_fuzzy() -> None:
    """``python -m hfi18n.i18n update``: a new key arrives untranslated, a key whose English changed keeps its
    old translation marked fuzzy with the old English beside it (the translator sees what moved), a key gone
    from the template is dropped. Matching is by key only: Babel's own matching by similar English could
    hand one message's translation to another."""
    require("babel")
    from babel.messages.catalog import Catalog

    from hfi18n.i18n import catalogs

    old = Catalog(locale="ko", domain="hfi18n")
    old.add("Show status", "현황 보기", context="status_btn")
    old.add("Stop", "중지", context="stop_btn")
    old.add("Gone", "사라짐", context="gone")
    tmpl = Catalog(domain="hfi18n")
    tmpl.add("Show the status", context="status_btn")
    tmpl.add("Stop", context="stop_btn")
    tmpl.add("Stop now", context="stop_now")  # similar English, another key: never takes 중지
    new = {m.context: m for m in catalogs.updated(old, tmpl) if m.id}
    assert set(new) == {"status_btn", "stop_btn", "stop_now"}
    assert new["status_btn"].string == "현황 보기" and "fuzzy" in new["status_btn"].flags
    assert new["status_btn"].previous_id == ["Show status"] or new["status_btn"].previous_id == ("Show status",)
    assert new["stop_btn"].string == "중지" and "fuzzy" not in new["stop_btn"].flags
    assert not new["stop_now"].string
    assert catalogs.problems  # (the test above runs problems() on the real catalogs)


def test_a_field_said_in_the_language_of_its_sentence() -> None:
    """One set of fields for every language: the Korean table used to need ``ko_what`` beside ``what``."""
    assert t("err_sign_in", "ko", what=Msg("act_clone")) == "저장소를 클론하려면 Hugging Face로 로그인하세요"
    assert t("err_sign_in", "en", what=Msg("act_clone")) == "sign in with Hugging Face to clone a repository"
    assert t("status_btn", "xx") == "Show status"  # a language not shipped: English
    with pytest.raises(KeyError):
        t("no-such-key", "ko")
    assert set(table("ko")) == set(english())


def test_the_clis_publish_steps_and_notes_are_the_catalogs_english(tmp_path: Path) -> None:
    """One key per message for the CLI and the web app: the library's lines (publish steps, the write
    gate's notes, the status PR note) take their English from the catalogs, and the web says the same key
    in the visitor's language."""
    from hfi18n.publish.pr import STEP_KEYS, Step
    from hfi18n.write.gate import NOTE_KINDS

    for key in (*STEP_KEYS, *NOTE_KINDS, "pr_not_requested", "pr_no_token", "problem_base_unknown", "note_backup"):
        assert key in english(), key
    step = Step.of("step_pushing", branch="ko-x", fork="kim/x")
    assert step == "pushing branch ko-x to kim/x" and step.key == "step_pushing"
    from hfi18n.example import build_example_repo

    repo = build_example_repo(tmp_path / "example")
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_TOKEN", "GH_TOKEN", "HFI18N_CONFIG")}
    run = subprocess.run([sys.executable, "-m", "hfi18n", "status", "--lang", "ko"], capture_output=True,
                         text=True, cwd=repo, env=env)
    assert run.returncode == 0, run.stderr[-2000:]
    assert t("pr_no_token") in run.stdout + run.stderr


def test_the_page_a_browser_gets_carries_every_word_of_the_catalogs(tmp_path: Path) -> None:
    """The page's labels are translated in the browser from the ``i18n_translations`` Gradio sends with the
    page's config: every key of the catalogs, in every shipped language, as the catalogs say it."""
    require("gradio")
    from hfi18n.example import build_example_repo
    from hfi18n.web import build_app

    repo = build_example_repo(tmp_path / "example")
    demo = build_app(repo, demo=True)
    _, url, _ = demo.launch(prevent_thread_lock=True, quiet=True, show_error=False, server_name="127.0.0.1")
    try:
        with urllib.request.urlopen(url.rstrip("/") + "/config", timeout=30) as answer:
            config = json.load(answer)
    finally:
        demo.close()
    sent = config["i18n_translations"]
    assert set(sent) == set(languages())
    assert sent["ko"]["status_btn"] == "현황 보기" == text("status_btn", "ko")
    for lang in languages():
        assert sent[lang] == table(lang), lang


@pytest.mark.slow
def test_a_wheel_built_from_a_fresh_clone_ships_the_compiled_catalogs(tmp_path: Path) -> None:
    """``pip install .`` on a fresh clone (the README's set-up command 1) installs the compiled catalogs as
    package data, and the installed package reads them: nothing is generated at build time, so an editable
    install (CI's ``pip install -e '.[test]'``) reads the same files."""
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], check=True, capture_output=True,
                          text=True).stdout.strip()
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", "--detach", head], check=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                    str(tmp_path / "dist"), str(clone)], check=True, capture_output=True)
    wheel = next((tmp_path / "dist").glob("hfi18n-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in ("en", "ko"):
        assert f"hfi18n/i18n/locale/{lang}/LC_MESSAGES/hfi18n.mo" in names
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    run = subprocess.run([sys.executable, "-I", "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
                          "from hfi18n.i18n import t; print(t('status_btn', 'ko'))", str(site)],
                         capture_output=True, text=True, cwd=tmp_path)
    assert run.stdout.strip() == "현황 보기", run.stderr
