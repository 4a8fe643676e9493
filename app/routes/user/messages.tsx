import { Link } from "react-router";
import { panelOfPath, requirePanelOfPath } from "~/features/accounts/guards.server.ts";
import { MessagesScreen } from "~/features/messages/components/messages-screen.tsx";
import { messagesScreenAction, messagesScreenLoader } from "~/features/messages/screen.server.ts";
import { keepRetryAfter } from "~/lib/route-headers.ts";
import type { Route } from "./+types/messages";

// /user, /docente and /admin messages: one screen in each panel, guarded here (requirePanelOfPath).

export const headers = keepRetryAfter;

export async function loader(args: Route.LoaderArgs) {
  const panel = panelOfPath(args.request);
  return { ...(await messagesScreenLoader(await requirePanelOfPath(args), args.request)), panel };
}

export async function action(args: Route.ActionArgs) {
  return messagesScreenAction(await requirePanelOfPath(args), args.request);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const admin = loaderData.panel === "admin";
  return (
    <>
      <MessagesScreen
        title={admin ? "Mensajes del Administrador" : "Tus mensajes"}
        basePath={`/${loaderData.panel}/messages`}
        loaderData={loaderData}
        actionData={actionData}
      />
      {admin ? (
        <p className="mt-8 flex flex-wrap gap-3 text-sm">
          <Link to="/admin/contact-messages" className="btn-secondary">
            Mensajes del formulario de contacto
          </Link>
          <Link to="/admin/outbox" className="btn-secondary">
            Correo saliente
          </Link>
        </p>
      ) : null}
    </>
  );
}
