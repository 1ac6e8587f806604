/**
 * Engineer B's part of the double, installed with the rest by `installFoundryDouble`: ChatMessage (chat.ts),
 * Combat/Combatant/CombatTracker (combat.ts), `CONFIG.Combat.initiative`. Multi-client simulation (clients.ts) and
 * real template rendering (chat.ts `useRealTemplates`) are opt-in per test.
 */
import { DoubleChatMessage } from "./chat.ts";
import { DoubleCombat, DoubleCombatant, DoubleCombatTracker } from "./combat.ts";
import type { DoubleState } from "./index.ts";

export function extendDouble(state: DoubleState): void {
  Object.assign(state.foundry.documents, {
    ChatMessage: DoubleChatMessage,
    Combat: DoubleCombat,
    Combatant: DoubleCombatant,
  });
  Object.assign(state.foundry.applications, { sidebar: { tabs: { CombatTracker: DoubleCombatTracker } } });
  state.CONFIG.ChatMessage.documentClass = DoubleChatMessage;
  state.CONFIG.Combat.documentClass = DoubleCombat;
  state.CONFIG.Combatant.documentClass = DoubleCombatant;
  Object.assign(state.CONFIG.Combat, { initiative: { formula: null, decimals: 0 } });
  Object.assign(globalThis, { ChatMessage: DoubleChatMessage });
}

export { DoubleChatMessage, DoubleCombat, DoubleCombatant, DoubleCombatTracker };
export {
  reloadMessage,
  messageElement,
  buttonsIn,
  click,
  useRealTemplates,
  loadChatLog,
  chatLogOf,
  enableChatLog,
  type FakeElement,
} from "./chat.ts";
export {
  installClients,
  asClient,
  asGM,
  addUser,
  setGMsConnected,
  setUserConnected,
  targetsOf,
  controlledTokens,
} from "./clients.ts";
export { settle, setLatency, setPermission, USER_ROLES } from "./server.ts";
