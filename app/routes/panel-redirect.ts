import { redirect } from "react-router";

// /docente and /comunidad: one user panel serves the three roles (docs/product.md#post-login-destinations).
export function loader() {
  return redirect("/user");
}
