// The admin's Registros search reads UserWord: one row per distinct word of an account's name,
// surname and e-mail (the address whole and its parts, app/lib/search-text.ts searchWords), so
// 'Sofía', 'nunez' or 'escuela.cl' find the person. Every write of those fields carries the words
// as a nested write (userWordsCreate / userWordsUpdate: the same statement, so the same
// transaction): registration, rectification, an e-mail change, the seed. Rows made before the
// table existed are filled at start by backfillUserWords (users.server.ts); a deleted account's
// words go with it (cascade). docs/decisions/009-flat-cost-at-scale.md.
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
