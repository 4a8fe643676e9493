// The examples and error texts of the tareas' calls (docs/product.md#setting-a-tarea), shared by their route modules.
import type { TareaJson } from "~/features/assignments/schema.ts";
import {
  CLASE_UNKNOWN,
  CLASES_REQUIRED,
  FECHA_INVALID,
  MODULO_UNKNOWN,
  PUNTOS_INVALID,
  TITULO_REQUIRED,
  TITULO_TOO_LONG,
} from "~/features/assignments/set-texts.ts";
import { TAREA_NOT_FOUND, TAREA_NOT_OPEN, TAREAS_FORBIDDEN } from "~/features/assignments/texts.ts";
import { error, invalid } from "~/lib/api/operation.server.ts";

export const TAREA_EXAMPLE: TareaJson = {
  id: "cm3tarea0000abcd1234efgh",
  cursoId: "cm3curso0000abcd1234efgh",
  moduloId: "cm3modulo000abcd1234efgh",
  modulo: "Fracciones",
  titulo: "Guía de fracciones",
  instrucciones: "Resuelve la guía y sube una foto de cada página.\nApoyo: https://ejemplo.cl/video",
  fechaLimite: "2026-12-06T02:59:00.000Z",
  permiteAtrasadas: true,
  todasLasClases: false,
  clases: [{ id: "cm3clase0000abcd1234efgh", nombre: "7° A" }],
  calificacion: "rubrica",
  rubrica: [
    {
      nombre: "Procedimiento",
      niveles: [
        { nombre: "Inicial", puntos: 1 },
        { nombre: "Logrado", puntos: 3 },
      ],
    },
  ],
  archivos: [
    {
      id: "cm3adjunto00abcd1234efgh",
      nombre: "guia.pdf",
      tipo: "application/pdf",
      tamano: 48213,
      url: "/cursos/cm3curso0000abcd1234efgh/tareas/cm3tarea0000abcd1234efgh/adjuntos/cm3adjunto00abcd1234efgh",
    },
  ],
  url: "/cursos/cm3curso0000abcd1234efgh/tareas/cm3tarea0000abcd1234efgh",
  creadaEn: "2026-11-30T12:00:00.000Z",
  actualizadaEn: "2026-11-30T12:00:00.000Z",
};

export const INVALID_TAREA = invalid(
  "Datos de la tarea inválidos (el mensaje dice cuál).",
  TITULO_REQUIRED,
  TITULO_TOO_LONG,
  FECHA_INVALID,
  CLASES_REQUIRED,
  CLASE_UNKNOWN,
  MODULO_UNKNOWN,
  `Criterio 1: ${PUNTOS_INVALID}`,
);
export const TAREA_NOT_FOUND_DOC = error(
  "La tarea no existe, o quien llama no la ve (de otra clase, o de un curso que no ve).",
  TAREA_NOT_FOUND,
);
export const TAREA_FORBIDDEN_DOC = error(
  "Quien llama no está inscrito en el curso ni es de su equipo, o el curso aún no abre a sus estudiantes.",
  TAREAS_FORBIDDEN,
  TAREA_NOT_OPEN,
);
