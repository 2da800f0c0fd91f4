/**
 * The new-version notice (specification §7: "a build manifest check that polls for updates").
 * The page names the build it came from (`<meta name="mostrador-build">`); every few minutes and
 * whenever the tab becomes visible the browser asks `GET /api/build`, and when the server answers
 * another build it shows a persistent toast with 'Recargar'.
 */
import { messages } from '../i18n/messages';
import { apiGet } from './api';
import type { BuildView } from './api-types';
import { toast } from './toast';

/** How often to ask while the tab stays visible. */
export const BUILD_POLL_MS = 5 * 60 * 1000;

/** The build this page came from. */
export function pageBuild(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="mostrador-build"]')?.content ?? null;
}

/** Starts watching; returns a function that stops it. */
export function watchForNewVersion(): () => void {
  const current = pageBuild();
  if (!current) return () => {};
  let notified = false;
  const check = async () => {
    if (notified || document.visibilityState !== 'visible') return;
    try {
      const { buildId } = await apiGet<BuildView>('/api/build', { quiet: true });
      if (buildId !== current && !notified) {
        notified = true;
        toast({
          title: messages.newVersion,
          description: messages.newVersionDetail,
          color: 'info',
          persistent: true,
          action: { label: messages.reload, onClick: () => window.location.reload() },
        });
      }
    } catch {
      // Offline or restarting: the next check will tell.
    }
  };
  const timer = window.setInterval(check, BUILD_POLL_MS);
  const onVisible = () => void check();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
