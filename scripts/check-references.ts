// `npm run lint`: every reference points somewhere. Fails (exit 1, one line per finding) on
//   - a Markdown link in README.md or docs/ to a file that does not exist, or to an anchor that no
//     heading of the target has (GitHub's slugs: lower case, punctuation dropped, spaces to '-',
//     '-1', '-2' … for repeats);
//   - in a code comment (app/, server/, scripts/, prisma/, tests/, e2e/, the root's configs): a
//     `docs/…` path or a `….md` file (with its `#anchor`) that does not exist, a `decision NNN`
//     without a docs/decisions/NNN-*.md, and 'issue NN' (the tracker is not in the repository:
//     cite docs/product.md's sections and the decision records instead), 'session NN' or 'once
//     merged' (how the code was made, not what it does);
//   - a test's title ('describe', 'it', 'test') that cites an issue or a session;
//   - an `npm run X` in README.md or docs/ that package.json does not have;
//   - a decision record without its '**How it is checked.**' paragraph, or one whose paragraph
//     names a file under app/, server/, tests/, e2e/ or scripts/ that does not exist.
// The migrations are left alone: their text is checksummed once applied.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const SKIP = new Set([
  "node_modules",
  ".git",
  "build",
  ".react-router",
  ".tmp",
  "data",
  "test-results",
  "playwright-report",
]);
const SKIP_PATHS = ["app/generated", "prisma/migrations", "prisma/postgresql/migrations"];
const CODE = /\.(?:ts|tsx|js|prisma|css|sh)$/;

const problems: string[] = [];
const report = (file: string, line: number, message: string) => problems.push(`${file}:${line}: ${message}`);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (SKIP.has(entry.name) || SKIP_PATHS.includes(rel)) continue;
    if (entry.isDirectory()) walk(rel, out);
    else out.push(rel);
  }
  return out;
}

/** GitHub's anchor of a heading's text. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images: their text
    .replace(/<[^>]+>/g, "") // inline HTML
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorCache = new Map<string, Set<string>>();
/** The anchors a Markdown file has: its headings' slugs and explicit `<a id>`/`<a name>`. */
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map<string, number>();
  const text = withoutFences(fs.readFileSync(path.join(ROOT, file), "utf8"));
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  anchorCache.set(file, anchors);
  return anchors;
}

