/**
 * Opt-in addition to the double: macros and the hotbar, for the hotbar-roll tests. What is faked:
 *
 * - `Macro.implementation.create(data)`: a script macro document with `name`, `type`, `img`, `command`, authored by
 *   the creating user (`isAuthor`), added to `game.macros` (fvtt-types BaseMacro schema: name, type, img, command,
 *   author; `Macro#isAuthor`: "Is the current User the author of this macro?").
 * - `User#assignHotbarMacro(macro, slot)`: records the macro's id in `user.hotbar[slot]` (fvtt-types user.d.mts:
 *   "Assign a Macro to a numbered hotbar slot between 1 and 50").
 * - `User#character`: "The user's assigned character" (null by default), set with `setCharacter`.
 */
import { DoubleCollection } from "./documents.ts";
import { randomID } from "./utils.ts";

export class DoubleMacro {
  _id = randomID();
  authorId: string;
  constructor(
    public name: string,
    public type: string,
    public img: string,
    public command: string,
  ) {
    this.authorId = currentUser().id;
  }
  get id(): string {
    return this._id;
  }
  get isAuthor(): boolean {
    return currentUser().id === this.authorId;
  }
}

interface UserLike {
  id: string;
  hotbar?: Record<string, string>;
  character?: unknown;
  assignHotbarMacro?: unknown;
}

function currentUser(): UserLike {
  return (globalThis as unknown as { game: { user: UserLike } }).game.user;
}

export function installMacrosDouble(): DoubleCollection<DoubleMacro> {
  const macros = new DoubleCollection<DoubleMacro>();
  const g = globalThis as unknown as { game: { macros?: unknown; users: Iterable<UserLike> }; Macro?: unknown };
  g.game.macros = macros;
  g.Macro = {
    implementation: {
      async create(data: { name: string; type: string; img: string; command: string }) {
        const macro = new DoubleMacro(data.name, data.type, data.img, data.command);
        macros.set(macro.id, macro);
        return macro;
      },
    },
  };
  for (const user of [...(g.game.users as Map<string, UserLike>).values()]) {
    user.hotbar = {};
    user.character ??= null;
    user.assignHotbarMacro = async (macro: DoubleMacro | null, slot: number | null) => {
      const free = Array.from({ length: 50 }, (_, i) => i + 1).find((i) => !user.hotbar?.[i]) ?? 1;
      user.hotbar![String(slot ?? free)] = macro?.id ?? "";
      return user;
    };
  }
  return macros;
}
