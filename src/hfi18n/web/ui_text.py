"""The page's own words in English and Korean, for Gradio's i18n (``gr.I18n``).

A tool for translators should speak their language (issue 26): the page follows the browser's language
(``navigator.language``; Gradio picks the table for ``ko`` or ``ko-KR``, English otherwise). Gradio
translates these keys in the browser: labels, buttons, tabs, the filter's choices and the first text of
each box. What a handler returns (the status tables, the review table, the write, toctree and PR notes) is
built on the server, in the language of the request's ``Accept-Language`` (:func:`request_lang`), with
:func:`word` and the same tables. Data stays as it is: doc names, code, rule ids and the library's check
messages.

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
    # built on the server (render.py, handlers.py): trusted templates, HTML or Markdown as the output they
    # go in; ``{name}`` fields are filled (and escaped) by the caller
    "state_up-to-date": "up-to-date",
    "state_outdated": "outdated",
    "state_in-progress": "in-progress",
    "state_missing": "missing",
    "state_orphaned": "orphaned",
    "choice_behind": " · {n} commit(s) behind",
    "coverage_of": "Coverage of {repo}",
    "coverage_row": "{translated}/{total} translated ({pct:.1f}%), {up} up to date, {outdated} outdated, "
                    "{progress} in progress, {missing} missing",
    "translate_next": "Translate next ({folder})",
    "next_hint": "Next: click a doc to open it in <b>2 · Translate</b> (the first one is picked already).",
    "nothing_left": "Nothing is missing or outdated.",
    "col_doc": "doc",
    "col_state": "state",
    "col_behind": "behind",
    "col_size": "size",
    "n_lines": "{n} lines",
    "base_unknown": "base unknown",
    "behind_commits": "{n} commit(s)",
    "behind_sections": "{n} section(s)",
    "behind_lines": "+{added}/-{removed} lines",
    "outdated_h": "Outdated ({n})",
    "col_commits_behind": "commits behind",
    "col_sections": "sections changed or added",
    "col_en_lines": "English lines",
    "claimed_h": "In progress ({n})",
    "col_claimed_by": "claimed by",
    "check_passes": "check passes",
    "check_errors": "check: {n} error(s)",
    "n_warnings": "{n} warning(s)",
    "n_untranslated": "{n} segment(s) not translated",
    "untranslated_hint": " (writing makes a marked draft; translate again to finish)",
    "review_help": "Click a row (or use <b>Previous</b>/<b>Next</b>) to edit its segment in the editor beside the "
                   "table; see the page as the docs will show it in <b>Rendered preview</b>; then write the file "
                   "in <b>4 · Write &amp; publish</b>.",
    "update_note": "Update from the English of {base}: <b>{kept}</b> human segment(s) kept, <b>{changed}</b> added "
                   "or changed in the English (translated), {removed} removed.",
    "english_since": "What changed in the English since then",
    "no_change": "(no change)",
    "findings_outside": "Findings outside the prose",
    "line_n": "line {n}",
    "line_map": "line {en} → {tr}",
    "line_map_title": "line in the English file → line(s) in the translated file",
    "badge_edited": "edited",
    "badge_human": "human, kept",
    "badge_english": "not translated",
    "badge_changed": "English changed",
    "term_missing": "glossary: {source} → {expected} (not in the translation)",
    "english_kept": "(English kept)",
    "before_human": "before (human):",
    "col_segment": "segment",
    "col_english": "English",
    "col_translation": "translation",
    "col_status": "status",
    "file_summary": "The file as it will be written",
    "rule_label": "Rule:",
    "every_rule": "every rule",
    "pv_english": "English",
    "pv_translation": "Translation",
    "written": "**written** {target}",
    "written_draft": " as a **marked draft** (finish it, then delete the mark line)",
    "written_backup": "; the replaced file is backed up in {backup}",
    "toc_nothing": "nothing to add: the doc is listed already",
    "toc_not_added": "**not added**: {doc} has no {folder} file yet. Write it first (**Write the file**, above), "
                     "then add it to the toctree.",
    "toc_updated": "**toctree updated**",
    "toc_unchanged": "**toctree unchanged**",
    "toc_added": "added",
    "toc_replaced-placeholder": "replaced its in_translation placeholder",
    "toc_present": "listed already",
    "toc_not-in-english": "not in the English toctree (not added)",
    "toc_missing-translation": "has no translated file yet: write it first (Write the file, above)",
    "toc_as": " as “{title}”",
    "toc_line": " (line {n})",
    "pr_opened": "**draft PR opened**: {link} (branch {branch}, {n} commit(s))",
    "pr_preview": "**PR preview: nothing sent.** Branch {branch} made here with {n} commit(s) on {base}; the pull "
                  "request will come from {head}.",
    "pr_title": "**Title:**",
    "pr_body": "**Body:**",
    # the translate log, the pick and plan notes, the write target (handlers.py) and the error toasts' frame
    # and page-field hints (app.py, hints.py): issue 26, a Korean browser still read them in English
    "log_start": "translating {doc} into {lang} with {provider}",
    "log_configured": "the configured provider",
    "log_to_translate": "{doc}: {n} segment(s) to translate",
    "log_done_of": "{done}/{total} segments",
    "log_unit": "segments",
    "log_stats": "{segments} segment(s): {hits} from memory, {translated} translated, {failed} failed, "
                 "{requests} request(s), {tokens_in}+{tokens_out} tokens",
    "log_stopped": "stopped: finished segments are in the translation memory; translate again to resume",
    "stopping": "stopping after the requests in flight…",
    "nothing_running": "nothing is running",
    "plan_note": "**{segments}** segment(s) ({cached} from memory), {requests} request(s), about {tokens_in:,} "
                 "tokens in and {tokens_out:,} out; cost: {costs}",
    "cost_unknown": "unknown",
    "pick_not_doc": "{doc} is not an English doc of this repository",
    "pick_claimed": " An open PR already translates it ({links}): check with its author first.",
    "pick_new": "{doc} has no translation yet: a new translation.{claimed}",
    "pick_base_unknown": "{doc} is **outdated, base unknown**: {problem}. *Replace* translates it again (the current "
                         "file is backed up).{claimed}",
    "pick_changed": " Changed in the English: {titles}.",
    "pick_outdated": "{doc} is **outdated** ({n} commit(s) behind): an update keeps every human segment whose English "
                     "did not change and translates the rest.{changed}{claimed}",
    "pick_other": "{doc} is **{state}**: tick *update* to refresh it (human segments kept) or *replace* to translate "
                  "it again (the current file is backed up).{claimed}",
    "target_none": "No draft yet: translate a doc (step 2) and review it (step 3) first.",
    "target": "**Doc:** {doc} → {target} ({check}; {n} segment(s) edited by you)",
    "error_hint": " — hint: {hint}",
    "hint_fork": "fill in “Your fork” (tab 4 · Write & publish)",
    "hint_upstream": "fill in “Upstream” (tab 4 · Write & publish)",
    "hint_paste_it": "paste it into “GitHub token” at the top of the page",
    "hint_paste_token": "paste a token into “GitHub token” at the top of the page",
    "hint_token": "the token in “GitHub token”",
    "hint_api_key": "type the key into “API key” (tab 2 · Translate)",
    "hint_demo": "start the app with hfi18n serve --demo and choose the provider pseudo",
    "hint_model": "{verb} “Model” (tab 2 · Translate)",
    "hint_base_url": "“Base URL” (tab 2 · Translate)",
    "hint_no_llm": "tick “keep English titles for new toctree sections”",
    "hint_lang": "type into “Language” at the top of the page",
    "hint_translate": "translate {doc} in tab 2 · Translate",
    "hint_check": "(the findings are in tab 3 · Review)",
    "hint_branch": "publish from the command line with --branch NAME",
    # the clone row, the segment list and the web app's own errors (handlers.py, workspace.py, limits.py,
    # hints.py): issue 26, a Korean browser still read them in English. An error's ``err_<key>`` is its
    # message and ``err_<key>_hint`` its next step; the English ones are the words scripts and the CLI read
    "page_title": "# hfi18n: translate the Hugging Face docs",
    "cloning": "cloning {url}… {s} s",
    "clone_note": "{did}: every commit of the default branch, and {n} past versions of the docs fetched in one batch",
    "clone_cloned": "cloned {url} into {name}",
    "clone_updated": "updated {url} into {name}",
    "clone_kept": "kept as is: local commits or changes prevent a fast-forward to the remote {url} into {name}",
    "clone_other": "{note} {url} into {name}",
    "mine_made": "your own checkout made",
    "mine_updated": "your checkout updated",
    "mine_kept": "your checkout kept as is: your changes or commits prevent a fast-forward",
    "seg_choice": "{id} (line {line}){bad}: {english}",
    "glossary_title": "glossary: {expected}",
    "diff_title": "the English at the base → today",
    "term_keep_english": "keep in English",
    "err_frame": "{message}",
    "err_frame_hint": "{hint}",
    "err_no_draft": "no translation to review yet",
    "err_no_draft_hint": "translate a doc first (step 2)",
    "err_no_doc": "no doc picked",
    "err_no_doc_hint": "pick a doc in the list (step 1)",
    "err_pseudo": "pseudo is a test double (scrambled letters, never a translation): this app offers it only in demo "
                  "mode",
    "err_pseudo_hint": "pick a real provider (anthropic, openai, hf), or start the app with hfi18n serve --demo to "
                       "try the steps offline",
    "err_no_segment": "no segment chosen",
    "err_no_segment_hint": "choose the segment to edit in the list",
    "err_none_shown": "no segment has {show}",
    "err_none_shown_hint": "choose “all” to see every segment",
    "err_shared_pr": "on a shared app a draft PR is opened only with your own GitHub token, from your own fork",
    "err_shared_pr_hint": "type your GitHub token (top of the page) and your fork (owner/name)",
    "err_not_your_fork": "the fork {fork} is not under the account of the GitHub token you typed{login}",
    "err_not_your_fork_hint": "type a fork under your own account (your-login/name) and your own token",
    "err_no_fork": "no fork repository given",
    "err_no_fork_hint": "fill in “Your fork” (tab 4 · Write & publish) or set github.fork in hfi18n.toml",
    "err_no_upstream": "no upstream repository given",
    "err_no_upstream_hint": "fill in “Upstream” (tab 4 · Write & publish) or set github.upstream in hfi18n.toml",
    "err_too_large": "{what} is too large: {size:,} characters, over the limit of {limit:,} per request",
    "err_too_large_hint": "check one doc at a time; no doc of the Hugging Face docs comes near it",
    "what_draft": "the draft",
    "what_text": "the text",
    "err_rate": "too many requests, wait {wait} s",
    "err_rate_hint": "this server answers {per_minute:g} calls a minute per visitor",
    "err_unknown_repo": "unknown repository {name}",
    "err_unknown_repo_hint": "clone one first (repository URL)",
    "err_unknown_repo_choose_hint": "choose one of: {known}",
    "err_unknown_repo_none_hint": "choose one of: none yet",
    "err_no_clone": "this server serves a fixed repository; it does not clone",
    "err_no_clone_hint": "start it with a storage folder (the Space app.py) to clone repositories",
    "err_sign_in": "sign in with Hugging Face to {what}",
    "err_sign_in_hint": "use the “Sign in with Hugging Face” button at the top of the page",
    "act_clone": "clone a repository",
    "act_translate": "translate",
    "act_plan": "estimate a translation",
    "act_toctree": "edit the toctree",
    "act_write": "write a file",
    "act_publish": "open a pull request",
    "act_preview": "preview a pull request",
    "err_clone_failed": "could not clone {url}",
    "err_clone_failed_hint": "check the URL, and that the repository is public",
    "err_clone_timeout_hint": "check the URL, and that the repository is public (a clone gives up after {timeout:g} s)",
    # what the library says as it works (translate log, skipped docs, publish steps): issue 26, shown as the
    # library's English before. Keys of the library's kinds (``ProgressEvent.key``, ``DocJob.note_kind``,
    # ``Skipped.kind``, ``publish.pr.Step``); an English page shows the library's own line, word for word, and
    # these English entries say the same. A kind the table lacks: ``in_english`` (the English, labelled)
    "in_english": "{text}",
    "note_cancelled": "not written: the run was cancelled before every segment was translated",
    "note_none_translated": "not written: no segment was translated ({n} failed: {reasons})",
    "note_pseudo_refused": "not written: the pseudo provider is a test double: its output never replaces a "
                           "translation; use a real provider (--provider anthropic, openai or hf)",
    "note_check_errors": "not written: check found errors (see below; --allow-errors writes a marked draft)",
    "note_refused": "not written: {message}",
    "note_draft_pseudo": "written as a marked draft: pseudo-localized test output, not a translation",
    "note_draft_errors": "written as a marked draft: check found errors",
    "note_draft_failures": "written as a marked draft: {n} segment(s) left in English ({reasons})",
    "note_written": "written",
    "note_backup": "backup of the replaced translation: {backup}",
    "sum_human": "kept {n} human segment(s)",
    "sum_machine": "kept {n} machine segment(s)",
    "sum_translated": "translated {n}",
    "sum_carried": "carried {n} comment(s)",
    "sum_unfinished": "left {n} unfinished",
    "sum_unfinished_lines": "left {n} unfinished (line {lines})",
    "sum_lost": "comment not carried, line {line}: {text} ({reason})",
    "err_skip_outside": "{doc}: {target} leads outside the repository (a symbolic link): hfi18n does not read or "
                        "write it",
    "err_skip_no_base": "{doc}: no base English version found in history (is it committed?)",
    "err_skip_no_base_hint": "tick “replace existing” to translate it again whole",
    "err_skip_base_unknown": "{doc}: the English version {target} follows is unknown",
    "err_skip_base_unknown_hint": "tick “replace existing” to translate it again whole (the current file is backed up)",
    "err_skip_exists": "{doc}: {target} exists and may hold human work",
    "err_skip_exists_hint": "tick “update” to refresh it (human segments kept) or “replace existing” to translate "
                            "it again (the current file is backed up)",
    "err_skip_pseudo_exists": "{doc}: {target} exists: the pseudo provider is a test double, its output never "
                              "replaces a translation",
    "err_skip_pseudo_exists_hint": "pick a real provider (anthropic, openai, hf)",
    "err_skip_broken_english": "{doc}: the English source is broken at {where}: {message}",
    "err_skip_broken_english_hint": "fix the English first (a translation would copy it)",
    "step_looking": "looking for open pull requests on {upstream}",
    "step_no_token_lookup": "dry run without a GitHub token: open pull requests are not looked up",
    "step_fetching": "fetching {branch} of {upstream}",
    "step_pushing": "pushing branch {branch} to {fork}",
    "step_kept_branch": "{why}: left as it is (the pull request's branch {branch} is on your fork)",
    "step_made_locally": "branch {branch} made locally ({n} commit(s) on {base}); nothing pushed",
    "step_opening": "opening a pull request on {upstream}",
    "step_opening_draft": "opening a draft pull request on {upstream}",
    "step_offline_base": "no GitHub token: the branch starts from {ref} of your checkout",
    "pr_no_token": "PR detection skipped: no GitHub token (set GITHUB_TOKEN or github.token in hfi18n.toml)",
    "pr_no_upstream": "PR detection skipped: no upstream repository (pass --upstream OWNER/NAME or set "
                      "github.upstream)",
    "pr_failed": "PR detection skipped: {message}",
    "pr_found_fetched": "{n} open translation PR(s) of {upstream} ({total} open PRs, fetched)",
    "pr_found_cached": "{n} open translation PR(s) of {upstream} ({total} open PRs, cached)",
    "pr_not_requested": "PR detection not requested",
    "problem_base_unknown": "base unknown: {unknown}; best candidate {candidate}; re-translate it (translate --force) "
                            "or review it against today's English (check --against today)",
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
    "state_up-to-date": "최신",
    "state_outdated": "오래됨",
    "state_in-progress": "번역 중",
    "state_missing": "미번역",
    "state_orphaned": "원문 없음",
    "choice_behind": " · 커밋 {n}개 뒤처짐",
    "coverage_of": "{repo} 번역 현황",
    "coverage_row": "{translated}/{total} 번역됨 ({pct:.1f}%), 최신 {up}, 오래됨 {outdated}, 번역 중 {progress}, "
                    "미번역 {missing}",
    "translate_next": "다음에 번역할 문서 ({folder})",
    "next_hint": "다음 단계: 문서를 클릭하면 <b>2 · 번역</b>에서 열립니다 (첫 문서는 이미 골라 두었습니다).",
    "nothing_left": "빠졌거나 오래된 문서가 없습니다.",
    "col_doc": "문서",
    "col_state": "상태",
    "col_behind": "뒤처짐",
    "col_size": "크기",
    "n_lines": "{n}줄",
    "base_unknown": "기준 커밋 모름",
    "behind_commits": "커밋 {n}개",
    "behind_sections": "섹션 {n}개",
    "behind_lines": "+{added}/-{removed}줄",
    "outdated_h": "오래된 문서 ({n})",
    "col_commits_behind": "뒤처진 커밋",
    "col_sections": "바뀌거나 추가된 섹션",
    "col_en_lines": "영어 줄 수",
    "claimed_h": "번역 중인 문서 ({n})",
    "col_claimed_by": "맡은 곳",
    "check_passes": "검사 통과",
    "check_errors": "검사: 오류 {n}개",
    "n_warnings": "경고 {n}개",
    "n_untranslated": "번역되지 않은 세그먼트 {n}개",
    "untranslated_hint": " (쓰면 표시된 초안이 됩니다; 다시 번역해 마무리하세요)",
    "review_help": "행을 클릭하거나 <b>이전</b>/<b>다음</b>을 눌러 표 옆 편집기에서 세그먼트를 고치세요. "
                   "<b>렌더링 미리보기</b>에서 문서에 보일 모습을 확인한 뒤 <b>4 · 쓰기와 게시</b>에서 파일을 쓰세요.",
    "update_note": "{base} 시점의 영어에서 업데이트: 사람이 번역한 세그먼트 <b>{kept}</b>개 유지, 영어에서 추가되거나 "
                   "바뀐 <b>{changed}</b>개 번역, {removed}개 삭제.",
    "english_since": "그 뒤 영어에서 바뀐 내용",
    "no_change": "(변경 없음)",
    "findings_outside": "본문 밖의 지적 사항",
    "line_n": "{n}행",
    "line_map": "{en}행 → {tr}행",
    "line_map_title": "영어 파일의 행 → 번역 파일의 행",
    "badge_edited": "수정함",
    "badge_human": "사람 번역, 유지",
    "badge_english": "번역 안 됨",
    "badge_changed": "영어 변경",
    "term_missing": "용어집: {source} → {expected} (번역에 없음)",
    "english_kept": "(영어 그대로)",
    "before_human": "이전 (사람 번역):",
    "col_segment": "세그먼트",
    "col_english": "영어",
    "col_translation": "번역",
    "col_status": "상태",
    "file_summary": "쓰일 파일 그대로",
    "rule_label": "규칙:",
    "every_rule": "모든 규칙",
    "pv_english": "영어",
    "pv_translation": "번역",
    "written": "**작성함** {target}",
    "written_draft": " (**표시된 초안**: 마무리한 뒤 표시 줄을 지우세요)",
    "written_backup": "; 교체된 파일은 {backup}에 백업했습니다",
    "toc_nothing": "추가할 것 없음: 이미 목차에 있습니다",
    "toc_not_added": "**추가하지 않음**: {doc}의 {folder} 파일이 아직 없습니다. 먼저 파일을 쓰고(위의 **파일 쓰기**) "
                     "목차에 추가하세요.",
    "toc_updated": "**목차 갱신함**",
    "toc_unchanged": "**목차 변경 없음**",
    "toc_added": "추가함",
    "toc_replaced-placeholder": "in_translation 자리 표시를 바꿈",
    "toc_present": "이미 있음",
    "toc_not-in-english": "영어 목차에 없음 (추가하지 않음)",
    "toc_missing-translation": "번역 파일이 아직 없음: 먼저 쓰세요 (위의 파일 쓰기)",
    "toc_as": ", 제목 “{title}”",
    "toc_line": " ({n}행)",
    "pr_opened": "**초안 PR을 열었습니다**: {link} (브랜치 {branch}, 커밋 {n}개)",
    "pr_preview": "**PR 미리보기: 아무것도 보내지 않았습니다.** 여기서 {base} 위에 커밋 {n}개로 브랜치 {branch}를 "
                  "만들었고, 풀 리퀘스트는 {head}에서 열립니다.",
    "pr_title": "**제목:**",
    "pr_body": "**본문:**",
    "log_start": "{doc} 번역 시작: {lang}, 공급자 {provider}",
    "log_configured": "설정된 공급자",
    "log_to_translate": "{doc}: 번역할 세그먼트 {n}개",
    "log_done_of": "세그먼트 {done}/{total}",
    "log_unit": "세그먼트",
    "log_stats": "세그먼트 {segments}개: 메모리에서 {hits}개, 번역 {translated}개, 실패 {failed}개, 요청 {requests}회, "
                 "토큰 {tokens_in}+{tokens_out}",
    "log_stopped": "중지함: 끝난 세그먼트는 번역 메모리에 있습니다. 다시 번역하면 이어서 합니다",
    "stopping": "진행 중인 요청이 끝나면 중지합니다…",
    "nothing_running": "실행 중인 작업이 없습니다",
    "plan_note": "세그먼트 **{segments}**개 (메모리에서 {cached}개), 요청 {requests}회, 입력 토큰 약 {tokens_in:,}개, "
                 "출력 토큰 약 {tokens_out:,}개; 비용: {costs}",
    "cost_unknown": "알 수 없음",
    "pick_not_doc": "{doc}은(는) 이 저장소의 영어 문서가 아닙니다",
    "pick_claimed": " 열린 PR이 이미 번역하고 있습니다 ({links}): 먼저 작성자와 확인하세요.",
    "pick_new": "{doc}은(는) 아직 번역이 없습니다: 새로 번역합니다.{claimed}",
    "pick_base_unknown": "{doc}은(는) **오래됨, 기준 커밋 모름**: {problem}. *교체*하면 다시 번역합니다 (지금 파일은 "
                         "백업됩니다).{claimed}",
    "pick_changed": " 영어에서 바뀐 곳: {titles}.",
    "pick_outdated": "{doc}은(는) **오래됨** (커밋 {n}개 뒤처짐): 업데이트는 영어가 바뀌지 않은 사람 번역 세그먼트를 "
                     "모두 유지하고 나머지를 번역합니다.{changed}{claimed}",
    "pick_other": "{doc}은(는) **{state}**: 새로 고치려면 *업데이트*(사람 번역 유지)를, 다시 번역하려면 *교체*(지금 "
                  "파일은 백업됩니다)를 체크하세요.{claimed}",
    "target_none": "아직 초안이 없습니다: 먼저 문서를 번역하고(2단계) 검토하세요(3단계).",
    "target": "**문서:** {doc} → {target} ({check}; 직접 고친 세그먼트 {n}개)",
    "error_hint": " — 힌트: {hint}",
    "hint_fork": "“내 포크” 칸을 채우세요 (4 · 쓰기와 게시 탭)",
    "hint_upstream": "“업스트림” 칸을 채우세요 (4 · 쓰기와 게시 탭)",
    "hint_paste_it": "페이지 맨 위의 “GitHub 토큰” 칸에 붙여 넣으세요",
    "hint_paste_token": "페이지 맨 위의 “GitHub 토큰” 칸에 토큰을 붙여 넣으세요",
    "hint_token": "페이지 맨 위의 “GitHub 토큰” 칸에 넣은 토큰을 확인하세요",
    "hint_api_key": "“API 키” 칸에 키를 입력하세요 (2 · 번역 탭)",
    "hint_demo": "hfi18n serve --demo로 앱을 시작하고 공급자 pseudo를 고르세요",
    "hint_model": "“모델” 칸을 확인하세요 (2 · 번역 탭)",
    "hint_base_url": "“Base URL” 칸을 확인하세요 (2 · 번역 탭)",
    "hint_no_llm": "“새 목차 섹션의 제목은 영어로 유지”를 체크하세요",
    "hint_lang": "페이지 맨 위의 “언어” 칸에 입력하세요",
    "hint_translate": "2 · 번역 탭에서 {doc}을(를) 번역하세요",
    "hint_check": "지적 사항은 3 · 검토 탭에 있습니다",
    "hint_branch": "명령줄에서 --branch NAME으로 게시하세요",
    "page_title": "# hfi18n: Hugging Face 문서 번역",
    "cloning": "{url} 클론 중… {s}초",
    "clone_note": "{did}: 기본 브랜치의 모든 커밋과 문서의 지난 버전 {n}개를 한 번에 가져왔습니다",
    "clone_cloned": "{url}을(를) {name}(으)로 클론했습니다",
    "clone_updated": "{url}에서 {name}을(를) 업데이트했습니다",
    "clone_kept": "{name}은(는) 그대로 두었습니다: 로컬 커밋이나 변경 사항 때문에 원격 {url}(으)로 빨리 감기할 수 없습니다",
    "clone_other": "{url} → {name} (영어 원문: {note})",
    "mine_made": "내 체크아웃을 만들었습니다",
    "mine_updated": "내 체크아웃도 업데이트했습니다",
    "mine_kept": "내 체크아웃은 그대로 두었습니다: 내 변경 사항이나 커밋 때문에 빨리 감기할 수 없습니다",
    "seg_choice": "{id} ({line}행){bad}: {english}",
    "glossary_title": "용어집: {expected}",
    "diff_title": "기준 시점의 영어 → 지금의 영어",
    "term_keep_english": "영어 그대로",
    "err_frame": "요청을 처리하지 못했습니다. 영어 원문: {message}",
    "err_frame_hint": "영어 원문 힌트: {hint}",
    "err_no_draft": "아직 검토할 번역이 없습니다",
    "err_no_draft_hint": "먼저 문서를 번역하세요 (2단계)",
    "err_no_doc": "고른 문서가 없습니다",
    "err_no_doc_hint": "목록에서 문서를 고르세요 (1단계)",
    "err_pseudo": "pseudo는 테스트 대역입니다 (글자를 뒤섞을 뿐 번역이 아닙니다): 이 앱은 데모 모드에서만 제공합니다",
    "err_pseudo_hint": "실제 공급자(anthropic, openai, hf)를 고르세요. 오프라인으로 단계를 시험하려면 hfi18n serve --demo로 "
                       "앱을 시작하세요",
    "err_no_segment": "고른 세그먼트가 없습니다",
    "err_no_segment_hint": "목록에서 고칠 세그먼트를 고르세요",
    "err_none_shown": "“{ko_show}”에 해당하는 세그먼트가 없습니다",
    "err_none_shown_hint": "모든 세그먼트를 보려면 “전체”를 고르세요",
    "err_shared_pr": "공유 앱에서는 여러분의 GitHub 토큰으로, 여러분의 포크에서만 초안 PR을 엽니다",
    "err_shared_pr_hint": "페이지 맨 위의 “GitHub 토큰” 칸과 “내 포크” 칸(owner/name)을 채우세요",
    "err_not_your_fork": "포크 {fork}은(는) 입력한 GitHub 토큰의 계정{login}에 속하지 않습니다",
    "err_not_your_fork_hint": "내 계정 아래의 포크(내-로그인/name)와 내 토큰을 입력하세요",
    "err_no_fork": "포크 저장소가 없습니다",
    "err_no_fork_hint": "“내 포크” 칸을 채우세요 (4 · 쓰기와 게시 탭). hfi18n.toml의 github.fork로 정해 둘 수도 있습니다",
    "err_no_upstream": "업스트림 저장소가 없습니다",
    "err_no_upstream_hint": "“업스트림” 칸을 채우세요 (4 · 쓰기와 게시 탭). hfi18n.toml의 github.upstream으로 정해 둘 수도 "
                            "있습니다",
    "err_too_large": "{ko_what}이(가) 너무 큽니다: {size:,}자로, 요청당 한도 {limit:,}자를 넘습니다",
    "err_too_large_hint": "한 번에 문서 하나씩 검사하세요. 이 한도에 가까운 Hugging Face 문서는 없습니다",
    "what_draft": "초안",
    "what_text": "텍스트",
    "err_rate": "요청이 너무 많습니다. {wait}초 기다리세요",
    "err_rate_hint": "이 서버는 방문자마다 1분에 {per_minute:g}번까지 응답합니다",
    "err_unknown_repo": "알 수 없는 저장소입니다: {name}",
    "err_unknown_repo_hint": "먼저 저장소를 클론하세요 (저장소 URL 칸)",
    "err_unknown_repo_choose_hint": "다음 중 하나를 고르세요: {known}",
    "err_unknown_repo_none_hint": "고를 수 있는 저장소가 아직 없습니다",
    "err_no_clone": "이 서버는 정해진 저장소만 제공하며 클론하지 않습니다",
    "err_no_clone_hint": "저장소를 클론하려면 저장 폴더를 주어 서버를 시작하세요 (Space의 app.py)",
    "err_sign_in": "{ko_what} Hugging Face로 로그인하세요",
    "err_sign_in_hint": "페이지 맨 위의 Hugging Face 로그인 버튼을 누르세요",
    "act_clone": "저장소를 클론하려면",
    "act_translate": "번역하려면",
    "act_plan": "번역 비용을 추정하려면",
    "act_toctree": "목차를 편집하려면",
    "act_write": "파일을 쓰려면",
    "act_publish": "풀 리퀘스트를 열려면",
    "act_preview": "풀 리퀘스트를 미리 보려면",
    "err_clone_failed": "{url}을(를) 클론하지 못했습니다",
    "err_clone_failed_hint": "URL이 맞는지, 공개 저장소인지 확인하세요",
    "err_clone_timeout_hint": "URL이 맞는지, 공개 저장소인지 확인하세요 (클론은 {timeout:g}초가 지나면 포기합니다)",
    "in_english": "영어 원문: {text}",
    "note_cancelled": "쓰지 않음: 모든 세그먼트가 번역되기 전에 실행이 취소되었습니다",
    "note_none_translated": "쓰지 않음: 번역된 세그먼트가 없습니다 (실패 {n}개. 영어 원문: {reasons})",
    "note_pseudo_refused": "쓰지 않음: pseudo 공급자는 테스트 대역이라 그 출력은 번역을 대신하지 않습니다. 실제 "
                           "공급자(anthropic, openai, hf)를 고르세요",
    "note_check_errors": "쓰지 않음: 검사에서 오류가 나왔습니다 (3 · 검토 탭을 보세요. “검사를 통과하지 못해도 표시된 "
                         "초안으로 쓰기”를 체크하면 표시된 초안으로 씁니다)",
    "note_refused": "쓰지 않음. 영어 원문: {message}",
    "note_draft_pseudo": "표시된 초안으로 씀: pseudo 테스트 출력이며 번역이 아닙니다",
    "note_draft_errors": "표시된 초안으로 씀: 검사에서 오류가 나왔습니다",
    "note_draft_failures": "표시된 초안으로 씀: 세그먼트 {n}개가 영어로 남았습니다 (영어 원문: {reasons})",
    "note_written": "씀",
    "note_backup": "교체된 번역의 백업: {backup}",
    "sum_human": "사람 번역 세그먼트 {n}개 유지",
    "sum_machine": "기계 번역 세그먼트 {n}개 유지",
    "sum_translated": "{n}개 번역",
    "sum_carried": "주석 {n}개 옮김",
    "sum_unfinished": "미완성 {n}개",
    "sum_unfinished_lines": "미완성 {n}개 ({lines}행)",
    "sum_lost": "옮기지 못한 주석, {line}행: {text} (영어 원문: {reason})",
    "err_skip_outside": "{doc}: {target}은(는) 저장소 밖을 가리킵니다 (심볼릭 링크). hfi18n은 이 파일을 읽거나 쓰지 "
                        "않습니다",
    "err_skip_no_base": "{doc}: 기록에서 기준 영어 버전을 찾지 못했습니다 (커밋되어 있나요?)",
    "err_skip_no_base_hint": "통째로 다시 번역하려면 “기존 번역 교체”를 체크하세요",
    "err_skip_base_unknown": "{doc}: {target}이(가) 따르는 영어 버전을 알 수 없습니다",
    "err_skip_base_unknown_hint": "통째로 다시 번역하려면 “기존 번역 교체”를 체크하세요 (지금 파일은 백업됩니다)",
    "err_skip_exists": "{doc}: {target}이(가) 이미 있고 사람의 작업이 담겨 있을 수 있습니다",
    "err_skip_exists_hint": "새로 고치려면 “업데이트”(사람 번역 유지)를, 다시 번역하려면 “기존 번역 교체”(지금 파일은 "
                            "백업됩니다)를 체크하세요",
    "err_skip_pseudo_exists": "{doc}: {target}이(가) 이미 있습니다. pseudo 공급자는 테스트 대역이라 그 출력은 번역을 "
                              "대신하지 않습니다",
    "err_skip_pseudo_exists_hint": "실제 공급자(anthropic, openai, hf)를 고르세요",
    "err_skip_broken_english": "{doc}: 영어 원문이 {where}에서 깨져 있습니다. 영어 원문: {message}",
    "err_skip_broken_english_hint": "영어 원문을 먼저 고치세요 (번역하면 그 문제를 그대로 옮겨 적게 됩니다)",
    "step_looking": "{upstream}의 열린 풀 리퀘스트를 찾는 중",
    "step_no_token_lookup": "GitHub 토큰 없는 시험 실행: 열린 풀 리퀘스트는 찾지 않습니다",
    "step_fetching": "{upstream}의 {branch} 브랜치를 가져오는 중",
    "step_pushing": "브랜치 {branch}을(를) {fork}(으)로 푸시하는 중",
    "step_kept_branch": "브랜치 {branch}은(는) 그대로 두었습니다: 풀 리퀘스트의 브랜치 {branch}은(는) 내 포크에 있습니다 "
                        "(영어 원문: {why})",
    "step_made_locally": "브랜치 {branch}을(를) 여기서 만들었습니다 ({base} 위에 커밋 {n}개). 아무것도 푸시하지 "
                         "않았습니다",
    "step_opening": "{upstream}에 풀 리퀘스트를 여는 중",
    "step_opening_draft": "{upstream}에 초안 풀 리퀘스트를 여는 중",
    "step_offline_base": "GitHub 토큰 없음: 브랜치는 내 체크아웃의 {ref}에서 시작합니다",
    "pr_no_token": "열린 PR을 찾지 않았습니다: GitHub 토큰이 없습니다 (페이지 맨 위의 “GitHub 토큰” 칸에 토큰을 붙여 "
                   "넣으세요)",
    "pr_no_upstream": "열린 PR을 찾지 않았습니다: 업스트림 저장소가 없습니다 (“업스트림” 칸을 채우세요, 4 · 쓰기와 게시 탭)",
    "pr_failed": "열린 PR을 찾지 못했습니다. 영어 원문: {message}",
    "pr_found_fetched": "{upstream}의 열린 번역 PR {n}개 (열린 PR {total}개, 방금 가져옴)",
    "pr_found_cached": "{upstream}의 열린 번역 PR {n}개 (열린 PR {total}개, 저장해 둔 목록)",
    "pr_not_requested": "열린 PR은 찾지 않았습니다",
    "problem_base_unknown": "기준 커밋을 알 수 없습니다 (영어 원문: {unknown}). 가장 가까운 후보: {commit}의 {file} "
                            "({similarity:.0%} 일치). 다시 번역하거나(“기존 번역 교체”) 오늘의 영어와 대조해 "
                            "검토하세요",
}
"""The Korean words: the first language hfi18n serves, and the one its first translators read."""

I18N = gr.I18n(en=EN, ko=KO)
"""Passed to ``launch`` by :func:`.app.build_app`; ``I18N("key")`` stands for a word in the page."""

TABLES = {"en": EN, "ko": KO}
"""The languages the server's words come in; any other browser language gets English."""


