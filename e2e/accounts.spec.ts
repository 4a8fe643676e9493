import { expect, test } from "@playwright/test";
import { DEMO_COMUNIDAD, DEMO_ESTUDIANTE, DEMO_PASSWORD, DEMO_PENDIENTE } from "../prisma/demo-accounts.ts";
import {
  adminPage,
  approveInRecords,
  approvedUser,
  deleteInRecords,
  emailConfirmationLink,
  findInRecords,
  login,
  register,
  signIn,
  uniqueEmail,
} from "./support.ts";

test("registro → pendiente → aprobado por el admin → ingreso → salir", async ({ page, browser, javaScriptEnabled }) => {
  // The whole life of an account, with the address proven and an admin in a second browser: a long flow.
  test.slow();
  const correo = uniqueEmail("docente");
  const password = "pizarra verde de osorno";
  await register(page, {
    nombre: "Valentina",
    apellido: "Cárdenas",
    correo,
    fechaNacimiento: "1990-04-12",
    rol: "docente",
    password,
  });
  // A confirmation page of its own: what happens next, and ways on.
  await expect(page).toHaveURL(/\/registro\/enviado$/);
  await expect(page.getByRole("heading", { name: "¡Cuenta creada exitosamente!" })).toBeVisible();
  await expect(page.getByText("esperando la aprobación de un administrador")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver cursos" })).toBeVisible();

  // Pending: refused with a clear message.
  await login(page, correo, password);
  await expect(page.getByRole("alert")).toContainText("aún no ha sido aprobada");
  await expect(page).toHaveURL(/\/login/);

  // The address is proven by the link e-mailed at registration (a GET changes nothing; the button does).
  const link = await emailConfirmationLink(browser, javaScriptEnabled, correo, "/registro/confirmar/");
  await page.goto(link);
  await expect(page.getByText(correo)).toBeVisible();
  const confirmed = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/registro/confirmar/"),
  );
  await page.getByRole("button", { name: "Confirmar mi correo" }).click();
  expect((await confirmed).status()).toBe(200);
  await expect(page.getByRole("status")).toContainText("¡Listo! Confirmaste tu correo.");
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("no es válido, ya fue usado o expiró");

  const admin = await adminPage(browser, javaScriptEnabled);
  // The admin menu counts the registrations waiting for approval.
  await admin.page.goto("/admin/profile");
  await expect(
    admin.page
      .getByRole("navigation", { name: "Panel Administrador" })
      .last()
      .getByRole("link", { name: /^Registros \((1 pendiente|\d+ pendientes|más de 99 pendientes)\)$/ }),
  ).toBeVisible();
  await findInRecords(admin.page, correo);
  await expect(admin.page.getByRole("row").filter({ hasText: correo }).getByText("Correo confirmado")).toBeVisible();
  // Confirmed: approved at once, without the question asked for an unconfirmed address.
  await approveInRecords(admin.page, correo);
  await admin.close();

  await login(page, correo, password);
  await expect(page).toHaveURL(/\/docente$/); // docente → the teacher's panel
  const account = page.getByRole("link", { name: "Mi cuenta: Valentina Cárdenas" }).first();
  await expect(account).toHaveAttribute("title", "Valentina Cárdenas");
  await expect(account).toHaveText("VC");
  await expect(page).toHaveTitle("Panel docente | Academia Abierta");

  await page.getByRole("button", { name: "Salir" }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/user/courses");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fcourses$/);
});

test("los errores de validación conservan lo escrito", async ({ page, javaScriptEnabled }) => {
  const correo = uniqueEmail("error");
  await register(page, {
    nombre: "",
    apellido: "Pérez",
    correo,
    fechaNacimiento: "2000-01-01",
    rol: "estudiante",
    password: "una clave bastante larga",
    confirmar: "otra clave diferente",
  });
  await expect(page.getByText("Por favor, completa todos los campos.")).toBeVisible();
  await expect(page.getByText("Las contraseñas no coinciden.")).toBeVisible();
  await expect(page.getByLabel("Apellido")).toHaveValue("Pérez");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(correo);
  await expect(page.getByLabel("Rol")).toHaveValue("estudiante");
  await expect(page.getByText("¡Cuenta creada exitosamente!")).toHaveCount(0);
  if (javaScriptEnabled) {
    // Editing a field clears the form's messages (docs/product.md#texts-sign-in-and-registration).
    await page.getByLabel("Nombre", { exact: true }).fill("Rocío");
    await expect(page.getByText("Por favor, completa todos los campos.")).toHaveCount(0);
    // Typing in a field clears its own error at once.
    await expect(page.getByLabel("Confirmar contraseña")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Confirmar contraseña").fill("una clave bastante larga");
    await expect(page.getByText("Las contraseñas no coinciden.")).toHaveCount(0);
    await expect(page.getByLabel("Confirmar contraseña")).not.toHaveAttribute("aria-invalid", "true");
  }
});

test("registrar un correo que ya tiene cuenta responde como un registro nuevo (no dice qué correos existen) @sin-js", async ({
  page,
}) => {
  await register(page, {
    nombre: "Otra",
    apellido: "Persona",
    correo: DEMO_ESTUDIANTE.correo,
    fechaNacimiento: "2000-01-01",
    rol: "estudiante",
    password: "una clave bastante larga",
  });
  await expect(page).toHaveURL(/\/registro\/enviado$/);
  await expect(page.getByRole("heading", { name: "¡Cuenta creada exitosamente!" })).toBeVisible();
  await expect(page.getByText("Ya existe una cuenta")).toHaveCount(0);
});

test("credenciales incorrectas y cuenta pendiente", async ({ page, javaScriptEnabled }) => {
  await login(page, DEMO_ESTUDIANTE.correo, "no es la clave");
  await expect(page.getByRole("alert")).toHaveText("Correo o contraseña incorrectos.");
  await expect(page.getByLabel("Correo o usuario")).toHaveValue(DEMO_ESTUDIANTE.correo);
  // The server never sends the password back (with JavaScript the field simply keeps what was typed).
  if (!javaScriptEnabled) await expect(page.getByLabel("Contraseña")).toHaveValue("");

  await login(page, DEMO_PENDIENTE.correo, DEMO_PASSWORD);
  await expect(page.getByRole("alert")).toContainText("aún no ha sido aprobada");
});

test("cada rol llega a su página @sin-js", async ({ page }) => {
  await login(page, DEMO_COMUNIDAD.correo, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/user$/); // comunidad → /comunidad → /user
  await expect(page.getByRole("heading", { name: `Hola, ${DEMO_COMUNIDAD.nombre}` })).toBeVisible();
});

test("la sesión de un usuario eliminado deja de funcionar @sin-js", async ({ page, browser, javaScriptEnabled }) => {
  const correo = uniqueEmail("borrar");
  const password = "lago llanquihue azul";
  await register(page, {
    nombre: "Tomás",
    apellido: "Vera",
    correo,
    fechaNacimiento: "2003-03-03",
    rol: "estudiante",
    password,
  });
  await expect(page.getByText("¡Cuenta creada exitosamente!")).toBeVisible();
  const admin = await adminPage(browser, javaScriptEnabled);
  await approveInRecords(admin.page, correo);

  await login(page, correo, password);
  await expect(page).toHaveURL(/\/user$/);

  await deleteInRecords(admin.page, correo);
  await admin.close();

  await page.goto("/user/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fprofile$/);
  await login(page, correo, password);
  await expect(page.getByRole("alert")).toHaveText("Correo o contraseña incorrectos.");
});

test("los guardias redirigen @sin-js", async ({ page }) => {
  await page.goto("/admin/records");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Frecords$/);

  await login(page, DEMO_ESTUDIANTE.correo, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto("/admin/records");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/user/algo-nuevo");
  await expect(page.getByText("Contenido en desarrollo")).toBeVisible();
  // The teacher's panel is the docentes': another role goes home.
  await page.goto("/docente");
  await expect(page).toHaveURL(/\/$/);
  // Signed in: /login sends the user to their own page.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/user$/);
});

test("la ficha de usuario se abre y se cierra", async ({ browser, javaScriptEnabled }) => {
  const admin = await adminPage(browser, javaScriptEnabled);
  const page = admin.page;
  await page.goto("/admin/records");
  await page.getByRole("row").filter({ hasText: DEMO_PENDIENTE.correo }).getByRole("link", { name: "Ver" }).click();
  const dialog = page.getByRole("dialog", { name: "Detalle del usuario" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(DEMO_PENDIENTE.correo);
  await expect(dialog).toContainText("Pendiente de aprobación");
  if (javaScriptEnabled) {
    // Escape is the hydrated page's: wait for React's effects (React Router takes over the history's
    // scroll restoration in one), or a busy machine presses it before anything listens.
    await page.waitForFunction(() => window.history.scrollRestoration === "manual");
    await page.keyboard.press("Escape");
  } else {
    await dialog.getByRole("link", { name: "Cerrar" }).click();
  }
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/records$/);
  await admin.close();
});

test("suspender en Registros cierra la sesión y el token; aprobar de nuevo deja ingresar otra vez", async ({
  page,
  browser,
  javaScriptEnabled,
  request,
}) => {
  test.slow(); // two people, three sign-ins, a token and two browsers
  const user = await approvedUser(request, "docente", "Suspendida");
  await signIn(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/docente$/);
  const { token } = (await (
    await request.post("/api/auth/login", { data: { correo: user.correo, password: user.password } })
  ).json()) as { token: string };
  const asUser = { headers: { Authorization: `Bearer ${token}` } };
  expect((await request.get(`/api/auth/${user.id}/cursos-inscritos`, asUser)).status()).toBe(200);

  const admin = await adminPage(browser, javaScriptEnabled);
  await findInRecords(admin.page, user.correo);
  await admin.page.getByRole("row").filter({ hasText: user.correo }).getByRole("button", { name: "Suspender" }).click();
  await expect(admin.page.getByText("Cuenta suspendida: sus sesiones se cerraron.")).toBeVisible();
  await expect(admin.page.getByRole("row").filter({ hasText: user.correo }).getByText("Suspendido")).toBeVisible();

  // The browser session and the API token ended at once.
  await page.goto("/user/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fprofile$/);
  expect((await request.get(`/api/auth/${user.id}/cursos-inscritos`, asUser)).status()).toBe(401);
  await login(page, user.correo, user.password);
  await expect(page.getByRole("alert")).toHaveText(
    "Tu cuenta está suspendida. Si crees que es un error, escríbenos desde la página de Contacto.",
  );

  // Its address was never confirmed (an API registration): the admin confirms the choice.
  await approveInRecords(admin.page, user.correo);
  await admin.close();
  // Re-approval brings no old token back; signing in works again.
  expect((await request.get(`/api/auth/${user.id}/cursos-inscritos`, asUser)).status()).toBe(401);
  await login(page, user.correo, user.password);
  await expect(page).toHaveURL(/\/docente$/);
});

test("un navegador que adivina contraseñas se detiene con 429 y Retry-After; la clase no", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  // This browser's own budget (10 failures), whatever address it tries: the first through the form
  // (its page gives the browser its device cookie), the next nine as this browser's own POSTs.
  const tries = 10;
  await login(page, uniqueEmail("adivina"), "no es la clave");
  await expect(page.getByRole("alert")).toContainText("Correo o contraseña incorrectos.");
  for (let i = 1; i < tries; i++) {
    const form = { correo: uniqueEmail("adivina"), password: "no es la clave" };
    expect((await page.request.post("/login", { form, maxRedirects: 0 })).status()).toBe(401);
  }
  const answer = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login"),
  );
  await login(page, uniqueEmail("adivina"), "no es la clave");
  const refused = await answer;
  expect(refused.status()).toBe(429);
  expect(Number(await refused.headerValue("Retry-After"))).toBeGreaterThan(0);
  await expect(page.getByRole("alert")).toContainText(
    "Demasiados intentos. Espera unos minutos e inténtalo nuevamente.",
  );

  // Another browser on the same IP (a classmate) signs in as usual.
  const other = await browser.newContext({ javaScriptEnabled });
  const classmate = await other.newPage();
  await login(classmate, DEMO_ESTUDIANTE.correo, DEMO_PASSWORD);
  await expect(classmate).toHaveURL(/\/user$/);
  await other.close();
});
