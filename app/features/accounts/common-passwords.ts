// Passwords people pick first, kept locally; only entries of 8+ characters matter (shorter fail the length rule).
const COMMON = `12345678 123456789 1234567890 12341234 11111111 00000000 87654321 123123123 password
password1 password123 passw0rd qwerty123 qwertyuiop asdfghjkl zxcvbnm1 iloveyou abc12345 abcd1234
1q2w3e4r 1qaz2wsx qazwsxedc trustno1 sunshine princess football baseball superman starwars
welcome1 letmein1 admin123 administrador contraseña contrasena contraseña1 contrasena1 micontraseña
chile123 chile2024 chile2025 chile2026 santiago osorno123 academia academia1 academia123 estudiante
profesor docente1 comunidad 123456abc holamundo teamo123 tequiero mariposa colocolo
universidad bienvenido`;

const SET = new Set(COMMON.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return SET.has(password.trim().toLowerCase());
}
