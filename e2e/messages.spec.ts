import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { ADMIN, approvedUser, ready, signIn } from "./support.ts";

test("a user writes to another, who sees it unread, opens it and it becomes read", async ({
  page,
  browser,
  request,
  javaScriptEnabled,
}) => {
  const sender = await approvedUser(request, "docente", "Remitente");
  const recipient = await approvedUser(request, "estudiante", "Destinataria");
  const subject = `Consulta ${Date.now().toString(36)}`;

  await signIn(page, sender.correo, sender.password);
  await expect(page).toHaveURL(/\/docente$/);
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
  await signIn(other, recipient.correo, recipient.password);
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

test("answering a message: compose prefilled, sent, in 'Enviados' and in the other's inbox with the unread count", async ({
  page,
  browser,
  request,
  javaScriptEnabled,
}) => {
  test.slow(); // two people, two sign-ins and three axe runs
  const sender = await approvedUser(request, "docente", "Remitente");
  const recipient = await approvedUser(request, "estudiante", "Destinataria");
  const subject = `Pregunta ${Date.now().toString(36)}`;
  const tokenOf = async (who: { correo: string; password: string }) =>
    ((await (await request.post("/api/auth/login", { data: who })).json()) as { token: string }).token;
  const posted = await request.post("/api/mensajes", {
    headers: { Authorization: `Bearer ${await tokenOf(sender)}` },
    data: { to: recipient.correo, subject, content: "¿Leíste el material del módulo 1?" },
  });
  expect(posted.status()).toBe(201);

  // The recipient: one unread, in the header and in the panel menu.
  await signIn(page, recipient.correo, recipient.password);
  await expect(page).toHaveURL(/\/user$/);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Mensajes (1 sin leer)" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Mensajes (1 sin leer)" })).toContainText("Mensajes (1)");
  const menu = page.getByRole("navigation", { name: "Panel Usuario" });
  await menu.getByRole("link", { name: "Mensajes (1 sin leer)" }).click();
  await expect(page).toHaveURL(/\/user\/messages$/);
  const folders = page.getByRole("navigation", { name: "Carpetas" });
  await expect(folders.getByRole("link", { name: "Recibidos" })).toHaveAttribute("aria-current", "page");

  // Opening it marks it read: the counts go.
  await page.getByRole("button").filter({ hasText: subject }).click();
  const pane = page.getByRole("article", { name: "Mensaje seleccionado" });
  await expect(pane.getByRole("heading", { name: subject })).toBeVisible();
  const id = new URL(page.url()).searchParams.get("ver");
  expect(id).toBeTruthy();
  await expect(menu.getByRole("link", { name: "Mensajes", exact: true })).toBeVisible();
  await expect(header.getByRole("link", { name: "Mensajes", exact: true })).toBeVisible();

  // 'Responder': the form opens with the sender and "Re: subject".
  await pane.getByRole("link", { name: "Responder" }).click();
  await expect(page).toHaveURL(/responder=/);
  const form = page.getByRole("form", { name: "Nuevo mensaje" });
  await expect(form).toContainText(`Respondiendo a Remitente E2E <${sender.correo}>`);
  await expect(form.getByLabel("Correo del destinatario")).toHaveValue(sender.correo);
  await expect(form.getByLabel("Asunto")).toHaveValue(`Re: ${subject}`);
  await expect(pane.getByRole("heading", { name: subject })).toBeVisible();
  await ready(page);
  const send = form.getByRole("button", { name: "Enviar mensaje", exact: true });
  if (javaScriptEnabled) await expect(send).toBeDisabled();
  await form.getByLabel("Contenido").fill("Sí, ya lo leí. ¡Gracias!");
  await send.click();
  await expect(page.getByText("Mensaje enviado correctamente.")).toBeVisible();
  await expect(page).not.toHaveURL(/responder=/);
  await expect(page.getByLabel("Asunto")).toHaveValue("");
  await expect(page.getByLabel("Correo del destinatario")).toHaveValue("");

  // 'Enviados': the answer, newest first; it opens by a plain link.
  await folders.getByRole("link", { name: "Enviados" }).click();
  await expect(page).toHaveURL(/carpeta=enviados/);
  await expect(folders.getByRole("link", { name: "Enviados" })).toHaveAttribute("aria-current", "page");
  const sent = page.getByRole("list", { name: "Mensajes enviados" });
  const item = sent.getByRole("link").filter({ hasText: `Re: ${subject}` });
  await expect(item).toContainText("Para: Remitente E2E");
  await item.click();
  await expect(pane.getByRole("heading", { name: `Re: ${subject}` })).toBeVisible();
  await expect(pane).toContainText("Para:");
  await expect(pane).toContainText("Enviado:");
  await expect(pane).toContainText("Sí, ya lo leí. ¡Gracias!");
  const opened = new URL(page.url());
  await expectNoAxeViolations(page, opened.pathname + opened.search, javaScriptEnabled);
  await expectNoAxeViolations(page, `/user/messages?ver=${id}&responder=${id}`, javaScriptEnabled);

  // Someone else's message cannot be answered.
  await page.goto("/user/messages?responder=no-es-mio");
  await expect(page.getByRole("alert")).toContainText("Solo puedes responder los mensajes que recibiste.");
  await expect(page.getByLabel("Correo del destinatario")).toHaveValue("");

  // The sender: the answer is in the inbox, unread, counted in the menu.
  const context = await browser.newContext({ javaScriptEnabled });
  const other = await context.newPage();
  await signIn(other, sender.correo, sender.password);
  await expect(other).toHaveURL(/\/docente$/);
  await expect(other.getByRole("banner").getByRole("link", { name: "Mensajes (1 sin leer)" })).toBeVisible();
  await other.goto("/user/messages");
  const answer = other.getByRole("button").filter({ hasText: `Re: ${subject}` });
  await expect(answer).toHaveAttribute("data-unread", "true");
  await expect(answer).toContainText("Destinataria E2E");
  await expectNoAxeViolations(other, "/user/messages", javaScriptEnabled);
  await answer.click();
  // A docente's messages keep the teacher's panel: its menu, and the way back to their courses.
  await expect(other).toHaveTitle("Panel docente | Academia Abierta");
  const teacherMenu = other.getByRole("navigation", { name: "Panel docente" });
  await expect(teacherMenu.getByRole("link", { name: "Mensajes", exact: true })).toBeVisible();
  await expect(other.getByRole("navigation", { name: "Panel Usuario" })).toHaveCount(0);
  await teacherMenu.getByRole("link", { name: "Mis cursos como profesor/a" }).click();
  await expect(other).toHaveURL(/\/docente$/);
  await context.close();
});

