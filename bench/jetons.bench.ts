import type { Bench } from "tinybench";
import {
  addPlayer,
  applyQuestionEvent,
  buyAdvantage,
  commitBid,
  commitmentId,
  createLedger,
  escrowBid,
  handBack,
  type Ledger,
  resolveBids,
  settleBid,
  settleQuestion,
  sha256Hex,
  startQuestion,
  validateArchetype,
  verifyCommitment,
} from "../src/rules/jetons";

const NONCE_A = "0123456789abcdef0123456789abcdef";
const NONCE_B = "fedcba9876543210fedcba9876543210";

// 1,000 characters with varied trait spreads, built once outside the timed task.
const characters = Array.from({ length: 1000 }, (_, i) => ({
  archetype: i % 7 === 0 ? "Ninja" : "Assassin Ninja",
  traits: Array.from({ length: 2 + (i % 5) }, (_, t) => ({ name: `Trait ${t}`, points: 1 + ((i + t) % 2) })),
  weakness: i % 11 === 0 ? "" : "Sujet au vertige",
}));

export function register(bench: Bench): void {
  bench.add("jetons: resolveBids, every base 0-12 × base 0-12 × bid 0-10 × bid 0-10", () => {
    for (let pb = 0; pb <= 12; pb++)
      for (let ob = 0; ob <= 12; ob++)
        for (let bid = 0; bid <= 10; bid++)
          for (let gm = 0; gm <= 10; gm++)
            void resolveBids({ playerBase: pb, oppositionBase: ob, playerBid: bid, gmBid: gm });
  });
  bench.add("jetons: validateArchetype × 1,000 characters", () => {
    for (const c of characters) void validateArchetype(c, 6);
  });
  bench.add("jetons: commit + verify a sealed bid (pure SHA-256) × 100", () => {
    for (let i = 0; i < 100; i++) {
      const opening = { bid: i % 10, nonce: NONCE_A, questionId: `q${i}#1`, side: "joueur" as const };
      void verifyCommitment(commitBid(opening, sha256Hex), opening, sha256Hex);
    }
  });
  bench.add("jetons: ledger, 1,000 moves across 5 players", () => {
    let l: Ledger = createLedger({}, 10);
    for (const id of ["a", "b", "c", "d", "e"]) l = addPlayer(l, id);
    for (let i = 0; i < 1000; i++) {
      const id = ["a", "b", "c", "d", "e"][i % 5] ?? "a";
      if (i % 3 === 0 && (l.players[id] ?? 0) > 0) l = buyAdvantage(l, id);
      else if (i % 3 === 1 && l.collective > 0) l = handBack(l, id, 1);
      else if ((l.players[id] ?? 0) > 1)
        l = settleBid(escrowBid(l, `q${i}`, id, 2), `q${i}`, { toCollective: 1, returnedToPlayer: 1 });
    }
  });
  bench.add("jetons: a full question, ask to settled ledger", () => {
    const ctx = { hash: sha256Hex, playerReserve: 5 };
    let s = startQuestion({
      id: "b",
      traits: [{ name: "Escrime", points: 2 }],
      advantageAvailable: false,
      text: "Oui ?",
    });
    s = applyQuestionEvent(s, "joueur", { type: "chooseTraits", ticked: [0], useAdvantage: false });
    s = applyQuestionEvent(s, "mj", { type: "setOpposition", conditions: 1, negativeTraits: 0 });
    s = applyQuestionEvent(s, "mj", { type: "openBidding" });
    const qid = commitmentId(s);
    s = applyQuestionEvent(s, "joueur", {
      type: "commit",
      hash: commitBid({ bid: 3, nonce: NONCE_A, questionId: qid, side: "joueur" }, sha256Hex),
    });
    s = applyQuestionEvent(s, "mj", {
      type: "commit",
      hash: commitBid({ bid: 2, nonce: NONCE_B, questionId: qid, side: "mj" }, sha256Hex),
    });
    s = applyQuestionEvent(s, "joueur", { type: "reveal", bid: 3, nonce: NONCE_A }, ctx);
    s = applyQuestionEvent(s, "mj", { type: "reveal", bid: 2, nonce: NONCE_B }, ctx);
    s = applyQuestionEvent(s, "mj", { type: "resolve" });
    void settleQuestion(createLedger({ ana: 5 }), "ana", s);
  });
}
