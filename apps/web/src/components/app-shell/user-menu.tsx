import { useQueryClient } from "@tanstack/react-query";
import { CreditCardIcon, LogOutIcon, UserIcon } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";

import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { signOut } from "@/lib/auth";
import { getNameFromEmail, useSession } from "@/lib/session";

export function getInitials(email: string): string {
  const name = getNameFromEmail(email).replace(/[^a-zA-Z0-9]/g, "");
  return (name.slice(0, 2) || "?").toUpperCase();
}

/** Signs out and forgets cached data; the route guard then shows /login (spec: Sign Out goes to /login). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function runSignOut() {
    setPending(true);
    try {
      await signOut();
    } catch {
      // Already signed out locally and the toaster is gone with the signed-in screens; nothing to show.
    } finally {
      queryClient.clear();
      setPending(false);
    }
  }

  return { signOut: runSignOut, pending };
}

export function UserMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const { signOut: runSignOut } = useSignOut();
  if (session.status !== "signed-in") return null;
  const { email } = session.user;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className="h-10 gap-2 px-1.5 md:px-2"
          aria-label={`Account menu for ${email}`}
          data-testid="user-menu"
        >
          <Avatar className="size-7">
            <AvatarFallback className="bg-primary/15 text-[11px] font-semibold text-primary">
              {getInitials(email)}
            </AvatarFallback>
          </Avatar>
          <span className="hidden max-w-40 truncate text-sm font-medium @4xl:inline" title={email}>
            {email}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <span className="block text-sm font-medium">{getNameFromEmail(email)}</span>
          <span className="block truncate text-xs text-muted-foreground">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem onSelect={() => navigate("/profile")} data-testid="menu-profile">
            <UserIcon aria-hidden="true" />
            Profile Settings
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate("/subscription")} data-testid="menu-subscription">
            <CreditCardIcon aria-hidden="true" />
            Subscription
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void runSignOut()} data-testid="menu-sign-out">
          <LogOutIcon aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
