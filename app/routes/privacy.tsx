// /privacidad (Ley 21.719): the figures come from the features that enforce them, so the notice cannot drift.
import { NOTIFICATION_RETENTION_DAYS } from "~/features/notifications/kinds.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SESSION_IDLE_MS, SESSION_MAX_AGE_S } from "~/features/accounts/session.server.ts";
import { SENT_TEXT_RETENTION_DAYS } from "~/features/mail/outbox.server.ts";
import { PRIVACY_NOTICE_VERSION, RETENTION } from "~/lib/retention.ts";
import { backupRetentionText } from "~/features/backup/texts.ts";
import { env } from "~/lib/env.server.ts";
import { formatCalendarDate } from "~/lib/dates.ts";
import { pageTitle } from "~/lib/meta.ts";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Aviso de privacidad");

const DAY_MS = 24 * 60 * 60 * 1000;
const STORAGE_S3 =
  "Un servicio de almacenamiento de archivos compatible con S3, contratado por la academia, guarda las " +
  "imágenes de perfil y los PDF de los certificados.";
const STORAGE_LOCAL = "Las imágenes de perfil y los PDF de los certificados se guardan en el servidor de la academia.";

export function loader() {
  const e = env();
  return {
    version: PRIVACY_NOTICE_VERSION,
    controller: e.PRIVACY_CONTROLLER ?? e.APP_NAME,
    email: e.PRIVACY_EMAIL ?? e.CONTACT_EMAIL,
    address: e.PRIVACY_ADDRESS ?? e.CONTACT_ADDRESS,
    brand: e.APP_NAME,
    storage: e.S3_BUCKET ? "s3" : "local",
    retention: {
      sessionDays: Math.round(SESSION_MAX_AGE_S / 86_400),
      sessionIdleDays: Math.round(SESSION_IDLE_MS / DAY_MS),
      sentMailTextDays: SENT_TEXT_RETENTION_DAYS,
      auditMonths: RETENTION.auditMonths,
      contactMonths: RETENTION.contactMonths,
      serverLogDays: RETENTION.serverLogDays,
      notificationDays: NOTIFICATION_RETENTION_DAYS,
    },
    backups: { keep: e.BACKUP_KEEP, everyHours: e.BACKUP_EVERY_H || null },
  };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

export default function Privacy({ loaderData: d }: Route.ComponentProps) {
  const r = d.retention;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Aviso de privacidad</h1>
      <p className="mt-2 text-sm text-slate-600">
        Versión del {formatCalendarDate(new Date(`${d.version}T12:00:00Z`))}. Este aviso explica, conforme a la Ley N°
        19.628 y a la Ley N° 21.719 sobre protección de datos personales, qué datos tuyos tratamos, para qué, por cuánto
        tiempo y cómo puedes ejercer tus derechos.
      </p>

      <Section id="responsable" title="Quién es responsable">
        <p>
          El responsable de tus datos es <strong>{d.controller}</strong>. Puedes escribirnos a{" "}
          <a href={`mailto:${d.email}`} className="text-brand-700 underline">
            {d.email}
          </a>{" "}
          o a {d.address}.
        </p>
      </Section>

      <Section id="que-datos" title="Qué datos tratamos y para qué">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Tu cuenta:</strong> nombre, apellido, correo, fecha de nacimiento, rol y, si la subes, tu imagen de
            perfil; tu contraseña solo como un resumen cifrado que no permite leerla. Sirven para identificarte, para
            que un administrador apruebe tu registro y para emitir tus certificados con tu nombre. Guardamos también qué
            versión de este aviso se te mostró al registrarte y si confirmaste tu correo. Si tu colegio entregó tu RUT,
            lo guardamos mientras exista tu cuenta, para distinguirte de otras personas con tu mismo nombre; solo lo ven
            los administradores y tú, en «Descargar mis datos».
          </li>
          <li>
            <strong>Tu estudio:</strong> los cursos en que te inscribes, tus respuestas y resultados en las
            evaluaciones, tu avance y tus certificados. Sirven para mostrarte tu progreso y para emitir y verificar tus
            certificados.
          </li>
          <li>
            <strong>Tus clases:</strong> las clases de un curso en que estás (por ejemplo «Curso 3°B 2026»), desde
            cuándo y si te uniste con el código de la clase o te agregó tu profesor/a. Sirven para que el equipo docente
            del curso vea a su clase; tu profesor/a ve tu nombre y tu correo en la lista de la clase. Se guardan
            mientras estés en la clase y en el curso: si dejas el curso, dejas también sus clases.
          </li>
          <li>
            <strong>Si enseñas:</strong> los cursos en cuyo equipo docente estás como profesor/a, quién te sumó y desde
            cuándo. Sirven para que puedas editar esos cursos y ver a sus participantes, sus reportes y sus
            calificaciones; se guardan mientras formes parte del equipo del curso. Los avisos que publicas en un curso
            (título, texto, fecha y que los publicaste tú) se muestran a sus estudiantes mientras el curso exista; si
            eliminas tu cuenta, quedan firmados por el equipo docente.
          </li>
          <li>
            <strong>Tus preguntas:</strong> las preguntas que haces en los módulos de tus cursos (texto, fecha y que las
            hiciste tú) y, si enseñas, las respuestas que das. Las ven las personas inscritas en el curso y su equipo
            docente, mientras el curso y el módulo existan; una pregunta que el equipo oculta la ven solo el equipo y
            tú. Si eliminas tu cuenta, quedan sin tu nombre.
          </li>
          <li>
            <strong>Tus mensajes:</strong> los mensajes internos que envías y recibes, y lo que escribes en el
            formulario de contacto. Sirven para comunicarte con otras personas de la academia y con nosotros.
          </li>
          <li>
            <strong>Tus notificaciones:</strong> lo que te avisamos en la academia (un mensaje nuevo, un certificado
            emitido, un aviso de tus cursos…), cuándo lo leíste, y cómo elegiste recibir cada tipo (solo en la
            plataforma, por correo al momento o en un resumen diario). Sirven para que te enteres de lo que pasa en tus
            cursos sin tener que buscarlo.
          </li>
          <li>
            <strong>Seguridad:</strong> tus sesiones abiertas (navegador y último uso), una cookie que identifica a tu
            navegador al iniciar sesión, los intentos fallidos de ingreso y un registro de acciones importantes (por
            ejemplo, inicios de sesión y aprobaciones) con la dirección IP. Sirven para proteger tu cuenta y la
            academia. El servidor anota además cada solicitud que atiende (la hora, la página o función usada, el
            resultado, cuánto tardó y, si iniciaste sesión, tu identificador de usuario, nunca tu nombre, tu correo ni
            lo que escribes) para encontrar y corregir fallas.
          </li>
          <li>
            <strong>Correos:</strong> los correos que te enviamos (aprobación, avisos de mensajes, enlaces de
            confirmación) pasan por una cola de envío.
          </li>
        </ul>
        <p>
          Tratamos estos datos porque son necesarios para darte el servicio que pides al crear tu cuenta y para su
          seguridad. No los usamos para publicidad, no los vendemos y no tomamos decisiones automatizadas sobre ti.
        </p>
      </Section>

      <Section id="cuanto-tiempo" title="Cuánto tiempo los guardamos">
        <ul className="list-disc space-y-2 pl-6">
          <li>Tu cuenta, tu estudio y tus mensajes: mientras tengas tu cuenta. Al eliminarla se borran.</li>
          <li>
            Sesiones: hasta {r.sessionDays} días, o {r.sessionIdleDays} días sin uso; al cerrar sesión, de inmediato.
          </li>
          <li>Intentos de ingreso y límites de uso: entre minutos y un día.</li>
          <li>
            Texto de los correos enviados: {r.sentMailTextDays} días (los enlaces de confirmación se borran apenas se
            envían).
          </li>
          <li>Notificaciones: {r.notificationDays} días; tus preferencias, mientras tengas tu cuenta.</li>
          <li>Registro de acciones importantes: {r.auditMonths} meses.</li>
          <li>Registro técnico de las solicitudes al servidor: {r.serverLogDays} días.</li>
          <li>Mensajes del formulario de contacto: {r.contactMonths} meses.</li>
          <li>{backupRetentionText(d.backups)}</li>
          <li>
            Certificados: si eliminas tu cuenta, eliges si siguen siendo verificables (con tu nombre) o si se revocan
            (entonces se borran tu nombre y el PDF).
          </li>
        </ul>
      </Section>

      <Section id="quien-recibe" title="Quién recibe tus datos">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            El proveedor de correo electrónico que usa la academia, solo para entregarte nuestros correos (tu correo, tu
            nombre y el texto del correo).
          </li>
          <li>{d.storage === "s3" ? STORAGE_S3 : STORAGE_LOCAL}</li>
          <li>
            Quien tenga el enlace de verificación de uno de tus certificados ve tu nombre, el curso y la fecha: para eso
            existe ese enlace.
          </li>
          <li>Las personas a quienes escribes ven tu nombre, tu rol y tu correo en el mensaje.</li>
        </ul>
        <p>No entregamos tus datos a nadie más, salvo que la ley lo exija.</p>
      </Section>

      <Section id="derechos" title="Tus derechos y cómo ejercerlos">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Acceso y portabilidad:</strong> en tu perfil, «Descargar mis datos» te entrega un archivo con todo
            lo que guardamos sobre ti.
          </li>
          <li>
            <strong>Rectificación:</strong> en tu perfil puedes corregir tus datos y tu correo; en «Mis certificados»,
            actualizar el nombre que muestran.
          </li>
          <li>
            <strong>Supresión:</strong> en tu perfil, «Eliminar mi cuenta» borra tu cuenta y tus datos.
          </li>
          <li>
            <strong>Oposición:</strong> puedes dejar de recibir los correos que no son indispensables para tu cuenta
            (por ejemplo, los avisos de mensajes nuevos) desde tu perfil, en «Notificaciones», o con el enlace que trae
            cada uno.
          </li>
          <li>
            Para cualquier otra solicitud, o si no puedes ingresar, escríbenos a{" "}
            <a href={`mailto:${d.email}`} className="text-brand-700 underline">
              {d.email}
            </a>
            . Te responderemos dentro de los plazos que fija la ley. También puedes reclamar ante la Agencia de
            Protección de Datos Personales.
          </li>
        </ul>
      </Section>

      <Section id="menores" title="Niñas, niños y adolescentes">
        <p>
          Si tienes menos de 14 años, tu madre, padre o tutor debe autorizar tu registro. Si tu colegio creó tu cuenta,
          el colegio reunió esa autorización.
        </p>
      </Section>

      <p className="mt-10 text-sm text-slate-600">
        ¿Dudas? Escríbenos desde la página de{" "}
        <Link to="/contacto" className="text-brand-700 underline">
          Contacto
        </Link>
        .
      </p>
    </article>
  );
}
