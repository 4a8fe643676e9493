// Tareas (docs/product.md#tareas), on a phone-sized screen.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { approvedUser, publishedCourseWithTeacher, signIn } from "./support.ts";

test.describe.configure({ timeout: 120_000 });
const PHONE = { width: 360, height: 740 };

/** A course with one module, its teacher, and an enrolled learner. */
async function courseWithLearner(request: APIRequestContext, titulo: string) {
  const { id, teacherAccount } = await publishedCourseWithTeacher(request, titulo, ["Fracciones"]);
  const learnerAccount = await approvedUser(request, "estudiante", "Alumna");
  const { token } = (await (
    await request.post("/api/auth/login", {
      data: { correo: learnerAccount.correo, password: learnerAccount.password },
    })
  ).json()) as { token: string };
  const enrol = await request.post(`/api/cursos/${id}/registrarParticipante`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(enrol.status(), await enrol.text()).toBe(201);
  return { id, teacherAccount, learnerAccount };
}

test.describe("poner una tarea", () => {
  test.use({ viewport: PHONE });

  // Setting a tarea (docs/product.md#setting-a-tarea): the plain form, a rubric without JavaScript.
  test("el profesor/a pone una tarea con rúbrica sin JavaScript y la estudiante la ve en el curso @sin-js", async ({
    browser,
    request,
  }) => {
    const titulo = `Curso con tareas ${Date.now()}`;
    const { id, teacherAccount, learnerAccount } = await courseWithLearner(request, titulo);
    const contexts = await Promise.all([0, 1].map(() => browser.newContext({ javaScriptEnabled: false })));
    const [teacher, learner] = await Promise.all(contexts.map((c) => c.newPage()));
    try {
      await signIn(teacher!, teacherAccount.correo, teacherAccount.password);
      await teacher!.goto(`/docente/cursos/${id}/editar`);
      await teacher!.getByRole("link", { name: "Tareas", exact: true }).click();
      await expect(teacher!).toHaveURL(new RegExp(`/docente/cursos/${id}/tareas$`));
      const form = teacher!.getByRole("region", { name: "Nueva tarea" });

      // A rubric criterion with one level only: told which criterion, what was typed stays.
      await form.getByLabel("Título").fill("Guía de fracciones");
      await form.getByLabel("Instrucciones (opcional)").fill("Resuelve la guía: https://ejemplo.cl/guia");
      await form.getByLabel("Dónde aparece").selectOption({ label: "Fracciones" });
      await form.getByLabel("Fecha límite (opcional, hora de Chile)").fill("2030-12-05T23:59");
      await form.getByLabel("Rúbrica (la nota sale de los niveles elegidos)").check();
      await form.locator("summary", { hasText: "Rúbrica" }).click();
      await form.getByLabel("Nombre del criterio 1").fill("Procedimiento");
      await form.getByLabel("Nivel 1").first().fill("Inicial");
      await form.getByLabel("Puntos").first().fill("1");
      await form.getByRole("button", { name: "Crear tarea" }).click();
      await expect(teacher!.getByText("Criterio 1: Cada criterio necesita al menos dos niveles.")).toBeVisible();
      await expect(form.getByLabel("Título")).toHaveValue("Guía de fracciones");
      await expect(form.getByLabel("Nombre del criterio 1")).toHaveValue("Procedimiento");

      await form.getByLabel("Nivel 2").first().fill("Logrado");
      await form.getByLabel("Puntos").nth(1).fill("3");
      await form.getByRole("button", { name: "Crear tarea" }).click();
      await expect(
        teacher!.getByText("Tarea creada. Sus estudiantes la ven en la página del curso y reciben un aviso."),
      ).toBeVisible();
      await expect(teacher!.getByRole("heading", { name: "Guía de fracciones" })).toBeVisible();
      await expect(teacher!.getByText("Fecha límite: 05-12-2030, 23:59", { exact: false })).toBeVisible();

      // The learner finds it on the course page with its due date, and its link leads to its page.
      await signIn(learner!, learnerAccount.correo, learnerAccount.password);
      await learner!.goto(`/cursos/${id}`);
      const tareas = learner!.getByRole("region", { name: "Tareas" });
      const link = tareas.getByRole("link", { name: /Guía de fracciones/ });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", new RegExp(`^/cursos/${id}/tareas/c[a-z0-9]+$`));
      await expect(tareas.getByText("Fecha límite: 05-12-2030, 23:59")).toBeVisible();
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  });

  test("las páginas de tareas pasan axe en un teléfono @con-js", async ({ page, request }) => {
    const { id, teacherAccount } = await courseWithLearner(request, `Curso con tareas axe ${Date.now()}`);
    await signIn(page, teacherAccount.correo, teacherAccount.password);
    await page.goto(`/docente/cursos/${id}/tareas`);
    const form = page.getByRole("region", { name: "Nueva tarea" });
    await form.getByLabel("Título").fill("Maqueta");
    await form.getByRole("button", { name: "Crear tarea" }).click();
    const edit = page.getByRole("link", { name: "Editar la tarea «Maqueta»" });
    await expect(edit).toBeVisible();
    const editHref = (await edit.getAttribute("href"))!;
    for (const path of [`/docente/cursos/${id}/tareas`, editHref, `${editHref}?eliminar=1`, `/cursos/${id}`]) {
      await expectNoAxeViolations(page, path, true);
    }
  });
});
