import { useHydrated } from "./ui/use-hydrated.ts";

export type FlashMessage = { type: "success" | "error" | "info"; message: string };

/**
 * A flash message from the server. Success messages fade after 3 s with JS
 * (docs/product.md#working-without-javascript).
 */
export function FlashToast({ flash }: { flash: FlashMessage | null }) {
  const hydrated = useHydrated();
  if (!flash) return null;
  const tone = flash.type === "error" ? "alert-error" : flash.type === "success" ? "alert-success" : "alert-info";
  const fades = hydrated && flash.type === "success";
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4">
      <div role={flash.type === "error" ? "alert" : "status"} className={`${tone} ${fades ? "toast-fade" : ""}`}>
        {flash.message}
      </div>
    </div>
  );
}
