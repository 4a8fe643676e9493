// The classes' own words (docs/product.md#classes), one place for the pages and the API.
export const CLASS_NOT_FOUND = "Clase no encontrada";
