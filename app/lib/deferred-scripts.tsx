import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ScriptsProps = Parameters<typeof Scripts>[0];
type ElementProps = {
  rel?: string;
  href?: string;
  type?: string;
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
};

/** Every element of a tree of elements, fragments and arrays, depth first. */
function flatten(node: ReactNode): ReactElement<ElementProps>[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement<ElementProps>(child)) return [];
    return child.type === Fragment ? flatten(child.props.children) : [child];
  });
}

/**
 * The bootstrap: after the first frame, the module preloads, six a task, each six inserted into the
 * head at once from a fragment (starting a fetch costs the main thread, and so does every insertion
 * into the head: measured on `/` and `/cursos`, the fragments took a third less main-thread time
 * than four separate insertions a task, with half as many tasks over 12.5 ms, the length that
 * Lighthouse's 4× slower CPU turns into blocking time), and then, in a task of its own, React
 * Router's module script (the route modules and the client entry), nonced like the rest.
 * It runs once even when the page is hidden (no frames): then at the latest after 1.5 s.
 */
function bootstrap(preloads: string[], moduleScript: string) {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return (
    `(function(n,p,m){var d=0,i=0;function go(){if(d)return;d=1;next()}` +
    `function next(){if(i<p.length){var f=document.createDocumentFragment();` +
    `p.slice(i,i+=6).forEach(function(h){var l=document.createElement("link");` +
    `l.rel="modulepreload";l.href=h;l.nonce=n;f.appendChild(l)});` +
    `document.head.appendChild(f);setTimeout(next,0);return}` +
    `var s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=m;document.body.appendChild(s)}` +
    `requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})});setTimeout(go,1500)})` +
    `(document.currentScript.nonce,${json(preloads)},${json(moduleScript)});`
  );
}

/**
 * React Router's <Scripts>, with its JavaScript fetched after the first paint instead of from the
 * head: the server-rendered page paints (and works: every form posts without JavaScript) before
 * about 130 KB gzip of modules compete with the document, its inline CSS and the first image on a
 * slow connection; hydration follows a frame later. The context script (the loader data) stays
 * as it is. Falls back to <Scripts> unchanged when its output has not the expected shape.
 */
export function DeferredScripts(props: ScriptsProps) {
  // <Scripts> is a component whose hooks run here, unconditionally, in this component's render.
  const rendered = Scripts(props);
  if (!rendered) return null;
  const elements = flatten(rendered);
  const preloads = elements.filter((el) => el.type === "link" && el.props.rel === "modulepreload");
  const scripts = elements.filter((el) => el.type === "script");
  const moduleScript = scripts.find((el) => el.props.type === "module");
  const others = elements.filter((el) => !preloads.includes(el) && el !== moduleScript);
  const body = moduleScript?.props.dangerouslySetInnerHTML?.__html;
  if (!moduleScript || body === undefined || others.length !== elements.length - preloads.length - 1) {
    return rendered;
  }
  return (
    <>
      {others}
      <script
        nonce={props.nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html: bootstrap(
            preloads.map((el) => el.props.href!),
            body,
          ),
        }}
      />
    </>
  );
}
