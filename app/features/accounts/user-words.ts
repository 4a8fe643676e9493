// Registros' search words, one UserWord row per word of the name, surname and e-mail (decision 009), written
// in the same statement as those fields. Relative imports: the seed imports this module too.
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
