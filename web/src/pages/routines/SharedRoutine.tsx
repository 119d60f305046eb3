// /shared/<token>: the routine a share link shows, read-only, for anyone with the link (signed in
// or not); the owner's name only when they chose to show it. A signed-in user adds a copy to their
// routines; a revoked or unknown link shows nothing of anyone.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import type { CanonicalRoutine } from "../../documents.ts";
import { Page } from "../../components/Page.tsx";
import { QueryView } from "../../components/States.tsx";
import { TextField } from "../../components/Field.tsx";
import { ErrorMessage } from "../../components/States.tsx";
import { graphql } from "../../graphql/graphql.ts";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
import { useSession } from "../../auth/session.tsx";
import { RoutineSummary } from "./RoutineSummary.tsx";
import { routinePath } from "./operations.ts";
import { rich } from "../../components/richText.tsx";
import { formatDate } from "../../format.ts";

const SharedRoutineQuery = graphql(`
  query SharedRoutinePage($token: String!) {
    sharedRoutine(token: $token)
  }
`);

const AddSharedRoutine = graphql(`
  mutation AddSharedRoutinePage($token: String!, $name: String) {
    addSharedRoutine(input: { token: $token, name: $name }) {
      routine {
        id
        name
      }
    }
  }
`);

type Shared = { routine: CanonicalRoutine; sharedBy?: string; sharedAt: string };

export default function SharedRoutine() {
  const { t } = useTranslation("routines");
  const token = useParams().token ?? "";
  const query = useQuery(SharedRoutineQuery, { token });
  const shared = query.data?.sharedRoutine as Shared | null | undefined;
  return (
    <Page title={shared ? t("shared.title", { name: shared.routine.name }) : t("shared.titlePlain")}>
      <QueryView query={query}>
        {() =>
          shared ? (
            <>
              <p className="muted">
                {shared.sharedBy
                  ? t("shared.byOn", {
                      by: shared.sharedBy,
                      at: formatDate(shared.sharedAt),
                      unit: shared.routine.unit,
                    })
                  : t("shared.on", { at: formatDate(shared.sharedAt), unit: shared.routine.unit })}
                {shared.routine.program ? t("shared.dayOf", { program: shared.routine.program }) : ""}
                {t("shared.end")}
              </p>
              <RoutineSummary routine={shared.routine} caption={t("summary.caption", { name: shared.routine.name })} />
              <AddToMine token={token} name={shared.routine.name} />
            </>
          ) : (
            <p className="state state-error" role="alert">
              {t("shared.gone")}
            </p>
          )
        }
      </QueryView>
    </Page>
  );
}

function AddToMine({ token, name }: { token: string; name: string }) {
  const { t } = useTranslation("routines");
  const { viewer } = useSession();
  const navigate = useNavigate();
  const [as, setAs] = useState(name);
  const [add, adding] = useMutation(AddSharedRoutine);
  if (!viewer)
    return (
      <p>
        {rich(t, "shared.signIn", {
          link: <Link to={`/sign-in?next=${encodeURIComponent(`/shared/${token}`)}`}>{t("shared.signInLink")}</Link>,
        })}
      </p>
    );
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        add({ token, name: as.trim() })
          .then((answer) => {
            const routine = answer.addSharedRoutine?.routine;
            if (routine) navigate(routinePath(routine));
          })
          .catch(() => {});
      }}
    >
      <TextField label={t("shared.nameLabel")} value={as} maxLength={80} onChange={(e) => setAs(e.target.value)} />
      {adding.error ? <ErrorMessage error={adding.error} /> : null}
      <p>
        <button type="submit" className="primary" disabled={adding.running || as.trim() === ""}>
          {t("shared.add")}
        </button>
      </p>
    </form>
  );
}
