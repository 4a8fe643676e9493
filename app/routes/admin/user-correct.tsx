// /admin/records/{userId}/corregir: an admin corrects a person's data under the registration's rules (audited).
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Email } from "~/components/ui/email.tsx";
import { FormErrors, TextField } from "~/components/ui/field.tsx";
import { useServerForm } from "~/components/ui/use-server-form.ts";
import { requireAdmin } from "~/features/accounts/guards.server.ts";
import { fullName } from "~/features/accounts/roles.ts";
import { CorrectionSchema, type CorrectionFields } from "~/features/accounts/correction-schema.ts";
import { formatRut } from "~/features/accounts/rut.ts";
import { updateProfile } from "~/features/profile/profile.server.ts";
import { getUser, USER_NOT_FOUND } from "~/features/accounts/users.server.ts";
import { formReply } from "~/lib/failure.ts";
import { redirectWithFlash } from "~/lib/flash.server.ts";
import { readForm } from "~/lib/form.server.ts";
import { invariantResponse } from "~/lib/invariant.ts";
import type { Route } from "./+types/user-correct";

const CORRECTED = "Datos corregidos. Sus certificados conservan el nombre con que se emitieron.";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const user = await getUser(args.params.userId);
  invariantResponse(user, USER_NOT_FOUND, { status: 404 });
  return {
    user: {
      id: user.id,
      correo: user.correo,
      nombre: user.nombre,
      apellido: user.apellido,
      fechaNacimiento: user.fechaNacimiento?.toISOString().slice(0, 10) ?? "",
      rut: user.rut ? formatRut(user.rut) : "",
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const submission = parseWithZod(await readForm(args.request), { schema: CorrectionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // The page always has the RUT field: left blank (Conform reads it as absent), it removes the RUT.
  const outcome = await updateProfile(admin, args.params.userId, {
    ...submission.value,
    rut: submission.value.rut ?? null,
  });
  if (!outcome.ok) return data({ result: formReply(submission, outcome) }, { status: outcome.status });
  return redirectWithFlash(args.request, `/admin/records?ver=${encodeURIComponent(args.params.userId)}`, {
    type: "success",
    message: CORRECTED,
  });
}

export default function UserCorrect({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useServerForm<CorrectionFields>("corregir", actionData?.result, user);
  return (
    <section className="max-w-2xl">
      <p>
        <Link
          to={`/admin/records?ver=${encodeURIComponent(user.id)}`}
          className="text-sm text-brand-700 hover:underline"
        >
          ← Volver a Registros
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Corregir datos</h1>
      <p className="mt-2 text-sm text-slate-600">
        {fullName(user.nombre, user.apellido) || "Sin nombre"} (<Email value={user.correo} />
        ). La corrección queda en el registro de auditoría. Sus certificados conservan el nombre con que se emitieron
        hasta que la persona los actualice en «Mis certificados».
      </p>
      <Form method="post" {...getFormProps(form)} className="card mt-6 space-y-4 p-6">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.nombre} label="Nombre" required />
          <TextField field={fields.apellido} label="Apellido" required />
        </div>
        <TextField field={fields.fechaNacimiento} label="Fecha de nacimiento" type="date" required />
        <TextField
          field={fields.rut}
          label="RUT (opcional; en blanco se quita)"
          placeholder="12.345.678-5"
          autoComplete="off"
        />
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Guardando..." : "Guardar corrección"}
        </button>
      </Form>
    </section>
  );
}
