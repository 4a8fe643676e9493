import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";

/** Dialog widths: "default" for confirmations and details, "wide" for documents (the PDF
 * preview): most of the viewport on a desktop, the whole width on a phone. */
const SIZES = {
  default: "w-full max-w-lg rounded-xl",
  wide: "w-screen max-w-none rounded-none sm:w-[92vw] sm:max-w-7xl sm:rounded-xl",
} as const;

/**
 * A dialog whose open state lives in the URL (?ver=ID): it renders on the server and works
 * without JavaScript (closing is a link). With JavaScript it becomes a modal <dialog> that
 * also closes on Escape and on a click outside it.
 */
export function UrlDialog({
  title,
  closeHref,
  children,
  labelledBy = "dialog-title",
  size = "default",
}: {
  title: string;
  closeHref: string;
  children: React.ReactNode;
  labelledBy?: string;
  size?: keyof typeof SIZES;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(":modal")) {
      // Server-rendered as a plain open dialog; re-open it as a modal. Removing the attribute
      // (rather than close()) fires no "close" event.
      dialog.removeAttribute("open");
      dialog.showModal();
    }
    const onClose = () => navigate(closeHref, { replace: true, preventScrollReset: true });
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [closeHref, navigate]);

  return (
    <div
      className={
        "fixed inset-0 z-50 flex items-center justify-center bg-black/40 [&:has(dialog:modal)]:bg-transparent " +
        (size === "wide" ? "sm:p-4" : "p-4")
      }
    >
      {/* Keyboard users close it with Escape (native <dialog>) or the close link; the click
          handler only adds closing on a backdrop click for pointer users. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events,
          jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={ref}
        open
        aria-labelledby={labelledBy}
        className={`relative m-auto bg-white p-0 shadow-2xl backdrop:bg-black/40 ${SIZES[size]}`}
        onClick={(event) => {
          // A click on the backdrop lands on the <dialog> element itself.
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <h2 id={labelledBy} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <Link
            to={closeHref}
            replace
            preventScrollReset
            aria-label="Cerrar"
            className="rounded-md px-2 text-2xl leading-none text-slate-500 hover:bg-slate-100"
          >
            ×
          </Link>
        </div>
        <div className="px-5 py-4">{children}</div>
      </dialog>
    </div>
  );
}
