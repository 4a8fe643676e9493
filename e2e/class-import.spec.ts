// 'Importar lista' of a class through the production build, JavaScript off and on
// (docs/product.md#importing-a-list-into-a-class, docs/decisions/032-class-invitations.md): the
// course's teacher pastes a list with a new learner, one without e-mail and one who already has an
// account, reviews it (the new and the existing read alike), confirms, and is sent to the class's
// 'Tarjetas de acceso' for the learner without e-mail, who has a usuario on the class's list (the
// cards on paper: e2e/pupil-cards.spec.ts); the one with an account finds the invitation in their
// notifications and accepts it, and only then is in the class.
import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { teacherClass } from "./class-db.ts";
import { approvedUser, signIn, uniqueEmail } from "./support.ts";

test.describe.configure({ timeout: 90_000 });

test("importar lista: vista previa igual con y sin cuenta; quien no tiene correo tiene usuario y tarjeta, quien tiene cuenta acepta su invitación", async ({
  browser,
  request,
  javaScriptEnabled: js,
}) => {
  const teacherAccount = await approvedUser(request, "docente", "Profe");
  const { cursoId, claseId } = await teacherClass(teacherAccount.correo);
  const conCorreo = uniqueEmail("clase-ana");
  const sinCorreo = `Tomás${js ? "Js" : "Html"}`;
  const existing = await approvedUser(request, "estudiante", "Invitada");

  const teacherContext = await browser.newContext({ javaScriptEnabled: js });
  const teacher = await teacherContext.newPage();
  const invitedContext = await browser.newContext({ javaScriptEnabled: js });
  const invited = await invitedContext.newPage();
  try {
    await signIn(teacher, teacherAccount.correo, teacherAccount.password);
    await teacher.goto(`/docente/cursos/${cursoId}/clases/${claseId}/importar`);
    await expect(teacher.getByRole("heading", { name: "Importar lista", level: 1 })).toBeVisible();

    const list = [
      "correo;nombre;apellido",
      `${conCorreo};Ana;Rojas`,
      `;${sinCorreo};Pérez`,
      `${existing.correo};Inés;Vidal`,
      "malo;Mal;Correo",
    ];
    await teacher.getByLabel("Lista", { exact: true }).fill(list.join("\n"));
    await teacher.getByRole("button", { name: "Revisar lista" }).click();
    const rows = teacher.getByRole("table", { name: "Filas de la lista" }).getByRole("row");
    await expect(rows.filter({ hasText: "malo" })).toContainText("error: el correo «malo» no es válido (línea 5)");
    await expect(teacher.getByRole("button", { name: "Confirmar importación" })).toHaveCount(0);

    // Fixed: line 5 out. The new person and the one with an account read the same.
    await teacher.getByLabel("Lista", { exact: true }).fill(list.slice(0, 4).join("\n"));
    await teacher.getByRole("button", { name: "Revisar lista" }).click();
    const alike = "Se creará la cuenta o se invitará a la persona";
    await expect(rows.filter({ hasText: conCorreo }).getByText(alike)).toBeVisible();
    await expect(rows.filter({ hasText: existing.correo }).getByText(alike)).toBeVisible();
    await expect(rows.filter({ hasText: sinCorreo })).toContainText(
      "Se creará una cuenta sin correo (con usuario y tarjeta de acceso)",
    );
    await expect(teacher.getByText("3 personas por agregar (cuenta nueva o invitación)")).toBeVisible();
    if (js) expect(await axeViolations(teacher), teacher.url()).toEqual([]);
    await teacher.getByRole("button", { name: "Confirmar importación" }).click();

    await expect(teacher.getByText("Listo: 3 personas de la lista.")).toBeVisible();
    if (js) expect(await axeViolations(teacher), teacher.url()).toEqual([]);
    await teacher.getByRole("link", { name: "Imprimir las tarjetas de acceso" }).click();
    const card = teacher.getByRole("listitem").filter({ hasText: `${sinCorreo} Pérez` });
    await expect(card).toContainText(/Usuario: tomas(js|html)\.perez\d*/);

    // The person with an account is not in the class until they accept the invitation.
    const classPage = `/docente/cursos/${cursoId}/clases/${claseId}`;
    await teacher.goto(classPage);
    await expect(teacher.getByText(existing.correo)).toHaveCount(0);
    await expect(teacher.getByRole("row").filter({ hasText: `${sinCorreo} Pérez` })).toContainText(
      /tomas(js|html)\.perez\d*/,
    );
    await expect(teacher.getByText("sin-correo.invalid")).toHaveCount(0);
    await signIn(invited, existing.correo, existing.password);
    await invited.goto("/notificaciones");
    await invited.getByRole("link", { name: /Te invitan a la clase/ }).click();
    await expect(invited.getByRole("heading", { name: "Invitación a una clase", level: 1 })).toBeVisible();
    if (js) expect(await axeViolations(invited), invited.url()).toEqual([]);
    await invited.getByRole("button", { name: "Aceptar invitación" }).click();
    await expect(invited).toHaveURL(new RegExp(`/cursos/${cursoId}$`));
    await expect(invited.getByText(/^Te uniste a la clase «.+» del curso «.+»\.$/)).toBeVisible();
    await teacher.goto(classPage);
    await expect(teacher.getByText(existing.correo)).toBeVisible();
  } finally {
    await teacherContext.close();
    await invitedContext.close();
  }
});

test("en el teléfono, la respuesta de la importación queda bajo la cabecera @con-js", async ({
  browser,
  request,
  javaScriptEnabled: js,
}) => {
  // With JavaScript the answer replaced the form where the page was scrolled to (the confirmation
  // button): its first lines sat under the sticky header.
  const teacherAccount = await approvedUser(request, "docente", "Profe");
  const { cursoId, claseId } = await teacherClass(teacherAccount.correo);
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 360, height: 740 } });
  const teacher = await context.newPage();
  try {
    await signIn(teacher, teacherAccount.correo, teacherAccount.password);
    await teacher.goto(`/docente/cursos/${cursoId}/clases/${claseId}/importar`);
    const list = ["correo;nombre;apellido", ";Tomás;Pérez", ";Ana;Rojas", ";Luis;Soto"];
    await teacher.getByLabel("Lista", { exact: true }).fill(list.join("\n"));
    await teacher.getByRole("button", { name: "Revisar lista" }).click();
    await teacher.getByRole("button", { name: "Confirmar importación" }).click();
    const answer = teacher.getByRole("status").filter({ hasText: "Listo: 3 personas de la lista." });
    await expect(answer).toBeInViewport();
    await expect
      .poll(async () => {
        const header = (await teacher.getByRole("banner").boundingBox())!;
        return (await answer.boundingBox())!.y >= header.y + header.height;
      })
      .toBe(true);
  } finally {
    await context.close();
  }
});
