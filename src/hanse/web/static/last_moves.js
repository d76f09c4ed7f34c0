// What the others did since the reader's previous decision (as Board Game Arena and Yucata mark
// it): the board's places whose drawing changed since then are marked, and the log's entries
// since then are set apart. A board draws each place with `data-place` (its key) and
// `data-state` (a digest of what is drawn there, independent of the choices offered), so a
// change is found by comparing digests. What the reader saw when it last decided is kept in the
// browser per table and seat; a spectator sees the changes of the latest move.
// Pointing at a log entry (hover, focus or tap) marks the places its move names (`data-places`).

function storageKey(tableId, seat) {
  return `hanse-seen-${tableId}-${seat === "" ? "spectator" : seat}`;
}

function placesNow(panel) {
  const now = {};
  for (const place of panel.querySelectorAll(".svg-board [data-place]")) {
    now[place.dataset.place] = place.dataset.state || "";
  }
  return now;
}

// Where the log stood: the seq of its last entry (moves and a table's events alike).
function lastLogNumber(panel) {
  const entries = panel.querySelectorAll(".log li[data-seq]");
  return entries.length ? +entries[entries.length - 1].dataset.seq : 0;
}

function load(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

// Remember the board and log as drawn now: the reader has just decided (`decided`), or first
// comes to the table.
export function rememberSeen(panel, tableId, seat, decided = true) {
  const seen = { places: placesNow(panel), log: lastLogNumber(panel), decided };
  localStorage.setItem(storageKey(tableId, seat), JSON.stringify(seen));
}

// Mark what changed since the reader's previous decision (or, before its first one, since it
// came); returns how many places changed. `words`: the separator's words for either case.
export function markChanges(panel, tableId, seat, words) {
  const key = storageKey(tableId, seat);
  const seen = load(key);
  if (!seen) {
    rememberSeen(panel, tableId, seat, false);
    return 0;
  }
  let changed = 0;
  for (const place of panel.querySelectorAll(".svg-board [data-place]")) {
    const before = seen.places[place.dataset.place];
    const isChanged = before !== undefined && before !== (place.dataset.state || "");
    if (isChanged) {
      place.classList.add("changed");
      changed += 1;
    } else if (place.classList.contains("changed")) {
      place.classList.remove("changed");
      if (!place.classList.length) place.removeAttribute("class");
    }
  }
  let first = true;
  for (const entry of panel.querySelectorAll(".log li[data-seq]")) {
    // the reader's own moves are no news to it
    const isNew = +entry.dataset.seq > seen.log && entry.dataset.player !== String(seat);
    entry.classList.toggle("new", isNew);
    if (isNew && first) {
      entry.classList.add("first-new");
      entry.dataset.since = seen.decided === false ? words.visit : words.move;
      first = false;
    }
  }
  if (seat === "") rememberSeen(panel, tableId, seat, false); // a spectator: move by move
  return changed;
}

// Pointing at a log entry marks the places its move names on the board.
export function wirePointing(panel) {
  const point = (entry, on) => {
    if (!entry || !entry.dataset.places) return;
    for (const name of entry.dataset.places.split(" ")) {
      for (const place of panel.querySelectorAll(`.svg-board [data-place="${CSS.escape(name)}"]`)) {
        place.classList.toggle("pointed", on);
      }
    }
  };
  panel.addEventListener("mouseover", (event) => point(event.target.closest?.(".log li"), true));
  panel.addEventListener("mouseout", (event) => point(event.target.closest?.(".log li"), false));
  panel.addEventListener("focusin", (event) => point(event.target.closest?.(".log li"), true));
  panel.addEventListener("focusout", (event) => point(event.target.closest?.(".log li"), false));
}
