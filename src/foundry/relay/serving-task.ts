/**
 * GM-side work Foundry starts on every page of the active GM (the combat's turn events: Foundry runs them for one GM
 * user, and that user may have two pages open). Only the serving page does it (session.ts): on both, a round start
 * or a seat move would be written twice, and a Trinités turn that opens a new round would advance it twice.
 *
 * Another page of that GM asks the serving page whether it still lives (a relayed no-op, `ALIVE`): Foundry tells no
 * page when another page of the same user closes. When no answer comes in the relay's time, this page takes the
 * service and does the work itself, if it is still due (the combat has not moved on meanwhile).
 */
import { servingPageAnswers } from "./index.ts";
import { claimServing, isServingSession } from "./session.ts";

/** Tests shorten the wait for the serving page's answer (default: the relay's). */
export { setAliveTimeout } from "./index.ts";

export async function onServingPage(task: () => Promise<void>, stillDue: () => boolean): Promise<void> {
  if (isServingSession()) return task();
  if (!game.users?.activeGM?.isSelf) return;
  if (await servingPageAnswers()) return;
  await claimServing();
  if (isServingSession() && stillDue()) await task();
}
