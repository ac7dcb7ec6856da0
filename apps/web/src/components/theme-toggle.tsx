import { clsx } from "clsx";
import { MoonIcon, SunIcon } from "lucide-react";

import { buttonVariants } from "@/components/ui/button-variants";
import { toggleTheme, useTheme } from "@/lib/theme";

// A plain <button> rather than <Button>: this sits on the landing page, whose budget excludes tailwind-merge.
export function ThemeToggle({ className }: { className?: string }) {
  const theme = useTheme();
  const label = theme === "dark" ? "Switch to light theme" : "Switch to dark theme";

  return (
    <button
      type="button"
      className={clsx(
        buttonVariants({ variant: "ghost", size: "icon" }),
        "text-muted-foreground hover:text-foreground",
        className,
      )}
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      data-theme={theme}
    >
      {theme === "dark" ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
    </button>
  );
}
