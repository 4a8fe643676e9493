// What the course editor page (/docente/cursos/{cursoId}/editar) shows: the course as the editor's forms
// want it (dates as yyyy-mm-dd, lists one per line), and the dialogs and question the URL asks
// for (?eliminarModulo=, ?eliminarArchivo=, ?pregunta=, ?nuevaPregunta=).
import { decimalText } from "~/features/quizzes/grading.ts";
import { chileLocalInput } from "~/lib/chile-time.ts";
import type { getCourseForEditor } from "./editor-steps.server.ts";

type EditorCourse = NonNullable<Awaited<ReturnType<typeof getCourseForEditor>>>;

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : "");
const lines = (value: unknown) => (Array.isArray(value) ? value : []).join("\n");

export function courseEditorView(course: EditorCourse, params: URLSearchParams) {
  const deleteModuleId = params.get("eliminarModulo");
  const deleteFileId = params.get("eliminarArchivo");
  const files = course.modulos.flatMap((m) => m.archivos);
  return {
    course: {
      id: course.id,
      titulo: course.titulo,
      estado: course.estado,
      visibilidad: course.visibilidad,
      hasImage: Boolean(course.imagen),
      updatedAt: course.updatedAt.getTime(),
      defaults: {
        titulo: course.titulo,
        bienvenida: course.bienvenida,
        duracionHoras: course.duracionHoras === null ? "" : String(course.duracionHoras),
        dirigidoA: course.dirigidoA,
        visibilidad: course.visibilidad,
        fechaInicio: day(course.fechaInicio),
        fechaTermino: day(course.fechaTermino),
        herramientas: lines(course.herramientas),
        loAprenderan: lines(course.loAprenderan),
        exigencia: String(course.exigencia),
      },
      modulos: course.modulos.map((m) => ({
        id: m.id,
        titulo: m.titulo,
        descripcion: m.descripcion,
        // Chile's wall clock, as the datetime-local field shows and sends it.
        fechaLimite: m.fechaLimite ? chileLocalInput(m.fechaLimite) : "",
        intentosMaximos: m.intentosMaximos === null ? "" : String(m.intentosMaximos),
        revision: m.revision,
        revisionCuando: m.revisionCuando,
        barajar: String(m.barajar),
        preguntasPorIntento: m.preguntasPorIntento === null ? "" : String(m.preguntasPorIntento),
        tiempoLimiteMin: m.tiempoLimiteMin === null ? "" : String(m.tiempoLimiteMin),
        archivos: m.archivos,
        enlaces: m.enlaces.map((l) => ({ id: l.id, nombre: l.nombre, url: l.url })),
        preguntas: m.preguntas.map((q) => ({
          id: q.id,
          texto: q.texto,
          tipo: q.tipo,
          puntajeParcial: q.puntajeParcial,
          // A numeric question's value and tolerance as the form shows them ('3,14').
          valor: q.valor === null ? "" : decimalText(q.valor),
          tolerancia: q.tolerancia === null ? "" : decimalText(q.tolerancia),
          opciones: q.opciones.map((o) => ({ id: o.id, texto: o.texto, correcta: o.correcta })),
        })),
      })),
    },
    editQuestionId: params.get("pregunta"),
    newQuestionFor: params.get("nuevaPregunta"),
    toDeleteModule: course.modulos.find((m) => m.id === deleteModuleId) ?? null,
    toDeleteFile: files.find((f) => f.id === deleteFileId) ?? null,
  };
}
