// The board in its frame (scaled to it, as the best sites show a board): by default the whole SVG
// at the frame's width, on any screen from a phone to a wide monitor; zoomed in and out with the
// buttons, Ctrl and the wheel (a touchpad's pinch), or two fingers, and moved by dragging or
// swiping the frame while zoomed. The zoom is kept in the browser, per game.
//
// A tap on a phone must hit what the player meant: where the whole board leaves its targets
// small (less than 0.7 px a board unit, e.g. Hansa's posts at 390 px), the first tap of a finger
// on the whole board zooms in around that point instead of choosing, and the next tap chooses.
const MIN = 1;
const MAX = 4;
const STEP = 1.5;
const SMALL = 0.7; // screen pixels per board unit below which a finger's tap first zooms in

const wired = new WeakSet();

function boardOf(container) {
  const frame = container.querySelector(".svg-board");
  const svg = frame && frame.querySelector("svg");
  return frame && svg ? { frame, svg } : null;
}

// The board's SVG is of class "board-svg <game id>": the zoom is kept under the game's id
// (under "board-svg", the first class, every game shared one zoom: a trial found a Kogge table
// opening at the zoom a Hansa tap had left).
function key(svg) {
  const game = [...svg.classList].find((name) => name !== "board-svg") || "board";
  return `hanse-board-zoom-${game}`;
}

function stored(svg) {
  const zoom = parseFloat(localStorage.getItem(key(svg)) || "1");
  return Number.isFinite(zoom) ? Math.min(MAX, Math.max(MIN, zoom)) : 1;
}

function scale(svg) {
  const width = svg.viewBox.baseVal ? svg.viewBox.baseVal.width : 0;
  return width ? svg.getBoundingClientRect().width / width : 1;
}

// Zoom to `zoom`, keeping the board point under (x, y) (client coordinates) where it was.
function zoomTo(container, zoom, x, y) {
  const board = boardOf(container);
  if (!board) return;
  const { frame, svg } = board;
  const before = svg.getBoundingClientRect();
  const old = parseFloat(frame.dataset.zoom || "1");
  zoom = Math.min(MAX, Math.max(MIN, zoom));
  const px = (x ?? before.left + before.width / 2) - before.left;
  const py = (y ?? before.top + Math.min(before.height, window.innerHeight) / 2) - before.top;
  apply(container, zoom);
  localStorage.setItem(key(svg), String(zoom));
  const ratio = zoom / old;
  const frameBox = frame.getBoundingClientRect();
  frame.scrollLeft = px * ratio - ((x ?? frameBox.left + frameBox.width / 2) - frameBox.left);
  if (y !== undefined || ratio !== 1) window.scrollBy(0, py * (ratio - 1));
}

function apply(container, zoom) {
  const board = boardOf(container);
  if (!board) return;
  const { frame, svg } = board;
  frame.dataset.zoom = String(zoom);
  svg.style.width = `${zoom * 100}%`;
  frame.classList.toggle("zoomed", zoom > 1);
  const controls = container.querySelector(".zoom");
  if (controls) {
    controls.querySelector("[data-fit=out]").disabled = zoom <= MIN;
    controls.querySelector("[data-fit=in]").disabled = zoom >= MAX;
    controls.querySelector("[data-fit=whole]").setAttribute("aria-pressed", zoom === 1 ? "true" : "false");
    // only a board with choices on it (not a replay's) zooms at a first tap
    const choices = svg.querySelector("[data-action], [data-choose]");
    const small = zoom === 1 && choices !== null && scale(svg) < SMALL;
    frame.classList.toggle("tap-zooms", small);
    controls.classList.toggle("small", small);
  }
}

// Whether the whole board leaves its targets too small for a finger on this screen (at any zoom:
// zoomed in, most of them are out of the frame).
export function boardIsSmall(container) {
  const board = boardOf(container);
  if (!board) return false;
  const zoom = parseFloat(board.frame.dataset.zoom || "1");
  return scale(board.svg) / zoom < SMALL;
}

// Called after every drawing of the board: the stored zoom, and the gestures wired once per frame.
export function showFitted(container) {
  const board = boardOf(container);
  if (!board) return;
  apply(container, stored(board.svg));
  if (!wired.has(board.frame)) {
    wired.add(board.frame);
    gestures(container, board.frame);
  }
}

// A click on a zoom button (the page's click handler passes every [data-fit] click here).
export function toggleFitted(container, button) {
  const board = boardOf(container);
  if (!board) return;
  const zoom = parseFloat(board.frame.dataset.zoom || "1");
  const what = button ? button.dataset.fit : "whole";
  if (what === "in") zoomTo(container, zoom * STEP);
  else if (what === "out") zoomTo(container, zoom / STEP);
  else zoomTo(container, 1);
}

function gestures(container, frame) {
  frame.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return; // a plain wheel scrolls the page
    event.preventDefault();
    const zoom = parseFloat(frame.dataset.zoom || "1");
    zoomTo(container, zoom * Math.exp(-event.deltaY / 300), event.clientX, event.clientY);
  }, { passive: false });

  const pointers = new Map();
  let pinch = null;
  let drag = null;
  let swallowClick = false;
  frame.addEventListener("pointerdown", (event) => {
    pointers.set(event.pointerId, event);
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
        zoom: parseFloat(frame.dataset.zoom || "1") };
      drag = null;
    } else if (event.pointerType === "mouse" && frame.classList.contains("zoomed")) {
      drag = { x: event.clientX, y: event.clientY, left: frame.scrollLeft, moved: false };
    }
  });
  frame.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, event);
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
      zoomTo(container, pinch.zoom * distance / pinch.distance,
        (a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2);
    } else if (drag) {
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 6) drag.moved = true;
      if (drag.moved) {
        frame.scrollLeft = drag.left - dx;
        window.scrollBy(0, -(event.movementY || 0));
      }
    }
  });
  const end = (event) => {
    if (drag && drag.moved) swallowClick = true; // a drag is no click on a target
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pointers.size === 0) drag = null;
  };
  frame.addEventListener("pointerup", (event) => {
    // A finger's tap on a board whose targets are too small: zoom in there first.
    if (event.pointerType === "touch" && pointers.size === 1 && !pinch
        && frame.classList.contains("tap-zooms")) {
      swallowClick = true;
      zoomTo(container, Math.min(MAX, Math.max(2, 1 / scale(frame.querySelector("svg")))),
        event.clientX, event.clientY);
    }
    end(event);
  });
  frame.addEventListener("pointercancel", end);
  // Runs before the page's own click handler (capture): a zooming tap or a drag chooses nothing.
  frame.addEventListener("click", (event) => {
    if (swallowClick) {
      swallowClick = false;
      event.stopPropagation();
      event.preventDefault();
    }
  }, true);
}
