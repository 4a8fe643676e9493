// 'Importar lista' of a class through the production build, JavaScript off and on
// (docs/product.md#importing-a-list-into-a-class, docs/decisions/032-class-invitations.md): the
// course's teacher pastes a list with a new learner, one without e-mail and one who already has an
// account, reviews it (the new and the existing read alike), confirms, and is sent to the class's
// 'Tarjetas de acceso' for the learner without e-mail, who has a usuario on the class's list (the
// cards on paper: e2e/pupil-cards.spec.ts); the one with an account finds the invitation in their
// notifications and accepts it, and only then is in the class.
import { expect, test } from "@playwright/test";
import { formatRut, rutCheckDigit } from "../app/features/accounts/rut.ts";
import { xlsxOf } from "../tests/xlsx.ts";
import { axeViolations, expectNoAxeViolations } from "./axe.ts";
import { teacherClass } from "./class-db.ts";
import { e2eDb } from "./e2e-db.ts";
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

test("una nómina de SIGE en Excel (.xlsx) en el teléfono: cada RUT formateado y su motivo, luego se confirma", async ({
  browser,
  request,
  javaScriptEnabled: js,
}) => {
  // docs/decisions/041: the file a school exports, uploaded with a plain multipart POST.
  const teacherAccount = await approvedUser(request, "docente", "Profe");
  const { cursoId, claseId } = await teacherClass(teacherAccount.correo);
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 360, height: 740 } });
  const teacher = await context.newPage();
  // RUTs of nobody yet (the two projects share the database): new accounts, on the sheet.
  const body = () => String(10_000_000 + Math.floor(Math.random() * 80_000_000));
  const [agustin, martina] = [body(), body()];
  const right = rutCheckDigit(martina);
  const wrong = right === "1" ? "2" : "1";
  const sige = (digit: string) =>
    Buffer.from(
      xlsxOf([
        ["Nómina de alumnos"],
        ["RUN", "Apellido Paterno", "Apellido Materno", "Nombres", "Curso"],
        [`${agustin}-${rutCheckDigit(agustin)}`, "Valenzuela", "Araya", "Agustín", "4° Básico B"],
        [`${martina}${digit}`, "Soto", "Díaz", "Martina", "4° Básico B"],
      ]),
    );
  const upload = async (digit: string) => {
    await teacher.getByLabel(/O sube un archivo/).setInputFiles({
      name: "nomina.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: sige(digit),
    });
    await teacher.getByRole("button", { name: "Revisar lista" }).click();
  };
  try {
    await signIn(teacher, teacherAccount.correo, teacherAccount.password);
    const classPage = `/docente/cursos/${cursoId}/clases/${claseId}`;
    await teacher.goto(`${classPage}/importar`);
    await upload(wrong);
    const rows = teacher.getByRole("table", { name: "Filas de la lista" }).getByRole("row");
    await expect(rows.filter({ hasText: "Agustín" })).toContainText(formatRut(`${agustin}-${rutCheckDigit(agustin)}`));
    const shown = formatRut(`${martina}-`).slice(0, -1);
    await expect(rows.filter({ hasText: "Martina" })).toContainText(
      `error: el RUT ${shown}-${wrong} no es válido: su dígito verificador no corresponde (para ${shown} es ${right})`,
    );
    await expect(teacher.getByRole("button", { name: "Confirmar importación" })).toHaveCount(0);
    await upload(right);
    await expect(rows.filter({ hasText: "Martina" })).toContainText(`${shown}-${right}`);
    await expect(rows.filter({ hasText: "Martina" })).toContainText("4° Básico B");
    if (js) expect(await axeViolations(teacher), teacher.url()).toEqual([]);
    await teacher.getByRole("button", { name: "Confirmar importación" }).click();
    await expect(teacher.getByText("Listo: 2 personas de la lista.")).toBeVisible();
    await teacher.getByRole("link", { name: "Imprimir las tarjetas de acceso" }).click();
    await expect(teacher.getByRole("listitem").filter({ hasText: "Martina Soto Díaz" })).toContainText(/Usuario: /);
    // The class page's link and QR code, and the link's page, pass axe too.
    await teacher.goto(classPage);
    const link = teacher.getByRole("region", { name: "Enlace y código QR" });
    await expect(link.getByRole("img", { name: /Código QR del enlace/ })).toBeVisible();
    if (js) expect(await axeViolations(teacher), teacher.url()).toEqual([]);
    const joinPath = new URL((await link.getByRole("link", { name: /\/clases\/unirse\// }).getAttribute("href"))!)
      .pathname;
    await expectNoAxeViolations(teacher, joinPath, js);
  } finally {
    await context.close();
  }
});

test("el enlace de la clase: quien no ha iniciado sesión entra, vuelve al enlace y se une con un POST @sin-js", async ({
  browser,
  request,
}) => {
  const teacherAccount = await approvedUser(request, "docente", "Profe");
  const { cursoId, claseId } = await teacherClass(teacherAccount.correo);
  const { codigo } = await e2eDb().courseClass.findUniqueOrThrow({ where: { id: claseId }, select: { codigo: true } });
  const pupil = await approvedUser(request, "estudiante", "Enlace");
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  try {
    await page.goto(`/clases/unirse/${codigo}`);
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByLabel(/^Correo/).fill(pupil.correo);
    await page.getByLabel("Contraseña").fill(pupil.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page).toHaveURL(new RegExp(`/clases/unirse/${codigo}$`));
    await expect(page.getByText(/^Clase «3° B» del curso «Curso con clases/)).toBeVisible();
    await page.getByRole("button", { name: "Unirme a la clase" }).click();
    await expect(page).toHaveURL(new RegExp(`/cursos/${cursoId}$`));
    await expect(page.getByText(/^Te uniste a la clase «3° B»/)).toBeVisible();
  } finally {
    await context.close();
  }
});
