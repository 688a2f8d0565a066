/**
 * The passkey buttons of the sign-in and account pages (loaded by those two pages only): each
 * ceremony asks the server for options, lets the browser prompt for the passkey
 * (@simplewebauthn/browser), and sends the answer back (src/pages/api/admin/passkeys/[step].ts).
 * Every control starts hidden in the HTML and is revealed only where the browser supports
 * passkeys; the words it shows come from the page (data attributes), not from this script.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";

interface Answer {
  ok: boolean;
  data: { message?: string; options?: unknown; ceremony?: string };
}

async function post(step: string, body: object): Promise<Answer> {
  const res = await fetch(`/api/admin/passkeys/${step}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { ok: res.ok, data: ((await res.json().catch(() => ({}))) ?? {}) as Answer["data"] };
}

/** Runs one ceremony from a block with data-working / data-cancelled and a status line. */
async function ceremony(
  block: HTMLElement,
  run: (say: (text: string) => void) => Promise<boolean>,
): Promise<void> {
  const status = block.querySelector<HTMLElement>("[data-passkey-status]");
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  say(block.dataset.working ?? "");
  try {
    if (!(await run(say))) return;
  } catch {
    // The prompt was dismissed, timed out, or the browser refused it.
    say(block.dataset.cancelled ?? "");
  }
}

async function signIn(block: HTMLElement, say: (text: string) => void): Promise<boolean> {
  const options = await post("sign-in-options", {});
  if (!options.ok) return (say(options.data.message ?? ""), false);
  const response = await startAuthentication({ optionsJSON: options.data.options as never });
  const done = await post("sign-in", { ceremony: options.data.ceremony, response });
  if (!done.ok) return (say(done.data.message ?? ""), false);
  location.assign(block.dataset.next ?? "/admin");
  return true;
}

async function confirm(say: (text: string) => void): Promise<boolean> {
  const options = await post("confirm-options", {});
  if (!options.ok) return (say(options.data.message ?? ""), false);
  const response = await startAuthentication({ optionsJSON: options.data.options as never });
  const done = await post("confirm", { ceremony: options.data.ceremony, response });
  if (!done.ok) return (say(done.data.message ?? ""), false);
  location.assign("/admin/account?confirmed=1");
  return true;
}

async function add(form: HTMLFormElement, say: (text: string) => void): Promise<boolean> {
  const fields = new FormData(form);
  const options = await post("register-options", { password: fields.get("password") ?? "" });
  if (!options.ok) {
    say(options.data.message ?? "");
    form.querySelector<HTMLInputElement>('[name="password"]')?.focus();
    return false;
  }
  const response = await startRegistration({ optionsJSON: options.data.options as never });
  const done = await post("register", {
    ceremony: options.data.ceremony,
    response,
    name: fields.get("name") ?? "",
  });
  if (!done.ok) return (say(done.data.message ?? ""), false);
  location.assign("/admin/account?saved=passkey");
  return true;
}

if (browserSupportsWebAuthn()) {
  for (const el of document.querySelectorAll<HTMLElement>("[data-passkey-unsupported]")) {
    el.hidden = true;
  }
  const signInBlock = document.querySelector<HTMLElement>("[data-passkey-signin]");
  if (signInBlock) {
    signInBlock.hidden = false;
    signInBlock
      .querySelector("[data-passkey-start]")
      ?.addEventListener(
        "click",
        () => void ceremony(signInBlock, (say) => signIn(signInBlock, say)),
      );
  }
  const confirmBlock = document.querySelector<HTMLElement>("[data-passkey-confirm]");
  if (confirmBlock) {
    confirmBlock.hidden = false;
    confirmBlock
      .querySelector("[data-passkey-start]")
      ?.addEventListener("click", () => void ceremony(confirmBlock, confirm));
  }
  const addForm = document.querySelector<HTMLFormElement>("[data-passkey-add]");
  if (addForm) {
    addForm.hidden = false;
    addForm.addEventListener("submit", (event) => {
      event.preventDefault();
      void ceremony(addForm, (say) => add(addForm, say));
    });
  }
}
