// The SQL that pg_restore makes of a backup, checked and adjusted on its way to the file psql runs
// (./restore.server.ts; docs/decisions/029-backup-and-restore.md). One pass, line by line, over a
// stream: the script is the database's size, never read whole.
//
// - The header's SETs of a parameter the server does not have are dropped: pg_restore 17 and newer
//   writes `SET transaction_timeout = 0;` whatever the server, and an older server refuses it.
// - psql runs any meta-command it meets (`\!` runs a shell, `\o`/`\w` write files), and a crafted
//   dump can carry one in any object's definition. So a backslash is refused everywhere psql could
//   take it as a command: outside COPY's data, string constants ('…') included. It is allowed where
//   psql takes it literally: in COPY's data (`\N`, `\\`…), identifiers ("…"), dollar-quoted bodies
//   ($$…$$) and comments; and as pg_restore's own `\restrict <key>` / `\unrestrict <key>` lines.
//   With no backslash outside those, psql's reading of quotes does not depend on
//   standard_conforming_strings, and this lexer finds the same quotes, comments and statements.
//   A COPY's data starts after a statement `COPY … FROM stdin;` alone on its line at a statement's
//   start, and ends at a line `\.`, as in psql. Where psql's reading could differ from this one (a
//   dollar quote right after a name or a number; a statement that names a function and a BEGIN,
//   whose SQL-standard body psql 14+ reads as one statement), the script is refused rather than
//   guessed at: pg_dump of the academy's schema makes none of these.
import { Transform } from "node:stream";
import { BackupError } from "./backup.server.ts";

/** Parameters that pg_restore may SET in its header, with the server version (server_version_num) that has them. */
const NEWER_PARAMETERS: Record<string, number> = { transaction_timeout: 170000 };

const BACKSLASH = 0x5c;
const DOT = 0x2e;
const RESTRICT = /^\\(un)?restrict [A-Za-z0-9]+\r?$/;
const COPY_FROM_STDIN = /^COPY .* FROM stdin;\s*$/;
const HEADER_SET = /^SET ([a-z_]+) = .*;\r?$/;
const DOLLAR_QUOTE = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;
const NAME_START = /[A-Za-z_\u0080-\uffff]/;
const NAME_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

function refuse(lineNo: number, line: string, why: string): never {
  const shown = line.length > 80 ? `${line.slice(0, 80)}…` : line;
  throw new BackupError(
    `La copia no se puede restaurar: el SQL que sale de ella ${why}, en la línea ${lineNo}: «${shown.trim()}». ` +
      "Una copia hecha con npm run backup no trae eso; revisa de dónde viene. No se cambió nada.",
    2,
  );
}

/** The lexer's state across lines: where psql would be, and whether a COPY's data is being read. */
class RestoreScriptCheck {
  private mode: "top" | "quote" | "ident" | "dollar" | "comment" = "top";
  private tag = "";
  private commentDepth = 0;
  private parens = 0;
  private statementStart = true;
  private namesFunction = false;
  private namesBegin = false;
  private uncertain = false;
  private copy = false;
  private header = true;
  private lineNo = 0;
  private readonly serverVersion: number;

  /** `serverVersion`: the target's server_version_num. */
  constructor(serverVersion: number) {
    this.serverVersion = serverVersion;
  }

  /** One line (with or without its newline): false to drop it; throws a BackupError (exit 2) to refuse the script. */
  line(bytes: Buffer): boolean {
    this.lineNo++;
    if (this.copy) {
      // Data: only the end matters (`\.` alone, as psql reads it).
      if (bytes[0] === BACKSLASH && bytes[1] === DOT) {
        const end = bytes.subarray(2).toString("latin1");
        if (end === "" || end === "\n" || end === "\r\n") {
          this.copy = false;
          this.statementStart = true;
        }
      }
      return true;
    }
    const text = bytes.toString("utf8").replace(/\n$/, "");
    if (this.header) {
      const set = HEADER_SET.exec(text);
      if (set && (NEWER_PARAMETERS[set[1]!] ?? 0) > this.serverVersion) return false;
      if (!(
        set ||
        text.trim() === "" ||
        text.startsWith("--") ||
        RESTRICT.test(text) ||
        text.startsWith("SELECT pg_catalog.set_config(")
      ))
        this.header = false;
    }
    const atStart = this.mode === "top" && this.statementStart && this.parens === 0;
    if (atStart && RESTRICT.test(text)) return true;
    const ends = this.lex(text);
    if (atStart && text.startsWith("COPY ") && COPY_FROM_STDIN.test(text)) {
      if (ends.length === 1 && ends[0] === text.trimEnd().length - 1 && this.mode === "top") {
        if (this.uncertain)
          refuse(this.lineNo, text, "trae datos después de una función con BEGIN, y no se puede revisar con seguridad");
        this.copy = true;
      }
    }
    return true;
  }

