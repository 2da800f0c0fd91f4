/** The few line icons the interface uses (inline SVG: no icon font, nothing to download). */
import type { SVGProps } from 'react';

const paths = {
  home: 'M3 10.5 12 3l9 7.5V21a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  settings: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8.5-3 1.5-1.2-2-3.4-1.8.6a7 7 0 0 0-1.7-1l-.3-1.9h-4l-.3 1.9a7 7 0 0 0-1.7 1l-1.8-.6-2 3.4L3.5 12 2 13.2l2 3.4 1.8-.6a7 7 0 0 0 1.7 1l.3 1.9h4l.3-1.9a7 7 0 0 0 1.7-1l1.8.6 2-3.4z',
  tag: 'M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9zM7.5 8.5a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  chevron: 'm9 6 6 6-6 6',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4',
  unlock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 7.5-2',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  plus: 'M12 5v14M5 12h14',
  search: 'm21 21-4.3-4.3M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15z',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  check: 'm5 12 5 5L20 7',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h11',
  key: 'M15 7a4 4 0 1 1-3.5 6L3 21v-3h3v-3h3l2.5-2.5A4 4 0 0 1 15 7z',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  building: 'M4 21V4h10v17M14 9h6v12M8 8h2M8 12h2M8 16h2',
  palette: 'M12 3a9 9 0 0 0 0 18c1 0 1.5-.7 1.5-1.5 0-1.3-1-1.5-1-2.5s.8-1.5 2-1.5H17a4 4 0 0 0 4-4c0-4.7-4-8.5-9-8.5zM7.5 11a1 1 0 1 0 0-2 1 1 0 0 0 0 2zm4-3a1 1 0 1 0 0-2 1 1 0 0 0 0 2zm4 3a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  sort: 'M8 9l4-4 4 4M8 15l4 4 4-4',
} as const;

export type IconName = keyof typeof paths;

/** An icon; decorative unless given a `title`. */
export function Icon({ name, title, className = 'h-5 w-5', ...rest }: { name: IconName; title?: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      {...rest}
    >
      {title && <title>{title}</title>}
      <path d={paths[name]} />
    </svg>
  );
}
