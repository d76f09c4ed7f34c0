// A table page: the panel (board, players, choices, log) is rendered by the server for this
// seat; a live connection says when it changed; a click on anything with data-action sends that
// action's notation with the version it was shown at.
import { post, say } from "./api.js";
import { offerBoardChoices } from "./board_choices.js";
import { showFitted, toggleFitted } from "./board_fit.js";
import { allowWriting, showMessages } from "./chat.js";
import { showInvites } from "./invites.js";
import { markChanges, rememberSeen, wirePointing } from "./last_moves.js";
import { chooseNotice, noticeTurn, runClock, showNoticeChoices } from "./turn_notice.js";

const root = document.getElementById("table");
const tableId = root.dataset.table;
const panel = document.getElementById("panel");
const baseTitle = document.title;
let shown = null;
let delay = 500;
// A refusal stays on screen until the table moves on from the version it was shown with.
let errorShownAt = null;
// The log's separator: new since the reader's last move, or since it came (before any).
const sinceWords = { move: root.dataset.since, visit: root.dataset.sinceVisit };
// Whether the reader's own move (or take-back) is on its way to the server.
let changing = false;

function current() {
  const element = panel.querySelector(".panel");
  return element ? element.dataset : {};
}

// `decided`: the version the reader's own move or take-back made, when that is what is shown.
async function refresh(decided = null) {
  const response = await fetch(`/tables/${tableId}/panel`, { credentials: "same-origin" });
  if (!response.ok) {
    say(`${response.status}: ${(await response.text()).slice(0, 200)}`);
    return;
  }
  const drawing = await response.text();
  // What the reader opened (a long kind of choices, the board as text) stays open: looked at
  // once the answer is read, so that one opened while it came in counts (a CI run's click on
  // a kind's summary then met its choices closed again).
  const opened = new Set([...panel.querySelectorAll("details[open] > summary")].map((s) => s.textContent));
  const before = current().status;
  panel.innerHTML = drawing;
  for (const summary of panel.querySelectorAll("details > summary")) {
    if (opened.has(summary.textContent)) summary.parentElement.open = true;
  }
  drawn(decided);
  // The game just ended: its result is shown from the page's top (a phone scrolled down to the
  // board kept its place, the scores above the screen).
  if (before && before !== "finished" && current().status === "finished") {
    panel.querySelector(".panel h1")?.scrollIntoView({ block: "start" });
  }
  if (errorShownAt !== null && errorShownAt !== "pending" && errorShownAt !== shown) {
    say("");
    errorShownAt = null;
  }
}

// What follows each drawing of the panel, the first one included.
function drawn(decided = null) {
  shown = current().version;
  showFitted(panel);
  offerBoardChoices(panel);
  // What the reader saw when it decided: the board right after its own move (if another move
  // came already, the older memory stays, so that nothing the others did goes unmarked).
  if (decided !== null && String(decided) === shown) rememberSeen(panel, tableId, current().seat);
  // While the reader's own move is on its way, a drawing the live connection asked for marks
  // nothing: the drawing after the move's answer does (else the move's own places would flash).
  if (!changing || decided !== null) markChanges(panel, tableId, current().seat, sinceWords);
  showLatest();
  const words = panel.querySelector(".prompt-words");
  noticeTurn(current().myTurn === "yes", baseTitle, words ? words.textContent : "");
  showNoticeChoices(panel);
  runClock(panel);
  keepPromptHeight();
  showInvites(tableId, current().status);
  lookAgainWhenTimeIsUp();
  allowWriting(current().seat !== "");
}

// The side column (sticky on a wide screen) starts below the sticky prompt bar.
function keepPromptHeight() {
  const bar = panel.querySelector("[data-prompt]");
  document.documentElement.style.setProperty("--prompt-height", `${bar ? bar.offsetHeight : 0}px`);
  if (bar) markMoreBelow(bar);
}

