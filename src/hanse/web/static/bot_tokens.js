// The account page's bot tokens (bot_tokens.html): the live ones listed from /api/me/bot-tokens,
// a new one made (its secret shown once) and one revoked.
import { csrfToken, say } from "./api.js";

const section = document.getElementById("bot-tokens");
const list = section.querySelector("[data-bot-tokens]");

async function call(method, path, body) {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = response.status === 204 ? {} : await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || data.detail || `${response.status}`);
  return data;
}

function day(iso) {
  return new Date(iso).toLocaleDateString(document.documentElement.lang || undefined,
    { dateStyle: "medium" });
}

async function show() {
  const tokens = await call("GET", "/api/me/bot-tokens");
  list.replaceChildren();
  if (!tokens.length) {
    const none = document.createElement("li");
    none.className = "help";
    none.textContent = section.dataset.none;
    list.append(none);
  }
  for (const token of tokens) {
    const item = document.createElement("li");
    const name = document.createElement("strong");
    name.textContent = token.name;
    const made = document.createElement("span");
    made.className = "help";
    made.textContent = ` ${section.dataset.made.replace("{date}", day(token.created_at))} `;
    const revoke = document.createElement("button");
    revoke.type = "button";
    revoke.textContent = section.dataset.revoke;
    revoke.addEventListener("click", () => change(() => call("DELETE", `/api/me/bot-tokens/${token.id}`)));
    item.append(name, made, revoke);
    list.append(item);
  }
}

async function change(act) {
  try {
    const done = await act();
    await show();
    say("");
    return done;
  } catch (error) {
    say(error.message);
    return null;
  }
}

section.querySelector("[data-bot-token-new]").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const made = await change(() => call("POST", "/api/me/bot-tokens", { name: form.elements.name.value }));
  if (made && made.token) {
    const secret = section.querySelector("[data-bot-token-secret]");
    secret.querySelector("code").textContent = made.token;
    secret.hidden = false;
    form.reset();
  }
});

show().catch((error) => say(error.message));
