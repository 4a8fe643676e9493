import { API_NOT_FOUND, apiError } from "~/lib/api.server.ts";

// Unknown /api paths answer JSON, not the HTML 404 page.
export const loader = () => apiError(404, API_NOT_FOUND);
export const action = () => apiError(404, API_NOT_FOUND);
