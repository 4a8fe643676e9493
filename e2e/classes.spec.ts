// Classes (docs/product.md#classes), JS off and on: a course's teacher creates a class from
// /docente, reads its code, a learner types it under 'Unirme a una clase' on /user and lands on the
// course; the teacher sees the learner in the class.
import { expect, test } from "@playwright/test";
import { approvedUser, publishedCourseWithTeacher, signIn } from "./support.ts";

test.describe.configure({ timeout: 120_000 });

test("el profesor/a crea una clase, una estudiante se une con el código y aparece en la clase @sin-js", async ({
  browser,
  request,
  javaScriptEnabled: js,
}) => {
  const titulo = `Curso con clases ${js ? "con" : "sin"} JS ${Date.now()}`;
  const { id, teacherAccount } = await publishedCourseWithTeacher(request, titulo);
  const learnerAccount = await approvedUser(request, "estudiante", "Alumna");

  const teacherContext = await browser.newContext({ javaScriptEnabled: js });
  const learnerContext = await browser.newContext({ javaScriptEnabled: js });
  const teacher = await teacherContext.newPage();
  const learner = await learnerContext.newPage();
  try {
    // The teacher opens the course's classes from /docente and creates one.
    await signIn(teacher, teacherAccount.correo, teacherAccount.password);
    await teacher.getByRole("row").filter({ hasText: titulo }).getByRole("link", { name: "Clases" }).click();
    await expect(teacher).toHaveURL(new RegExp(`/docente/cursos/${id}/clases$`));
    await expect(teacher.getByText("Este curso aún no tiene clases.")).toBeVisible();
    await teacher.getByLabel("Nombre de la clase").fill("Curso 3°B 2026");
    await teacher.getByRole("button", { name: "Crear clase" }).click();
    await expect(teacher.getByText("Clase creada. Comparte su código con tus estudiantes.")).toBeVisible();
    await expect(teacher.getByRole("heading", { level: 1, name: "Curso 3°B 2026" })).toBeVisible();
    const codeRegion = teacher.getByRole("region", { name: "Código de la clase" });
    const codigo = (await codeRegion.getByText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/).textContent())!.trim();
    await expect(teacher.getByText("Aún no hay estudiantes en esta clase.")).toBeVisible();

    // The same name again is refused beside the field, with what was typed.
    await teacher
      .getByRole("navigation", { name: "Ruta de navegación" })
      .getByRole("link", { name: "Clases", exact: true })
      .click();
    // The class page has a 'Nombre de la clase' field too: wait for the list's.
    await expect(teacher).toHaveURL(new RegExp(`/docente/cursos/${id}/clases$`));
    await expect(teacher.getByRole("heading", { level: 1, name: "Clases" })).toBeVisible();
    await teacher.getByLabel("Nombre de la clase").fill("Curso 3°B 2026");
    await teacher.getByRole("button", { name: "Crear clase" }).click();
    await expect(teacher.getByText("Ya hay una clase con ese nombre en este curso. Elige otro nombre.")).toBeVisible();
    await expect(teacher.getByLabel("Nombre de la clase")).toHaveValue("Curso 3°B 2026");
    await expect(teacher.getByRole("row").filter({ hasText: codigo })).toBeVisible();

    // The learner mistypes it, then types it in lower case without the dash.
    await signIn(learner, learnerAccount.correo, learnerAccount.password);
    await expect(learner).toHaveURL(/\/user$/);
    const join = learner.getByRole("region", { name: "Unirme a una clase" });
    await join.getByLabel("Código de la clase").fill("ZZZZ-ZZZZ");
    await join.getByRole("button", { name: "Unirme" }).click();
    await expect(
      learner.getByText("No encontramos una clase con ese código. Revisa que esté bien escrito."),
    ).toBeVisible();
    await expect(join.getByLabel("Código de la clase")).toHaveValue("ZZZZ-ZZZZ");
    await join.getByLabel("Código de la clase").fill(codigo.replace("-", "").toLowerCase());
    await join.getByRole("button", { name: "Unirme" }).click();
    await expect(learner).toHaveURL(new RegExp(`/cursos/${id}$`));
    await expect(learner.getByText(`Te uniste a la clase «Curso 3°B 2026» del curso «${titulo}».`)).toBeVisible();
    await learner.goto("/user");
    await expect(learner.getByText(titulo).first()).toBeVisible();

    // The teacher sees her in the class, joined with the code.
    await teacher.getByRole("row").filter({ hasText: codigo }).getByRole("link", { name: "Curso 3°B 2026" }).click();
    const row = teacher.getByRole("row").filter({ hasText: learnerAccount.correo });
    await expect(row).toBeVisible();
    await expect(row.getByText("Con el código")).toBeVisible();
  } finally {
    await teacherContext.close();
    await learnerContext.close();
  }
});
