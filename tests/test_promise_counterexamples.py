"""Counterexamples of the long bench_properties runs kept as found (s31), each a replay through the promise
machine's own methods with every invariant after every step (``tests.promise_machine.replay``), next to the
fixture with real git history that names its root (``tests/test_follows_records.py``)."""

from __future__ import annotations

import pytest

from tests.promise_machine import replay

ROUND_44 = [   (   'undecidable',
        (   'installation.md',
            (   'Some dependencies of `huggingface_hub` are '
                '[optional](https://setuptools.pypa.io/en/latest/userguide/dependency_management.html#optional-dependencies) '
                'because they are not required to run the core features of `huggingface_hub`. However, some '
                "features of the `huggingface_hub` may not be available if the optional dependencies aren't "
                'installed.',
                '`huggingface_hub`의 일부 의존성은 `huggingface_hub`의 핵심 기능을 실행하는 데 필요하지 않으므로 '
                '[선택적](https://setuptools.pypa.io/en/latest/userguide/dependency_management.html#optional-dependencies)입니다. '
                '설치가 되어있지 않다면 `huggingface_hub`의 추가적인 기능을 사용하지 못할 수 있습니다.'),
            'then uncommitted',
            'ko: edit')),
    (   'translation_edit',
        (   'human_correction',
            'package_reference/mixins.md',
            (   'The `huggingface_hub` library offers a range of mixins that can be used as a parent class '
                'for your objects, in order to\n'
                'provide simple uploading and downloading functions. Check out our [integration '
                'guide](../guides/integrations) to learn\n'
                'how to integrate any ML framework with the Hub.',
                '`huggingface_hub` 라이브러리는 객체에 함수들의 업로드 및 다운로드 기능을 손쉽게 제공하기 위해서, 부모 클래스로 사용될 수 있는 다양한 믹스인을 '
                '제공합니다.\n'
                'ML 프레임워크를 Hub와 통합하는 방법은 [통합 가이드](../guides/integrations)를 통해 배울 수 있습니다.'),
            False)),
    ('undecidable', ('package_reference/community.md',)),
    ('marked', ('package_reference/mixins.md',)),
    ('english_edit', ('english_swap_sections', 'package_reference/mixins.md', (12, 19, 23), '문서 수정')),
    ('marked', ('package_reference/community.md', (514, 543), 'docs: update')),
    (   'english_edit',
        ('english_redesign', 'package_reference/webhooks_server.md', 'package_reference/community.md')),
    (   'undecidable',
        (   'package_reference/community.md',
            (   '- [`edit_discussion_comment`] It was reworded in revision 4.',
                '- [`edit_discussion_comment`] 한 경 습파번 하 니있있 4.'),
            'one commit',
            'docs: update')),
    ('update_noisy', ('package_reference/community.md',)),
    ('marked', ('package_reference/mixins.md',)),
    ('update_failing', ('installation.md',)),
    ('update_noisy', ('package_reference/mixins.md',))]
"""huggingface_hub, bench_properties on main 9f53823 (2026-11-28, round 44), 12 steps as found."""


def test_counterexample_a_section_swap_committed_with_a_translators_edit_keeps_the_human_heading() -> None:
    """P1: after the English swapped the ``### Generic`` and ``### PyTorch`` sections of
    package_reference/mixins.md (an ``[[autodoc]]`` each) in a commit that also brought a translator's edit
    of the intro (``git add -A``), the noisy update lost the human heading ``### 제네릭[[huggingface_hub.ModelHubMixin]]``:
    the swap's lines, only moved, were taken as carried by that commit, and the page in the old order was read
    against the swapped English. Fixed in the one record of what a translation follows
    (``repo.history._order_followed``); its fixture:
    ``test_follows_records.py::test_an_english_move_of_sections_without_prose_committed_with_a_translators_edit_is_not_carried``."""
    replay("huggingface_hub", ROUND_44)


