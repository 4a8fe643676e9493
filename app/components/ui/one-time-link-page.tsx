import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

/**
 * The page behind a single-use link (lib/one-time-link.server.ts): the answer of its button once
 * posted; else, while the link is live, what it will do and the button (a plain POST, so it works
 * without JavaScript); else why the link cannot be used. Ways on below.
 */
export function OneTimeLinkPage({
  title,
  answer,
  live,
  button,
  pendingButton,
  invalid,
  links,
  children,
}: {
  title: string;
  answer: { ok: boolean; message: string } | undefined;
  live: boolean;
  button: string;
  pendingButton: string;
  invalid: string;
  links: ReactNode;
  children: ReactNode;
}) {
  const pending = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {answer ? (
        <div role={answer.ok ? "status" : "alert"} className={`mt-6 ${answer.ok ? "alert-success" : "alert-error"}`}>
          {answer.message}
        </div>
      ) : live ? (
        <Form method="post" className="card mt-6 space-y-4 p-6">
          {children}
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? pendingButton : button}
          </button>
        </Form>
      ) : (
        <div role="alert" className="alert-error mt-6">
          {invalid}
        </div>
      )}
      <p className="mt-6 flex flex-wrap gap-4">{links}</p>
    </div>
  );
}
