import { post, remember, say } from "./api.js";

const form = document.getElementById("join");
form.elements.name.value = remember();
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = form.elements.name.value.trim();
  try {
    const joined = await post(`/api/join/${form.dataset.secret}`, { name });
    remember(name);
    location.href = `/tables/${joined.table}`;
  } catch (error) {
    say(error.message);
  }
});
