// Tareas (docs/product.md#tareas), on a 360 px phone.
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { e2eDb as db } from "./e2e-db.ts";
import { approvedUser, publishedCourseWithTeacher, signIn } from "./support.ts";

// Returning a hand-in (docs/product.md#returning-a-hand-in), JS off and on: the hand-in waits in
// 'Para revisar'; the teacher opens it, returns it with a nota and a comment (a plain form POST
// without JavaScript); the class view shows it returned and the gradebook the tarea's nota.
test.describe("devolver", () => {
  test("la profesora devuelve una entrega con nota y comentario", async ({ page, request, javaScriptEnabled: js }) => {
    const titulo = `Curso con tareas ${js ? "con" : "sin"} JS ${Date.now()}`;
    const { id: cursoId, teacherAccount } = await publishedCourseWithTeacher(request, titulo);
    const learner = await approvedUser(request, "estudiante", "Amanda", { apellido: "Rivas" });
    const login = await request.post("/api/auth/login", {
      data: { correo: learner.correo, password: learner.password },
    });
    const auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    expect((await request.post(`/api/cursos/${cursoId}/registrarParticipante`, { headers: auth })).status()).toBe(201);
    // The tarea, its gradebook column and the hand-in as the other parts write them: direct rows.
    const columna = await db().gradeColumn.create({
      data: { cursoId, nombre: "Guía de fracciones", posicion: 0, tipo: "tarea" },
    });
    const tarea = await db().assignment.create({
      data: { cursoId, titulo: "Guía de fracciones", columnaId: columna.id },
    });
    await db().submission.create({
      data: {
        tareaId: tarea.id,
        cursoId,
        userId: learner.id,
        texto: "Resolví los cinco ejercicios.",
        estado: "entregada",
        entregadaEn: new Date(),
      },
    });

    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, teacherAccount.correo, teacherAccount.password);
    await page.goto("/docente/revisar");
    const waiting = page.getByRole("region", { name: "Entregas por revisar" });
    await expect(waiting).toContainText(titulo);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, "/docente/revisar", js);

    await waiting.getByRole("link", { name: "Rivas, Amanda: Guía de fracciones" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rivas, Amanda" })).toBeVisible();
    await expect(page.getByText("Resolví los cinco ejercicios.")).toBeVisible();
    await expectNoAxeViolations(page, page.url(), js);
    // A nota off the scale keeps what was typed and says why.
    await page.getByLabel("Nota", { exact: true }).fill("8");
    await page.getByLabel(/^Comentario/).fill("Revisa el ejercicio 3.");
    await page.getByRole("button", { name: "Devolver" }).click();
    await expect(page.getByText("Escribe una nota de 1,0 a 7,0")).toBeVisible();
    await expect(page.getByLabel(/^Comentario/)).toHaveValue("Revisa el ejercicio 3.");
    await page.getByLabel("Nota", { exact: true }).fill("6,5");
    await page.getByRole("button", { name: "Devolver" }).click();
    await expect(page.getByText("Entrega devuelta: se le avisó a la persona.")).toBeVisible();
    await expect(page.getByText("Devuelta", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole("link", { name: "← Entregas de Guía de fracciones" }).click();
    const row = page.getByRole("listitem").filter({ hasText: "Rivas, Amanda" });
    await expect(row).toContainText("Devuelta");
    await expect(row).toContainText("Nota 6,5");
    await expectNoAxeViolations(page, page.url(), js);
    await row.getByRole("link", { name: "Escribir a Rivas, Amanda" }).click();
    await expect(page.getByLabel("Correo del destinatario")).toHaveValue(learner.correo);
    await expect(page.getByLabel("Asunto")).toHaveValue("Tarea: Guía de fracciones");
    await page.goto(`/docente/cursos/${cursoId}/calificaciones`);
    await expect(page.getByRole("cell", { name: "Nota 6,5" }).first()).toBeVisible();
    // The tarea's column is read-only there: its header leads to the hand-ins.
    await expect(page.locator("th a", { hasText: "Guía de fracciones (tarea)" })).toHaveAttribute(
      "href",
      `/docente/cursos/${cursoId}/tareas/${tarea.id}/entregas`,
    );
  });
});
