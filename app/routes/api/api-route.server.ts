// One declaration per API operation (docs/decisions/034-api-operations-declared-once.md): a route
// module declares its calls with apiRoute, which both serves them (method, access, query, body) and
// is what ./openapi.server.ts reads to write the document, so the two cannot differ.
import type { z } from "zod";
import { apiQuery, handleApi, methodNotAllowed, parseBody } from "~/lib/api.server.ts";
import type { Access, Method, Operation } from "~/lib/api/operation.server.ts";
import { optionalApiUser, requireApiCaller, requireApiRole } from "~/features/accounts/api-guards.server.ts";
import type { SessionUser } from "~/features/accounts/session.server.ts";
import { requireApiCourseManager } from "~/features/courses/team.server.ts";

type ParamsOf<P extends string> = P extends `${string}{${infer K}}${infer Rest}`
  ? { [k in K]: string } & ParamsOf<Rest>
  : unknown;
type Caller<A extends Access> = A extends "public" ? null : A extends "optional" ? SessionUser | null : SessionUser;
/** What a handler gets: the request, its path parameters, its checked URL, the caller and the body. */
type Call<P extends string, A extends Access, J extends z.ZodType> = {
  request: Request;
  params: ParamsOf<P>;
  context: unknown;
  url: URL;
  user: Caller<A>;
  /** The credentials' Session row (token or browser session), for `user` and `token` calls. */
  sessionId: string | null;
  /** The JSON (or form) body parsed with `body.json` (a 400 with its first message). */
  body: () => Promise<z.output<J>>;
};
/** A call: its document entry and its handler. */
export type Declared<P extends string = string, A extends Access = Access, J extends z.ZodType = z.ZodType> = Omit<
  Operation,
  "access" | "body"
> & {
  access: A;
  body?: { json?: J; form?: z.ZodType; optional?: boolean };
  /** The 500 text (handleApi's `unexpected`). */
  unexpected?: string;
  handler: (call: Call<P, A, J>) => Promise<Response> | Response;
};
type Decl<P extends string, A extends Access, J extends z.ZodType> = Declared<P, A, J>;
const METHODS: Method[] = ["get", "post", "put", "patch", "delete"];
type Args = { request: Request; params: Record<string, string | undefined>; context?: unknown };

/** Who calls, as `access` names it (the guards' own texts and statuses). */
async function callerOf(op: Declared, args: Args) {
  if (op.access === "optional") return { user: await optionalApiUser(args), sessionId: null };
  if (op.access === "admin") return { user: await requireApiRole(args, "admin"), sessionId: null };
  // A call whose path names no course (a question, an answer): its service finds the course and checks the team.
  if (op.access === "team" && args.params.cursoId !== undefined) {
    return { user: await requireApiCourseManager(args, args.params.cursoId), sessionId: null };
  }
  if (op.access === "public") return { user: null, sessionId: null };
  return requireApiCaller(args, { cookie: op.access !== "token", messages: op.messages });
}

/**
 * An /api route module's calls: `export const loader = apiRoute(path, { get: …, post: … })` and
 * `export const action = loader`. A method not declared is a 405 with Allow; a declared one runs in
 * handleApi after its access check and query check; `body()` parses the declared JSON schema.
 */
export function apiRoute<
  P extends string,
  GA extends Access,
  GJ extends z.ZodType,
  PA extends Access,
  PJ extends z.ZodType,
  UA extends Access,
  UJ extends z.ZodType,
  HA extends Access,
  HJ extends z.ZodType,
  DA extends Access,
  DJ extends z.ZodType,
>(
  path: P,
  ops: {
    get?: Decl<P, GA, GJ>;
    post?: Decl<P, PA, PJ>;
    put?: Decl<P, UA, UJ>;
    patch?: Decl<P, HA, HJ>;
    delete?: Decl<P, DA, DJ>;
  },
) {
  const operations = ops as Partial<Record<Method, Declared>>;
  const allow = METHODS.filter((m) => operations[m])
    .map((m) => m.toUpperCase())
    .join(", ");
  const serve = async (args: Args): Promise<Response> => {
    const method = args.request.method.toUpperCase();
    const op = operations[(method === "HEAD" ? "get" : method.toLowerCase()) as Method];
    if (!op) return methodNotAllowed(allow);
    return handleApi(
      async () => {
        const { user, sessionId } = await callerOf(op, args);
        const url = apiQuery(args.request, ...(op.query ?? []));
        const schema = op.body?.json;
        const body = () => (schema ? parseBody(args.request, schema, { nullIsEmpty: op.body?.optional }) : {});
        const { request, params, context } = args;
        return op.handler({ request, params, context, url, user, sessionId, body } as never);
      },
      { unexpected: op.unexpected },
    );
  };
  return Object.assign(serve, { path, operations });
}
/** A route module's loader as apiRoute makes it: what the document reads. */
export type ApiRoute = ReturnType<typeof apiRoute>;