def request_lang(request: object) -> str:
    """The language of the visitor's browser, for the words the server builds: the first of ``ko`` and
    ``en`` in the request's ``Accept-Language`` (by ``q``, then order: ``fr, ko;q=0.5`` is ``ko``), else
    ``en``. Gradio translates only what the page is built with, in the browser (``navigator.language``);
    the status and review tables are built here, and a Korean browser got them in English (issue 26).
    ``request`` is a ``gr.Request`` or ``None`` (a script calling a handler: English, as before)."""
    headers = getattr(request, "headers", None)
    header = str((headers.get("accept-language") if headers is not None else None) or "")
    ranked = []
    for order, part in enumerate(header.split(",")[:32]):  # a browser sends a few; a hostile header, thousands
        tag, *params = part.strip().split(";")
        q = 1.0
        for param in params:
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        primary = tag.strip().split("-")[0].lower()
        if primary in TABLES and q > 0:
            ranked.append((-q, order, primary))
    return min(ranked)[2] if ranked else "en"


def said(prefix: str, key: str, lang: str, english: str, /, **fields: object) -> str:
    """A line the library said (``english``, as the CLI prints it) in ``lang``: an English page gets it word
    for word; another language its table's ``prefix + key`` filled with ``fields`` when the table has one,
    else the English labelled as such (``in_english``: "영어 원문: ..."), never a sentence that changes
    language half-way (issue 26)."""
    if lang not in TABLES or lang == "en":
        return english
    if key and prefix + key in TABLES[lang]:
        try:
            return TABLES[lang][prefix + key].format(**fields)  # always filled: a missing field falls back
        except (KeyError, IndexError, ValueError):  # a kind whose fields the table does not know
            pass
    return word("in_english", lang, text=english)


def word(key: str, lang: str = "en", /, **fields: object) -> str:
    """The server's word ``key`` in ``lang`` (English for another language), its ``{name}`` fields filled
    with ``fields`` as given: the caller escapes what it puts in HTML. ``key`` and ``lang`` are positional
    only, so a field may be called anything (``folder``: the docs' language, not the words')."""
    text = TABLES.get(lang, EN)[key]
    return text.format(**fields) if fields else text
