import { requirePanelUser } from "~/features/accounts/guards.server.ts";
import { MessagesScreen } from "~/features/messages/components/messages-screen.tsx";
import { messagesScreenAction, messagesScreenLoader } from "~/features/messages/screen.server.ts";
import { keepRetryAfter } from "~/lib/route-headers.ts";
import type { Route } from "./+types/messages";

export const headers = keepRetryAfter;

export async function loader(args: Route.LoaderArgs) {
  const user = await requirePanelUser(args);
  return messagesScreenLoader(user, args.request);
}

export async function action(args: Route.ActionArgs) {
  const user = await requirePanelUser(args);
  return messagesScreenAction(user, args.request);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MessagesScreen title="Tus mensajes" basePath="/user/messages" loaderData={loaderData} actionData={actionData} />
  );
}
