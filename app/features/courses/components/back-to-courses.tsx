import { Link } from "react-router";

/** '← Volver a cursos' (docs/product.md#participants), on every page below the course table. */
export function BackToCourses() {
  return (
    <p>
      <Link to="/admin/courses" className="text-sm font-medium text-brand-700 hover:underline">
        ← Volver a cursos
      </Link>
    </p>
  );
}
