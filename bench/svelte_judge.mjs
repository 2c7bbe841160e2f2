// Compile .mdx files with mdsvex + the Svelte compiler (as doc-builder's kit does after its own preprocessing):
// prints "ok <file>" or "FAIL <file> <error>"; exit code 1 if any failed. Used by bench/bench_svelte.py.
// Needs, in the folder named by $HFI18N_SVELTE_DIR: npm install svelte@4 mdsvex@0.11
import { compile as mdsvex } from "mdsvex";
import { compile } from "svelte/compiler";
import fs from "fs";
let bad = 0;
for (const f of process.argv.slice(2)) {
  const src = fs.readFileSync(f, "utf8").replace(/<script lang="ts">[\s\S]*?<\/script>/, "").replace(/^\[\[autodoc\]\].*$/gm, "").replace(/^<!--[\s\S]*?-->/, "");
  try {
    const out = await mdsvex(src, { extensions: [".mdx"] });
    compile(out.code, { generate: "ssr" });
    console.log("ok", f);
  } catch (e) {
    bad++;
    console.log("FAIL", f, (e.message || String(e)).slice(0, 300), JSON.stringify(e.start||e.position||""), (e.frame||"").slice(0,400));
  }
}
process.exit(bad ? 1 : 0);
