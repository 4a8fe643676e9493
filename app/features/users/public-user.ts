/**
 * The user as the API shows it (docs/product.md#api-accounts): id, nombre, apellido, correo,
 * fechaNacimiento, rol, imagenPerfil.
 */
export function toApiUser(user: {
  id: string;
  nombre: string;
  apellido: string;
  correo: string;
  fechaNacimiento: Date | null;
  rol: string | null;
  imagenPerfil: string | null;
  aprobado?: boolean;
  createdAt?: Date;
}) {
  return {
    id: user.id,
    nombre: user.nombre,
    apellido: user.apellido,
    correo: user.correo,
    fechaNacimiento: user.fechaNacimiento ? user.fechaNacimiento.toISOString().slice(0, 10) : null,
    rol: user.rol,
    imagenPerfil: user.imagenPerfil ? `/usuarios/${user.id}/imagen` : null,
    ...(user.aprobado !== undefined ? { aprobado: user.aprobado } : {}),
    ...(user.createdAt ? { creadoEn: user.createdAt.toISOString() } : {}),
  };
}
