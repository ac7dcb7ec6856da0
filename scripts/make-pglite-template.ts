// Part of `npm run build`: makes the embedded database's first-boot template once per PGlite version
// (see packages/infra/src/initialise-pglite.ts). Cheap to call again: it returns when the file exists.
import { defaultPgliteTemplateFile, ensurePgliteTemplate } from "@smm/infra/initialise-pglite";

const made = await ensurePgliteTemplate();
console.log(
  made ? `PGlite template written: ${defaultPgliteTemplateFile()}` : "PGlite template is up to date",
);
