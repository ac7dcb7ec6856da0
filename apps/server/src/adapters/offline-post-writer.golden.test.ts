import type { ContentTone, LanguageCode } from "@smm/domain/brands";
import type { AiBrandContext, PostWritingRequest } from "@smm/domain/ports";
import { expect, it } from "vitest";
import { writePostOffline } from "./offline-post-writer";

/*
 * Twenty brand profiles and the posts the offline writer makes for them, kept in __golden__ as a file a
 * reviewer reads like a marketer would. A change to the writer shows up as a diff of that file; update it
 * with `npx vitest run -u` after reading the new posts.
 */
const profile = (
  name: string,
  industry: string,
  tone: ContentTone,
  targetAudience: string,
  keyMessages: string[],
  doNotMention: string[] = [],
): AiBrandContext => ({
  name,
  description: "",
  industry,
  tone,
  targetAudience,
  keyMessages,
  doNotMention,
  primaryColor: "#1F2937",
  secondaryColor: "#F59E0B",
  accentColor: "#10B981",
  imageStyle: "professional",
});

const cases: [AiBrandContext, LanguageCode, PostWritingRequest["platform"], string][] = [
  [
    profile("Sunny Scoops", "ice cream shop", "friendly", "Families and students in town", [
      "Two-for-one waffle cones every Friday in December",
    ]),
    "en",
    "instagram",
    "Two-for-one waffle cones every Friday in December",
  ],
  [
    profile("Sunny Scoops", "ice cream shop", "friendly", "Families and students in town", [
      "Made fresh daily with local milk",
    ]),
    "en",
    "facebook",
    "Write a post about our new pistachio flavour",
  ],
  [
    profile("Bean There", "specialty coffee", "casual", "young professionals who love good coffee", [
      "Roasted fresh every morning",
    ]),
    "en",
    "instagram",
    "Our autumn blend is back",
  ],
  [
    profile("Atlas Fitness", "fitness studio", "authoritative", "Busy parents", [
      "Every session is led by a certified coach",
    ]),
    "en",
    "facebook",
    "3 tips for a better morning routine",
  ],
  [
    profile("Olive & Oak", "interior design", "professional", "Homeowners renovating their first flat", [
      "Free consultation for new clients",
    ]),
    "en",
    "instagram",
    "Behind the scenes of our latest kitchen project",
  ],
  [
    profile(
      "Urban Bloom",
      "urban gardening",
      "humorous",
      "City dwellers with tiny balconies",
      ["Plants that survive forgetful owners"],
      ["cactus"],
    ),
    "en",
    "instagram",
    "Create an Instagram post about our spring seed swap",
  ],
  [profile("Harbor Yoga", "yoga", "friendly", "Beginners and office workers", []), "en", "facebook", ""],
  [
    profile("Orbit Labs", "SEO agency", "professional", "Owners of small online shops", [
      "Rankings you can measure in weeks",
    ]),
    "en",
    "facebook",
    "Our free website audit",
  ],
  [
    profile("Elm Street Bakery", "artisan bakery", "casual", "Neighbours and early risers", [
      "Sourdough baked before sunrise",
      "Open every day from 7am",
    ]),
    "en",
    "instagram",
    "Meet the team behind the counter",
  ],
  [
    profile("iFix Repairs", "phone repair", "humorous", "Anyone who has dropped their phone", [
      "Most screens fixed in under an hour",
    ]),
    "en",
    "facebook",
    "Announcing our second location in Lisbon",
  ],
  [
    profile("Eco Nest", "sustainable homeware", "authoritative", "Eco-conscious homeowners", [
      "Every product is plastic-free",
    ]),
    "en",
    "instagram",
    "",
  ],
  [
    profile("Café Lumière", "café", "friendly", "étudiants et familles du quartier", [
      "Croissants faits maison chaque matin",
    ]),
    "fr",
    "instagram",
    "Notre nouveau menu d'hiver",
  ],
  [
    profile("Café Lumière", "café", "professional", "professionnels pressés", ["Livraison gratuite le midi"]),
    "fr",
    "facebook",
    "Nos horaires pendant les fêtes",
  ],
  [
    profile("Backstube Berg", "Bäckerei", "casual", "Familien in Berlin", ["Jeden Morgen frisch gebacken"]),
    "de",
    "instagram",
    "Neue Röstung aus Äthiopien",
  ],
  [
    profile("Backstube Berg", "Bäckerei", "authoritative", "Berufstätige in Mitte", [
      "Bio-Zutaten aus der Region",
    ]),
    "de",
    "facebook",
    "Unser Adventskalender",
  ],
  [
    profile("Sabor Vivo", "restaurante", "friendly", "familias y amigos", ["Ingredientes de temporada"]),
    "es",
    "instagram",
    "Nuestro nuevo menú de verano",
  ],
  [
    profile("Dolce Vita", "gelateria", "humorous", "famiglie e turisti", ["Gelato artigianale ogni giorno"]),
    "it",
    "instagram",
    "Il nuovo gusto al pistacchio",
  ],
  [
    profile("Mar Azul", "surf school", "casual", "surfistas iniciantes", ["Aulas para todas as idades"]),
    "pt",
    "facebook",
    "As inscrições para o verão estão abertas",
  ],
  [
    profile("Fietsfabriek", "electric bikes", "professional", "forenzen in Utrecht", [
      "Gratis proefrit in de winkel",
    ]),
    "nl",
    "instagram",
    "Onze nieuwe cargofiets",
  ],
  [
    profile(
      "Northwind Hotel",
      "hotel",
      "professional",
      "business travellers and couples",
      ["Rooftop bar open until midnight"],
      ["spa"],
    ),
    "en",
    "instagram",
    "Weekend packages for the holidays",
  ],
];

it("writes the golden set of twenty brand profiles as kept in __golden__/offline-post-writer.md", async () => {
  const sections = cases.map(([brand, language, platform, userPrompt], index) => {
    const post = writePostOffline({ brand, language, platform, userPrompt });
    return [
      `## ${index + 1}. ${brand.name} (${brand.industry}, ${brand.tone}, ${language}, ${platform})`,
      "",
      `Prompt: ${userPrompt ? `"${userPrompt}"` : "(none)"}  `,
      `Audience: ${brand.targetAudience || "(none)"}; key messages: ${brand.keyMessages.join(" / ") || "(none)"}${brand.doNotMention.length ? `; never mention: ${brand.doNotMention.join(", ")}` : ""}`,
      "",
      "```text",
      post.caption,
      "```",
      "",
      `Image prompt: ${post.imagePrompt}`,
    ].join("\n");
  });
  const document = `# The offline writer's golden set\n\nGenerated by offline-post-writer.golden.test.ts; read it as the posts a user without an OpenAI key sees.\n\n${sections.join("\n\n")}\n`;
  await expect(document).toMatchFileSnapshot("./__golden__/offline-post-writer.md");
});
