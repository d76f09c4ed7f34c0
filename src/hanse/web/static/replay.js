// Step through a finished game, as a seat (only what it saw) or as a spectator. The server
// renders each step from the record: its move in words (shown beside the controls), the board,
// the log up to it with that move marked. The address follows the steps (?step=N&seat=K), so a
// step can be shared or reloaded; the arrow keys step too.
import { showFitted, toggleFitted } from "./board_fit.js";

const root = document.getElementById("replay");
const form = root.querySelector("form");
const frame = document.getElementById("frame");
const said = document.getElementById("said");
const evaluation = document.getElementById("evaluation");
const steps = +root.dataset.steps;

function address(step, seat) {
  const query = new URLSearchParams(location.search);
  query.delete("lang"); // the language chosen is kept in a cookie
  query.set("step", String(step));
  if (seat === "") query.delete("seat");
  else query.set("seat", seat);
  return query;
}

// The language links keep the step and the seat (they would open the replay at its start).
function keepInLanguageLinks(query) {
  for (const link of document.querySelectorAll(".languages a[hreflang]")) {
    const kept = new URLSearchParams(query);
    kept.set("lang", link.hreflang);
    link.href = `?${kept}`;
  }
}

// The marked move in view inside the log's own scrolling box (the page itself does not move).
function showCurrentMove() {
  const log = frame.querySelector(".log ol");
  const current = log && log.querySelector(".current");
  if (!current) return;
  const below = current.getBoundingClientRect().bottom - log.getBoundingClientRect().bottom;
  const above = current.getBoundingClientRect().top - log.getBoundingClientRect().top;
  if (below > 0) log.scrollTop += below + 8;
  else if (above < 0) log.scrollTop += above - 8;
}

// A frame's words for its step go beside the controls; the rest fills the frame.
function adopt() {
  const words = frame.querySelector("[data-said]");
  if (words) {
    said.textContent = words.textContent;
    words.remove();
  }
  // the step's evaluation by the game's analysis (empty where none is stored)
  const judged = frame.querySelector("[data-evaluation]");
  if (judged) {
    evaluation.textContent = judged.textContent;
    judged.remove();
  }
  showFitted(frame);
  showCurrentMove();
}

// One frame asked at a time: steps taken while it loads (a held arrow key) are coalesced into
// one request for the step reached, so the server renders no step nobody will see.
let loading = false;
let again = false;

async function show() {
  const step = +form.elements.step.value;
  const seat = form.elements.seat.value;
  form.elements.at.value = `${step} / ${steps}`;
  const query = address(step, seat);
  history.replaceState(null, "", `?${query}`);
  keepInLanguageLinks(query);
  if (loading) {
    again = true;
    return;
  }
  loading = true;
  frame.setAttribute("aria-busy", "true"); // until the step reached is shown
  try {
    do {
      again = false;
      await load(+form.elements.step.value, form.elements.seat.value);
    } while (again);
  } finally {
    loading = false;
    frame.removeAttribute("aria-busy");
  }
}

async function load(step, seat) {
  const query = new URLSearchParams({ step: String(step) });
  if (seat !== "") query.set("seat", seat);
  const message = document.getElementById("message");
  try {
    const response = await fetch(`/tables/${root.dataset.table}/replay/frame?${query}`);
    if (!response.ok) throw new Error(String(response.status));
    frame.innerHTML = await response.text();
    message.textContent = "";
  } catch {
    message.textContent = root.dataset.failed;
    return;
  }
  adopt();
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
  const zoom = event.target.closest("[data-fit]");
  if (zoom) toggleFitted(frame, zoom);
});
form.addEventListener("submit", (event) => event.preventDefault());
form.elements.step.addEventListener("input", show);
form.elements.seat.addEventListener("change", show);
const KEYS = { ArrowLeft: "back", ArrowRight: "forward" };
document.addEventListener("keydown", (event) => {
  // The slider and the seat's list answer their own keys (the slider steps by itself).
  if (event.target.closest("select, input, textarea, summary")) return;
  if (event.altKey || event.ctrlKey || event.metaKey || !(event.key in KEYS)) return;
  event.preventDefault();
  go(KEYS[event.key]);
});
// The first frame came with the page (at the step its address asked for).
adopt();
keepInLanguageLinks(address(+form.elements.step.value, form.elements.seat.value));
