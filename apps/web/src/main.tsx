import "./index.css";
// Before any schema is built (see zod-config.ts).
import "./lib/zod-config";

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { refreshSession } from "@/lib/session";
import { AppRouter } from "@/router";

// Start the session check before React renders so it overlaps with loading the first route's chunk.
void refreshSession();

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

createRoot(container).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
