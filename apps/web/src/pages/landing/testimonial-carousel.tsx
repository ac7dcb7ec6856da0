import { clsx } from "clsx";
import { StarIcon } from "lucide-react";
import { useEffect, useState } from "react";

const ROTATION_MS = 5000;

const TESTIMONIALS = [
  {
    rating: 5,
    content:
      "We went from scrambling for posts every Monday to having the whole month approved in one sitting. The captions actually sound like us.",
    name: "Sarah Lindqvist",
    role: "Marketing Lead",
    company: "Nordbrew Coffee",
  },
  {
    rating: 5,
    content:
      "The calendar and approval flow replaced three tools for our agency. Clients review posts on their phone and we publish the same afternoon.",
    name: "Marco Bianchi",
    role: "Founder",
    company: "Studio Ventiquattro",
  },
  {
    rating: 5,
    content:
      "I run a bakery, not a media team. Now I type one sentence, get a post with an image in my colours, and schedule it for the best time.",
    name: "Amélie Durand",
    role: "Owner",
    company: "Maison Durand",
  },
];

/** Three static testimonials rotating every 5 s (spec); pauses while hovered or focused so it can be read. */
export function TestimonialCarousel() {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `active` restarts the timer so a chosen slide gets its full 5 s.
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(
      () => setActive((index) => (index + 1) % TESTIMONIALS.length),
      ROTATION_MS,
    );
    return () => window.clearTimeout(timer);
  }, [active, paused]);

  const testimonial = TESTIMONIALS[active] ?? TESTIMONIALS[0]!;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the rotation; nothing is activated.
    <div
      className="mx-auto max-w-3xl"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="testimonials"
    >
      <figure
        className="relative rounded-2xl border bg-card px-6 py-10 text-center shadow-sm sm:px-12"
        aria-roledescription="slide"
        aria-label={`Testimonial ${active + 1} of ${TESTIMONIALS.length}`}
      >
        <div
          className="flex justify-center gap-1"
          role="img"
          aria-label={`Rated ${testimonial.rating} out of 5`}
        >
          {[1, 2, 3, 4, 5].map((star) => (
            <StarIcon
              key={star}
              className={clsx(
                "size-4",
                star <= testimonial.rating ? "fill-amber-400 text-amber-400" : "text-muted-foreground/40",
              )}
              aria-hidden="true"
            />
          ))}
        </div>
        <blockquote className="mt-5 text-lg leading-relaxed text-balance sm:text-xl">
          “{testimonial.content}”
        </blockquote>
        <figcaption className="mt-6">
          <div className="font-semibold">{testimonial.name}</div>
          <div className="text-sm text-muted-foreground">
            {testimonial.role}, {testimonial.company}
          </div>
        </figcaption>
      </figure>
      <div className="mt-5 flex justify-center gap-1">
        {TESTIMONIALS.map((item, index) => (
          <button
            key={item.name}
            type="button"
            onClick={() => setActive(index)}
            aria-label={`Show testimonial ${index + 1}: ${item.name}`}
            aria-current={index === active ? "true" : undefined}
            data-testid={`testimonial-dot-${index}`}
            className="group flex size-10 items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span
              className={clsx(
                "block h-2 rounded-full transition-all",
                index === active
                  ? "w-6 bg-brand-primary"
                  : "w-2 bg-muted-foreground/40 group-hover:bg-muted-foreground",
              )}
            />
          </button>
        ))}
      </div>
    </div>
  );
}
