// 'Descargar mis datos' (docs/product.md#my-data): one streamed ZIP of each feature's privacy.server.ts data.
import { accountData, sessionData } from "~/features/accounts/privacy.server.ts";
import { getUser, USER_NOT_FOUND } from "~/features/accounts/users.server.ts";
import { chileToday } from "~/features/accounts/age.ts";
import { assignmentData } from "~/features/assignments/privacy.server.ts";
import { announcementData } from "~/features/announcements/privacy.server.ts";
import { audit } from "~/features/audit/audit.server.ts";
import { activityData } from "~/features/audit/privacy.server.ts";
import { certificateData } from "~/features/certificates/privacy.server.ts";
import { classData } from "~/features/classes/privacy.server.ts";
import { teamData } from "~/features/courses/privacy.server.ts";
import { dueDateData } from "~/features/due-dates/privacy.server.ts";
import { enrolmentData } from "~/features/enrolment/privacy.server.ts";
import { BUDGETS, consume } from "~/features/limits/rate-limits.server.ts";
import { mailData } from "~/features/mail/privacy.server.ts";
import { messageData } from "~/features/messages/privacy.server.ts";
import { notificationData } from "~/features/notifications/privacy.server.ts";
import { questionData } from "~/features/questions/privacy.server.ts";
import { attemptData } from "~/features/quizzes/privacy.server.ts";
import { manualGradeData } from "~/features/reports/privacy.server.ts";
import { env } from "~/lib/env.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
import type { PersonalData } from "~/lib/personal-data.server.ts";
import { zipStream, type ZipEntry } from "~/lib/zip.server.ts";

export const MY_DATA_TOO_MANY =
  `Puedes descargar tus datos hasta ${BUDGETS.myDataUser.points} veces por hora. ` +
  "Espera unos minutos e inténtalo nuevamente.";

const TIME_ZONE = "America/Santiago";

/** The person's data as a streamed ZIP; spends one of their downloads (429 past BUDGETS.myDataUser). */
export async function myDataArchive(
  userId: string,
  request: Request | null,
): Promise<Result<{ filename: string; archive: AsyncGenerator<Uint8Array> }>> {
  const limit = await consume([["myDataUser", userId]], MY_DATA_TOO_MANY);
  if (!limit.ok) return limit;
  if (!(await getUser(userId))) return fail(404, USER_NOT_FOUND);
  await audit(request, "user.data-export", { actorId: userId, targetType: "user", targetId: userId });
  const now = new Date();
  return ok({
    filename: `mis-datos-academia-${chileToday(now)}.zip`,
    archive: zipStream(entries(userId, now), { modifiedAt: now, timeZone: TIME_ZONE }),
  });
}

/** The archive's files, feature by feature, in this order (LEEME.txt lists them the same way). */
const PROVIDERS: PersonalData[] = [
  accountData,
  enrolmentData,
  classData,
  teamData,
  attemptData,
  manualGradeData,
  assignmentData,
  dueDateData,
  certificateData,
  messageData,
  notificationData,
  announcementData,
  questionData,
  mailData,
  sessionData,
  activityData,
];

async function* entries(userId: string, now: Date): AsyncGenerator<ZipEntry> {
  yield { name: "LEEME.txt", data: readme(now) };
  for (const provider of PROVIDERS) yield* provider.files(userId);
}

function readme(now: Date): string {
  const brand = env().APP_NAME;
  const when = new Intl.DateTimeFormat("es-CL", {
    timeZone: TIME_ZONE,
    dateStyle: "long",
    timeStyle: "short",
    hourCycle: "h23",
  });
  return [
    `Tus datos en ${brand}`,
    `Descargados el ${when.format(now)} (hora de Chile).`,
    "",
    "Este archivo contiene todo lo que la academia guarda sobre tu cuenta (Ley 21.719: derechos de",
    "acceso y portabilidad). Los archivos .json son texto: se abren con cualquier editor y otros",
    "programas pueden leerlos. Las fechas están en formato ISO 8601, en hora UTC.",
    "",
    ...PROVIDERS.flatMap((provider) => provider.readme),
    "",
    "Para corregir tus datos usa tu perfil; para eliminarlos, 'Eliminar mi cuenta'. La página",
    "/privacidad explica qué guardamos, para qué, por cuánto tiempo y cómo ejercer cada derecho.",
    "",
  ].join("\r\n");
}
