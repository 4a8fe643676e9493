// The page count of a PDF read as a stream: the file passes through once, in
// the chunks its stream delivers, and only a small window of it is held at a time, so ten
// concurrent 10 MB uploads do not cost ten files' worth of memory.
//
// How: a forward scan for indirect objects ("12 0 obj"), parsing only each object's own value
// (a dictionary, usually a few hundred bytes; longer than MAX_OBJECT_CHARS and it is skipped)
// with a small PDF lexer: whitespace, comments, strings, hex strings, names with #xx escapes,
// nested dictionaries and arrays, so "/Type/Pages", "/Type /Pages % note\n", "/Count" before or
// after "/Type" and "/Type /Page" (a leaf) are all told apart. Stream data after a dictionary is
// skipped by its direct /Length (checked against the "endstream" that must follow) or else by
// searching for "endstream", without being decoded or copied (the window is bytes; only an
// object's own bytes are decoded, as latin1, to be parsed); a window tail is kept across chunk
// boundaries so nothing that straddles two chunks is missed. Known limit: a /Length too long
// for its data makes the scan pass over the objects that follow it. It remembers:
//   - each /Type /Pages dictionary's /Count (a direct integer, or a reference to one),
//   - each /Type /Catalog's /Pages reference, and the trailer's (or XRef stream's) /Root.
// The answer is the /Count of the page tree root the catalog names (the last definition of an
// object wins, as with incremental updates); failing that, the largest /Count of any /Type
// /Pages dictionary (the root's count is the sum of its kids'); failing that, null.
//
// Object streams (PDF 1.5, "/Type /ObjStm", which is where pdf-lib and most modern writers put
// the catalog and page tree): their data is collected (compressed, at most
// MAX_OBJECT_STREAM_BYTES) and inflated with node:zlib into at most MAX_INFLATED_BYTES, one
// object stream at a time, and the objects inside are read as above. An object stream with
// another filter, a predictor, or over those limits is skipped (encrypted ones cannot be read
// either); the caller may then fall back to a whole-file parser for small files
// (app/features/library/book-pdf.server.ts does, with pdf-lib, for files up to 20 MB).
import { promisify } from "node:util";
import zlib from "node:zlib";

const inflate = promisify(zlib.inflate);

const MAX_OBJECT_CHARS = 1024 * 1024;
const MAX_OBJECT_STREAM_BYTES = 4 * 1024 * 1024;
const MAX_INFLATED_BYTES = 16 * 1024 * 1024;
const MAX_DEPTH = 64;
/** Characters kept from the end of the window when nothing was found in it. */
const TAIL = 64;

/**
 * What the scan held at most and did (for tests): the window's length, one object stream's bytes,
 * the bytes read, and `scanned`, the characters it looked at (decoded to be parsed, searched for a
 * keyword, or inflated): its work, which must grow with the file, never with its square.
 */
export type PageCountStats = { maxWindow: number; maxObjectStream: number; bytes: number; scanned?: number };

type Value =
  | { t: "dict"; map: Map<string, Value> }
  | { t: "arr"; items: Value[] }
  | { t: "num"; v: number }
  | { t: "ref"; n: number }
  | { t: "name"; v: string }
  | { t: "other" };

class NeedMore extends Error {}
class Malformed extends Error {}

const WS = new Set([0, 9, 10, 12, 13, 32]);
const DELIM = new Set("()<>[]{}/%".split("").map((c) => c.charCodeAt(0)));
const isRegular = (c: number) => !WS.has(c) && !DELIM.has(c);
/** The object number and generation before an "obj" keyword (the window's end). */
const HEADER = /(?:^|[^0-9])(\d{1,10})[\0\t\n\f\r ]+\d{1,5}[\0\t\n\f\r ]+$/;
const OBJ = Buffer.from("obj");
const TRAILER = Buffer.from("trailer");
const ENDSTREAM = Buffer.from("endstream");

/**
 * A recursive-descent reader of one PDF value in `s` from `i`. Throws NeedMore when the value
 * runs past the end of `s` and `s` is not the end of the input (`final` false).
 */
