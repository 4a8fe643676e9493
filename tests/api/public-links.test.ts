// Absolute links in e-mail, certificates and QR codes come from APP_URL, or (APP_URL unset,
// the demo) from the address the server listens on: never from the request's Host header.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { verificationUrl } from "~/features/certificates/certificates.server.ts";
import { listenOrigin, publicUrl, resetEnvCache } from "~/lib/env.server.ts";
import { prisma } from "~/lib/db.server.ts";
import * as apiMensajes from "~/routes/api/mensajes.ts";
import * as apiApprove from "~/routes/api/auth.approve.ts";
import { args, createUser, signedIn } from "../factories.ts";

const EVIL = "academia-login.evil.example";
const saved = { APP_URL: process.env.APP_URL, PORT: process.env.PORT, HOST: process.env.HOST };

/** A JSON request whose URL and Host header both name another site (a forged Host). */
function forgedHostRequest(path: string, body: unknown, token: string, method = "POST") {
  return new Request(`http://${EVIL}${path}`, {
    method,
    headers: {
      "Content-Type": "application/json",
      Host: EVIL,
      Authorization: `Bearer ${token}`,
      "x-academia-client-ip": "10.9.9.9",
    },
    body: JSON.stringify(body),
  });
}

function restore() {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
}

describe.each([
  ["APP_URL set", { APP_URL: "https://academia.example.cl/" }, "https://academia.example.cl"],
  ["APP_URL unset (demo)", { APP_URL: undefined, PORT: "4567", HOST: "0.0.0.0" }, "http://localhost:4567"],
])("links with %s", (_name, vars, expected) => {
  beforeEach(() => {
    for (const [key, value] of Object.entries(vars)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
  });
  afterEach(restore);

  it("the message notice links to our own address, whatever Host the request names", async () => {
    const sender = await signedIn("docente");
    const recipient = await createUser();
    const response = await apiMensajes.action(
      args(
        forgedHostRequest("/api/mensajes", { to: recipient.correo, subject: "Hola", content: "Texto" }, sender.token),
      ),
    );
    expect(response.status).toBe(201);
    const mail = await prisma.outboxMail.findFirstOrThrow({ where: { to: recipient.correo, kind: "message.notice" } });
    expect(mail.text).toContain(`Léelo en ${expected}/user/messages?ver=`);
    expect(mail.text).not.toContain(EVIL);
  });

  it("the approval e-mail links to our own login page", async () => {
    const admin = await signedIn("admin");
    const pending = await createUser({ aprobado: false });
    const response = await apiApprove.action(
      args(forgedHostRequest(`/api/auth/approve/${pending.id}`, {}, admin.token, "PUT"), { userId: pending.id }),
    );
    expect(response.status).toBeLessThan(300);
    const mail = await prisma.outboxMail.findFirstOrThrow({ where: { to: pending.correo, kind: "user.approved" } });
    expect(mail.text).toContain(`${expected}/login`);
    expect(mail.text).not.toContain(EVIL);
  });

  it("certificate verification URLs (and their QR codes) use the same base", () => {
    expect(publicUrl()).toBe(expected);
    expect(verificationUrl("ABCDEFGHIJKLMNOP")).toBe(`${expected}/certificados/ABCDEFGHIJKLMNOP`);
  });
});

describe("listenOrigin", () => {
  it("names localhost for wildcard addresses and the host otherwise", () => {
    expect(listenOrigin("0.0.0.0", 3000)).toBe("http://localhost:3000");
    expect(listenOrigin("::", 8080)).toBe("http://localhost:8080");
    expect(listenOrigin("127.0.0.1", 3310)).toBe("http://127.0.0.1:3310");
    expect(listenOrigin("::1", 3000)).toBe("http://[::1]:3000");
  });
});
