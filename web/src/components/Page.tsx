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

/** A titled part of a page (Settings has several): an h2 and its content. */
export function Section({
  title,
  children,
  description,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const uid = useId();
  // Named from the title when it is in Latin letters (links may name it); else a unique id.
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const id = /[a-z0-9]/.test(slug) ? `section-${slug}` : `section${uid.replace(/[^a-zA-Z0-9]/g, "")}`;
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {description ? <p className="muted">{description}</p> : null}
      {children}
    </section>
  );
}
