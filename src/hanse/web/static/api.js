// Calls to the table API from the pages. The browser holds no rules: it sends what the player
// chose and shows the server's answer, or the server's message when a move is refused.

export function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)hanse_csrf=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

export async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken() },
    body: JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = { detail: `${response.status} ${response.statusText}` };
  }
  if (!response.ok) {
    // A refusal a person may meet comes also in the page's language (`message`, with a `code`)
    const error = new Error(data.message || data.detail || `${response.status}`);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

export function say(text) {
  document.getElementById("message").textContent = text || "";
}

export function remember(name) {
  if (name) localStorage.setItem("hanse-name", name);
  return localStorage.getItem("hanse-name") || "";
}
