// Telling the player that a decision became theirs: the tab's title always (a mark before it);
// a short sound and a browser notification when the player turned them on (kept in this
// browser), and only while the page is in the background. The Notification API's permission is
// asked when the player turns notifications on, never before.
const KEY = "hanse-turn-notices";
let wasMine = null;

function settings() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

// Show the stored choices in the panel's check boxes (drawn again at each move).
export function showNoticeChoices(panel) {
  const chosen = settings();
  for (const box of panel.querySelectorAll("[data-notice]")) {
    box.checked = Boolean(chosen[box.dataset.notice]);
  }
}

export async function chooseNotice(box, say) {
  const chosen = settings();
  if (box.dataset.notice === "notification" && box.checked) {
    const answer = "Notification" in window ? await Notification.requestPermission() : "denied";
    if (answer !== "granted") {
      box.checked = false;
      say(box.dataset.refused);
    }
  }
  chosen[box.dataset.notice] = box.checked;
  localStorage.setItem(KEY, JSON.stringify(chosen));
}

function beep() {
  const context = new AudioContext();
  const tone = context.createOscillator();
  const volume = context.createGain();
  tone.frequency.value = 660;
  volume.gain.setValueAtTime(0.15, context.currentTime);
  volume.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.5);
  tone.connect(volume).connect(context.destination);
  tone.start();
  tone.stop(context.currentTime + 0.5);
}

// After each drawing: the title's mark, and the notices when the decision has just become mine.
export function noticeTurn(mine, baseTitle, words) {
  document.title = mine ? `● ${baseTitle}` : baseTitle;
  const becameMine = mine && wasMine === false;
  wasMine = mine;
  if (!becameMine || !document.hidden) return;
  const chosen = settings();
  if (chosen.sound) {
    try {
      beep();
    } catch {
      // a browser without sound (or one that forbids it here) just shows the title's mark
    }
  }
  if (chosen.notification && "Notification" in window && Notification.permission === "granted") {
    const notice = new Notification(baseTitle, { body: words, tag: "hanse-turn" });
    notice.addEventListener("click", () => window.focus());
  }
}

// The decision's clock: how long the one who decides has had, counted on from the server's
// figure, minute by minute past the first hour.
let ticking = null;
export function runClock(panel) {
  clearInterval(ticking);
  const clock = panel.querySelector(".clock[data-waiting]");
  // Where the table has a clock: the deciding seat's time left counts down (data-left, in
  // seconds when the page got it), in the players list and the prompt bar; red when low.
  const countdowns = [...panel.querySelectorAll("[data-left][data-running]")];
  if (!clock && !countdowns.length) return;
  const received = Date.now();
  const start = clock ? Date.now() - +clock.dataset.waiting * 1000 : 0;
  const shown = clock?.querySelector(".clock-time");
  const tick = () => {
    for (const countdown of countdowns) {
      const left = Math.max(0, +countdown.dataset.left - (Date.now() - received) / 1000);
      countdown.querySelector(".clock-time").textContent =
        clockText(left, countdown.dataset.daysFormat);
      countdown.classList.toggle("low", left < +countdown.dataset.low);
    }
    if (!clock) return;
    const seconds = Math.max(0, Math.floor((Date.now() - start) / 1000));
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = seconds % 60;
    const days = Math.floor(h / 24);
    const mmss = `${String(m).padStart(h > 0 ? 2 : 1, "0")}:${String(s).padStart(2, "0")}`;
    shown.textContent = days >= 2 ? clock.dataset.days.replace("{count}", String(days))
      : h > 0 ? `${h}:${mmss}` : mmss;
  };
  tick();
  ticking = setInterval(tick, 1000);
}

// Time left as the server writes it (clock_view.clock_text): 4:05, 1:02:03, "2 d 3:15".
function clockText(seconds, daysFormat) {
  const whole = Math.floor(seconds);
  const days = Math.floor(whole / 86400);
  const h = Math.floor((whole % 86400) / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const two = (n) => String(n).padStart(2, "0");
  if (days) return daysFormat.replace("{days}", String(days)).replace("{time}", `${h}:${two(m)}`);
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
