/** The inbox's top bar for a staff member on a path: who, and the sections their role opens. */
import { adminMessages } from "./messages.ts";
import type { StaffRecord } from "./store/types.ts";

export function headerProps(staff: StaffRecord, path: string) {
  const nav = adminMessages.nav;
  const sections = [
    { href: "/admin", label: nav.leads },
    { href: "/admin/performance", label: nav.performance },
    { href: "/admin/checks", label: nav.checks },
    { href: "/admin/templates", label: nav.templates },
    ...(staff.role === "owner"
      ? [
          { href: "/admin/staff", label: nav.staff },
          { href: "/admin/audit", label: nav.audit },
          { href: "/admin/webhooks", label: nav.webhooks },
          { href: "/admin/settings", label: nav.settings },
        ]
      : []),
    { href: "/admin/account", label: nav.account },
  ];
  return {
    product: adminMessages.productName,
    signedInAs: adminMessages.inbox.signedInAs(staff.email, staff.role),
    signOutLabel: adminMessages.inbox.signOut,
    navLabel: nav.label,
    nav: sections.map((s) => ({
      ...s,
      current:
        s.href === "/admin"
          ? path === "/admin" || path.startsWith("/admin/leads")
          : path.startsWith(s.href),
    })),
  };
}
