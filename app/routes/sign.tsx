import { Outlet, useLocation } from "@remix-run/react";
import { LogoMark } from "../components/logo";
import { ThemeToggle } from "../components/theme-toggle";
import { useRootData } from "../root";

/** Auth layout for every /sign/* screen (spec 1 s2): dark gradient, logo to the marketing site, footer. */
export default function SignLayout() {
  const data = useRootData();
  const location = useLocation();
  const appName = data?.config.appName ?? "StratForge";
  return (
    <div className="auth-layout">
      <header className="auth-header">
        <a href={data?.config.marketingUrl ?? "/"}>
          <LogoMark /> {appName}
        </a>
      </header>
      <main className="auth-main">
        <p className="auth-tagline">Start building, back-testing and deploying your own trading bot today.</p>
        <Outlet />
      </main>
      <footer className="auth-footer">
        <span>
          © {new Date().getUTCFullYear()} {appName}
        </span>
        <ThemeToggle theme={data?.theme ?? "light"} returnTo={`${location.pathname}${location.search}`} />
      </footer>
    </div>
  );
}
