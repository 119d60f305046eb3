import { Page } from "../components/Page.tsx";
import { AuthForm } from "./AuthForm.tsx";

export default function SignIn() {
  return (
    <Page title="Sign in" narrow>
      <AuthForm mode="sign-in" />
    </Page>
  );
}
