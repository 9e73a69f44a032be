/** The spec's mobile breakpoint (section 9): below 768 px, mobile header, bottom bar, full-width drawers. */
export const MOBILE_MAX_PX = 767;
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_PX}px)`;
