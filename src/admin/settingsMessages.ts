/**
 * What the owner's settings page says (/admin/settings, src/admin/settingsPage.ts). Kept apart
 * from ./messages.ts so the page's copy is in one place.
 */
export const settingsMessages = {
  title: "Settings",
  intro:
    "What changes here takes effect at once on every server, without a rebuild. Each change is written to the audit log.",
  save: "Save settings",
  saved: "Settings saved.",
  zone: {
    heading: "Time zone",
    label: "The agency's time zone",
    hint: "Every staff page, email, CSV export, report and PDF shows times in this zone, and the Performance report counts days by it.",
    fromEnv: (zone: string) => `Default from the server's configuration: ${zone}.`,
    bad: "Choose a time zone from the list.",
    rebuilt: "The Performance report's lead counts were recounted on the new clock.",
  },
  notices: {
    heading: "New-lead notices",
    label: "Email new-lead notices to",
    hint: "One address per line (at most 20). Leave it empty to use the server's own list (LEAD_EMAIL_TO).",
    noSmtp: "Email is not set up on this server (SMTP), so no notice is sent until it is.",
    bad: (value: string) => `"${value}" is not an email address.`,
    tooMany: "At most 20 addresses.",
  },
  confirmations: {
    heading: "Confirmation emails",
    label: "Send visitors a confirmation email after they send a form",
  },
  assignment: {
    heading: "New-lead assignment",
    legend: "Who gets each new lead",
    none: "Nobody: leads wait in the inbox for someone to take them",
    roundRobin: "In turn, among the people chosen below (deactivated accounts are skipped)",
    staffLegend: "Take turns",
    noStaff: "Choose at least one active account to take turns.",
    unknown: "One of the chosen accounts no longer exists or is deactivated.",
  },
  secondFactor: {
    heading: "Sign-in security",
    label:
      "Every account must use a passkey or an authenticator app (a second factor) to sign in to the inbox",
    hint: "Accounts without either are sent to their account page to set one up before they can open anything else.",
    selfFirst:
      "Add a passkey or set up an authenticator app on your own account first (Your account), so that you can still open these settings.",
  },
  enrol:
    "An owner requires a second factor for every account: add a passkey or set up an authenticator app below to use the inbox.",
  audit: "settings_change",
} as const;
