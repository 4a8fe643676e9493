import { apiError } from "~/lib/api.server.ts";

// Unknown /api paths answer JSON, not the HTML 404 page.
export const loader = () => apiError(404, "Ruta no encontrada.");
export const action = () => apiError(404, "Ruta no encontrada.");
