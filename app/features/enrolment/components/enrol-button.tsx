import { Form, useLocation, useNavigation } from "react-router";

/** 'Comenzar Curso': a POST enrolment (the server decides); works without JavaScript. */
export function EnrolButton({ courseId, className = "btn-primary w-full" }: { courseId: string; className?: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const action = `/cursos/${courseId}`;
  const busy =
    navigation.state === "submitting" &&
    navigation.formAction === action &&
    navigation.formData?.get("intent") === "inscribir";
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="volver" value={`${location.pathname}${location.search}`} />
      <button type="submit" name="intent" value="inscribir" className={className} disabled={busy}>
        {busy ? "Registrando..." : "Comenzar Curso"}
      </button>
    </Form>
  );
}
