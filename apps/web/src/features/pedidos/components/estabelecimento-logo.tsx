import { imageUrl } from '../../../shared/config/api.ts';
import classes from './pedido.module.css';

/**
 * The establishment's logo, or its initials. Decorative: the name is always beside it. Plain
 * markup rather than Mantine's Avatar, which the menu page also uses (sharing it would split it
 * out of the menu route's chunk).
 */
export function EstabelecimentoLogo({
  nome,
  logo,
  size,
}: {
  nome: string;
  logo: string | null;
  size: number;
}) {
  const src = imageUrl(logo);
  return (
    <span className={classes.logo} style={{ width: size, height: size }} aria-hidden>
      {src ? (
        <img src={src} alt="" width={size} height={size} loading="lazy" />
      ) : (
        nome.slice(0, 2).toUpperCase()
      )}
    </span>
  );
}
