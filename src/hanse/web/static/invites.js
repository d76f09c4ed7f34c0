// The invite links of a table waiting for players, as its host's browser keeps them (shown to
// the host only: the links are the seats' credentials): each with a button that copies it and
// its QR code (drawn by the server) for a phone across the table.
const root = document.getElementById("table");
const NOTE_SECONDS = 4;

export function showInvites(tableId, status) {
  const kept = localStorage.getItem(`hanse-invites-${tableId}`) || "{}";
  const stored = JSON.parse(kept);
  const section = document.getElementById("invites");
  const open = status === "waiting" && Object.keys(stored).length > 0;
  section.hidden = !open;
  // The panel is drawn again at every change; the list only when the links changed, so a
  // "Copied" note or a selected link stays.
  if (!open || section.dataset.drawn === kept) return;
  section.dataset.drawn = kept;
  const list = section.querySelector("ul");
  list.replaceChildren(...Object.entries(stored).map(([seat, url]) => invite(+seat, url, section.dataset)));
}

function invite(seat, url, words) {
  const name = `${root.dataset.seat} ${seat + 1}`;
  const item = document.createElement("li");
  item.className = `seat-${seat}`;
  const code = document.createElement("img");
  code.className = "qr";
  code.src = `/join/${url.split("/join/").pop()}/qr.svg`;
  code.alt = `${words.qr}: ${name}`;
  code.width = code.height = 160;
  const title = document.createElement("span");
  const mark = document.createElement("span");
  mark.className = "mark";
  mark.setAttribute("aria-hidden", "true");
  mark.textContent = words.marks[seat] || "";
  title.append(mark, ` ${name}`);
  const link = document.createElement("a");
  link.href = url;
  link.textContent = url;
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = words.copy;
  button.setAttribute("aria-label", `${words.copy}: ${name}`);
  const note = document.createElement("span");
  note.className = "copied";
  note.setAttribute("role", "status");
  button.addEventListener("click", () => copy(link, note, words));
  const row = document.createElement("span");
  row.append(button, " ", note);
  const text = document.createElement("div");
  text.className = "link";
  text.append(title, link, row);
  item.append(code, text);
  return item;
}

async function copy(link, note, words) {
  try {
    await navigator.clipboard.writeText(link.href);
    note.textContent = words.copied;
  } catch {
    // No clipboard (a page served over plain http on the LAN is not a secure context) or a
    // refused one: the link is selected for the reader to copy; the old copy command is tried
    // on the selection, as it still works in such pages.
    getSelection().selectAllChildren(link);
    note.textContent = document.execCommand("copy") ? words.copied : words.selected;
  }
  clearTimeout(note.timer);
  note.timer = setTimeout(() => { note.textContent = ""; }, NOTE_SECONDS * 1000);
}
