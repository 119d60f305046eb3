// On a phone the main navigation is a bar of tabs at the bottom of the screen, in the thumb's
// reach: the pages used most (routes.tsx `tab`), and "More" opening the rest above the bar. The
// header above the page is then only the app's name and Sign out, so the heading starts high.
import { useEffect, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { navLabel, tabLabel, type AppRoute } from "../routes.tsx";

export function PhoneTabs({ links }: { links: AppRoute[] }) {
  const { t } = useTranslation("nav");
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const tabs = links.filter((r) => r.tab);
  const more = links.filter((r) => !r.tab);
  const inMore = more.some((r) => location.pathname.startsWith(r.path));
  return (
    <nav aria-label={t("label")} className="phone-tabs">
      {open ? (
        <ul id="more-pages" className="more-pages">
          {more.map((r) => (
            <li key={r.path}>
              <NavLink to={r.path}>{r.nav ? navLabel(t, r.nav) : null}</NavLink>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="tab-list">
        {tabs.map((r) => {
          const tab = tabLabel(t, r.tab!);
          const nav = r.nav ? navLabel(t, r.nav) : tab;
          return (
            <li key={r.path}>
              <NavLink to={r.path} end={r.path === "/"} aria-label={nav !== tab ? nav : undefined}>
                {tab}
              </NavLink>
            </li>
          );
        })}
        {more.length > 0 ? (
          <li>
            <button
              type="button"
              className={inMore ? "active" : undefined}
              aria-expanded={open}
              aria-controls={open ? "more-pages" : undefined}
              onClick={() => setOpen(!open)}
            >
              {t("more")}
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
