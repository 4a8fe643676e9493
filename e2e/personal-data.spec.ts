// Personal data under Ley 21.719: a child's registration waits for a guardian's consent
// (JavaScript off and on); a person corrects their own name (once: e2e/profile.spec.ts saves the
// same form with JavaScript); the link in an optional notice turns notices off without signing in.
import { expect, test } from "@playwright/test";
import { mailedLink } from "./outbox-db.ts";
import { adminPage, approvedUser, approveInRecords, findInRecords, ready, signIn, uniqueEmail } from "./support.ts";

function bornYearsAgo(years: number) {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 10);
}

test("un registro de menos de 14 años espera la autorización de su tutor @sin-js", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  // Registration, the guardian's link and an admin in a second browser: a long flow.
  test.slow();
  const correo = uniqueEmail("nino");
  const tutor = uniqueEmail("tutor");
  await page.goto("/registro");
  await ready(page);
  await page.getByLabel("Nombre", { exact: true }).fill("Tomás");
  await page.getByLabel("Apellido").fill("Rivas");
  await page.getByLabel("Correo electrónico").fill(correo);
  await page.getByLabel("Fecha de nacimiento").fill(bornYearsAgo(12));
  await page.getByLabel("Rol").selectOption("estudiante");
  await page.getByLabel("Contraseña", { exact: true }).fill("pizarra verde de osorno");
  await page.getByLabel("Confirmar contraseña").fill("pizarra verde de osorno");
  // Without the guardian: a clear error, the typed values kept.
  await page.getByRole("button", { name: "Registrarse" }).last().click();
  await expect(page.getByText("Como tienes menos de 14 años").first()).toBeVisible();
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(correo);
  await page.getByLabel("Contraseña", { exact: true }).fill("pizarra verde de osorno");
  await page.getByLabel("Confirmar contraseña").fill("pizarra verde de osorno");
  await page.getByLabel("Nombre de tu madre, padre o tutor").fill("Paula Rivas");
  await page.getByLabel("Correo de tu madre, padre o tutor").fill(tutor);
  await page.getByRole("button", { name: "Registrarse" }).last().click();
  await expect(page).toHaveURL(/\/registro\/enviado$/);

  const admin = await adminPage(browser, javaScriptEnabled);
  await findInRecords(admin.page, correo);
  await expect(
    admin.page.getByRole("row").filter({ hasText: correo }).getByText("Espera autorización del tutor"),
  ).toBeVisible();

  const link = await mailedLink(tutor, "/registro/autorizar/");
  await page.goto(link);
  await page.getByRole("button", { name: "Autorizo el registro de Tomás Rivas" }).click();
  await expect(page.getByRole("status")).toContainText("Gracias. Registramos tu autorización.");

  await approveInRecords(admin.page, correo);
  await admin.close();
});

test("una persona corrige su nombre en su perfil @sin-js", async ({ page, request }) => {
  const user = await approvedUser(request, "estudiante", "Jose");
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto("/user/profile");
  await ready(page);
  await page.getByLabel("Nombre", { exact: true }).fill("José");
  await page.getByLabel("Apellido").fill("Muñoz");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Perfil actualizado con éxito").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Mi cuenta: José Muñoz" }).first()).toBeVisible();
});

test("el enlace de un aviso opcional deja de enviar avisos sin iniciar sesión @sin-js", async ({ page, request }) => {
  const sender = await approvedUser(request, "docente");
  const reader = await approvedUser(request, "estudiante");
  const { token } = (await (
    await request.post("/api/auth/login", { data: { correo: sender.correo, password: sender.password } })
  ).json()) as {
    token: string;
  };
  const sent = await request.post("/api/mensajes", {
    headers: { Authorization: `Bearer ${token}` },
    data: { to: reader.correo, subject: "Hola", content: "Bienvenida" },
  });
  expect(sent.status()).toBe(201);
  const link = await mailedLink(reader.correo, "/avisos/baja/", "[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{32}");
  await page.goto(link);
  await page.getByRole("button", { name: "Dejar de recibir avisos" }).click();
  await expect(page.getByRole("status")).toContainText("ya no te enviaremos avisos por correo");

  await signIn(page, reader.correo, reader.password);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto("/user/profile");
  await expect(page.getByLabel(/Recibir por correo avisos/)).not.toBeChecked();
});
