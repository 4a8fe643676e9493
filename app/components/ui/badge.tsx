import type { ReactNode } from "react";

const TONES = {
  green: "bg-green-100 text-green-800",
  amber: "bg-amber-100 text-amber-900",
  red: "bg-red-100 text-red-800",
  slate: "bg-slate-200 text-slate-800",
} as const;

/** A small status pill (Publicado, Borrador, Aprobado, Pendiente, Suspendido…). */
export function Badge({
  tone,
  className = "",
  children,
}: {
  tone: keyof typeof TONES;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]} ${className}`.trim()}>
      {children}
    </span>
  );
}

/** A course's state as the admin pages show it (a private course's 'publicado' is 'Lista para la clase'). */
export function CourseStateBadge({
  estado,
  privado = false,
  className,
}: {
  estado: string;
  privado?: boolean;
  className?: string;
}) {
  const [tone, label] =
    privado && estado === "publicado"
      ? (["green", "Lista para la clase"] as const)
      : (COURSE_STATE_BADGES[estado] ?? (["amber", "Borrador"] as const));
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}

const COURSE_STATE_BADGES: Partial<Record<string, readonly [keyof typeof TONES, string]>> = {
  en_revision: ["red", "En revisión"],
  publicado: ["green", "Publicado"],
};
