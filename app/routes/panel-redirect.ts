import { redirect } from "react-router";

// /comunidad: the user panel serves it (docentes have their own, /docente) (docs/product.md#post-login-destinations).
export function loader() {
  return redirect("/user");
}
