import { expect, test } from "@playwright/test";
import { approvedUser, login, ready } from "./support.ts";

test("a user writes to another, who sees it unread, opens it and it becomes read", async ({
  page,
  browser,
  request,
  javaScriptEnabled,
}) => {
  const sender = await approvedUser(request, "docente", "Remitente");
  const recipient = await approvedUser(request, "estudiante", "Destinataria");
  const subject = `Consulta ${Date.now().toString(36)}`;

  await login(page, sender.correo, sender.password);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto("/user/messages");
  await expect(page.getByRole("heading", { name: "Tus mensajes" })).toBeVisible();
  await page.getByRole("link", { name: "Enviar nuevo mensaje" }).click();
  await expect(page.getByRole("link", { name: "Ocultar formulario" })).toBeVisible();
  await ready(page);
  const send = page.getByRole("button", { name: "Enviar mensaje", exact: true });
  if (javaScriptEnabled) await expect(send).toBeDisabled();
  await page.getByLabel("Correo del destinatario").fill(recipient.correo);
  await page.getByLabel("Asunto").fill(subject);
  await page.getByLabel("Contenido").fill("¿Cuándo empieza el módulo 2?");
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText("Mensaje enviado correctamente.")).toBeVisible();
  await expect(page.getByLabel("Asunto")).toHaveValue("");

  const context = await browser.newContext({ javaScriptEnabled });
  const other = await context.newPage();
  await login(other, recipient.correo, recipient.password);
  await expect(other).toHaveURL(/\/user$/);
  await other.goto("/user/messages");
  await expect(other.getByText("Selecciona un mensaje para ver su contenido.")).toBeVisible();
  const item = other.getByRole("button").filter({ hasText: subject });
  await expect(item).toHaveAttribute("data-unread", "true");
  await expect(item.getByText("No leído")).toBeVisible();
  await expect(item).toContainText("Remitente E2E");
  await expect(item).toContainText("Docente");

  // The e-mail notice's link (?ver=ID) only shows the message: a GET never marks it read.
  const notice = await request.post("/api/auth/login", {
    data: { correo: recipient.correo, password: recipient.password },
  });
  const { token } = (await notice.json()) as { token: string };
  const apiInbox = async () =>
    (await (
      await request.get(`/api/mensajes?correo=${encodeURIComponent(recipient.correo)}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as Array<{ id: string; subject: string; leido: boolean }>;
  const id = (await apiInbox()).find((m) => m.subject === subject)!.id;
  await other.goto(`/user/messages?ver=${id}`);
  const pane = other.getByRole("article", { name: "Mensaje seleccionado" });
  await expect(pane.getByRole("heading", { name: subject })).toBeVisible();
  await expect(other.getByRole("button").filter({ hasText: subject })).toHaveAttribute("data-unread", "true");
  expect((await apiInbox()).find((m) => m.id === id)?.leido).toBe(false);
  await expect(pane.getByRole("button", { name: "Marcar como leído" })).toBeVisible();

  // Opening it from the list (a POST) marks it read and keeps the compose toggle.
  await other.goto("/user/messages?nuevo=1");
  await expect(other.getByRole("link", { name: "Ocultar formulario" })).toBeVisible();
  await other.getByRole("button").filter({ hasText: subject }).click();
  await expect(other).toHaveURL(new RegExp(`/user/messages\\?nuevo=1&ver=${id}$`));
  await expect(pane.getByRole("heading", { name: subject })).toBeVisible();
  await expect(pane).toContainText("De:");
  await expect(pane).toContainText("Rol:");
  await expect(pane).toContainText("Recibido:");
  await expect(pane).toContainText("¿Cuándo empieza el módulo 2?");
  await expect(other.getByRole("link", { name: "Ocultar formulario" })).toBeVisible();
  await expect(other.getByRole("button").filter({ hasText: subject })).toHaveAttribute("data-unread", "false");
  await expect(other.getByRole("button").filter({ hasText: subject })).toHaveAttribute("aria-current", "true");
  await other.reload();
  await expect(other.getByRole("button").filter({ hasText: subject })).toHaveAttribute("data-unread", "false");
  expect((await apiInbox()).find((m) => m.id === id)?.leido).toBe(true);
  await expect(pane.getByRole("button", { name: "Marcar como leído" })).toHaveCount(0);
  await context.close();
});

test("compose asks for every field and reports an unknown recipient", async ({ page, request, javaScriptEnabled }) => {
  const user = await approvedUser(request, "comunidad");
  await login(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto("/user/messages?nuevo=1");
  await ready(page);
  await page.getByLabel("Correo del destinatario").fill("nadie-existe@prueba.cl");
  await page.getByLabel("Asunto").fill("Hola");
  await page.getByLabel("Contenido").fill("¿Hay alguien?");
  await page.getByRole("button", { name: "Enviar mensaje", exact: true }).click();
  await expect(page.getByText("No hay ningún usuario registrado con ese correo.")).toBeVisible();
  if (!javaScriptEnabled) {
    await page.getByLabel("Asunto").fill("   ");
    await page.getByRole("button", { name: "Enviar mensaje", exact: true }).click();
    await expect(page.getByText("Por favor completa todos los campos.")).toBeVisible();
  }
});

test("contact form: success message", async ({ page }) => {
  await page.goto("/contacto");
  await ready(page);
  const social = page.getByRole("list", { name: "Redes sociales" });
  await expect(social.getByRole("link", { name: "Facebook" })).toHaveAttribute("target", "_blank");
  await expect(social.getByRole("link", { name: "LinkedIn" })).toHaveAttribute("target", "_blank");
  await expect(page.locator("iframe[title='Mapa de ubicación']")).toHaveCount(1);
  const form = page.getByRole("form", { name: "Formulario de contacto" });
  await form.getByLabel("Nombre completo").fill("Visitante E2E");
  await form.getByLabel("Correo electrónico").fill("visitante@prueba.cl");
  await form.getByLabel("Mensaje").fill("Quisiera saber más de los cursos.");
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(page.getByText("¡Mensaje enviado correctamente!")).toBeVisible();
  await expect(form.getByLabel("Nombre completo")).toHaveValue("");
});
