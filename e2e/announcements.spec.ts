// Announcements (docs/product.md#announcements), JS off and on: a course's teacher opens 'Avisos'
// from /docente and posts one with a link; an enrolled learner sees it at the top of the course
// page and in 'Avisos de mis cursos' on /user (at once, though the learner saw the course page
// before); a learner not enrolled does not; the teacher edits and deletes it.
import { expect, test } from "@playwright/test";
import { approvedUser, publishedCourseWithTeacher, signIn } from "./support.ts";
import { ANNOUNCEMENTS_FORBIDDEN } from "../app/features/announcements/texts.ts";

test.describe.configure({ timeout: 120_000 });

test("el profesor/a publica un aviso y la estudiante inscrita lo ve en el curso y en su panel @sin-js", async ({
  browser,
  request,
  javaScriptEnabled: js,
}) => {
  const titulo = `Curso con avisos ${js ? "con" : "sin"} JS ${Date.now()}`;
  const { id, teacherAccount } = await publishedCourseWithTeacher(request, titulo);
  const learnerAccount = await approvedUser(request, "estudiante", "Alumna");
  const outsiderAccount = await approvedUser(request, "estudiante", "Otra");
  const learnerLogin = (await (
    await request.post("/api/auth/login", {
      data: { correo: learnerAccount.correo, password: learnerAccount.password },
    })
  ).json()) as { token: string };
  const enrol = await request.post(`/api/cursos/${id}/registrarParticipante`, {
    headers: { Authorization: `Bearer ${learnerLogin.token}` },
  });
  expect(enrol.status(), await enrol.text()).toBe(201);

  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ javaScriptEnabled: js })));
  const [teacher, learner, outsider] = await Promise.all(contexts.map((c) => c.newPage()));
  try {
    // The learner has seen the course page before the post.
    await signIn(learner!, learnerAccount.correo, learnerAccount.password);
    await learner!.goto(`/cursos/${id}`);
    await expect(learner!.getByRole("heading", { level: 1, name: titulo })).toBeVisible();
    await expect(learner!.getByRole("region", { name: "Avisos" })).toHaveCount(0);

    // The teacher opens 'Avisos' from /docente, is told what a blank form lacks, then posts.
    await signIn(teacher!, teacherAccount.correo, teacherAccount.password);
    await teacher!.getByRole("row").filter({ hasText: titulo }).getByRole("link", { name: "Avisos" }).click();
    await expect(teacher!).toHaveURL(new RegExp(`/docente/cursos/${id}/avisos$`));
    await expect(teacher!.getByText("Este curso aún no tiene avisos. Publica el primero aquí abajo.")).toBeVisible();
    await teacher!.getByLabel("Texto").fill("Sin título");
    await teacher!.getByRole("button", { name: "Publicar aviso" }).click();
    await expect(teacher!.getByText("Escribe el título del aviso.")).toBeVisible();
    await expect(teacher!.getByLabel("Texto")).toHaveValue("Sin título");
    await teacher!.getByLabel("Título").fill("Cambió la fecha del módulo 2");
    await teacher!
      .getByLabel("Texto")
      .fill("El módulo 2 abre el lunes.\nGuía: https://ejemplo.cl/guia.pdf. <script>alert(1)</script>");
    await teacher!.getByRole("button", { name: "Publicar aviso" }).click();
    await expect(
      teacher!.getByText("Aviso publicado. Cada estudiante del curso lo ve en la página del curso y en su panel."),
    ).toBeVisible();
    await expect(teacher!.getByRole("article", { name: "Cambió la fecha del módulo 2" })).toBeVisible();

    // The learner sees it at once, at the top of the course page, its link safe and its text as typed.
    await learner!.goto(`/cursos/${id}`);
    const avisos = learner!.getByRole("region", { name: "Avisos" });
    const aviso = avisos.getByRole("article", { name: "Cambió la fecha del módulo 2" });
    await expect(aviso).toBeVisible();
    await expect(aviso.getByText("<script>alert(1)</script>", { exact: false })).toBeVisible();
    const link = aviso.getByRole("link", { name: "https://ejemplo.cl/guia.pdf" });
    await expect(link).toHaveAttribute("href", "https://ejemplo.cl/guia.pdf");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
    await expect(aviso.getByText("Profe E2E")).toBeVisible();
    // And in 'Avisos de mis cursos' on /user, with the course it is from.
    await learner!.goto("/user");
    const mine = learner!.getByRole("region", { name: "Avisos de mis cursos" });
    await expect(mine.getByRole("article", { name: "Cambió la fecha del módulo 2" })).toBeVisible();
    await expect(mine.getByRole("link", { name: titulo })).toBeVisible();
    await learner!.goto("/user/avisos");
    await expect(learner!.getByRole("article", { name: "Cambió la fecha del módulo 2" })).toBeVisible();

    // A learner not enrolled sees nothing of it, and its list says who reads it.
    await signIn(outsider!, outsiderAccount.correo, outsiderAccount.password);
    await outsider!.goto(`/cursos/${id}`);
    await expect(outsider!.getByRole("heading", { level: 1, name: titulo })).toBeVisible();
    await expect(outsider!.getByText("Cambió la fecha del módulo 2")).toHaveCount(0);
    const refused = await outsider!.goto(`/cursos/${id}/avisos`);
    expect(refused?.status()).toBe(403);
    await expect(outsider!.getByText(ANNOUNCEMENTS_FORBIDDEN)).toBeVisible();

    // The teacher edits it, then deletes it; the learner's page follows.
    await teacher!.getByRole("link", { name: "Editar el aviso «Cambió la fecha del módulo 2»" }).click();
    // The edit form takes the place of 'Publicar un aviso' (its own 'Título'): wait for it.
    await expect(teacher!.getByRole("heading", { name: "Editar aviso" })).toBeVisible();
    await expect(teacher!.getByLabel("Título")).toHaveValue("Cambió la fecha del módulo 2");
    await teacher!.getByLabel("Título").fill("El módulo 2 abre el martes");
    await teacher!.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(teacher!.getByText("Aviso guardado.")).toBeVisible();
    const listed = await request.get(`/api/cursos/${id}/avisos`, {
      headers: { Authorization: `Bearer ${learnerLogin.token}` },
    });
    expect(((await listed.json()) as { avisos: Array<{ titulo: string }> }).avisos[0]?.titulo).toBe(
      "El módulo 2 abre el martes",
    );
    await learner!.goto(`/cursos/${id}`);
    await expect(learner!.getByRole("article", { name: "El módulo 2 abre el martes" })).toBeVisible();
    await teacher!.getByRole("link", { name: "Eliminar el aviso «El módulo 2 abre el martes»" }).click();
    await teacher!.getByRole("button", { name: "Eliminar definitivamente" }).click();
    await expect(teacher!.getByText("Aviso eliminado.")).toBeVisible();
    await learner!.goto(`/cursos/${id}`);
    await expect(learner!.getByRole("heading", { level: 1, name: titulo })).toBeVisible();
    await expect(learner!.getByText("El módulo 2 abre el martes")).toHaveCount(0);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
