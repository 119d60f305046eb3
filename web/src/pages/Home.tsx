// Home: the signed-in start page. (Routines with their next workout, latest workouts and this
// week's volume belong here.)
import { Page } from "../components/Page.tsx";
import { useSession } from "../auth/session.tsx";

export default function Home() {
  const { viewer } = useSession();
  return (
    <Page title="Home">
      <p>Welcome, {viewer?.name}.</p>
    </Page>
  );
}
