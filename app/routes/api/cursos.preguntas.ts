import { documentedQuery } from "./openapi.server.ts";
import { requireApiUser } from "~/features/auth/api-guards.server.ts";
import { askQuestion, listModuleQuestions, moduleAccess } from "~/features/questions/questions.server.ts";
import { QuestionFieldsSchema, type QuestionJson, type QuestionList } from "~/features/questions/schema.ts";
import type { QuestionFilter } from "~/features/questions/texts.ts";
import {
  apiFailure,
  apiJson,
  apiPageJson,
  apiQuery,
  handleApi,
  methodNotAllowed,
  parseBody,
} from "~/lib/api.server.ts";
import { cursorFrom } from "~/lib/keyset.ts";
import { pageFrom } from "~/lib/pagination.ts";
import type { Route } from "./+types/cursos.preguntas";

const PATH = "/api/cursos/{cursoId}/modulos/{moduloIndex}/preguntas";

/**
 * GET /api/cursos/{cursoId}/modulos/{moduloIndex}/preguntas[?filtro=] (the course's enrolled
 * learners and its team): the module's questions with their answers, newest first, 20 a page; the
 * `Link` header gives the other pages (docs/product.md#module-questions).
 */
export function loader(args: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(args);
    const url = apiQuery(args.request, ...documentedQuery(PATH));
    const access = await moduleAccess(user, args.params.cursoId, args.params.moduloIndex);
    if (!access.ok) return apiFailure(access);
    const filtro = (url.searchParams.get("filtro") ?? "todas") as QuestionFilter;
    const list = await listModuleQuestions(user, access, filtro, cursorFrom(url));
    return apiPageJson<QuestionList>(
      {
        cursoId: access.course.id,
        moduloIndex: access.module.index,
        modulo: access.module.titulo,
        filtro,
        preguntas: list.preguntas,
      },
      url.href,
      { page: pageFrom(url), cursors: list.cursors },
    );
  });
}

/** POST { texto } (learners enrolled in the course): 201, the question; its teachers are told. */
export function action(args: Route.ActionArgs) {
  return handleApi(async () => {
    if (args.request.method !== "POST") return methodNotAllowed("GET, POST");
    const user = await requireApiUser(args);
    const access = await moduleAccess(user, args.params.cursoId, args.params.moduloIndex);
    if (!access.ok) return apiFailure(access);
    const body = await parseBody(args.request, QuestionFieldsSchema);
    const outcome = await askQuestion(user, access, body);
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson<QuestionJson>(outcome.pregunta, 201);
  });
}
