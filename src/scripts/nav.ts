/**
 * Progressive enhancement of the header. Without it the dropdowns open on hover and focus (CSS),
 * their items are ordinary Tab stops, and the mobile menu is a native <details>; with it:
 * - aria-expanded follows each dropdown's visibility,
 * - dropdown items leave the Tab order (Tab from a trigger goes to the next top-level item);
 *   ArrowDown on a trigger enters its menu, ArrowUp/ArrowDown/Home/End move inside it,
 * - on a touch screen the first tap on a trigger opens its menu, a second tap follows the link,
 *   and a tap elsewhere closes it,
 * - Escape closes the open dropdown or mobile menu and returns focus to its trigger,
 * - a tap or click outside the open mobile menu closes it.
 */

function setupDropdown(root: HTMLElement) {
  const trigger = root.querySelector<HTMLAnchorElement>(":scope > a");
  const panel = root.querySelector<HTMLElement>(".dropdown-panel");
  if (!trigger || !panel) return;
  const items = () => Array.from(panel.querySelectorAll<HTMLAnchorElement>("a"));
  // Reached with the arrow keys instead of Tab: one Tab stop per dropdown, not one per item.
  for (const item of items()) item.tabIndex = -1;

  const isOpen = () => getComputedStyle(panel).display !== "none";
  const sync = () => {
    trigger.setAttribute("aria-expanded", String(isOpen()));
  };
  const open = () => {
    root.removeAttribute("data-dismissed");
    root.setAttribute("data-open", "");
    sync();
  };
  const dismiss = () => {
    root.setAttribute("data-dismissed", "");
    root.removeAttribute("data-open");
    sync();
  };
  const reset = () => {
    root.removeAttribute("data-dismissed");
    requestAnimationFrame(sync);
  };

  root.addEventListener("mouseenter", reset);
  root.addEventListener("mouseleave", () => {
    root.removeAttribute("data-open");
    reset();
  });
  root.addEventListener("focusin", (event) => {
    // Focus arriving from outside reopens a menu closed by Escape.
    if (!root.contains(event.relatedTarget as Node | null)) reset();
    else sync();
  });
  root.addEventListener("focusout", (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) {
      root.removeAttribute("data-open");
      root.removeAttribute("data-dismissed");
      requestAnimationFrame(sync);
    }
  });

  root.addEventListener("keydown", (event) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLAnchorElement);
    const focusAt = (i: number) => {
      open();
      list[(i + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case "Escape":
        if (index >= 0) trigger.focus();
        dismiss();
        event.preventDefault();
        break;
      case "ArrowDown":
        focusAt(index + 1);
        event.preventDefault();
        break;
      case "ArrowUp":
        focusAt(index < 0 ? list.length - 1 : index - 1);
        event.preventDefault();
        break;
      case "Home":
        if (index >= 0) {
          focusAt(0);
          event.preventDefault();
        }
        break;
      case "End":
        if (index >= 0) {
          focusAt(list.length - 1);
          event.preventDefault();
        }
        break;
    }
  });

  // Touch screens have no hover: the first tap on a closed trigger opens its menu instead of
  // following the link (a second tap, or an item, navigates). Decided on pointerdown, before the
  // tap focuses the trigger (which opens the menu through CSS).
  let tapOpens = false;
  trigger.addEventListener("pointerdown", (event) => {
    tapOpens = event.pointerType !== "mouse" && !isOpen();
  });
  trigger.addEventListener("keydown", () => {
    tapOpens = false;
  });
  trigger.addEventListener("click", (event) => {
    if (!tapOpens) return;
    tapOpens = false;
    event.preventDefault();
    open();
  });
  document.addEventListener("pointerdown", (event) => {
    if (root.hasAttribute("data-open") && !root.contains(event.target as Node)) {
      root.removeAttribute("data-open");
      requestAnimationFrame(sync);
    }
  });

  // After the first style pass, not during parsing: reading the panel's style here would force it.
  requestAnimationFrame(sync);
}

function setupMobileMenu(menu: HTMLDetailsElement) {
  const summary = menu.querySelector("summary");
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      const active = document.activeElement;
      menu.open = false;
      // Back to the toggle, unless the visitor is working elsewhere on the page.
      if (!active || active === document.body || menu.contains(active)) summary?.focus();
    }
  });
  // A tap or click anywhere outside the open menu closes it (pointerdown: iOS sends no click for a
  // tap on plain content).
  document.addEventListener("pointerdown", (event) => {
    if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
  // Following an in-page link (/#services on the home page) closes the menu.
  menu.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) menu.open = false;
  });
}

document.querySelectorAll<HTMLElement>("[data-dropdown]").forEach(setupDropdown);
document.querySelectorAll<HTMLDetailsElement>("[data-mobile-menu]").forEach(setupMobileMenu);
