// Settings: Language, Account, Password, Weekly goal, API keys, Signed-in devices, Connected apps, Import and export, plates and the rest timer (one page, a section each).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Page, Section } from "../components/Page.tsx";
import { SelectField } from "../components/Field.tsx";
import { ErrorMessage } from "../components/States.tsx";
import { graphql } from "../graphql/graphql.ts";
import { useMutation } from "../graphql/hooks.ts";
import { useSession } from "../auth/session.tsx";
import { LANGUAGES, LANGUAGE_NAMES, applyAccountLanguage } from "../i18n/index.ts";
import { AccountSection } from "./settings/AccountSection.tsx";
import { WeeklyGoalSection } from "./settings/WeeklyGoalSection.tsx";
import { ApiKeysSection } from "./settings/ApiKeysSection.tsx";
import { PasswordSection } from "./settings/PasswordSection.tsx";
import { DevicesSection } from "./settings/DevicesSection.tsx";
import { ConnectedAppsSection } from "./settings/ConnectedAppsSection.tsx";
import { ImportExportSection } from "./settings/ImportExportSection.tsx";
import { PlateSettingsSection } from "../components/PlateSettingsSection.tsx";
import { RestSettingsSection } from "../components/RestSettingsSection.tsx";

const UpdateLanguage = graphql(`
  mutation UpdateLanguage($id: UUID!, $patch: UserPatch!) {
    updateUserById(input: { id: $id, userPatch: $patch }) {
      user {
        id
        language
      }
    }
  }
`);

/** The app's language, applied at once and kept on the account (empty: follow the browser). */
function LanguageSection() {
  const { t } = useTranslation("settings");
  const { viewer, refresh } = useSession();
  const [update, updating] = useMutation(UpdateLanguage);
  const [chosen, setChosen] = useState<string | null>(null);
  if (!viewer) return null;
  const value = chosen ?? viewer.language ?? "";

  async function choose(language: string) {
    setChosen(language);
    await applyAccountLanguage(language || null);
    try {
      await update({ id: viewer!.id, patch: { language: language || null } });
      await refresh();
    } catch {
      // Shown from updating.error; the app keeps speaking the chosen language on this device.
    }
  }

  return (
    <Section title={t("language.title")}>
      <SelectField
        label={t("language.label")}
        name="language"
        value={value}
        onChange={(e) => void choose(e.target.value)}
        options={[
          { value: "", label: t("language.followBrowser") },
          ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
        ]}
      />
      <ErrorMessage error={updating.error} />
    </Section>
  );
}

export default function Settings() {
  const { t } = useTranslation("settings");
  return (
    <Page title={t("title")}>
      <LanguageSection />
      <AccountSection />
      <PasswordSection />
      <WeeklyGoalSection />
      <ApiKeysSection />
      <DevicesSection />
      <ConnectedAppsSection />
      <ImportExportSection />
      <PlateSettingsSection />
      <RestSettingsSection />
    </Page>
  );
}