SMOLAGENTS_ROUND_3 = [('update_pseudo', ('tutorials/memory.md',)),
 ('undecidable',
  ('tutorials/memory.md',
   ("Many advanced use cases require dynamic modification of the agent's memory.",
    '많은 고급 사용 사례에서는 에이전트의 메모리를 동적으로 수정해야 합니다.'),
   'then uncommitted',
   '문서 수정')),
 ('undecidable',
  ('installation.md',
   ('- Explore the [API reference](./reference/index) for detailed information on classes and functions.',
    '- 클래스와 함수에 대한 자세한 정보를 확인하고 싶으시면 [API 레퍼런스](./reference/index)를 살펴보세요.'),
   'then uncommitted in a fresh clone',
   "Merge branch 'main'")),
 ('undecidable',
  ('reference/agents.md',
   ('Smolagents use memory to store information across multiple steps.',
    'Smolagents는 여러 단계에 걸쳐 정보를 저장하기 위해 메모리를 사용합니다.'),
   'then uncommitted in a fresh clone',
   'ko: edit')),
 ('update_failing', ('tutorials/memory.md',)),
 ('undecidable',
  ('installation.md',
   ('- Check out the [tutorials](./tutorials/building_good_agents) for in-depth tutorials on building '
    'agents.',
    '- 에이전트 구축에 대한 심화 튜토리얼은 [튜토리얼](./tutorials/building_good_agents)를 확인해보세요.'),
   'one commit',
   '문서 수정')),
 ('fresh_clone', ()),
 ('english_edit', ('english_delete', 'conceptual_guides/react.md', (768, 885), 'ko: edit')),
 ('update_failing', ('conceptual_guides/react.md',)),
 ('marked', ('tutorials/memory.md', (995, 1035), 'small fixes')),
 ('undecidable',
  ('tutorials/memory.md',
   ('If you want to replay this last run, just use:', '이 마지막 실행을 다시 재생하고 싶다면, 다음 코드를 사용하면 됩니다.'),
   'then committed',
   'Update docs (#1234)',
   '문서 수정')),
 ('undecidable',
  ('reference/agents.md',
   ('Both require arguments `model` and list of tools `tools` at initialization.',
    '두 경우 모두 초기화 시 `model`과 도구 목록인 `tools`를 인수로 요구합니다.'),
   'then uncommitted',
   'ko: edit')),
 ('translation_edit',
  ('human_move',
   'reference/agents.md',
   ('- [`ToolCallingAgent`]는 JSON 형식으로 도구 호출을 작성합니다.',
    '두 경우 모두 초기화 시 `model`과 도구 목록인 `tools`를 인수로 요구합니다. (다시 씀 9)'),
   True,
   'small fixes')),
 ('fresh_clone', ()),
 ('undecidable',
  ('reference/agents.md',
   ('We provide two types of agents, based on the main [`Agent`] class.',
    '저희는 메인 [`Agent`] 클래스를 기반으로 두 가지 유형의 에이전트를 제공합니다.'),
   'then uncommitted in a fresh clone',
   'small fixes'))]
"""smolagents, bench_properties on s36's harness cab66fc (src 9f53823; 2026-11-28, round 3), 15 steps as found."""


def test_counterexample_a_moved_translation_beside_a_paragraph_changed_on_both_sides_is_written() -> None:
    """P4/P1: the ideal update of reference/agents.md was refused (``check``: ``[`CodeAgent`]`` appears once
    more in the English): a translator had moved the translation of ``Both require arguments ...`` into the
    ``[`CodeAgent`]`` list item (a 0-1 block beside two English paragraphs read as left out), and the paragraph
    before it then changed on both sides; the update kept that paragraph and said so, but put the moved block
    under the review mark, an HTML comment, so the page lost the two paragraphs' text. Fixed in
    ``translate.update.keep_beads`` (a region whose English changed only in a paragraph kept whole replaces
    nothing); its fixture:
    ``test_follows_records.py::test_a_translators_block_beside_a_paragraph_kept_as_a_conflict_stays_as_it_is``."""
    replay("smolagents", SMOLAGENTS_ROUND_3)


def test_a_moved_translation_beside_a_paragraph_whose_english_alone_changed_stays_as_it_is() -> None:
    """P4/P1, the twin of the one above with the English alone changed (s39, 2026-11-28): the same 14 steps, then
    ``We provide two types of agents ...`` gains a sentence in the English only, committed, and the ideal
    update runs. Its translation is re-translated (a sure pair), and the moved block beside it went under the
    review mark while the two English paragraphs it holds stayed left out: ``[`CodeAgent`]`` was only in a
    comment and the write gate refused the page. A translator's own block that left-out paragraphs have as
    a neighbour holds them and stays as it is (``translate.update.keep_beads``'s ``holders``)."""
    replay("smolagents", [*SMOLAGENTS_ROUND_3[:-1],
                          ("english_edit", ("english_reword", "reference/agents.md", (598, 664), "docs: update")),
                          ("update_ideal", ("reference/agents.md",))])


