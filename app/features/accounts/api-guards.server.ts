// Who calls an /api route: a Bearer token, or the session cookie from our own origin; failures are ApiError.
import { ApiError, assertSameOrigin } from "~/lib/api.server.ts";
import { raise } from "~/lib/failure.ts";
import { BAD_TOKEN, NO_TOKEN, TOKEN_ENDED, verifyApiToken } from "./api-token.server.ts";
import { getOptionalUser, hasRole, type GuardArgs } from "./guards.server.ts";
import { isAdmin, type Role } from "./roles.ts";
import { currentSessionId, type SessionUser } from "./session.server.ts";

/** The token of an Authorization: Bearer header; "" for a malformed one, null without one. */
export function bearer(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? "";
}

export type AuthMessages = { missing: string; invalid: string; noUser: string; ended?: string };
const DEFAULT_AUTH_MESSAGES: AuthMessages = {
  missing: NO_TOKEN,
  invalid: BAD_TOKEN,
  noUser: BAD_TOKEN,
  ended: TOKEN_ENDED,
};

export async function requireApiUser(
  args: GuardArgs,
  opts: { cookie?: boolean; messages?: AuthMessages } = {},
): Promise<SessionUser> {
  return (await requireApiCaller(args, opts)).user;
}

/** requireApiUser, with the caller's Session row (the token's, or the browser session a password change keeps). */
export async function requireApiCaller(
  args: GuardArgs,
  opts: { cookie?: boolean; messages?: AuthMessages } = {},
): Promise<{ user: SessionUser; sessionId: string | null }> {
  const messages = opts.messages ?? DEFAULT_AUTH_MESSAGES;
  const token = bearer(args.request);
  if (token !== null) {
    if (!token) throw new ApiError(401, messages.invalid);
    const check = await verifyApiToken(token);
    if (!check.ok) {
      const message =
        check.reason === "invalid"
          ? messages.invalid
          : check.reason === "ended"
            ? (messages.ended ?? messages.noUser)
            : messages.noUser;
      raise({ ...check, message });
    }
    return { user: check.user, sessionId: check.tokenId };
  }
  if (opts.cookie !== false) {
    assertSameOrigin(args.request);
    const user = await getOptionalUser(args);
    if (user) return { user, sessionId: await currentSessionId(args.request) };
  }
  throw new ApiError(401, messages.missing);
}

export const NOT_ALLOWED = "No tienes permiso para realizar esta acción.";

export async function requireApiRole(args: GuardArgs, ...roles: Role[]): Promise<SessionUser> {
  const user = await requireApiUser(args);
  if (!hasRole(user, roles)) {
    throw new ApiError(403, NOT_ALLOWED);
  }
  return user;
}

/** Ownership: the caller acts on their own account, or is an admin; otherwise a 403 with the route's message. */
export function requireSelfOrAdmin(user: Pick<SessionUser, "id" | "rol">, targetUserId: string, message: string) {
  if (user.id !== targetUserId && !isAdmin(user)) throw new ApiError(403, message);
}

/** An optional caller: a Bearer token must be valid; without one, the session cookie (if any) or a visitor. */
export async function optionalApiUser(args: GuardArgs): Promise<SessionUser | null> {
  if (args.request.headers.has("Authorization")) return requireApiUser(args);
  return getOptionalUser(args);
}
