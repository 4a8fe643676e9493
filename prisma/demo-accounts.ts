// Demo accounts created by `npm run db:seed` when ADMIN_EMAIL/ADMIN_PASSWORD are not set.
// Imported by the seed and by the end-to-end tests: plain data, no imports.

export const DEMO_PASSWORD = "Academia2026!";

type DemoRole = "admin" | "docente" | "estudiante" | "comunidad";

export interface DemoAccount {
  correo: string;
  nombre: string;
  apellido: string;
  rol: DemoRole;
  aprobado: boolean;
  /** ISO date (yyyy-mm-dd) */
  fechaNacimiento: string;
}

export const DEMO_ADMIN: DemoAccount = {
  correo: "admin@academia.cl",
  nombre: "Administración",
  apellido: "Academia",
  rol: "admin",
  aprobado: true,
  fechaNacimiento: "1980-03-15",
};

export const DEMO_DOCENTE: DemoAccount = {
  correo: "docente@academia.cl",
  nombre: "Daniela",
  apellido: "Soto",
  rol: "docente",
  aprobado: true,
  fechaNacimiento: "1986-07-22",
};

export const DEMO_ESTUDIANTE: DemoAccount = {
  correo: "estudiante@academia.cl",
  nombre: "Matías",
  apellido: "Fuentes",
  rol: "estudiante",
  aprobado: true,
  fechaNacimiento: "2004-10-05",
};

export const DEMO_COMUNIDAD: DemoAccount = {
  correo: "comunidad@academia.cl",
  nombre: "Carmen",
  apellido: "Muñoz",
  rol: "comunidad",
  aprobado: true,
  fechaNacimiento: "1972-01-30",
};

/** Registered docente still waiting for approval (aprobado = false): cannot sign in yet. */
export const DEMO_PENDIENTE: DemoAccount = {
  correo: "pendiente@academia.cl",
  nombre: "Ignacio",
  apellido: "Rojas",
  rol: "docente",
  aprobado: false,
  fechaNacimiento: "1991-12-09",
};

export const DEMO_ACCOUNTS = {
  admin: DEMO_ADMIN,
  docente: DEMO_DOCENTE,
  estudiante: DEMO_ESTUDIANTE,
  comunidad: DEMO_COMUNIDAD,
  pendiente: DEMO_PENDIENTE,
} as const;
