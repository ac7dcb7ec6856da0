import { Link } from "react-router";

import { Logo } from "@/components/logo";
import { FOOTER_LEGAL, FOOTER_PRODUCT, FOOTER_SUPPORT } from "@/pages/landing/landing-content";

export function LandingFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 md:grid-cols-4 md:px-6">
        <div className="space-y-3">
          <Logo className="text-sm" />
          <p className="text-sm text-muted-foreground">
            AI-powered social media management for businesses and creators.
          </p>
        </div>
        <FooterColumn title="Product" links={FOOTER_PRODUCT} />
        <FooterColumn title="Support" links={FOOTER_SUPPORT} />
        <div>
          <h2 className="text-sm font-semibold">Legal</h2>
          <ul className="mt-3 space-y-1">
            {FOOTER_LEGAL.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-9 items-center rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted-foreground md:px-6">
          © {new Date().getFullYear()} Social Media Manager. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, links }: { title: string; links: { label: string; href: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 space-y-1">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              id={title === "Support" ? link.href.slice(1) : undefined}
              className="inline-flex min-h-9 items-center rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
