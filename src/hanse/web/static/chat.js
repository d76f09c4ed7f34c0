// The table's chat: messages arrive on the table's live connection ({"chat": [...]}); the people
// seated at the table write (spectators read). The box lives outside the panel, which is drawn
// again at every move, so what one is typing stays.
import { post, say } from "./api.js";

const box = document.getElementById("chat");
const list = box.querySelector("ol");
const form = box.querySelector("form");
const unread = box.querySelector(".unread");
const marks = box.dataset.marks;
let shown = 0;
let missed = 0;

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
    at.textContent = new Date(message.at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    item.append(at, " ", who, document.createTextNode(message.text)); // text, never markup
    list.append(item);
    if (!box.open && !history) missed += 1;
  }
  list.scrollTop = list.scrollHeight;
  unread.hidden = missed === 0;
  unread.textContent = String(missed);
}

// Whether the reader holds a seat (the panel says so): only then may it write.
export function allowWriting(seated) {
  form.hidden = !seated;
  box.querySelector(".readers").hidden = seated;
}

box.addEventListener("toggle", () => {
  if (box.open) {
    missed = 0;
    unread.hidden = true;
    list.scrollTop = list.scrollHeight;
  }
});

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = form.elements.text.value.trim();
  if (!text) return;
  try {
    await post(`/api/tables/${document.getElementById("table").dataset.table}/chat`, { text });
    form.elements.text.value = "";
  } catch (error) {
    say(error.status === 429 ? box.dataset.tooFast : error.message);
  }
});
