import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { SessionProvider } from "./auth/session.tsx";
import { AppShell } from "./AppShell.tsx";
import { Guard } from "./Guard.tsx";
import { appRoutes } from "./routes.tsx";
import NotFound from "./pages/NotFound.tsx";
import "./styles.css";

const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      ...appRoutes.map(({ path, page: PageComponent, access }) => ({
        path,
        element: <Guard access={access}><PageComponent /></Guard>,
      })),
      { path: "*", element: <NotFound /> },
    ],
  },
]);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
  </StrictMode>,
);