class Lexer {
  readonly s: string;
  i: number;
  readonly final: boolean;

  constructor(s: string, i: number, final: boolean) {
    this.s = s;
    this.i = i;
    this.final = final;
  }

  private end(): never {
    throw this.final ? new Malformed() : new NeedMore();
  }

  private code(): number {
    if (this.i >= this.s.length) this.end();
    return this.s.charCodeAt(this.i);
  }

  skipSpace() {
    for (;;) {
      if (this.i >= this.s.length) return;
      const c = this.s.charCodeAt(this.i);
      if (WS.has(c)) this.i++;
      else if (c === 37 /* % */) {
        while (this.i < this.s.length && this.s[this.i] !== "\n" && this.s[this.i] !== "\r") this.i++;
      } else return;
    }
  }

  /** The regular characters from here (a keyword, a number, a name's body). */
  private word(): string {
    const start = this.i;
    while (this.i < this.s.length && isRegular(this.s.charCodeAt(this.i))) this.i++;
    if (this.i >= this.s.length && !this.final) throw new NeedMore();
    return this.s.slice(start, this.i);
  }

  value(depth = 0): Value {
    if (depth > MAX_DEPTH) throw new Malformed();
    this.skipSpace();
    const c = this.code();
    if (c === 60 /* < */) {
      this.i++;
      if (this.code() === 60) {
        this.i++;
        return this.dict(depth);
      }
      const close = this.s.indexOf(">", this.i);
      if (close < 0) this.end();
      this.i = close + 1;
      return { t: "other" };
    }
    if (c === 40 /* ( */) {
      this.literal();
      return { t: "other" };
    }
    if (c === 91 /* [ */) {
      this.i++;
      const items: Value[] = [];
      for (;;) {
        this.skipSpace();
        if (this.code() === 93 /* ] */) {
          this.i++;
          return { t: "arr", items };
        }
        items.push(this.value(depth + 1));
      }
    }
    if (c === 47 /* / */) {
      this.i++;
      return {
        t: "name",
        v: this.word().replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      };
    }
    if (!isRegular(c)) {
      // ">", ")", "]", "{", "}" out of place.
      throw new Malformed();
    }
    const word = this.word();
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
      const v = Number(word);
      if (/^\d+$/.test(word)) {
        // "12 0 R": a reference. Look ahead without committing.
        const back = this.i;
        this.skipSpace();
        const gen = /^\d+/.exec(this.s.slice(this.i, this.i + 6));
        if (gen) {
          this.i += gen[0].length;
          this.skipSpace();
          if (this.i < this.s.length && this.s[this.i] === "R") {
            const after = this.s.charCodeAt(this.i + 1);
            if (this.i + 1 >= this.s.length && !this.final) throw new NeedMore();
            if (Number.isNaN(after) || !isRegular(after)) {
              this.i++;
              return { t: "ref", n: v };
            }
          }
        }
        if (this.i >= this.s.length && !this.final) throw new NeedMore();
        this.i = back;
      }
      return { t: "num", v };
    }
    return { t: "other" };
  }

  private dict(depth: number): Value {
    const map = new Map<string, Value>();
    for (;;) {
      this.skipSpace();
      const c = this.code();
      if (c === 62 /* > */) {
        this.i++;
        if (this.code() !== 62) throw new Malformed();
        this.i++;
        return { t: "dict", map };
      }
      const key = this.value(depth + 1);
      if (key.t !== "name") throw new Malformed();
      map.set(key.v, this.value(depth + 1));
    }
  }

  private literal() {
    let nesting = 0;
    for (;;) {
      const c = this.code();
      this.i++;
      if (c === 92 /* \ */) {
        this.code();
        this.i++;
      } else if (c === 40) nesting++;
      else if (c === 41 /* ) */ && --nesting === 0) return;
    }
  }

  /** The keyword after the value ("stream", "endobj"), or "" for anything else. */
  keyword(): string {
    this.skipSpace();
    if (this.i >= this.s.length) {
      if (this.final) return "";
      throw new NeedMore();
    }
    return isRegular(this.code()) ? this.word() : "";
  }
}

