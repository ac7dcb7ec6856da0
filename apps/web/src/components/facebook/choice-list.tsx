import { type AdAccountChoice, formatMoney, type PageChoice } from "@smm/domain/web";

import { Badge } from "@/components/ui/badge";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";

export interface Choice {
  id: string;
  title: string;
  lines: string[];
  pictureUrl: string | null;
  canManagePosts?: boolean;
}

/** Minor units as money in the account's currency (connections.md section 9), by the ad screens' formatter. */
export const formatMinorUnits = (amount: string | null, currency: string): string =>
  formatMoney(Number(amount ?? "0") || 0, currency);

/** The page picker's rows: name, category, picture and 'Can manage posts'. */
export const pageChoices = (pages: PageChoice[]): Choice[] =>
  pages.map((page) => ({
    id: page.id,
    title: page.name,
    pictureUrl: page.pictureUrl,
    lines: page.category ? [page.category] : [],
    canManagePosts: page.canManagePosts,
  }));

/** The ad-account picker's rows: name, account id, currency, status text, business, balance and spent. */
export const adAccountChoices = (accounts: AdAccountChoice[]): Choice[] =>
  accounts.map((account) => ({
    id: account.id,
    title: account.name,
    pictureUrl: null,
    lines: [
      `${account.accountId} · ${account.currency} · ${account.statusText}`,
      ...(account.businessName ? [account.businessName] : []),
      `Balance ${formatMinorUnits(account.balance, account.currency)} · Spent ${formatMinorUnits(account.amountSpent, account.currency)}`,
    ],
  }));

/** A radio list of pages or ad accounts; arrow keys move the choice, as radio groups do. */
export function ChoiceList({
  choices,
  selected,
  onSelect,
  label,
  disabled,
}: {
  choices: Choice[];
  selected: string | null;
  onSelect: (id: string) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <RadioGroup
      value={selected ?? ""}
      onValueChange={onSelect}
      aria-label={label}
      className="gap-2"
      disabled={disabled}
    >
      {choices.map((choice) => (
        <Label
          key={choice.id}
          htmlFor={`choice-${choice.id}`}
          className="flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border p-3 has-[[data-state=checked]]:border-primary"
        >
          <RadioGroupItem id={`choice-${choice.id}`} value={choice.id} />
          {choice.pictureUrl ? (
            <img src={choice.pictureUrl} alt="" className="size-10 shrink-0 rounded-full object-cover" />
          ) : null}
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{choice.title}</span>
            {choice.lines.map((line) => (
              <span key={line} className="block truncate text-sm font-normal text-muted-foreground">
                {line}
              </span>
            ))}
          </span>
          {choice.canManagePosts ? <Badge variant="secondary">Can manage posts</Badge> : null}
        </Label>
      ))}
    </RadioGroup>
  );
}
