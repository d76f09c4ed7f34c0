// The table's chat: messages arrive on the table's live connection ({"chat": [...]}); the people
// seated at the table write (spectators read). The box lives outside the panel, which is drawn
// again at every move, so what one is typing stays.
import { post, say } from "./api.js";

const box = document.getElementById("chat");
const list = box.querySelector("ol");
const form = box.querySelector("form");
const unread = [box.querySelector(".unread"), document.querySelector(".chat-tab .unread")];
const marks = box.dataset.marks;
const length = form.querySelector(".length");
let shown = 0;
let missed = 0;
// A message counts as read when the chat is open and on screen (it sits at the page's foot).
let onScreen = false;
new IntersectionObserver((seen) => {
  onScreen = seen.some((entry) => entry.isIntersecting);
  if (onScreen && box.open) markRead();
}).observe(box);

function markRead() {
  missed = 0;
  showUnread();
}

function showUnread() {
  for (const count of unread) {
    if (!count) continue;
    count.hidden = missed === 0;
    count.textContent = String(missed);
  }
}

// `history`: the messages sent when the connection opens (again), which count as read.
export function showMessages(messages, history = false) {
  for (const message of messages) {
    if (message.number <= shown) continue; // sent again after a reconnect
    shown = message.number;
    list.querySelector(".empty")?.remove();
    const item = document.createElement("li");
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = `${message.name || ""} (${marks[message.seat] || "?"}): `;
    const at = document.createElement("time");
    at.dateTime = message.at;
    // In the page's language (an Italian page says 14:05, not the browser's 2:05 PM)
    const lang = document.documentElement.lang || undefined;
    at.textContent = new Date(message.at).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
    item.append(at, " ", who, document.createTextNode(message.text)); // text, never markup
    list.append(item);
    if (!(box.open && onScreen) && !history) missed += 1;
  }
  list.scrollTop = list.scrollHeight;
  showUnread();
}

// Whether the reader holds a seat (the panel says so): only then may it write.
export function allowWriting(seated) {
  form.hidden = !seated;
  box.querySelector(".readers").hidden = seated;
}

box.addEventListener("toggle", () => {
  if (box.open) {
    if (onScreen) markRead();
    list.scrollTop = list.scrollHeight;
  }
});

// The tab at the window's edge: open the chat and go to it.
document.querySelector("[data-open-chat]")?.addEventListener("click", () => {
  box.open = true;
  box.scrollIntoView({ block: "end" });
  markRead();
  if (!form.hidden) form.elements.text.focus({ preventScroll: true });
});

form.elements.text.addEventListener("input", () => {
  length.value = `${form.elements.text.value.length}/${form.elements.text.maxLength}`;
});

// What the chat said in the page's message bar (which lies over the chat's input on a phone):
// taken away once a message is sent, or the ten seconds of the chat's limit have passed.
let said = "";
let unsay = null;

function sayOfChat(text, seconds) {
  said = text;
  say(text);
  clearTimeout(unsay);
  unsay = setTimeout(unsayOfChat, seconds * 1000);
}

function unsayOfChat() {
  clearTimeout(unsay);
  if (said && document.getElementById("message").textContent === said) say("");
  said = "";
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = form.elements.text.value.trim();
  if (!text) return;
  try {
    await post(`/api/tables/${document.getElementById("table").dataset.table}/chat`, { text });
    form.elements.text.value = "";
    length.value = `0/${form.elements.text.maxLength}`;
    unsayOfChat();
  } catch (error) {
    sayOfChat(error.status === 429 ? box.dataset.tooFast : error.message, 10);
  }
});
