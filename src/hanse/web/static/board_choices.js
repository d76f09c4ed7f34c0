// On a screen where the board's targets are small (a phone), a decision with few choices on the
// board offers them as buttons in the prompt bar too, in the bar's words for them, so that the
// decision is in view however the board is zoomed or scrolled: a trial found Lübeck's hand below
// a zoomed board, wider than the screen, while the bar offered nothing.
import { boardIsSmall } from "./board_fit.js";

// More (Hansa's posts) would crowd the bar: the board, tapped, is the way then (the server's
// pages.BOARD_CHOICES_IN_BAR: it sends the words of as many).
const MOST = 10;

export function offerBoardChoices(panel) {
  panel.querySelector(".board-choices")?.remove();
  const bar = panel.querySelector("[data-prompt] .actions");
  if (!bar || !boardIsSmall(panel)) return;
  const targets = new Map(); // one button a move (a move may have several places on the board)
  for (const target of panel.querySelectorAll(".svg-board [data-action], .svg-board [data-choose]")) {
    const key = target.dataset.action !== undefined ? `a ${target.dataset.action}` : `c ${target.dataset.choose}`;
    if (!targets.has(key)) targets.set(key, target);
  }
  if (targets.size === 0 || targets.size > MOST) return;
  const group = document.createElement("div");
  group.className = "group board-choices";
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", bar.dataset.boardWords);
  const kind = document.createElement("span");
  kind.className = "kind";
  kind.textContent = bar.dataset.boardWords;
  // A move's words as the bar says them (the server's); a target standing for several moves
  // (data-choose) by its label.
  const said = JSON.parse(bar.dataset.placedWords || "{}");
  const choices = document.createElement("div");
  choices.className = "choices";
  for (const target of targets.values()) {
    const button = document.createElement("button");
    button.type = "button";
    // A button's words say what it does: no question first, as a board target asks (send()).
    if (target.dataset.action !== undefined) button.dataset.action = target.dataset.action;
    else button.dataset.choose = target.dataset.choose;
    const words = said[target.dataset.action] || target.getAttribute("aria-label") || "";
    button.textContent = words.charAt(0).toUpperCase() + words.slice(1);
    choices.append(button);
  }
  group.append(kind, choices);
  const heading = bar.querySelector("h2");
  if (heading) heading.after(group);
  else bar.prepend(group);
}
