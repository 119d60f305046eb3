// A front and a back body figure, each muscle group's area shaded by its work sets in a week:
// none, under the 10-20 band, in it, above it. Each area names its group and sets (an SVG title),
// and the whole figure has a text summary, so the table beside it is never the only way to read it.
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { muscleName } from "./muscleNames.ts";

/** The commonly cited range of weekly work sets per muscle group for growth. */
export const SET_BAND = { low: 10, high: 20 } as const;

type Shape =
  | { kind: "ellipse"; cx: number; cy: number; rx: number; ry: number }
  | { kind: "rect"; x: number; y: number; w: number; h: number };
type Area = { group: string; shapes: Shape[] };

const pair = (cx: number, cy: number, rx: number, ry: number): Shape[] => [
  { kind: "ellipse", cx: 50 - cx, cy, rx, ry },
  { kind: "ellipse", cx: 50 + cx, cy, rx, ry },
];

/** The front's areas, on a 100 x 190 figure. */
const FRONT: Area[] = [
  { group: "neck", shapes: [{ kind: "rect", x: 45, y: 23, w: 10, h: 7 }] },
  { group: "shoulders", shapes: pair(19, 37, 7, 6) },
  { group: "chest", shapes: pair(9, 45, 8.5, 6.5) },
  { group: "biceps", shapes: pair(26, 55, 4, 9) },
  { group: "forearms", shapes: pair(30, 78, 3.5, 11) },
  { group: "abs", shapes: [{ kind: "rect", x: 44, y: 54, w: 12, h: 28 }] },
  { group: "obliques", shapes: pair(12.5, 68, 3.5, 11) },
  { group: "hip flexors", shapes: pair(7, 89, 4.5, 3.5) },
  { group: "quads", shapes: pair(9.5, 112, 6, 17) },
  { group: "adductors", shapes: pair(3, 106, 2, 9) },
  { group: "tibialis", shapes: pair(9.5, 157, 3, 13) },
];

/** The back's areas, on the same figure. */
const BACK: Area[] = [
  { group: "traps", shapes: [{ kind: "ellipse", cx: 50, cy: 32, rx: 12, ry: 5 }] },
  { group: "shoulders", shapes: pair(19, 37, 7, 6) },
  { group: "upper back", shapes: [{ kind: "rect", x: 41, y: 38, w: 18, h: 12 }] },
  { group: "lats", shapes: pair(12, 57, 5.5, 12) },
  { group: "triceps", shapes: pair(26, 55, 4, 9) },
  { group: "forearms", shapes: pair(30, 78, 3.5, 11) },
  { group: "lower back", shapes: [{ kind: "rect", x: 44, y: 64, w: 12, h: 15 }] },
  { group: "glutes", shapes: pair(7, 91, 6.5, 6.5) },
  { group: "abductors", shapes: pair(14.5, 92, 2.5, 6) },
  { group: "hamstrings", shapes: pair(9.5, 117, 6, 15) },
  { group: "calves", shapes: pair(9.5, 155, 4.5, 12) },
];

/** The shading level of a week's sets: 0 none, 1 under the band, 2 in it, 3 above it. */
export function setLevel(sets: number): 0 | 1 | 2 | 3 {
  if (sets <= 0) return 0;
  if (sets < SET_BAND.low) return 1;
  return sets <= SET_BAND.high ? 2 : 3;
}

/** A shading level in words: `no sets`, `under 10`, `10 to 20`, `over 20`. */
function levelWords(t: TFunction<"progress">, level: number): string {
  if (level === 0) return t("figure.level.none");
  if (level === 1) return t("figure.level.under", { low: SET_BAND.low });
  if (level === 2) return t("figure.level.in", { low: SET_BAND.low, high: SET_BAND.high });
  return t("figure.level.over", { high: SET_BAND.high });
}

/** A level as the legend writes it: `no sets`, `under 10 sets`, `10 to 20 sets`, `over 20 sets`. */
function legendWords(t: TFunction<"progress">, level: number): string {
  if (level === 0) return t("figure.level.none");
  if (level === 1) return t("figure.legend.under", { low: SET_BAND.low });
  if (level === 2) return t("figure.legend.in", { low: SET_BAND.low, high: SET_BAND.high });
  return t("figure.legend.over", { high: SET_BAND.high });
}

/** `12.5 sets`, `1 set` (at most one decimal, in the app's language). */
export const setsText = (t: TFunction<"progress">, sets: number) =>
  t("figure.sets", { count: Math.round(sets * 10) / 10 });

function Body() {
  // The silhouette the areas sit on: head, torso, arms and legs.
  return (
    <g className="body-outline">
      <circle cx={50} cy={13} r={9} />
      <rect x={35} y={28} width={30} height={60} rx={8} />
      <rect x={20} y={32} width={10} height={60} rx={5} transform="rotate(6 25 32)" />
      <rect x={70} y={32} width={10} height={60} rx={5} transform="rotate(-6 75 32)" />
      <rect x={36} y={84} width={13} height={100} rx={6} />
      <rect x={51} y={84} width={13} height={100} rx={6} />
    </g>
  );
}

function Side({ title, areas, sets }: { title: string; areas: Area[]; sets: ReadonlyMap<string, number> }) {
  const { t } = useTranslation("progress");
  return (
    <svg viewBox="0 0 100 190" className="muscle-side" aria-hidden="true" focusable="false">
      <text x={50} y={189} textAnchor="middle" className="muscle-side-title">
        {title}
      </text>
      <Body />
      {areas.map((a) => {
        const n = sets.get(a.group) ?? 0;
        return (
          <g key={a.group} className={`muscle-area level-${setLevel(n)}`} data-group={a.group}>
            <title>{t("figure.area", { group: muscleName(t, a.group), sets: setsText(t, n) })}</title>
            {a.shapes.map((s, i) =>
              s.kind === "ellipse" ? (
                <ellipse key={i} cx={s.cx} cy={s.cy} rx={s.rx} ry={s.ry} />
              ) : (
                <rect key={i} x={s.x} y={s.y} width={s.w} height={s.h} rx={2} />
              ),
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** The figure of one week: front and back, a legend and a text summary for screen readers. */
export function MuscleFigure({ sets, week }: { sets: ReadonlyMap<string, number>; week: string }) {
  const { t } = useTranslation("progress");
  const trained = [...sets].filter(([, n]) => n > 0);
  const summary = trained.length
    ? trained
        .map(([g, n]) =>
          t("figure.item", { group: muscleName(t, g), sets: setsText(t, n), level: levelWords(t, setLevel(n)) }),
        )
        .join(t("listSeparator"))
    : t("figure.noWorkSets");
  return (
    <figure className="muscle-figure" role="img" aria-label={t("figure.label", { week, summary })}>
      <div className="muscle-sides">
        <Side title={t("figure.front")} areas={FRONT} sets={sets} />
        <Side title={t("figure.back")} areas={BACK} sets={sets} />
      </div>
      {/* Not a figcaption: a figure with one may take no role (axe's aria-allowed-role), and this one is an image. */}
      <div>
        <ul className="muscle-legend" aria-hidden="true">
          {[0, 1, 2, 3].map((level) => (
            <li key={level}>
              <span className={`muscle-swatch level-${level}`} /> {legendWords(t, level)}
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
