import { Page } from "../components/Page.tsx";

export default function Settings() {
  return (
    <Page title="Settings">
      <p className="muted">Account, API keys and signed-in devices.</p>
    </Page>
  );
}
