/**
 * Progressive enhancement of the header. Without it the dropdowns open on hover and focus (CSS)
 * and the mobile menu is a native <details>; with it:
 * - aria-expanded follows each dropdown's visibility,
 * - ArrowDown on a trigger enters its menu, ArrowUp/ArrowDown/Home/End move inside it,
 * - Escape closes the open dropdown or mobile menu and returns focus to its trigger.
 */

function setupDropdown(root: HTMLElement) {
  const trigger = root.querySelector<HTMLAnchorElement>(":scope > a");
  const panel = root.querySelector<HTMLElement>(".dropdown-panel");
  if (!trigger || !panel) return;
  const items = () => Array.from(panel.querySelectorAll<HTMLAnchorElement>("a"));

  const sync = () => {
    const open = getComputedStyle(panel).display !== "none";
    trigger.setAttribute("aria-expanded", String(open));
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
      root.removeAttribute("data-dismissed");
      root.setAttribute("data-open", "");
      sync();
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
  // After the first style pass, not during parsing: reading the panel's style here would force it.
  requestAnimationFrame(sync);
}

function setupMobileMenu(menu: HTMLDetailsElement) {
  const summary = menu.querySelector("summary");
  menu.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      summary?.focus();
    }
  });
  // Following an in-page link (/#services on the home page) closes the menu.
  menu.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) menu.open = false;
  });
}

document.querySelectorAll<HTMLElement>("[data-dropdown]").forEach(setupDropdown);
document.querySelectorAll<HTMLDetailsElement>("[data-mobile-menu]").forEach(setupMobileMenu);
