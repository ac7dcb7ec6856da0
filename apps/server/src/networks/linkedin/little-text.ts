/**
 * A post's `commentary` is LinkedIn's "little text" (contracts/networks.md section 4): `\ | { } @ [ ] ( ) < >
 * # * _ ~` are reserved and a backslash makes each plain text; left bare, LinkedIn may cut the post at that
 * character and still answer 201. Every reserved character is escaped, links included (an escaped character
 * is shown as itself), except the `#` that begins a hashtag: `#tag` at the start of a word (after a space,
 * a line break, punctuation or the text's start) followed by a letter or digit, which LinkedIn makes a
 * hashtag. A `#` inside a word (`C#`, a link's `#fragment`) stays plain text.
 */
const RESERVED = /[\\|{}@[\]()<>#*_~]/u;
const TAG_START = /[\p{L}\p{N}]/u;
const WORD = /[\p{L}\p{M}\p{N}_]/u;

export function escapeLittleText(text: string): string {
  const characters = [...text];
  let escaped = "";
  characters.forEach((character, index) => {
    if (!RESERVED.test(character)) {
      escaped += character;
      return;
    }
    if (character === "#") {
      const before = characters[index - 1];
      const after = characters[index + 1];
      const startsWord = before === undefined || !(WORD.test(before) || before === "#" || before === "&");
      if (startsWord && after !== undefined && TAG_START.test(after)) {
        escaped += character;
        return;
      }
    }
    escaped += `\\${character}`;
  });
  return escaped;
}
