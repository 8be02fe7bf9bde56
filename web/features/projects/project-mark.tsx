import type { CSSProperties } from 'react';
import classes from './projects.module.css';

const hues = [250, 200, 160, 25, 330, 280, 120, 45];

/** A project's or app's monogram tile; the colour follows from the name, so it stays the same everywhere. */
export function ProjectMark({ name, size = 40 }: { name: string; size?: number }) {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  const hash = [...name].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);
  const hue = hues[hash % hues.length] ?? 250;
  return (
    <span
      aria-hidden
      className={classes.mark}
      style={{ '--mark-size': `${size}px`, '--mark-hue': hue } as CSSProperties}
    >
      {letters || '·'}
    </span>
  );
}