const name = (v: Value | undefined) => (v?.t === "name" ? v.v : undefined);
const num = (v: Value | undefined) => (v?.t === "num" ? v.v : undefined);

/** What the scan learned about the document. */
class PageTree {
  /** Object number → /Count of a /Type /Pages dictionary (a number or a reference). */
  readonly pages = new Map<number, Value>();
  /** Object number → a catalog's /Pages object number. */
  readonly catalogs = new Map<number, number>();
  /** Object number → a bare integer object (an indirect /Count). */
  readonly integers = new Map<number, number>();
  lastCatalogPages: number | null = null;
  root: number | null = null;

  take(objNum: number | null, value: Value) {
    if (value.t === "num" && objNum !== null) {
      this.integers.set(objNum, value.v);
      return;
    }
    if (value.t !== "dict") return;
    const map = value.map;
    const type = name(map.get("Type"));
    const rootRef = map.get("Root");
    if (rootRef?.t === "ref" && (objNum === null || type === "XRef")) this.root = rootRef.n;
    if (objNum === null) return;
    const count = map.get("Count");
    if (type === "Pages" || (type === undefined && map.get("Kids")?.t === "arr" && count)) {
      if (count) this.pages.set(objNum, count);
    } else if (type === "Catalog") {
      const pages = map.get("Pages");
      if (pages?.t === "ref") {
        this.catalogs.set(objNum, pages.n);
        this.lastCatalogPages = pages.n;
      }
    }
  }

  private resolve(count: Value | undefined): number | null {
    const n = count?.t === "ref" ? this.integers.get(count.n) : num(count);
    return n !== undefined && Number.isSafeInteger(n) && n > 0 ? n : null;
  }

  answer(): number | null {
    const rootPages = (this.root !== null ? this.catalogs.get(this.root) : undefined) ?? this.lastCatalogPages;
    if (rootPages !== null) {
      const counted = this.resolve(this.pages.get(rootPages));
      if (counted !== null) return counted;
    }
    let largest: number | null = null;
    for (const count of this.pages.values()) {
      const n = this.resolve(count);
      if (n !== null && (largest === null || n > largest)) largest = n;
    }
    return largest;
  }
}

function isFlate(dict: Map<string, Value>) {
  const filter = dict.get("Filter");
  const filters = filter?.t === "arr" ? filter.items : filter ? [filter] : [];
  if (filters.length !== 1 && filters.length !== 0) return false;
  const f = name(filters[0]);
  if (f !== undefined && f !== "FlateDecode" && f !== "Fl") return false;
  const parms = dict.get("DecodeParms");
  const predictor = parms?.t === "dict" ? num(parms.map.get("Predictor")) : undefined;
  return predictor === undefined || predictor <= 1;
}

/** The objects inside an inflated object stream. */
function readObjectStream(text: string, n: number, first: number, tree: PageTree, look: (characters: number) => void) {
  const header = new Lexer(text.slice(0, first), 0, true);
  const entries: Array<[number, number]> = [];
  try {
    for (let k = 0; k < n; k++) {
      const objNum = num(header.value());
      const offset = num(header.value());
      if (objNum === undefined || offset === undefined) break;
      entries.push([objNum, offset]);
    }
  } catch {
    // a short header: the objects listed so far
  }
  for (const [objNum, offset] of entries) {
    const lexer = new Lexer(text, first + offset, true);
    try {
      tree.take(objNum, lexer.value());
    } catch {
      // one unreadable object: the others may still be fine
    }
    look(lexer.i - first - offset);
  }
}

/**
 * The page count of the PDF whose bytes `source` yields (a web ReadableStream or any async
 * iterable of chunks, which may reuse one buffer: a chunk is not used after the next is asked
 * for), or null when no page tree was found. Reads the source to its end (a
 * later incremental update may change the count) and releases it when it stops early. The
 * window is bytes: stream data is skipped without being copied or decoded, and only an
 * object's own few hundred bytes are decoded (as latin1) to be parsed.
 */
