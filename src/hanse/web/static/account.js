// The account page: sign in, create an account, sign out; the server renders the rest.
import { post, say } from "./api.js";

// The server's refusals, said in the page's language.
const words = document.getElementById("account-words")?.dataset ?? {};
function inWords(message) {
  if (message.startsWith("wrong account name or password")) return words.wrong;
  if (/^the account name .* is taken/.test(message)) return words.taken;
  if (message.startsWith("an account name is")) return words.nameRule;
  if (message.startsWith("a password is")) return words.passwordRule;
  return message;
}

for (const form of document.querySelectorAll("form[data-path]")) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await post(form.dataset.path, { name: form.elements.name.value, password: form.elements.password.value });
      location.reload();
    } catch (error) {
      say(inWords(error.message));
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
