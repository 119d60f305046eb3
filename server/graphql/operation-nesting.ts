// The nesting of an operation's text, measured before graphql-js parses it: its parser recurses
// once per level of braces, brackets and parentheses, so a few thousand levels (an inline argument
// nested 4,400 deep) overflow the stack before any validation rule can look at the document.

/** Deepest nesting of `{ [ (` the text of one request may have (a real operation nests about 25). */
export const MAX_TEXT_NESTING = 100;

/** The deepest nesting of the text, counting no further than `limit + 1`; strings and comments skipped. */
export function textNesting(text: string, limit = MAX_TEXT_NESTING): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x23 /* # */) {
      while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    } else if (c === 0x22 /* " */) {
      if (text.startsWith('"""', i)) {
        const end = text.indexOf('"""', i + 3);
        i = end < 0 ? text.length : end + 2;
      } else {
        for (i++; i < text.length && text[i] !== '"' && text[i] !== "\n"; i++) if (text[i] === "\\") i++;
      }
    } else if (c === 0x7b || c === 0x5b || c === 0x28 /* { [ ( */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x7d || c === 0x5d || c === 0x29 /* } ] ) */) {
      depth--;
    }
  }
  return deepest;
}
