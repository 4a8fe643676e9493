import { Placeholder } from "~/components/panel-layout.tsx";

// Built in its own issue; the panel guard (layout) already protects it.
export default function Page() {
  return <Placeholder title="Mis cursos" />;
}
