import { redirect } from "react-router";

// /docente and /comunidad: one user panel serves the three roles (DESIGN §2).
export function loader() {
  return redirect("/user");
}
