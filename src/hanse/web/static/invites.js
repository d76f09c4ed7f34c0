// The invite links of a table waiting for players, as its host's browser keeps them (shown to
// the host only: the links are the seats' credentials).
const root = document.getElementById("table");

export function showInvites(tableId, status) {
  const stored = JSON.parse(localStorage.getItem(`hanse-invites-${tableId}`) || "{}");
  const section = document.getElementById("invites");
  const open = status === "waiting" && Object.keys(stored).length > 0;
  section.hidden = !open;
  if (!open) return;
  const list = section.querySelector("ul");
  list.replaceChildren();
  for (const [seat, url] of Object.entries(stored)) {
    const item = document.createElement("li");
    item.textContent = `${root.dataset.seat} ${+seat + 1}: `;
    const link = document.createElement("a");
    link.href = url;
    link.textContent = url;
    item.append(link);
    list.append(item);
  }
}
