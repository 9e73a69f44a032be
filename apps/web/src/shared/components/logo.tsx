import { Group, Text } from '@mantine/core';

/** The Rango mark: a bowl with steam, drawn inline so it costs no request. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#c73a0b" />
      <path d="M12 32h40a20 20 0 0 1-40 0z" fill="#fff" />
      <path
        d="M24 12c-3 4 3 6 0 12M32 10c-3 4 3 6 0 12M40 12c-3 4 3 6 0 12"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/** Mark plus name; the caller wraps it in a link and names that link. */
export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark />
      <Text component="span" fw={800} fz="xl" c="brasa.8" lh={1}>
        Rango
      </Text>
    </Group>
  );
}
