import { data } from "react-router";

export function loader() {
  throw data("Página no encontrada", { status: 404 });
}

export default function NotFound() {
  return null;
}
