import { ArrowRightIcon, LogOutIcon, SunMoonIcon } from "lucide-react";
import { useNavigate } from "react-router";

import { NAVIGATION_TARGETS } from "@/components/app-shell/nav-config";
import { useSignOut } from "@/components/app-shell/user-menu";
import {
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
  CommandShortcut,
} from "@/components/ui/command";
import { setCommandPaletteOpen } from "@/lib/command-palette";
import { toggleTheme } from "@/lib/theme";

/** The palette itself: every screen and the common actions, searchable. */
export function CommandPaletteDialog({ open }: { open: boolean }) {
  const navigate = useNavigate();
  const { signOut } = useSignOut();

  function run(action: () => void) {
    setCommandPaletteOpen(false);
    action();
  }

  return (
    <CommandDialog
      open={open}
      onOpenChange={setCommandPaletteOpen}
      title="Command palette"
      description="Jump to a screen or run an action"
    >
      <CommandInput placeholder="Type a screen or an action…" aria-label="Search screens and actions" />
      <CommandList>
        <CommandEmpty>Nothing matches that.</CommandEmpty>
        <CommandGroup heading="Go to">
          {NAVIGATION_TARGETS.map((target) => (
            <CommandItem key={target.to} value={target.label} onSelect={() => run(() => navigate(target.to))}>
              <ArrowRightIcon aria-hidden="true" />
              {target.label}
              <CommandShortcut>{target.to}</CommandShortcut>
            </CommandItem>
          ))}
        </CommandGroup>
        <CommandSeparator />
        <CommandGroup heading="Actions">
          <CommandItem value="Toggle theme" onSelect={() => run(toggleTheme)}>
            <SunMoonIcon aria-hidden="true" />
            Toggle light / dark theme
          </CommandItem>
          <CommandItem value="Sign out" onSelect={() => run(() => void signOut())}>
            <LogOutIcon aria-hidden="true" />
            Sign out
          </CommandItem>
        </CommandGroup>
      </CommandList>
    </CommandDialog>
  );
}
