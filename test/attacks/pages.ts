/**
 * The active GM's other page (issue 22: one GM session serves). The double runs every client in one process and
 * cannot connect one user twice; what every page sees of another page of the same GM is its claim of the service,
 * the world setting `quintette.servingSession` (relay/session.ts). After `otherPageServes()`, the "gm" client of the
 * double is a page of the active GM that does not serve; `thisPageServes()` makes it claim the service back.
 */
import { asClient, asGM, settle } from "../double/shared-core.ts";
import { claimServing, registerServingSession, SETTING_SESSION } from "../../src/foundry/relay/session.ts";

export async function otherPageServes(gmId = "gm"): Promise<void> {
  registerServingSession();
  await asGM(() =>
    game.settings?.set("quintette", SETTING_SESSION, JSON.stringify({ userId: gmId, session: "otherpage", at: 1 })),
  );
  await settle();
}

export async function thisPageServes(gmId = "gm"): Promise<void> {
  await asClient(gmId, () => claimServing());
  await settle();
}
