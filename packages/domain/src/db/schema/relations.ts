import { relations } from "drizzle-orm";
import { agentSettings } from "./agent";
import { brandAnalytics } from "./analytics";
import { account, apikey, session, user } from "./auth";
import { stripeCustomers, stripeUserSubscriptions } from "./billing";
import { userBrands, userProfiles } from "./brands";
import { adSets, campaigns } from "./campaigns";
import { oauthStates, socialConnections } from "./connections";
import { brandConversations } from "./conversations";
import { media } from "./media";
import { notifications } from "./notifications";
import { postMedia, posts } from "./posts";
import { sitePages } from "./site-pages";
import { postSuggestions } from "./suggestions";
import { templateFavorites, templates } from "./templates";

// Relations live in one file so the table files import each other only along foreign keys (no cycles).
// `sessions`, `accounts` and `user` are the keys better-auth's adapter looks for when it joins.

export const userRelations = relations(user, ({ one, many }) => ({
  sessions: many(session),
  accounts: many(account),
  apikeys: many(apikey),
  profile: one(userProfiles),
  agentSettings: one(agentSettings),
  stripeCustomer: one(stripeCustomers),
  subscription: one(stripeUserSubscriptions),
  brands: many(userBrands),
  posts: many(posts),
  notifications: many(notifications),
  templates: many(templates),
  templateFavorites: many(templateFavorites),
}));

export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));

export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

export const apikeyRelations = relations(apikey, ({ one }) => ({
  user: one(user, { fields: [apikey.referenceId], references: [user.id] }),
}));

export const userProfileRelations = relations(userProfiles, ({ one }) => ({
  user: one(user, { fields: [userProfiles.userId], references: [user.id] }),
}));

export const agentSettingsRelations = relations(agentSettings, ({ one }) => ({
  user: one(user, { fields: [agentSettings.userId], references: [user.id] }),
}));

export const stripeCustomerRelations = relations(stripeCustomers, ({ one }) => ({
  user: one(user, { fields: [stripeCustomers.userId], references: [user.id] }),
}));

export const stripeUserSubscriptionRelations = relations(stripeUserSubscriptions, ({ one }) => ({
  user: one(user, { fields: [stripeUserSubscriptions.userId], references: [user.id] }),
}));

export const userBrandRelations = relations(userBrands, ({ one, many }) => ({
  user: one(user, { fields: [userBrands.userId], references: [user.id] }),
  posts: many(posts),
  postSuggestions: many(postSuggestions),
  templates: many(templates),
  media: many(media),
  campaigns: many(campaigns),
  socialConnections: many(socialConnections),
  conversations: many(brandConversations),
  analytics: many(brandAnalytics),
  sitePages: many(sitePages),
}));

export const postRelations = relations(posts, ({ one, many }) => ({
  user: one(user, { fields: [posts.userId], references: [user.id] }),
  brand: one(userBrands, { fields: [posts.brandId], references: [userBrands.id] }),
  template: one(templates, { fields: [posts.templateId], references: [templates.id] }),
  image: one(media, { fields: [posts.imageMediaId], references: [media.id] }),
  suggestions: many(postSuggestions),
  media: many(postMedia),
}));

export const postMediaRelations = relations(postMedia, ({ one }) => ({
  post: one(posts, { fields: [postMedia.postId], references: [posts.id] }),
  media: one(media, { fields: [postMedia.mediaId], references: [media.id] }),
}));

export const postSuggestionRelations = relations(postSuggestions, ({ one }) => ({
  brand: one(userBrands, { fields: [postSuggestions.brandId], references: [userBrands.id] }),
  post: one(posts, { fields: [postSuggestions.postId], references: [posts.id] }),
}));

export const notificationRelations = relations(notifications, ({ one }) => ({
  user: one(user, { fields: [notifications.userId], references: [user.id] }),
}));

export const brandConversationRelations = relations(brandConversations, ({ one }) => ({
  user: one(user, { fields: [brandConversations.userId], references: [user.id] }),
  brand: one(userBrands, { fields: [brandConversations.brandId], references: [userBrands.id] }),
}));

export const templateRelations = relations(templates, ({ one, many }) => ({
  user: one(user, { fields: [templates.userId], references: [user.id] }),
  brand: one(userBrands, { fields: [templates.brandId], references: [userBrands.id] }),
  favorites: many(templateFavorites),
  posts: many(posts),
}));

export const templateFavoriteRelations = relations(templateFavorites, ({ one }) => ({
  user: one(user, { fields: [templateFavorites.userId], references: [user.id] }),
  template: one(templates, { fields: [templateFavorites.templateId], references: [templates.id] }),
}));

export const mediaRelations = relations(media, ({ one, many }) => ({
  user: one(user, { fields: [media.userId], references: [user.id] }),
  brand: one(userBrands, { fields: [media.brandId], references: [userBrands.id] }),
  posts: many(posts),
  usedBy: many(postMedia),
}));

export const campaignRelations = relations(campaigns, ({ one, many }) => ({
  user: one(user, { fields: [campaigns.userId], references: [user.id] }),
  brand: one(userBrands, { fields: [campaigns.brandId], references: [userBrands.id] }),
  adSets: many(adSets),
}));

export const adSetRelations = relations(adSets, ({ one }) => ({
  campaign: one(campaigns, { fields: [adSets.campaignId], references: [campaigns.id] }),
  brand: one(userBrands, { fields: [adSets.brandId], references: [userBrands.id] }),
}));

export const socialConnectionRelations = relations(socialConnections, ({ one }) => ({
  user: one(user, { fields: [socialConnections.userId], references: [user.id] }),
  brand: one(userBrands, { fields: [socialConnections.brandId], references: [userBrands.id] }),
}));

export const oauthStateRelations = relations(oauthStates, ({ one }) => ({
  brand: one(userBrands, { fields: [oauthStates.brandId], references: [userBrands.id] }),
}));

export const brandAnalyticsRelations = relations(brandAnalytics, ({ one }) => ({
  brand: one(userBrands, { fields: [brandAnalytics.brandId], references: [userBrands.id] }),
}));

export const sitePageRelations = relations(sitePages, ({ one }) => ({
  brand: one(userBrands, { fields: [sitePages.brandId], references: [userBrands.id] }),
}));
