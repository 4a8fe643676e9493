// Kinds of question (docs/decisions/046-kinds-of-question.md): the editor builds each without
// JavaScript, the API gives and takes each (GET → PATCH loses nothing), and a learner's answers to
// each are graded alike on the page and through the API, and kept for 'Descargar mis datos'.
import { describe, expect, it } from "vitest";
import * as M from "~/features/authoring/texts.ts";
import { attemptData } from "~/features/quizzes/privacy.server.ts";
import { prisma } from "~/lib/db.server.ts";
import { getCourseReport, getGradebook } from "~/features/reports/reports.server.ts";
import * as editPage from "~/routes/docente/course-edit.tsx";
import * as detailApi from "~/routes/api/cursos.detail.ts";
import * as quizRoute from "~/routes/courses/quiz.tsx";
import * as answerApi from "~/routes/api/cursos.answer.ts";
import { args, createCourse, dataOf, getRequest, jsonRequest, readJson, signedIn } from "../factories.ts";

/** A form POST as a browser sends it without JavaScript (repeated names kept). */
function post(path: string, cookie: string, fields: Array<[string, string]>) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie });
  headers.set("Origin", "http://localhost:3000");
  headers.set("Host", "localhost:3000");
  return new Request(`http://localhost:3000${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

const opts = (texts: string[], right: number[]) => ({
  create: texts.map((texto, posicion) => ({ posicion, texto, correcta: right.includes(posicion) })),
});

/** A module with one question of each kind. */
const everyKind = () =>
  createCourse(
    {
      modulos: [
        {
          titulo: "Tipos",
          preguntas: {
            create: [
              { posicion: 0, texto: "¿2+2?", opciones: opts(["4", "5"], [0]) },
              {
                posicion: 1,
                texto: "¿Primos?",
                tipo: "multiple",
                puntajeParcial: true,
                opciones: opts(["2", "3", "4"], [0, 1]),
              },
              {
                posicion: 2,
                texto: "El sol es una estrella.",
                tipo: "verdadero_falso",
                opciones: opts(["Verdadero", "Falso"], [0]),
              },
              { posicion: 3, texto: "¿Capital de Chile?", tipo: "respuesta_corta", opciones: opts(["Santiago"], [0]) },
              { posicion: 4, texto: "π con dos decimales", tipo: "numerica", valor: "3.14", tolerancia: "0.01" },
            ],
          },
        },
      ],
    },
    { include: { modulos: { include: { preguntas: { orderBy: { posicion: "asc" }, include: { opciones: true } } } } } },
  );

describe("kinds of question", () => {
  it("the editor makes a short-answer and a numeric question without JavaScript; refusals keep what was typed", async () => {
    const admin = await signedIn("admin");
    const course = await createCourse({ modulos: [{ titulo: "M" }] }, { include: { modulos: true } });
    const moduloId = course.modulos[0]!.id;
    const path = `/docente/cursos/${course.id}/editar`;
    const send = (fields: Array<[string, string]>) =>
      editPage.action(args(post(path, admin.cookie, [["moduloId", moduloId], ...fields]), { cursoId: course.id }));
    type Draft = { draft: Record<string, unknown>; errors: string[] };

    // 'Cambiar tipo' returns the draft with the kind's fields, unsaved.
    const changed = dataOf<Draft>(
      await send([
        ["intent", "change-kind"],
        ["tipo", "respuesta_corta"],
        ["texto", "¿Capital?"],
        ["opcion", "Santiago"],
        ["opcion", ""],
      ]),
    );
    expect(changed.data.draft).toMatchObject({ tipo: "respuesta_corta", texto: "¿Capital?" });
    const none = dataOf<Draft>(
      await send([
        ["intent", "save-question"],
        ["tipo", "respuesta_corta"],
        ["texto", "¿Capital?"],
        ["opcion", " "],
      ]),
    );
    expect(none.status).toBe(400);
    expect(none.data.errors).toEqual([M.ANSWERS_REQUIRED]);
    const short = (await send([
      ["intent", "save-question"],
      ["tipo", "respuesta_corta"],
      ["texto", "¿Capital?"],
      ["opcion", "Santiago"],
      ["opcion", ""],
      ["opcion", "Santiago de Chile"],
    ])) as Response;
    expect(short.status).toBe(302);

    const numeric = (extra: Array<[string, string]>) =>
      send([["intent", "save-question"], ["tipo", "numerica"], ["texto", "¿π?"], ...extra]);
    const bad = dataOf<Draft>(
      await numeric([
        ["valor", "tres"],
        ["tolerancia", "-1"],
      ]),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual([M.VALUE_INVALID, M.TOLERANCE_INVALID]);
    expect(bad.data.draft).toMatchObject({ tipo: "numerica", valor: "tres", tolerancia: "-1" });
    expect(
      (
        (await numeric([
          ["valor", "3,14"],
          ["tolerancia", ""],
        ])) as Response
      ).status,
    ).toBe(302);
    const multiple = dataOf<Draft>(
      await send([
        ["intent", "save-question"],
        ["tipo", "multiple"],
        ["texto", "¿?"],
        ["opcion", "a"],
        ["opcion", "b"],
      ]),
    );
    expect(multiple.data.errors).toEqual([M.SOME_CORRECT]);

    const saved = await prisma.quizQuestion.findMany({
      where: { moduloId },
      orderBy: { posicion: "asc" },
      select: { tipo: true, valor: true, tolerancia: true, opciones: { select: { texto: true, correcta: true } } },
    });
    expect(saved).toEqual([
      {
        tipo: "respuesta_corta",
        valor: null,
        tolerancia: null,
        opciones: [
          { texto: "Santiago", correcta: true },
          { texto: "Santiago de Chile", correcta: true },
        ],
      },
      { tipo: "numerica", valor: "3.14", tolerancia: "0", opciones: [] },
    ]);
  });

  it("GET /api/cursos/{id} gives each kind as PATCH takes it back: nothing is lost", async () => {
    const admin = await signedIn("admin");
    const course = await everyKind();
    const get = async () =>
      (await readJson(
        await detailApi.loader(
          args(jsonRequest(`/api/cursos/${course.id}`, null, { method: "GET", token: admin.token }), {
            cursoId: course.id,
          }),
        ),
      )) as { modulos: Array<{ quiz: { preguntas: unknown[] } }> };
    const before = await get();
    expect(before.modulos[0]!.quiz.preguntas).toEqual([
      expect.objectContaining({ tipo: "unica", respuestaCorrecta: 0 }),
      expect.objectContaining({ tipo: "multiple", puntajeParcial: true }),
      expect.objectContaining({ tipo: "verdadero_falso", respuestaCorrecta: true }),
      expect.objectContaining({ tipo: "respuesta_corta", respuestasAceptadas: ["Santiago"] }),
      expect.objectContaining({ tipo: "numerica", valor: 3.14, tolerancia: 0.01 }),
    ]);
    const patched = await detailApi.action(
      args(
        jsonRequest(`/api/cursos/${course.id}`, { modulos: before.modulos }, { method: "PATCH", token: admin.token }),
        {
          cursoId: course.id,
        },
      ),
    );
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(await get()).toEqual(before);

    const refused = await detailApi.action(
      args(
        jsonRequest(
          `/api/cursos/${course.id}`,
          { modulos: [{ ...before.modulos[0], quiz: [{ tipo: "numerica", texto: "¿?", valor: "1e3" }] }] },
          { method: "PATCH", token: admin.token },
        ),
        { cursoId: course.id },
      ),
    );
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toEqual({ error: `Módulo 1: Pregunta 1: ${M.VALUE_INVALID}` });
  });

  it("a learner answers each kind on the page and through the API, graded alike; the answers are in my data", async () => {
    const course = await everyKind();
    const [unica, multiple, vf, short, numeric] = course.modulos[0]!.preguntas;
    const learner = await signedIn("estudiante");
    await prisma.enrolment.create({ data: { userId: learner.user.id, cursoId: course.id } });
    const params = { cursoId: course.id, moduloIndex: "0" };

    // The page carries neither the accepted answers nor the value.
    const page = await quizRoute.loader(args(getRequest("/q", learner.cookie), params));
    expect(JSON.stringify(page)).not.toMatch(/Santiago|3\.14|correcta/);
    expect(page.quiz.preguntas.map((q) => q.tipo)).toEqual([
      "unica",
      "multiple",
      "verdadero_falso",
      "respuesta_corta",
      "numerica",
    ]);

    const idOf = (q: typeof unica, texto: string) => q!.opciones.find((o) => o.texto === texto)!.id;
    const form = await quizRoute.action(
      args(
        post(`/cursos/${course.id}/modulos/0/evaluacion`, learner.cookie, [
          [`p_${unica!.id}`, idOf(unica, "4")],
          [`p_${multiple!.id}`, idOf(multiple, "2")],
          [`p_${vf!.id}`, idOf(vf, "Verdadero")],
          [`p_${short!.id}`, "  SANTIAGO "],
          [`p_${numeric!.id}`, "3,15"],
        ]),
        params,
      ),
    );
    const result = dataOf<{ result: { porcentaje: number; correctas: number; respuestas: unknown[] } }>(form).data
      .result;
    // 100 + 50 (1 of 2 right, partial credit) + 100 + 100 + 100 of 500.
    expect(result).toMatchObject({ porcentaje: 90, correctas: 4 });
    expect(result.respuestas[1]).toMatchObject({ esCorrecta: false, puntaje: 50, respuestaUsuario: "2" });

    const api = await answerApi.action(
      args(
        jsonRequest(
          `/api/cursos/${course.id}/modulos/0/responder`,
          { respuestas: [0, [0, 1], false, "santiago", 3.13] },
          { token: learner.token },
        ),
        params,
      ),
    );
    expect(await readJson(api)).toMatchObject({ porcentaje: 80, correctas: 4 });

    // The course report counts a partial credit as wrong (right only when full); the gradebook
    // keeps the best percentage, partial credit included.
    const report = (await getCourseReport(course.id))!.modulos[0]!.preguntasMasFalladas;
    expect(report.map((q) => [q.texto, q.respuestas, q.incorrectas])).toEqual([
      ["¿Primos?", 2, 1],
      ["El sol es una estrella.", 2, 1],
    ]);
    expect((await getGradebook(course.id))!.participantes[0]!.notas[0]).toMatchObject({
      mejorNota: 90,
      aprobado: true,
    });

    let text = "";
    for await (const file of attemptData.files(learner.user.id)) {
      for await (const chunk of file.data as AsyncIterable<string>) text += chunk;
    }
    const attempts = JSON.parse(text) as Array<{ respuestas: unknown[] }>;
    expect(attempts.map((a) => a.respuestas)).toEqual([
      [
        { pregunta: "¿2+2?", respuesta: "4", correcta: true, puntaje: 100 },
        { pregunta: "¿Primos?", respuesta: "2", correcta: false, puntaje: 50 },
        { pregunta: "El sol es una estrella.", respuesta: "Verdadero", correcta: true, puntaje: 100 },
        { pregunta: "¿Capital de Chile?", respuesta: "SANTIAGO", correcta: true, puntaje: 100 },
        { pregunta: "π con dos decimales", respuesta: "3,15", correcta: true, puntaje: 100 },
      ],
      [
        { pregunta: "¿2+2?", respuesta: "4", correcta: true, puntaje: 100 },
        { pregunta: "¿Primos?", respuesta: "2; 3", correcta: true, puntaje: 100 },
        { pregunta: "El sol es una estrella.", respuesta: "Falso", correcta: false, puntaje: 0 },
        { pregunta: "¿Capital de Chile?", respuesta: "santiago", correcta: true, puntaje: 100 },
        { pregunta: "π con dos decimales", respuesta: "3.13", correcta: true, puntaje: 100 },
      ],
    ]);
  });
});
