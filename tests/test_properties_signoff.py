"""Issue 36's promises in the state machine of issue 31 (``tests/promise_machine.py``): ``translate --all``
and ``approve`` are rules among the English edits, the human edits and the other tool runs, and the
sign-off is an invariant.

``S1 sign-off holds``
    a page reviewed against the English it still has is never changed by a tool (``--all``, ``--update``,
    the web app's write, ``approve`` again...), byte for byte, and still reads ``reviewed``; a fresh clone
    reads every page's review state as the clone it came from;
``S2 notice says the state``
    every page ``--all`` writes carries the notice exactly when it holds machine text no one signed off;
``S3 --all is idempotent``
    a second ``--all`` right after the first changes nothing and sends nothing; whatever it leaves alone it
    lists with a reason;
``S4 approve is all or nothing``
    ``approve`` either signs the page off (no draft mark, no notice, ``reviewed``) or refuses with a reason and
    changes nothing.

Run like ``tests/test_properties.py`` (derandomized, bounded, the same settings).
"""

from __future__ import annotations

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import rule, run_state_machine_as_test

from hfi18n import api
from hfi18n.doc.draft import is_draft
from hfi18n.doc.notice import has_notice
from hfi18n.errors import HfI18nError
from hfi18n.repo.layout import DocsLayout
from hfi18n.repo.ledger import text_blob
from hfi18n.repo.signoff import read_record, review_state

promise_machine = pytest.importorskip("tests.promise_machine", reason="the state machine of issue 31")
properties = pytest.importorskip("tests.test_properties", reason="the state machine of issue 31")
PromiseMachine = promise_machine.PromiseMachine

pytestmark = pytest.mark.corpus

REVIEWER = "Kim Reviewer"


_corpora = pytest.fixture(scope="module", autouse=True)(promise_machine.with_corpora)


class SignoffMachine(PromiseMachine):
    """:class:`tests.promise_machine.PromiseMachine` with ``--all`` and ``approve``, and S1-S4."""

    def _layout(self) -> DocsLayout:
        return DocsLayout.open(self.repo)

    def _states(self) -> dict[str, str]:
        layout = self._layout()
        out = {}
        for doc in self.docs:
            if self.ko_path(doc).is_file():
                st_ = review_state(layout, "ko", doc)
                out[doc] = st_.state if st_ is not None else "unreadable"
        return out

    def _reviewed_pages(self) -> dict[str, bytes]:
        """Pages reviewed against the English they still have: S1 guards their bytes across a tool run."""
        layout = self._layout()
        out = {}
        for doc in self.docs:
            path = self.ko_path(doc)
            if not path.is_file() or path.is_symlink() or not self.en_path(doc).is_file():
                continue
            record = read_record(layout, "ko", doc)
            if record is None or record.signoff is None:
                continue
            state = review_state(layout, "ko", doc)
            if state is not None and state.state == "reviewed" and \
                    text_blob(self.en(doc)) == record.signoff.english_blob:
                out[doc] = path.read_bytes()
        return out

    def tool(self, name: str, run):
        guarded = self._reviewed_pages()
        result = super().tool(name, run)
        for doc, data in guarded.items():  # S1
            assert self.ko_path(doc).read_bytes() == data, f"{name} changed the reviewed page {doc}"
        return result

    def _all(self):
        return api.translate(self.repo, "ko", [], all_docs=True, provider="openai", model="gpt-4.1-mini",
                             base_url=self.shared.ideal.openai_base_url, concurrency=2)

    @rule()
    def translate_all(self) -> None:
        """``translate --all`` with the ideal translator: S2 on every page it wrote, S3 by running it twice."""
        result = self.tool("translate_all", self._all)
        assert all(s.reason for s in result.skipped)
        layout = self._layout()
        for out in result.docs:
            if not out.written:
                continue
            rel = out.target.resolve().relative_to(layout.lang_dir("ko").resolve()).as_posix()
            text = out.target.read_text(encoding="utf-8")
            state = review_state(layout, "ko", rel)
            assert state is not None and has_notice(text) == (state.state == "machine"), (rel, state)  # S2
        tree = self._tree()
        again = self.tool("translate_all_again", self._all)
        assert again.stats.requests == 0, "a second --all sent segments"  # S3
        assert self._tree() == tree, "a second --all changed the repository"

    @rule(data=st.data())
    def approve(self, data) -> None:
        """``approve`` of a page: S4."""
        doc = data.draw(st.sampled_from(self.docs))
        if not self.ko_path(doc).is_file():
            return
        before = self._tree()
        try:
            result = self.tool("approve", lambda: api.approve(self.repo, "ko", [doc], by=REVIEWER))
        except HfI18nError:
            assert self._tree() == before
            return
        [page] = result.pages
        if page.approved:
            self.shared.steps["approved"] += 1
            text = self.ko(doc)
            state = review_state(self._layout(), "ko", page.doc)
            assert not has_notice(text) and not is_draft(text), doc
            assert state is not None and state.state == "reviewed" and state.signoff.by == REVIEWER, (doc, state)
        else:
            assert page.reason and self._tree() == before, (doc, page.reason)

    @rule()
    def fresh_clone(self) -> None:
        """S1 in a fresh clone: every page reads the review state it had (the record is in the repository)."""
        self.commit("before a fresh clone")
        states = self._states()
        super().fresh_clone()
        assert self._states() == states


def test_the_sign_off_holds_under_generated_edits() -> None:
    """S1-S4 (and P1-P5 of issue 31) after every step of generated sequences with ``--all`` and ``approve``."""
    run_state_machine_as_test(SignoffMachine, settings=properties.CI_SETTINGS)
