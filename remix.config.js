/** Remix classic compiler, bundled into the one Worker (DESIGN D1; docs/toolchain.md "Remix classic compiler for Workers"). */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  server: "./worker/index.ts",
  serverBuildPath: "build/index.js",
  serverConditions: ["workerd", "worker", "browser"],
  // Everything is bundled except the runtime's own modules (cloudflare:workers for DurableObject).
  serverDependenciesToBundle: [/^(?!cloudflare:).*/],
  serverMainFields: ["browser", "module", "main"],
  serverMinify: true,
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
