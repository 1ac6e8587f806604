/**
 * The buttons of a Trinités test card, pure: the Deva/Archonte pick, the Encourager/Intimider options, one damage
 * button per target the attack reaches (rules core `hitReach`, `attackDamage`), the shared Apply when nobody was
 * targeted.
 */
import { trinites as T } from "../../rules/index.ts";
import type { CardButton, CardState } from "../chat/types.ts";
import { APPLY_DAMAGE, DAMAGE, INFLUENCE, K, PICK, type TestData, type WeaponSetup } from "./card-data.ts";

/** Whether the roller still picks the option of a successful Encourager/Intimider (before its turn's end). */
export function influenceOpen(data: TestData): boolean {
  const { setup, result } = data;
  return Boolean(setup.action && result?.success && setup.targets.length && !data.influence && !data.turnEndApplied);
}

function influenceButtons(data: TestData): CardButton[] {
  const action = data.setup.action!;
  const uses = data.setup.turn ? (["initiative", "action", "reaction"] as const) : (["action", "reaction"] as const);
  const icons = {
    initiative: "fa-solid fa-stopwatch",
    action: "fa-solid fa-hand-fist",
    reaction: "fa-solid fa-shield",
  };
  return uses.map((use) => ({
    action: INFLUENCE,
    label: { key: K(`Influence.${action}.${use}`) },
    icon: icons[use],
    args: { use },
    audience: "roller",
  }));
}

export function buttonsFor(card: CardState, data: TestData): CardButton[] {
  if (!data.pick) {
    return (["deva", "archonte"] as const).map((spirit) => ({
      action: PICK,
      label: { key: K(spirit === "deva" ? "KeepDeva" : "KeepArchonte"), value: data.results[spirit]?.final ?? 0 },
      icon: spirit === "deva" ? "fa-solid fa-sun" : "fa-solid fa-moon",
      args: { spirit },
      audience: "roller",
    }));
  }
  if (influenceOpen(data)) return influenceButtons(data);
  if (card.damage && data.setup.targets.length) return damageButtons(data);
  if (card.damage) {
    return [
      {
        action: APPLY_DAMAGE,
        // No target was chosen at roll time: the shared button, to the clicker's tokens, before armour.
        label: { key: K("ApplyUntargeted"), value: card.damage.amount },
        icon: "fa-solid fa-heart-crack",
        args: {},
        audience: "owners",
      },
    ];
  }
  return [];
}

/** How the card's attack reaches one target (rules core's `hitReach`): a dodge only halves an area attack. */
export function reachOf(data: TestData, targetUuid: string): T.HitReach {
  const w = data.setup.weapon;
  if (!w || !data.result || data.setup.opposes) return "none";
  const answer = data.opposition.find((o) => o.key === targetUuid);
  return T.hitReach(data.result.success, w.area, !!answer && answer.winner !== "a");
}

/** The damage a target takes, from the card's weapon and the target as known (rules core's `attackDamage`). */
export function damageFor(
  w: Pick<WeaponSetup, "damage" | "swordKind" | "steps" | "precise">,
  target: { kind?: "trinite" | "humain" | null; protection?: number },
  reach: T.HitReach,
): T.AttackDamage {
  return T.attackDamage({
    weaponDamage: w.damage,
    protection: target.protection ?? 0,
    targetIsTrinite: target.kind === "trinite",
    swordKind: w.swordKind,
    steps: w.steps,
    precise: w.precise,
    areaMiss: reach === "half",
  });
}

/** One button per target the attack reaches, showing what that target really loses (sword rule, armour, area). */
function damageButtons(data: TestData): CardButton[] {
  const w = data.setup.weapon!;
  return data.setup.targets.flatMap((t) => {
    const reach = reachOf(data, t.uuid);
    if (reach === "none") return [];
    const hit = damageFor(w, t, reach);
    return [
      {
        action: DAMAGE,
        label: { key: K(reach === "half" ? "DamageToHalf" : "DamageTo"), name: t.name, value: hit.damage },
        icon: "fa-solid fa-heart-crack",
        args: { key: t.uuid },
        audience: "owners" as const,
        // Its owner (or a GM) applies it: greyed out for anyone else, with why (chat/card-state.ts).
        owner: t.uuid,
      },
    ];
  });
}
