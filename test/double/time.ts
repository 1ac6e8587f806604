/**
 * World time. fvtt-types `GameTime` (client/helpers/time.d.mts): `worldTime`, "The current World time expressed in
 * seconds", and `advance(delta)`, "Advance or rewind the world time according to a delta amount expressed [...] in
 * seconds", which sets a world setting (its options "passed to `game.settings.set`"): a GM's write. A combat's Next turn
 * and Next round let time elapse: fvtt-types `CONFIG.time.turnTime` / `roundTime`, "The number of seconds which
 * automatically elapse at the end of a Combat turn" / "of a Combat round" (default 0), carried by the update option
 * `worldTime: { delta }` (`Combat.Database.Update`). The double counts the ending turn's and the ending round's seconds
 * (`combatSeconds`), read on the client that asks for the turn change, as the option is that client's.
 */
import { currentUser } from "./context.ts";

export class GameTimeDouble {
  #worldTime = 0;

  get worldTime(): number {
    return this.#worldTime;
  }

  async advance(delta: number): Promise<number> {
    if (!currentUser().isGM) throw new Error("User lacks permission to set the world time");
    return this.elapse(delta);
  }

  /** The server applying a combat update's `worldTime.delta`. */
  elapse(delta: number): number {
    this.#worldTime += delta;
    return this.#worldTime;
  }
}

/** The seconds that elapse when a combat's turn ends, and its round too when `roundEnds`. */
export function combatSeconds(roundEnds: boolean): number {
  const time = (globalThis as { CONFIG?: { time?: { turnTime?: number; roundTime?: number } } }).CONFIG?.time;
  return (time?.turnTime ?? 0) + (roundEnds ? (time?.roundTime ?? 0) : 0);
}

/** The world's clock after a combat update carrying `worldTime: { delta }`. */
export function elapseWorldTime(delta: number): void {
  if (!delta) return;
  const time = (globalThis as { game?: { time?: unknown } }).game?.time;
  if (time instanceof GameTimeDouble) time.elapse(delta);
}
