import { MSG, formatReais, isOffer, isUnavailable, type Produto } from '@rango/domain';
import { IconToolsKitchen2 } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../../../shared/config/api.ts';
import classes from './menu.module.css';

export const CARD_HEIGHT = 132;
const IMG = 104;

/** History state marking an entry pushed by opening a product, so closing can go Back. */
export const PRODUTO_ABERTO_STATE = { produtoAberto: true } as const;

interface Props {
  produto: Produto;
}

/** The card's price: with an offer, the list price struck through and the OFERTA tag. */
function CardPrice({ produto }: Props) {
  if (isOffer(produto)) {
    return (
      <>
        <span className={`${classes.price} ${classes.offerPrice}`}>{formatReais(produto.precooferta)}</span>
        <span className={classes.listPrice} style={{ textDecoration: 'line-through' }}>
          {formatReais(produto.preco)}
        </span>
        <span className={`${classes.badge} ${classes.badgeOffer}`}>{MSG.oferta}</span>
      </>
    );
  }
  return <span className={classes.price}>{formatReais(produto.preco)}</span>;
}

/**
 * A product in the list; the whole card is a link to `?item={idproduto}` (opens the drawer).
 * Plain elements and a CSS module, no Mantine component: a menu renders dozens of these at once.
 */
export const ProductCard = memo(function ProductCard({ produto }: Props) {
  const indisponivel = isUnavailable(produto);
  const src = imageUrl(produto.imagem);
  return (
    <Link
      to={{ search: `?item=${produto.idproduto}` }}
      state={PRODUTO_ABERTO_STATE}
      preventScrollReset
      data-produto={produto.idproduto}
      className={classes.card}
    >
      <div className={classes.body}>
        <h3 className={`${classes.name} ${classes.clamp}`}>{produto.descricao}</h3>
        {produto.detalhe && <p className={`${classes.detail} ${classes.clamp}`}>{produto.detalhe}</p>}
        <div className={classes.tags}>
          <CardPrice produto={produto} />
          {indisponivel && (
            <span className={`${classes.badge} ${classes.badgeUnavailable}`}>{MSG.indisponivelTag}</span>
          )}
        </div>
      </div>
      {src ? (
        <img
          src={src}
          // The card's heading already names the product: the picture is decoration here.
          alt=""
          width={IMG}
          height={IMG}
          loading="lazy"
          decoding="async"
          className={indisponivel ? `${classes.image} ${classes.grey}` : classes.image}
        />
      ) : (
        <div className={classes.placeholder} aria-hidden>
          <IconToolsKitchen2 size={32} color="var(--mantine-color-gray-5)" />
        </div>
      )}
    </Link>
  );
});
