import type { Statistic } from "../../schemas/common";
import { Icon } from "./Icon";

/** A row of headline figures (value over label), on a light background. */
export function StatRow({ stats }: { stats: Statistic[] }) {
  return (
    <dl className="grid grid-cols-3 gap-3 sm:gap-4" data-stats>
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col-reverse items-center rounded-xl bg-white p-3 text-center shadow-sm ring-1 ring-slate-200 sm:p-5"
        >
          <dt className="mt-1 text-sm text-slate-700">{stat.label}</dt>
          <dd className="flex items-center gap-2 text-2xl font-extrabold text-brand-800 sm:text-3xl">
            {stat.icon && <Icon name={stat.icon} className="hidden size-6 sm:block" />}
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
