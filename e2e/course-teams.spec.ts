// Course teams (docs/product.md#course-teams), JS off and on: the admin adds a teacher in
// 'Equipo docente', the teacher edits the course from /docente and sends it for review, the admin
// publishes it from 'Esperan revisión'.
import { expect, test } from "@playwright/test";
import { ADMIN, adminPage, approvedUser, PNG_1PX, signIn } from "./support.ts";

test.describe.configure({ timeout: 120_000 });

test("el admin agrega un profesor/a; este edita su curso y lo envía a revisión; el admin lo publica @sin-js", async ({
  browser,
  request,
  javaScriptEnabled: js,
}) => {
  const titulo = `Curso del equipo ${js ? "con" : "sin"} JS ${Date.now()}`;
  const { token } = (await (await request.post("/api/auth/login", { data: ADMIN })).json()) as { token: string };
  const created = await request.post("/api/cursos", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      titulo,
      duracionHoras: "2",
      imagen: { name: "p.png", mimeType: "image/png", buffer: PNG_1PX },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const teacherAccount = await approvedUser(request, "docente", "Profe");

  const admin = await adminPage(browser, js);
  const teacherContext = await browser.newContext({ javaScriptEnabled: js });
  const teacher = await teacherContext.newPage();
  try {
    // The admin adds the teacher in 'Equipo docente' (the course's one address, in the admin's own
    // panel); an unknown address is refused beside the field.
    await admin.page.goto(`/docente/cursos/${id}/editar`);
    await expect(admin.page.getByRole("navigation", { name: "Panel Administrador" })).toBeVisible();
    const team = admin.page.getByRole("region", { name: "Equipo docente" });
    await team.getByLabel("Correo de la o el docente").fill("nadie-aqui@prueba.cl");
    await team.getByRole("button", { name: "Agregar profesor/a" }).click();
    await expect(admin.page.getByText("No hay una cuenta con ese correo.")).toBeVisible();
    await expect(team.getByLabel("Correo de la o el docente")).toHaveValue("nadie-aqui@prueba.cl");
    await team.getByLabel("Correo de la o el docente").fill(teacherAccount.correo);
    await team.getByRole("button", { name: "Agregar profesor/a" }).click();
    await expect(admin.page.getByText("Profesor/a agregado/a al equipo docente.")).toBeVisible();
    await expect(team.getByText(teacherAccount.correo)).toBeVisible();

    // The teacher finds the course in their panel and edits it there.
    await signIn(teacher, teacherAccount.correo, teacherAccount.password);
    await expect(teacher).toHaveURL(/\/docente$/);
    const row = teacher.getByRole("row").filter({ hasText: titulo });
    await expect(row.getByText("Borrador")).toBeVisible();
    await row.getByRole("link", { name: "Editar" }).click();
    await expect(teacher).toHaveURL(new RegExp(`/docente/cursos/${id}/editar$`));
    await expect(teacher.getByRole("navigation", { name: "Panel docente" })).toBeVisible();
    // 'Equipo docente' is there (she may add a colleague), without 'Quitar': admins remove.
    await expect(
      teacher.getByRole("region", { name: "Equipo docente" }).getByRole("button", { name: /Quitar/ }),
    ).toHaveCount(0);
    const newModule = teacher.locator("form").filter({ has: teacher.getByRole("button", { name: "Agregar módulo" }) });
    await newModule.getByLabel("Título del módulo").fill("Unidad del equipo");
    await newModule.getByRole("button", { name: "Agregar módulo" }).click();
    await expect(teacher.getByText("Módulo agregado.")).toBeVisible();
    await expect(teacher).toHaveURL(new RegExp(`/docente/cursos/${id}/editar`));
    await expect(teacher.getByRole("button", { name: "Publicar" })).toHaveCount(0);
    await teacher.getByRole("button", { name: "Enviar a revisión" }).click();
    await expect(teacher.getByText("Curso enviado a revisión. Un administrador lo revisará.")).toBeVisible();
    await expect(teacher.getByRole("heading", { name: /Editar curso/ }).getByText("En revisión")).toBeVisible();
    // Its participants page stays in the teacher's panel.
    await teacher.getByRole("link", { name: "Participantes" }).click();
    await expect(teacher).toHaveURL(new RegExp(`/docente/cursos/${id}/participantes$`));
    await expect(teacher.getByText("No hay participantes aún.")).toBeVisible();

    // The admin sees it waiting and publishes it.
    await admin.page.goto("/admin/courses");
    const waiting = admin.page.getByRole("region", { name: /Esperan revisión/ });
    await waiting.getByRole("listitem").filter({ hasText: titulo }).getByRole("link", { name: "Revisar" }).click();
    await expect(admin.page).toHaveURL(new RegExp(`/docente/cursos/${id}/editar$`));
    // With JavaScript the address changes before the editor replaces the table: wait for it.
    const heading = admin.page.getByRole("heading", { name: /Editar curso/ });
    await expect(heading.getByText("En revisión")).toBeVisible();
    await admin.page.getByRole("button", { name: "Publicar" }).click();
    await expect(admin.page.getByText("Curso publicado.")).toBeVisible();
    await expect(heading.getByText("Publicado")).toBeVisible();
    // Each goes back to their own list of courses.
    await admin.page.getByRole("link", { name: "← Volver a cursos" }).click();
    await expect(admin.page).toHaveURL(/\/admin\/courses$/);

    await teacher.goto("/docente");
    await expect(teacher.getByRole("row").filter({ hasText: titulo }).getByText("Publicado")).toBeVisible();
  } finally {
    await admin.close();
    await teacherContext.close();
  }
});
