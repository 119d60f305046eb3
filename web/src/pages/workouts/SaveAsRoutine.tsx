// "Save as routine": a past workout becomes a routine (its exercises, work sets, reps and heaviest
// weights), under a name the lifter gives; then its page opens.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { TextField } from "../../components/Field.tsx";
import { useMutation } from "../../graphql/hooks.ts";
import { useSession } from "../../auth/session.tsx";
import { routinePath } from "../routines/operations.ts";
import { SaveWorkoutAsRoutine } from "./operations.ts";

export function SaveAsRoutine({ workoutId, suggested }: { workoutId: string; suggested: string }) {
  const { t } = useTranslation("workouts");
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(suggested);
  const [save, saving] = useMutation(SaveWorkoutAsRoutine);
  const { setNotice } = useSession();
  const navigate = useNavigate();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          saving.reset();
          setName(suggested);
          setOpen(true);
        }}
      >
        {t("saveAs.button")}
      </button>
      <ConfirmDialog
        open={open}
        title={t("saveAs.title")}
        confirmLabel={t("saveAs.confirm")}
        canConfirm={name.trim() !== ""}
        mutation={saving}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          try {
            const answer = await save({ workoutId, name: name.trim() });
            const routine = answer.saveWorkoutAsRoutine?.routine;
            if (!routine) return;
            setNotice(t("saveAs.saved", { name: routine.name }));
            navigate(routinePath(routine));
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        <p>{t("saveAs.body")}</p>
        <TextField
          label={t("saveAs.name")}
          value={name}
          maxLength={80}
          required
          onChange={(e) => setName(e.target.value)}
        />
      </ConfirmDialog>
    </>
  );
}
