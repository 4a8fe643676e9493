// The hand-in calls' shared declarations (docs/product.md#handing-in): one example, the errors
// every write of a hand-in may answer.
import { HANDIN_CLOSED, HANDIN_RETURNED, HANDIN_TEAM } from "~/features/assignments/submission-texts.ts";
import type { HandInJson } from "~/features/assignments/submission-schema.ts";
import { ENTREGA_NOT_FOUND, TAREA_NOT_OPEN, TAREAS_FORBIDDEN } from "~/features/assignments/texts.ts";
import { error } from "~/lib/api/operation.server.ts";

export const HANDIN_EXAMPLE: HandInJson = {
  id: "cm3entr0000abcd1234efgh",
  tareaId: "cm3tare0000abcd1234efgh",
  cursoId: "cm3curso0000abcd1234efgh",
  estudiante: { id: "cm3user0000abcd1234efgh", nombre: "Camila Soto" },
  estado: "entregada",
  estadoMostrado: "entregada",
  texto: "Resolví los ejercicios 1 a 5; la foto tiene el 6.",
  entregadaEn: "2026-03-02T12:00:00.000Z",
  atrasada: false,
  devueltaEn: null,
  nota: null,
  comentario: null,
  archivos: [
    {
      id: "cm3arch0000abcd1234efgh",
      nombre: "guia.jpg",
      tipo: "image/jpeg",
      tamano: 412_345,
      url:
        "/cursos/cm3curso0000abcd1234efgh/tareas/cm3tare0000abcd1234efgh/entregas/cm3entr0000abcd1234efgh" +
        "/archivos/cm3arch0000abcd1234efgh",
    },
  ],
  actualizadaEn: "2026-03-02T12:00:00.000Z",
};

export const HANDIN_FORBIDDEN = error(
  "Quien llama es del equipo docente (no entrega), no está inscrito o el curso aún no está abierto.",
  HANDIN_TEAM,
  TAREAS_FORBIDDEN,
  TAREA_NOT_OPEN,
);
export const HANDIN_LOCKED = error(
  "La entrega ya fue devuelta, o el plazo terminó y la tarea no acepta entregas atrasadas.",
  HANDIN_RETURNED,
  HANDIN_CLOSED,
);
export const HANDIN_NOT_FOUND = error("La entrega no existe o no es de quien llama.", ENTREGA_NOT_FOUND);
