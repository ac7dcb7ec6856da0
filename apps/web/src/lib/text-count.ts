/*
 * How a network counts a post's text: the domain's own function (channels/text-count.ts, web-safe), so the
 * composer's counters and the server's approval check agree to the character.
 */
export { fitText, type TextFit } from "@smm/domain/web";
