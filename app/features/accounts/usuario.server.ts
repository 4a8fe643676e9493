// Free usuarios for new accounts (usuario.ts), proposed in batches: a few reads per list, not one per row.
import { NO_EMAIL_DOMAIN } from "~/features/mail/no-email.ts";
import { chunks } from "~/lib/chunks.ts";
import { prisma } from "~/lib/db.server.ts";
import { usuarioCandidate } from "./usuario.ts";

type Db = Pick<typeof prisma, "user">;

/** Which of these names an account already has, as a usuario or as the reserved address that names one. */
async function takenUsuarios(names: string[], db: Db): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks(names, 250)) {
    const rows = await db.user.findMany({
      where: { OR: [{ usuario: { in: part } }, { correo: { in: part.map((u) => `${u}@${NO_EMAIL_DOMAIN}`) } }] },
      select: { usuario: true, correo: true },
    });
    for (const r of rows) {
      if (r.usuario) taken.add(r.usuario);
      taken.add(r.correo.split("@")[0]!);
    }
  }
  return taken;
}

/** One free usuario per person ('nombre.apellido', then numbered), namesakes read together; in the caller's tx. */
export async function proposeUsuarios(people: { nombre: string; apellido: string }[], db: Db = prisma) {
  const out: string[] = people.map(() => "");
  // By first proposal: everyone of the same name, and the next number to try for them.
  const groups = new Map<string, { waiting: number[]; next: number; person: (typeof people)[number] }>();
  people.forEach((person, i) => {
    const key = usuarioCandidate(person.nombre, person.apellido, 1);
    const group = groups.get(key) ?? { waiting: [], next: 1, person };
    group.waiting.push(i);
    groups.set(key, group);
  });
  for (let round = 0; [...groups.values()].some((g) => g.waiting.length > 0); round++) {
    if (round > 20) throw new Error("No se pudo elegir un usuario libre.");
    const tries = new Map<string, string[]>();
    for (const [key, group] of groups) {
      if (group.waiting.length === 0) continue;
      const count = group.waiting.length + 4;
      const { nombre, apellido } = group.person;
      tries.set(
        key,
        Array.from({ length: count }, (_, k) => usuarioCandidate(nombre, apellido, group.next + k)),
      );
      group.next += count;
    }
    const taken = await takenUsuarios([...tries.values()].flat(), db);
    for (const [key, names] of tries) {
      const group = groups.get(key)!;
      const free = names.filter((name) => !taken.has(name));
      while (group.waiting.length > 0 && free.length > 0) out[group.waiting.shift()!] = free.shift()!;
    }
  }
  return out;
}
