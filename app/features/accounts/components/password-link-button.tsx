// Registros' 'Crear enlace para restablecer contraseña': a POST to the page that shows the link once.
import { Form, useNavigation } from "react-router";

const passwordLinkPath = (userId: string) => `/admin/records/${encodeURIComponent(userId)}/enlace-contrasena`;

export function PasswordLinkButton({ userId, className = "" }: { userId: string; className?: string }) {
  const navigation = useNavigation();
  const action = passwordLinkPath(userId);
  const pending = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className={className}>
      <button type="submit" className="btn-secondary" disabled={pending}>
        {pending ? "Creando enlace..." : "Crear enlace para restablecer contraseña"}
      </button>
    </Form>
  );
}