DIFFUSERS_ROUND_0 = [('status_check_review', ()),
 ('update_ideal', ('conceptual/ethical_guidelines.md',)),
 ('undecidable',
  ('conceptual/ethical_guidelines.md',
   ('- **Consistency**: we are committed to guaranteeing our users the same level of attention in project '
    'management, keeping it technically stable and consistent.',
    '- **일관성**: 프로젝트 관리에서 모든 사용자에게 동일한 수준의 관심을 보장하고, 기술적으로 안정적이고 일관된 상태를 유지할 것을 약속합니다.'),
   'then uncommitted',
   'fix typo')),
 ('undecidable',
  ('conceptual/ethical_guidelines.md',
   ('- **Reproducibility**: we aim to be transparent about the reproducibility of upstream code, models, and '
    'datasets when made available through the Diffusers library.',
    '- **재현성**: 우리는 Diffusers 라이브러리를 통해 제공되는 업스트림 코드, 모델, 데이터셋의 재현성에 대해 투명하게 공개하는 것을 목표로 합니다.'),
   'then committed',
   "Merge branch 'main'",
   'review comments')),
 ('translation_edit',
  ('human_correction',
   'conceptual/ethical_guidelines.md',
   ('- [**Safe Stable '
    'Diffusion**](https://huggingface.co/docs/diffusers/main/en/api/pipelines/stable_diffusion/stable_diffusion_safe): '
    'It mitigates the well-known issue that models, like Stable Diffusion, that are trained on unfiltered, '
    'web-crawled datasets tend to suffer from inappropriate degeneration. Related paper: [Safe Latent '
    'Diffusion: Mitigating Inappropriate Degeneration in Diffusion '
    'Models](https://huggingface.co/papers/2211.05105).',
    '- [**안전한 Stable '
    'Diffusion**](https://huggingface.co/docs/diffusers/main/en/api/pipelines/stable_diffusion/stable_diffusion_safe): '
    '필터링되지 않은 웹 크롤링 데이터셋으로 훈련된 Stable Diffusion과 같은 모델이 부적절하게 변질되는 문제를 완화합니다. 관련 논문: [Safe Latent Diffusion: '
    'Mitigating Inappropriate Degeneration in Diffusion Models](https://huggingface.co/papers/2211.05105).'),
   True,
   'Update docs (#1234)')),
 ('web_write', ('optimization/tome.md',)),
 ('translation_edit', ('human_section', 'training/create_dataset.md', 16, False)),
 ('translation_edit',
  ('human_correction',
   'optimization/tome.md',
   ('To reproduce this benchmark, feel free to use this '
    '[script](https://gist.github.com/sayakpaul/27aec6bca7eb7b0e0aa4112205850335). The results are reported '
    'in seconds, and where applicable we report the speed-up percentage over the vanilla pipeline when using '
    'ToMe and ToMe + xFormers.',
    '한 기터있 하을 화것제, 고해 리실 한 사 하을 [자통](https://gist.github.com/sayakpaul/27aec6bca7eb7b0e0aa4112205850335). 다 '
    '어문을 모 기다번 하 로델을, 사 모위 용수설실 장 기다 다 어번-설 통정서실 같는 다 화용파 의우번 모같 니파 ToMe 사 ToMe + xFormers.'),
   True,
   'Update docs (#1234)')),
 ('undecidable',
  ('optimization/tome.md',
   ('To test the quality of the generated images, we sampled a few prompts from [Parti '
    'Prompts](https://parti.research.google/) and performed inference with the [`StableDiffusionPipeline`] '
    'with the following settings:',
    '한 제에 다 문터로 사 다 것에니 통델, 장 의용정 파 것 하용을 를통 [파하 하용을](https://parti.research.google/) 사 통경지 용가어 자법 다 '
    '[`StableDiffusionPipeline`] 자법 다 설해제 도파에:'),
   'then uncommitted',
   'review comments')),
 ('translation_edit', ('human_cut', 'installation.md', 741, True, 'fix typo')),
 ('translation_edit', ('human_comments', 'installation.md')),
 ('english_edit', ('english_reword', 'installation.md', (5254, 5459), 'docs: update')),
 ('status_check_review', ()),
 ('translation_edit', ('human_merge', 'installation.md')),
 ('translation_edit', ('human_cut', 'training/create_dataset.md', 128, True, "Merge branch 'main'")),
 ('update_ideal', ('optimization/tome.md',)),
 ('undecidable',
  ('installation.md',
   ('Diffusers is tested on Python 3.8+ and PyTorch 2.6+. Install '
    '[PyTorch](https://pytorch.org/get-started/locally/) according to your system and setup.',
    '🤗 Diffusers는 Python 3.8+ 및 PyTorch 1.7.0+에서 테스트되었습니다. 사용중인 딥러닝 라이브러리에 대한 아래의 설치 안내를 따르세요.'),
   'then uncommitted in a fresh clone',
   '[docs] improvements'))]
"""diffusers, bench_properties on land3 09bc234 (s36's harness; 2026-11-28 ~05:00, round 0), 17 steps as found; fails
the same on main 9f53823's src and harness (not brought by this session's changes)."""


@pytest.mark.xfail(strict=True, reason="open: found at 05:06, not analysed (P5 on diffusers installation.md)")
def test_counterexample_open_a_paragraph_edited_after_its_english_in_installation_md_is_said() -> None:
    """P5, kept as found (not shrunk, not analysed): the ideal update of installation.md kept a human text whose
    English changed too and said nothing (``conflicts == []``), after an English reword of the page, a merge
    attempt, and the translator's edit of ``Diffusers is tested on Python 3.8+ ...`` made in a fresh clone
    (its translation already followed an older English: PyTorch 1.7.0+)."""
    replay("diffusers", DIFFUSERS_ROUND_0)
