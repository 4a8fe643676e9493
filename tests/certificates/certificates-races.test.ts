// @postgresql: finishing twice at once keeps one row (unique constraint, transactions)
// 'Finalizar curso' called three times at once: one certificate, one row, its PDF stored.
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { finishCourse } from "~/features/certificates/certificates.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { storagePath } from "~/lib/storage.server.ts";
import { createAttempt, createCourse, createUser, quizModules, withModules } from "../factories.ts";

it("finishing concurrently returns the same certificate and keeps one row", async () => {
  const user = await createUser();
  const course = await createCourse({ titulo: "Compostaje", duracionHoras: 12, modulos: quizModules(1) }, withModules);
  await prisma.enrolment.create({ data: { userId: user.id, cursoId: course.id } });
  await createAttempt(user.id, course.modulos[0]!);
  const results = await Promise.all([1, 2, 3].map(() => finishCourse(user, course.id)));
  const codes = new Set(results.map((r) => (r.ok ? r.codigo : r.message)));
  expect(codes.size).toBe(1);
  expect(results.filter((r) => r.ok && r.created)).toHaveLength(1);
  expect(await prisma.certificate.count({ where: { userId: user.id, cursoId: course.id } })).toBe(1);
  const row = await prisma.certificate.findFirstOrThrow({ where: { userId: user.id, cursoId: course.id } });
  const stored = fs.readdirSync(path.dirname(storagePath(row.pdfKey!)));
  expect(stored).toContain(path.basename(row.pdfKey!));
});
