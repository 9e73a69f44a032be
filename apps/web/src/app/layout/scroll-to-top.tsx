import { ActionIcon, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';

/** Spec section 9: the button appears after 1200 px of scrolling. */
export const SCROLL_TO_TOP_AFTER = 1200;

export function ScrollToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  return (
    // Above the mobile bottom bar (64 px) so it never covers the cart. A fixed div rather than
    // Mantine's Affix: its portal pulls react-remove-scroll's chunk into every page.
    <div style={{ position: 'fixed', bottom: 88, right: 16, zIndex: 140 }}>
      <Transition transition="slide-up" mounted={scroll.y > SCROLL_TO_TOP_AFTER}>
        {(style) => (
          <ActionIcon
            style={style}
            size="xl"
            radius="xl"
            variant="filled"
            onClick={() => scrollTo({ y: 0 })}
            aria-label="Voltar ao topo"
          >
            <IconArrowUp size={22} aria-hidden="true" />
          </ActionIcon>
        )}
      </Transition>
    </div>
  );
}
