import { z } from "zod";
import { USER_NOT_FOUND, getUser } from "~/features/accounts/users.server.ts";
import {
  EnrolledCourseSchema,
  API_ENROLLED_PAGE_SIZE,
  enrolledCourseViews,
} from "~/features/learning/enrolled-courses.server.ts";
import { FORBIDDEN_OTHER_COURSES, ApiError, apiNumberedPageJson } from "~/lib/api.server.ts";
import { error, json, PAGED } from "~/lib/api/operation.server.ts";
import { pageFrom } from "~/lib/pagination.ts";
import { requireSelfOrAdmin } from "~/features/accounts/api-guards.server.ts";
import { apiRoute } from "./api-route.server.ts";

export const loader = apiRoute("/api/auth/{userId}/cursos-inscritos", {
  get: {
    tag: "Cursos",
    summary: "Cursos en que está inscrito un usuario",
    description: "Solo los propios (un administrador, los de cualquiera). 50 por página.",
    access: "user",
    query: ["page"],
    ok: { 200: json("Una página de cursos.", z.array(EnrolledCourseSchema), PAGED) },
    errors: {
      403: error("No es tu cuenta.", FORBIDDEN_OTHER_COURSES),
      404: error("Usuario no encontrado.", USER_NOT_FOUND),
    },
    handler: async ({ user, params: { userId }, url }) => {
      requireSelfOrAdmin(user, userId, FORBIDDEN_OTHER_COURSES);
      if (userId !== user.id && !(await getUser(userId))) throw new ApiError(404, USER_NOT_FOUND);
      const list = await enrolledCourseViews(userId, pageFrom(url), API_ENROLLED_PAGE_SIZE);
      return apiNumberedPageJson(list.courses, url.href, list);
    },
  },
});
export const action = loader;
