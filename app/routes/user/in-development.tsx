import { Placeholder } from "~/components/panel-layout.tsx";

// Any other /user/* sub-route (SPEC §2).
export default function InDevelopment() {
  return <Placeholder title="Panel Usuario">Contenido en desarrollo</Placeholder>;
}
