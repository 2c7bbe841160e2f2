"""The page's own words in English and Korean, for Gradio's i18n (``gr.I18n``).

A tool for translators should speak their language (issue 26): the page follows the browser's language
(``navigator.language``; Gradio picks the table for ``ko`` or ``ko-KR``, English otherwise). Gradio
translates these keys in the browser, so only what the page is built with is translated here: labels,
buttons, tabs, the filter's choices and the first text of each box. What a handler returns (the status
tables, the review table, messages) is built on the server and stays English.

Every key has both languages: :data:`KO` is checked against :data:`EN` by the tests, so a label added in
English only is caught before a Korean page shows a raw key.
"""

from __future__ import annotations

import gradio as gr

EN: dict[str, str] = {
    "intro": "Status → translate → review → write → toctree → draft PR, one doc at a time. "
             "Every step is also an API endpoint (see “Use via API” below).",
    "shared_note": "A shared app: **sign in with Hugging Face** to translate, write or open a PR. Translations "
                   "spend your own credentials (your Hugging Face sign-in with provider `hf`, or a key you "
                   "type); PRs need your own GitHub token and fork.",
    "repo": "Repository",
    "lang": "Language",
    "gh_token": "GitHub token (optional: open PRs, draft PR; never stored or shown)",
    "status_btn": "Show status",
    "url": "Repository URL (owner/name or https://…)",
    "clone_btn": "Clone / update",
    "tab_status": "1 · Status",
    "tab_translate": "2 · Translate",
    "tab_review": "3 · Review",
    "tab_publish": "4 · Write & publish",
    "dashboard_empty": "Choose the repository and the language, then “Show status”.",
    "status_json": "Status data (JSON)",
    "doc": "Doc (ranked: most useful first)",
    "update": "update (keep human segments)",
    "force": "replace existing (backup kept)",
    "provider": "Provider",
    "model": "Model (empty: the provider's default)",
    "base_url": "Base URL (OpenAI-compatible servers)",
    "api_key": "API key (used for this call only, never stored or shown)",
    "plan_btn": "Estimate the cost",
    "translate_btn": "Translate",
    "stop_btn": "Stop",
    "log": "Progress",
    "show": "Show segments",
    "show_all": "all",
    "show_findings": "findings",
    "show_errors": "errors",
    "show_warnings": "warnings",
    "show_changed": "changed",
    "show_edited": "edited",
    "segment": "Segment to edit (or click a row)",
    "prev_btn": "◀ Previous",
    "next_btn": "Next ▶",
    "check_btn": "Check again",
    "seg_text": "Translation of the segment",
    "edit_btn": "Apply edit and re-check",
    "preview_box": "Rendered preview: the English page beside the translated one, as the docs will show them",
    "review_empty": "Translate a doc first (step 2).",
    "draft_json": "Draft data (JSON, what scripts pass between steps)",
    "allow_draft": "write as a marked draft even if check fails",
    "write_btn": "Write the file",
    "keep_english": "keep English titles for new toctree sections",
    "toc_btn": "Add to the toctree",
    "fork": "Your fork (owner/name; empty: the config's)",
    "upstream": "Upstream (owner/name; empty: the config's)",
    "pr_preview_btn": "Preview the PR (sends nothing)",
    "pr_btn": "Open the draft PR",
    "glossary": "Glossary lookup",
    "gloss_text": "English text",
    "gloss_btn": "Look up",
}
"""The English words (the page's words before issue 26, so English pages and the tests read as before)."""

KO: dict[str, str] = {
    "intro": "현황 → 번역 → 검토 → 파일 쓰기 → 목차 → 초안 PR, 한 번에 문서 하나씩. "
             "모든 단계는 API 엔드포인트이기도 합니다(아래 “Use via API” 참고).",
    "shared_note": "공유 앱입니다: 번역, 파일 쓰기, PR을 하려면 **Hugging Face로 로그인**하세요. 번역에는 "
                   "여러분의 자격 증명(`hf` 공급자는 Hugging Face 로그인, 그 밖에는 직접 입력한 키)이 쓰이고, "
                   "PR에는 여러분의 GitHub 토큰과 포크가 필요합니다.",
    "repo": "저장소",
    "lang": "언어",
    "gh_token": "GitHub 토큰 (선택: 열린 PR, 초안 PR; 저장하거나 표시하지 않음)",
    "status_btn": "현황 보기",
    "url": "저장소 URL (owner/name 또는 https://…)",
    "clone_btn": "클론 / 업데이트",
    "tab_status": "1 · 현황",
    "tab_translate": "2 · 번역",
    "tab_review": "3 · 검토",
    "tab_publish": "4 · 쓰기와 게시",
    "dashboard_empty": "저장소와 언어를 고른 뒤 “현황 보기”를 누르세요.",
    "status_json": "현황 데이터 (JSON)",
    "doc": "문서 (유용한 순서)",
    "update": "업데이트 (사람이 고친 세그먼트 유지)",
    "force": "기존 번역 교체 (백업 보관)",
    "provider": "공급자",
    "model": "모델 (비우면 공급자 기본값)",
    "base_url": "Base URL (OpenAI 호환 서버)",
    "api_key": "API 키 (이번 호출에만 쓰고 저장하거나 표시하지 않음)",
    "plan_btn": "비용 추정",
    "translate_btn": "번역",
    "stop_btn": "중지",
    "log": "진행 상황",
    "show": "세그먼트 보기",
    "show_all": "전체",
    "show_findings": "지적 사항",
    "show_errors": "오류",
    "show_warnings": "경고",
    "show_changed": "영어 변경",
    "show_edited": "수정함",
    "segment": "고칠 세그먼트 (또는 행을 클릭)",
    "prev_btn": "◀ 이전",
    "next_btn": "다음 ▶",
    "check_btn": "다시 검사",
    "seg_text": "세그먼트 번역",
    "edit_btn": "수정 적용 후 다시 검사",
    "preview_box": "렌더링 미리보기: 영어 페이지와 번역 페이지를 문서에 보일 모습대로 나란히",
    "review_empty": "먼저 문서를 번역하세요 (2단계).",
    "draft_json": "초안 데이터 (JSON, 스크립트가 단계 사이에 넘기는 값)",
    "allow_draft": "검사를 통과하지 못해도 표시된 초안으로 쓰기",
    "write_btn": "파일 쓰기",
    "keep_english": "새 목차 섹션의 제목은 영어로 유지",
    "toc_btn": "목차에 추가",
    "fork": "내 포크 (owner/name; 비우면 설정값)",
    "upstream": "업스트림 (owner/name; 비우면 설정값)",
    "pr_preview_btn": "PR 미리보기 (아무것도 보내지 않음)",
    "pr_btn": "초안 PR 열기",
    "glossary": "용어집 찾기",
    "gloss_text": "영어 텍스트",
    "gloss_btn": "찾기",
}
"""The Korean words: the first language hfi18n serves, and the one its first translators read."""

I18N = gr.I18n(en=EN, ko=KO)
"""Passed to ``launch`` by :func:`.app.build_app`; ``I18N("key")`` stands for a word in the page."""
