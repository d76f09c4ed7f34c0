// A table page: the panel (board, players, choices, log) is rendered by the server for this
// seat; a live connection says when it changed; a click on anything with data-action sends that
// action's notation with the version it was shown at.
import { post, say } from "./api.js";
import { showFitted, toggleFitted } from "./board_fit.js";
import { allowWriting, showMessages } from "./chat.js";
import { showInvites } from "./invites.js";

const root = document.getElementById("table");
const tableId = root.dataset.table;
const panel = document.getElementById("panel");
const baseTitle = document.title;
let shown = null;
let delay = 500;
// A refusal stays on screen until the table moves on from the version it was shown with.
let errorShownAt = null;

function current() {
  const element = panel.querySelector(".panel");
  return element ? element.dataset : {};
}

function markTurn() {
  const mine = current().myTurn === "yes";
  document.title = mine ? `● ${baseTitle}` : baseTitle;
}

async function refresh() {
  const response = await fetch(`/tables/${tableId}/panel`, { credentials: "same-origin" });
  if (!response.ok) {
    say(`${response.status}: ${(await response.text()).slice(0, 200)}`);
    return;
  }
  // What the reader opened (a long kind of choices, the board as text) stays open.
  const opened = new Set([...panel.querySelectorAll("details[open] > summary")].map((s) => s.textContent));
  panel.innerHTML = await response.text();
  for (const summary of panel.querySelectorAll("details > summary")) {
    if (opened.has(summary.textContent)) summary.parentElement.open = true;
  }
  drawn();
  if (errorShownAt !== null && errorShownAt !== "pending" && errorShownAt !== shown) {
    say("");
    errorShownAt = null;
  }
}

// What follows each drawing of the panel, the first one included.
function drawn() {
  shown = current().version;
  showLatest();
  markTurn();
  showInvites(tableId, current().status);
  showFitted(panel);
  lookAgainWhenTimeIsUp();
  allowWriting(current().seat !== "");
}

// Once another person has had longer than a decision may take, the others may let a bot play
// for them: the page looks again at that moment (the server counts the time).
let lookAgain = null;
function lookAgainWhenTimeIsUp() {
  clearTimeout(lookAgain);
  const seconds = current().takeOverIn;
  if (seconds !== undefined) lookAgain = setTimeout(refresh, (+seconds + 1) * 1000);
}

// The log shows its newest lines: scrolled to the end whenever the panel is drawn.
function showLatest() {
  const log = panel.querySelector(".log ol");
  if (log) log.scrollTop = log.scrollHeight;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/tables/${tableId}/live`);
  socket.addEventListener("open", () => { delay = 500; });
  socket.addEventListener("message", (event) => {
    const state = JSON.parse(event.data);
    if (state.chat) {
      showMessages(state.chat, state.history); // the chat so far counts as read
      return;
    }
    if (String(state.version) !== shown || state.status !== current().status
        || (state.rematch || "") !== current().rematch) refresh();
  });
  socket.addEventListener("close", () => {
    // reconnect, and catch up at once: the first message after a reconnect is the whole state
    setTimeout(connect, delay);
    delay = Math.min(delay * 2, 10000);
  });
}

async function send(target) {
  // A board target whose move the game asks to confirm: say what it does first.
  const asked = JSON.parse(current().confirm || "{}")[target.dataset.action];
  if (asked && target.tagName !== "BUTTON" && !window.confirm(`${asked}?`)) return;
  await change("moves", { action: target.dataset.action });
}

// A move or a take-back, at the version shown; then the table as it is now.
async function change(what, body) {
  for (const button of panel.querySelectorAll("[data-action], [data-undo]")) button.disabled = true;
  try {
    await post(`/api/tables/${tableId}/${what}`, { ...body, version: +current().version });
    say("");
    errorShownAt = null;
  } catch (error) {
    // 409: another move came first (a double click, a bot, another tab): say so in words.
    say(error.status === 409 ? root.dataset.stale : error.message);
    errorShownAt = "pending";
  }
  await refresh();
  if (errorShownAt === "pending") errorShownAt = shown;
}

panel.addEventListener("click", (event) => {
  const target = event.target.closest("[data-action]");
  if (target) send(target);
  if (event.target.closest("[data-take-rematch]")) rematch();
  if (event.target.closest("[data-fit]")) toggleFitted(panel);
  // Take back one's last move (offered while one still decides and it showed nothing hidden).
  if (event.target.closest("[data-undo]")) change("undo", {});
  // A seat left to a bot: one's own (leaving), or a player's who has had too long to decide.
  const handed = event.target.closest("[data-take-over]");
  if (handed && (!handed.dataset.ask || window.confirm(handed.dataset.ask))) {
    change(`seats/${handed.dataset.takeOver}/bot`, {});
  }
});

// The rematch: one's seat at the next table of the same players (made by whoever asks first).
async function rematch() {
  try {
    const joined = await post(`/api/tables/${tableId}/rematch`, {});
    location.href = `/tables/${joined.table}`;
  } catch (error) {
    // taken already (another tab or device of this player): go there, as who this browser is
    if (error.status === 409 && current().rematch) location.href = `/tables/${current().rematch}`;
    else say(error.message);
  }
}

// Board targets (SVG shapes with role="button") answer Enter and Space like buttons do.
panel.addEventListener("keydown", (event) => {
  const target = event.target.closest("[data-action]");
  if (!target || target.tagName === "BUTTON" || (event.key !== "Enter" && event.key !== " ")) return;
  event.preventDefault();
  send(target);
});

drawn();
connect();
