// 'Cambiar contraseña' on both profile pages (docs/product.md#password-change): a plain POST with its `intent`.
import { getFormProps } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FormErrors, TextField } from "~/components/ui/field.tsx";
import { useServerForm } from "~/components/ui/use-server-form.ts";
import { CHANGE_PASSWORD_INTENT } from "~/features/accounts/account-security.ts";
import type { ChangePasswordFields } from "~/features/accounts/change-password-schema.ts";
import type { ChangePasswordActionData } from "~/features/accounts/change-password.server.ts";

export function PasswordChangeForm({ correo, actionData }: { correo: string; actionData?: ChangePasswordActionData }) {
  const navigation = useNavigation();
  const ours = navigation.formData?.get("intent") === CHANGE_PASSWORD_INTENT;
  const submitting = navigation.state === "submitting" && ours;
  const [form, fields] = useServerForm<ChangePasswordFields>("cambiar-contrasena", actionData?.result);

  // A change that worked redirects (no action data): empty the fields.
  const sent = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") {
      if (ours) sent.current = true;
      return;
    }
    if (!sent.current) return;
    sent.current = false;
    if (!actionData) form.reset();
  }, [navigation.state, ours, actionData, form]);

  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby={`${form.id}-titulo`} className="card space-y-4 p-6">
      <h2 id={`${form.id}-titulo`} className="text-lg font-semibold text-slate-900">
        Cambiar contraseña
      </h2>
      <p className="text-sm text-slate-600">
        Usa al menos 8 caracteres. Al cambiarla se cierran tus sesiones en otros navegadores y aplicaciones; esta sigue
        abierta.
      </p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value={CHANGE_PASSWORD_INTENT} />
      {/* For password managers: the account whose password this is (not sent). */}
      <input type="email" autoComplete="username" value={correo} readOnly hidden />
      <TextField
        field={fields.passwordActual}
        label="Contraseña actual"
        type="password"
        autoComplete="current-password"
        required
      />
      <TextField
        field={fields.password}
        label="Contraseña nueva"
        type="password"
        autoComplete="new-password"
        required
      />
      <TextField
        field={fields.confirmarPassword}
        label="Confirmar contraseña nueva"
        type="password"
        autoComplete="new-password"
        required
      />
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? "Cambiando..." : "Cambiar contraseña"}
      </button>
    </Form>
  );
}
