// Settings: Account, Password, Weekly goal, API keys, Signed-in devices, Connected apps, Import and export, plates and the rest timer (one page, a section each).
import { Page } from "../components/Page.tsx";
import { AccountSection } from "./settings/AccountSection.tsx";
import { WeeklyGoalSection } from "./settings/WeeklyGoalSection.tsx";
import { ApiKeysSection } from "./settings/ApiKeysSection.tsx";
import { PasswordSection } from "./settings/PasswordSection.tsx";
import { DevicesSection } from "./settings/DevicesSection.tsx";
import { ConnectedAppsSection } from "./settings/ConnectedAppsSection.tsx";
import { ImportExportSection } from "./settings/ImportExportSection.tsx";
import { PlateSettingsSection } from "../components/PlateSettingsSection.tsx";
import { RestSettingsSection } from "../components/RestSettingsSection.tsx";

export default function Settings() {
  return (
    <Page title="Settings">
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
