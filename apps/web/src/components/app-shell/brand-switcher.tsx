import type { Brand } from "@smm/domain/web";
import { CheckIcon, ChevronsUpDownIcon, Loader2Icon, PlusIcon } from "lucide-react";
import { DropdownMenu as DropdownMenuPrimitive } from "radix-ui";
import { Suspense } from "react";

import { LazyPartBoundary } from "@/components/lazy-part-boundary";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { readableTextOn, toSixDigitColor } from "@/lib/colors";
import { lazyNamed } from "@/lib/lazy-load";

import { useBrandSwitcher } from "./use-brand-switcher";

// A form (with the brand schema's validation) that few visits open: its code loads with the first opening.
const CreateBrandDialog = lazyNamed(() => import("./create-brand-dialog"), "CreateBrandDialog");

const FALLBACK_BRAND_COLOR = "#3B82F6";

function brandInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? `${words[0]?.[0] ?? ""}${words[1]?.[0] ?? ""}` : (words[0] ?? "").slice(0, 2);
  return letters.toUpperCase() || "?";
}

/** The brand's avatar: initials on its primary colour (UI.md: brand colours tint brand-owned things only). */
export function BrandChip({ brand, className = "size-6" }: { brand: Brand; className?: string }) {
  const background = toSixDigitColor(brand.settings.primaryColor, FALLBACK_BRAND_COLOR);
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full text-[10px] font-semibold ${className}`}
      style={{ backgroundColor: background, color: readableTextOn(background) }}
      data-testid="brand-chip"
    >
      {brandInitials(brand.name)}
    </span>
  );
}

/**
 * The header's brand control (core spec section 2). With two or more brands it is the switcher: the
 * brands with the active one checked, a click switches, and "New brand" at the bottom. The spec hides
 * the switcher for a single brand, yet that user must still be able to add a second one, so they get
 * just a compact "New brand" button. A user with no brand yet sees nothing: the setup wizard makes one.
 */
export function BrandSwitcher() {
  const switcher = useBrandSwitcher();
  const { list, active } = switcher;
  if (list.length === 0 || !active) return null;

  const dialog = switcher.createOpen ? (
    <LazyPartBoundary open onFailed={() => switcher.setCreateOpen(false)}>
      <Suspense fallback={null}>
        <CreateBrandDialog open onOpenChange={switcher.setCreateOpen} />
      </Suspense>
    </LazyPartBoundary>
  ) : null;

  if (list.length === 1) {
    return (
      <>
        <Tooltip>
          <TooltipTrigger asChild>
            <Button
              type="button"
              variant="ghost"
              className="px-2.5 md:px-3"
              onClick={switcher.openCreate}
              aria-label="New brand"
              data-testid="new-brand-button"
            >
              <PlusIcon aria-hidden="true" />
              <span className="hidden lg:inline">New brand</span>
            </Button>
          </TooltipTrigger>
          <TooltipContent className="lg:hidden">New brand</TooltipContent>
        </Tooltip>
        {dialog}
      </>
    );
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            className="h-10 min-w-10 max-w-56 gap-2 px-2"
            aria-label={`Brand: ${active.name}. Switch brand`}
            data-testid="brand-switcher"
            data-active-brand-id={active.id}
          >
            {switcher.switching ? (
              <Loader2Icon className="size-6 animate-spin p-1 text-muted-foreground" aria-hidden="true" />
            ) : (
              <BrandChip brand={active} />
            )}
            <span className="hidden truncate text-sm font-medium sm:inline" data-testid="brand-switcher-name">
              {active.name}
            </span>
            {/* On a phone the chip alone is the control; the header's title needs the room. */}
            <ChevronsUpDownIcon className="hidden text-muted-foreground sm:block" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          collisionPadding={8}
          className="w-64"
          data-testid="brand-switcher-menu"
          onCloseAutoFocus={(event) => {
            if (switcher.keepFocusForDialog()) event.preventDefault();
          }}
        >
          <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">Brands</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={switcher.selectedId} onValueChange={switcher.switchTo}>
            {list.map((brand) => (
              <DropdownMenuPrimitive.RadioItem
                key={brand.id}
                value={brand.id}
                className="relative flex min-h-10 cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-hidden select-none focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50"
                data-testid="brand-option"
                data-brand-id={brand.id}
              >
                <BrandChip brand={brand} />
                <span className="min-w-0 flex-1 truncate">{brand.name}</span>
                <DropdownMenuPrimitive.ItemIndicator>
                  <CheckIcon className="size-4 text-primary" aria-hidden="true" />
                </DropdownMenuPrimitive.ItemIndicator>
              </DropdownMenuPrimitive.RadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={switcher.openCreateFromMenu} data-testid="brand-switcher-new">
            <PlusIcon aria-hidden="true" />
            New brand
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog}
    </>
  );
}
