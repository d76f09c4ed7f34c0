// The tournament pages (tournament_pages.py): the form that creates a tournament, and on a
// tournament's page joining, leaving and starting it, all through /api/tournaments. While a
// tournament is played its page is read again every half minute, so new rounds show up.
import { post, say } from "./api.js";

const form = document.getElementById("new-tournament");
const actions = document.getElementById("tournament-actions");
const state = document.querySelector(".tournament-state");

function showGame() {
  const option = form.elements.game.selectedOptions[0];
  for (const fieldset of form.querySelectorAll("fieldset.flags")) {
    fieldset.hidden = fieldset.dataset.game !== option.value;
  }
  for (const name of ["players", "fewest"]) {
    const field = form.elements[name];
    field.min = option.dataset.min;
    field.max = option.dataset.max;
    field.value = Math.min(Math.max(+field.value, +option.dataset.min), +option.dataset.max);
  }
}

function showChoices() {
  const live = form.elements.mode.value === "live";
  for (const part of form.querySelectorAll("[data-clock-mode]")) {
    part.hidden = (part.dataset.clockMode === "live") !== live;
  }
  form.querySelector("[data-rounds]").hidden = form.elements.system.value === "round_robin";
}

function tournamentBody() {
  const fields = form.elements;
  const game = fields.game.value;
  const flags = {};
  for (const box of form.querySelectorAll(`fieldset.flags[data-game="${game}"] input[type=checkbox]`)) {
    flags[box.name.slice("flag:".length)] = box.checked;
  }
  const roundRobin = fields.system.value === "round_robin";
  const body = {
    name: fields.name.value,
    game,
    flags,
    players: +fields.players.value,
    fewest: +fields.fewest.value,
    system: fields.system.value,
    rounds: roundRobin ? null : +fields.rounds.value,
    mode: fields.mode.value,
    clock: fields.mode.value === "live"
      ? { base: +fields.base_minutes.value * 60, increment: +fields.increment.value }
      : { per_move: +fields.days.value * 86400 },
    level: fields.level.value,
    least: +fields.least.value,
    most: +fields.most.value,
  };
  if (fields.starts_at.value) body.starts_at = new Date(fields.starts_at.value).toISOString();
  return body;
}

if (form) {
  form.elements.game.addEventListener("change", showGame);
  form.elements.mode.addEventListener("change", showChoices);
  form.elements.system.addEventListener("change", showChoices);
  showGame();
  showChoices();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const made = await post("/api/tournaments", tournamentBody());
      window.location.href = `/tournaments/${made.id}`;
    } catch (error) {
      say(error.message);
    }
  });
}

if (actions) {
  for (const button of actions.querySelectorAll("[data-tournament-do]")) {
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        await post(`/api/tournaments/${actions.dataset.tournament}/${button.dataset.tournamentDo}`, {});
        window.location.reload();
      } catch (error) {
        button.disabled = false;
        say(error.message);
      }
    });
  }
}

if (state && state.dataset.status === "playing") {
  setInterval(() => {
    if (document.visibilityState === "visible") window.location.reload();
  }, 30000);
}
