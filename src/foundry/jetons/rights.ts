/** Who plays which side of a question: the GM is the "mj" side; the character's players are the "joueur" side. */
import { jetons as J } from "../../rules/index.ts";

interface UserLike {
  id: string | null;
  isGM: boolean;
}
interface ActorLike {
  testUserPermission(user: User.Implementation, permission: "OWNER"): boolean;
}

/** Non-GM users who own the character. */
export function playerOwners(actor: ActorLike): User.Implementation[] {
  return game.users?.filter((u) => !u.isGM && actor.testUserPermission(u, "OWNER")) ?? [];
}

/**
 * `joueur`: a player owning the character; a GM only when no player owns it (a GM running a test or an NPC), so a
 * GM never bids in a player's place. `mj`: any GM.
 */
export function mayActAs(user: UserLike, side: J.Side, actor: ActorLike | null): boolean {
  if (side === "mj") return user.isGM;
  if (!actor) return false;
  const players = playerOwners(actor);
  return players.length ? players.some((p) => p.id === user.id) : user.isGM;
}

export function sidesOf(user: UserLike, actor: ActorLike | null): J.Side[] {
  return J.SIDES.filter((side) => mayActAs(user, side, actor));
}
