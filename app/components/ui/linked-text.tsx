import { linkify } from "~/lib/linkify.ts";

/**
 * An announcement's text as typed: line breaks kept, addresses as links that open in a new tab
 * without giving the page a handle on this one (noopener), the academy's address (noreferrer)
 * or a vote of trust to search engines (nofollow). React elements only: text is never HTML.
 */
export function LinkedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={`whitespace-pre-line break-words ${className ?? ""}`}>
      {linkify(text).map((piece, i) =>
        piece.kind === "link" ? (
          <a
            key={i}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium text-brand-700 underline"
          >
            {piece.text}
          </a>
        ) : (
          piece.text
        ),
      )}
    </p>
  );
}
