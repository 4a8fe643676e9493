// Notifications (docs/product.md#notifications), with JavaScript off and on: a learner gets a
// message, sees the header's count on a 360 px phone without opening the menu, opens
// /notificaciones, marks one read and then all; changes a preference in the profile.
import { expect, test } from "@playwright/test";
import { approvedUser, signIn } from "./support.ts";

test("a new message shows in the header's count on a phone; marked read one and all; a preference changed", async ({
  page,
  request,
}) => {
  const learner = await approvedUser(request, "estudiante", "Notificada");
  const sender = await approvedUser(request, "docente", "Remitente");
  const login = await request.post("/api/auth/login", { data: { correo: sender.correo, password: sender.password } });
  const { token } = (await login.json()) as { token: string };
  const sent = await request.post("/api/mensajes", {
    headers: { Authorization: `Bearer ${token}` },
    data: { to: learner.correo, subject: "Módulo 2", content: "Revisa el módulo 2." },
  });
  expect(sent.status()).toBe(201);

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, learner.correo, learner.password);
  await expect(page).toHaveURL(/\/user$/);
  // The approval and the message: visible beside the closed menu.
  const bell = page.getByRole("banner").getByRole("link", { name: "Notificaciones (2 sin leer)" });
  await expect(bell).toBeVisible();
  await expect(bell).toContainText("2");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await bell.click();
  await expect(page).toHaveURL(/\/notificaciones$/);
  await expect(page.getByRole("heading", { name: "Notificaciones", level: 1 })).toBeVisible();
  const message = page.getByRole("listitem").filter({ hasText: "Nuevo mensaje de Remitente E2E" });
  await expect(message).toContainText("Remitente E2E (Docente) te envió un mensaje");
  await expect(message).not.toContainText("Revisa el módulo 2.");
  await expect(page.getByRole("listitem").filter({ hasText: "Tu cuenta fue aprobada" })).toBeVisible();

  await message.getByRole("button", { name: /Marcar como leída/ }).click();
  await expect(message.getByRole("button", { name: /Marcar como leída/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("banner").getByRole("link", { name: "Notificaciones (1 sin leer)" })).toBeVisible();

  await page.getByRole("button", { name: "Marcar todas como leídas" }).click();
  await expect(page.getByText("Marcamos todas tus notificaciones como leídas.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Notificaciones", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /Marcar como leída/ })).toHaveCount(0);

  // The message's notification leads to the message itself.
  await page.getByRole("link", { name: "Nuevo mensaje de Remitente E2E en Academia Abierta" }).click();
  await expect(page).toHaveURL(/\/user\/messages\?ver=/);

  // 'Notificaciones' in the profile: a plain form.
  await page.goto("/user/profile");
  const messages = page.getByRole("group", { name: "Mensajes nuevos" });
  await expect(messages.getByLabel("Correo al momento")).toBeChecked();
  await messages.getByLabel("Solo en la plataforma").check();
  await page
    .getByRole("group", { name: "Preguntas nuevas en los cursos que enseñas" })
    .getByLabel("Resumen diario")
    .check();
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page.getByText("Guardamos tus preferencias de notificaciones.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("group", { name: "Mensajes nuevos" }).getByLabel("Solo en la plataforma")).toBeChecked();
  await expect(
    page.getByRole("group", { name: "Preguntas nuevas en los cursos que enseñas" }).getByLabel("Resumen diario"),
  ).toBeChecked();

  const api = await request.post("/api/auth/login", { data: { correo: learner.correo, password: learner.password } });
  const learnerToken = ((await api.json()) as { token: string }).token;
  const prefs = await request.get("/api/notificaciones/preferencias", {
    headers: { Authorization: `Bearer ${learnerToken}` },
  });
  expect(((await prefs.json()) as { preferencias: Record<string, string> }).preferencias).toMatchObject({
    mensaje: "app",
    pregunta: "digest",
  });
});
