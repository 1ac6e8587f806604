/**
 * Fixed-size keys from text a request may pad at will (arguments, targets): whatever reaches a stored key or a
 * card's `done` list is bounded, so no argument can make a card or a record too large to be read (issue 22.7).
 * Pure: no Foundry global.
 */

/** FNV-1a over UTF-16 units, 52 bits in base 36 (at most 11 characters, no dot). */
export function shortHash(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return (h >> 12n).toString(36);
}

/** Longest token stored as it is; a longer one (or one with other characters) is stored as its hash. */
export const TOKEN_MAX = 64;
const PLAIN_TOKEN = /^[A-Za-z0-9_.:-]+$/;
const HASHED_TOKEN = /^#[a-z0-9]{1,13}$/;

/**
 * The stored form of an idempotence token: short tokens made of names stay readable (`trinites.pick`); anything
 * longer, or built from other characters, becomes `#<hash>`. Idempotent: a stored form maps to itself.
 */
export function storedToken(token: string): string {
  if (HASHED_TOKEN.test(token)) return token;
  return token.length <= TOKEN_MAX && PLAIN_TOKEN.test(token) ? token : `#${shortHash(token)}`;
}
