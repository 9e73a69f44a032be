/**
 * A yellow 'light' Alert's title is yellow 9 on its pale yellow (2.7:1, below AA): the panel's
 * warnings keep the yellow box and write the title in dark grey.
 */
export const TITULO_AVISO = { title: { color: 'var(--mantine-color-dark-7)' } } as const;
