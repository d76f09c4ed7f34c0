import { post, remember, say } from "./api.js";

const form = document.getElementById("create");
const seatList = document.getElementById("seats");
form.elements.name.value = remember();

const words = seatList.dataset;  // the page's language
// "easy=leicht;medium=mittel;...": each bot level and its word in the page's language
const LEVELS = words.levels.split(";").map((pair) => pair.split("="));
const CHOICES = [
  ["me", words.me],
  ["invite", words.invite],
  ...LEVELS.map(([level, word]) => [`bot:${level}`, `${words.bot}, ${word}`]),
];

function layoutSeats() {
  const game = form.elements.game.selectedOptions[0];
  const players = form.elements.players;
  players.min = game.dataset.min;
  players.max = game.dataset.max;
  const count = Math.min(Math.max(+players.value || +game.dataset.min, +game.dataset.min), +game.dataset.max);
  players.value = count;
  const kept = [...seatList.querySelectorAll("select")].map((s) => s.value);
  seatList.replaceChildren();
  for (let index = 0; index < count; index += 1) {
    const item = document.createElement("li");
    const label = document.createElement("label");
    label.textContent = `${words.seat} ${index + 1}: `;
    const select = document.createElement("select");
    select.name = `seat${index}`;
    for (const [value, text] of CHOICES) select.add(new Option(text, value));
    select.value = kept[index] || (index === 0 ? "me" : "bot:easy");
    label.append(select);
    item.append(label);
    seatList.append(item);
  }
  keepOneMe();
  for (const fieldset of form.querySelectorAll(".flags")) fieldset.hidden = fieldset.dataset.game !== game.value;
}

// One person creates the table, so one seat is "me": choosing it for a seat makes the seat
// that had it an invite.
function keepOneMe(chosen) {
  const selects = [...seatList.querySelectorAll("select")];
  const keeper = chosen || selects.find((s) => s.value === "me");
  for (const select of selects) {
    if (select !== keeper && select.value === "me") select.value = "invite";
  }
}

seatList.addEventListener("change", (event) => {
  if (event.target.value === "me") keepOneMe(event.target);
});
// The time control offered for the mode: a live clock (none, 5+5, 10+10, 20+20, custom) or
// days per move; the bot level taking a seat out of time once there is a clock.
function layoutClock() {
  const mode = form.elements.mode.value;
  for (const label of form.querySelectorAll("[data-clock-mode]")) label.hidden = label.dataset.clockMode !== mode;
  form.querySelector("[data-clock-custom]").hidden = mode !== "live" || form.elements.live_clock.value !== "custom";
  const abandon = mode === "live" && clock() !== null && form.elements.abandon.checked;
  form.querySelector("[data-clock-level]").hidden = clock() === null || abandon;
  form.querySelector("[data-clock-abandon]").hidden = mode !== "live" || clock() === null;
}

// What happens when a player's time runs out: a bot plays on, or (live) the others may end it.
function onTimeOut() {
  return form.elements.mode.value === "live" && form.elements.abandon.checked ? "abandon" : "bot";
}

function clock() {
  if (form.elements.mode.value === "async") {
    const days = +form.elements.days.value;
    return days ? { per_move: days * 86400 } : null;
  }
  const chosen = form.elements.live_clock.value;
  if (!chosen) return null;
  if (chosen === "custom") {
    return { base: +form.elements.base_minutes.value * 60, increment: +form.elements.increment.value };
  }
  const [base, increment] = chosen.split("+").map(Number);
  return { base, increment };
}

for (const name of ["mode", "live_clock", "days", "abandon"]) form.elements[name].addEventListener("change", layoutClock);
layoutClock();

form.elements.game.addEventListener("change", layoutSeats);
form.elements.players.addEventListener("change", layoutSeats);
// The seats follow the player count as it is typed or stepped (not only when the field is left:
// the list changing under the pointer made a click on "Create the table" miss it).
form.elements.players.addEventListener("input", () => {
  const players = form.elements.players;
  const count = +players.value;
  if (count >= +players.min && count <= +players.max) layoutSeats();
});
layoutSeats();

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = form.elements.name.value.trim();
  const game = form.elements.game.value;
  const kinds = [...seatList.querySelectorAll("select")].map((s) => s.value);
  const seats = kinds.map((kind) => (kind.startsWith("bot:") ? { kind: "bot", level: kind.slice(4) } : { kind: "human" }));
  const flags = {};
  for (const box of form.querySelectorAll(`.flags[data-game="${game}"] input[type=checkbox]`)) {
    flags[box.name.slice(5)] = box.checked;
  }
  try {
    const created = await post("/api/tables", {
      game, players: kinds.length, flags, seats,
      mode: form.elements.mode.value, visibility: form.elements.visibility.value,
      ...(clock() ? { clock: clock(), on_time_out: onTimeOut(), level: form.elements.time_out_level.value } : {}),
    });
    remember(name);
    const invites = {};
    for (const invite of created.invites) invites[invite.seat] = invite.url;
    const mine = kinds.indexOf("me");
    if (mine >= 0) {
      await post(`/api/join/${invites[mine].split("/").pop()}`, { name });
      delete invites[mine];
    }
    localStorage.setItem(`hanse-invites-${created.id}`, JSON.stringify(invites));
    location.href = `/tables/${created.id}`;
  } catch (error) {
    say(error.message);
  }
});

for (const button of document.querySelectorAll("[data-join]")) {
  button.addEventListener("click", async () => {
    const name = remember() || prompt(words.askName) || "";
    try {
      const joined = await post(`/api/tables/${button.dataset.join}/join`, { name: name.trim() });
      remember(name.trim());
      location.href = `/tables/${joined.table}`;
    } catch (error) {
      say(error.message);
    }
  });
}
