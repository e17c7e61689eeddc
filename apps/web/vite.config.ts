import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Moves the app's stylesheet from <head> to just after the shell in <body>:
 * a stylesheet in <head> holds back the first paint until it arrives (over a
 * second on a slow link), one in <body> only what comes after it. So the
 * shell (index.html, styled inline) paints as soon as the page arrives, and
 * the app, whose script runs after the stylesheet, still never shows unstyled.
 */
function stylesheetAfterShell(): Plugin {
  return {
    name: 'vgl-stylesheet-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        if (links.length === 0 || !html.includes('<noscript>')) return html;
        const moved = links.reduce((page, link) => page.replace(link, ''), html);
        return moved.replace('<noscript>', `${links.map((l) => l.trim()).join('\n    ')}\n    <noscript>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    stylesheetAfterShell(),
    // The installable app's service worker: our own source (src/sw), with the build's file list injected.
    // The manifest is public/manifest.webmanifest and the page registers the worker itself (features/pwa).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The app and the small images every page shows; the large art (hero, error pictures) stays online-only.
        globPatterns: ['**/*.{js,css,html,ico,webmanifest}', 'img/logo.png', 'img/icons/*', 'img/avatars/*'],
        globIgnores: ['sw.js', '**/*.map'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one file: a dozen tiny modulepreloads cost more round trips than bytes.
          // The other pages stay in their lazy chunks (app/router.tsx).
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
});
