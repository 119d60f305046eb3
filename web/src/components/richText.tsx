// A translated sentence with React nodes in it (a link, <strong>, <code>): the message names each
// node as an ICU argument (`Select {path} in the text`), t() gets a marker for it, and the markers
// in the translated text are replaced by the nodes. No markup in the catalogues.
import { Fragment, type ReactNode } from "react";
import type { TFunction } from "i18next";

/** The t() of any namespace, as the helpers here call it. */
export type Translate = TFunction<string>;

const MARK = "\u0001";

/** `t(key, { ...values, ...nodes })` with each node put where its argument is. */
export function rich(
  t: Translate,
  key: string,
  nodes: Record<string, ReactNode>,
  values: Record<string, unknown> = {},
): ReactNode {
  const marks = Object.fromEntries(Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`]));
  const text = t(key, { ...values, ...marks });
  return text
    .split(new RegExp(`${MARK}(\\w+)${MARK}`))
    .map((part, i) => <Fragment key={i}>{i % 2 === 1 ? nodes[part] : part}</Fragment>);
}
