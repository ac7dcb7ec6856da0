import { clsx } from "clsx";

import { FacebookIcon } from "@/components/network-icons/facebook";
import { InstagramIcon } from "@/components/network-icons/instagram";

/** A static illustration of the product; labelled as a sample so nobody mistakes it for real data. */
export function SampleDashboard() {
  const rows = [
    {
      network: "Facebook",
      icon: FacebookIcon,
      text: "Fresh beans from Colombia just landed. Which roast are you trying first?",
      status: "Scheduled",
    },
    {
      network: "Instagram",
      icon: InstagramIcon,
      text: "Behind the counter: how we dial in the perfect espresso every morning.",
      status: "Pending",
    },
    {
      network: "Facebook",
      icon: FacebookIcon,
      text: "Weekend hours are here. Come say hi from 8 to 18 on Saturday.",
      status: "Published",
    },
  ];
  return (
    <div className="min-w-0 overflow-hidden rounded-2xl border bg-card shadow-xl shadow-brand-primary/5">
      <div className="flex items-center gap-2 border-b px-4 py-3">
        <span className="size-2.5 rounded-full bg-red-400/80" aria-hidden="true" />
        <span className="size-2.5 rounded-full bg-amber-400/80" aria-hidden="true" />
        <span className="size-2.5 rounded-full bg-emerald-400/80" aria-hidden="true" />
        <span className="ml-3 text-xs font-medium text-muted-foreground">Dashboard · sample preview</span>
      </div>
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="grid grid-cols-3 gap-3">
          {[
            { label: "Pending", value: "4" },
            { label: "Scheduled", value: "12" },
            { label: "Published", value: "28" },
          ].map((stat) => (
            <div key={stat.label} className="rounded-lg border bg-background/60 p-3">
              <div className="text-xs text-muted-foreground">{stat.label}</div>
              <div className="mt-1 text-xl font-semibold">{stat.value}</div>
            </div>
          ))}
        </div>
        <ul className="divide-y rounded-lg border bg-background/60">
          {rows.map((row) => (
            <li key={row.text} className="flex items-start gap-3 p-3">
              <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md bg-gradient-to-br from-brand-primary/20 to-brand-secondary/20 text-brand-primary">
                <row.icon className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm">{row.text}</p>
                <p className="text-xs text-muted-foreground">{row.network}</p>
              </div>
              <span
                className={clsx(
                  "shrink-0 rounded-md px-2 py-0.5 text-xs font-medium",
                  row.status === "Published" && "bg-brand-accent/15 text-emerald-800 dark:text-emerald-300",
                  row.status === "Scheduled" && "bg-brand-primary/15 text-blue-800 dark:text-blue-300",
                  row.status === "Pending" && "bg-amber-500/15 text-amber-800 dark:text-amber-300",
                )}
              >
                {row.status}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