export async function countPdfPages(source: AsyncIterable<Uint8Array>, stats?: PageCountStats): Promise<number | null> {
  const iterator = source[Symbol.asyncIterator]();
  const tree = new PageTree();
  let win: Buffer = Buffer.alloc(0);
  let pos = 0;
  let done = false;
  // The scan's own buffer for an unread rest and the chunk after it: reused, so a scan makes
  // little garbage, and safe with a source that reuses its chunks' memory.
  let own: Buffer = Buffer.alloc(0);
  let generation = 0;
  // Where "trailer" is next in this window (-1: nowhere after where it was looked for).
  let trailerGeneration = -1;
  let trailerAt = -1;

  /** Appends the next chunk after the unread rest; false at the end of the input. */
  const more = async (): Promise<boolean> => {
    if (done) return false;
    const rest = win.length - pos;
    if (rest > 0) {
      // Before asking for the next chunk, which may overwrite this one.
      if (own.length < rest) own = Buffer.allocUnsafe(Math.max(rest * 2, 128 * 1024));
      win.copy(own, 0, pos, win.length);
      win = own.subarray(0, rest);
      pos = 0;
    }
    const next = await iterator.next();
    if (next.done) {
      done = true;
      return false;
    }
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    if (rest === 0) win = chunk;
    else {
      if (own.length < rest + chunk.length) {
        const bigger = Buffer.allocUnsafe(Math.max((rest + chunk.length) * 2, 128 * 1024));
        own.copy(bigger, 0, 0, rest);
        own = bigger;
      }
      chunk.copy(own, rest);
      win = own.subarray(0, rest + chunk.length);
    }
    pos = 0;
    generation++;
    if (stats) {
      stats.bytes += chunk.byteLength;
      stats.maxWindow = Math.max(stats.maxWindow, win.length);
    }
    return true;
  };

  /** Counts the characters the scan looks at (PageCountStats.scanned). */
  const look = (characters: number) => {
    if (stats) stats.scanned = (stats.scanned ?? 0) + Math.max(0, characters);
  };
  /** Where `keyword` is next in the window from `pos` (-1: nowhere), counted as looked at. */
  const search = (keyword: Buffer) => {
    const at = win.indexOf(keyword, pos);
    look((at < 0 ? win.length : at + keyword.length) - pos);
    return at;
  };

  /** Reads one value at `pos` (growing the window as needed); null when it is too long or malformed. */
  const readValue = async (): Promise<{ value: Value; keyword: string } | null> => {
    let span = 512;
    for (;;) {
      const end = Math.min(win.length, pos + span);
      look(end - pos);
      const lexer = new Lexer(win.toString("latin1", pos, end), 0, done && end === win.length);
      try {
        const value = lexer.value();
        const keyword = lexer.keyword();
        pos += lexer.i;
        return { value, keyword };
      } catch (error) {
        if (!(error instanceof NeedMore)) return null;
        if (end < win.length) span *= 4;
        else {
          const tried = win.length - pos;
          if (tried > MAX_OBJECT_CHARS || !(await more())) return null;
          // Read on until the unread part is twice what was tried (or the input ends) before
          // trying again: each try starts over, so growing by a chunk at a time would make the
          // work the square of the value's length when the chunks are small (a slow upload).
          while (win.length - pos < 2 * tried && (await more()));
          span = Math.max(span, win.length - pos);
        }
      }
    }
  };

  /** The next object header ("12 0 obj") or "trailer" at or after `pos`; null at the end. */
  const nextHeader = async (): Promise<{ objNum: number | null } | null> => {
    for (;;) {
      const obj = search(OBJ);
      if (trailerGeneration !== generation || (trailerAt >= 0 && trailerAt < pos)) {
        trailerGeneration = generation;
        trailerAt = search(TRAILER);
      }
      const at = trailerAt >= 0 && (obj < 0 || trailerAt < obj) ? trailerAt : obj;
      const keywordEnd = at + (at === trailerAt ? TRAILER.length : OBJ.length);
      if (at < 0 || keywordEnd >= win.length) {
        // Keep a tail: a header may straddle this chunk and the next.
        pos = Math.max(pos, win.length - TAIL);
        if (await more()) continue;
        return null;
      }
      if (isRegular(win[keywordEnd]!)) {
        pos = at + 1; // "objects", "trailers": not a keyword
        continue;
      }
      if (at === trailerAt) {
        pos = keywordEnd;
        return { objNum: null };
      }
      const from = Math.max(pos, at - 24);
      const head = HEADER.exec(win.toString("latin1", from, at));
      pos = keywordEnd;
      if (head) return { objNum: Number(head[1]) };
    }
  };

  /** Moves `pos` to just after "endstream"; `keep` receives the data before it. */
  const findEndstream = async (keep: (data: Buffer) => void) => {
    for (;;) {
      const at = search(ENDSTREAM);
      if (at >= 0) {
        keep(win.subarray(pos, at));
        pos = at + ENDSTREAM.length;
        return;
      }
      const safe = Math.max(pos, win.length - ENDSTREAM.length + 1);
      keep(win.subarray(pos, safe));
      pos = safe;
      if (!(await more())) return;
    }
  };

  /** Passes over a stream's data (after the "stream" keyword); returns it when `collect` and within `cap`. */
  const passStream = async (length: number | undefined, collect: boolean, cap: number) => {
    // "stream" is followed by CRLF or LF (a lone CR is tolerated).
    while (win.length - pos < 2 && (await more()));
    if (win[pos] === 13 && win[pos + 1] === 10) pos += 2;
    else if (win[pos] === 10 || win[pos] === 13) pos += 1;
    const parts: Buffer[] = [];
    let size = 0;
    const keep = (data: Buffer) => {
      if (!collect) return;
      size += data.length;
      if (size > cap) collect = false;
      else parts.push(Buffer.from(data)); // a copy: the chunk itself is not kept
      if (stats && collect) stats.maxObjectStream = Math.max(stats.maxObjectStream, size);
    };
    if (length !== undefined && Number.isSafeInteger(length) && length >= 0) {
      let left = length;
      while (left > win.length - pos) {
        keep(win.subarray(pos));
        left -= win.length - pos;
        pos = win.length;
        if (!(await more())) return null;
      }
      keep(win.subarray(pos, pos + left));
      pos += left;
      while (win.length - pos < 40 && (await more()));
      const after = /^[\0\t\n\f\r ]*endstream/.exec(win.toString("latin1", pos, pos + 40));
      if (after) pos += after[0].length;
      // The /Length was short: the rest of the data runs to the "endstream" further on.
      else await findEndstream(keep);
    } else {
      await findEndstream(keep);
    }
    return collect ? Buffer.concat(parts) : null;
  };

  try {
    for (;;) {
      const head = await nextHeader();
      if (!head) break;
      const read = await readValue();
      if (!read) continue; // resume the search right after the header
      tree.take(head.objNum, read.value);
      if (read.keyword !== "stream" || read.value.t !== "dict") continue;
      const dict = read.value.map;
      const objectStream = name(dict.get("Type")) === "ObjStm" && isFlate(dict);
      const n = num(dict.get("N"));
      const first = num(dict.get("First"));
      const length = num(dict.get("Length"));
      const data = await passStream(length, objectStream, MAX_OBJECT_STREAM_BYTES);
      if (data === null || n === undefined || first === undefined || n < 0 || first < 0) continue;
      let inflated: Buffer;
      try {
        inflated = await inflate(data, {
          maxOutputLength: MAX_INFLATED_BYTES,
          finishFlush: zlib.constants.Z_SYNC_FLUSH,
        });
      } catch {
        continue;
      }
      look(inflated.length);
      readObjectStream(inflated.toString("latin1"), n, first, tree, look);
    }
  } finally {
    if (!done) await iterator.return?.();
  }
  return tree.answer();
}
