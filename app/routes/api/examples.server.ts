// Examples and error lists that several route modules' declarations share (route modules export
// only their loader and action).
import { TEXT_REQUIRED, TEXT_TOO_LONG, TITLE_REQUIRED, TITLE_TOO_LONG } from "~/features/announcements/texts.ts";
import { NOT_ALLOWED } from "~/features/accounts/api-guards.server.ts";
import { CLASS_NOT_FOUND, MEMBER_NOT_FOUND, PUPIL_OWN_ACCOUNT } from "~/features/classes/texts.ts";
import { COURSE_NOT_FOUND } from "~/features/courses/texts.ts";
import {
  MODULE_NOT_FOUND,
  QUESTION_NOT_FOUND,
  QUESTION_REQUIRED,
  QUESTION_TOO_LONG,
} from "~/features/questions/texts.ts";
import { error, invalid } from "~/lib/api/operation.server.ts";
import { TEXT_NOT_ALLOWED } from "~/lib/text.ts";

/** An announcement, for the examples. */
export const ANNOUNCEMENT_EXAMPLE = {
  id: "cm3aviso0000abcd1234efgh",
  cursoId: "cm3curso0000abcd1234efgh",
  curso: "Compostaje en casa",
  titulo: "Cambió la fecha del módulo 2",
  texto: "Hola a todos y todas:\nEl módulo 2 abre el lunes. Material: https://ejemplo.cl/guia.pdf",
  autor: "Ana Pérez",
  publicadoEn: "2026-03-02T12:00:00.000Z",
  editadoEn: null,
};
export const INVALID_ANNOUNCEMENT = invalid(
  "Título o texto inválido.",
  TITLE_REQUIRED,
  TITLE_TOO_LONG,
  TEXT_REQUIRED,
  TEXT_TOO_LONG,
  TEXT_NOT_ALLOWED,
);

/** A module's question, for the examples. */
export const QUESTION_EXAMPLE = {
  id: "cm3preg0000abcd1234efgh",
  cursoId: "cm3curso0000abcd1234efgh",
  moduloIndex: 1,
  modulo: "El compost en casa",
  texto: "¿Puedo poner cáscaras de cítricos en la compostera?",
  autor: "Luis Rojas",
  propia: false,
  respondida: true,
  resuelta: false,
  oculta: false,
  publicadaEn: "2026-03-02T12:00:00.000Z",
  editadaEn: null,
  respuestas: [
    {
      id: "cm3resp0000abcd1234efgh",
      texto: "Sí, en poca cantidad. Más en https://ejemplo.cl/guia.pdf",
      autor: "Ana Pérez",
      publicadaEn: "2026-03-02T15:30:00.000Z",
    },
  ],
};
export const QUESTION_INVALID = invalid("Texto inválido.", QUESTION_REQUIRED, QUESTION_TOO_LONG, TEXT_NOT_ALLOWED);
export const QUESTION_NOT_FOUND_DOC = error(
  "La pregunta no existe, es de un curso que quien llama no ve, o está oculta para quien llama.",
  QUESTION_NOT_FOUND,
);
export const MODULE_PATH_NOT_FOUND = {
  description: "Curso (o, para quien no es de su equipo, curso en borrador) o módulo no encontrado.",
  texts: [COURSE_NOT_FOUND, MODULE_NOT_FOUND],
};

/** A class, for the examples. */
export const CLASS_EXAMPLE = {
  id: "cm3clase0000abcd1234efgh",
  cursoId: "cm3curso0000abcd1234efgh",
  nombre: "Curso 3°B 2026",
  codigo: "K7MD-4QXA",
  estudiantes: 32,
  creadaEn: "2026-03-02T12:00:00.000Z",
};

/** A new password or card for a pupil of a class: who may not, and whom. */
export const PUPIL_ERRORS = {
  403: error(
    "Quien llama no es del equipo docente, o la cuenta es de la propia persona.",
    NOT_ALLOWED,
    PUPIL_OWN_ACCOUNT,
  ),
  404: error("Clase no encontrada, o la persona no es de la clase.", CLASS_NOT_FOUND, MEMBER_NOT_FOUND),
};
