// Registros' search reads UserWord: one row per distinct word of an account's name, surname and e-mail
// (docs/decisions/009-flat-cost-at-scale.md). Every write of those fields carries the words as a nested write,
// so they change in the same statement.
// Relative import: the seed (plain Node) imports this module too.
import { searchWords, wordsCreate, wordsUpdate } from "../../lib/search-text.ts";

export type UserSearchText = { nombre: string; apellido: string; correo: string };

/** The distinct words an account is found by. */
export function userSearchWords(user: UserSearchText): string[] {
  return searchWords(user.nombre, user.apellido, user.correo);
}

/** `words` of a new account's create data. */
export function userWordsCreate(user: UserSearchText) {
  return { words: wordsCreate(userSearchWords(user)) };
}

/** `words` of an update that changes the name, surname or e-mail (all three as they will be). */
export function userWordsUpdate(user: UserSearchText) {
  return { words: wordsUpdate(userSearchWords(user)) };
}
