// @postgresql: two submissions at once set the password once (transactions)
// A recovery link submitted twice at once (docs/product.md#password-recovery): one sets the
// password, the other finds the link used.
import { expect, it } from "vitest";
import { createUser } from "../factories.ts";
import { forgot, linkSentTo, submitLink } from "../recovery-link.ts";

it("two submissions at once set the password once", async () => {
  const user = await createUser();
  await forgot(user.correo);
  const token = await linkSentTo(user.correo);
  const answers = await Promise.all([
    submitLink(token, "primera clave larga"),
    submitLink(token, "segunda clave larga"),
  ]);
  expect(answers.map((a) => a.status).sort()).toEqual([302, 400]);
});
