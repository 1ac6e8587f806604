/**
 * The table's HTML reader (test/scenes/html.ts) behaves as a browser's DOM for what the system's handlers ask of it:
 * `instanceof HTMLElement`/`Element`, selector lists and attribute selectors in either quote (MDN "Attribute
 * selectors", "Selector list", "Element: closest() method"), and a click bubbling to the listeners a render hook bound.
 * What it does not know it refuses rather than answering something a browser would not.
 */
import { describe, expect, it } from "vitest";
import { actionElements, htmlTree, HtmlInput, HtmlNode } from "../../scenes/html.ts";

const TRACKER = `
<section class="quintette trinites">
  <ol>
    <li class="tr-seat acting" data-combatant-id="c1">
      <button type="button" data-trinites-wait aria-label="Wait"><i class="fa-solid fa-hourglass-half"></i></button>
      <button type="button" data-trinites-shift="3">+3</button>
      <button type="button" data-trinites-shift="-3" disabled>−3</button>
    </li>
    <li class="tr-seat" data-combatant-id="c2"><span class="tr-seat-name">Brute</span></li>
  </ol>
  <button type="button" class="am-hand-over" data-ahillmach="handOver">Hand over</button>
  <input type="text" name="by" value="2">
</section>`;

describe("the table's HTML reader", () => {
  it("builds elements that are HTMLElements and Elements, inputs HTMLInputElements, as a browser's are", () => {
    const tree = htmlTree(TRACKER);
    const button = tree.querySelector("button")!;
    const input = tree.querySelector("input")!;
    expect(button).toBeInstanceOf(HtmlNode);
    expect(button instanceof HTMLElement).toBe(true);
    expect(button instanceof Element).toBe(true);
    expect(button instanceof HTMLInputElement).toBe(false);
    expect(input instanceof HtmlInput && input instanceof HTMLInputElement && input instanceof HTMLElement).toBe(true);
    // Not everything is one: a plain object is no element.
    expect(({ dataset: {} } as unknown) instanceof HTMLElement).toBe(false);
  });

  it("matches an attribute's value in double quotes, single quotes or bare, exactly and case-sensitively", () => {
    const tree = htmlTree(TRACKER);
    for (const selector of [
      `[data-ahillmach="handOver"]`,
      `[data-ahillmach='handOver']`,
      `[data-ahillmach=handOver]`,
      `[ data-ahillmach = 'handOver' ]`,
      `[DATA-AHILLMACH='handOver']`,
    ])
      expect(tree.querySelector(selector)?.classList.contains("am-hand-over"), selector).toBe(true);
    expect(tree.querySelector(`[data-ahillmach='handover']`)).toBeNull();
    expect(tree.querySelector(`[data-ahillmach='hand']`)).toBeNull();
    expect(tree.querySelectorAll(`[data-trinites-shift='-3']`).map((n) => n.attrs["data-trinites-shift"])).toEqual([
      "-3",
    ]);
  });

  it("reads a selector list as matching one of its selectors, in document order, and compound selectors as all their parts", () => {
    const tree = htmlTree(TRACKER);
    const list = tree.querySelectorAll("[data-trinites-shift], [data-trinites-wait]");
    expect(list.map((n) => n.attrs["data-trinites-shift"] ?? "wait")).toEqual(["wait", "3", "-3"]);
    expect(tree.querySelectorAll("button[data-trinites-shift]")).toHaveLength(2);
    expect(tree.querySelectorAll("li.tr-seat.acting")).toHaveLength(1);
    expect(tree.querySelectorAll("span[data-trinites-shift]")).toHaveLength(0);
    expect(tree.querySelectorAll("BUTTON")).toHaveLength(4);
  });

  it("closest looks at the element itself, then its ancestors, with the same selectors", () => {
    const tree = htmlTree(TRACKER);
    const icon = tree.querySelector(".fa-hourglass-half")!;
    expect(icon.closest("[data-trinites-shift], [data-trinites-wait]")?.attrs["aria-label"]).toBe("Wait");
    expect(icon.closest("[data-combatant-id]")?.dataset.combatantId).toBe("c1");
    const shift = tree.querySelector(`[data-trinites-shift="3"]`)!;
    expect(shift.closest("[data-trinites-shift], [data-trinites-wait]")).toBe(shift);
    expect(tree.querySelector(".am-hand-over")!.closest("[data-combatant-id]")).toBeNull();
    // The flat reader of `data-action` elements answers the same.
    const [action] = actionElements(`<li data-combatant-id="c9"><button data-action="x" data-k='v'>X</button></li>`);
    expect(action?.target.closest("[data-k='v'], .nothing")?.dataset.k).toBe("v");
    expect(action?.target.closest("li[data-combatant-id]")?.dataset.combatantId).toBe("c9");
  });

  it("refuses what it does not know (combinators, pseudo-classes, other operators, escapes, empty parts)", () => {
    const tree = htmlTree(TRACKER);
    for (const selector of [
      "li button",
      "li > button",
      "button:not([disabled])",
      "[data-x^='a']",
      "[data-x~=a]",
      `[data-x="a\\"b"]`,
      "a,",
      ", a",
      "",
      ".tr-seat button",
    ])
      expect(() => tree.querySelectorAll(selector), selector).toThrow(/does not know the selector/);
  });

  it("bubbles a click from the target to each ancestor's listeners, the event's target the clicked element", () => {
    const tree = htmlTree(TRACKER);
    const seen: string[] = [];
    tree.addEventListener("click", (event) => {
      const target = event.target;
      const button = target instanceof Element ? target.closest("[data-trinites-shift], [data-trinites-wait]") : null;
      seen.push(button?.dataset.trinitesShift ?? (button ? "wait" : "none"));
    });
    tree.querySelector(".fa-hourglass-half")!.click();
    tree.querySelector(`[data-trinites-shift="3"]`)!.click();
    tree.querySelector(".tr-seat-name")!.click();
    expect(seen).toEqual(["wait", "3", "none"]);
  });
});
