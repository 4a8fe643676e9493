import { Link } from "react-router";
import { requireAdmin } from "~/features/accounts/guards.server.ts";
import { MessagesScreen } from "~/features/messages/components/messages-screen.tsx";
import { messagesScreenAction, messagesScreenLoader } from "~/features/messages/screen.server.ts";
import { keepRetryAfter } from "~/lib/route-headers.ts";
import type { Route } from "./+types/messages";

export const headers = keepRetryAfter;

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  return messagesScreenLoader(admin, args.request);
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return messagesScreenAction(admin, args.request);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <MessagesScreen
        title="Mensajes del Administrador"
        basePath="/admin/messages"
        loaderData={loaderData}
        actionData={actionData}
      />
      <p className="mt-8 flex flex-wrap gap-3 text-sm">
        <Link to="/admin/contact-messages" className="btn-secondary">
          Mensajes del formulario de contacto
        </Link>
        <Link to="/admin/outbox" className="btn-secondary">
          Correo saliente
        </Link>
      </p>
    </>
  );
}
