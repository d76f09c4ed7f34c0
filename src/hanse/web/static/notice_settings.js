// The account page's turn notices: save the settings (PUT /api/me/notices), show a new
// webhook secret the one time the server gives it, make a new one.
import { csrfToken, post, say } from "./api.js";

const words = document.getElementById("notice-words")?.dataset ?? {};

function showSecret(secret) {
  const box = document.getElementById("webhook-secret");
  box.querySelector("code").textContent = secret;
  box.hidden = false;
}

const form = document.getElementById("notice-settings");
form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = {
    webhook: form.elements.webhook.value.trim() || null,
    live: form.elements.live.value,
    async: form.elements.async.value,
  };
  // Without e-mail on the server the page has no address field: the address stays as it is.
  if (form.elements.email) body.email = form.elements.email.value.trim() || null;
  const response = await fetch("/api/me/notices", {
    method: "PUT",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken() },
    body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({ detail: `${response.status}` }));
  if (!response.ok) {
    say(data.message || data.detail);
    return;
  }
  if (data.webhook_secret) {
    showSecret(data.webhook_secret);
    say(words.saved);
  } else {
    location.reload();
  }
});

document.getElementById("new-webhook-secret")?.addEventListener("click", async () => {
  try {
    showSecret((await post("/api/me/notices/webhook-secret", {})).webhook_secret);
  } catch (error) {
    say(error.message);
  }
});
