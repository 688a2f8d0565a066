interface Props {
  product: string;
  signedInAs: string;
  signOutLabel: string;
}

/** The inbox's top bar: the tool's name, who is signed in, and signing out (a POST). */
export function AdminHeader({ product, signedInAs, signOutLabel }: Props) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <a href="/admin" className="text-lg font-bold text-brand-900">
          {product}
        </a>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <span className="wrap-anywhere">{signedInAs}</span>
          <form method="post" action="/admin/sign-out">
            <button
              type="submit"
              className="min-h-11 rounded-lg px-3 font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-100"
            >
              {signOutLabel}
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}
