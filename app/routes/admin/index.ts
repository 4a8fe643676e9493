import { redirect } from "react-router";
import { requireAdmin } from "~/features/auth/guards.server.ts";
import type { Route } from "./+types/index";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return redirect("/admin/courses");
}
