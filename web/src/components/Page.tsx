// Every page's frame: sets the window title ("<title> · Training Log") and the one h1.
import { useEffect, useId, type ReactNode } from "react";
import { APP_NAME } from "../appName.ts";

export { APP_NAME };

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}

export function Page({
  title,
  actions,
  children,
  narrow = false,
}: {
  title: string;
  /** Buttons or links shown beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
  /** A single-column form page (sign-in, sign-up). */
  narrow?: boolean;
}) {
  usePageTitle(title);
  return (
    <div className={narrow ? "page page-narrow" : "page"}>
      <div className="page-head">
        <h1>{title}</h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/**
 * A titled part of a page (Settings has several): an h2 and its content. Its id is
 * `section-<anchor>` when the page names one (a key, the same in every language, so links and
 * tests may name it); else one unique to it. Never derived from the title, which is translated.
 */
export function Section({
  title,
  anchor,
  children,
  description,
}: {
  title: string;
  /** A stable slug (`this-week`): the section's id is `section-<anchor>`. */
  anchor?: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const uid = useId();
  const id = anchor ? `section-${anchor}` : `section-${uid.replace(/[^a-zA-Z0-9]/g, "")}`;
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {description ? <p className="muted">{description}</p> : null}
      {children}
    </section>
  );
}
