import { Placeholder } from "~/components/panel-layout.tsx";

// Any other /user/* sub-route (docs/product.md#user-panel).
export default function InDevelopment() {
  return <Placeholder title="Panel Usuario">Contenido en desarrollo</Placeholder>;
}
