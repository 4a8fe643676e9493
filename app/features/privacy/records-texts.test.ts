import { describe, expect, it } from "vitest";
import { certificateChoiceLabel } from "./account-deletion.ts";
import { pendingLabel } from "~/features/accounts/components/role-panel.tsx";

describe("texts that agree with their count", () => {
  it("the menu's pending count: '1 pendiente', '2 pendientes', past the cap 'más de 99 pendientes'", () => {
    expect(pendingLabel(1)).toBe("1 pendiente");
    expect(pendingLabel(2)).toBe("2 pendientes");
    expect(pendingLabel(99)).toBe("99 pendientes");
    expect(pendingLabel(100)).toBe("más de 99 pendientes");
  });

  it("the certificates' choices are singular under 'Tu certificado', plural under 'Tus 3 certificados'", () => {
    expect(certificateChoiceLabel("conservar", { own: true, count: 1 })).toBe(
      "Mantenerlo verificable: su página seguirá mostrando tu nombre, el curso y la fecha, y su PDF.",
    );
    expect(certificateChoiceLabel("revocar", { own: false, count: 1 })).toBe(
      "Revocarlo: su página dirá «Certificado revocado a petición de su titular», sin el nombre, y se borrará su PDF.",
    );
    expect(certificateChoiceLabel("conservar", { own: false, count: 3 })).toBe(
      "Mantenerlos verificables: sus páginas seguirán mostrando el nombre, el curso y la fecha, y sus PDF.",
    );
    expect(certificateChoiceLabel("revocar", { own: true, count: 3 })).toBe(
      "Revocarlos: sus páginas dirán «Certificado revocado a petición de su titular», sin tu nombre, " +
        "y se borrarán sus PDF.",
    );
  });
});
