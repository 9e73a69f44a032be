import classes from './cardapio.module.css';

const CLASSE = {
  setaCima: classes.iconeSetaCima,
  setaBaixo: classes.iconeSetaBaixo,
  lixeira: classes.iconeLixeira,
  lapis: classes.iconeLapis,
  alca: classes.iconeAlca,
} as const;

export type NomeIcone = keyof typeof CLASSE;

/**
 * The menu editor's row icons (Tabler's, MIT, copied to ./icones) drawn as a CSS mask in the text
 * colour. An inline <svg> is a transformed box of its own that the browser layerizes on every
 * frame: the menu list and the option cards hold hundreds of these icons, and as SVGs they cost
 * each keystroke of the editor ~5 ms at 4× CPU.
 */
export function Icone({ nome, tamanho = 18 }: { nome: NomeIcone; tamanho?: 14 | 18 }) {
  const t = tamanho === 14 ? ` ${classes.icone14}` : '';
  return <span aria-hidden="true" className={`${classes.icone} ${CLASSE[nome]}${t}`} />;
}