test("compose asks for every field and reports an unknown recipient", async ({ page, request, javaScriptEnabled }) => {
  const user = await approvedUser(request, "comunidad");
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto("/user/messages?nuevo=1");
  await ready(page);
  await page.getByLabel("Correo del destinatario").fill("nadie-existe@prueba.cl");
  await page.getByLabel("Asunto").fill("Hola");
  await page.getByLabel("Contenido").fill("¿Hay alguien?");
  await page.getByRole("button", { name: "Enviar mensaje", exact: true }).click();
  await expect(page.getByText("No hay ninguna cuenta registrada con ese correo.")).toBeVisible();
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

test("an admin answers a contact message by e-mail and marks it handled", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const nombre = `Consulta ${Date.now().toString(36)} ${javaScriptEnabled ? "js" : "html"}`;
  const sent = await request.post("/api/mail/send", {
    data: { nombre, correo: "consulta@prueba.cl", mensaje: "¿Cuándo parte el curso?" },
  });
  expect(sent.status()).toBe(200);

  await signIn(page, ADMIN.correo, ADMIN.password);
  await page.goto("/admin/contact-messages");
  const item = page.getByRole("listitem").filter({ hasText: nombre });
  await expect(item).toContainText("Pendiente");
  await item.getByRole("link", { name: new RegExp(nombre) }).click();
  const opened = page.getByRole("article", { name: new RegExp(nombre) });
  await expect(opened).toContainText("Nadie lo ha atendido todavía.");

  // An empty answer: a Spanish error, nothing sent.
  const reply = opened.getByRole("form", { name: "Responder por correo a consulta@prueba.cl" });
  const box = reply.getByLabel("Responder por correo a consulta@prueba.cl");
  // (A plain form: the same answer whether or not the page has hydrated.)
  await box.fill("   ");
  await reply.getByRole("button", { name: "Enviar respuesta" }).click();
  await expect(opened.getByRole("alert")).toHaveText("Escribe tu respuesta.");

  // Sent through the outbox, kept with the message, which is now handled.
  await box.fill("Parte el 3 de marzo.");
  await reply.getByRole("button", { name: "Enviar respuesta" }).click();
  await expect(page.getByText("Respuesta en la cola de envío: el mensaje quedó atendido.")).toBeVisible();
  const replies = opened.getByRole("region", { name: "Respuestas" });
  await expect(replies).toContainText("Parte el 3 de marzo.");
  await expect(replies).toContainText("en la cola de envío");
  await expect(opened).toContainText(/Atendido por .+ el \d{2}-\d{2}-\d{4}/);
  await expect(box).toHaveValue("");
  const here = new URL(page.url());
  await expectNoAxeViolations(page, here.pathname + here.search, javaScriptEnabled);

  // Back to pending, and the list says so.
  await opened.getByRole("button", { name: "Marcar como pendiente" }).click();
  await expect(opened).toContainText("Nadie lo ha atendido todavía.");
  await expect(page.getByRole("listitem").filter({ hasText: nombre })).toContainText("Pendiente");
  await opened.getByRole("button", { name: "Marcar como atendido" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: nombre })).toContainText("Atendido");

  // The reply waits in the outbox, addressed to the sender.
  await page.goto("/admin/outbox");
  await expect(page.getByRole("listitem").filter({ hasText: "consulta@prueba.cl" }).first()).toContainText(
    "Respuesta a tu mensaje a",
  );
});
