import { apiError } from "~/lib/api.server.ts";

// Placeholder until the catalog issue's work lands here.
export const loader = () => apiError(404, "Ruta no encontrada.");
export const action = () => apiError(404, "Ruta no encontrada.");
