/**
 * What the agency's inbox says: labels, headings and messages of the admin views, in one place
 * (the public site's copy is content; the staff side is one small tool, kept beside its rules).
 */
export const adminMessages = {
  productName: "Lead inbox",
  signIn: {
    title: "Sign in",
    intro: "Staff of the agency only.",
    email: "Email",
    password: "Password",
    submit: "Sign in",
    wrong: "Email or password is wrong.",
    throttled: (seconds: number) =>
      `Too many failed sign-ins. Please try again in ${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}.`,
    signedOut: "You are signed out.",
    expired: "Your session has ended. Please sign in again.",
  },
  invite: {
    title: "Set your password",
    intro: (email: string) => `Choose a password for ${email}. You will be signed in at once.`,
    password: "New password",
    confirm: "New password again",
    hint: "At least 12 characters; a few unrelated words make a strong one.",
    submit: "Set password and sign in",
    mismatch: "The two passwords are not the same.",
    gone: "This link has expired or was already used. Ask an owner for a new one.",
    goneTitle: "Link no longer valid",
  },
  passwordShort: (n: number) => `Use at least ${n} characters.`,
  passwordLong: (n: number) => `Use at most ${n} characters.`,
  passwordCommon: "This password is one of the most common ones. Choose another.",
  passwordEmail: "Do not use your email address in your password.",
  inbox: {
    title: "Leads",
    signedInAs: (email: string, role: string) => `Signed in as ${email} (${role})`,
    signOut: "Sign out",
    empty: "No leads yet.",
    columns: {
      received: "Received",
      name: "Name",
      company: "Company",
      form: "Form",
      page: "Page",
      source: "Source",
    },
    count: (n: number) => `${n} newest lead${n === 1 ? "" : "s"}`,
  },
  /** Lead kinds as the agency says them. */
  kinds: {
    audit: "Free audit",
    contact: "Contact message",
    testimonial: "Testimonial page",
    growth_partial: "Growth plan (step 1 only)",
    growth: "Growth plan",
    quick: "Call request",
  },
  possibleSpam: "Possible spam",
  notFound: {
    title: "Not found",
    intro: "There is no such page in the inbox.",
    back: "Back to the leads",
  },
  origin: "This request did not come from the inbox itself.",
  signInNeeded: "Sign in to use the inbox.",
} as const;
