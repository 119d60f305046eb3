import { Link } from "react-router";
import { Page } from "../components/Page.tsx";

export default function NotFound() {
  return (
    <Page title="Page not found">
      <p>There is no page at this address.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </Page>
  );
}
