/**
 * The question card, pure: a new card for a character's question, and the card carrying new question data (status,
 * outcome banner, template context). Its state is question-data.ts, its events question-events.ts, what each
 * transition changes outside the card question-settlement.ts, its template context question-view.ts.
 */
import { jetons as J } from "../../rules/index.ts";
import type { CardState, JsonObject, Label, OutcomeTone } from "../chat/types.ts";
import { createCardState } from "../chat/card-state.ts";
import { QUESTION_BODY, QUESTION_KIND, RULESET, toStored, type QuestionCardData } from "./question-data.ts";
import { questionView } from "./question-view.ts";

export interface QuestionActorFacts {
  uuid: string;
  name: string;
  img: string | null;
  traits: readonly { name: string; points: number }[];
  weakness: string;
  conditions: readonly { name: string; permanent: boolean }[];
  advantage: { active: boolean; label: string };
  tokens: number;
}

/** A new card in the `asking` state, posted by the player (the roller). */
export function newQuestionCard(actor: QuestionActorFacts, rollerId: string, questionId: string): CardState {
  const state = J.startQuestion({
    id: questionId,
    traits: actor.traits.filter((t) => t.points === 1 || t.points === 2),
    advantageAvailable: actor.advantage.active,
  });
  const data: QuestionCardData = {
    question: toStored(state),
    conditions: actor.conditions.map((c) => ({ name: c.name, permanent: c.permanent, ticked: c.permanent })),
    weakness: { name: actor.weakness, ticked: false },
    extraConditions: 0,
    extraNegative: 0,
    advantageLabel: actor.advantage.active ? actor.advantage.label : "",
    movement: null,
    recorded: { advantage: null, condition: null },
  };
  return withQuestion(
    createCardState({
      ruleset: RULESET,
      kind: QUESTION_KIND,
      rollerId,
      title: { key: "QUINTETTE.Jetons.Card.Title" },
      actorUuid: actor.uuid,
      actorName: actor.name,
      img: actor.img,
      body: QUESTION_BODY,
    }),
    data,
    actor.tokens,
  );
}

const OUTCOME: Record<J.Winner, { key: string; tone: OutcomeTone }> = {
  joueur: { key: "QUINTETTE.Jetons.Outcome.Success", tone: "success" },
  mj: { key: "QUINTETTE.Jetons.Outcome.Failure", tone: "failure" },
  egalite: { key: "QUINTETTE.Jetons.Outcome.Tie", tone: "neutral" },
};

/** The card with new question data; subtitle and outcome banner follow the status. */
export function withQuestion(card: CardState, data: QuestionCardData, playerReserve: number | null = null): CardState {
  const q = data.question;
  const subtitle: Label = { key: `QUINTETTE.Jetons.Status.${q.status}` };
  let outcome: CardState["outcome"] = null;
  if (q.outcome && (q.status === "resolved" || q.status === "tie")) {
    const o = OUTCOME[q.outcome.winner];
    outcome = {
      label: { key: o.key },
      tone: o.tone,
      detail: { key: "QUINTETTE.Jetons.Outcome.Totals", value: q.outcome.playerTotal, target: q.outcome.gmTotal },
    };
  } else if (q.status === "cancelled" || q.status === "abandoned" || q.status === "voided") {
    outcome = { label: { key: `QUINTETTE.Jetons.Status.${q.status}` }, tone: "neutral", detail: null };
  }
  const { view: _old, ...rest } = data;
  const json: JsonObject = { ...rest, view: questionView(rest, playerReserve) };
  return { ...card, subtitle, outcome, data: json };
}
