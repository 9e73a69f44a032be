import classes from './skip-link.module.css';

/** First focusable element: keyboard users jump past the header straight to the page. */
export function SkipLink({ target }: { target: string }) {
  return (
    <a className={classes.skip} href={`#${target}`}>
      Pular para o conteúdo
    </a>
  );
}
