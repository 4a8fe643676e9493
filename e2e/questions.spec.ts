// Module questions (docs/product.md#module-questions), JS off and on: an enrolled learner opens
// 'Preguntas del módulo' from the course page, is told what a blank form lacks, asks (its text
// shown as typed), edits it; the course's teacher finds it in 'Preguntas sin responder', answers
// it and marks it resolved; the learner sees the answer, can no longer edit, and is notified; a
// learner not enrolled is refused.
import { expect, test } from "@playwright/test";
import { approvedUser, publishedCourseWithTeacher, signIn } from "./support.ts";
import { QUESTIONS_FORBIDDEN } from "../app/features/questions/texts.ts";

test.describe.configure({ timeout: 120_000 });

test("la estudiante pregunta en un módulo, el profesor/a responde y la marca resuelta @sin-js", async ({
  browser,
  request,
  javaScriptEnabled: js,
}) => {
  const titulo = `Curso con preguntas ${js ? "con" : "sin"} JS ${Date.now()}`;
  const { id, teacherAccount } = await publishedCourseWithTeacher(request, titulo, ["Suelos vivos", "Riego"]);
  const learnerAccount = await approvedUser(request, "estudiante", "Alumna");
  const outsiderAccount = await approvedUser(request, "estudiante", "Otra");
  const { token } = (await (
    await request.post("/api/auth/login", {
      data: { correo: learnerAccount.correo, password: learnerAccount.password },
    })
  ).json()) as { token: string };
  const enrol = await request.post(`/api/cursos/${id}/registrarParticipante`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(enrol.status(), await enrol.text()).toBe(201);
  const questionsOf = `/cursos/${id}/modulos/0/preguntas`;

  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ javaScriptEnabled: js })));
  const [learner, teacher, outsider] = await Promise.all(contexts.map((c) => c.newPage()));
  try {
    // From the course page, the first module opened by its address.
    await signIn(learner!, learnerAccount.correo, learnerAccount.password);
    await learner!.goto(`/cursos/${id}?modulo=1#modulo-1`);
    await learner!.locator("#modulo-1").getByRole("link", { name: "Preguntas del módulo" }).click();
    await expect(learner!).toHaveURL(new RegExp(`${questionsOf}$`));
    await expect(learner!.getByRole("heading", { level: 1, name: "Preguntas: Suelos vivos" })).toBeVisible();
    await expect(learner!.getByText("Este módulo aún no tiene preguntas.")).toBeVisible();

    await learner!.getByRole("button", { name: "Enviar pregunta" }).click();
    await expect(learner!.getByText("Escribe tu pregunta.")).toBeVisible();
    await learner!
      .getByRole("textbox", { name: "Tu pregunta", exact: true })
      .fill("¿El humus es <b>lo mismo</b> que el compost?\nVi https://ejemplo.cl/humus.");
    await learner!.getByRole("button", { name: "Enviar pregunta" }).click();
    await expect(learner!.getByText("Pregunta enviada. El equipo docente del curso la verá")).toBeVisible();
    const mine = learner!.getByRole("article").filter({ hasText: "¿El humus es" });
    await expect(mine.getByText("<b>lo mismo</b>", { exact: false })).toBeVisible();
    await expect(mine.getByText("Sin responder", { exact: true })).toBeVisible();
    await expect(mine.getByRole("link", { name: "https://ejemplo.cl/humus" })).toHaveAttribute(
      "rel",
      "noopener noreferrer nofollow",
    );

    // Its author fixes it while nobody has answered.
    await mine.getByRole("link", { name: "Editar tu pregunta" }).click();
    await expect(learner!.getByRole("heading", { name: "Editar tu pregunta" })).toBeVisible();
    await learner!
      .getByRole("textbox", { name: "Tu pregunta", exact: true })
      .fill("¿El humus es lo mismo que el compost maduro?");
    await learner!.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(learner!.getByText("Pregunta guardada.")).toBeVisible();
    await expect(learner!.getByRole("article").filter({ hasText: "compost maduro" })).toBeVisible();

    // The teacher finds it among the course's unanswered questions and answers it.
    await signIn(teacher!, teacherAccount.correo, teacherAccount.password);
    await teacher!.goto(`/cursos/${id}/preguntas`);
    await expect(teacher!.getByRole("heading", { level: 1, name: "Preguntas sin responder" })).toBeVisible();
    const pending = teacher!.getByRole("article").filter({ hasText: "compost maduro" });
    await expect(pending.getByRole("link", { name: "Suelos vivos", exact: true })).toBeVisible();
    await pending.getByRole("link", { name: /^Responder la pregunta de Alumna E2E/ }).click();
    await expect(teacher!).toHaveURL(new RegExp(`${questionsOf}\\?responder=`));
    await teacher!.getByRole("button", { name: "Publicar respuesta" }).click();
    await expect(teacher!.getByText("Escribe la respuesta.")).toBeVisible();
    await teacher!
      .getByRole("textbox", { name: "Tu respuesta", exact: true })
      .fill("No del todo: el humus es lo más estable del compost.");
    await teacher!.getByRole("button", { name: "Publicar respuesta" }).click();
    await expect(teacher!.getByText("Respuesta publicada. Avisamos a quien hizo la pregunta.")).toBeVisible();
    const answered = teacher!.getByRole("article").filter({ hasText: "compost maduro" });
    await expect(answered.getByRole("list", { name: "Respuestas" })).toContainText("el humus es lo más estable");
    await answered.getByRole("button", { name: /^Marcar resuelta/ }).click();
    await expect(teacher!.getByText("Pregunta marcada como resuelta.")).toBeVisible();
    await expect(
      teacher!.getByRole("article").filter({ hasText: "compost maduro" }).getByText("Resuelta", { exact: true }),
    ).toBeVisible();

    // The learner reads the answer; the question can no longer be edited; the filters follow.
    await learner!.goto(questionsOf);
    const done = learner!.getByRole("article").filter({ hasText: "compost maduro" });
    await expect(done.getByRole("list", { name: "Respuestas" })).toContainText("Profe E2E");
    await expect(done.getByText("Resuelta", { exact: true })).toBeVisible();
    await expect(done.getByRole("link", { name: "Editar tu pregunta" })).toHaveCount(0);
    await learner!.getByRole("link", { name: "Sin responder" }).click();
    await expect(learner!.getByText("No hay preguntas sin responder.")).toBeVisible();
    await learner!.getByRole("link", { name: "Resueltas" }).click();
    await expect(learner!.getByRole("article").filter({ hasText: "compost maduro" })).toBeVisible();
    // Told in the platform (and by e-mail: 'respuesta' is e-mailed at once by default).
    await learner!.goto("/notificaciones");
    await expect(learner!.getByText(`Respondieron tu pregunta (${titulo})`)).toBeVisible();

    // On a 360 px phone the team's view fits the screen: no sideways scrolling.
    const preguntaId = (await answered.getAttribute("id"))!.replace("pregunta-", "");
    await teacher!.setViewportSize({ width: 360, height: 740 });
    await teacher!.goto(`${questionsOf}?responder=${preguntaId}`);
    await expect(teacher!.getByRole("button", { name: "Publicar respuesta" })).toBeVisible();
    expect(await teacher!.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A learner not enrolled is told who reads them; the course page has no link for them.
    await signIn(outsider!, outsiderAccount.correo, outsiderAccount.password);
    await outsider!.goto(`/cursos/${id}?modulo=1#modulo-1`);
    await expect(outsider!.getByRole("link", { name: "Preguntas del módulo" })).toHaveCount(0);
    const refused = await outsider!.goto(questionsOf);
    expect(refused?.status()).toBe(403);
    await expect(outsider!.getByText(QUESTIONS_FORBIDDEN)).toBeVisible();
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
