import { Page } from "../components/Page.tsx";
import { AuthForm } from "./AuthForm.tsx";

export default function SignUp() {
  return (
    <Page title="Sign up" narrow>
      <p className="muted">Create an account to log your training. The first account on a server is its admin.</p>
      <AuthForm mode="sign-up" />
    </Page>
  );
}