  /** Lexes one line as psql would; returns where statements end (a `;` outside parentheses). */
  private lex(text: string): number[] {
    const ends: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      const next = text[i + 1];
      switch (this.mode) {
        case "quote":
          if (c === "\\") refuse(this.lineNo, text, "trae una barra invertida en un texto entre comillas simples");
          if (c === "'") {
            if (next === "'") i++;
            else this.mode = "top";
          }
          continue;
        case "ident":
          if (c === '"') {
            if (next === '"') i++;
            else this.mode = "top";
          }
          continue;
        case "dollar": {
          const close = text.indexOf(this.tag, i);
          if (close === -1) i = text.length;
          else {
            i = close + this.tag.length - 1;
            this.mode = "top";
          }
          continue;
        }
        case "comment":
          if (c === "/" && next === "*") {
            this.commentDepth++;
            i++;
          } else if (c === "*" && next === "/") {
            i++;
            if (--this.commentDepth === 0) this.mode = "top";
          }
          continue;
        case "top":
          break;
      }
      if (c === "\\") refuse(this.lineNo, text, "trae una orden de psql (una barra invertida fuera de los datos)");
      if (c === "-" && next === "-") break; // a comment to the end of the line
      if (c === "/" && next === "*") {
        this.mode = "comment";
        this.commentDepth = 1;
        i++;
        continue;
      }
      if (/\s/.test(c)) continue;
      if (c === ";" && this.parens === 0) {
        ends.push(i);
        if (this.namesFunction && this.namesBegin) this.uncertain = true;
        this.namesFunction = this.namesBegin = false;
        this.statementStart = true;
        continue;
      }
      this.statementStart = false;
      if (c === "'") this.mode = "quote";
      else if (c === '"') this.mode = "ident";
      else if (c === "(") this.parens++;
      else if (c === ")") this.parens = Math.max(0, this.parens - 1);
      else if (c === "$") {
        DOLLAR_QUOTE.lastIndex = i;
        const quote = DOLLAR_QUOTE.exec(text);
        if (quote) {
          // After a digit psql may end a number there and start a quote; this lexer cannot tell.
          if (i > 0 && NAME_PART.test(text[i - 1]!))
            refuse(
              this.lineNo,
              text,
              "trae un «$» pegado a un nombre o a un número, que no se puede revisar con seguridad",
            );
          this.mode = "dollar";
          this.tag = quote[0];
          i += this.tag.length - 1;
        }
      } else if (NAME_START.test(c)) {
        let end = i + 1;
        while (end < text.length && NAME_PART.test(text[end]!)) end++;
        const name = text.slice(i, end);
        // A name glued to a number (0x1$a$): psql's versions split it differently; a $ in it is refused.
        if (i > 0 && /[0-9]/.test(text[i - 1]!) && name.includes("$"))
          refuse(this.lineNo, text, "trae un «$» pegado a un número, que no se puede revisar con seguridad");
        const lower = name.toLowerCase();
        if (lower.includes("function") || lower.includes("procedure")) this.namesFunction = true;
        if (lower.includes("begin")) this.namesBegin = true;
        i = end - 1;
      }
    }
    return ends;
  }
}

/**
 * A stream that passes pg_restore's SQL on, line by line, through a RestoreScriptCheck: drops the
 * SETs the server would refuse, and fails (a BackupError, exit 2) on a script psql must not run.
 */
export function restoreScriptFilter(serverVersion: number): Transform {
  const check = new RestoreScriptCheck(serverVersion);
  let rest: Buffer | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        const data = rest ? Buffer.concat([rest, chunk]) : chunk;
        const out: Buffer[] = [];
        let start = 0;
        for (let newline = data.indexOf(10); newline !== -1; newline = data.indexOf(10, start)) {
          const line = data.subarray(start, newline + 1);
          if (check.line(line)) out.push(line);
          start = newline + 1;
        }
        rest = start < data.length ? Buffer.from(data.subarray(start)) : undefined;
        done(null, out.length > 0 ? Buffer.concat(out) : undefined);
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        done(null, rest && check.line(rest) ? rest : undefined);
      } catch (error) {
        done(error as Error);
      }
    },
  });
}
