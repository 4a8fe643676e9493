// 'Descargar mis datos': the link in the profile downloads the person's own ZIP through the
// production build, JavaScript off and on (an admin's own once: the same link), and the page stays
// where it was. The archive is opened with Python's zipfile (CRCs checked).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, learnerWithCertificate, signIn } from "./support.ts";

test.describe.configure({ timeout: 60_000 });

const READ_ZIP = `
import json, sys, zipfile
archive = zipfile.ZipFile(sys.argv[1])
print(json.dumps({
    "bad": archive.testzip(),
    "names": archive.namelist(),
    "perfil": json.loads(archive.read("perfil.json")),
    "certificados": json.loads(archive.read("certificados.json")),
}))
`;

type Opened = {
  bad: string | null;
  names: string[];
  perfil: { perfil: { correo: string; rol: string } };
  certificados: Array<{ codigo: string; archivo: string | null }>;
};

/** Clicks 'Descargar mis datos' on the profile page and opens what the browser saved. */
async function downloadMyData(page: Page, profilePath: string): Promise<Opened> {
  await page.goto(profilePath);
  await expect(page.getByRole("heading", { name: "Descargar mis datos" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Descargar mis datos" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mis-datos-academia-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(await file.failure()).toBeNull();
  const saved = await file.path();
  expect(fs.readFileSync(saved).subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");
  // A download, not a navigation: the profile is still on screen.
  await expect(page).toHaveURL(new RegExp(`${profilePath}$`));
  await expect(page.getByRole("heading", { name: "Mi Perfil" })).toBeVisible();
  const opened = JSON.parse(execFileSync("python3", ["-c", READ_ZIP, saved]).toString()) as Opened;
  expect(opened.bad).toBeNull();
  return opened;
}

test("la persona descarga sus datos desde su perfil: un ZIP con su perfil y el PDF de su certificado", async ({
  page,
  request,
}) => {
  const learner = await learnerWithCertificate(request, "Portable");
  await signIn(page, learner.correo, learner.password);
  await expect(page).toHaveURL(/\/user$/);
  const zip = await downloadMyData(page, "/user/profile");
  expect(zip.perfil.perfil.correo).toBe(learner.correo);
  expect(zip.names).toEqual(
    expect.arrayContaining(["LEEME.txt", "perfil.json", "evaluaciones.json", `certificados/${learner.codigo}.pdf`]),
  );
  expect(zip.certificados).toEqual([
    expect.objectContaining({ codigo: learner.codigo, archivo: `certificados/${learner.codigo}.pdf` }),
  ]);
});

test("un administrador descarga sus propios datos desde /admin/profile @sin-js", async ({ page }) => {
  await signIn(page, ADMIN.correo, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const zip = await downloadMyData(page, "/admin/profile");
  expect(zip.perfil.perfil).toMatchObject({ correo: ADMIN.correo, rol: "admin" });
});

test("sin sesión, el enlace lleva a iniciar sesión @sin-js", async ({ page }) => {
  await page.goto("/mis-datos");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmis-datos$/);
});
