import { useEffect, useState } from "react";

export interface ThemeColours {
  readonly background: string;
  readonly text: string;
  readonly muted: string;
  readonly border: string;
}

function read(): ThemeColours {
  const style = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: v("--surface", "#ffffff"),
    text: v("--text", "#131722"),
    muted: v("--muted", "#5b6475"),
    border: v("--border", "#dfe3eb"),
  };
}

/**
 * The theme's colours as values: the candle chart draws on a canvas, which cannot use CSS variables.
 * Re-read when the root element's class (the theme, see root.tsx) changes. Null until mounted.
 */
export function useThemeColours(): ThemeColours | null {
  const [colours, setColours] = useState<ThemeColours | null>(null);
  useEffect(() => {
    setColours(read());
    const observer = new MutationObserver(() => setColours(read()));
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ["class", "data-theme"],
    });
    return () => observer.disconnect();
  }, []);
  return colours;
}
