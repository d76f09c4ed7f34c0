// A narrow screen shows a board at full size, to be swiped in its frame, or fitted to the screen's
// width; the player's choice is kept in the browser for every table and replay.
const KEY = "hanse-board-fitted";

export function showFitted(container) {
  const fitted = localStorage.getItem(KEY) === "yes";
  const board = container.querySelector(".svg-board");
  const button = container.querySelector("[data-fit]");
  if (!board || !button) return;
  board.classList.toggle("fitted", fitted);
  button.textContent = fitted ? button.dataset.fitOff : button.dataset.fitOn;
  button.setAttribute("aria-pressed", fitted ? "true" : "false");
}

export function toggleFitted(container) {
  localStorage.setItem(KEY, localStorage.getItem(KEY) === "yes" ? "no" : "yes");
  showFitted(container);
}
