/** Product-wide constants shown on public pages. */
export const PRODUCT_NAME = "Social Media Manager";
export const LEGAL_LAST_UPDATED = "June 26, 2025";
// The mailbox that answers privacy, legal and support questions; change it here for a deployment.
export const CONTACT_EMAIL = "privacy@socialmediamanager.app";
export const SUPPORT_EMAIL = "support@socialmediamanager.app";
