// The account page's vacation (vacation.html): what /api/me/vacation says, in the page's words,
// and starting, planning and ending one.
import { csrfToken, say } from "./api.js";

const section = document.getElementById("vacation");

async function call(method, body) {
  const response = await fetch("/api/me/vacation", {
    method,
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || data.detail || `${response.status}`);
  return data;
}

function when(iso) {
  return new Date(iso).toLocaleString(document.documentElement.lang || undefined,
    { dateStyle: "medium", timeStyle: "short" });
}

function show(state) {
  const words = section.dataset;
  const vacation = state.vacation;
  section.querySelector("[data-vacation-state]").textContent = !vacation ? words.none
    : state.away ? words.away.replace("{until}", when(vacation.until))
      : words.planned.replace("{from}", when(vacation.from)).replace("{until}", when(vacation.until));
  section.querySelector("[data-vacation-days]").textContent = words.left
    .replace("{left}", String(state.days_left)).replace("{total}", String(state.days_per_year));
  section.querySelector("[data-vacation-end]").hidden = !state.away;
}

async function change(body) {
  try {
    show(await call("PUT", body));
    say("");
  } catch (error) {
    say(error.message);
  }
}

// A date from a date field as the start of that day where the reader is.
const dayStart = (value) => new Date(`${value}T00:00`);

section.querySelector("[data-vacation-now]").addEventListener("submit", (event) => {
  event.preventDefault();
  change({ from: "now", days: +event.target.elements.days.value });
});
section.querySelector("[data-vacation-plan]").addEventListener("submit", (event) => {
  event.preventDefault();
  const from = dayStart(event.target.elements.from.value);
  const until = dayStart(event.target.elements.until.value);
  until.setDate(until.getDate() + 1);  // back on the morning after the last day away
  const start = from <= new Date() ? "now" : from.toISOString();
  change({ from: start, until: until.toISOString() });
});
section.querySelector("[data-vacation-end]").addEventListener("click", () => change({ until: "now" }));

call("GET").then(show).catch((error) => say(error.message));
