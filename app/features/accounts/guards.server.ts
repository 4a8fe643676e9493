// Guards: the first line of every protected loader and action; they throw a redirect. The user is looked up
// once per request (a lazy lookup in the router context).
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { homeForRole, type Panel, type Role } from "./roles.ts";
import { getSessionUser, type SessionUser } from "./session.server.ts";

type Lookup = { promise?: Promise<SessionUser | null> };
const userLookupContext = createContext<Lookup | null>(null);

export type GuardArgs = { request: Request; context?: Readonly<RouterContextProvider> | unknown };

export const sessionMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  context.set(userLookupContext, {});
  return next();
};

function lookup(args: GuardArgs): Lookup {
  const ctx = args.context as Readonly<RouterContextProvider> | undefined;
  try {
    return ctx?.get(userLookupContext) ?? {};
  } catch {
    return {};
  }
}

export function getOptionalUser(args: GuardArgs): Promise<SessionUser | null> {
  const memo = lookup(args);
  memo.promise ??= getSessionUser(args.request);
  return memo.promise;
}

/** The page the user asked for: client-side navigations reach loaders as "/x.data?_routes=…". */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname.endsWith(".data")) {
    pathname = pathname.slice(0, -".data".length);
    if (pathname === "/_root") pathname = "/";
  }
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}

export function loginRedirect(request: Request): Response {
  const target = requestedPath(request);
  const back = target !== "/" && !new URL(request.url).pathname.startsWith("/login");
  return redirect(back ? `/login?${new URLSearchParams({ redirectTo: target })}` : "/login");
}

/** An approved, signed-in user; otherwise a redirect to /login?redirectTo=… */
export async function requireUser(args: GuardArgs): Promise<SessionUser> {
  const user = await getOptionalUser(args);
  if (!user) throw loginRedirect(args.request);
  return user;
}

/** A user with one of the roles; anonymous → /login, another role → / (docs/product.md#roles). */
async function requireRole(args: GuardArgs, ...roles: Role[]): Promise<SessionUser> {
  const user = await requireUser(args);
  if (!hasRole(user, roles)) throw redirect("/");
  return user;
}

/** Whether the user's role is one of these (an unknown role never is). */
export function hasRole(user: Pick<SessionUser, "rol">, roles: readonly Role[]): boolean {
  return user.rol !== null && roles.includes(user.rol);
}

export const requireAdmin = (args: GuardArgs) => requireRole(args, "admin");
export const requirePanelUser = (args: GuardArgs) => requireRole(args, "docente", "estudiante", "comunidad");
export const requireDocente = (args: GuardArgs) => requireRole(args, "docente");
/** The panel of a request's address (`.data` too): /admin/…, /docente/…, else /user/… (decision 042). */
export function panelOfPath(request: Request): Panel {
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/admin/")) return "admin";
  return /^\/docente(\/|\.data$|$)/.test(pathname) ? "docente" : "user";
}
/** A screen of several panels: an admin under /admin/, a docente under /docente/, a panel user elsewhere. */
export function requirePanelOfPath(args: GuardArgs): Promise<SessionUser> {
  const panel = panelOfPath(args.request);
  if (panel === "admin") return requireAdmin(args);
  return panel === "docente" ? requireDocente(args) : requirePanelUser(args);
}
/** Who works on courses: the course-management tree's people (docs/decisions/036-one-course-management-tree.md). */
export const requireCourseStaff = (args: GuardArgs) => requireRole(args, "admin", "docente");

/** For /login and /registro: a signed-in user goes to their own page. */
export async function requireAnonymous(args: GuardArgs): Promise<void> {
  const user = await getOptionalUser(args);
  if (user) throw redirect(homeForRole(user.rol) ?? "/");
}
