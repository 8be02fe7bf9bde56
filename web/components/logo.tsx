import { useId } from 'react';
import { Group, Text } from '@mantine/core';
import classes from './logo.module.css';

type LogoMarkProps = { size?: number };

/** The product mark: three connected people, a community. */
export function LogoMark({ size = 32 }: LogoMarkProps) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className={classes.mark}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7f72f6" />
          <stop offset="1" stopColor="#4a35c9" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path
        d="M16 10.2 9.6 20.6h12.8z"
        fill="none"
        stroke="#fff"
        strokeOpacity=".55"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <g fill="#fff">
        <circle cx="16" cy="10.2" r="3.2" />
        <circle cx="9.6" cy="20.6" r="3.2" />
        <circle cx="22.4" cy="20.6" r="3.2" />
      </g>
    </svg>
  );
}

type LogoProps = { name: string; size?: number };

export function Logo({ name, size = 32 }: LogoProps) {
  return (
    <Group gap={10} wrap="nowrap" className={classes.logo}>
      <LogoMark size={size} />
      <Text component="span" className={classes.wordmark}>
        {name}
      </Text>
    </Group>
  );
}
