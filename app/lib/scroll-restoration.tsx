import { isValidElement, type ReactElement } from "react";
import { ScrollRestoration } from "react-router";

type ScrollRestorationProps = Parameters<typeof ScrollRestoration>[0];
type ScriptProps = { dangerouslySetInnerHTML?: { __html: string } };

/**
 * The inline script, for a storage key: a history entry without a key (a fresh visit: most page
 * loads) gets one, and nothing more; an entry that has one (a reload, Back or Forward to a page
 * loaded as a document) is scrolled to the position React Router saved for it. React Router's own
 * script also reads sessionStorage for a fresh entry, under the key it has just drawn at random,
 * where nothing can be stored; the first sessionStorage access of a document is a synchronous trip
 * to the browser process (up to 16 ms measured here), paid while the page is being parsed.
 */
export function restoreScrollScript(storageKey: string) {
  return (
    `(function(k){var h=window.history,s=h.state;` +
    `if(!s||!s.key){h.replaceState({key:Math.random().toString(32).slice(2)},"");return}` +
    `try{var y=JSON.parse(sessionStorage.getItem(k)||"{}")[s.key];if(typeof y==="number")window.scrollTo(0,y)}` +
    `catch(e){console.error(e);sessionStorage.removeItem(k)}})(${JSON.stringify(storageKey).replace(/</g, "\\u003c")});`
  );
}

/** What React Router's script is called with: its storage key, and no key of our own (no getKey). */
const ROUTER_CALL = /\)\(("(?:[^"\\]|\\.)*"), null\)$/;

/**
 * React Router's <ScrollRestoration> (its hooks run here: scroll positions are saved and restored
 * on client navigations as before) with a leaner inline script for document loads. Renders
 * React Router's output unchanged when it is not the expected script (a `getKey`, or a new shape).
 */
export function LeanScrollRestoration(props: ScrollRestorationProps) {
  const rendered = ScrollRestoration(props) as ReactElement<ScriptProps> | null;
  if (!isValidElement<ScriptProps>(rendered) || rendered.type !== "script") return rendered;
  const call = ROUTER_CALL.exec(rendered.props.dangerouslySetInnerHTML?.__html ?? "");
  if (!call) return rendered;
  const storageKey = JSON.parse(call[1]!) as string;
  return (
    <script
      nonce={props.nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: restoreScrollScript(storageKey) }}
    />
  );
}
