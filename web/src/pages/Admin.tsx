import { Page } from "../components/Page.tsx";

export default function Admin() {
  return (
    <Page title="Admin">
      <p className="muted">Users, bans.</p>
    </Page>
  );
}