// A bar whose choices do not all fit (it scrolls in itself, and a phone shows no scroll bar)
// says so at its foot (an arrow over a fade), until it is scrolled to its end: a trial found
// players taking the choices they saw for all there were.
function markMoreBelow(bar) {
  bar.classList.toggle("more-below", bar.scrollHeight - bar.scrollTop - bar.clientHeight > 4);
}
window.addEventListener("resize", keepPromptHeight);
// Heard once on the panel, which stays while the bar inside it is drawn anew (neither event
// bubbles: they are caught on their way down): the bar scrolled, or a kind's choices opened.
for (const kind of ["scroll", "toggle"]) {
  panel.addEventListener(kind, (event) => {
    const bar = event.target.closest?.("[data-prompt]");
    if (bar) markMoreBelow(bar);
  }, { capture: true, passive: true });
}

// Once another person has had longer than a decision may take, the others may let a bot play
// for them: the page looks again at that moment (the server counts the time).
let lookAgain = null;
function lookAgainWhenTimeIsUp() {
  clearTimeout(lookAgain);
  const seconds = current().takeOverIn;
  if (seconds !== undefined) lookAgain = setTimeout(refresh, (+seconds + 1) * 1000);
}

// The log shows its newest lines: scrolled to the end whenever the panel is drawn, or to the
// first entry since the reader's previous decision when there are more new ones than fit.
function showLatest() {
  const log = panel.querySelector(".log ol");
  if (!log) return;
  log.scrollTop = log.scrollHeight;
  const firstNew = log.querySelector(".first-new");
  if (firstNew && firstNew.offsetTop < log.scrollTop) log.scrollTop = firstNew.offsetTop - 24;
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
  changing = true;
  for (const button of panel.querySelectorAll("[data-action], [data-undo]")) button.disabled = true;
  let answered = null;
  try {
    answered = await post(`/api/tables/${tableId}/${what}`, { ...body, version: +current().version });
    say("");
    errorShownAt = null;
  } catch (error) {
    // 409: another move came first (a double click, a bot, another tab): say so in words.
    say(error.status === 409 ? root.dataset.stale : error.message);
    errorShownAt = "pending";
  }
  await refresh(answered ? answered.version : null);
  changing = false;
  if (errorShownAt === "pending") errorShownAt = shown;
}

panel.addEventListener("click", (event) => {
  // A board target standing for several moves (Hansa: the piece to displace) offers them in
  // the prompt bar, which stays in view.
  const choose = event.target.closest("[data-choose]");
  if (choose) showFollowUps(choose.dataset.choose);
  if (event.target.closest("[data-follow-close]")) showFollowUps(null);
  const target = event.target.closest("[data-action]");
  if (target) send(target);
  if (event.target.closest("[data-take-rematch]")) rematch();
  const zoom = event.target.closest("[data-fit]");
  if (zoom) toggleFitted(panel, zoom);
  // Take back one's last move (offered while one still decides and it showed nothing hidden).
  if (event.target.closest("[data-undo]")) change("undo", {});
  // A player's time ran out where the others may end the game: one agrees (the last ends it).
  const ending = event.target.closest("[data-end-game]");
  if (ending && window.confirm(ending.dataset.ask)) change("end", {});
  // One's seat back from the bot that took it when one's time ran out.
  const back = event.target.closest("[data-take-back]");
  if (back) change(`seats/${back.dataset.takeBack}/back`, {});
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

function showFollowUps(prefix) {
  for (const group of panel.querySelectorAll("[data-follow]")) {
    group.hidden = group.dataset.follow !== prefix;
  }
  for (const piece of panel.querySelectorAll("[data-choose]")) {
    piece.classList.toggle("chosen", piece.dataset.choose === prefix);
  }
  panel.querySelector(`[data-follow]:not([hidden]) button`)?.focus({ preventScroll: true });
  keepPromptHeight();
}

// Board targets (SVG shapes with role="button") answer Enter and Space like buttons do.
panel.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" && event.key !== " ") return;
  const choose = event.target.closest("[data-choose]");
  if (choose) {
    event.preventDefault();
    showFollowUps(choose.dataset.choose);
    return;
  }
  const target = event.target.closest("[data-action]");
  if (!target || target.tagName === "BUTTON") return;
  event.preventDefault();
  send(target);
});

panel.addEventListener("change", (event) => {
  if (event.target.matches("[data-notice]")) chooseNotice(event.target, say);
});
wirePointing(panel);

drawn();
connect();
