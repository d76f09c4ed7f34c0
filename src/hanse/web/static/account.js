// The account page: sign in, create an account, sign out; the server renders the rest.
import { post, say } from "./api.js";

for (const form of document.querySelectorAll("form[data-path]")) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await post(form.dataset.path, { name: form.elements.name.value, password: form.elements.password.value });
      location.reload();
    } catch (error) {
      say(error.message);
    }
  });
}

const logout = document.getElementById("logout");
if (logout) {
  logout.addEventListener("click", async () => {
    try {
      await post("/api/logout", {});
      location.reload();
    } catch (error) {
      say(error.message);
    }
  });
}
