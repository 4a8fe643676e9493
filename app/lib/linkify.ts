// Links in an announcement's plain text (docs/product.md#announcements): the text is cut into
// pieces of text and web addresses, and the page builds React elements from them (text nodes and
// <a>), never HTML: whatever the text holds ('<script>', 'javascript:…', quotes) is shown as typed.
// Only http:// and https:// addresses become links, and only when the URL parser reads them as
// such. Free of server code: the pages import it.

export type TextPiece = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

/** An address as typed: http:// or https:// and everything up to a space or a character no URL holds. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence after an address rather than belonging to it. */
const TRAILING = ".,;:!?¡¿»”’]}";
/** Beyond this, an address is shown as text (no one types such a link; it would only break lines). */
const MAX_ADDRESS = 2000;

/** The address without the sentence's closing punctuation; a ')' stays when the address opened one. */
function trimAddress(raw: string): string {
  let address = raw;
  while (address.length > 0) {
    const last = address.at(-1)!;
    // 'https://es.wikipedia.org/wiki/Ñandú_(ave)': that parenthesis is the address's own.
    if (last === ")" && count(address, "(") >= count(address, ")")) break;
    if (last !== ")" && !TRAILING.includes(last)) break;
    address = address.slice(0, -1);
  }
  return address;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** The web address a piece links to, or null: http(s) only, as the URL parser reads it. */
function safeHref(address: string): string | null {
  if (address.length > MAX_ADDRESS) return null;
  try {
    const url = new URL(address);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** The text cut into text and links, in order; joining every piece's `text` gives the text back. */
export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  const push = (piece: TextPiece) => {
    const last = pieces.at(-1);
    if (piece.kind === "text" && last?.kind === "text") last.text += piece.text;
    else if (piece.text) pieces.push(piece);
  };
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    const address = trimAddress(match[0]);
    const href = safeHref(address);
    push({ kind: "text", text: text.slice(at, start) });
    if (href) push({ kind: "link", text: address, href });
    else push({ kind: "text", text: address });
    at = start + address.length;
  }
  push({ kind: "text", text: text.slice(at) });
  return pieces;
}
