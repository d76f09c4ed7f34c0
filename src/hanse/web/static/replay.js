// Step through a finished game, as a seat (only what it saw) or as a spectator. The server
// renders each position from the record; arrow keys step too.
import { showFitted, toggleFitted } from "./board_fit.js";

const root = document.getElementById("replay");
const form = root.querySelector("form");
const frame = document.getElementById("frame");
const steps = +root.dataset.steps;

async function show() {
  const step = +form.elements.step.value;
  const seat = form.elements.seat.value;
  form.elements.at.value = `${step} / ${steps}`;
  const query = new URLSearchParams({ step: String(step) });
  if (seat !== "") query.set("seat", seat);
  const response = await fetch(`/tables/${root.dataset.table}/replay/frame?${query}`);
  frame.innerHTML = await response.text();
  showFitted(frame);
}

function go(where) {
  const input = form.elements.step;
  const now = +input.value;
  const next = { first: 0, back: now - 1, forward: now + 1, last: steps }[where];
  input.value = Math.max(0, Math.min(steps, next));
  show();
}

root.addEventListener("click", (event) => {
  const button = event.target.closest("[data-step]");
  if (button) go(button.dataset.step);
  if (event.target.closest("[data-fit]")) toggleFitted(frame);
});
form.elements.step.addEventListener("input", show);
form.elements.seat.addEventListener("change", show);
document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "SELECT") return;
  if (event.key === "ArrowLeft") go("back");
  if (event.key === "ArrowRight") go("forward");
});
show();
