// While a game's analysis is computed, follow its progress through the API (202 with done and
// total) and show the result, rendered by the server, once it is stored (200).
const root = document.getElementById("analysis");
const bar = document.getElementById("analysis-progress");
const count = document.getElementById("analysis-count");
const POLL_MS = 2000;

async function poll() {
  let response;
  try {
    response = await fetch(`/api/tables/${root.dataset.table}/analysis`, {
      headers: { Accept: "application/json" },
    });
  } catch {
    setTimeout(poll, POLL_MS * 2); // the server away for a moment: ask again later
    return;
  }
  if (response.status === 200) {
    location.reload();
    return;
  }
  if (response.status === 202) {
    const progress = await response.json();
    if (progress.total) {
      bar.max = progress.total;
      bar.value = progress.done;
      count.textContent = count.dataset.words
        .replace("{done}", progress.done)
        .replace("{total}", progress.total);
    }
    setTimeout(poll, POLL_MS);
    return;
  }
  location.reload(); // an error: the page says it
}

setTimeout(poll, POLL_MS);
