// The teacher's day (docs/decisions/042-the-teachers-day.md), JS off and on, on a 360 px phone: a
// learner's question waits in 'Para revisar' (counted in the teacher's menu); the teacher follows it,
// answers it (a plain form POST without JavaScript) and it leaves the list; her messages keep her panel.
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { approvedUser, publishedCourseWithTeacher, signIn } from "./support.ts";

test("la profesora revisa, responde una pregunta y sigue en su panel", async ({
  page,
  request,
  javaScriptEnabled: js,
}) => {
  const titulo = `Curso del día docente ${js ? "con" : "sin"} JS ${Date.now()}`;
  const { id, teacherAccount } = await publishedCourseWithTeacher(request, titulo, ["Suelos vivos"]);
  const learner = await approvedUser(request, "estudiante", "Alumna");
  const login = await request.post("/api/auth/login", { data: { correo: learner.correo, password: learner.password } });
  const auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  expect((await request.post(`/api/cursos/${id}/registrarParticipante`, { headers: auth })).status()).toBe(201);
  const asked = await request.post(`/api/cursos/${id}/modulos/0/preguntas`, {
    headers: auth,
    data: { texto: "¿Cada cuánto riego la compostera?" },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, teacherAccount.correo, teacherAccount.password);
  const menu = page.getByRole("navigation", { name: "Panel docente" });
  await menu.getByRole("link", { name: "Para revisar (1 por revisar)" }).click();
  await expect(page).toHaveURL(/\/docente\/revisar$/);
  await expect(page.getByRole("heading", { level: 1, name: "Para revisar" })).toBeVisible();
  const waiting = page.getByRole("article").filter({ hasText: "¿Cada cuánto riego la compostera?" });
  await expect(waiting).toContainText(titulo);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, "/docente/revisar", js);

  await waiting.getByRole("link", { name: /^Responder la pregunta de Alumna E2E en Suelos vivos/ }).click();
  await expect(page).toHaveURL(new RegExp(`/cursos/${id}/modulos/0/preguntas\\?responder=`));
  await page.getByRole("textbox", { name: "Tu respuesta", exact: true }).fill("Una vez por semana, sin encharcar.");
  await page.getByRole("button", { name: "Publicar respuesta" }).click();
  await expect(page.getByText("Respuesta publicada. Avisamos a quien hizo la pregunta.")).toBeVisible();

  await page.goto("/docente/revisar");
  await expect(page.getByText("No hay preguntas sin responder en tus cursos.")).toBeVisible();
  await menu.getByRole("link", { name: "Mensajes" }).click();
  await expect(page).toHaveURL(/\/docente\/messages$/);
  await expect(menu.getByRole("link", { name: "Mis cursos como profesor/a" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Mensajes" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page, "/docente/messages", js);
});
