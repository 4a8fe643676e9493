// Private courses (docs/product.md#private-courses, docs/decisions/039-private-courses.md), at
// 360 px, JS off and on: a docente creates a course, it is 'Privado' and not in /cursos; a learner
// joins its class with the code at once, and is told the teacher is still preparing it.
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { approvedUser, PNG_1PX, signIn } from "./support.ts";

test.describe.configure({ timeout: 120_000 });
const phone = { width: 360, height: 740 };

test("una docente crea un curso privado; no está en /cursos; una estudiante se une a su clase con el código", async ({
  browser,
  request,
  javaScriptEnabled: js,
}) => {
  const titulo = `Ciencias Naturales privadas ${js ? "con" : "sin"} JS ${Date.now()}`;
  const [teacherAccount, learnerAccount] = [
    await approvedUser(request, "docente", "Profe"),
    await approvedUser(request, "estudiante", "Alumna"),
  ];
  const teacherContext = await browser.newContext({ javaScriptEnabled: js, viewport: phone });
  const learnerContext = await browser.newContext({ javaScriptEnabled: js, viewport: phone });
  const teacher = await teacherContext.newPage();
  const learner = await learnerContext.newPage();
  try {
    await signIn(teacher, teacherAccount.correo, teacherAccount.password);
    await teacher.goto("/docente/cursos/nuevo");
    if (js) await teacher.locator("form#crear-curso[novalidate]").waitFor({ state: "attached" });
    const form = teacher.locator("form#crear-curso");
    await expect(form.getByLabel("Visibilidad")).toHaveValue("privado");
    await form.getByLabel("Título del curso").fill(titulo);
    await form.getByLabel("Duración (horas)").fill("4");
    await form
      .getByLabel("Imagen del curso (obligatoria)")
      .setInputFiles({ name: "portada.png", mimeType: "image/png", buffer: PNG_1PX });
    await form.getByRole("button", { name: "Crear curso" }).click();
    await expect(teacher).toHaveURL(/\/docente\/cursos\/[^/]+\/editar$/);
    const id = /\/docente\/cursos\/([^/]+)\/editar$/.exec(teacher.url())![1]!;
    const heading = teacher.getByRole("heading", { level: 1, name: /Editar curso/ });
    await expect(heading.getByText("Privado")).toBeVisible();
    await expect(teacher.getByRole("button", { name: "Lista para la clase" })).toBeVisible();
    await expectNoAxeViolations(teacher, `/docente/cursos/${id}/editar`, js);

    // Not in the catalog, not even for its own teacher, searched by its title.
    await teacher.goto(`/cursos?q=${encodeURIComponent(titulo)}`);
    await expect(teacher.getByText(`Ningún curso tiene todas las palabras de «${titulo}».`)).toBeVisible();
    await expect(teacher.locator(`a[href="/cursos/${id}"]`)).toHaveCount(0);

    // A class of it, at once: no review, no publishing.
    await teacher.goto(`/docente/cursos/${id}/clases`);
    await teacher.getByLabel("Nombre de la clase").fill("4°B");
    await teacher.getByRole("button", { name: "Crear clase" }).click();
    await expect(teacher.getByText("Clase creada. Comparte su código con tus estudiantes.")).toBeVisible();
    const codeRegion = teacher.getByRole("region", { name: "Código de la clase" });
    const codigo = (await codeRegion.getByText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/).textContent())!.trim();

    await signIn(learner, learnerAccount.correo, learnerAccount.password);
    const join = learner.getByRole("region", { name: "Unirme a una clase" });
    await join.getByLabel("Código de la clase").fill(codigo);
    await join.getByRole("button", { name: "Unirme" }).click();
    await expect(learner).toHaveURL(new RegExp(`/cursos/${id}$`));
    await expect(learner.getByText(`Te uniste a la clase «4°B» del curso «${titulo}».`)).toBeVisible();
    await expect(
      learner.getByText("Tu profesor/a aún está preparando este curso. Sus módulos aparecerán cuando esté listo."),
    ).toBeVisible();
    await expectNoAxeViolations(learner, `/cursos/${id}`, js);
  } finally {
    await teacherContext.close();
    await learnerContext.close();
  }
});
