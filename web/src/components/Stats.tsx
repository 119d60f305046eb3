// A row of figures (volume, work sets, minutes...): each a name over its value, in one <dl>.
import type { ReactNode } from "react";

export function Stats({ children }: { children: ReactNode }) {
  return <dl className="stats">{children}</dl>;
}

export function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
