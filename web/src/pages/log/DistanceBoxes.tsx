// A cardio exercise's set row (the exercise's kind is `cardio` in the catalog): a distance box in
// the lifter's distance unit (User.distanceUnit, km or mi) and a time box (mm:ss or h:mm:ss) in
// place of weight and reps, producing `5km 25:00`, `3mi` or `25:00`; the pace (min/km or min/mi)
// and speed (km/h or mph) show under the boxes once both are there. Effort, Done and More are the
// ones of any set row (SetRow.tsx). Strings: the `distance` namespace.
import { useId, useState } from "react";
import { formatPace, type PaceUnit } from "@svc/sdk/documents";
import { effortLabel } from "../../components/units.ts";
import { useDistanceUnit } from "../../components/distanceUnit.ts";
import { rowPace } from "./distanceSet.ts";
import { SetMenu } from "./SetMenu.tsx";
import { SetRow, type SetRowProps } from "./SetRow.tsx";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../format.ts";
import "./distance.css";

const KIND_MARK: Record<SetRowProps["set"]["kind"], string | null> = {
  work: null,
  warmup: "W",
  drop: "D",
  burst: "RP",
};

/** The row for a set: a cardio row (distance and time) when the set is one, else SetRow. */
export function SetRowFor(props: SetRowProps) {
  return props.set.measure === "distance" ? <DistanceSetRow {...props} /> : <SetRow {...props} />;
}

/** Pace and speed of a cardio row in `per`: `Pace 5:00 /km · 12 km/h`; nothing without a distance and a time. */
export function DistancePace({ row, per, id }: { row: Parameters<typeof rowPace>[0]; per: PaceUnit; id?: string }) {
  const { t } = useTranslation("distance");
  const figures = rowPace(row, per);
  if (!figures) return null;
  const speed = formatNumber(figures.speed, { maximumFractionDigits: 1 });
  return (
    <p id={id} className="set-pace muted">
      {t("pace.label")} {t(per === "mi" ? "pace.perMi" : "pace.perKm", { pace: formatPace(figures.pace) })} ·{" "}
      {t(per === "mi" ? "speed.mph" : "speed.kmh", { speed })}
    </p>
  );
}

/** The column heads over a cardio exercise's rows: Set, Last, km (or mi), Time, RPE, Done. */
export function DistanceColumns({ effort }: { effort: "rpe" | "rir" }) {
  const { t } = useTranslation("distance");
  const per = useDistanceUnit();
  return (
    <div className="set-columns set-columns-distance" aria-hidden="true">
      <span>{t("column.set")}</span>
      <span>{t("column.last")}</span>
      <span>{per}</span>
      <span>{t("column.time")}</span>
      <span>{effortLabel(effort)}</span>
      <span>{t("column.done")}</span>
      <span />
    </div>
  );
}

export function DistanceSetRow(props: SetRowProps) {
  const { exercise, index, set, previous, effortScale, problem, notice, active } = props;
  const { t } = useTranslation("distance");
  const per = useDistanceUnit(props.unit);
  const unit = set.distanceUnit ?? per;
  const name = t("row.name", { exercise, n: index + 1 });
  const [menuOpen, setMenuOpen] = useState(false);
  const id = useId();
  const problemId = `${id}-problem`;
  const noticeId = `${id}-notice`;
  const effortProblem = problem !== null && /^(RPE|RIR)\b/i.test(problem);
  const setProblem = problem !== null && !effortProblem;
  const numbers = { "aria-invalid": setProblem || undefined, "aria-describedby": setProblem ? problemId : undefined };
  const mark = KIND_MARK[set.kind];
  const className = ["set-row", set.done ? "set-done" : "", active ? "set-active" : ""].filter(Boolean).join(" ");
  return (
    <li className={className}>
      <div
        role="group"
        aria-label={name}
        className="set-line set-line-distance"
        tabIndex={-1}
        data-focus={`set:${set.key}`}
        onFocus={(e) => e.target instanceof HTMLInputElement && e.target.type !== "checkbox" && props.onActivate()}
      >
        <span className={mark ? "set-mark set-kind" : "set-mark"}>{mark ?? props.mark ?? String(index + 1)}</span>
        <span className="set-previous">{previous ?? <span aria-hidden="true">—</span>}</span>
        <input
          className="set-distance"
          aria-label={t("box.distance", { unit, name })}
          inputMode="decimal"
          autoComplete="off"
          value={set.distance ?? ""}
          {...numbers}
          onChange={(e) => props.onChange({ distance: e.target.value, distanceUnit: unit })}
        />
        <input
          className="set-time"
          aria-label={t("box.time", { name })}
          placeholder={t("box.timePlaceholder")}
          inputMode="numeric"
          autoComplete="off"
          value={set.time ?? ""}
          {...numbers}
          onChange={(e) => props.onChange({ time: e.target.value, distanceUnit: unit })}
        />
        <input
          className="set-effort"
          aria-label={`${effortLabel(effortScale)}: ${name}`}
          inputMode="decimal"
          autoComplete="off"
          value={set.effort}
          aria-invalid={effortProblem || undefined}
          aria-describedby={effortProblem ? problemId : undefined}
          onChange={(e) => props.onChange({ effort: e.target.value })}
        />
        <label className="set-check">
          <input
            type="checkbox"
            aria-label={t("row.done", { name })}
            aria-describedby={notice ? noticeId : undefined}
            data-focus={`done:${set.key}`}
            checked={set.done}
            onChange={(e) => props.onDone(e.target.checked)}
          />
        </label>
        <button
          type="button"
          className="set-more"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? `${id}-menu` : undefined}
          aria-label={t("row.more", { name })}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          ⋯
        </button>
      </div>
      <DistancePace row={{ ...set, distanceUnit: unit }} per={per} />
      {menuOpen ? (
        <SetMenu
          id={`${id}-menu`}
          name={name}
          set={set}
          unit={props.unit}
          onChange={props.onChange}
          onRemove={props.onRemove}
          onWeightSet={() => {}}
        />
      ) : null}
      {notice ? (
        <p id={noticeId} className="field-error" role="alert">
          {notice}
        </p>
      ) : null}
      {problem ? (
        <p id={problemId} className="field-error">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