/** Fenced code blocks blanked (their lines kept, so line numbers stay right). */
function withoutFences(text: string): string {
  return text.replace(/^(```|~~~)[\s\S]*?^\1/gm, (block) => block.replace(/[^\n]/g, ""));
}

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** Checks `target` (a path with an optional #anchor) as seen from `file`; a message or null. */
function checkTarget(target: string, file: string, bases: string[]): string | null {
  const [pathPart, anchor] = target.split("#", 2) as [string, string | undefined];
  let resolved: string | undefined;
  if (!pathPart) resolved = file;
  else {
    for (const base of bases) {
      const candidate = path.posix.normalize(path.posix.join(base, decodeURIComponent(pathPart))).replace(/\/$/, "");
      if (fs.existsSync(path.join(ROOT, candidate))) {
        resolved = candidate;
        break;
      }
    }
  }
  if (resolved === undefined) return `'${target}': no such file`;
  if (anchor !== undefined && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor)) {
    return `'${target}': ${resolved} has no heading with the anchor #${anchor}`;
  }
  return null;
}

function checkMarkdown(file: string) {
  const text = withoutFences(fs.readFileSync(path.join(ROOT, file), "utf8")).replace(/`[^`\n]*`/g, (code) =>
    " ".repeat(code.length),
  );
  const links = [
    ...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
    ...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm),
  ];
  for (const match of links) {
    const target = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue; // https:, mailto:
    const problem = checkTarget(target, file, [path.posix.dirname(file)]);
    if (problem) report(file, lineOf(text, match.index), problem);
  }
}

/** The comments of a source file, each with where it starts. */
function commentsOf(file: string, text: string): { text: string; index: number }[] {
  const pattern = file.endsWith(".sh")
    ? /(?:^|\s)#.*$/gm
    : file.endsWith(".css")
      ? /\/\*[\s\S]*?\*\//g
      : /\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/.*$/gm;
  return [...text.matchAll(pattern)].map((match) => ({ text: match[0], index: match.index }));
}

const decisions = fs.readdirSync(path.join(ROOT, "docs/decisions")).map((name) => name.slice(0, 3));
const DOC_PATH =
  /(?<![\w/.-])((?:\.\.?\/)*(?:[\w.-]+\/)*[\w.-]+\.md(?:#[\w-]+)?|docs\/[\w./-]*[\w-](?![\w*<{.-])(?:#[\w-]+)?)/g;
const DECISION = /\bdecisions?\s+(\d{3}(?:(?:\s*(?:,|and|or|y|o|–|-|\/)\s*)\d{3})*)/gi;
const ISSUE = /\bissues?\s*#?\s*\d+/gi;
const MAKING = /\bsessions?\s+\d+\b|\bonce merged\b/gi;
const TITLE = /(?<![.\w])(?:describe|it|test)(?:\.\w+(?:\([^()]*\))?)*\(\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;
const SCRIPTS = new Set(Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts));
const CHECKED = "**How it is checked.**";

function checkComments(file: string) {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  for (const comment of commentsOf(file, text)) {
    const body = comment.text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ""); // URLs
    const at = (index: number) => lineOf(text, comment.index + index);
    for (const match of body.matchAll(DOC_PATH)) {
      const target = match[1]!;
      if (target.includes("*") || target.includes("<")) continue; // a glob or a placeholder
      // docs/decisions/006 names decision 006.
      const decision = /^docs\/decisions\/(\d{3})$/.exec(target.split("#")[0]!);
      if (decision) {
        if (!decisions.includes(decision[1]!)) report(file, at(match.index), `'${target}': no such decision`);
        continue;
      }
      const problem = checkTarget(target, file, [path.posix.dirname(file), ".", "docs"]);
      if (problem) report(file, at(match.index), problem);
    }
    for (const match of body.matchAll(DECISION)) {
      for (const number of match[1]!.match(/\d{3}/g)!) {
        if (!decisions.includes(number))
          report(file, at(match.index), `decision ${number}: no docs/decisions/${number}-*.md`);
      }
    }
    for (const match of body.matchAll(ISSUE)) {
      report(
        file,
        at(match.index),
        `'${match[0]}': the tracker is not in the repository; cite docs/product.md or a decision`,
      );
    }
    for (const match of body.matchAll(MAKING)) {
      report(file, at(match.index), `'${match[0]}': say what the code does, not how it was made`);
    }
  }
  if (!/\.(?:test|spec)\.tsx?$/.test(file)) return;
  for (const match of text.matchAll(TITLE)) {
    for (const cited of [...match[2]!.matchAll(ISSUE), ...match[2]!.matchAll(MAKING)]) {
      report(file, lineOf(text, match.index), `test title cites '${cited[0]}'; cite docs/product.md or a decision`);
    }
  }
}

/** README.md and docs/: every `npm run X` a script; a decision record: how it is checked, with real files. */
function checkCommands(file: string) {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  for (const match of text.matchAll(/\bnpm run ([\w:-]+)/g)) {
    if (!SCRIPTS.has(match[1]!)) report(file, lineOf(text, match.index), `'npm run ${match[1]}': no such script`);
  }
  if (!/^docs\/decisions\/(?!000)\d{3}-/.test(file)) return;
  const at = text.indexOf(CHECKED);
  if (at < 0) return report(file, 1, `no '${CHECKED}' paragraph`);
  const end = text.indexOf("\n\n", at);
  const paragraph = text.slice(at, end < 0 ? undefined : end);
  for (const match of paragraph.matchAll(/`((?:app|server|tests|e2e|scripts)\/[\w./-]+)`/g)) {
    if (!fs.existsSync(path.join(ROOT, match[1]!))) report(file, lineOf(text, at), `'${match[1]}': no such file`);
  }
}

const files = walk("");
for (const file of files) {
  if (file.endsWith(".md") && (file === "README.md" || file.startsWith("docs/"))) {
    checkMarkdown(file);
    checkCommands(file);
  } else if (CODE.test(file)) checkComments(file);
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} reference(s) point nowhere.`);
  process.exit(1);
}
console.log(`References: ${files.length} files checked, every reference points somewhere.`);
